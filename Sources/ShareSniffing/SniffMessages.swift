import ShareVocabulary

/// Every reason share-route gives for a file's type, worded in one place.
enum SniffMessages {
  static func refined(sniffed: String, _ refinement: Refinement) -> String {
    "libmagic said \(sniffed); \(refinement.evidence) (detector \(refinement.detector))"
  }

  static func tinyByExtension(size: Int, fileExtension: String, type: String) -> String {
    "the file has only \(size) byte\(size == 1 ? "" : "s"); the extension .\(fileExtension) decided \(type)"
  }

  static func byExtension(sniffed: String, fileExtension: String, type: String) -> String {
    "content is \(sniffed); the extension .\(fileExtension) decided \(type)"
  }

  static let empty = "the file is empty"

  /// The name chose a type the bytes are consistent with.
  static func nameChose(fileExtension: String, type: String, content: String) -> String {
    "content is \(content); the extension .\(fileExtension) decided \(type)"
  }

  /// The name was not used: no type it names fits the bytes.
  static func nameInconsistent(fileExtension: String, claims: [String], content: String) -> String {
    "the extension .\(fileExtension) names \(claims.joined(separator: ", ")), which the content (\(content)) is not"
  }

  /// The name names what the content said: no tie to break.
  static func nameAgrees(fileExtension: String, content: String) -> String {
    "the extension .\(fileExtension) names \(content), as the content says"
  }

  /// The name was not used: the bytes fit several of the types it names.
  static func nameAmbiguous(fileExtension: String, claims: [String]) -> String {
    "the extension .\(fileExtension) names \(claims.joined(separator: ", ")), and the content does not tell them apart"
  }

  /// A report kept over a name: the sender's type fits the bytes.
  static func reportOverName(reported: String) -> String {
    "content is \(reported), as reported"
  }

  static func databaseUnreadable(_ path: String, _ reason: String) -> String {
    "cannot read the magic database \(Printable.quoted(path)) (\(reason))"
  }

  static func notAFileURL(_ scheme: String) -> String {
    "not a file URL (scheme \(Printable.quoted(scheme)))"
  }

  static func genericReport(_ reported: String, content: String) -> String {
    "reported \(reported.isEmpty ? "an empty type" : reported) is generic, content is \(content)"
  }

  static func reportAllowed(content: String, reported: String) -> String {
    "content is \(content), which allows the reported \(reported)"
  }

  static func corrected(reported: String, content: String, evidence: String?) -> String {
    "reported \(reported), content is \(content)" + (evidence.map { " (\($0))" } ?? "")
  }

  /// The evidence behind a refinement, in a few words (after "libmagic said X; ").
  /// What ``DERObjects`` names, as a noun for ``Evidence/der(_:)`` and ``Evidence/pemBlock(_:_:)``.
  enum DERStructure {
    static let detachedSignature = "PKCS #7 signed data without the content it signs, a detached signature (RFC 5652 §5.2)"
    static let certificates = "PKCS #7 signed data with no digest algorithms, a certificates-only bundle (RFC 5652 §5.2)"
    static let signedContent = "PKCS #7 signed data that holds the content it signs (RFC 5652 §5.2)"
    static let enveloped = "PKCS #7 enveloped data (1.2.840.113549.1.7.3)"
    static let pkcs12 = "a PKCS #12 file (version 3, then its contents as PKCS #7 data; RFC 7292 §4)"
    static let pkcs8 = "a PKCS #8 private key (a version, the key's algorithm, the key; RFC 5958 §2)"
    static let pkcs8Encrypted = "an encrypted PKCS #8 private key (a password-based scheme, then the key; RFC 5958 §3)"
    static let pkiPath = "a sequence of X.509 certificates, a PkiPath"
    static let certificate = "an X.509 certificate (serial, algorithm, issuer, validity; RFC 5280 §4.1)"
    static let revocationList = "an X.509 revocation list (algorithm, issuer, then a time; RFC 5280 §5.1)"
    static let certificationRequest = "a PKCS #10 certification request (subject, public key, attributes; RFC 2986 §4)"
  }

  enum Evidence {
    static func plantUML(_ kind: String) -> String { "it is a PlantUML source (@start\(kind) … @end\(kind))" }
    static let spdxTagValue = "its first tags are an SPDX document's (SPDXVersion, DataLicense)"
    static let proxyAutoConfig = "it defines FindProxyForURL, a proxy auto-config script"
    static let dockerfile = "its lines are Dockerfile instructions, FROM first"
    static let dxfSection = "its first group is code 0 with SECTION, a DXF drawing"
    static let excellon = "it starts with M48 and a drill header, an Excellon drill file"
    static let xpm2 = "its first line is ! XPM2: an X11 pixmap"
    static let xbm = "it defines a bitmap's width and height, then its bits: an X11 bitmap"
    static func makefile(rules: Int, linked: Bool, syntax: [String]) -> String {
      let recipes = rules == 1 ? "1 rule with a tab-indented recipe" : "\(rules) rules with tab-indented recipes"
      let parts =
        (rules > 0 ? [linked ? recipes + ", one needing a file another makes" : recipes] : [])
        + (syntax.isEmpty ? [] : ["make's " + syntax.joined(separator: ", ")])
      return "it reads as a makefile: \(parts.joined(separator: "; "))"
    }
    static let asciiSTL = "it starts with solid and a facet, an ASCII STL model"
    static let creativeVoice = "it starts with \"Creative Voice File\""
    static let animationControl = "its acTL chunk comes before its image data: an animated PNG"
    static func cameraRaw(make: String) -> String {
      "its first TIFF directory names the camera maker \"\(Printable.excerpt(make))\" and has SubIFDs: a camera raw file"
    }
    static let dngVersion = "its first TIFF directory has the DNGVersion tag"
    static let jpegLS = "its first frame is JPEG-LS (SOF55), which a JPEG decoder cannot read"
    static func binarySTL(_ triangles: Int) -> String {
      "its size is an STL header and \(triangles) triangle\(triangles == 1 ? "" : "s"), as its count says"
    }
    static let itsGzipStreamHoldsAnSvg = "its gzip stream holds an SVG document"
    static let allItsTracksAreSound = "all its tracks are sound"
    static let itHasAVideoTrack = "it has a video track"
    static let itStartsWithACoreAudio = "it starts with a Core Audio Format header"
    static let itIsASequenceOfMpeg = "it is a sequence of MPEG-TS packets"
    static let itStartsWithBeginVcard = "it starts with BEGIN:VCARD"
    static let itStartsWithBeginVcalendar = "it starts with BEGIN:VCALENDAR"
    static let itsRootElementIsSvg = "its root element is <svg>"
    static let itsRootElementIsRss = "its root element is <rss>"
    static let itsRootElementIsAnRss = "its root element is an RSS 1.0 <rdf:RDF>"
    static let itsRootElementIsAnAtom = "its root element is an Atom <feed>"
    static let anXmlDocumentWithAnXhtml = "an XML document with an XHTML <html> root"
    static let itsRootElementIsHtml = "its root element is <html>"
    static let itDeclaresDoctypeHtml = "it declares <!DOCTYPE html>"
    static let itStartsWithAnXmlDeclaration = "it starts with an XML declaration"
    static let itParsesAsJson = "it parses as JSON"
    static let itOpensLikeAJsonObject = "it opens like a JSON object"
    static let itReadsAsSwiftSource = "it reads as Swift source"
    static let itReadsAsPythonSource = "it reads as Python source"
    static let itReadsAsJavascriptSource = "it reads as JavaScript source"
    static let itHoldsSqlStatements = "it holds SQL statements"
    static let itIsMadeOfCssRules = "it is made of CSS rules"
    static let scss = "it is made of CSS rules with Sass's own constructs ($variables, @mixin, @include, …): SCSS"
    static let sass = "its rules are Sass's indented syntax (selectors, indented properties, no braces), with Sass's own constructs"
    static let itsLinesAreTomlTablesAnd = "its lines are TOML tables and key = value pairs"
    static let itsLinesAreProseNotRecords = "its lines are prose, not records"
    static let itsLinesAreYamlKeysAnd = "its lines are YAML keys and items"
    static let itHoldsMetaInfContainerXml = "it holds META-INF/container.xml and an OPF package"
    static let itHoldsAndroidmanifestXmlAndClasses = "it holds AndroidManifest.xml and classes.dex"
    static let itHoldsMetaInfManifestMf = "it holds META-INF/MANIFEST.MF"
    static let itsMembersAreNoKnownDocument = "its members are no known document or package"
    static let itsAsfHeaderListsOnlyAudio = "its ASF header lists only audio streams"
    static let itsAsfHeaderListsAVideo = "its ASF header lists a video stream"
    static let iosApp = "it holds Payload/….app"

    /// A signature's bytes, as text when they are printable ASCII, else in hex.
    static func magic(_ bytes: [UInt8], at offset: Int) -> String {
      let printable = bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
      let shown = printable
        ? "\"" + String(decoding: bytes, as: UTF8.self) + "\""
        : bytes.map { hexByte($0) }.joined(separator: " ")
      return offset == 0 ? "it starts with \(shown)" : "it has \(shown) at byte \(offset)"
    }
    static func hexByte(_ byte: UInt8) -> String {
      let digits = Array("0123456789ABCDEF")
      return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
    static func rootClass(_ clsid: String) -> String { "its compound-file root has the class {\(clsid)}" }
    static func compoundEntry(_ name: String) -> String {
      "its compound-file directory holds \(Printable.excerpt(name))"
    }
    static func majorBrand(_ brand: String, type: String) -> String {
      "its major brand '\(brand)' is \(type)"
    }
    static func shebang(_ interpreter: String) -> String {
      "its #! line runs \(Printable.excerpt(interpreter))"
    }
    static func mailHeaders(_ fields: [String]) -> String {
      "it starts with mail header fields (\(fields.joined(separator: ", ")))"
    }
    static func zshTag(_ tag: String) -> String { "its first line is zsh's \(Printable.excerpt(tag)) tag (an autoloaded function)" }
    static func shellBlocks(_ closers: [String]) -> String {
      "its shell blocks close with \(closers.joined(separator: ", ")) (a script with no #! line)"
    }
    static func newsArticle(_ first: String, _ fields: [String]) -> String {
      "it starts with a news article's \(first): field, then mail header fields (\(fields.joined(separator: ", ")))"
    }
    static func rootElement(_ name: String) -> String { "its root element is <\(Printable.excerpt(name))>" }
    static func rootInNamespace(_ name: String, _ namespace: String) -> String {
      "its root element <\(Printable.excerpt(name))> is in the namespace \(namespace)"
    }
    static let owlOntology = "an RDF/XML document with an owl:Ontology header"
    static func geoJSON(_ type: String) -> String { "its GeoJSON type is \(type)" }
    static func jsonKeys(_ format: String, _ keys: String) -> String { "its top-level keys (\(keys)) make it a \(format)" }
    static let jsonPatch = "it is an array of JSON Patch operations (op and path)"
    static func mavenRoot(_ name: String) -> String { "its root element <\(Printable.excerpt(name))> is Maven's" }
    static let webArchive = "its headers open a MIME document of related parts that was never mailed, a web archive (MHTML)"
    static let mailbox = "it starts with a mailbox's From line, then a message's header fields"
    static func flatOpenDocument(_ declared: String) -> String {
      "its root element is an OpenDocument <office:document> of type \(declared)"
    }
    static let cycloneDX = "its bomFormat is CycloneDX"
    static let gltfAsset = "it has a glTF asset with a version"

    static func zipDirectory(_ finding: String) -> String { "its ZIP central directory shows \(finding)" }
    static func pdfHeader(at offset: Int) -> String { "its %PDF- header is at byte \(offset)" }
    /// A freedesktop `<magic>` rule held.
    static func freedesktopMagic(_ type: String, priority: Int) -> String {
      "shared-mime-info's content rule for \(type) holds (priority \(priority))"
    }
    /// A freedesktop `<root-XML>` rule held.
    static func freedesktopRoot(_ name: String) -> String {
      "its root element <\(Printable.excerpt(name))> is one shared-mime-info names"
    }
    static func htmlElement(_ name: String) -> String { "it starts with an HTML <\(name)> element" }
    static func closedRoot(_ name: String) -> String { "its root element <\(name)> is closed" }
    static func records(_ count: Int, width: Int, delimiter: String) -> String {
      "\(count) records of \(width) \(delimiter)-separated fields"
    }
    static func language(_ name: String, _ lines: String) -> String { "it reads as \(name): \(lines)" }
    static func markdown(_ kinds: [String]) -> String {
      kinds == ["heading", "outline"]
        ? "its Markdown headings outline a document" : "it uses Markdown \(kinds.joined(separator: ", "))"
    }
    static func usdzLayer(_ name: String) -> String {
      "its first file, \(Printable.excerpt(name)), is a USD layer, and no file is compressed"
    }
    static func mimetypeMember(_ type: String) -> String { "its mimetype member says \(type)" }
    static func holds(_ member: String) -> String { "it holds \(member)" }
    static func fixedRepresentation(_ relationship: String) -> String {
      "its package relationships name a fixed document (\(relationship))"
    }
    static let officeExtensionManifest = "its META-INF/manifest.xml lists OpenOffice.org component types (application/vnd.sun.star.…)"
    /// `declared` is one of the main-part types share-route knows (only its case is the file's).
    static func mainPartType(_ part: String, _ declared: String) -> String {
      "its [Content_Types].xml gives \(part) the type \(declared)"
    }
    static func shortText(_ size: Int) -> String {
      "its \(size) byte\(size == 1 ? " is" : "s are") text, too few for libmagic to say so"
    }
    static let shapefile = "its header is a shapefile's (file code 9994, version 1000) and its first record is number 1"
    static let shapefileIndex = "its header is a shapefile's (file code 9994, version 1000) and its first entry points at byte 100"
    /// An ASN.1 structure in DER (``DERObjects``), read from the file or from a PEM block.
    static func der(_ structure: String) -> String { "it is DER: \(structure)" }
    static func pemBlock(_ label: String, _ structure: String) -> String {
      "its -----BEGIN \(label)----- block is base64 of DER: \(structure)"
    }
    static let sgiHeader = "its header is an SGI image's (magic 474, storage, channel size, dimensions, colormap)"
    static let marcLeader = "its leader has MARC 21's layout (record length, 22 at byte 10, 4500 at byte 20)"
    static let keynoteSlides = "it holds Index/Document.iwa and Keynote slides"
    static func layerIFrames(_ count: Int) -> String { "it starts with \(count) MPEG audio Layer I frames, one after another" }
    static let kolyTrailer = "it ends with a disk image's koly trailer (UDIF version 4)"
    static let zipEndRecord = "it ends with a ZIP archive's end-of-central-directory record (the archive comes after other data)"
    static let iWorkHead = "its first member is Index/Document.iwa: an iWork document (Keynote, Numbers or Pages; only a name tells)"
    static let iWorkDocument =
      "it holds Index/Document.iwa, which could not be read: a Pages or Numbers document (they hold the same parts)"
    static func iWorkRoot(_ archive: String, _ app: String) -> String {
      "it holds Index/Document.iwa, whose root object is a \(app) document (\(archive))"
    }
    static func manifestMediaType(_ type: String) -> String { "its META-INF/manifest.xml names \(type)" }
    static let wordDocumentNoTemplate = "its Word document's File Information Block marks it no template (fDot clear)"
    static func mobiVersion(_ version: Int) -> String {
      "its Palm database is a BOOKMOBI whose MOBI header has file version \(version)" + (version == 8 ? " (Kindle KF8)" : "")
    }
    static let wordTemplate = "its Word document's File Information Block marks it a template (fDot)"
    static let compoundFileUnknown = "its compound-file directory holds no stream of a known document"
  }
}

extension SniffError {
  /// The message, lower case, without the path (callers put the path first).
  public var description: String {
    switch self {
    case .magicUnavailable(let reason): "cannot load libmagic (\(reason))"
    case .magicFailed(let reason): "libmagic failed (\(reason))"
    case .missing: "no such file"
    case .danglingSymlink: "dangling symbolic link (its target does not exist, or the links loop)"
    case .notRegularFile(let what): "not a regular file (\(what))"
    case .unreadable(let reason): "cannot read the file (\(reason))"
    case .tooManyOpenFiles: "the process has too many open files to open it (lower --jobs or raise ulimit -n)"
    }
  }
}
