/// The output lines of `share-route batch` that are not routes (their messages are worded in
/// `Batch/BatchMessages.swift`).
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
}
