import ShareRouting
import ShareSniffing

/// What `share-route --version` prints: share-route's version, then the libmagic it runs on and
/// the compiled magic database it loads, which a bug report or a CI log needs.
enum VersionReport {
  /// share-route's own version.
  static let version = "0.1.0"

  /// The text (two lines) or, with `json`, one JSON line; each ends with a newline.
  static func text(json: Bool) -> String {
    let libmagic = Sniffer.libmagic
    if json { return VersionJSON.json(shareRoute: version, libmagic: libmagic.version, database: libmagic.database) + "\n" }
    return plain + "\n"
  }

  /// The text without its last newline (also the parser's `version`).
  static var plain: String {
    let libmagic = Sniffer.libmagic
    return CLIMessages.version(version, libmagic: libmagic.version, database: libmagic.database)
  }
}
