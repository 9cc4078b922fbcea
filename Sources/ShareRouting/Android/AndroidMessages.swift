// Wording in the house style (docs/architecture.md): lower case, no trailing period.

/// Every phrase of the Android folder about platform values Android refuses, worded in one place.
enum AndroidMessages {
  // Why `PatternMatcher` refuses an advanced pattern (`parseAndVerifyAdvancedPattern`).
  static let patternTooLarge = "the pattern is too large (more than 2,045 parsed entries)"
  static let setNotTerminated = "a '[' set is not closed with ']'"
  static let emptySet = "a '[' set has no characters in it"
  static let modifierWithoutToken = "a modifier ('*', '+' or '{') must follow a character, '.' or a set"
  static let trailingEscape = "the pattern ends with a lone '\\'"
  static let rangeNotEnded = "a '{' range is not closed with '}'"
  static let rangeNotANumber = "a '{' range must hold n, n, or n,m with whole numbers"
  static let rangeMinimumOverMaximum = "a '{n,m}' range has its minimum over its maximum"
}
