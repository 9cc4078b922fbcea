/// A predicate-string `NSExtensionActivationRule`, parsed.
///
/// The grammar is the NSPredicate subset share extensions use (`docs/ios.md#predicate-strings`):
/// `SUBQUERY`, `ANY`/`SOME`/`ALL`/`NONE`, `UTI-CONFORMS-TO`, `UTI-EQUALS`, `@count`, the
/// comparisons `==` `=` `!=` `<>` `<` `<=` `=<` `>` `>=` `=>`, `AND`/`&&`, `OR`/`||`, `NOT`/`!`,
/// parentheses, `TRUEPREDICATE`, `FALSEPREDICATE`, key paths with `$variables`, quoted strings
/// and numbers. Keywords are case-insensitive; `NOT` binds tighter than `AND`, which binds
/// tighter than `OR`. Create one with ``parse(_:)``.
package struct ActivationPredicate: Hashable, Sendable {
  /// The predicate exactly as written.
  package let source: String
  let root: PredicateNode

  /// Parses a predicate string.
  ///
  /// - Throws: ``PredicateSyntaxError`` pointing at the first problem.
  package static func parse(_ source: String) throws(PredicateSyntaxError) -> ActivationPredicate {
    var parser = PredicateParser(source)
    return ActivationPredicate(source: source, root: try parser.parseAll())
  }

  /// Whether the predicate uses `TRUEPREDICATE` anywhere (the App Store rejects it).
  package var usesTruePredicate: Bool {
    var found = false
    root.visit(nodes: { if case .constant(true, _) = $0 { found = true } })
    return found
  }

  /// Every string literal compared with `UTI-CONFORMS-TO` or `UTI-EQUALS`, with its position.
  package var typeIdentifierLiterals: [(identifier: String, offset: Int)] {
    var result: [(String, Int)] = []
    root.visit(nodes: { node in
      guard case .comparison(let comparison) = node, comparison.operator.isTypeOperator else { return }
      for side in [comparison.lhs, comparison.rhs] {
        if case .string(let text, let span) = side { result.append((text, span.lowerBound)) }
      }
    })
    return result
  }

  /// Every key path that does not start at a variable (`extensionItems`), with its position.
  package var rootKeyPaths: [(path: String, offset: Int)] {
    var result: [(String, Int)] = []
    root.visit(
      nodes: { _ in },
      expressions: { expression in
        if case .keyPath(.root, let components, let span) = expression {
          result.append((components.joined(separator: "."), span.lowerBound))
        }
      })
    return result
  }

  /// Every key path that starts at a variable (`$attachment.registeredTypeIdentifiers`), with
  /// its variable's collection path (`extensionItems.attachments`) and position.
  var variableKeyPaths: [(collection: [String], components: [String], offset: Int)] {
    var result: [([String], [String], Int)] = []
    func walk(_ node: PredicateNode, scope: [String: [String]]) {
      switch node {
      case .constant: break
      case .not(let inner, _): walk(inner, scope: scope)
      case .and(let parts, _), .or(let parts, _):
        for part in parts { walk(part, scope: scope) }
      case .comparison(let comparison):
        for side in [comparison.lhs, comparison.rhs] { visitExpression(side, scope: scope) }
      }
    }
    func path(of expression: PredicateExpression, scope: [String: [String]]) -> [String]? {
      switch expression {
      case .keyPath(.root, let components, _): return components
      case .keyPath(.variable(let name), let components, _): return scope[name].map { $0 + components }
      default: return nil
      }
    }
    func visitExpression(_ expression: PredicateExpression, scope: [String: [String]]) {
      guard case .keyPath(let base, let components, let span) = expression else { return }
      switch base {
      case .root: break
      case .variable(let name):
        if let collection = scope[name] { result.append((collection, components, span.lowerBound)) }
      case .subquery(let subquery):
        visitExpression(subquery.collection, scope: scope)
        var inner = scope
        inner[subquery.variable] = path(of: subquery.collection, scope: scope)
        walk(subquery.predicate, scope: inner)
      }
    }
    walk(root, scope: [:])
    return result
  }
}

/// A byte range of the predicate source (UTF-8 offsets).
typealias SourceSpan = Range<Int>

/// One node of a parsed predicate.
indirect enum PredicateNode: Hashable, Sendable {
  case constant(Bool, SourceSpan)
  case not(PredicateNode, SourceSpan)
  /// Two or more operands, flat: a long chain adds no depth.
  case and([PredicateNode], SourceSpan)
  /// Two or more operands, flat.
  case or([PredicateNode], SourceSpan)
  case comparison(PredicateComparison)

  /// Calls the visitors for this node and everything below it, subqueries included.
  func visit(
    nodes: (PredicateNode) -> Void, expressions: (PredicateExpression) -> Void = { _ in }
  ) {
    func expression(_ value: PredicateExpression) {
      expressions(value)
      if case .keyPath(.subquery(let subquery), _, _) = value {
        expression(subquery.collection)
        subquery.predicate.visit(nodes: nodes, expressions: expressions)
      }
    }
    nodes(self)
    switch self {
    case .constant: break
    case .not(let inner, _): inner.visit(nodes: nodes, expressions: expressions)
    case .and(let parts, _), .or(let parts, _):
      for part in parts { part.visit(nodes: nodes, expressions: expressions) }
    case .comparison(let comparison):
      expression(comparison.lhs)
      expression(comparison.rhs)
    }
  }

  var span: SourceSpan {
    switch self {
    case .constant(_, let span), .not(_, let span), .and(_, let span), .or(_, let span): span
    case .comparison(let comparison): comparison.span
    }
  }
}

/// `[modifier] lhs operator rhs`.
struct PredicateComparison: Hashable, Sendable {
  enum Modifier: String, Hashable, Sendable {
    case direct = ""
    case any = "ANY"
    case all = "ALL"
    case none = "NONE"
  }

  let modifier: Modifier
  let lhs: PredicateExpression
  let `operator`: PredicateOperator
  /// `[c]` (case-insensitive), `[d]` (diacritic-insensitive) or both, for string comparisons.
  var options: PredicateOptions = []
  let rhs: PredicateExpression
  let span: SourceSpan

  init(
    modifier: Modifier, lhs: PredicateExpression, operator: PredicateOperator, options: PredicateOptions = [],
    rhs: PredicateExpression, span: SourceSpan
  ) {
    self.modifier = modifier
    self.lhs = lhs
    self.operator = `operator`
    self.options = options
    self.rhs = rhs
    self.span = span
  }
}

/// String comparison options written after an operator (`CONTAINS[cd]`).
struct PredicateOptions: OptionSet, Hashable, Sendable {
  let rawValue: Int
  static let caseInsensitive = PredicateOptions(rawValue: 1)
  static let diacriticInsensitive = PredicateOptions(rawValue: 2)

  var suffix: String {
    guard !isEmpty else { return "" }
    return "[" + (contains(.caseInsensitive) ? "c" : "") + (contains(.diacriticInsensitive) ? "d" : "") + "]"
  }
}

/// A comparison operator, by its canonical spelling.
enum PredicateOperator: String, Hashable, Sendable {
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
  case conformsTo = "UTI-CONFORMS-TO"
  case typeEquals = "UTI-EQUALS"
  case contains = "CONTAINS"
  case beginsWith = "BEGINSWITH"
  case endsWith = "ENDSWITH"
  case like = "LIKE"
  case `in` = "IN"

  var isTypeOperator: Bool { self == .conformsTo || self == .typeEquals }
  var isStringOperator: Bool { [.contains, .beginsWith, .endsWith, .like, .in].contains(self) }
}

/// A value in a comparison.
indirect enum PredicateExpression: Hashable, Sendable {
  case string(String, SourceSpan)
  case number(Double, SourceSpan)
  case boolean(Bool, SourceSpan)
  case null(SourceSpan)
  /// An aggregate literal, `{'a', 'b'}`.
  case list([PredicateExpression], SourceSpan)
  /// A key path from the matching dictionary, a variable or a subquery; components may
  /// include `@count`.
  case keyPath(KeyPathBase, [String], SourceSpan)

  var span: SourceSpan {
    switch self {
    case .string(_, let span), .number(_, let span), .boolean(_, let span), .null(let span),
      .list(_, let span), .keyPath(_, _, let span):
      span
    }
  }
}

/// Where a key path starts.
enum KeyPathBase: Hashable, Sendable {
  /// The matching dictionary (`extensionItems`).
  case root
  /// A `SUBQUERY` variable, without its `$`.
  case variable(String)
  /// The result of a `SUBQUERY`.
  case subquery(PredicateSubquery)
}

/// `SUBQUERY(collection, $variable, predicate)`.
struct PredicateSubquery: Hashable, Sendable {
  let collection: PredicateExpression
  let variable: String
  let predicate: PredicateNode
  let span: SourceSpan
}
