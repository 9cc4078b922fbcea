import ShareVocabulary

/// A content type found by share-route itself where libmagic's answer was weak or wrong.
public struct Refinement: Hashable, Sendable {
  /// The refined content type.
  public var type: String
  /// Why, in a few words, e.g. `its ZIP central directory shows it holds word/document.xml`.
  public var evidence: String
  /// The signature-layer detector that found it (`zip-container`, `7z`, `yaml`, …); the README
  /// lists them.
  public var detector: String

  /// Creates a refinement.
  public init(type: String, evidence: String, detector: String) {
    self.type = type
    self.evidence = evidence
    self.detector = detector
  }
}

/// share-route's corrections to libmagic: the signature layer (``SignatureTable``) asked
/// where libmagic's answer is generic, weak or known to be wrong.
enum Refiner {
  /// Whether ``refine(sniffed:window:fileExtension:)`` may change this libmagic answer; for any
  /// other answer the file is not read again.
  static func mayRefine(_ sniffed: String) -> Bool {
    SignatureTable.replaceable.contains(sniffed)
  }

  /// The refined type of a file, or `nil` when libmagic's (canonical) answer stands.
  static func refine(sniffed: String, window: inout FileWindow, fileExtension: String?) -> Refinement? {
    let context = Signature.Context(sniffed: sniffed, fileExtension: fileExtension)
    guard let (detector, finding) = SignatureTable.identify(&window, context: context),
      TypePolicy.canonical(finding.type) != sniffed
    else { return nil }
    return Refinement(type: finding.type, evidence: finding.evidence, detector: detector)
  }
}
