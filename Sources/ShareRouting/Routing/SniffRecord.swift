/// One line of `share-route sniff --format json`: a file's type and its provenance, or why the
/// file could not be read. Keys in a fixed order; absent values are `null`.
public enum SniffRecord {
  /// The record of a file whose type was decided.
  ///
  /// - Parameters:
  ///   - path: The path as given.
  ///   - item: The sniffed item.
  /// - Returns: One line of compact JSON, without a newline.
  public static func json(path: String, item: ShareItem) -> String {
    var writer = JSONWriter(pretty: false)
    writer.object {
      $0.member("path") { $0.string(path) }
      $0.member("type") { $0.string(item.type) }
      $0.member("kind") { $0.string(item.kind.rawValue) }
      $0.member("uti") { $0.string(item.uti) }
      $0.member("reportedType") { $0.optionalString(item.reportedType) }
      $0.member("sniffedType") { $0.optionalString(item.sniffedType) }
      $0.member("typeSource") { $0.string(item.typeSource.rawValue) }
      $0.member("corrected") { $0.bool(item.corrected) }
      $0.member("reason") { $0.optionalString(item.reason) }
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
  public static func json(path: String, code: String, message: String) -> String {
    var writer = JSONWriter(pretty: false)
    writer.object {
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
