// Wording in the house style (docs/architecture.md): location first (added by the error types),
// lower case, user values in single quotes, no trailing period.

/// Every message about the files around a platform file (Gradle scripts, string resources,
/// Xcode projects), worded in one place.
enum ProjectMessages {
  static func unreadable(_ reason: String) -> String { "cannot read the file (\(reason))" }
  static let notRegularFile = "not a regular file"
  static func tooLarge(_ size: Int, limit: Int) -> String { "file is too large (\(size) bytes, at most \(limit))" }
  static func entryBound(_ limit: Int) -> String { "more than \(limit) directory entries" }
  static func depthBound(_ limit: Int) -> String { "folders nested deeper than \(limit) levels were not walked" }
  static let noStrings = "no res/values/*.xml strings beside the manifest"
  static func noString(_ name: String) -> String { "no string \(Printable.quoted(name)) in res/values" }
  static let notAString = "only @string/… resources and ${applicationId} are resolved"
  static let noProjectObject = "no project object (rootObject) in the project file"
  static let afterValue = "unexpected text after the property list"
  static let endOfFile = "the end of the file"
  static let unterminatedString = "this string is not closed"
  static func expected(_ what: String, found: String) -> String { "expected \(what), found \(found)" }
  static func tooDeep(_ limit: Int) -> String { "nesting deeper than \(limit) levels" }
  static func tooManyValues(_ limit: Int) -> String { "more than \(limit) values" }

  /// `Notes.xcodeproj, target 'ShareExtension', configuration 'Release'`.
  static func buildSettings(project: String, target: String, configuration: String, asked: String) -> String {
    "build settings of \(project), target \(Printable.quoted(target)), configuration \(Printable.quoted(configuration))"
      + (configuration == asked ? "" : " (the target has no \(Printable.quoted(asked)))")
  }
}
