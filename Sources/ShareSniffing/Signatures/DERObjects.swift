/// Certificates, keys and signatures in DER (ITU-T X.690), told by their ASN.1 structure, which
/// libmagic 5.44 calls unknown data: X.509 certificates, revocation lists and certification
/// requests; PKCS #7/CMS content (a detached signature, signed data that carries its content,
/// enveloped data, or a certificates-only bundle); PKCS #12 files; PKCS #8 private keys, plain
/// and encrypted; PkiPath certification paths. The names are freedesktop's. Each shape is a
/// nesting of elements and object identifiers no other format writes; but for PKCS #7's content
/// types, which an object identifier decides, the outermost element must also span the whole
/// file, as DER writes it.
enum DERObjects {
  /// One element: its tag, where its content starts, and where it ends (an end past the bytes
  /// read is a file cut short; an indefinite length, BER's, ends where the bytes do).
  struct Element {
    let tag: UInt8
    let start: Int
    let end: Int
    var isEmpty: Bool { start == end }
  }

  /// What a structure is: the type, and what it is in words (``SniffMessages/DERStructure``).
  typealias Kind = (type: String, structure: String)
  private typealias Words = SniffMessages.DERStructure

  // Universal tags (X.690 §8) and context-specific constructed [0].
  static let integer: UInt8 = 0x02, bitString: UInt8 = 0x03, octetString: UInt8 = 0x04, oid: UInt8 = 0x06
  static let utcTime: UInt8 = 0x17, generalizedTime: UInt8 = 0x18, sequence: UInt8 = 0x30, set: UInt8 = 0x31
  static let explicit0: UInt8 = 0xA0

  /// The element whose header is at `offset`, or `nil` when there is none (past `limit`, a
  /// high tag number, a length of more than four bytes, an indefinite length on a primitive).
  static func element(_ bytes: [UInt8], at offset: Int, limit: Int) -> Element? {
    guard offset >= 0, offset + 2 <= limit, limit <= bytes.count else { return nil }
    let tag = bytes[offset]
    guard tag & 0x1F != 0x1F else { return nil }
    let first = bytes[offset + 1]
    if first < 0x80 { return Element(tag: tag, start: offset + 2, end: offset + 2 + Int(first)) }
    if first == 0x80 { return tag & 0x20 == 0 ? nil : Element(tag: tag, start: offset + 2, end: limit) }
    let count = Int(first & 0x7F)
    guard count <= 4, offset + 2 + count <= limit else { return nil }
    // Read wide and added with a check: four length bytes overflow a 32-bit Int.
    let length = bytes[(offset + 2)..<(offset + 2 + count)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    let start = offset + 2 + count
    guard length <= UInt64(Int.max - start) else { return nil }
    return Element(tag: tag, start: start, end: start + Int(length))
  }

  /// The first `max` elements inside `parent`, as far as the bytes go; `nil` when one claims to
  /// end past its parent (not DER).
  static func children(_ bytes: [UInt8], of parent: Element, max: Int = 6) -> [Element]? {
    var found: [Element] = []
    var offset = parent.start
    let limit = min(parent.end, bytes.count)
    while found.count < max, offset < limit {
      // BER's end-of-contents closes an indefinite length.
      if bytes[offset] == 0 { break }
      guard let child = element(bytes, at: offset, limit: limit) else { return found.isEmpty ? nil : found }
      guard child.end <= parent.end else { return nil }
      found.append(child)
      offset = child.end
    }
    return found
  }

  /// Whether `element` is an object identifier whose content starts with `prefix`.
  static func isOID(_ bytes: [UInt8], _ element: Element?, startingWith prefix: [UInt8]) -> Bool {
    guard let element, element.tag == oid, element.end - element.start >= prefix.count,
      element.start + prefix.count <= bytes.count
    else { return false }
    return Array(bytes[element.start..<(element.start + prefix.count)]) == prefix
  }

  /// Whether `element` is an object identifier equal to `value`.
  static func isOID(_ bytes: [UInt8], _ element: Element?, _ value: [UInt8]) -> Bool {
    guard let element else { return false }
    return element.end - element.start == value.count && isOID(bytes, element, startingWith: value)
  }

  /// The value of a one-byte INTEGER, or `nil`.
  static func smallInteger(_ bytes: [UInt8], _ element: Element?) -> Int? {
    guard let element, element.tag == integer, element.end == element.start + 1, element.start < bytes.count else { return nil }
    return Int(bytes[element.start])
  }

  /// Whether `element` is a SEQUENCE whose first element is an object identifier (an
  /// AlgorithmIdentifier, RFC 5280 §4.1.1.2).
  static func isAlgorithm(_ bytes: [UInt8], _ element: Element?) -> Bool {
    guard let element, element.tag == sequence, let first = children(bytes, of: element, max: 1)?.first else { return false }
    return first.tag == oid
  }

  // Object identifiers' content bytes (RFC 5652 §14, RFC 8018 App. C, RFC 7292 App. D).
  static let pkcs7Data: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]
  static let pkcs7SignedData: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
  static let pkcs7EnvelopedData: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x03]
  /// PKCS #5's password-based schemes (1.2.840.113549.1.5.*) and PKCS #12's (1.2.840.113549.1.12.1.*).
  static let pkcs5Schemes: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x05]
  static let pkcs12Schemes: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x0C, 0x01]

  /// What the DER in `bytes` is, or `nil`. `size` is the file's size: the outermost element must
  /// end there (`nil` when the size is unknown, as for a PEM body read in part).
  static func identify(_ bytes: [UInt8], size: Int?) -> Kind? {
    guard let outer = element(bytes, at: 0, limit: bytes.count), outer.tag == sequence else { return nil }
    guard let items = children(bytes, of: outer), let first = items.first else { return nil }
    // ContentInfo (RFC 5652 §3): a content type, then the content in [0]. The identifier alone
    // is decisive, also in a file cut short.
    if isOID(bytes, first, pkcs7SignedData) {
      return signedData(bytes, items.dropFirst().first) ?? ("application/pkcs7-signature", Words.detachedSignature)
    }
    if isOID(bytes, first, pkcs7EnvelopedData), items.count > 1, items[1].tag == explicit0 {
      return ("application/pkcs7-mime", Words.enveloped)
    }
    // The other shapes are nestings of common elements: the outermost must span the file.
    if let size {
      // BER's indefinite length ends with end-of-contents, which a whole file read shows.
      let spans = bytes[1] == 0x80 ? size > bytes.count || bytes.suffix(2) == [0, 0] : outer.end == size
      guard spans else { return nil }
    }
    // PFX (RFC 7292 §4): version 3, then authSafe, a ContentInfo of data or signed data.
    if smallInteger(bytes, first) == 3, items.count > 1, items[1].tag == sequence,
      let authSafe = children(bytes, of: items[1], max: 1)?.first,
      isOID(bytes, authSafe, pkcs7Data) || isOID(bytes, authSafe, pkcs7SignedData)
    {
      return ("application/pkcs12", Words.pkcs12)
    }
    // PrivateKeyInfo (RFC 5958 §2): version 0 or 1, the key's algorithm, the key.
    if let version = smallInteger(bytes, first), version <= 1, items.count >= 3, isAlgorithm(bytes, items[1]),
      items[2].tag == octetString
    {
      return ("application/pkcs8", Words.pkcs8)
    }
    // EncryptedPrivateKeyInfo (RFC 5958 §3): a password-based scheme, the encrypted key.
    if items.count == 2, items[0].tag == sequence, items[1].tag == octetString,
      let scheme = children(bytes, of: items[0], max: 1)?.first,
      isOID(bytes, scheme, startingWith: pkcs5Schemes) || isOID(bytes, scheme, startingWith: pkcs12Schemes)
    {
      return ("application/pkcs8-encrypted", Words.pkcs8Encrypted)
    }
    if let signed = signedStructure(bytes, items) { return signed }
    // PkiPath (RFC 6066 §10.1's certification path, as Java writes it): a sequence of certificates.
    if first.tag == sequence, let inner = children(bytes, of: first),
      signedStructure(bytes, inner)?.type == "application/pkix-cert", items.allSatisfy({ $0.tag == sequence })
    {
      return ("application/pkix-pkipath", Words.pkiPath)
    }
    return nil
  }

  /// A signed structure of X.509 (RFC 5280 §4.1, §5.1; RFC 2986 §4): the signed part, the
  /// signature's algorithm and the signature; the signed part's fields tell a certificate (a
  /// validity sequence after the issuer), a revocation list (a time after the issuer) and a
  /// certification request (a subject, a public key and the attributes in [0]).
  static func signedStructure(_ bytes: [UInt8], _ items: [Element]) -> Kind? {
    guard let signed = items.first, signed.tag == sequence else { return nil }
    if items.count > 1, !isAlgorithm(bytes, items[1]) { return nil }
    if items.count > 2, items[2].tag != bitString { return nil }
    guard var fields = children(bytes, of: signed) else { return nil }
    // A certificate's version in [0] (v2 and v3).
    if fields.first?.tag == explicit0 {
      fields.removeFirst()
      return fields.count >= 4 && fields[0].tag == integer && isAlgorithm(bytes, fields[1]) && fields[2].tag == sequence
        && fields[3].tag == sequence ? ("application/pkix-cert", Words.certificate) : nil
    }
    let times: Set<UInt8> = [utcTime, generalizedTime]
    // A v1 certificate: serial, algorithm, issuer, validity. A v2 CRL: version, algorithm,
    // issuer, this update. A request: version 0, subject, public key, attributes.
    if fields.first?.tag == integer, fields.count >= 4 {
      if isAlgorithm(bytes, fields[1]), fields[2].tag == sequence {
        if fields[3].tag == sequence { return ("application/pkix-cert", Words.certificate) }
        if times.contains(fields[3].tag), smallInteger(bytes, fields[0]) == 1 { return ("application/pkix-crl", Words.revocationList) }
      }
      return request(bytes, fields)
    }
    if fields.count == 3, fields.first?.tag == integer { return request(bytes, fields) }
    // A v1 CRL: algorithm, issuer, this update.
    if fields.count >= 3, isAlgorithm(bytes, fields[0]), fields[1].tag == sequence, times.contains(fields[2].tag) {
      return ("application/pkix-crl", Words.revocationList)
    }
    return nil
  }

  /// A certification request's signed part (RFC 2986 §4.1): version 0, the subject, the public
  /// key (an algorithm and a bit string), then the attributes in [0], which old writers leave out.
  static func request(_ bytes: [UInt8], _ fields: [Element]) -> Kind? {
    guard fields.count >= 3, smallInteger(bytes, fields[0]) == 0, fields[1].tag == sequence, fields[2].tag == sequence,
      fields.count == 3 || fields[3].tag == explicit0,
      let key = children(bytes, of: fields[2], max: 2), key.count == 2, isAlgorithm(bytes, key[0]), key[1].tag == bitString
    else { return nil }
    return ("application/pkcs10", Words.certificationRequest)
  }

  /// What a ContentInfo's signed data is (RFC 5652 §5.1, §5.2): with no digest algorithms, a
  /// certificates-only bundle ("degenerate" signed data: no one signed); with its content inside
  /// (`eContent`), signed data that carries what was signed (S/MIME's `application/pkcs7-mime`);
  /// otherwise a detached signature. `nil` when the fields are cut off.
  static func signedData(_ bytes: [UInt8], _ explicit: Element?) -> Kind? {
    guard let explicit, explicit.tag == explicit0, let body = children(bytes, of: explicit, max: 1)?.first,
      body.tag == sequence, let fields = children(bytes, of: body, max: 3), fields.count == 3,
      fields[0].tag == integer, fields[1].tag == set, fields[2].tag == sequence
    else { return nil }
    if fields[1].isEmpty { return ("application/x-pkcs7-certificates", Words.certificates) }
    guard let encapsulated = children(bytes, of: fields[2], max: 2) else { return nil }
    if encapsulated.count == 2, encapsulated[1].tag == explicit0 { return ("application/pkcs7-mime", Words.signedContent) }
    return nil
  }
}
