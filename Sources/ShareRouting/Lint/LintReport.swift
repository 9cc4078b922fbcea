/// What `share-route lint` prints for a loaded manifest set: every error and warning, location
/// first and in file order, then a summary; or the same as one JSON object.
public struct LintReport: Sendable {
  /// The findings, sorted by file, then line and column (stable for the rest).
  public let errors: [ManifestError]
  /// The warnings, sorted like the errors.
  public let warnings: [ManifestWarning]
  /// Platform files that hold no share target.
  public let skipped: [SkippedFile]
  /// How many handlers loaded.
  public let handlerCount: Int

  /// Builds the report of a set.
  public init(_ set: ManifestSet) {
    func key(_ file: String, _ location: SourceLocation?) -> (String, Int, Int) {
      (file, location?.line ?? 0, location?.column ?? 0)
    }
    errors = set.errors.enumerated().sorted {
      let (a, b) = (key($0.element.file, $0.element.location), key($1.element.file, $1.element.location))
      return a != b ? a < b : $0.offset < $1.offset
    }.map(\.element)
    warnings = set.warnings.enumerated().sorted {
      let (a, b) = (key($0.element.file, $0.element.location), key($1.element.file, $1.element.location))
      return a != b ? a < b : $0.offset < $1.offset
    }.map(\.element)
    skipped = set.skipped
    handlerCount = set.handlers.count
  }

  /// The lines for people: errors (`…: error: …`), warnings, skipped files, then the summary.
  public var text: String {
    var lines: [String] = errors.map { $0.description(tag: "error") }
    lines += warnings.map(\.description)
    lines += skipped.map(\.description)
    lines.append(summary)
    return lines.joined(separator: "\n") + "\n"
  }

  /// `3 handlers, 1 error, 2 warnings`.
  public var summary: String {
    func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }
    var text = [count(handlerCount, "handler"), count(errors.count, "error"), count(warnings.count, "warning")]
      .joined(separator: ", ")
    if !skipped.isEmpty { text += " (\(count(skipped.count, "file")) skipped)" }
    return text
  }

  /// The report as one JSON object: `handlers`, `errors`, `warnings` (with `code` and `fix`) and
  /// `skipped`.
  public func json(pretty: Bool) -> String {
    var writer = JSONWriter(pretty: pretty)
    writer.object { w in
      w.member("handlers") { $0.number(handlerCount) }
      w.member("errors") {
        $0.array(errors) { w, error in
          w.object { w in
            w.member("file") { $0.string(error.file) }
            w.member("line") { w in error.location.map { w.number($0.line) } ?? w.null() }
            w.member("column") { w in error.location.map { w.number($0.column) } ?? w.null() }
            w.member("keyPath") { $0.string(error.keyPath) }
            w.member("message") { $0.string(error.problemDescription) }
          }
        }
      }
      w.member("warnings") {
        $0.array(warnings) { w, warning in
          w.object { w in
            w.member("file") { $0.string(warning.file) }
            w.member("line") { w in warning.location.map { w.number($0.line) } ?? w.null() }
            w.member("column") { w in warning.location.map { w.number($0.column) } ?? w.null() }
            w.member("keyPath") { $0.string(warning.keyPath) }
            w.member("code") { $0.string(warning.code.rawValue) }
            w.member("message") { $0.string(warning.message) }
            w.member("fix") { $0.string(warning.fix) }
          }
        }
      }
      w.member("skipped") {
        $0.array(skipped) { w, skipped in
          w.object { w in
            w.member("file") { $0.string(skipped.file) }
            w.member("reason") { $0.string(skipped.reason) }
          }
        }
      }
    }
    return writer.output
  }
}
