import ArgumentParser
import Foundation
import ShareRouting
import ShareSniffing

extension ShareRoute {
  /// `share-route sniff PATH...`: detection only, no routing.
  struct Sniff: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show the type of each file, where it came from, and whether a reported type was corrected.",
      discussion: """
        Text output is one aligned line per file; --format json writes one JSON object per line \
        (path, type, kind, uti, reportedType, sniffedType, typeSource, corrected, reason, error). \
        Symbolic links are followed; a dangling link, a directory, a FIFO or a device is an error \
        for that file, and the others are still sniffed (exit 66 when any file failed).
        """)

    @Argument(help: "Files to sniff.")
    var paths: [String]

    @OptionGroup var report: ReportOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
      try report.validate(fileCount: paths.count)
    }

    func run() throws {
      let sniffer = try Sniffer.forCommand()
      var failed = false
      var rows: [[String]] = []
      for (index, path) in paths.enumerated() {
        do {
          let item = try sniffer.item(
            pathBytes: RawArguments.bytes(of: path), reportedType: report.reported(at: index), trust: report.trust)
          if output.isJSON {
            Output.line(SniffRecord.json(path: path, item: item))
          } else {
            rows.append(TextReport.sniffRow(path: path, item: item))
          }
        } catch {
          failed = true
          if output.isJSON {
            Output.line(SniffRecord.json(path: path, code: error.code, message: CLIMessages.itemError(path, error.description)))
          } else {
            rows.append([TextReport.printable(path), "error:", error.description])
          }
        }
      }
      if !output.isJSON { print(TextReport.table(rows, indent: 0), terminator: "") }
      if failed { throw ExitStatus.unreadableInput }
    }
  }
}

/// Standard output, one line at a time, flushed so that a pipeline sees each line at once.
enum Output {
  static func line(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }
}
