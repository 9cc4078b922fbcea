/// How a file's type was decided, step by step (`share-route sniff --explain`): libmagic's
/// answer, the detector that refined it, what the name did, and the report.
package struct TypeExplanation: Sendable {
  /// libmagic's canonical answer.
  package var libmagic: String
  /// Whether that answer was found from the first bytes without asking libmagic.
  package var withoutLibmagic: Bool
  /// Whether libmagic answered from its built-in checks alone, its soft-magic rules not run
  /// (the text-first stage).
  package var withoutSoftMagic: Bool
  /// The detector that refined (or examined and confirmed) it: its name, the type and the
  /// evidence; or `nil`.
  package var detector: (name: String, type: String, evidence: String)?
  /// The file's extension, or `nil`.
  package var fileExtension: String?
  /// What the name did: the extension, the type it chose (or `nil`) and why; `nil` when the name
  /// was not asked (no extension, or the content answer is specific).
  package var name: (fileExtension: String?, type: String?, why: String)?

  /// Creates an explanation.
  package init(
    libmagic: String, withoutLibmagic: Bool, withoutSoftMagic: Bool = false,
    detector: (name: String, type: String, evidence: String)?,
    fileExtension: String?, name: (fileExtension: String?, type: String?, why: String)?
  ) {
    self.fileExtension = fileExtension
    self.libmagic = libmagic
    self.withoutLibmagic = withoutLibmagic
    self.withoutSoftMagic = withoutSoftMagic
    self.detector = detector
    self.name = name
  }
}

extension TextReport {
  /// The steps of a type's decision, one indented line each, after the file's `sniff` row.
  package static func explanation(_ explanation: TypeExplanation, item: ShareItem) -> String {
    var out = "  " + OutputMessages.explainLibmagic(
      printable(explanation.libmagic), withoutLibmagic: explanation.withoutLibmagic,
      withoutSoftMagic: explanation.withoutSoftMagic) + "\n"
    if let detector = explanation.detector {
      out += "  " + OutputMessages.explainDetector(detector.name, type: printable(detector.type), evidence: printable(detector.evidence)) + "\n"
    } else {
      out += "  " + OutputMessages.explainNoDetector + "\n"
    }
    if let name = explanation.name {
      out += "  " + OutputMessages.explainName(used: name.type != nil, why: printable(name.why)) + "\n"
    } else if let ext = explanation.fileExtension {
      out += "  " + OutputMessages.explainNameNotAsked(printable(ext)) + "\n"
    } else {
      out += "  " + OutputMessages.explainNoExtension + "\n"
    }
    if let reported = item.reportedType {
      out += "  " + OutputMessages.explainReport(printable(reported), kept: item.typeSource == .reported, corrected: item.corrected) + "\n"
    }
    out += "  " + OutputMessages.explainResult(printable(item.type), source: item.typeSource.rawValue) + "\n"
    return out
  }
}

extension SniffRecord {
  /// The record of a file whose type was decided, with the steps of the decision as an
  /// `explain` member.
  package static func json(path: String, item: ShareItem, explanation: TypeExplanation) -> String {
    var writer = JSONWriter(pretty: false)
    writer.object {
      $0.member("schemaVersion") { $0.number(Route.schemaVersion) }
      $0.member("path") { $0.string(path) }
      $0.member("type") { $0.string(item.type) }
      $0.provenance(item)
      $0.member("error") { $0.null() }
      $0.member("explain") { writer in
        writer.object {
          $0.member("libmagic") { $0.string(explanation.libmagic) }
          $0.member("withoutLibmagic") { $0.bool(explanation.withoutLibmagic) }
          $0.member("withoutSoftMagic") { $0.bool(explanation.withoutSoftMagic) }
          $0.member("detector") { writer in
            if let detector = explanation.detector {
              writer.object {
                $0.member("name") { $0.string(detector.name) }
                $0.member("type") { $0.string(detector.type) }
                $0.member("evidence") { $0.string(detector.evidence) }
              }
            } else {
              writer.null()
            }
          }
          $0.member("name") { writer in
            if let name = explanation.name {
              writer.object {
                $0.member("extension") { $0.optionalString(name.fileExtension) }
                $0.member("type") { $0.optionalString(name.type) }
                $0.member("why") { $0.string(name.why) }
              }
            } else {
              writer.null()
            }
          }
        }
      }
    }
    return writer.output
  }
}
