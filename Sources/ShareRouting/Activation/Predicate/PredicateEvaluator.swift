import Foundation

/// The predicate could not be evaluated (NSPredicate would raise): the system does not
/// activate the extension.
struct PredicateEvaluationError: Error, Hashable, Sendable {
  let message: String
  /// Set when the evaluation ran out of its step budget rather than raising.
  var overBudget = false
}

extension ActivationPredicate {
  /// Evaluates the predicate against a share's attachments (one extension item).
  package func evaluate(_ attachments: [Attachment]) -> PredicateOutcome {
    evaluate(matching: PredicateValue.matchingDictionary(attachments))
  }

  /// Evaluates the predicate against a matching dictionary built once for the share (the
  /// router evaluates every predicate handler against the same one).
  func evaluate(matching: PredicateValue, budget: Int = PredicateBudget.steps) -> PredicateOutcome {
    let evaluator = PredicateEvaluator(root: matching, budget: budget)
    do {
      if try evaluator.holds(root, bindings: [:]) { return .accepted }
      // The explanation re-walks the deciding parts with a budget of its own.
      return .refused(PredicateEvaluator(root: matching, budget: budget).whyFalse(root, bindings: [:]))
    } catch {
      return error.overBudget ? .overBudget(error.message) : .failed(error.message)
    }
  }
}

/// Evaluates parsed predicates with NSPredicate's semantics (key-value coding over the
/// matching dictionary; a key path through a list maps over its elements).
struct PredicateEvaluator {
  let root: PredicateValue
  /// The steps left; shared by the copies the recursion makes.
  private let budget: Budget

  final class Budget {
    var remaining: Int
    let limit: Int
    init(_ limit: Int) {
      remaining = limit
      self.limit = limit
    }
  }

  init(root: PredicateValue, budget: Int = PredicateBudget.steps) {
    self.root = root
    self.budget = Budget(budget)
  }

  typealias Bindings = [String: PredicateValue]

  /// Takes `count` steps from the budget; throws when it is spent.
  func spend(_ count: Int = 1) throws(PredicateEvaluationError) {
    budget.remaining -= count
    if budget.remaining < 0 {
      budget.remaining = 0
      throw PredicateEvaluationError(message: PredicateMessages.overBudget(budget.limit), overBudget: true)
    }
  }

  // MARK: Truth

  func holds(_ node: PredicateNode, bindings: Bindings) throws(PredicateEvaluationError) -> Bool {
    try spend()
    switch node {
    case .constant(let value, _): return value
    case .not(let inner, _): return try !holds(inner, bindings: bindings)
    case .and(let parts, _):
      for part in parts where try !holds(part, bindings: bindings) { return false }
      return true
    case .or(let parts, _):
      for part in parts where try holds(part, bindings: bindings) { return true }
      return false
    case .comparison(let comparison): return try holds(comparison, bindings: bindings)
    }
  }

  func holds(_ comparison: PredicateComparison, bindings: Bindings) throws(PredicateEvaluationError) -> Bool {
    let lhs = try value(comparison.lhs, bindings: bindings)
    let rhs = try value(comparison.rhs, bindings: bindings)
    let op = comparison.operator
    let options = comparison.options
    switch comparison.modifier {
    case .direct:
      return try compare(lhs, op, rhs, options)
    case .any, .all, .none:
      let elements: [PredicateValue]
      switch lhs {
      case .list(let list): elements = list
      case .null: return comparison.modifier != .any
      default:
        throw PredicateEvaluationError(
          message: PredicateMessages.modifierNeedsCollection(
            comparison.modifier.rawValue, PredicateDescription.expression(comparison.lhs), found: PredicateDescription.value(lhs)))
      }
      try spend(elements.count)
      switch comparison.modifier {
      case .any:
        for element in elements where try compare(element, op, rhs, options) { return true }
        return false
      case .all:
        for element in elements where try !compare(element, op, rhs, options) { return false }
        return true
      default:
        for element in elements where try compare(element, op, rhs, options) { return false }
        return true
      }
    }
  }

  func compare(
    _ lhs: PredicateValue, _ op: PredicateOperator, _ rhs: PredicateValue, _ options: PredicateOptions = []
  ) throws(PredicateEvaluationError) -> Bool {
    try spend()
    let lhs = fold(lhs, options)
    let rhs = fold(rhs, options)
    switch op {
    case .conformsTo, .typeEquals:
      // NSUTIPredicateOperator: nil on either side is false; anything but strings raises.
      if lhs == .null || rhs == .null { return false }
      guard case .string(let type) = lhs, case .string(let parent) = rhs else {
        let culprit = if case .string = lhs { rhs } else { lhs }
        throw PredicateEvaluationError(message: PredicateMessages.typeOperatorNeedsStrings(op.rawValue, found: PredicateDescription.value(culprit)))
      }
      return op == .conformsTo ? TypeIdentifier.conforms(type, to: parent) : type == parent
    case .equal: return equal(lhs, rhs)
    case .notEqual: return !equal(lhs, rhs)
    case .contains, .in:
      let (container, element) = op == .contains ? (lhs, rhs) : (rhs, lhs)
      switch (container, element) {
      case (.null, _), (_, .null): return false
      case (.list(let elements), _): return elements.contains { equal($0, element) }
      case (.string(let text), .string(let part)): return part.isEmpty || text.contains(part)
      default:
        throw PredicateEvaluationError(
          message: PredicateMessages.needsStrings(op.rawValue, PredicateDescription.value(lhs), PredicateDescription.value(rhs)))
      }
    case .beginsWith, .endsWith, .like:
      if lhs == .null || rhs == .null { return false }
      guard case .string(let text) = lhs, case .string(let pattern) = rhs else {
        throw PredicateEvaluationError(
          message: PredicateMessages.needsStrings(op.rawValue, PredicateDescription.value(lhs), PredicateDescription.value(rhs)))
      }
      switch op {
      case .beginsWith: return text.hasPrefix(pattern)
      case .endsWith: return text.hasSuffix(pattern)
      default: return Self.like(Array(text.unicodeScalars), Array(pattern.unicodeScalars))
      }
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      if lhs == .null || rhs == .null { return false }
      let order: Int
      if let left = lhs.number, let right = rhs.number {
        order = left < right ? -1 : (left > right ? 1 : 0)
      } else if case .string(let left) = lhs, case .string(let right) = rhs {
        order = left < right ? -1 : (left > right ? 1 : 0)
      } else {
        throw PredicateEvaluationError(
          message: PredicateMessages.cannotOrder(PredicateDescription.value(lhs), PredicateDescription.value(rhs)))
      }
      switch op {
      case .less: return order < 0
      case .lessOrEqual: return order <= 0
      case .greater: return order > 0
      default: return order >= 0
      }
    }
  }

  /// Strings (also inside lists) folded for `[c]` and `[d]`.
  func fold(_ value: PredicateValue, _ options: PredicateOptions) -> PredicateValue {
    guard !options.isEmpty else { return value }
    switch value {
    case .string(let text):
      var folded = text
      if options.contains(.diacriticInsensitive) { folded = folded.folding(options: .diacriticInsensitive, locale: nil) }
      if options.contains(.caseInsensitive) { folded = folded.lowercased() }
      return .string(folded)
    case .list(let elements): return .list(elements.map { fold($0, options) })
    default: return value
    }
  }

  /// `LIKE`: `*` matches any run of characters, `?` one character.
  static func like(_ text: [Unicode.Scalar], _ pattern: [Unicode.Scalar]) -> Bool {
    var (t, p) = (0, 0)
    var star: (pattern: Int, text: Int)?
    while t < text.count {
      if p < pattern.count && (pattern[p] == "?" || pattern[p] == text[t]) && pattern[p] != "*" {
        t += 1
        p += 1
      } else if p < pattern.count && pattern[p] == "*" {
        star = (p, t)
        p += 1
      } else if let saved = star {
        p = saved.pattern + 1
        t = saved.text + 1
        star = (saved.pattern, saved.text + 1)
      } else {
        return false
      }
    }
    while p < pattern.count && pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }

  func equal(_ lhs: PredicateValue, _ rhs: PredicateValue) -> Bool {
    if let left = lhs.number, let right = rhs.number { return left == right }
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.string(let left), .string(let right)): return left == right
    case (.list(let left), .list(let right)):
      return left.count == right.count && zip(left, right).allSatisfy { equal($0, $1) }
    case (.object(let left, _), .object(let right, _)): return left == right
    default: return false
    }
  }

  // MARK: Values

  func value(_ expression: PredicateExpression, bindings: Bindings) throws(PredicateEvaluationError) -> PredicateValue {
    switch expression {
    case .string(let text, _): return .string(text)
    case .number(let number, _): return .number(number)
    case .boolean(let flag, _): return .boolean(flag)
    case .null: return .null
    case .list(let elements, _):
      var values: [PredicateValue] = []
      for element in elements { values.append(try value(element, bindings: bindings)) }
      return .list(values)
    case .keyPath(let base, let components, _):
      var current: PredicateValue
      switch base {
      case .root: current = root
      case .variable(let name): current = bindings[name] ?? .null
      case .subquery(let subquery): current = .list(try members(of: subquery, bindings: bindings))
      }
      for component in components { current = try self.value(of: component, in: current) }
      return current
    }
  }

  /// The elements of the subquery's collection for which its predicate holds.
  func members(of subquery: PredicateSubquery, bindings: Bindings) throws(PredicateEvaluationError) -> [PredicateValue] {
    let elements = try collection(of: subquery, bindings: bindings)
    try spend(elements.count)
    var result: [PredicateValue] = []
    var inner = bindings
    for element in elements {
      inner[subquery.variable] = element
      if try holds(subquery.predicate, bindings: inner) { result.append(element) }
    }
    return result
  }

  func collection(of subquery: PredicateSubquery, bindings: Bindings) throws(PredicateEvaluationError) -> [PredicateValue] {
    switch try value(subquery.collection, bindings: bindings) {
    case .list(let elements): return elements
    case .null: return []
    case let other:
      throw PredicateEvaluationError(
        message: PredicateMessages.subqueryNeedsCollection(
          PredicateDescription.expression(subquery.collection), found: PredicateDescription.value(other)))
    }
  }

  /// Key-value coding: a dictionary's member (nil when absent), a list maps the key over its
  /// elements, `@count` counts a list.
  func value(of key: String, in container: PredicateValue) throws(PredicateEvaluationError) -> PredicateValue {
    switch container {
    case .null: return .null
    case .object(let members, _):
      if key == "@count" { return .number(Double(members.count)) }
      return members[key] ?? .null
    case .list(let elements):
      if key == "@count" { return .number(Double(elements.count)) }
      try spend(elements.count)
      var mapped: [PredicateValue] = []
      for element in elements { mapped.append(try value(of: key, in: element)) }
      return .list(mapped)
    default:
      throw PredicateEvaluationError(message: PredicateMessages.noSuchKey(key, in: PredicateDescription.value(container)))
    }
  }
}
