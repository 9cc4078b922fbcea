import ShareVocabulary

/// share-route's corrections to libmagic: the signature layer (``SignatureTable``) asked
/// where libmagic's answer is generic, weak or known to be wrong.
enum Refiner {
  /// Whether ``refine(sniffed:window:)`` may change this libmagic answer; for any
  /// other answer the file is not read again.
  static func mayRefine(_ sniffed: String) -> Bool {
    SignatureTable.replaceable.contains(sniffed)
  }

  /// The refined type of a file, or `nil` when libmagic's (canonical) answer stands; and the
  /// finding of a detector that examined the file's container and confirmed libmagic's generic
  /// answer (a ZIP that holds no known document: the types it tells from content are ruled out).
  static func refine(sniffed: String, window: inout FileWindow) -> (refinement: Refinement?, confirmation: Refinement?) {
    let context = Signature.Context(sniffed: sniffed)
    guard let (detector, finding) = SignatureTable.identify(&window, context: context) else { return (nil, nil) }
    var found = Refinement(type: finding.type, evidence: finding.evidence, detector: detector)
    found.onlyANameTells = finding.onlyANameTells
    guard TypePolicy.canonical(finding.type) != sniffed else { return (nil, found) }
    return (found, found)
  }
}
