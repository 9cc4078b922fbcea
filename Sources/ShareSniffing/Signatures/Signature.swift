/// One named detector of share-route's signature layer: a format told by its bytes or its
/// structure, consulted only where libmagic's answer is generic, weak or known to be wrong
/// for that format (`docs/sniffing.md#libmagics-answers`), like the table of Go's `net/http` sniffer.
///
/// Every detector reads bounded regions only (``FileWindow``) and names itself in the answer
/// (`detector NAME` in an item's `reason`); ``SignatureTable/entries`` lists them in the order
/// they are tried, and `docs/sniffing.md#the-detectors` lists them for people.
struct Signature: Sendable {
  /// What a detector found: the type, and in a few words why.
  struct Finding: Equatable, Sendable {
    var type: String
    var evidence: String
    /// The kinds of this type the detector knows only a name tells apart here (an iWork
    /// package cut to its head: Keynote, Numbers or Pages; a whole one whose `Index/Document.iwa`
    /// cannot be read: Numbers or Pages); freedesktop's rules then do not choose among them, and
    /// ``NameRule`` takes each as fitting the bytes. Empty for most findings.
    var onlyANameTells: Set<String> = []
  }

  /// What a detector sees besides the file: libmagic's canonical answer (never the name: the
  /// bytes decide, and ``NameRule`` breaks ties after the detectors).
  struct Context {
    var sniffed: String
  }

  /// A detector's answer.
  enum Verdict {
    /// The format, with evidence: this decides.
    case found(Finding)
    /// Decided: libmagic's answer stands (later detectors are not tried).
    case keepLibmagic
    /// Not this format: the next detector is tried.
    case next
  }

  /// The detector's name, unique in the table (`7z`, `compound-file`, `xml-dialect`, …).
  let name: String
  /// The libmagic answers (canonical) this detector may replace.
  let replaces: Set<String>
  let detect: @Sendable (inout FileWindow, Context) -> Verdict

  /// A detector that either finds its format or passes on.
  init(_ name: String, replaces: Set<String>, _ find: @escaping @Sendable (inout FileWindow, Context) -> Finding?) {
    self.name = name
    self.replaces = replaces
    detect = { window, context in find(&window, context).map(Verdict.found) ?? .next }
  }

  /// A detector that may also decide that libmagic's answer stands.
  init(_ name: String, replaces: Set<String>, verdict: @escaping @Sendable (inout FileWindow, Context) -> Verdict) {
    self.name = name
    self.replaces = replaces
    detect = verdict
  }

  /// libmagic's answers that say nothing specific: no signature matched (`text/plain`,
  /// `application/octet-stream`), or a guess from one leading character (`text/troff` for a
  /// file starting with `.`, as `.snd` and `.RMF` do).
  static let generic: Set<String> = ["text/plain", "application/octet-stream", "text/troff"]
}

/// The signature layer: every detector that runs after libmagic, in the order tried, as
/// ``DetectorOrder`` declares it (the stages and why each is where it is). The first detector
/// with an answer decides.
enum SignatureTable {
  static let entries: [Signature] = DetectorOrder.stages.filter { $0.when == .afterLibmagic }.flatMap(\.detectors)

  /// The structures read from the file, in the order tried: the compound file's directory, the
  /// ZIP central directory, a gzip stream's SVG, ASF headers, ISO media boxes, CAF, MPEG-TS and
  /// MPEG audio Layer I framing, text too short for libmagic, a JPEG stream's first frame, a
  /// TIFF's first directory (DNG), binary STL, a disk image's trailer, a ZIP archive's end record,
  /// a Kindle book's MOBI header, a late PDF header, DER's ASN.1 structures (certificates, keys,
  /// signatures).
  static let structures: [Signature] = [
    Signature("compound-file", replaces: CompoundFile.containerAnswers.union(["application/vnd.ms-excel", "application/msword"]), verdict: { window, context in
      guard let identified = CompoundFile.identify(&window) else { return .next }
      let finding = identified.finding
      // libmagic takes a Works spreadsheet's Workbook stream for Excel; nothing else overrules its Excel.
      if context.sniffed == "application/vnd.ms-excel" {
        return finding.type == "application/vnd.ms-works" ? .found(finding) : .keepLibmagic
      }
      // libmagic's Word document: a template when the document says it is one (a kind of Word
      // document); confirmed when it says it is none (then no name makes it one); else left to
      // the detectors after this one.
      if context.sniffed == "application/msword" {
        return identified.fileInformationBlockRead ? .found(finding) : .next
      }
      // A directory with no known document leaves libmagic's "some Office file" as it is.
      if finding.type == "application/x-ole-storage" && context.sniffed == "application/vnd.ms-office" {
        return .keepLibmagic
      }
      return .found(finding)
    }),
    Signature("zip-container", replaces: ZipContainer.answers) { window, context in
      ZipContainer.identify(&window).map {
        Signature.Finding(
          type: $0.type, evidence: SniffMessages.Evidence.zipDirectory($0.evidence), onlyANameTells: $0.onlyANameTells)
      }
    },
    Signature("svgz", replaces: ["application/gzip"]) { window, _ in
      guard let inflated = GzipHead.inflate(window.head),
        TextFamilies.markup(inflated)?.type == "image/svg+xml"
      else { return nil }
      return Signature.Finding(type: "image/svg+xml", evidence: SniffMessages.Evidence.itsGzipStreamHoldsAnSvg)
    },
    Signature("asf-streams", replaces: ["video/x-ms-asf"]) { window, context in
      MediaContainers.asf(&window)
    },
    Signature("iso-media", replaces: ISOMedia.answers) { window, context in
      ISOMedia.identify(&window, sniffed: context.sniffed)
    },
    Signature("caf", replaces: ["application/octet-stream"]) { window, _ in
      MediaContainers.isCAF(window.head)
        ? Signature.Finding(type: "audio/x-caf", evidence: SniffMessages.Evidence.itStartsWithACoreAudio) : nil
    },
    Signature("mpeg-ts", replaces: ["application/octet-stream"]) { window, _ in
      MediaContainers.isTransportStream(window.head)
        ? Signature.Finding(type: "video/mp2t", evidence: SniffMessages.Evidence.itIsASequenceOfMpeg) : nil
    },
    Signature("mpeg-layer-1", replaces: ["application/octet-stream"]) { window, _ in
      MPEGAudio.isLayerI(window.head)
        ? Signature.Finding(type: "audio/mpeg", evidence: SniffMessages.Evidence.layerIFrames(MPEGAudio.framesRequired)) : nil
    },
    // libmagic needs a few bytes to call text text: a file of one to eight bytes that are all
    // printable UTF-8 (tabs and line breaks allowed) is plain text.
    Signature("short-text", replaces: ["application/octet-stream"]) { window, _ in
      guard window.size <= 8, window.head.count == window.size, ShortText.isText(window.head) else { return nil }
      return Signature.Finding(type: "text/plain", evidence: SniffMessages.Evidence.shortText(window.size))
    },
    // JPEG-LS: a JPEG stream whose first frame is SOF55 (FF F7, ITU-T T.87 §C.2.2), after any
    // application segments (SPIFF, EXIF); libmagic calls it JPEG, which a JPEG decoder cannot read.
    Signature("jpeg-ls", replaces: ["image/jpeg"]) { window, _ in
      guard JPEGMarkers.firstFrame(window.head) == 0xF7 else { return nil }
      return Signature.Finding(type: "image/jls", evidence: SniffMessages.Evidence.jpegLS)
    },
    // APNG: a PNG with an animation control chunk before its image data; every PNG decoder still
    // reads its first frame, so it is a kind of PNG (and public.png to iOS).
    Signature("apng", replaces: ["image/png"]) { window, _ in
      MediaContainers.isAnimatedPNG(window.head)
        ? Signature.Finding(type: "image/apng", evidence: SniffMessages.Evidence.animationControl) : nil
    },
    // DNG: a TIFF whose first directory holds DNGVersion; freedesktop's image/x-adobe-dng is a
    // kind of TIFF, which is all libmagic says. Other camera raw files in TIFF have no tag of
    // their own: the maker and the SubIFDs tell Nikon's, Sony's and Pentax's (TIFFDirectory);
    // the rest are told by their names (NameRule).
    Signature("dng", replaces: ["image/tiff"]) { window, _ in
      guard TIFFDirectory.firstTags(window.head)?.contains(TIFFDirectory.dngVersion) == true else { return nil }
      return Signature.Finding(type: "image/x-adobe-dng", evidence: SniffMessages.Evidence.dngVersion)
    },
    Signature("camera-raw", replaces: ["image/tiff"]) { window, _ in
      TIFFDirectory.cameraRaw(window.head).map {
        Signature.Finding(type: $0.type, evidence: SniffMessages.Evidence.cameraRaw(make: $0.make))
      }
    },
    // Binary STL: an 80-byte header, a little-endian triangle count, then 50 bytes per triangle;
    // the file is exactly that long (a header may begin with anything, even "solid").
    Signature("stl-binary", replaces: ["application/octet-stream", "text/plain"]) { window, _ in
      guard window.size >= 134, let triangles = window.head.littleEndian(80, 4), triangles > 0,
        UInt64(window.size) == 84 + 50 * triangles
      else { return nil }
      return Signature.Finding(type: "model/stl", evidence: SniffMessages.Evidence.binarySTL(Int(triangles)))
    },
    // Apple disk image (UDIF): the 512-byte "koly" trailer at the end, version 4, header size 512
    // (Apple's UDIF layout as libdmg and dmg2img read it). The file starts with its first chunk,
    // which libmagic names (zlib, bzip2) or calls unknown data.
    Signature("dmg", replaces: ["application/zlib", "application/x-bzip2", "application/octet-stream"]) { window, _ in
      guard window.size >= 1024 else { return nil }
      let trailer = window.bytes(at: window.size - 512, count: 16)
      guard trailer.has("koly".bytes), trailer.bigEndian(4, 4) == 4, trailer.bigEndian(8, 4) == 512 else { return nil }
      return Signature.Finding(type: "application/x-apple-diskimage", evidence: SniffMessages.Evidence.kolyTrailer)
    },
    // A ZIP archive after other data: the file ends with the end-of-central-directory record,
    // with no comment (the last part of a split archive; an archive appended to data no rule
    // names). libmagic 5.44 has this rule ("Zip archive, with extra data prepended"), but reads
    // offsets from the end only through a descriptor: for bytes in memory it says unknown data.
    Signature("zip-end-record", replaces: ["application/octet-stream"]) { window, _ in
      guard window.size >= 22 else { return nil }
      let record = window.bytes(at: window.size - 22, count: 22)
      guard record.has(ZipContainer.endRecord), record.littleEndian(20, 2) == 0 else { return nil }
      return Signature.Finding(type: "application/zip", evidence: SniffMessages.Evidence.zipEndRecord)
    },
    // Kindle KF8 (AZW3): a Palm database of type BOOKMOBI whose first record's MOBI header has
    // file version 8. A Mobipocket book (version 6), and a dual one that carries KF8 after its
    // version-6 part, stay Mobipocket: confirmed, so no name makes them KF8.
    Signature("kf8", replaces: ["application/x-mobipocket-ebook"], verdict: { window, _ in
      guard window.head.has("BOOKMOBI".bytes, at: 60), let record = window.head.bigEndian(78, 4).map(Int.init),
        record < window.size
      else { return .next }
      let header = window.bytes(at: record + 16, count: 24)
      guard header.count == 24, header.has("MOBI".bytes), let version = header.bigEndian(20, 4) else { return .next }
      return version == 8
        ? .found(Signature.Finding(type: "application/vnd.amazon.mobi8-ebook", evidence: SniffMessages.Evidence.mobiVersion(8)))
        : .found(Signature.Finding(type: "application/x-mobipocket-ebook", evidence: SniffMessages.Evidence.mobiVersion(Int(version))))
    }),
    Signature("pdf-late-header", replaces: ["application/octet-stream"]) { window, _ in
      MediaContainers.pdfHeaderOffset(window.head).map {
        Signature.Finding(type: "application/pdf", evidence: SniffMessages.Evidence.pdfHeader(at: $0))
      }
    },
    // Certificates, keys and signatures in DER: an ASN.1 structure that spans the file.
    Signature("der", replaces: Signature.generic) { window, _ in
      DERObjects.identify(window.head, size: window.size).map {
        Signature.Finding(type: $0.type, evidence: SniffMessages.Evidence.der($0.structure))
      }
    },
  ]

  /// An entry that asks freedesktop's content rules (`SharedMimeInfo`) for a type more specific
  /// than libmagic's answer, within a range of priorities: the strong rules (50 and up) before
  /// share-route's heuristic text families, for every answer some rule refines; the weak ones
  /// after them, for unknown binary data only (for text, a weak rule is a keyword: `%` at the
  /// start for MATLAB, `<!--` for HTML — weaker than libmagic's plain text).
  static func freedesktopMagic(
    _ name: String, priorities: ClosedRange<Int>, replaces: Set<String> = SharedMimeInfo.refinableAnswers
  ) -> Signature {
    Signature(name, replaces: replaces) { window, context in
      SharedMimeInfo.refinement(of: context.sniffed, head: window.head, priorities: priorities).map {
        // The database's one rule for iWork (a ZIP whose first member is Index/Document.iwa) is
        // written for Pages, but Keynote and Numbers files start alike (Keynote's own rule,
        // index.apxl, is the pre-2013 package's): a ZIP only a name tells apart. `ZipContainer`,
        // when it can read the whole directory, tells Keynote by its slides and Pages from Numbers
        // by the document's root object.
        if $0.type == iWorkRuleType {
          return Signature.Finding(type: "application/zip", evidence: SniffMessages.Evidence.iWorkHead, onlyANameTells: iWorkTypes)
        }
        return Signature.Finding(type: $0.type, evidence: SniffMessages.Evidence.freedesktopMagic($0.type, priority: $0.priority))
      }
    }
  }

  /// The type freedesktop's rule for every iWork document names.
  static let iWorkRuleType = "application/vnd.apple.pages"

  /// Keynote, Numbers and Pages.
  static let iWorkTypes: Set<String> = ["application/vnd.apple.keynote", "application/vnd.apple.numbers", iWorkRuleType]

  /// Every libmagic answer some detector may replace; for any other answer the file is not
  /// looked at again.
  static let replaceable: Set<String> = entries.reduce(into: []) { $0.formUnion($1.replaces) }

  /// The first detector's finding for a file, with the detector's name, or `nil` when
  /// libmagic's answer stands.
  static func identify(_ window: inout FileWindow, context: Signature.Context) -> (detector: String, finding: Signature.Finding)? {
    for entry in entries where entry.replaces.contains(context.sniffed) {
      switch entry.detect(&window, context) {
      case .found(let finding): return (entry.name, refined(finding, head: window.head))
      case .keepLibmagic: return nil
      case .next: continue
      }
    }
    return nil
  }

  /// A detector's plain container (XML, JSON, a ZIP or OLE file with no known document) made
  /// more specific by freedesktop's content rules for kinds of it, when one holds.
  static func refined(_ finding: Signature.Finding, head: [UInt8]) -> Signature.Finding {
    guard finding.onlyANameTells.isEmpty, NameRule.containers.contains(finding.type),
      let rule = SharedMimeInfo.refinement(of: finding.type, head: head, priorities: 50...100)
    else { return finding }
    return Signature.Finding(
      type: rule.type, evidence: SniffMessages.Evidence.freedesktopMagic(rule.type, priority: rule.priority))
  }
}

/// Text too short for libmagic to call it text.
enum ShortText {
  /// Whether the bytes are valid UTF-8 without control characters other than tab, LF and CR.
  static func isText(_ bytes: [UInt8]) -> Bool {
    guard !bytes.isEmpty, let text = String(validating: bytes, as: UTF8.self) else { return false }
    return text.unicodeScalars.allSatisfy { $0 == "\t" || $0 == "\n" || $0 == "\r" || !($0.properties.generalCategory == .control) }
  }
}
