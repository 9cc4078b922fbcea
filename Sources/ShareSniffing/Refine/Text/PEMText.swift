import Foundation

/// PEM blocks (RFC 7468) whose labels freedesktop's rules do not name: `PKCS7` and `CMS`
/// (PKCS #7 content: a detached signature, signed data, enveloped data or a certificates-only
/// bundle), `PRIVATE KEY` and `ENCRYPTED PRIVATE KEY` (PKCS #8), `CERTIFICATE REQUEST` and
/// `NEW CERTIFICATE REQUEST` (PKCS #10); and certificates and revocation lists after explanatory
/// text (`#` comments, as CA bundles write them; OpenSSL's `-text` dump; `Bag Attributes`),
/// where freedesktop's rules, which name them by their first line, do not look. The label only
/// says where to look: the block's base64 is decoded and its DER read (``DERObjects``), so the
/// type is the structure's, and a block that does not decode to one is left as text.
extension TextFamilies {
  /// The labels read wherever the block starts.
  static let pemLabels: Set<Substring> = [
    "PKCS7", "CMS", "PRIVATE KEY", "ENCRYPTED PRIVATE KEY", "CERTIFICATE REQUEST", "NEW CERTIFICATE REQUEST",
  ]
  /// The labels read only after explanatory text (freedesktop's rules name them on the first line).
  static let pemLabelsAfterText: Set<Substring> = ["CERTIFICATE", "X509 CRL"]
  /// The lines explanatory text may start with, besides `#` comments and indented lines: what
  /// OpenSSL writes before a block (`x509 -text`, `req -text`, `crl -text`, `pkcs12 -nodes`).
  static let pemPreambleHeads = [
    "Certificate:", "Certificate Request:", "Certificate Revocation List", "Bag Attributes", "Key Attributes", "subject=",
    "issuer=",
  ]
  /// The most of a block decoded, and the most lines of explanatory text before it.
  static let pemBase64Limit = 16 * 1024
  static let pemPreambleLimit = 200

  /// The PEM block that opens the text, after blank lines or explanatory text, as its DER
  /// structure's type.
  static func pem(_ lines: [Substring]) -> Finding? {
    var content = lines.prefix(pemPreambleLimit + 400).lazy.filter { !$0.trimmedView().isEmpty }.makeIterator()
    var preamble = 0
    var begin: Substring?
    while preamble <= pemPreambleLimit, let raw = content.next() {
      let line = raw.trimmedView()
      if line.hasPrefix("-----BEGIN ") {
        begin = line
        break
      }
      let indented = raw.first == " " || raw.first == "\t"
      guard indented || line.hasPrefix("#") || pemPreambleHeads.contains(where: { line.hasPrefix($0) }) else { return nil }
      preamble += 1
    }
    guard let begin, begin.hasSuffix("-----"), begin.utf8.count > 16 else { return nil }
    let label = begin.dropFirst("-----BEGIN ".count).dropLast("-----".count)
    guard pemLabels.contains(label) || (preamble > 0 && pemLabelsAfterText.contains(label)) else { return nil }
    var base64 = ""
    var ended = false
    while let raw = content.next(), base64.utf8.count < pemBase64Limit {
      let line = raw.trimmedView()
      if line == "-----END \(label)-----" {
        ended = true
        break
      }
      guard line.utf8.allSatisfy(isBase64) else { return nil }
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
