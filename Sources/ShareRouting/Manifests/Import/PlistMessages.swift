// Wording in the house style (docs/architecture.md): location first (added by the error types),
// lower case, user values in single quotes, no trailing period.

/// Every message of the property-list reader, worded in one place.
enum PlistMessages {
  static func binaryDamaged(_ why: String) -> String { "the binary property list is damaged (\(why))" }
  static let binaryTooShort = "too short"
  static let binaryVersion = "only version 00 is read"
  static let binaryTrailerSizes = "bad trailer sizes"
  static let binaryTrailer = "bad trailer"
  static let binaryPastEnd = "a value runs past the end"
  static let binaryBadLength = "bad length"
  static let binaryCollectionPastEnd = "a collection runs past the objects"
  static let binaryStringPastEnd = "a string runs past the objects"
  static let binaryKeyNotString = "a dictionary key is not a string"
  static func binaryReference(_ index: Int) -> String { "reference \(index) out of range" }
  static func binaryObjectOutside(_ index: Int) -> String { "object \(index) outside the object area" }
  static func binaryLength(_ value: UInt64) -> String { "length \(value) exceeds the file" }
  static func binaryMarker(_ marker: UInt8) -> String { "unknown marker \(marker)" }
  static func binaryWidth(_ kind: String, _ width: Int) -> String { "\(kind) of \(width) bytes" }
  static func binaryDuplicateKey(_ key: String) -> String { "key \(Printable.quoted(key)) appears twice" }
  static let tooLarge = "the property list nests too deep or holds too many values"
  static func tooMuchText(_ limit: Int) -> String { "the property list's strings, each counted where it is used, exceed \(limit) bytes" }
  static let oneValue = "<plist> must hold exactly one value"

  static let noExtension = "the plist has no NSExtension (it is not an app extension's Info.plist)"
  /// What aapt2 needs of a `\u` escape (a value it refuses to compile).
  static let badUnicodeEscape = "a value aapt2 compiles: '\\u' followed by hex digits"
  static let noShareActivity = "no <activity> or <activity-alias> has a SEND or SEND_MULTIPLE intent filter"

  static func notShareExtension(_ point: String?) -> String {
    "NSExtensionPointIdentifier is \(Printable.quoted(point ?? "")) and there is no NSExtensionActivationRule (not a share or action extension)"
  }

  static func unreadableNoShareTarget(_ why: String) -> String {
    "cannot be read (\(why)); it names no NSExtension and no SEND action, so no handler was lost"
  }
  static func notBuilt(_ projects: [String]) -> String {
    "no target of " + projects.prefix(4).map(Printable.quoted).joined(separator: ", ")
      + " builds this plist (no INFOPLIST_FILE names it): it is not an extension of the app"
  }
  static func otherPlatform(_ sdk: String, target: String, project: String) -> String {
    "target \(Printable.quoted(target)) of \(Printable.quoted(project)) builds for \(Printable.quoted(sdk)) (SDKROOT), not iOS: share-route answers for iPhone and Android share sheets"
  }
  static func builtForOtherPlatform(_ platforms: [String]) -> String {
    "built for " + platforms.prefix(4).map(Printable.quoted).joined(separator: ", ")
      + " (CFBundleSupportedPlatforms), not iOS: share-route answers for iPhone and Android share sheets"
  }
  static func aboveIOSVersion(_ needed: String, origin: String, asked: String) -> String {
    "needs iOS \(Printable.quoted(needed)) (\(origin)), above --ios-version \(Printable.quoted(asked)): the share sheet of that iOS does not offer it"
  }

  static func notPlist(_ root: String) -> String {
    "the root element is <\(root)>, not <plist> (share-route reads <manifest> and <plist>)"
  }
  static func expectedKey(found: String) -> String { "expected <key> in <dict>, found <\(found)>" }
  static func keyWithoutValue(_ key: String) -> String { "key \(Printable.quoted(key)) has no value" }
  static func duplicateKey(_ key: String) -> String { "key \(Printable.quoted(key)) appears twice in this <dict>" }
  static func badNumber(_ text: String, kind: String) -> String { "\(Printable.quoted(text)) is not a valid <\(kind)>" }
  static func unknownElement(_ name: String) -> String { "<\(name)> is not a property-list element" }
}
