import ArgumentParser
import Foundation
import ShareRouteKit
import ShareRouting
import ShareSniffing
import CSignals

extension ShareRoute {
  /// `share-route sniff PATH...`: detection only, no routing.
  struct Sniff: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sniff",
      abstract: "Show the type of each file, where it came from, and whether a reported type was corrected.",
      discussion: """
        Text output is one aligned line per file; --format json writes one JSON object per line \
        (path, type, kind, uti, reportedType, sniffedType, typeSource, corrected, reason, error). \
        A directory operand stands for the regular files below it, as for matrix (sorted; hidden \
        entries, links and build folders such as node_modules left out; at most \(SampleFiles.limit)). \
        Symbolic links named as operands are followed; a dangling link, a FIFO or a device is an \
        error for that file, and the others are still sniffed (exit 66 when any file failed). A path \
        list alone (sniff -, or one --files-from) is streamed: each path is answered as it \
        arrives, in input order, by --jobs workers, with bounded memory (text lines are then not \
        aligned with each other).
        """)

    @Argument(help: "Files to sniff.", completion: .file())
    var paths: [String] = []

    // .unconditional: `--jobs -1` is a value to refuse with its range, not a missing one.
    @Option(name: .long, parsing: .unconditional, help: "Parallel workers for a streamed path list (default: the number of cores).")
    var jobs: Int?

    @Flag(inversion: .prefixedNo, help: "Show progress on standard error for a streamed path list (default: when it is a terminal).")
    var progress: Bool?

    /// The one path list to stream (`-` for standard input), when the paths are that list alone.
    var streamedList: String? {
      StreamedList.alone(operands: paths + OperandLift.lifted.paths, filesFrom: pathLists.filesFrom)
    }

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
      if let jobs, !(1...256).contains(jobs) { throw ValidationError(CLIMessages.jobsRange(jobs)) }
      if streamedList != nil {
        // Streamed: one reported type for every path, or none (the count is not known ahead).
        if report.reportedType.count > 1 { throw ValidationError(CLIMessages.reportedTypePerFileStreamed) }
        return
      }
      paths += OperandLift.lifted.paths
      report.reportedType += OperandLift.lifted.reportedTypes
      OperandLift.lifted = .init()
      // A directory stands for the regular files below it, as for `matrix`.
      paths = try SampleFiles.expand(try pathLists.expand(paths))
      try report.validate(fileCount: paths.count)
    }

    func run() throws {
      // Said here, not in validate(): an unknown option is the first thing to say.
      if streamedList == nil && paths.isEmpty { throw ValidationError(CLIMessages.nothingToSniff) }
      if let list = streamedList {
        try stream(list)
        return
      }
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

    /// Sniffs a path list as it arrives (``StreamedList``), each entry answered by
    /// ``answer(_:number:sniffer:reported:trust:json:explain:)``.
    func stream(_ list: String) throws {
      let (reported, trust, json, explain) = (report.reportedType.first, report.trust, output.isJSON, explain)
      let summary = try StreamedList.run(
        list, jobs: jobs, null: pathLists.null, nothing: CLIMessages.nothingToSniff, command: "sniff", progress: progress,
        counts: { CLIMessages.sniffCounts(sniffed: $0.routed, unreadable: $0.unrouted) }
      ) { entry, number, worker in
        Self.answer(entry, number: number, sniffer: worker.sniffer, reported: reported, trust: trust, json: json, explain: explain)
      }
      if summary.unreadableItems > 0 { throw ExitStatus.unreadableInput }
    }

    /// One streamed entry's line: its record (JSON), or its row (text, with `explain` the steps
    /// under it). (Empty entries never come here: the engine skips them.)
    static func answer(
      _ entry: [UInt8], number: Int, sniffer: Sniffer, reported: String?, trust: TrustPolicy, json: Bool, explain: Bool
    ) -> BatchEngine.Result {
      let path = PathBytes.name(entry)
      switch Result(catching: { () throws(SniffError) in try sniffer.explainedItem(pathBytes: entry, reportedType: reported, trust: trust) }) {
      case .success(let (item, content)):
        let text: String
        if json {
          text = explain ? SniffRecord.json(path: path, item: item, explanation: explanation(content, path: path)) : SniffRecord.json(path: path, item: item)
        } else {
          let row = TextReport.table([TextReport.sniffRow(path: path, item: item)], indent: 0)
          text = String((explain ? row + TextReport.explanation(explanation(content, path: path), item: item) : row).dropLast())
        }
        return BatchEngine.Result(text: text, outcome: .routed, outOfDescriptors: false)
      case .failure(let error):
        var result = BatchEngine.Result(
          text: json
            ? SniffRecord.json(path: path, code: error.code, message: KitMessages.itemError(path, error.description))
            : String(TextReport.table([[TextReport.printable(path), "error:", error.description]], indent: 0).dropLast()),
          outcome: .unrouted, outOfDescriptors: error == .tooManyOpenFiles)
        result.unreadableItem = true
        return result
      }
    }

    /// The steps of a decision as the output shows them.
    static func explanation(_ content: Sniffer.ContentReport, path: String) -> TypeExplanation {
      TypeExplanation(
        libmagic: content.sniffed, withoutLibmagic: content.withoutLibmagic, withoutSoftMagic: content.withoutSoftMagic,
        detector: (content.refinement ?? content.confirmation).map { ($0.detector, $0.type, $0.evidence) },
        fileExtension: FilePaths.fileExtension(path), name: content.name.map { ($0.fileExtension, $0.type, $0.why) })
    }
  }
}
