import ArgumentParser
import Foundation
import ShareRouteKit
import ShareRouting
import ShareSniffing

extension ShareRoute {
  /// `share-route matrix [FILE or DIR...]`: samples × handlers, for people who would rather look.
  struct Matrix: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "matrix",
      abstract: "Show which handler accepts which sample: samples × handlers, with the reason in each refused cell.",
      discussion: """
        Each sample is shared alone (as route --each does). A directory stands for the regular \
        files under it (hidden ones and symbolic links left out, at most \(Self.fileLimit) files). \
        --format text prints ranks and refusal codes with a legend, markdown a GitHub table, html \
        one self-contained page (no script, nothing from the network; every reason on hover). \
        Exit status: 0, 65 when a manifest is invalid, 66 when a sample cannot be read.
        """)

    /// The most files a directory operand may stand for.
    static let fileLimit = 10_000

    /// How the matrix is written.
    enum Format: String, ExpressibleByArgument, CaseIterable {
      case text, markdown, html
    }

    @Argument(help: "Sample files or directories (default samples/).")
    var paths: [String] = []

    @OptionGroup var pathLists: PathListOptions

    @Option(name: .long, help: "The type the sender reported for every sample.")
    var reportedType: String?

    @Option(name: .long, help: "The source profile the shares come from (e.g. chat).")
    var source: String?

    @Option(name: .long, help: "Evaluate android, ios or all rules.")
    var platform: Platform = .all

    @Option(name: .long, help: "Output format: text, markdown or html.")
    var format: Format = .text

    @OptionGroup var manifestOptions: ManifestOptions

    mutating func validate() throws {
      paths = try pathLists.expand(paths)
      if paths.isEmpty { paths = ["samples"] }
    }

    func run() throws {
      let manifests = manifestOptions.load()
      for error in manifests.errors { Diagnostics.error(error.description) }
      for notice in manifests.idNotices { Diagnostics.warning(notice.description) }
      let samples = try Self.files(paths)
      let router = Router(manifests, assumeEnabled: manifestOptions.assumeEnabled)
      let sniffer = try Sniffer.forCommand()
      var matrix = RouteMatrix(columns: manifests.handlers.map { RouteMatrix.Column(id: $0.id, label: $0.label, guessed: $0.guessed) })
      var unreadable = false
      for sample in samples {
        let input = ShareInput(paths: [sample], reportedTypes: reportedType.map { [$0] } ?? [])
        let route = try Route.share(
          input, id: nil, errors: [], sniffer: sniffer, router: router,
          settings: Route.Settings(source: source, platform: platform))
        for problem in route.errors { Diagnostics.error(problem.message) }
        unreadable = unreadable || !route.errors.isEmpty
        matrix.add(name: sample, route: route)
      }
      switch format {
      case .text: try StandardStream.output(matrix.text)
      case .markdown: try StandardStream.output(matrix.markdown)
      case .html: try StandardStream.output(matrix.html)
      }
      if !manifests.errors.isEmpty { throw ExitStatus.invalidInput }
      if unreadable { throw ExitStatus.unreadableInput }
    }

    /// The files the operands stand for: a file as given, a directory's regular files (sorted,
    /// recursively, hidden entries and symbolic links left out), at most ``fileLimit``.
    static func files(_ operands: [String]) throws -> [String] {
      var result: [String] = []
      /// The file type of a path, links not followed (names that are not UTF-8 open by their bytes).
      func type(_ path: String) -> mode_t? {
        var info = stat()
        return PathBytes.withCPath(path, { $0.map { lstat($0, &info) } ?? -1 }) == 0 ? info.st_mode & S_IFMT : nil
      }
      for operand in operands {
        var operandInfo = stat()
        let isDirectory =
          PathBytes.withCPath(RawArguments.openable(operand)) {
            $0.map { stat($0, &operandInfo) } ?? -1
          } == 0 && (operandInfo.st_mode & S_IFMT) == S_IFDIR
        guard isDirectory else {
          result.append(operand)  // a file, or a path whose problem the sniffer names
          continue
        }
        var found: [String] = []
        var pending = [RawArguments.openable(operand)]
        while let directory = pending.popLast() {
          let entries = Directory.names(in: directory) ?? []
          for entry in entries.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) where !entry.hasPrefix(".") {
            let path = directory.hasSuffix("/") ? directory + entry : directory + "/" + entry
            switch type(path) {
            case S_IFDIR?: pending.append(path)
            case S_IFREG?: found.append(path)
            default: continue  // symbolic links, devices, FIFOs
            }
            if result.count + found.count > fileLimit {
              throw ValidationError(CLIMessages.tooManySamples(operand, limit: fileLimit))
            }
          }
        }
        result += found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
      }
      return result
    }
  }
}
