/// The share-sheet class of an item (UTI conformance order `public.image` > `public.movie` >
/// `public.audio`; `text` and `url` only for text and URL items; everything else `file`).
public enum ItemKind: String, Hashable, Sendable, CaseIterable, Codable {
  /// An image (conforms to `public.image`).
  case image
  /// A movie (conforms to `public.movie`).
  case movie
  /// Audio (conforms to `public.audio`).
  case audio
  /// A text item (shared text, not a text file).
  case text
  /// An http(s) URL item.
  case url
  /// Any other file.
  case file

  /// The kind of a file or declared item with the given UTI.
  ///
  /// - Parameters:
  ///   - uti: The item's type identifier.
  ///   - mimeType: Its MIME type, consulted only when the identifier is not known to be an image,
  ///     movie or audio: `image/*`, `video/*` and `audio/*` (Ogg, Matroska, WebM, …) still give
  ///     their kind, although iOS would see only a dynamic type.
  package static func forContent(uti: String, mimeType: String? = nil) -> ItemKind {
    if TypeIdentifier.conforms(uti, to: TypeIdentifier.image) { return .image }
    if TypeIdentifier.conforms(uti, to: TypeIdentifier.movie) { return .movie }
    if TypeIdentifier.conforms(uti, to: TypeIdentifier.audio) { return .audio }
    guard !TypeIdentifier.isKnown(uti) || uti == TypeIdentifier.data, let mimeType else { return .file }
    if mimeType.hasPrefix("image/") { return .image }
    if mimeType.hasPrefix("video/") { return .movie }
    if mimeType.hasPrefix("audio/") { return .audio }
    return .file
  }
}

/// Where an item's effective type came from.
public enum TypeSource: String, Hashable, Sendable, Codable {
  /// The bytes (libmagic and share-route's refinements).
  case content
  /// The sender's reported type, which the content allowed.
  case reported
  /// The filename extension, used to break a tie the content left open.
  case `extension`
  /// A declared item (`--type` / `--uti`): there are no bytes, the type is what was declared.
  case declared
  /// A text or URL item: always `text/plain`.
  case text
}

/// Expensify's `formatShareData` shape: what a receiving app gets for one item.
public struct ShareData: Hashable, Sendable, Codable {
  /// True only for text and URL items, never for a file (whatever its type).
  public var isTextShare: Bool
  /// The file's base name; for a text or URL, its last non-empty `/`-segment.
  public var name: String
  /// The absolute `file://` URL, or the text or URL itself.
  public var source: String
  /// The effective type.
  public var type: String

  /// Creates a payload.
  public init(isTextShare: Bool, name: String, source: String, type: String) {
    self.isTextShare = isTextShare
    self.name = name
    self.source = source
    self.type = type
  }
}

/// One item of a share after its type has been decided: what the router routes on.
public struct ShareItem: Hashable, Sendable {
  /// The payload a receiver gets.
  public var share: ShareData
  /// The share-sheet class.
  public var kind: ItemKind
  /// The Apple type identifier iOS rules see.
  public var uti: String
  /// What the sender claimed, normalised, or `nil`.
  public var reportedType: String?
  /// What the content is (libmagic, canonicalised), or `nil` when there are no bytes.
  public var sniffedType: String?
  /// Where ``type`` came from.
  public var typeSource: TypeSource
  /// Whether the reported type was replaced.
  public var corrected: Bool
  /// Why the reported type was replaced, or how the type was decided, in one line.
  public var reason: String?

  /// The effective type (also `share.type`).
  public var type: String { share.type }

  /// Creates an item from its parts.
  package init(
    share: ShareData, kind: ItemKind, uti: String, reportedType: String? = nil,
    sniffedType: String? = nil, typeSource: TypeSource, corrected: Bool = false, reason: String? = nil
  ) {
    self.share = share
    self.kind = kind
    self.uti = uti
    self.reportedType = reportedType
    self.sniffedType = sniffedType
    self.typeSource = typeSource
    self.corrected = corrected
    self.reason = reason
  }

  /// A shared text: `text/plain`, `public.plain-text`, `isTextShare: true`.
  ///
  /// - Throws: ``ShareItemError/empty(_:)`` for an empty text, which is no share data.
  public static func text(_ text: String) throws(ShareItemError) -> ShareItem {
    guard !text.isEmpty else { throw .empty(.text) }
    return ShareItem(
      share: ShareData(isTextShare: true, name: lastSegment(of: text), source: text, type: "text/plain"),
      kind: .text, uti: TypeIdentifier.plainText, typeSource: .text)
  }

  /// A shared http or https URL: sent as `text/plain` on Android, `public.url` on iOS.
  ///
  /// - Throws: ``ShareItemError/empty(_:)`` for an empty URL, ``ShareItemError/notWebURL(_:)``
  ///   when the scheme is not http or https.
  public static func url(_ url: String) throws(ShareItemError) -> ShareItem {
    guard !url.isEmpty else { throw .empty(.url) }
    let lower = url.lowercased()
    guard (lower.hasPrefix("http://") || lower.hasPrefix("https://")) && url.count > 8 else {
      throw .notWebURL(url)
    }
    return ShareItem(
      share: ShareData(isTextShare: true, name: lastSegment(of: url), source: url, type: "text/plain"),
      kind: .url, uti: TypeIdentifier.url, typeSource: .text)
  }

  /// A declared item that names only its MIME type (no bytes).
  ///
  /// - Throws: ``ShareItemError/malformedType(_:)`` when the normalised type has no `type/subtype` form.
  public static func declared(mimeType: String) throws(ShareItemError) -> ShareItem {
    guard let type = MediaType.normalize(mimeType), MediaType.isValidFilterType(type) else {
      throw .malformedType(mimeType)
    }
    let uti = TypeIdentifier.forContent(mimeType: type)
    return ShareItem(
      share: ShareData(isTextShare: false, name: "", source: "", type: type),
      kind: ItemKind.forContent(uti: uti, mimeType: type), uti: uti, typeSource: .declared)
  }

  /// A declared item that names only its UTI (no bytes).
  ///
  /// A declared link (`public.url` and the types conforming to it, except `public.file-url`) is
  /// what `--url` is: sent as `text/plain` (`EXTRA_TEXT`) on Android, a `url` item with
  /// `isTextShare` true. Otherwise its MIME type is the UTI's preferred one; abstract types give
  /// a wildcard (`public.image` → `image/*`, `public.movie` → `video/*`, `public.audio` →
  /// `audio/*`, `public.text` → `text/*`) and anything else `application/octet-stream`.
  public static func declared(uti: String) -> ShareItem {
    if TypeIdentifier.conforms(uti, to: TypeIdentifier.url) && !TypeIdentifier.conforms(uti, to: TypeIdentifier.fileURL) {
      return ShareItem(
        share: ShareData(isTextShare: true, name: "", source: "", type: "text/plain"),
        kind: .url, uti: uti, typeSource: .declared)
    }
    let type =
      TypeIdentifier.preferredMIMEType(of: uti)
      ?? (TypeIdentifier.conforms(uti, to: TypeIdentifier.image) ? "image/*"
        : TypeIdentifier.conforms(uti, to: TypeIdentifier.movie) ? "video/*"
        : TypeIdentifier.conforms(uti, to: TypeIdentifier.audio) ? "audio/*"
        : TypeIdentifier.conforms(uti, to: TypeIdentifier.text) ? "text/*"
        : "application/octet-stream")
    return ShareItem(
      share: ShareData(isTextShare: false, name: "", source: "", type: type),
      kind: ItemKind.forContent(uti: uti), uti: uti, typeSource: .declared)
  }

  /// The last non-empty `/`-segment of a text (Expensify's `data.split('/').pop()`, minus empties).
  static func lastSegment(of text: String) -> String {
    text.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? ""
  }
}

/// An item given on the command line or in a request that cannot be shared as written.
public enum ShareItemError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A `--url` that is not an http or https URL.
  case notWebURL(String)
  /// A `--type` that is not `type/subtype`.
  case malformedType(String)
  /// An empty text or URL: no share data (a sender has nothing to put in `EXTRA_TEXT`).
  case empty(ItemKind)
}

// MARK: - Wording (house style: docs/architecture.md)

extension ShareItemError {
  /// The message, lower case, the value in single quotes.
  public var description: String {
    switch self {
    case .notWebURL(let url):
      "\(Printable.quoted(url)) is not an http or https URL (share other text as a text item)"
    case .malformedType(let type):
      "\(Printable.quoted(type)) is not a media type (expected 'type/subtype')"
    case .empty(let kind):
      "an empty \(kind == .url ? "URL" : "text") is nothing to share"
    }
  }
}

extension ShareItem: Decodable {
  private enum CodingKeys: String, CodingKey {
    case share, kind, uti, reportedType, sniffedType, typeSource, corrected, reason
  }


  /// Reads an item as a route's `items` member holds it.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      share: try container.decode(ShareData.self, forKey: .share), kind: try container.decode(ItemKind.self, forKey: .kind),
      uti: try container.decode(String.self, forKey: .uti),
      reportedType: try container.decodeIfPresent(String.self, forKey: .reportedType),
      sniffedType: try container.decodeIfPresent(String.self, forKey: .sniffedType),
      typeSource: try container.decode(TypeSource.self, forKey: .typeSource),
      corrected: try container.decode(Bool.self, forKey: .corrected),
      reason: try container.decodeIfPresent(String.self, forKey: .reason))
  }
}
