import ShareVocabulary

/// How much the sender's reported type is trusted.
public enum TrustPolicy: String, Hashable, Sendable, CaseIterable {
  /// The content wins unless it allows the reported type (default).
  case content
  /// The reported type is used whenever there is one.
  case reported
}

/// Canonical names for the aliases libmagic 5.44 returns (`specs/libmagic.md` §1), and the
/// decision between content, reported type and extension.
public enum TypePolicy {
  /// libmagic alias → the one name share-route uses.
  public static let canonicalNames: [String: String] = [
    "audio/x-m4a": "audio/mp4",
    "audio/x-hx-aac-adts": "audio/aac",
    "audio/x-hx-aac-adif": "audio/aac",
    "audio/x-aac": "audio/aac",
    "audio/vnd.wave": "audio/wav",
    "audio/wave": "audio/wav",
    "audio/x-flac": "audio/flac",
    "audio/mp3": "audio/mpeg",
    "application/x-gzip": "application/gzip",
    "application/x-zip-compressed": "application/zip",
    "application/x-yaml": "application/yaml",
    "text/yaml": "application/yaml",
    "text/x-yaml": "application/yaml",
    "text/x-toml": "application/toml",
    "application/x-sql": "application/sql",
    "text/x-markdown": "text/markdown",
    "text/x-vcard": "text/vcard",
    "text/directory": "text/vcard",
    "application/x-javascript": "text/javascript",
    "text/x-python-script": "text/x-python",
    "text/x-python3": "text/x-python",
    "text/x-sh": "text/x-shellscript",
    "application/x-sh": "text/x-shellscript",
    "image/x-ms-bmp": "image/bmp",
    "image/jpg": "image/jpeg",
    "audio/x-wav": "audio/wav",
    "audio/x-aiff": "audio/aiff",
    "font/sfnt": "font/ttf",
    "text/xml": "application/xml",
    "application/javascript": "text/javascript",
    "text/x-script.python": "text/x-python",
    "inode/x-empty": "application/x-empty",
    "application/x-shellscript": "text/x-shellscript",
    "image/x-icon": "image/vnd.microsoft.icon",
    "application/x-font-ttf": "font/ttf",
  ]

  /// Reported types that say nothing: refined silently from the content.
  public static let genericTypes: Set<String> = [
    "", "application/octet-stream", "*/*", "application/*", "binary/octet-stream",
  ]

  /// Answers from libmagic that leave the type open, so the extension or report may decide.
  static let weakTypes: Set<String> = [
    "text/plain", "application/octet-stream", "application/x-empty", "application/xml", "text/x-c",
  ]

  /// The canonical name of a libmagic answer.
  public static func canonical(_ type: String) -> String {
    canonicalNames[type] ?? type
  }

  /// The decided type of a file.
  public struct Decision: Hashable, Sendable {
    /// The effective type.
    public var type: String
    /// Where it came from.
    public var source: TypeSource
    /// Whether the reported type was replaced.
    public var corrected: Bool
    /// One line on why, or `nil` when nothing needed saying.
    public var reason: String?
  }

  /// Decides a file's effective type.
  ///
  /// - Parameters:
  ///   - sniffed: libmagic's canonical answer.
  ///   - refinement: share-route's own finding, when libmagic's answer was weak or wrong.
  ///   - size: The file's size in bytes, when known (tiny files let the extension decide).
  ///   - reported: The sender's type, normalised, or `nil`.
  ///   - fileExtension: The name's extension (no dot), or `nil`.
  ///   - trust: The policy.
  /// - Returns: The decision.
  public static func decide(
    sniffed: String, refinement: Refinement? = nil, size: Int? = nil, reported: String?,
    fileExtension: String?, trust: TrustPolicy
  ) -> Decision {
    let content = contentType(
      sniffed: sniffed, refinement: refinement, size: size, fileExtension: fileExtension)
    guard let reported else { return content }
    // Trusted, any report Android would carry is kept, generic ones included: "what does the
    // share sheet show when the sender labels my file application/*?"
    if trust == .reported && MediaType.isValidFilterType(reported) {
      return Decision(type: reported, source: .reported, corrected: false, reason: nil)
    }
    let reportedValid =
      MediaType.isValidFilterType(reported) && !genericTypes.contains(reported) && !reported.contains("*")
    guard reportedValid else {
      return Decision(
        type: content.type, source: content.source, corrected: true,
        reason: SniffMessages.genericReport(reported, content: content.type))
    }
    let canonicalReport = canonical(reported)
    if canonicalReport == content.type || sameIdentifier(canonicalReport, content.type) {
      return Decision(type: content.type, source: content.source, corrected: false, reason: content.reason)
    }
    if sniffed == "application/x-empty" || allows(content: content.type, reported: canonicalReport) {
      return Decision(
        type: canonicalReport, source: .reported, corrected: false,
        reason: SniffMessages.reportAllowed(content: content.type, reported: canonicalReport))
    }
    return Decision(
      type: content.type, source: content.source, corrected: true,
      reason: SniffMessages.corrected(reported: reported, content: content.type, evidence: refinement?.evidence))
  }

  /// Files of at most this many bytes are too short for any signature: the extension decides.
  static let tinySize = 8

  /// The type from the bytes alone, with the extension breaking a tie libmagic left open.
  static func contentType(
    sniffed: String, refinement: Refinement?, size: Int?, fileExtension: String?
  ) -> Decision {
    let tiny = size.map { (1...tinySize).contains($0) } ?? false
    // Only tiny files and weak answers consult the extension. A tiny file's extension decides
    // before any signature (a few bytes are too few to overrule a name), unless it names nothing
    // specific (`.bin`: application/octet-stream).
    let byExtension = tiny || weakTypes.contains(sniffed) ? typeByExtension(fileExtension) : nil
    if tiny, let size, let fileExtension, let byExtension, byExtension.type != sniffed,
      !genericTypes.contains(byExtension.type)
    {
      let refined = refinement.map { canonical($0.type) }
      if refined != byExtension.type {
        return Decision(
          type: byExtension.type, source: .extension, corrected: false,
          reason: SniffMessages.tinyByExtension(size: size, fileExtension: fileExtension, type: byExtension.type))
      }
    }
    if let refinement {
      return Decision(
        type: canonical(refinement.type), source: .content, corrected: false,
        reason: SniffMessages.refined(sniffed: sniffed, refinement))
    }
    if weakTypes.contains(sniffed), let fileExtension, let byExtension, byExtension.type != sniffed,
      extensionFits(byExtension, sniffed: sniffed)
    {
      return Decision(
        type: byExtension.type, source: .extension, corrected: false,
        reason: SniffMessages.byExtension(sniffed: sniffed, fileExtension: fileExtension, type: byExtension.type))
    }
    if sniffed == "application/x-empty" {
      return Decision(type: "application/octet-stream", source: .content, corrected: false, reason: SniffMessages.empty)
    }
    return Decision(type: sniffed, source: .content, corrected: false, reason: nil)
  }

  /// What a filename extension names: the canonical MIME type, its identifier, and whether it is
  /// text.
  struct NamedType: Equatable {
    var type: String
    var uti: String
    var isText: Bool
  }

  /// The type a filename extension names, or `nil`: the UTI table first (share-route's canonical
  /// names), then freedesktop's shared MIME database (``SharedMimeInfo``) for the rest.
  static func typeByExtension(_ fileExtension: String?) -> NamedType? {
    guard let fileExtension else { return nil }
    if let uti = TypeIdentifier.forExtension(fileExtension), let type = TypeIdentifier.preferredMIMEType(of: uti) {
      let canonicalType = canonical(type)
      return NamedType(
        type: canonicalType, uti: uti,
        isText: TypeIdentifier.conforms(uti, to: TypeIdentifier.text) || SharedMimeInfo.isText(canonicalType))
    }
    guard let found = SharedMimeInfo.type(forExtension: fileExtension) else { return nil }
    let type = canonical(found)
    return NamedType(type: type, uti: TypeIdentifier.forContent(mimeType: type), isText: SharedMimeInfo.isText(found))
  }

  /// Whether an extension's type is consistent with a weak libmagic answer: text for text,
  /// XML for XML (a `+xml` dialect too), not text for binary, anything for an empty file.
  static func extensionFits(_ named: NamedType, sniffed: String) -> Bool {
    switch sniffed {
    case "text/plain", "text/x-c": return named.isText
    case "application/xml":
      return TypeIdentifier.conforms(named.uti, to: "public.xml") || SharedMimeInfo.isKind(named.type, of: "application/xml")
    case "application/octet-stream": return !named.isText
    default: return true
    }
  }

  /// Whether the content allows a more specific reported type: plain text and any text type,
  /// unknown binary content and any type that is not text, XML and JSON and any dialect of
  /// theirs (a `+xml` / `+json` type, RFC 6839). (An empty file allows anything.)
  static func allows(content: String, reported: String) -> Bool {
    let uti = TypeIdentifier.forContent(mimeType: reported)
    let reportedIsText = TypeIdentifier.conforms(uti, to: TypeIdentifier.text) || SharedMimeInfo.isText(reported)
    switch content {
    case "text/plain": return reportedIsText
    case "application/octet-stream": return !reportedIsText
    case "application/xml", "application/json": return MediaType.structuredSyntaxBase(of: reported) == content
    default: return false
    }
  }

  static func sameIdentifier(_ lhs: String, _ rhs: String) -> Bool {
    guard let left = TypeIdentifier.forMIMEType(lhs) else { return false }
    return left == TypeIdentifier.forMIMEType(rhs)
  }
}
