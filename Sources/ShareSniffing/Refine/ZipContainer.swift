import ShareArchives
import ShareVocabulary

/// What a ZIP file holds, from its central directory (PKWARE APPNOTE 4.3.12–4.3.16), not from
/// its first member: Office Open XML in any part order, OpenDocument and EPUB wherever their
/// `mimetype` member is, XPS and OpenXPS by their package relationships, APK, JAR, IPA, Mozilla
/// add-ons and OpenOffice.org extensions by the members they always have.
///
/// Reads the end of central directory record from the last 64 KiB + 22 bytes (ZIP64 too), then at
/// most ``FileWindow/regionLimit`` bytes of the directory, and a few small members (`mimetype`,
/// `[Content_Types].xml`, `_rels/.rels`, `META-INF/manifest.xml`), each at most 64 KiB compressed. A directory larger than that is read as far as the bound allows.
enum ZipContainer {
  /// Types libmagic gives ZIP-based files (or gives up on with, for reordered OOXML): the
  /// answers this reader may replace.
  static let answers: Set<String> = [
    "application/zip", "application/octet-stream", "application/java-archive",
    "application/vnd.android.package-archive", "application/epub+zip",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    "application/vnd.ms-visio.drawing.main+xml",
    "application/vnd.oasis.opendocument.text", "application/vnd.oasis.opendocument.spreadsheet",
    "application/vnd.oasis.opendocument.presentation", "application/vnd.oasis.opendocument.graphics",
  ]

  /// A member's local header: how a ZIP file starts.
  static let localHeader = "PK\u{3}\u{4}".bytes
  /// The end-of-central-directory record: how an empty archive starts, and how every archive ends
  /// (before its comment).
  static let endRecord = "PK\u{5}\u{6}".bytes

  /// What was found: the type, and the member that decided it.
  struct Finding: Equatable {
    var type: String
    var evidence: String
    /// The types only a name tells apart here (see `Signature.Finding`).
    var onlyANameTells: Set<String> = []
  }

  /// The type of a ZIP file, or `nil` when it is not a readable ZIP.
  static func identify(_ window: inout FileWindow) -> Finding? {
    guard window.head.has(localHeader) || window.head.has(endRecord) else { return nil }
    guard let entries = centralDirectory(&window) else { return nil }
    return classify(entries, window: &window)
  }

  typealias Entry = ZipArchive.Entry

  /// The entries of the directory's first ``FileWindow/regionLimit`` bytes, up to the first
  /// damaged one (``ZipDirectory``, the reader artifacts use too), or `nil` when it has none.
  static func centralDirectory(_ window: inout FileWindow) -> [Entry]? {
    try? ZipDirectory.entries(size: window.size, extent: .prefix(bytes: FileWindow.regionLimit)) {
      (offset, count, what) throws(ZipArchive.Failure) in try exactly(&window, offset, count, what)
    }
  }

  /// Exactly `count` bytes at `offset` of the window, or the failure of a ZIP read past its end.
  private static func exactly(_ window: inout FileWindow, _ offset: Int, _ count: Int, _ what: String) throws(ZipArchive.Failure)
    -> [UInt8]
  {
    let bytes = window.bytes(at: offset, count: count)
    guard bytes.count == count else { throw .truncated(what, offset: offset) }
    return bytes
  }

  /// The OpenDocument types (told by their `mimetype` member or their manifest).
  static let openDocumentByExtension: [String: String] = [
    "odt": "application/vnd.oasis.opendocument.text",
    "ods": "application/vnd.oasis.opendocument.spreadsheet",
    "odp": "application/vnd.oasis.opendocument.presentation",
    "odg": "application/vnd.oasis.opendocument.graphics",
    "odf": "application/vnd.oasis.opendocument.formula",
  ]

  /// Office Open XML documents by their main part: folder, main part, type, macro-enabled type
  /// (the type when `[Content_Types].xml` cannot say more). Types are spelt as registered (and as
  /// Android's type map and freedesktop's database spell them: Android matches case-sensitively).
  static let officeDocuments: [(folder: String, mainPart: String, type: String, macroType: String)] = [
    ("word", "word/document.xml", "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
     "application/vnd.ms-word.document.macroEnabled.12"),
    ("xl", "xl/workbook.xml", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
     "application/vnd.ms-excel.sheet.macroEnabled.12"),
    ("ppt", "ppt/presentation.xml", "application/vnd.openxmlformats-officedocument.presentationml.presentation",
     "application/vnd.ms-powerpoint.presentation.macroEnabled.12"),
    // Visio 2013 and later ([MS-VSDX]); freedesktop's database names each by its main part's type.
    ("visio", "visio/document.xml", "application/vnd.ms-visio.drawing.main+xml",
     "application/vnd.ms-visio.drawing.macroEnabled.main+xml"),
  ]

  /// The document each main part's content type in `[Content_Types].xml` makes (ECMA-376 Part 1
  /// and [MS-OFFMACRO]/[MS-OE376]): templates, macro-enabled documents and templates, slide shows
  /// and add-ins, which share their main part's name with the plain document; Visio's drawings,
  /// templates and stencils ([MS-VSDX]). Keys lower-cased.
  static let mainPartTypes: [String: String] = {
    let pairs: [(String, String)] = [
      ("application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
       "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
      ("application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml",
       "application/vnd.openxmlformats-officedocument.wordprocessingml.template"),
      ("application/vnd.ms-word.document.macroEnabled.main+xml", "application/vnd.ms-word.document.macroEnabled.12"),
      ("application/vnd.ms-word.template.macroEnabledTemplate.main+xml", "application/vnd.ms-word.template.macroEnabled.12"),
      ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
       "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
      ("application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml",
       "application/vnd.openxmlformats-officedocument.spreadsheetml.template"),
      ("application/vnd.ms-excel.sheet.macroEnabled.main+xml", "application/vnd.ms-excel.sheet.macroEnabled.12"),
      ("application/vnd.ms-excel.template.macroEnabled.main+xml", "application/vnd.ms-excel.template.macroEnabled.12"),
      ("application/vnd.ms-excel.addin.macroEnabled.main+xml", "application/vnd.ms-excel.addin.macroEnabled.12"),
      ("application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
       "application/vnd.openxmlformats-officedocument.presentationml.presentation"),
      ("application/vnd.openxmlformats-officedocument.presentationml.template.main+xml",
       "application/vnd.openxmlformats-officedocument.presentationml.template"),
      ("application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml",
       "application/vnd.openxmlformats-officedocument.presentationml.slideshow"),
      ("application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml", "application/vnd.ms-powerpoint.presentation.macroEnabled.12"),
      ("application/vnd.ms-powerpoint.slideshow.macroEnabled.main+xml", "application/vnd.ms-powerpoint.slideshow.macroEnabled.12"),
      ("application/vnd.ms-powerpoint.template.macroEnabled.main+xml", "application/vnd.ms-powerpoint.template.macroEnabled.12"),
    ] + TypeIdentifier.packagesNamedForTheirMainPart.map { ($0, $0) }  // Visio's: the file has its main part's type
    return Dictionary(pairs.map { ($0.0.lowercased(), $0.1) }, uniquingKeysWith: { first, _ in first })
  }()

  /// The content type `[Content_Types].xml` gives a part (its `<Override PartName="/part">`).
  static func overrideType(of part: String, in contentTypes: [UInt8]) -> String? {
    let wanted = "/" + part.lowercased()
    for element in elements(contentTypes, limit: 10_000) where element.starts(with: "Override".utf8) {
      guard attribute("PartName", in: element)?.lowercased() == wanted else { continue }
      return attribute("ContentType", in: element)
    }
    return nil
  }

  /// The elements of XML text, each from after its `<` up to the next `<`: at most `limit` of them.
  /// Read as bytes: markup is ASCII, and walking a string's characters costs more than the rest of
  /// the ZIP's reading.
  private static func elements(_ text: [UInt8], limit: Int) -> ArraySlice<ArraySlice<UInt8>> {
    text.split(separator: UInt8(ascii: "<")).prefix(limit)
  }

  /// An attribute's value in an element's text (`Name="value"`), or `nil`: `[Content_Types].xml`'s
  /// overrides and an ODF manifest's entries.
  private static func attribute(_ name: String, in element: ArraySlice<UInt8>) -> String? {
    guard let start = element.firstRange(of: (name + "=\"").bytes) else { return nil }
    let rest = element[start.upperBound...]
    guard let end = rest.firstIndex(of: UInt8(ascii: "\"")) else { return nil }
    return String(decoding: rest[..<end], as: UTF8.self)
  }

  static func classify(_ entries: [Entry], window: inout FileWindow) -> Finding {
    let names = Set(entries.map(\.name))
    // ODF and EPUB name their type in a stored `mimetype` member, wherever it is.
    if let member = entries.first(where: { $0.name == "mimetype" }),
      let declared = storedText(member, window: &window), declared.hasPrefix("application/"),
      MediaTypeSyntax.isPlain(declared)
    {
      return Finding(type: declared, evidence: SniffMessages.Evidence.mimetypeMember(declared))
    }
    if names.contains("[Content_Types].xml") {
      for office in officeDocuments where names.contains(office.mainPart) {
        // The main part's content type tells a template, a slide show or a macro-enabled file.
        if let member = entries.first(where: { $0.name == "[Content_Types].xml" }),
          let contentTypes = memberBytes(member, window: &window, limit: 65_536),
          let declared = overrideType(of: office.mainPart, in: contentTypes), let type = mainPartTypes[declared.lowercased()],
          type != office.type
        {
          return Finding(type: type, evidence: SniffMessages.Evidence.mainPartType(office.mainPart, declared))
        }
        let macros = names.contains("\(office.folder)/vbaProject.bin")
        return Finding(type: macros ? office.macroType : office.type, evidence: SniffMessages.Evidence.holds(office.mainPart))
      }
    }
    // 3D Manufacturing Format: an OPC package whose model part is under 3D/ (3MF Core
    // Specification §2.1: conventionally /3D/3dmodel.model).
    if names.contains("[Content_Types].xml"), let model = entries.first(where: { $0.name.hasPrefix("3D/") && $0.name.hasSuffix(".model") }) {
      return Finding(type: "model/3mf", evidence: SniffMessages.Evidence.holds(model.name))
    }
    if names.contains("META-INF/container.xml"), names.contains(where: { $0.hasSuffix(".opf") }) {
      return Finding(type: "application/epub+zip", evidence: SniffMessages.Evidence.itHoldsMetaInfContainerXml)
    }
    // ODF without a mimetype member: the manifest names the document's type on its "/" entry.
    if names.contains("content.xml"), let member = entries.first(where: { $0.name == "META-INF/manifest.xml" }),
      let manifest = memberBytes(member, window: &window, limit: 65_536), let declared = rootMediaType(manifest)
    {
      return Finding(type: declared, evidence: SniffMessages.Evidence.manifestMediaType(declared))
    }
    if names.contains("AndroidManifest.xml"), names.contains("classes.dex") || names.contains("resources.arsc") {
      return Finding(type: "application/vnd.android.package-archive", evidence: SniffMessages.Evidence.itHoldsAndroidmanifestXmlAndClasses)
    }
    if names.contains(where: { $0.hasPrefix("Payload/") && $0.contains(".app/") }) {
      return Finding(type: "application/x-ios-app", evidence: SniffMessages.Evidence.iosApp)
    }
    // USDZ (Pixar's "Usdz File Format Specification"): the package's first file is a USD layer
    // (.usdc, .usda or .usd), and no file is compressed.
    if let first = entries.first, [".usdc", ".usda", ".usd"].contains(where: { first.name.lowercased().hasSuffix($0) }),
      entries.allSatisfy({ $0.method == 0 })
    {
      return Finding(type: "model/vnd.usdz+zip", evidence: SniffMessages.Evidence.usdzLayer(first.name))
    }
    // iWork 2013 and later: Index/Document.iwa. Keynote has slides; Pages and Numbers hold the
    // same parts (a Pages document can have tables), so the document's root object tells those
    // two apart (``IWorkArchive``), and only a name when it cannot be read.
    if let document = entries.first(where: { $0.name == "Index/Document.iwa" }) {
      if names.contains(where: { $0.hasPrefix("Index/Slide") || $0.hasPrefix("Index/MasterSlide") }) {
        return Finding(type: "application/vnd.apple.keynote", evidence: SniffMessages.Evidence.keynoteSlides)
      }
      switch memberPrefix(document, window: &window, count: 1024).flatMap(IWorkArchive.rootMessageType) {
      case IWorkArchive.pagesDocument?:
        return Finding(type: "application/vnd.apple.pages", evidence: SniffMessages.Evidence.iWorkRoot("TP.DocumentArchive", "Pages"))
      case IWorkArchive.numbersOrKeynoteDocument?:
        return Finding(type: "application/vnd.apple.numbers", evidence: SniffMessages.Evidence.iWorkRoot("TN.DocumentArchive", "Numbers"))
      default:
        break
      }
      return Finding(
        type: "application/zip", evidence: SniffMessages.Evidence.iWorkDocument,
        onlyANameTells: ["application/vnd.apple.pages", "application/vnd.apple.numbers"])
    }
    // Wallet passes (PassKit Package Format): pass.json and manifest.json at the root, wherever
    // they are in the archive (freedesktop's rule wants pass.json first; zip writes the files in
    // the order it is given them).
    if names.contains("pass.json"), names.contains("manifest.json") {
      return Finding(type: "application/vnd.apple.pkpass", evidence: SniffMessages.Evidence.holds("pass.json and manifest.json"))
    }
    // XPS and OpenXPS (ECMA-388): the package relationship to the fixed document sequence names
    // its own namespace, Microsoft's 2005 one or OpenXPS's.
    if let member = entries.first(where: { $0.name == "_rels/.rels" }), let relationships = memberBytes(member, window: &window, limit: 65_536) {
      for (relationship, type) in xpsRepresentations where relationships.firstRange(of: relationship.bytes) != nil {
        return Finding(type: type, evidence: SniffMessages.Evidence.fixedRepresentation(relationship))
      }
    }
    // Mozilla add-ons: a legacy install manifest, or the signature Mozilla's add-on site adds
    // (a WebExtension unsigned is a ZIP like any other browser's).
    if let member = ["install.rdf", "META-INF/mozilla.rsa"].first(where: names.contains) {
      return Finding(type: "application/x-xpinstall", evidence: SniffMessages.Evidence.holds(member))
    }
    // OpenOffice.org extensions: a package manifest listing the office's own component types.
    if let member = entries.first(where: { $0.name == "META-INF/manifest.xml" }),
      let manifest = memberBytes(member, window: &window, limit: 65_536),
      manifest.firstRange(of: #"manifest:media-type="application/vnd.sun.star."#.bytes) != nil
    {
      return Finding(type: "application/vnd.openofficeorg.extension", evidence: SniffMessages.Evidence.officeExtensionManifest)
    }
    if names.contains("META-INF/MANIFEST.MF") {
      return Finding(type: "application/java-archive", evidence: SniffMessages.Evidence.itHoldsMetaInfManifestMf)
    }
    return Finding(type: "application/zip", evidence: SniffMessages.Evidence.itsMembersAreNoKnownDocument)
  }

  /// The fixed-document relationship types of XPS (Microsoft's XML Paper Specification 1.0) and
  /// OpenXPS (ECMA-388), and the type each makes.
  static let xpsRepresentations: [(String, String)] = [
    ("http://schemas.microsoft.com/xps/2005/06/fixedrepresentation", "application/vnd.ms-xpsdocument"),
    ("http://schemas.openxps.org/oxps/v1.0/fixedrepresentation", "application/oxps"),
  ]

  /// The bytes of a member of at most `limit` compressed bytes, stored or deflated (inflated as
  /// far as it goes), or `nil`.
  private static func memberBytes(_ entry: Entry, window: inout FileWindow, limit: Int) -> [UInt8]? {
    guard entry.compressedSize <= limit else { return nil }
    return memberPrefix(entry, window: &window, count: entry.compressedSize)
  }

  /// The first bytes of a member, stored or deflated: its first `count` compressed bytes, inflated
  /// as far as they go.
  private static func memberPrefix(_ entry: Entry, window: inout FileWindow, count: Int) -> [UInt8]? {
    guard entry.method == 0 || entry.method == 8, entry.compressedSize > 0 else { return nil }
    guard
      let start = try? ZipDirectory.dataOffset(of: entry, read: { (offset, count, what) throws(ZipArchive.Failure) in
        try exactly(&window, offset, count, what)
      }),
      let data = try? exactly(&window, start, min(count, entry.compressedSize), "data")
    else { return nil }
    return entry.method == 0 ? data : GzipHead.inflate(raw: data)
  }

  /// The `manifest:media-type` of an ODF manifest's `manifest:full-path="/"` entry.
  static func rootMediaType(_ manifest: [UInt8]) -> String? {
    let root = #"manifest:full-path="/""#.bytes
    for entry in elements(manifest, limit: 1000) where entry.firstRange(of: root) != nil {
      guard let type = attribute("manifest:media-type", in: entry) else { continue }
      return MediaTypeSyntax.isPlain(type) ? type : nil
    }
    return nil
  }

  /// The text of a small member, stored or deflated, or `nil`.
  static func storedText(_ entry: Entry, window: inout FileWindow) -> String? {
    memberBytes(entry, window: &window, limit: 200).map { String(decoding: $0, as: UTF8.self).trimmingWhitespace() }
  }
}

/// Checks on type strings found inside files.
enum MediaTypeSyntax {
  /// `type/subtype` in lower-case token characters, nothing else.
  static func isPlain(_ text: String) -> Bool {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, text.count <= 127 else { return false }
    return parts.allSatisfy { part in
      !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || "+-.".contains($0)) }
    }
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and line breaks.
  func trimmingWhitespace() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}
