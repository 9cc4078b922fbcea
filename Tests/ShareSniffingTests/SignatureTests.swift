import Foundation
import ShareRouting
import Testing

@testable import ShareSniffing

/// The signature layer (`docs/sniffing.md`): every class of format it answers for, from samples/signatures
/// (made by corpus/make_signatures.py with real tools, plus minimal signatures), and the rules
/// around it — no false answers, the extension rescue from shared-mime-info, structured-syntax
/// suffixes, ISO brands against their kind.
@Suite struct SignatureTests {
  static let directory = samplesDirectory + "/signatures"

  struct Row: Sendable, CustomTestStringConvertible {
    let file: String
    let types: Set<String>
    var testDescription: String { file }
  }

  /// samples/signatures/truth.tsv: `name<TAB>type[|also-right…]`.
  static let rows: [Row] = {
    guard let text = try? String(contentsOfFile: directory + "/truth.tsv", encoding: .utf8) else { return [] }
    return text.split(separator: "\n").map { line in
      let parts = line.split(separator: "\t")
      return Row(file: String(parts[0]), types: Set(parts[1].split(separator: "|").map(String.init)))
    }
  }()

  @Test func theSetIsThere() {
    #expect(Self.rows.count >= 100)
  }

  /// Each file gets its type; where that is not libmagic's answer, from the content, the reason
  /// names the detector that decided (or the extension).
  @Test(arguments: rows)
  func eachFileHasItsType(_ row: Row) throws {
    let item = try Sniffer().item(path: Self.directory + "/" + row.file, reportedType: nil)
    #expect(row.types.contains(item.type), "\(item.type): \(item.reason ?? "no reason")")
    if item.typeSource == .content, item.type != item.sniffedType {
      let names = SignatureTable.entries.map(\.name)
      let detector = item.reason.flatMap { reason in names.first { reason.hasSuffix("(detector \($0))") } }
      #expect(detector != nil, "\(item.reason ?? "no reason")")
    }
  }

  /// The lying sender: a binary file of the set reported as text/plain gets its content type.
  @Test(arguments: rows.filter { row in !row.types.contains { SharedMimeInfo.isText($0) || $0.hasSuffix("+xml") || $0.hasSuffix("+json") } })
  func binaryReportedAsTextIsCorrected(_ row: Row) throws {
    let item = try Sniffer().item(path: Self.directory + "/" + row.file, reportedType: "text/plain")
    #expect(row.types.contains(item.type))
    #expect(item.corrected)
  }

  // MARK: no false answers

  /// Text that begins like a signature, and structures that are not the dialect, keep their answer.
  @Test(arguments: [
    ("id3-prose.txt", "ID3 tags hold the artist and the title.\n", "text/plain"),
    ("webvttx.txt", "WEBVTTX is not a caption file\n", "text/plain"),
    ("extm3u-word.txt", "#EXTM3Ufoo\n", "text/plain"),
    ("unknown-shebang", "#!/opt/bin/frobnicate\nrun\n", "text/plain"),
    ("lower-yaml.yaml", "from: 2020-01-01\nto: 2020-12-31\n", "application/yaml"),
    ("yaml-keys", "name: app\nversion: 2\nto: prod\n", "application/yaml"),
    ("point-type.json", "{\"type\": \"Point\", \"name\": \"no coordinates\"}", "application/json"),
    ("bom.xml", "<?xml version=\"1.0\"?>\n<bom><part>screw</part></bom>\n", "application/xml"),
    ("asset.json", "{\"asset\": \"logo.png\", \"version\": 2}", "application/json"),
    ("rdf.xml", "<?xml version=\"1.0\"?>\n<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"><rdf:Description/></rdf:RDF>\n", "application/rdf+xml"),
    // PlantUML, SPDX and PAC only where the text declares itself so.
    ("start-only", "@startuml is how a PlantUML file begins, and nothing more follows\n", "text/plain"),
    ("no-end", "@startuml\nA -> B\n", "text/plain"),
    ("plantuml-in-markdown", "Notes\n\nThe diagram:\n\n    @startuml\n    A -> B\n    @enduml\n", "text/plain"),
    ("spdx-prose", "The SPDXVersion: SPDX-2.3 line names the version.\nNothing else here.\n", "text/plain"),
    ("pac-comment", "calls FindProxyForURL(url, host) when asked\nand returns DIRECT\n", "text/plain"),
    ("solid-prose", "solid arguments win debates\nbut not always\n", "text/plain"),
    ("plantuml-mindmap", "@startmindmap\n* share-route\n** sniff\n** route\n@endmindmap\n", "text/vnd.plantuml"),
    // Tracker headers only with their binary fields: on text that starts with the words, libmagic's
    // own answer (a module) stands, not a tracker's format.
    ("xm-prose", "Extended Module: a tracker's file format, and how to read its header\n", "audio/x-mod"),
    ("it-prose", "IMPM is where an Impulse Tracker module starts; this note is not one\n", "audio/x-mod"),
    // PEM blocks that do not decode to a structure, and DER that is none of them.
    ("pem-not-base64", "-----BEGIN PRIVATE KEY-----\nthis is not base64!\n-----END PRIVATE KEY-----\n", "text/plain"),
    ("pem-other-label", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n", "text/plain"),
    // Base64 of "share-route" is no DER structure.
    ("pem-not-der", "-----BEGIN PKCS7-----\nc2hhcmUtcm91dGU=\n-----END PKCS7-----\n", "text/plain"),
    ("pem-in-prose", "The key starts with\n-----BEGIN PRIVATE KEY-----\nand ends with its END line.\n", "text/plain"),
    // A PKCS #1 key in DER: a sequence of integers, which no structure here is.
    ("der-integers", "\u{30}\u{06}\u{02}\u{01}\u{00}\u{02}\u{01}\u{05}", "application/octet-stream"),
  ])
  func lookalikesKeepTheirType(_ name: String, _ text: String, _ type: String) throws {
    let (found, reason) = try Self.sniff(name, Array(text.utf8))
    #expect(found == type, "\(reason)")
  }

  // MARK: the table

  /// docs/architecture.md lists the stages of `DetectorOrder` in its order, each with when it runs.
  @Test func theDetectorOrderIsTheDocumentedOne() throws {
    let text = try String(contentsOfFile: repositoryRoot + "/docs/architecture.md", encoding: .utf8)
    let section = try #require(text.components(separatedBy: "## Detector order").dropFirst().first)
      .components(separatedBy: "\n## ").first ?? ""
    let documented = section.split(separator: "\n").compactMap { line -> String? in
      guard let match = line.firstMatch(of: /^\d+\. `([a-z-]+)` \(([a-z ]+)\):/) else { return nil }
      return "\(match.1) (\(match.2))"
    }
    #expect(documented == DetectorOrder.stages.map { "\($0.name) (\($0.when.rawValue))" })
    // The signature layer is exactly the after-libmagic stages, in order.
    #expect(SignatureTable.entries.map(\.name) == DetectorOrder.stages.filter { $0.when == .afterLibmagic }.flatMap { $0.detectors.map(\.name) })
    #expect(DetectorOrder.stages.allSatisfy { ($0.when == .afterLibmagic) != $0.detectors.isEmpty })
  }

  /// docs/sniffing.md's table of detectors names every detector of the signature layer.
  @Test func detectorNamesAreUniqueAndTheDocsListThem() throws {
    let names = SignatureTable.entries.map(\.name)
    #expect(Set(names).count == names.count)
    let page = try String(contentsOfFile: repositoryRoot + "/docs/sniffing.md", encoding: .utf8)
    let table = try #require(page.components(separatedBy: "### The detectors").dropFirst().first)
      .components(separatedBy: "\n## ").first ?? ""
    for name in names {
      #expect(table.contains("`\(name)`"), "docs/sniffing.md's table does not list the detector \(name)")
    }
  }

  /// Names the detectors give that shared-mime-info 2.2 lacks: IANA-registered ones
  /// (image/vnd.radiance, application/vnd.ms-fontobject, application/onenote,
  /// application/vnd.ms-outlook, image/jxr, application/tzif, application/vnd.shp and .shx,
  /// application/marc, application/wasm, image/vnd.fpx), StarOffice 3 and 4 as later freedesktop
  /// databases name them, and libmagic's own for shell links and Windows Installer patches.
  static let namedElsewhere: Set<String> = [
    "image/vnd.radiance", "application/vnd.ms-fontobject", "application/onenote", "application/vnd.ms-outlook",
    "image/jxr", "application/x-ms-shortcut", "application/tzif", "application/vnd.shp", "application/vnd.shx",
    "application/marc", "application/x-ms-patch", "application/wasm", "image/vnd.fpx",
    // StarOffice 3 and 4, as freedesktop's later databases (2.4) name them.
    "application/x-starwriter", "application/x-starwriter-global", "application/x-starcalc", "application/x-starimpress",
    "application/x-starchart", "application/x-starmath",
    // Apache's data formats: Parquet and Arrow registered with IANA; ORC and Avro as data tools
    // and the other sniffers name them.
    "application/vnd.apache.parquet", "application/vnd.apache.arrow.file", "application/vnd.apache.orc", "application/avro",
    // JPEG-LS, as IANA registered it.
    "image/jls",
    // QCELP audio, as RFC 3625 registered it.
    "audio/qcelp",
    // Python bytecode, as libmagic names it.
    "application/x-bytecode.python",
  ]

  /// Every type a byte signature, a compound file or a brand gives is one shared-mime-info
  /// knows (by name or alias) or one of the few registered elsewhere: the names are the
  /// well-kept ones, not share-route's own.
  @Test(arguments: ByteSignatures.entries.map(\.type) + CompoundFile.formats.map(\.type) + Array(ISOMedia.brands.values))
  func signatureTypesAreKnownNames(_ type: String) {
    #expect(SharedMimeInfo.isKnown(type) || Self.namedElsewhere.contains(type), "\(type)")
  }

  // MARK: heads built field by field

  /// A TIFF whose first directory holds Make (and SubIFDs, and a compression, when given), in
  /// either byte order.
  static func tiff(make: String, subIFDs: Bool, compression: UInt16?, little: Bool = true) -> [UInt8] {
    func bytes(_ value: Int, _ width: Int) -> [UInt8] {
      let le = (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
      return little ? le : le.reversed()
    }
    var fields: [(tag: Int, type: Int, count: Int, value: [UInt8])] = []
    if let compression { fields.append((259, 3, 1, bytes(Int(compression), 2) + [0, 0])) }
    let makeBytes = Array(make.utf8) + [0]
    let entries = (subIFDs ? 1 : 0) + fields.count + 1
    let makeOffset = 8 + 2 + 12 * entries + 4
    fields.append((271, 2, makeBytes.count, bytes(makeOffset, 4)))
    if subIFDs { fields.append((330, 4, 1, bytes(makeOffset + makeBytes.count, 4))) }
    var head: [UInt8] = (little ? [0x49, 0x49, 0x2A, 0x00] : [0x4D, 0x4D, 0x00, 0x2A]) + bytes(8, 4) + bytes(entries, 2)
    for field in fields.sorted(by: { $0.tag < $1.tag }) {
      head += bytes(field.tag, 2) + bytes(field.type, 2) + bytes(field.count, 4) + field.value
    }
    return head + bytes(0, 4) + makeBytes + Array(repeating: 0, count: 64)
  }

  /// Camera raw in TIFF/EP: a known maker and SubIFDs; NRW is Nikon's with a JPEG first
  /// directory; a maker's plain TIFF, or another maker's raw, is left to libmagic and the name.
  @Test(arguments: [
    ("NIKON CORPORATION", true, 1, true, "image/x-nikon-nef"), ("NIKON", true, 6, true, "image/x-nikon-nrw"),
    ("NIKON", true, 6, false, "image/x-nikon-nrw"), ("NIKON CORPORATION", true, nil, false, "image/x-nikon-nef"),
    ("SONY", true, 6, true, "image/x-sony-arw"), ("PENTAX Corporation", true, 1, false, "image/x-pentax-pef"),
    ("NIKON CORPORATION", false, 1, true, nil), ("Canon", true, 6, true, nil), ("Nikonos fan club", true, 1, true, nil),
  ] as [(String, Bool, UInt16?, Bool, String?)])
  func cameraRawByMakerAndSubIFDs(_ make: String, _ subIFDs: Bool, _ compression: UInt16?, _ little: Bool, _ type: String?) {
    let head = Self.tiff(make: make, subIFDs: subIFDs, compression: compression, little: little)
    #expect(TIFFDirectory.cameraRaw(head)?.type == type)
    #expect(TIFFDirectory.camera(head)?.make == make)
  }

  /// WebAssembly's magic, then any version a binary has had (1, or the 2016 previews' 0x0D), or
  /// nothing; not four NUL bytes, not a version above 255.
  @Test(arguments: [
    ([0x00, 0x61, 0x73, 0x6D, 0x01, 0x00, 0x00, 0x00], true), ([0x00, 0x61, 0x73, 0x6D, 0x0D, 0x00, 0x00, 0x00], true),
    ([0x00, 0x61, 0x73, 0x6D], true), ([0x00, 0x61, 0x73, 0x6D, 0x00, 0x00, 0x00, 0x00], false),
    ([0x00, 0x61, 0x73, 0x6D, 0x01, 0x02, 0x00, 0x00], false), ([0x00, 0x61, 0x73, 0x6D, 0x01], false),
  ] as [([UInt8], Bool)])
  func webAssemblyVersions(_ head: [UInt8], _ isWasm: Bool) throws {
    let entry = try #require(ByteSignatures.entries.first { $0.name == "wasm" })
    #expect(entry.matches(head) == isWasm)
  }

  /// Python 3 bytecode by its magic number (3.0–3.99), CR LF and PEP 552's flags; Python 2's
  /// numbers and text are not.
  @Test(arguments: [
    ([0xA7, 0x0D, 0x0D, 0x0A, 0, 0, 0, 0], true), ([0x00, 0x0E, 0x0D, 0x0A, 0, 0, 0, 0], true),
    ([0x42, 0x0D, 0x0D, 0x0A, 0x01, 0, 0, 0], true), ([0xA7, 0x0D, 0x0D, 0x0A, 0x04, 0, 0, 0], false),
    ([0x03, 0xF3, 0x0D, 0x0A, 0, 0, 0, 0], false), ([0x6F, 0x6B, 0x0D, 0x0A, 0x68, 0x69, 0x0D, 0x0A], false),
  ] as [([UInt8], Bool)])
  func pythonBytecodeMagic(_ head: [UInt8], _ isBytecode: Bool) throws {
    let entry = try #require(ByteSignatures.entries.first { $0.name == "python-bytecode" })
    #expect(entry.matches(head) == isBytecode)
  }

  /// A PNG of the chunks given: APNG when acTL comes before the first IDAT.
  @Test(arguments: [
    (["IHDR", "acTL", "fcTL", "IDAT", "IEND"], true), (["IHDR", "tEXt", "acTL", "IDAT"], true),
    (["IHDR", "IDAT", "acTL", "IEND"], false), (["IHDR", "IDAT", "IEND"], false), (["IHDR", "IEND"], false),
  ])
  func animatedPNGsHaveAnimationControlFirst(_ chunks: [String], _ isAnimated: Bool) {
    var head = ByteSignatures.png
    for chunk in chunks {
      let data = [UInt8](repeating: 0, count: chunk == "tEXt" ? 300 : 13)
      head += [0, 0, UInt8(data.count >> 8), UInt8(data.count & 0xFF)] + Array(chunk.utf8) + data + [0, 0, 0, 0]
    }
    #expect(MediaContainers.isAnimatedPNG(head) == isAnimated)
  }

  // MARK: extensions libmagic leaves open (shared-mime-info)

  @Test(arguments: [
    ("7z", "application/x-7z-compressed", false), ("psd", "image/vnd.adobe.photoshop", false),
    ("ico", "image/vnd.microsoft.icon", false), ("sqlite3", "application/vnd.sqlite3", false),
    ("ttf", "font/ttf", false), ("vtt", "text/vtt", true), ("sh", "text/x-shellscript", true),
    ("kml", "application/vnd.google-earth.kml+xml", true), ("gpx", "application/gpx+xml", true),
    ("geojson", "application/geo+json", true), ("xhtml", "application/xhtml+xml", true),
    ("au", "audio/basic", false), ("eml", "message/rfc822", true), ("doc", "application/msword", false),
    ("xls", "application/vnd.ms-excel", false), ("ppt", "application/vnd.ms-powerpoint", false),
    ("msi", "application/x-msi", false), ("pub", "application/vnd.ms-publisher", false),
    ("PSD", "image/vnd.adobe.photoshop", false),
  ])
  func extensionsNameTheirType(_ ext: String, _ type: String, _ isText: Bool) throws {
    #expect(NameRule.candidates(ext).first == type)
    #expect(TypePolicy.isTextType(type) == isText)
  }

  /// An extension several formats claim at the same weight names them all; the content chooses.
  @Test(arguments: [
    ("m3u8", ["application/vnd.apple.mpegurl", "audio/x-mpegurl"]), ("m", ["text/x-objcsrc", "text/x-matlab"]),
    ("sub", ["text/x-microdvd", "text/x-mpsub", "text/x-subviewer"]), ("t", ["application/x-perl", "text/troff"]),
    ("ui", ["application/x-designer", "application/x-gtk-builder"]),
    ("service", ["text/x-dbus-service", "text/x-systemd-unit"]),
  ])
  func ambiguousExtensionsNameEveryClaim(_ ext: String, _ types: [String]) {
    let candidates = NameRule.candidates(ext)
    #expect(types.allSatisfy { type in candidates.contains { TypeIdentifier.forMIMEType($0) == TypeIdentifier.forMIMEType(type) || $0 == type } })
  }

  // MARK: structured-syntax suffixes (RFC 6839)

  @Test(arguments: [
    ("application/gpx+xml", "xml", "public.xml"), ("application/vnd.garmin.tcx+xml", "xml", "public.xml"),
    ("model/gltf+json", "json", "public.json"), ("application/vnd.cyclonedx+json", "json", "public.json"),
    ("application/geo+json", "json", "public.json"), ("application/vnd.google-earth.kml+xml", "xml", "public.xml"),
  ])
  func suffixesConformToTheirSyntax(_ type: String, _ suffix: String, _ syntax: String) {
    #expect(MediaType.structuredSuffix(type) == suffix)
    let uti = TypeIdentifier.forContent(mimeType: type)
    #expect(TypeIdentifier.conforms(uti, to: syntax), "\(uti)")
    #expect(TypeIdentifier.conforms(uti, to: TypeIdentifier.text))
  }

  @Test(arguments: ["application/pdf", "image/svg", "application/+xml", "text/plain", "application/xml"])
  func typesWithoutASuffix(_ type: String) {
    #expect(MediaType.structuredSuffix(type) == nil)
  }

  /// The reported-type policy: XML or JSON content allows a reported dialect of its syntax, and
  /// no other.
  @Test(arguments: [
    ("application/xml", "application/gpx+xml", true), ("application/json", "model/gltf+json", true),
    ("application/xml", "model/gltf+json", false), ("application/json", "application/gpx+xml", false),
    ("application/xml", "application/pdf", false),
  ])
  func xmlAndJSONContentAllowTheirDialects(_ content: String, _ reported: String, _ allowed: Bool) {
    #expect(TypePolicy.allows(content: content, reported: reported) == allowed)
  }

  // MARK: certificates, keys and signatures (DER and PEM)

  /// The names type tables give certificate files are kept as reports on them, as apps filter
  /// for those names: `application/x-pkcs12` (freedesktop's alias of `application/pkcs12`) and
  /// `application/x-x509-ca-cert`, which names what a certificate is for. A report of another
  /// format is corrected.
  @Test(arguments: [
    ("pki-identity", "application/x-pkcs12", "application/x-pkcs12", false),
    ("pki-cert", "application/x-x509-ca-cert", "application/x-x509-ca-cert", false),
    ("pki-cert", "application/x-x509-user-cert", "application/x-x509-user-cert", false),
    ("pki-cert", "application/pkcs12", "application/pkix-cert", true),
    ("pki-identity", "application/x-x509-ca-cert", "application/pkcs12", true),
    ("pki-bundle", "application/x-pkcs7-certificates", "application/x-pkcs7-certificates", false),
    ("pki-bundle", "application/pkcs7-signature", "application/x-pkcs7-certificates", true),
  ])
  func certificateReports(_ file: String, _ reported: String, _ type: String, _ corrected: Bool) throws {
    let item = try Sniffer().item(path: Self.directory + "/" + file, reportedType: reported)
    #expect(item.type == type, "\(item.reason ?? "no reason")")
    #expect(item.corrected == corrected)
  }

  /// DER that is none of the structures, or is cut short, and PEM blocks that do not decode to
  /// one, keep libmagic's answer: the shapes need their whole nesting and the file's length.
  @Test(arguments: [
    // A certificate cut before its end: its outermost length runs past the file.
    ("cut-certificate", "pki-cert", 300, "application/octet-stream"),
    // A certificate with a byte appended: the outermost element no longer spans the file.
    ("certificate-and-more", "pki-cert", -1, "application/octet-stream"),
    // PKCS #7 is decided by its content type's identifier, also when cut.
    ("cut-bundle", "pki-bundle", 64, "application/x-pkcs7-certificates"),
    ("cut-signature", "detached.p7s", 40, "application/pkcs7-signature"),
  ])
  func derThatIsNotWhole(_ name: String, _ source: String, _ keep: Int, _ type: String) throws {
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.directory + "/" + source)))
    if keep > 0 { bytes = Array(bytes.prefix(keep)) } else { bytes.append(0) }
    let (found, reason) = try Self.sniff(name, bytes)
    #expect(found == type, "\(reason)")
  }


  /// A PEM block after explanatory text — a CA bundle's comments or titles, OpenSSL's `-text`
  /// dump, `Bag Attributes` — is read too, when the file ends with a block; certificates only
  /// where the block does not start the file, as freedesktop's rule names those. A document that
  /// quotes a block and goes on is no key.
  @Test(arguments: [
    ("", "CERTIFICATE", "pki-cert", "", "application/pkix-cert", "freedesktop-magic"),
    ("\n", "CERTIFICATE", "pki-cert", "", "application/pkix-cert", "pem"),
    ("# Issuer: CN=share-route 1\n# Label: \"share-route\"\n\n", "CERTIFICATE", "pki-cert", "", "application/pkix-cert", "pem"),
    ("\nshare-route Root CA\n===================\n", "CERTIFICATE", "pki-cert", "\n", "application/pkix-cert", "pem"),
    ("Certificate:\n    Data:\n        Version: 3 (0x2)\n", "CERTIFICATE", "pki-cert", "", "application/pkix-cert", "pem"),
    ("Bag Attributes\n    localKeyID: 01 02\nKey Attributes: <No Attributes>\n", "PRIVATE KEY", "pki-key-der", "",
     "application/pkcs8", "pem"),
    ("Certificate Revocation List (CRL):\n        Version 2 (0x1)\n", "X509 CRL", "pki-crl", "", "application/pkix-crl", "pem"),
    ("Dear admin, the key is below.\n", "PRIVATE KEY", "pki-key-der", "", "application/pkcs8", "pem"),
    ("# Setting up TLS\n\nPut this in the server's key file:\n\n", "PRIVATE KEY", "pki-key-der",
     "\nThen restart the server.\n", "text/plain", nil),
    // A certificate request's label, with the DER of a key: the structure decides, not the label.
    ("", "CERTIFICATE REQUEST", "pki-key-der", "", "application/pkcs8", "pem"),
  ])
  func pemAfterExplanatoryText(
    _ preamble: String, _ label: String, _ source: String, _ after: String, _ type: String, _ detector: String?
  ) throws {
    let der = try Data(contentsOf: URL(fileURLWithPath: Self.directory + "/" + source))
    let body = der.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
    let text = preamble + "-----BEGIN \(label)-----\n" + body + "\n-----END \(label)-----\n" + after
    let (found, reason) = try Self.sniff("block", Array(text.utf8))
    #expect(found == type, "\(reason)")
    if let detector { #expect(reason.hasSuffix("(detector \(detector))"), "\(reason)") }
  }

  /// The DER reader never traps and always ends: 3,000 variants of the fixtures from a fixed
  /// seed, each with bytes overwritten (tags, lengths of up to four bytes, indefinite lengths)
  /// and cut at a random place. A cut or changed file may still be a structure, but never a
  /// type outside the family.
  @Test func changedDERNeverTraps() throws {
    let family: Set<String> = [
      "application/pkcs7-signature", "application/pkcs7-mime", "application/x-pkcs7-certificates", "application/pkcs12",
      "application/pkcs8", "application/pkcs8-encrypted", "application/pkix-cert", "application/pkix-crl",
      "application/pkcs10", "application/pkix-pkipath",
    ]
    let sources = try ["pki-cert", "pki-bundle", "pki-identity", "pki-key-der", "pki-key-sealed-der", "pki-request-der", "pki-crl",
      "pki-path", "pki-signed", "pki-sealed", "detached.p7s"].map {
      try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.directory + "/" + $0)))
    }
    var state: UInt64 = 0xDE2_5EED
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    var answered = 0
    for _ in 0..<3000 {
      var bytes = sources[next() % sources.count]
      for _ in 0..<(1 + next() % 4) {
        let at = next() % bytes.count
        bytes[at] = [0x30, 0x31, 0x80, 0x84, 0xFF, 0x00, 0xA0, 0x06, UInt8(truncatingIfNeeded: next())][next() % 9]
      }
      bytes = Array(bytes.prefix(1 + next() % bytes.count))
      guard let kind = DERObjects.identify(bytes, size: next() % 2 == 0 ? bytes.count : nil) else { continue }
      answered += 1
      #expect(family.contains(kind.type))
    }
    #expect(answered > 0)
  }

  /// An SGI image needs its header's fields, not the magic alone: ImageMagick's image with one
  /// field changed to a value the format does not have is unknown data.
  @Test(arguments: [
    (-1, 0, "image/x-sgi"),  // unchanged
    (2, 2, "application/octet-stream"),  // storage 2
    (3, 3, "application/octet-stream"),  // 3 bytes per channel
    (5, 4, "application/octet-stream"),  // 4 dimensions
    (11, 5, "application/octet-stream"),  // 5 channels
    (107, 9, "application/octet-stream"),  // colormap 9
  ])
  func sgiNeedsItsFields(_ offset: Int, _ value: UInt8, _ type: String) throws {
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.directory + "/tile-sgi")))
    if offset >= 0 { bytes[offset] = value }
    let (found, reason) = try Self.sniff("image", bytes)
    #expect(found == type, "\(reason)")
  }

  /// The type of a file of these bytes, and the reason.
  static func sniff(_ name: String, _ bytes: [UInt8]) throws -> (String, String) {
    let directory = NSTemporaryDirectory() + "share-route-signature-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let item = try Sniffer().item(path: path, reportedType: nil)
    return (item.type, item.reason ?? "no reason")
  }

  // MARK: ISO media brands against their kind

  /// Every brand here, in a minimal `ftyp` box, gets a type of its kind: libmagic's where it is
  /// right, the brand table's where libmagic misses it (XAVC, kddi, …). A brand alone never
  /// changes libmagic's kind: these boxes have no tracks, so M4P stays video and MSNV audio.
  @Test(arguments: [
    ("M4A ", "audio/mp4"), ("M4B ", "audio/x-m4b"), ("M4P ", "video/mp4"), ("F4A ", "audio/mp4"), ("F4B ", "audio/mp4"),
    ("NDAS", "audio/mp4"), ("M4V ", "video/x-m4v"), ("isom", "video/mp4"), ("mp41", "video/mp4"), ("mp42", "video/mp4"),
    ("avc1", "video/mp4"), ("iso2", "video/mp4"), ("dash", "video/mp4"), ("F4V ", "video/mp4"), ("F4P ", "video/mp4"),
    ("MSNV", "audio/mp4"), ("XAVC", "video/mp4"), ("caqv", "video/mp4"), ("qt  ", "video/quicktime"),
    ("3gp4", "video/3gpp"), ("3g2a", "video/3gpp2"), ("kddi", "video/3gpp2"), ("mjp2", "video/mj2"),
    ("heic", "image/heic"), ("mif1", "image/heif"), ("avif", "image/avif"), ("crx ", "image/x-canon-cr3"),
  ])
  func brandsHaveTheirKind(_ brand: String, _ type: String) throws {
    var box: [UInt8] = [0, 0, 0, 24] + Array("ftyp".utf8) + Array(brand.utf8) + [0, 0, 0, 0] + Array(brand.utf8) + Array("isom".utf8)
    box += [0, 0, 0, 8] + Array("free".utf8)
    let path = NSTemporaryDirectory() + "share-route-brand-\(UUID().uuidString)"
    try Data(box).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let item = try Sniffer().item(path: path, reportedType: nil)
    #expect(item.type == type, "\(item.reason ?? "libmagic: \(item.sniffedType ?? "")")")
  }

  // MARK: compound files

  @Test(arguments: [
    ([("WordDocument", 2)], "application/msword"), ([("Workbook", 2)], "application/vnd.ms-excel"),
    ([("Book", 2)], "application/vnd.ms-excel"), ([("PowerPoint Document", 2)], "application/vnd.ms-powerpoint"),
    ([("__substg1.0_0037001F", 2)], "application/vnd.ms-outlook"), ([("Quill", 1)], "application/vnd.ms-publisher"),
    ([("VisioDocument", 2)], "application/vnd.visio"),
    // An Outlook message with an attached Word document is a message.
    ([("WordDocument", 2), ("__substg1.0_1000001F", 2)], "application/vnd.ms-outlook"),
    ([("Data", 2)], nil), ([("Contents", 2), ("SummaryInformation", 2)], nil),
  ] as [([(String, UInt8)], String?)])
  func compoundDirectoriesNameTheirFormat(_ entries: [(String, UInt8)], _ type: String?) {
    let root = CompoundFile.Entry(name: "Root Entry", objectType: 5, clsid: "00000000-0000-0000-0000-000000000000")
    let found = CompoundFile.classify([root] + entries.map { CompoundFile.Entry(name: $0.0, objectType: $0.1, clsid: root.clsid) })
    #expect(found?.type == type)
  }

  @Test func rootClassesDecide() {
    let msi = CompoundFile.Entry(name: "Root Entry", objectType: 5, clsid: "000C1084-0000-0000-C000-000000000046")
    #expect(CompoundFile.classify([msi])?.type == "application/x-msi")
  }
}

/// A dialect on both platforms: iOS takes it where its syntax is accepted (the UTI tree),
/// Android only where a filter names it or a wildcard covers it (AOSP matches types exactly),
/// and the refusal says why.
@Suite struct DialectRoutingTests {
  static let manifests: [String: String] = [
    "xml-ios.yaml": """
      id: xml.ios
      label: XML on iOS
      ios:
        activationRule: "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \\"public.xml\\").@count >= 1).@count == 1"
      """,
    "json-ios.yaml": """
      id: json.ios
      label: JSON on iOS
      ios:
        activationRule: "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \\"public.json\\").@count >= 1).@count == 1"
      """,
    "xml-android.yaml": """
      id: xml.android
      label: XML on Android
      android:
        intentFilters:
          - actions: [SEND]
            mimeTypes: ["application/xml"]
      """,
    "any-android.yaml": """
      id: any.android
      label: Anything on Android
      android:
        intentFilters:
          - actions: [SEND]
            mimeTypes: ["application/*"]
      """,
  ]

  @Test(arguments: [
    ("ride.gpx", ["any.android", "xml.ios"]),
    ("places.kml", ["any.android", "xml.ios"]),
    ("run.tcx", ["any.android", "xml.ios"]),
    ("places.geojson", ["any.android", "json.ios"]),
    ("scene.gltf", ["json.ios"]),  // model/gltf+json: application/* does not cover model/*
    ("plain.xml", ["any.android", "xml.android", "xml.ios"]),
  ])
  func dialectsReachTheirSyntax(_ file: String, _ accepted: [String]) throws {
    let directory = NSTemporaryDirectory() + "share-route-dialects-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for (name, text) in Self.manifests {
      try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
    }
    let set = ManifestLoader.load(paths: [directory])
    #expect(set.errors.map(\.description) == [])
    let item = try Sniffer().item(path: SignatureTests.directory + "/" + file, reportedType: nil)
    let route = try Router(set).route(items: [item])
    #expect(route.accepted.map(\.id).sorted() == accepted)
    if !accepted.contains("xml.android") {
      let refusal = try #require(route.rejected.first { $0.id == "xml.android" })
      let message = refusal.reasons.map(\.message).joined()
      #expect(message.contains("does not match application/xml"))
      #expect(message.contains("Android compares types exactly") == (MediaType.structuredSuffix(item.type) == "xml"))
    }
  }
}

/// An Office Open XML file's kind is its main part's content type in `[Content_Types].xml`:
/// templates, macro-enabled files, slide shows and add-ins share the plain document's part names.
@Suite struct OfficeMainPartTests {
  @Test(arguments: [
    ("xl/workbook.xml", "application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml",
     "application/vnd.openxmlformats-officedocument.spreadsheetml.template"),
    ("xl/workbook.xml", "application/vnd.ms-excel.sheet.macroEnabled.main+xml", "application/vnd.ms-excel.sheet.macroEnabled.12"),
    ("word/document.xml", "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml",
     "application/vnd.openxmlformats-officedocument.wordprocessingml.template"),
    ("word/document.xml", "application/vnd.ms-word.template.macroEnabledTemplate.main+xml", "application/vnd.ms-word.template.macroEnabled.12"),
    ("ppt/presentation.xml", "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml",
     "application/vnd.openxmlformats-officedocument.presentationml.slideshow"),
    ("ppt/presentation.xml", "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml",
     "application/vnd.openxmlformats-officedocument.presentationml.template"),
    // Visio: freedesktop's database names each file by its main part's own type.
    ("visio/document.xml", "application/vnd.ms-visio.template.main+xml", "application/vnd.ms-visio.template.main+xml"),
    ("visio/document.xml", "application/vnd.ms-visio.stencil.macroEnabled.main+xml",
     "application/vnd.ms-visio.stencil.macroEnabled.main+xml"),
    // Case differs from the registration: still the same type.
    ("ppt/presentation.xml", "application/vnd.ms-powerpoint.slideshow.macroenabled.main+xml",
     "application/vnd.ms-powerpoint.slideshow.macroEnabled.12"),
  ])
  func theMainPartTypeNamesTheDocument(_ part: String, _ declared: String, _ type: String) throws {
    let text = """
      <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/>\
      <Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>\
      <Override PartName="/\(part)" ContentType="\(declared)"/></Types>
      """
    let found = try #require(ZipContainer.overrideType(of: part, in: Array(text.utf8)))
    #expect(found == declared)
    #expect(ZipContainer.mainPartTypes[found.lowercased()] == type)
    // Every type a main part names is one freedesktop's database knows.
    #expect(SharedMimeInfo.isKnown(type), "\(type)")
  }

  @Test func anotherPartsOverrideIsNotTheMainPart() {
    let text = #"<Types><Override PartName="/xl/workbook.xml.bak" ContentType="x/y"/><Override PartName="/xl/styles.xml" ContentType="a/b"/></Types>"#
    #expect(ZipContainer.overrideType(of: "xl/workbook.xml", in: Array(text.utf8)) == nil)
  }
}
