// Wording in the house style (docs/architecture.md): location first (added by the error types),
// lower case, user values in single quotes, no trailing period.

/// Every phrase `share-route check` prints about a failing case, worded in one place.
package enum CheckMessages {
  /// What a manifest or capture path an expectations file names must be (not quoted further).
  static let insideFolders =
    "a path inside the expectations file's folder, its repository or the working directory, links resolved; --follow-links reads others"
  static func list(_ values: [String]) -> String { "[" + values.joined(separator: ", ") + "]" }

  static func refusedInstead(_ id: String, codes: [String]) -> String {
    "\(id) refused (\(codes.joined(separator: ", "))), expected it to accept"
  }

  static func acceptedInstead(_ id: String) -> String { "\(id) accepted, expected it to refuse" }

  static func otherReason(_ id: String, expected: String, codes: [String]) -> String {
    "\(id) refused with \(codes.joined(separator: ", ")), expected \(expected)"
  }

  static func unknownHandler(_ id: String, didYouMean: String? = nil) -> String {
    "\(id) is not a handler of this manifest set" + (didYouMean.map { "; did you mean \($0)?" } ?? "")
  }

  static func order(_ actual: [String], expected: [String]) -> String {
    "accepted \(list(actual)), expected \(list(expected))"
  }

  static func pick(_ actual: String?, expected: String?) -> String {
    "pick is \(actual ?? "nobody"), expected \(expected ?? "nobody")"
  }

  static func types(_ actual: [String], expected: [String]) -> String {
    "types \(list(actual)), expected \(list(expected))"
  }

  static func corrected(_ actual: [Bool], expected: [Bool]) -> String {
    "corrected \(list(actual.map(String.init))), expected \(list(expected.map(String.init)))"
  }

  static func receives(_ id: String, _ actual: [String], expected: [String]) -> String {
    "\(id) receives \(list(actual)), expected \(list(expected))"
  }

  static func receivesNothing(_ id: String, expected: [String]) -> String {
    "\(id) is not accepted, expected it to receive \(list(expected))"
  }

  static func phase(_ id: String, _ actual: Int, expected: Int) -> String {
    "\(id) refused in phase \(actual), expected phase \(expected)"
  }

  static func share(_ share: ShareData) -> String {
    "{isTextShare: \(share.isTextShare), name: \(share.name), source: \(share.source), type: \(share.type)}"
  }

  static func shares(_ actual: [String], expected: [String]) -> String {
    "payloads \(list(actual)), expected \(list(expected))"
  }

  static func errors(_ actual: [String], expected: [String]) -> String {
    "item errors \(list(actual)), expected \(list(expected))"
  }

  /// A cause line under a failing case: `file:line:col: handler: reason`.
  static func cause(file: String, location: SourceLocation?, keyPath: String = "", handler: String, _ text: String) -> String {
    "\(Printable.escaped(file))\(location.map { ":\($0)" } ?? "")\(location == nil && !keyPath.isEmpty ? ": " + Printable.escaped(keyPath) : ""): \(handler): \(text)"
  }

  /// The cause of an accepted handler a case expected to refuse, at the rule that accepted.
  static let acceptedHere = "accepted by the rule here"

  /// Where the id a typo's suggestion names is written: the build setting it came from
  /// (`PRODUCT_BUNDLE_IDENTIFIER`; Gradle's `applicationId` gives an Android component's
  /// package), else the handler's declaration.
  static func idWrittenHere(setting: String?, package: Bool) -> String {
    setting.map { "the id\(package ? "'s package" : ""), from \($0) here" } ?? "the id, written here"
  }

  /// A refusal reason as `route --explain` words it.
  package static func reason(_ reason: Reason) -> String { "\(reason.area.rawValue) \(reason.code.rawValue): \(reason.message)" }

  /// A lint finding about the handler, with its fix.
  package static func finding(_ warning: ManifestWarning) -> String {
    "\(warning.severity.rawValue): \(warning.message); fix: \(warning.fix) [\(warning.code.rawValue)]"
  }

  /// The annotation on a manifest's line: the case, the handler and every cause.
  static func causeAnnotation(name: String, handler: String, _ causes: [String]) -> String {
    "\(name): \(handler): " + (causes.isEmpty ? acceptedHere : causes.joined(separator: "; "))
  }

  /// A sample file a case names that cannot be used.
  static func sampleNotFound(_ path: String) -> String { "sample not found: \(Printable.escaped(path))" }
  static func sampleUnusable(_ message: String) -> String { "sample unusable: \(message)" }

  /// One line for a failing case: `file:line:col: name: difference; difference`.
  package static func failure(file: String, name: String, location: SourceLocation?, _ differences: [String]) -> String {
    "\(Printable.escaped(file))\(location.map { ":\($0)" } ?? ""): \(Printable.escaped(name)): \(differences.joined(separator: "; "))"
  }

  /// A note for a case that names ids share-route made up: it checks the fallback, not the app.
  package static func guessedNote(file: String, name: String, location: SourceLocation?, _ ids: [String]) -> String {
    "\(Printable.escaped(file))\(location.map { ":\($0)" } ?? ""): \(Printable.escaped(name)): note: "
      + "\(list(ids)) \(ids.count == 1 ? "is a guessed id" : "are guessed ids") (share-route could not "
      + "resolve \(ids.count == 1 ? "it" : "them") from the project; lint says why), so this case checks a fallback"
  }

  /// The closing line.
  package static func summary(passed: Int, failed: Int) -> String { "\(passed) passed, \(failed) failed" }
}
