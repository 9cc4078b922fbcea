import ShareVocabulary

/// Canonical names for the aliases libmagic 5.44 returns (`docs/sniffing.md#libmagics-answers`), and the
/// decision between content, reported type and extension.
package enum TypePolicy {
  /// libmagic alias → the one name share-route uses.
  package static let canonicalNames: [String: String] = [
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
    // libmagic's own spellings of formats freedesktop's database names otherwise (font/otf, IANA's, and
    // image/x-portable-graymap are mime.types' names too).
    "application/vnd.ms-opentype": "font/otf",
    "image/x-portable-greymap": "image/x-portable-graymap",
    "video/x-flc": "video/x-flic",
    "text/xml": "application/xml",
    "application/javascript": "text/javascript",
    "text/x-script.python": "text/x-python",
    "inode/x-empty": "application/x-empty",
    "application/x-shellscript": "text/x-shellscript",
    "image/x-icon": "image/vnd.microsoft.icon",
    "application/x-font-ttf": "font/ttf",
  ]

  /// Reported types that say nothing: refined silently from the content.
  package static let genericTypes: Set<String> = [
    "", "application/octet-stream", "*/*", "application/*", "binary/octet-stream",
  ]

  /// The canonical name of a libmagic answer.
  package static func canonical(_ type: String) -> String {
    canonicalNames[type] ?? type
  }

  /// The decided type of a file.
  package struct Decision: Hashable, Sendable {
    /// The effective type.
    package var type: String
    /// Where it came from.
    package var source: TypeSource
    /// Whether the reported type was replaced.
    package var corrected: Bool
    /// One line on why, or `nil` when nothing needed saying.
    package var reason: String?
  }

  /// Decides a file's effective type from what its bytes said and what the sender claimed.
  ///
  /// The bytes decide; a name only breaks a tie (``NameRule``: `content.name`); a report is kept
  /// when the content allows it — before the name, so a truthful `text/plain` for a text file is
  /// never "corrected" by its extension.
  ///
  /// - Parameters:
  ///   - content: What the bytes said: libmagic's answer, share-route's refinement, the name's
  ///     tie-break.
  ///   - reported: The sender's type, normalised, or `nil`.
  ///   - trust: The policy.
  /// - Returns: The decision.
  package static func decide(_ content: Sniffer.ContentReport, reported: String?, trust: TrustPolicy) -> Decision {
    let bytes = contentType(content)
    let best: Decision =
      if let named = content.name?.type, let why = content.name?.why {
        Decision(type: named, source: .extension, corrected: false, reason: why)
      } else {
        bytes
      }
    guard let reported else { return best }
    // Trusted, any report Android would carry is kept, generic ones included: "what does the
    // share sheet show when the sender labels my file application/*?"
    if trust == .reported && MediaType.isValidFilterType(reported) {
      return Decision(type: reported, source: .reported, corrected: false, reason: nil)
    }
    let reportedValid =
      MediaType.isValidFilterType(reported) && !genericTypes.contains(reported) && !reported.contains("*")
    guard reportedValid else {
      return Decision(
        type: best.type, source: best.source, corrected: true,
        reason: SniffMessages.genericReport(reported, content: best.type))
    }
    let canonicalReport = canonical(reported)
    if canonicalReport == bytes.type || sameIdentifier(canonicalReport, bytes.type) {
      return Decision(type: bytes.type, source: bytes.source, corrected: false, reason: bytes.reason)
    }
    if canonicalReport == best.type {
      return best
    }
    if content.sniffed == "application/x-empty" || allows(content: bytes.type, reported: canonicalReport) {
      return Decision(
        type: canonicalReport, source: .reported, corrected: false,
        reason: SniffMessages.reportAllowed(content: bytes.type, reported: canonicalReport))
    }
    return Decision(
      type: best.type, source: best.source, corrected: true,
      reason: SniffMessages.corrected(
        reported: reported, content: best.type, evidence: best.source == .extension ? best.reason : content.refinement?.evidence))
  }

  /// The type from the bytes alone: the refinement, else libmagic's answer (an empty file is
  /// `application/x-empty`, libmagic's `inode/x-empty` by its canonical name).
  static func contentType(_ content: Sniffer.ContentReport) -> Decision {
    if let refinement = content.refinement {
      return Decision(
        type: canonical(refinement.type), source: .content, corrected: false,
        reason: SniffMessages.refined(sniffed: content.sniffed, refinement))
    }
    if content.sniffed == "application/x-empty" {
      return Decision(type: "application/x-empty", source: .content, corrected: false, reason: SniffMessages.empty)
    }
    return Decision(type: content.sniffed, source: .content, corrected: false, reason: nil)
  }

  /// Whether a type is text: its UTI conforms to `public.text`, or freedesktop's database
  /// makes it a kind of `text/plain`.
  static func isTextType(_ type: String) -> Bool {
    let uti = TypeIdentifier.forContent(mimeType: type)
    return TypeIdentifier.conforms(uti, to: TypeIdentifier.text) || SharedMimeInfo.isText(type)
  }

  /// Whether the content allows a more specific reported type: plain text and any text type,
  /// unknown binary content and any type that is not text, XML and JSON and any dialect of
  /// theirs (a `+xml` / `+json` type, RFC 6839), certificates and the other names apps filter
  /// them by (``reportsOfTheSameFormat``). (An empty file allows anything.)
  static func allows(content: String, reported: String) -> Bool {
    let uti = TypeIdentifier.forContent(mimeType: reported)
    let reportedIsText = TypeIdentifier.conforms(uti, to: TypeIdentifier.text) || SharedMimeInfo.isText(reported)
    if reportsOfTheSameFormat[content]?.contains(reported) == true { return true }
    switch content {
    case "text/plain": return reportedIsText
    case "application/octet-stream": return !reportedIsText
    case "application/xml", "application/json": return MediaType.structuredSyntaxBase(of: reported) == content
    default: return false
    }
  }

  /// Reported types that name the content's format another way, kept as reported because apps
  /// filter for these names: Netscape's types for an X.509 certificate, which say whose it is (a
  /// certificate authority's, a user's, a server's; Debian's and Apache's `mime.types` give `.crt`
  /// files `application/x-x509-ca-cert`), and `application/x-pkcs12`, freedesktop's alias of
  /// `application/pkcs12` and the name Apache's `mime.types` gives `.p12` and `.pfx` files.
  static let reportsOfTheSameFormat: [String: Set<String>] = [
    "application/pkix-cert": ["application/x-x509-ca-cert", "application/x-x509-user-cert", "application/x-x509-server-cert"],
    "application/pkcs12": ["application/x-pkcs12"],
  ]

  static func sameIdentifier(_ lhs: String, _ rhs: String) -> Bool {
    guard let left = TypeIdentifier.forMIMEType(lhs) else { return false }
    return left == TypeIdentifier.forMIMEType(rhs)
  }
}
