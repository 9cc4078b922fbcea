/// Apple uniform type identifiers (UTIs) for share content, from share-route's in-source table.
///
/// The table (``table``) covers every type of the system's declared type hierarchy (`docs/ios.md#type-identifiers`) with its full conformance
/// closure, MIME types and filename extensions (Apple `UTCoreTypes.h` and the macOS CoreTypes
/// declarations). An identifier not in the table conforms only to itself, as custom types do on
/// iOS. Lookups by MIME type and extension take the first entry in table order, so `mp4` is
/// `public.mpeg-4` (a movie), not `public.mpeg-4-audio`.
package enum TypeIdentifier {
  /// One row of the table.
  struct Entry: Sendable {
    let identifier: String
    /// The conformance closure: a few identifiers each, searched in order (a set per row
    /// cost more to build at every start than it saves in lookups).
    let ancestors: [String]
    let mimeTypes: [String]
    let extensions: [String]

    init(_ identifier: String, conformsTo: [String], mime: [String], ext: [String]) {
      self.identifier = identifier
      self.ancestors = conformsTo
      self.mimeTypes = mime
      self.extensions = ext
    }
  }

  /// The row of an identifier, or `nil`.
  private static func entry(_ identifier: String) -> Entry? {
    rowByIdentifier.position(ofKey: identifier) { $0.key }.map { table[rowByIdentifier[$0].row] }
  }

  /// `public.image`.
  package static let image = "public.image"
  /// `public.movie`.
  package static let movie = "public.movie"
  /// `public.audio`.
  package static let audio = "public.audio"
  /// `public.text`.
  package static let text = "public.text"
  /// `public.plain-text`.
  package static let plainText = "public.plain-text"
  /// `public.url`.
  package static let url = "public.url"
  /// `public.file-url`.
  package static let fileURL = "public.file-url"
  /// `public.data`.
  package static let data = "public.data"
  /// `com.apple.active-webpage`.
  package static let activeWebPage = "com.apple.active-webpage"

  /// Every identifier the table knows, in table order.
  package static var allIdentifiers: [String] { table.map(\.identifier) }

  /// Whether the table knows the identifier.
  package static func isKnown(_ identifier: String) -> Bool { rowByIdentifier.position(ofKey: identifier) { $0.key } != nil }

  /// `UTTypeConformsTo(type, parent)`: equal, or `parent` is in the conformance closure of `type`.
  ///
  /// Direction matters: `public.jpeg` conforms to `public.image`, not the reverse.
  package static func conforms(_ type: String, to parent: String) -> Bool {
    type == parent || (entry(type)?.ancestors.contains(parent) ?? false)
  }

  /// The identifier for a MIME type (compared after ``MediaType/normalize(_:)``), or `nil`.
  package static func forMIMEType(_ mimeType: String) -> String? {
    guard let type = MediaType.normalize(mimeType) else { return nil }
    return identifierByMIME.position(ofKey: type) { $0.key }.map { identifierByMIME[$0].identifier }
  }

  /// The identifier for a filename extension (without the dot, any case), or `nil`.
  package static func forExtension(_ ext: String) -> String? {
    identifierByExtension.position(ofKey: ext.lowercased()) { $0.key }.map { identifierByExtension[$0].identifier }
  }

  /// Every extension the table names.
  package static var allExtensions: [String] { table.flatMap(\.extensions) }

  /// The preferred MIME type of an identifier, or `nil` when it has none.
  package static func preferredMIMEType(of identifier: String) -> String? {
    entry(identifier)?.mimeTypes.first.flatMap { MediaType.normalize($0) }
  }

  /// The identifier share-route gives an item of the given effective MIME type.
  ///
  /// The table's identifier when it knows the type; otherwise the base of a structured-syntax
  /// suffix (RFC 6839: `…+xml` is `public.xml`, `…+json` is `public.json`, so a dialect reaches
  /// the handlers of its syntax), `public.plain-text` for `text/*` and `public.data` for
  /// everything else (iOS would make a dynamic `dyn.…` type, which conforms to `public.data`).
  /// freedesktop's names for Visio's packages end in `+xml` but name their XML main part: the
  /// files are ZIP packages, `public.data` too.
  package static func forContent(mimeType: String) -> String {
    if let uti = forMIMEType(mimeType) { return uti }
    if let syntax = MediaType.structuredSyntaxBase(of: mimeType), !packagesNamedForTheirMainPart.contains(mimeType),
      let uti = forMIMEType(syntax)
    {
      return uti
    }
    return mimeType.hasPrefix("text/") ? plainText : data
  }

  /// Types spelt with `+xml` that are ZIP packages, not XML (freedesktop's Visio types, each a
  /// kind of `application/zip` in its database).
  package static let packagesNamedForTheirMainPart: Set<String> = Set(
    ["drawing", "template", "stencil", "drawing.macroEnabled", "template.macroEnabled", "stencil.macroEnabled"].map {
      "application/vnd.ms-visio.\($0).main+xml"
    })
}
