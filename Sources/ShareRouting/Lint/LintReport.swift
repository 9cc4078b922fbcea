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
