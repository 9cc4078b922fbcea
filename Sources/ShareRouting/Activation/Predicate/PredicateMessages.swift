// Wording in the house style (docs/architecture.md): location first (added by the error types),
// lower case, user values in single quotes, no trailing period.

/// Every message about predicate strings, worded in one place: lower case, no trailing period,
/// user text quoted.
enum PredicateMessages {
  // MARK: Syntax

  static let empty = "the predicate is empty"
  static let variableName = "expected a variable name after '$'"
  static let unterminatedString = "this string is not closed"

  static func unexpected(_ found: String, expected: String) -> String {
    "expected \(expected), found \(found)"
  }

  static func unexpectedCharacter(_ character: String) -> String {
    "unexpected character \(Printable.quoted(String(character)))"
  }

  static func tooDeep(_ limit: Int) -> String {
    "the predicate nests deeper than \(limit) levels"
  }

  static func tooManyTerms(_ limit: Int) -> String {
    "the predicate has more than \(limit) AND/OR operands"
  }

  static func unboundVariable(_ name: String) -> String {
    "'$\(name)' is not a SUBQUERY variable here"
  }

  static func unsupportedAggregate(_ found: String) -> String {
    "expected 'count' after '@' (the only collection operator activation rules use), found \(found)"
  }

  static let operatorList =
    "a comparison operator (==, !=, <, <=, >, >=, UTI-CONFORMS-TO, UTI-EQUALS, CONTAINS, BEGINSWITH, ENDSWITH, LIKE, IN)"

  /// NSPredicate operators share-route does not evaluate, refused with a clear message.
  static let unsupportedOperators: Set<String> = ["MATCHES", "BETWEEN"]

  static func unsupportedOperator(_ word: String) -> String {
    "share-route does not evaluate the operator \(Printable.quoted(word)) (it evaluates ==, !=, <, <=, >, >=, "
      + "UTI-CONFORMS-TO, UTI-EQUALS, CONTAINS, BEGINSWITH, ENDSWITH, LIKE and IN)"
  }

  // MARK: Evaluation

  static func modifierNeedsCollection(_ modifier: String, _ expression: String, found: String) -> String {
    "\(modifier) needs a collection, but \(expression) is \(found)"
  }

  static func subqueryNeedsCollection(_ expression: String, found: String) -> String {
    "SUBQUERY needs a collection, but \(expression) is \(found)"
  }

  static func typeOperatorNeedsStrings(_ op: String, found: String) -> String {
    "\(op) compares two type identifiers, found \(found) (a list needs ANY)"
  }

  static func needsStrings(_ op: String, _ lhs: String, _ rhs: String) -> String {
    "\(op) compares strings, found \(lhs) and \(rhs)"
  }

  static func cannotOrder(_ lhs: String, _ rhs: String) -> String {
    "cannot order \(lhs) against \(rhs)"
  }

  static func overBudget(_ steps: Int) -> String {
    "the predicate needs more than \(steps) evaluation steps for this share (its cost grows with the items, pairwise or with every term)"
  }

  static func noSuchKey(_ key: String, in value: String) -> String {
    "\(value) has no key \(Printable.quoted(key))"
  }

  // MARK: Explanations

  static let falsePredicate = "FALSEPREDICATE is never true"

  static func noAlternative(_ text: String, count: Int) -> String {
    "`\(text)` is false: none of its \(count) alternatives holds"
  }

  static func negatedHolds(_ text: String, inner: String) -> String {
    "`\(text)` is false: `\(inner)` holds"
  }

  static func comparisonFalse(_ text: String, lhs: String, rhs: String?) -> String {
    "`\(text)` is false: the left side is \(lhs)" + (rhs.map { ", the right side \($0)" } ?? "")
  }

  static func leftOut(variable: String, index: Int, label: String?, why: String) -> String {
    "$\(variable) \(index)\(label.map { " (\($0))" } ?? "") is left out: \(why)"
  }
}
