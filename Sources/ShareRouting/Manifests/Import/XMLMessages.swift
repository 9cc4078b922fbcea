// Wording in the house style (docs/architecture.md): location first (added by the error types),
// lower case, user values in single quotes, no trailing period.

/// Every message of the XML reader, worded in one place.
enum XMLMessages {
  static let notUTF8 = "the file is not UTF-8 (share-route reads UTF-8 XML only)"
  static let secondRoot = "a second root element (an XML document has exactly one)"
  static let textOutsideRoot = "text outside the root element"
  static let noRoot = "no root element"
  static let internalSubset =
    "a DOCTYPE with an internal subset is not read (share-route never expands declared entities)"
  static let lessThanInAttribute = "'<' is not allowed in an attribute value (write &lt;)"
  static let badEntity = "'&' does not start an entity (write &amp;)"

  static func unterminated(_ what: String) -> String { "this \(what) is not closed" }
  static func expectedName(found: String) -> String { "expected a name, found \(found)" }
  static func expected(_ what: String, found: String) -> String { "expected \(what), found \(found)" }
  static func tooDeep(_ limit: Int) -> String { "elements nest deeper than \(limit) levels" }
  static func duplicateAttribute(_ name: String) -> String { "attribute \(Printable.quoted(name)) appears twice" }
  static func unknownEntity(_ name: String) -> String { "unknown entity '&\(name);'" }
  static func mismatchedEnd(_ closing: String, open: String, at location: SourceLocation) -> String {
    "'</\(closing)>' does not close '<\(open)>' (opened at \(location))"
  }
}
