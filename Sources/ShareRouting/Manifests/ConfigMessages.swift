// Wording in the house style (docs/architecture.md): location first (added by the error types),
// lower case, user values in single quotes, no trailing period.

/// Every message of the YAML and JSON reader (Yams' own parser messages pass through as written).
enum ConfigMessages {
  static let endInsteadOfValue = "unexpected end of input, expected a value"
  static let quotedKey = "expected a quoted key"
  static let objectSeparator = "expected ',' or '}' in an object"
  static let listSeparator = "expected ',' or ']' in a list"
  static let unterminatedString = "unterminated string"
  static let controlCharacter = "control character in a string"
  static let invalidUnicodeEscape = "invalid \\u escape"
  static let unpairedSurrogate = "unpaired surrogate in \\u escape"
  static let invalidNumber = "invalid number"
  static let nonStringKey = "mapping keys must be plain strings"
  static let unresolvedAlias = "unresolved YAML alias"

  static func duplicateKeys(_ keys: [String]) -> String { "duplicate key \(keys.map { "\(Printable.quoted($0))" }.joined(separator: ", "))" }
  static func duplicateKey(_ key: String) -> String { "duplicate key \(Printable.quoted(key))" }
  static func tooDeep(_ limit: Int) -> String { "nesting deeper than \(limit) levels" }
  static func tooManyValues(_ limit: Int) -> String { "more than \(limit) values once aliases are expanded" }
  static func afterValue(_ character: Unicode.Scalar) -> String { "unexpected \(Printable.quoted(String(character))) after the JSON value" }
  static func unexpected(_ character: Unicode.Scalar) -> String { "unexpected \(Printable.quoted(String(character))), expected a value" }
  static func invalidLiteral(_ word: String) -> String { "invalid literal, expected \(Printable.quoted(word))" }
  static func colonAfter(_ key: String) -> String { "expected ':' after key \(Printable.quoted(key))" }
  static func invalidEscape(_ escape: Unicode.Scalar) -> String { "invalid escape '\\\(escape)'" }
  static func invalidNumber(_ literal: String) -> String { "invalid number \(Printable.quoted(literal))" }
}
