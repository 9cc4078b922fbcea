/// What `share-route lint` prints for a loaded manifest set: the handlers it found (id, label,
/// platforms, file), every error and warning, location first and in file order, then a summary;
/// or the same as one JSON object.
package struct LintReport: Sendable {
  /// The findings, sorted by file, then line and column (stable for the rest).
  package let errors: [ManifestError]
  /// The warnings (and notes), sorted like the errors.
  package let warnings: [ManifestWarning]
  /// The Xcode build settings each imported `Info.plist` used.
  package let buildSettings: [BuildSettingsUse]
  /// Platform files that hold no share target.
  package let skipped: [SkippedFile]
  /// How many handlers loaded.
  package let handlerCount: Int
  /// Every handler's id and label, where it came from, and which of them share-route made up.
  package let identities: [Identity]

  /// A handler as lint lists it.
  package struct Identity: Hashable, Sendable {
    /// The handler id.
    package var id: String
    /// The label.
    package var label: String
    /// The file it was read from.
    package var file: String
    /// The values share-route made up (``HandlerManifest/guessed``).
    package var guessed: [GuessedValue]
    /// The platforms it has rules for (`android`, `ios`), in that order.
    package var platforms: [Platform]
  }

  /// Builds the report of a set.
  package init(_ set: ManifestSet) {
    errors = Self.sortedByPlace(set.errors) { ($0.file, $0.location) }
    warnings = Self.sortedByPlace(set.warnings) { ($0.file, $0.location) }
    skipped = set.skipped
    buildSettings = set.buildSettings
    handlerCount = set.handlers.count
    identities = set.handlers.map {
      Identity(
        id: $0.id, label: $0.label, file: $0.origin, guessed: $0.guessed,
        platforms: ($0.intentFilters == nil ? [] : [.android]) + ($0.activationRule == nil ? [] : [.ios]))
    }
  }

  /// Sorted by file, then line and column; findings without a position first; stable otherwise.
  private static func sortedByPlace<Finding>(
    _ findings: [Finding], _ place: (Finding) -> (String, SourceLocation?)
  ) -> [Finding] {
    func key(_ finding: Finding) -> (String, Int, Int) {
      let (file, location) = place(finding)
      return (file, location?.line ?? 0, location?.column ?? 0)
    }
    return findings.enumerated().sorted {
      let (a, b) = (key($0.element), key($1.element))
      return a != b ? a < b : $0.offset < $1.offset
    }.map(\.element)
  }

  /// GitHub Actions workflow commands: `::error` for each error, `::warning` for each warning
  /// and `::notice` for each note, on its file and line, then the summary line.
  package var github: String {
    var out = ""
    for error in errors {
      out += GitHubAnnotation.annotation(
        .error, file: error.file, location: error.location, title: LintMessages.annotationTitle,
        message: (error.keyPath.isEmpty ? "" : error.keyPath + ": ") + error.problemDescription) + "\n"
    }
    for warning in warnings {
      out += GitHubAnnotation.annotation(
        warning.severity == .note ? .notice : .warning, file: warning.file, location: warning.location,
        title: LintMessages.annotationTitle + " [" + warning.code.rawValue + "]",
        message: (warning.keyPath.isEmpty || warning.location != nil ? "" : warning.keyPath + ": ") + warning.message
          + "; fix: " + warning.fix) + "\n"
    }
    return out + summary + "\n"
  }

  /// A JUnit XML document: a test case per handler found (passing), per error (`<error>`) and
  /// per warning (a `<failure>` with `strict`, else passing with the finding as its output;
  /// notes likewise never fail).
  package func junit(strict: Bool) -> String {
    let failing = strict ? strictWarnings.count : 0
    let tests = identities.count + errors.count + warnings.count
    let counts = "tests=\"\(tests)\" failures=\"\(failing)\" errors=\"\(errors.count)\""
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"share-route lint\" \(counts)>\n"
    out += "  <testsuite name=\"share-route lint\" \(counts)>\n"
    func attributes(_ name: String, _ file: String, _ location: SourceLocation?) -> String {
      "name=\"\(XMLText.attribute(name))\" classname=\"\(XMLText.attribute(file))\" file=\"\(XMLText.attribute(file))\""
        + (location.map { " line=\"\($0.line)\"" } ?? "")
    }
    for identity in identities {
      out += "    <testcase \(attributes(identity.id, identity.file, nil))/>\n"
    }
    for error in errors {
      out += "    <testcase \(attributes(error.keyPath.isEmpty ? error.problemDescription : error.keyPath, error.file, error.location))>\n"
      out += "      <error message=\"\(XMLText.attribute(error.problemDescription))\" type=\"invalid\">"
      out += XMLText.escaped(error.description) + "</error>\n    </testcase>\n"
    }
    for warning in warnings {
      out += "    <testcase \(attributes(warning.code.rawValue, warning.file, warning.location))>\n"
      if strict && warning.severity == .warning {
        out += "      <failure message=\"\(XMLText.attribute(warning.message))\" type=\"\(warning.code.rawValue)\">"
        out += XMLText.escaped(warning.description) + "</failure>\n"
      } else {
        out += "      <system-out>" + XMLText.escaped(warning.description) + "</system-out>\n"
      }
      out += "    </testcase>\n"
    }
    return out + "  </testsuite>\n</testsuites>\n"
  }

  /// The findings that are warnings, not notes (what `--strict` fails on).
  package var strictWarnings: [ManifestWarning] { warnings.filter { $0.severity == .warning } }

  /// `3 handlers, 1 error, 2 warnings` (`, 1 note` when there are notes).
  package var summary: String {
    func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }
    let notes = warnings.count { $0.severity == .note }
    var parts = [count(handlerCount, "handler"), count(errors.count, "error"), count(warnings.count - notes, "warning")]
    if notes > 0 { parts.append(count(notes, "note")) }
    var text = parts.joined(separator: ", ")
    if !skipped.isEmpty { text += " (\(count(skipped.count, "file")) skipped)" }
    return text
  }
}
