import Foundation

/// PEM blocks (RFC 7468) whose labels freedesktop's rules do not name: `PKCS7` and `CMS`
/// (PKCS #7 content: a detached signature, signed data, enveloped data or a certificates-only
/// bundle), `PRIVATE KEY` and `ENCRYPTED PRIVATE KEY` (PKCS #8), `CERTIFICATE REQUEST` and
/// `NEW CERTIFICATE REQUEST` (PKCS #10); and certificates and revocation lists that do not start
/// the file, where freedesktop's rules, which name them by their first bytes, do not look. The
/// label only says where to look: the block's base64 is decoded and its DER read
/// (``DERObjects``), so the type is the structure's, and a block that does not decode to one is
/// left as text. Explanatory text may come before the block (RFC 7468 §5.2: a CA bundle's
/// comments and titles, OpenSSL's `-text` dump, `Bag Attributes`); a file with such text must
/// then end with a block, as certificate and key files do, not with more prose (a document
/// that quotes a block is no key).
extension TextFamilies {
  /// The labels read wherever the block starts.
  static let pemLabels: Set<Substring> = [
    "PKCS7", "CMS", "PRIVATE KEY", "ENCRYPTED PRIVATE KEY", "CERTIFICATE REQUEST", "NEW CERTIFICATE REQUEST",
  ]
  /// The labels read only when the block does not start the file (freedesktop's rules name them there).
  static let pemLabelsAfterText: Set<Substring> = ["CERTIFICATE", "X509 CERTIFICATE", "X509 CRL"]
  /// The most of a block decoded, and the most lines of explanatory text before it.
  static let pemBase64Limit = 16 * 1024
  static let pemPreambleLimit = 200

  /// The PEM block that opens the text, after blank lines or explanatory text, as its DER
  /// structure's type.
  static func pem(_ lines: [Substring], isComplete: Bool) -> Finding? {
    // A boundary line starts at the margin (RFC 7468 §2): one byte tells most lines apart.
    guard
      let beginIndex = lines.prefix(pemPreambleLimit).firstIndex(where: { $0.utf8.first == 0x2D && $0.hasPrefix("-----BEGIN ") })
    else { return nil }
    let begin = lines[beginIndex].trimmedView()
    guard begin.hasSuffix("-----"), begin.utf8.count > 16 else { return nil }
    let label = begin.dropFirst("-----BEGIN ".count).dropLast("-----".count)
    let startsTheFile = beginIndex == lines.startIndex
    guard pemLabels.contains(label) || (!startsTheFile && pemLabelsAfterText.contains(label)) else { return nil }
    // After explanatory text, the file ends with a block.
    let explained = lines[..<beginIndex].contains { !$0.trimmedView().isEmpty }
    if explained, isComplete, let last = lines.last(where: { !$0.trimmedView().isEmpty }),
      !last.trimmedView().hasPrefix("-----END ")
    {
      return nil
    }
    var base64 = ""
    var ended = false
    for raw in lines[(beginIndex + 1)...] {
      let line = raw.trimmedView()
      if line.isEmpty { continue }
      if line == "-----END \(label)-----" {
        ended = true
        break
      }
      guard line.utf8.allSatisfy(isBase64) else { return nil }
      guard base64.utf8.count + line.utf8.count <= pemBase64Limit else { break }
      base64 += line
    }
    // A block read in part decodes as far as whole groups of four go.
    if !ended { base64 = String(base64.prefix(base64.utf8.count / 4 * 4)) }
    guard let decoded = Data(base64Encoded: base64) else { return nil }
    let bytes = [UInt8](decoded)
    guard let kind = DERObjects.identify(bytes, size: ended ? bytes.count : nil) else { return nil }
    return Finding(type: kind.type, evidence: SniffMessages.Evidence.pemBlock(String(label), kind.structure))
  }

  /// Whether the byte is of base64's alphabet (RFC 4648 §4), its padding included.
  static func isBase64(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=")
    }
  }
}
