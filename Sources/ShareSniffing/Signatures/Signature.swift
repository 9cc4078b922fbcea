/// One named detector of share-route's signature layer: a format told by its bytes or its
/// structure, consulted only where libmagic's answer is generic, weak or known to be wrong
/// for that format (`specs/libmagic.md` §1), like the table of Go's `net/http` sniffer.
///
/// Every detector reads bounded regions only (``FileWindow``) and names itself in the answer
/// (`detector NAME` in an item's `reason`); ``SignatureTable/entries`` lists them in the order
/// they are tried, and the README lists them for people.
struct Signature: Sendable {
  /// What a detector found: the type, and in a few words why.
  struct Finding: Equatable, Sendable {
    var type: String
    var evidence: String
  }

  /// What a detector sees besides the file: libmagic's canonical answer and the name's extension.
  struct Context {
    var sniffed: String
    var fileExtension: String?
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

/// The signature layer: every detector, in the order tried.
///
/// Decisive byte signatures come first (a file that starts with the 7z magic is a 7z archive,
/// whatever libmagic made of six bytes), then structures read from the file (the compound
/// file's directory, the ZIP central directory, ISO media boxes, ASF headers, gzip streams),
/// then the text families (shebang lines, mail headers, markup and JSON dialects, …), which look
/// at the head as text. The first detector with an answer decides.
enum SignatureTable {
  static let entries: [Signature] =
    ByteSignatures.entries.map(\.signature) + [
      Signature("compound-file", replaces: CompoundFile.containerAnswers) { window, context in
        CompoundFile.identify(&window, fileExtension: context.fileExtension)
      },
      Signature("zip-container", replaces: ZipContainer.answers) { window, context in
        ZipContainer.identify(&window, fileExtension: context.fileExtension).map {
          Signature.Finding(type: $0.type, evidence: SniffMessages.Evidence.zipDirectory($0.evidence))
        }
      },
      Signature("svgz", replaces: ["application/gzip"]) { window, _ in
        guard let inflated = GzipHead.inflate(window.head),
          TextFamilies.markup(inflated)?.type == "image/svg+xml"
        else { return nil }
        return Signature.Finding(type: "image/svg+xml", evidence: SniffMessages.Evidence.itsGzipStreamHoldsAnSvg)
      },
      Signature("asf-streams", replaces: ["video/x-ms-asf"]) { window, context in
        MediaContainers.asf(&window, fileExtension: context.fileExtension)
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
      Signature("pdf-late-header", replaces: ["application/octet-stream"]) { window, _ in
        MediaContainers.pdfHeaderOffset(window.head).map {
          Signature.Finding(type: "application/pdf", evidence: SniffMessages.Evidence.pdfHeader(at: $0))
        }
      },
    ] + TextFamilies.detectors.map(\.signature)

  /// Every libmagic answer some detector may replace; for any other answer the file is not
  /// looked at again.
  static let replaceable: Set<String> = entries.reduce(into: []) { $0.formUnion($1.replaces) }

  /// The first detector's finding for a file, with the detector's name, or `nil` when
  /// libmagic's answer stands.
  static func identify(_ window: inout FileWindow, context: Signature.Context) -> (detector: String, finding: Signature.Finding)? {
    for entry in entries where entry.replaces.contains(context.sniffed) {
      switch entry.detect(&window, context) {
      case .found(let finding): return (entry.name, finding)
      case .keepLibmagic: return nil
      case .next: continue
      }
    }
    return nil
  }
}
