/// The output lines of `share-route batch` that are not routes (worded in `Batch/BatchMessages.swift`).
package enum BatchOutput {
  /// `{"schemaVersion": 1, "line": N, "errors": [{"code": "invalid-request", "message": …}]}`, with the request's
  /// `"id"` after `"line"` when the line parsed far enough to have one.
  package static func invalidLine(
    _ number: Int, id: String? = nil, messages: [String], code: String = "invalid-request"
  ) -> String {
    var writer = JSONWriter(pretty: false)
    writer.object {
      $0.member("schemaVersion") { $0.number(Route.schemaVersion) }
      $0.member("line") { $0.number(number) }
      if let id { $0.member("id") { $0.string(id) } }
      $0.member("errors") { writer in
        writer.array(messages) { writer, message in
          writer.object {
            $0.member("code") { $0.string(code) }
            $0.member("message") { $0.string(message) }
          }
        }
      }
    }
    return writer.output
  }

  /// The message for a line longer than the limit.
  package static func lineTooLong(_ number: Int, limit: Int) -> String { BatchMessages.lineTooLong(number, limit: limit) }

  /// The message for a line that is not UTF-8.
  package static func notUTF8(_ number: Int) -> String { BatchMessages.notUTF8(number) }

  /// The closing summary on standard error.
  package static func summary(lines: Int, routed: Int, unrouted: Int, errors: Int) -> String {
    BatchMessages.summary(lines: lines, routed: routed, unrouted: unrouted, errors: errors)
  }

  /// The progress line on standard error.
  package static func progress(lines: Int) -> String { BatchMessages.progress(lines: lines) }
}
