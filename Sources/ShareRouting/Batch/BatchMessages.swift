// Wording in the house style (docs/architecture.md): location first (added by the error types),
// lower case, user values in single quotes, no trailing period.

/// Every message of `share-route batch` about its input lines.
package enum BatchMessages {
  /// `line N, column C: key.path: problem`.
  static func requestError(_ error: ManifestError, line: Int) -> String {
    var text = "line \(line)"
    if let column = error.location?.column { text += ", column \(column)" }
    text += ": "
    if !error.keyPath.isEmpty { text += error.keyPath + ": " }
    return text + error.problemDescription
  }

  package static func lineTooLong(_ number: Int, limit: Int) -> String { "line \(number): longer than \(limit) bytes" }

  package static func notUTF8(_ number: Int) -> String { "line \(number): not valid UTF-8" }

  package static func summary(lines: Int, routed: Int, unrouted: Int, errors: Int, blank: Int = 0) -> String {
    "batch: \(lines) line\(lines == 1 ? "" : "s"): \(routed) routed, \(unrouted) unrouted, \(errors) invalid"
      + (blank > 0 ? ", \(blank) blank" : "")
  }

  package static func progress(lines: Int) -> String { "batch: \(lines) lines" }
}
