/// One line of `share-route sniff --format json`: a file's type and its provenance, or why the
/// file could not be read. Keys in a fixed order; absent values are `null`.
package enum SniffRecord {
  /// The record of a file whose type was decided.
  ///
  /// - Parameters:
  ///   - path: The path as given.
  ///   - item: The sniffed item.
  /// - Returns: One line of compact JSON, without a newline.
  package static func json(path: String, item: ShareItem) -> String {
    var writer = JSONWriter(pretty: false)
    writer.object {
      $0.member("schemaVersion") { $0.number(Route.schemaVersion) }
      $0.member("path") { $0.string(path) }
      $0.member("type") { $0.string(item.type) }
      $0.provenance(item)
      $0.member("error") { $0.null() }
    }
    return writer.output
  }

  /// The record of a file that could not be read.
  ///
  /// - Parameters:
  ///   - path: The path as given.
  ///   - code: A stable error code (e.g. `dangling-symlink`).
  ///   - message: The message, naming the path.
  /// - Returns: One line of compact JSON, without a newline.
  package static func json(path: String, code: String, message: String) -> String {
    var writer = JSONWriter(pretty: false)
    writer.object {
      $0.member("schemaVersion") { $0.number(Route.schemaVersion) }
      $0.member("path") { $0.string(path) }
      $0.member("error") { writer in
        writer.object {
          $0.member("code") { $0.string(code) }
          $0.member("message") { $0.string(message) }
        }
      }
    }
    return writer.output
  }
}
