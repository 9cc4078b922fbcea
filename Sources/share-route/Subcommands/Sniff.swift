import ArgumentParser
import Foundation
import ShareRouteKit
import ShareRouting
import ShareSniffing

extension ShareRoute {
  /// `share-route sniff PATH...`: detection only, no routing.
  struct Sniff: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sniff",
      abstract: "Show the type of each file, where it came from, and whether a reported type was corrected.",
      discussion: """
        Text output is one aligned line per file; --format json writes one JSON object per line \
        (path, type, kind, uti, reportedType, sniffedType, typeSource, corrected, reason, error). \
        Symbolic links are followed; a dangling link, a directory, a FIFO or a device is an error \
        for that file, and the others are still sniffed (exit 66 when any file failed).
        """)

    @Argument(help: "Files to sniff.")
    var paths: [String] = []

    @OptionGroup var pathLists: PathListOptions
    @OptionGroup var report: ReportOptions
    @OptionGroup var output: OutputOptions

    @Flag(
      name: .long,
      help: ArgumentHelp(
        "Show how each type was decided: libmagic's answer, the detector, the name, the report.",
        discussion: "JSON records gain an explain member."))
    var explain = false

    mutating func validate() throws {
      paths += OperandLift.lifted.paths
      report.reportedType += OperandLift.lifted.reportedTypes
      OperandLift.lifted = .init()
      paths = try pathLists.expand(paths)
      if paths.isEmpty { throw ValidationError(CLIMessages.nothingToSniff) }
      try report.validate(fileCount: paths.count)
    }

    func run() throws {
      try Self.execute(
        paths: paths, reportedTypes: report.reportedType, trust: report.trust, json: output.isJSON, explain: explain)
    }

    /// Sniffs every file and writes one line each (with `explain`, the steps of each decision);
    /// the exit status is thrown as an `ExitCode`.
    static func execute(paths: [String], reportedTypes: [String], trust: TrustPolicy, json: Bool, explain: Bool = false) throws {
      let sniffer = try Sniffer.forCommand()
      var failed = false
      var rows: [[String]] = []
      for (index, path) in paths.enumerated() {
        let sniffed = Result { () throws(SniffError) in
          try sniffer.explainedItem(
            pathBytes: RawArguments.bytes(of: path), reportedType: ShareInput.reportedType(reportedTypes, at: index),
            trust: trust)
        }
        switch sniffed {
        case .success(let (item, content)):
          let explanation = Self.explanation(content, path: path)
          if json {
            try StandardStream.output(
              (explain
                ? SniffRecord.json(path: path, item: item, explanation: explanation)
                : SniffRecord.json(path: path, item: item)) + "\n")
          } else if explain {
            // Each file is a block of its own: the row, then the steps.
            try StandardStream.output(
              TextReport.table([TextReport.sniffRow(path: path, item: item)], indent: 0)
                + TextReport.explanation(explanation, item: item))
          } else {
            rows.append(TextReport.sniffRow(path: path, item: item))
          }
        case .failure(let error):
          failed = true
          if json {
            try StandardStream.output(
              SniffRecord.json(path: path, code: error.code, message: KitMessages.itemError(path, error.description)) + "\n")
          } else if explain {
            try StandardStream.output(TextReport.table([[TextReport.printable(path), "error:", error.description]], indent: 0))
          } else {
            rows.append([TextReport.printable(path), "error:", error.description])
          }
        }
      }
      if !json && !explain { try StandardStream.output(TextReport.table(rows, indent: 0)) }
      if failed { throw ExitStatus.unreadableInput }
    }

    /// The steps of a decision as the output shows them.
    static func explanation(_ content: Sniffer.ContentReport, path: String) -> TypeExplanation {
      TypeExplanation(
        libmagic: content.sniffed, withoutLibmagic: content.withoutLibmagic,
        detector: (content.refinement ?? content.confirmation).map { ($0.detector, $0.type, $0.evidence) },
        fileExtension: FilePaths.fileExtension(path), name: content.name.map { ($0.fileExtension, $0.type, $0.why) })
    }
  }
}
