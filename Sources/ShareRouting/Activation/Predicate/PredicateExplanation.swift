/// Explanations of a false predicate: the sub-expression that decided, with its values, and
/// how predicate parts and values are shown (worded in `PredicateMessages`).
extension PredicateEvaluator {
  /// Why a node that is false is false: the sub-expression that decided, with its values.
  func whyFalse(_ node: PredicateNode, bindings: Bindings) -> String {
    switch node {
    case .constant: return PredicateMessages.falsePredicate
    case .and(let parts, _):
      guard let deciding = parts.first(where: { (try? holds($0, bindings: bindings)) != true }) else {
        return PredicateMessages.falsePredicate
      }
      return whyFalse(deciding, bindings: bindings)
    case .or:
      return PredicateMessages.noAlternative(
        PredicateDescription.node(node), count: PredicateDescription.alternatives(node).count)
    case .not(let inner, _):
      return PredicateMessages.negatedHolds(PredicateDescription.node(node), inner: PredicateDescription.node(inner))
    case .comparison(let comparison):
      let lhs = (try? value(comparison.lhs, bindings: bindings)) ?? .null
      let rhs = (try? value(comparison.rhs, bindings: bindings)) ?? .null
      var text = PredicateMessages.comparisonFalse(
        PredicateDescription.comparison(comparison), lhs: PredicateDescription.value(lhs),
        rhs: comparison.rhs.isLiteral ? nil : PredicateDescription.value(rhs))
      for side in [comparison.lhs, comparison.rhs] {
        if case .keyPath(.subquery(let subquery), _, _) = side, let detail = leftOut(subquery, bindings: bindings) {
          text += "; " + detail
        }
      }
      return text
    }
  }

  /// The first element a subquery left out, and why (for the outer explanation).
  func leftOut(_ subquery: PredicateSubquery, bindings: Bindings) -> String? {
    guard let elements = try? collection(of: subquery, bindings: bindings) else { return nil }
    var inner = bindings
    for (index, element) in elements.enumerated() {
      inner[subquery.variable] = element
      if (try? holds(subquery.predicate, bindings: inner)) == false {
        var label: String? = nil
        if case .object(_, let name) = element { label = name }
        return PredicateMessages.leftOut(
          variable: subquery.variable, index: index, label: label,
          why: whyFalse(subquery.predicate, bindings: inner))
      }
    }
    return nil
  }
}

extension PredicateExpression {
  var isLiteral: Bool {
    if case .keyPath = self { return false }
    return true
  }
}

/// How explanations show predicate parts and values.
enum PredicateDescription {
  static func node(_ node: PredicateNode) -> String {
    switch node {
    case .constant(let value, _): return value ? "TRUEPREDICATE" : "FALSEPREDICATE"
    case .not(let inner, _): return "NOT " + grouped(inner)
    case .and(let parts, _): return parts.map { grouped($0) }.joinedText(" AND ")
    case .or:
      let parts = alternatives(node).map { grouped($0) }
      return parts.count > 3 ? Array(parts.prefix(2)).joinedText(" OR ") + " OR … (\(parts.count) alternatives)"
        : parts.joinedText(" OR ")
    case .comparison(let comparison): return self.comparison(comparison)
    }
  }

  static func alternatives(_ node: PredicateNode) -> [PredicateNode] {
    if case .or(let parts, _) = node { return parts }
    return [node]
  }

  private static func grouped(_ node: PredicateNode) -> String {
    switch node {
    case .comparison, .constant, .not: return self.node(node)
    case .and, .or: return "(" + self.node(node) + ")"
    }
  }

  static func comparison(_ comparison: PredicateComparison) -> String {
    let modifier = comparison.modifier == .direct ? "" : comparison.modifier.rawValue + " "
    return modifier + expression(comparison.lhs) + " " + comparison.operator.rawValue + comparison.options.suffix
      + " " + expression(comparison.rhs)
  }

  static func expression(_ expression: PredicateExpression) -> String {
    switch expression {
    case .string(let text, _): return "\"" + text + "\""
    case .number(let number, _): return self.number(number)
    case .boolean(let flag, _): return flag ? "TRUE" : "FALSE"
    case .null: return "nil"
    case .list(let elements, _): return "{" + elements.map(self.expression).joinedText(", ") + "}"
    case .keyPath(let base, let components, _):
      var parts: [String]
      switch base {
      case .root: parts = []
      case .variable(let name): parts = ["$" + name]
      case .subquery(let subquery):
        parts = ["SUBQUERY(\(self.expression(subquery.collection)), $\(subquery.variable), …)"]
      }
      return (parts + components).joinedText(".")
    }
  }

  static func number(_ number: Double) -> String {
    if number.isFinite, number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
    return String(number)
  }

  static func value(_ value: PredicateValue) -> String {
    switch value {
    case .null: return "nil"
    case .string(let text): return text
    case .number(let number): return self.number(number)
    case .boolean(let flag): return flag ? "YES" : "NO"
    case .list(let elements):
      let shown = elements.prefix(8).map(self.value)
      return "[" + shown.joinedText(", ") + (elements.count > 8 ? ", …" : "") + "]"
    case .object(_, let label): return label.map { "an attachment (\($0))" } ?? "a dictionary"
    }
  }
}
