import ShareRouting

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
    "audio/x-wav": "audio/wav",
    "audio/x-aiff": "audio/aiff",
    "font/sfnt": "font/ttf",
    "text/xml": "application/xml",
    "application/javascript": "text/javascript",
    "text/x-script.python": "text/x-python",
    "inode/x-empty": "application/x-empty",
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
  ///   - reported: The sender's type, normalised, or `nil`.
  ///   - fileExtension: The name's extension (no dot), or `nil`.
  ///   - trust: The policy.
  /// - Returns: The decision.
  public static func decide(
    sniffed: String, reported: String?, fileExtension: String?, trust: TrustPolicy
  ) -> Decision {
    let content = contentType(sniffed: sniffed, fileExtension: fileExtension)
    guard let reported else { return content }
    let reportedValid = MediaType.isValidFilterType(reported) && !genericTypes.contains(reported)
    if trust == .reported && reportedValid {
      return Decision(type: reported, source: .reported, corrected: false, reason: nil)
    }
    guard reportedValid else {
      let shown = reported.isEmpty ? "an empty type" : reported
      return Decision(
        type: content.type, source: content.source, corrected: true,
        reason: "reported \(shown) is generic, content is \(content.type)")
    }
    if reported == sniffed {
      return Decision(type: sniffed, source: .content, corrected: false, reason: nil)
    }
    if reported == content.type || sameIdentifier(reported, content.type) {
      return Decision(type: content.type, source: content.source, corrected: false, reason: content.reason)
    }
    if allows(sniffed: sniffed, reported: reported) {
      return Decision(
        type: reported, source: .reported, corrected: false,
        reason: "content is \(sniffed), which allows the reported \(reported)")
    }
    return Decision(
      type: content.type, source: content.source, corrected: true,
      reason: "reported \(reported), content is \(content.type)")
  }

  /// The type from the bytes alone, with the extension breaking a tie libmagic left open.
  static func contentType(sniffed: String, fileExtension: String?) -> Decision {
    if weakTypes.contains(sniffed), let fileExtension,
      let uti = TypeIdentifier.forExtension(fileExtension),
      let byExtension = TypeIdentifier.preferredMIMEType(of: uti), byExtension != sniffed,
      extensionFits(uti: uti, sniffed: sniffed)
    {
      return Decision(
        type: byExtension, source: .extension, corrected: false,
        reason: "content is \(sniffed); the extension .\(fileExtension) decided \(byExtension)")
    }
    if sniffed == "application/x-empty" {
      return Decision(
        type: "application/octet-stream", source: .content, corrected: false,
        reason: "the file is empty")
    }
    return Decision(type: sniffed, source: .content, corrected: false, reason: nil)
  }

  /// Whether an extension's type is consistent with a weak libmagic answer: text for text,
  /// XML for XML, not text for binary, anything for an empty file.
  static func extensionFits(uti: String, sniffed: String) -> Bool {
    let isText = TypeIdentifier.conforms(uti, to: TypeIdentifier.text)
    switch sniffed {
    case "text/plain", "text/x-c": return isText
    case "application/xml": return TypeIdentifier.conforms(uti, to: "public.xml")
    case "application/octet-stream": return !isText
    default: return true
    }
  }

  /// Whether the content allows a more specific reported type: text content and a text type,
  /// or unknown binary content and a type that is not text.
  static func allows(sniffed: String, reported: String) -> Bool {
    let uti = TypeIdentifier.forContent(mimeType: reported)
    let reportedIsText = TypeIdentifier.conforms(uti, to: TypeIdentifier.text)
    switch sniffed {
    case "text/plain": return reportedIsText
    case "application/octet-stream": return !reportedIsText
    case "application/x-empty": return true
    default: return false
    }
  }

  static func sameIdentifier(_ lhs: String, _ rhs: String) -> Bool {
    guard let left = TypeIdentifier.forMIMEType(lhs) else { return false }
    return left == TypeIdentifier.forMIMEType(rhs)
  }
}
