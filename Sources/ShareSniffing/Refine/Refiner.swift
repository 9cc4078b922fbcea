import ShareVocabulary

/// A content type found by share-route itself where libmagic's answer was weak or wrong.
public struct Refinement: Hashable, Sendable {
  /// The refined content type.
  public var type: String
  /// Why, in a few words, e.g. `its ZIP central directory shows it holds word/document.xml`.
  public var evidence: String

  /// Creates a refinement.
  public init(type: String, evidence: String) {
    self.type = type
    self.evidence = evidence
  }
}

/// share-route's corrections to libmagic, each reading only what its format needs
/// (``FileWindow``): ZIP containers by their central directory, `.svgz`, WMA, audio-only MP4,
/// CAF, MPEG-TS, PDF behind leading bytes, and the text families (``TextFamilies``).
enum Refiner {
  /// Types libmagic gives ZIP-based files (or gives up on with, for reordered OOXML).
  static let zipFamily: Set<String> = [
    "application/zip", "application/octet-stream", "application/java-archive",
    "application/vnd.android.package-archive", "application/epub+zip",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    "application/vnd.oasis.opendocument.text", "application/vnd.oasis.opendocument.spreadsheet",
    "application/vnd.oasis.opendocument.presentation", "application/vnd.oasis.opendocument.graphics",
  ]

  /// Text answers that may hide a more specific text family.
  static let textFamily: Set<String> = [
    "text/plain", "text/csv", "text/x-c", "text/x-c++", "text/html", "application/xml", "application/json",
    "text/javascript", "text/x-asm", "text/troff", "text/x-tex", "text/x-makefile", "text/x-java",
    "text/x-objective-c", "text/x-pascal", "text/x-fortran", "text/x-awk",
  ]

  /// Whether ``refine(sniffed:window:fileExtension:)`` may change this libmagic answer; for any
  /// other answer the file is not read again.
  static func mayRefine(_ sniffed: String) -> Bool {
    zipFamily.contains(sniffed) || textFamily.contains(sniffed)
      || ["application/gzip", "video/x-ms-asf", "video/mp4"].contains(sniffed)
  }

  /// The refined type of a file, or `nil` when libmagic's (canonical) answer stands.
  static func refine(sniffed: String, window: inout FileWindow, fileExtension: String?) -> Refinement? {
    let found = find(sniffed: sniffed, window: &window, fileExtension: fileExtension)
    return found?.type == sniffed ? nil : found
  }

  /// The canonical text type a file extension names, or `nil`.
  static func textTypeByExtension(_ fileExtension: String?) -> String? {
    guard let named = TypePolicy.typeByExtension(fileExtension),
      TypeIdentifier.conforms(named.uti, to: TypeIdentifier.text)
    else { return nil }
    return named.type
  }

  private static func find(sniffed: String, window: inout FileWindow, fileExtension: String?) -> Refinement? {
    if zipFamily.contains(sniffed),
      let zip = ZipContainer.identify(&window, fileExtension: fileExtension)
    {
      return Refinement(type: zip.type, evidence: SniffMessages.Evidence.zipDirectory(zip.evidence))
    }
    switch sniffed {
    case "application/gzip":
      if let inflated = GzipHead.inflate(window.head),
        TextFamilies.markup(inflated)?.type == "image/svg+xml"
      {
        return Refinement(type: "image/svg+xml", evidence: SniffMessages.Evidence.itsGzipStreamHoldsAnSvg)
      }
      return nil
    case "video/x-ms-asf":
      return MediaContainers.asf(&window, fileExtension: fileExtension).map {
        Refinement(type: $0.type, evidence: $0.evidence)
      }
    case "video/mp4":
      return MediaContainers.isoAudioOnly(&window)
        ? Refinement(type: "audio/mp4", evidence: SniffMessages.Evidence.allItsTracksAreSound) : nil
    case "application/octet-stream":
      if MediaContainers.isCAF(window.head) {
        return Refinement(type: "audio/x-caf", evidence: SniffMessages.Evidence.itStartsWithACoreAudio)
      }
      if MediaContainers.isTransportStream(window.head) {
        return Refinement(type: "video/mp2t", evidence: SniffMessages.Evidence.itIsASequenceOfMpeg)
      }
      if let offset = MediaContainers.pdfHeaderOffset(window.head) {
        return Refinement(type: "application/pdf", evidence: SniffMessages.Evidence.pdfHeader(at: offset))
      }
      return nil
    default:
      break
    }
    if textFamily.contains(sniffed),
      let text = TextFamilies.identify(window.head, isComplete: window.isComplete, sniffed: sniffed)
    {
      if TextFamilies.telltaleTypes.contains(text.type), let named = textTypeByExtension(fileExtension),
        named != text.type
      {
        return nil  // the extension names another text type: it breaks the tie
      }
      return Refinement(type: text.type, evidence: text.evidence)
    }
    return nil
  }
}
