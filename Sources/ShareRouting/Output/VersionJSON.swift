/// `share-route --version --json`: the tool's version, libmagic's and the magic database in use
/// (`docs/schemas/version.schema.json`).
package enum VersionJSON {
  /// One compact line, without its newline.
  package static func json(shareRoute: String, libmagic: String, database: String?) -> String {
    var writer = JSONWriter(pretty: false)
    writer.object {
      $0.member("schemaVersion") { $0.number(Route.schemaVersion) }
      $0.member("shareRoute") { $0.string(shareRoute) }
      $0.member("libmagic") { $0.string(libmagic) }
      $0.member("magicDatabase") { $0.optionalString(database) }
    }
    return writer.output
  }
}
