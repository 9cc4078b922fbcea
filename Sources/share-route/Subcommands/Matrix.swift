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
      abstract: "Show which handler accepts which sample: shares × handlers, by platform, with the refusal code in each refused cell.",
      discussion: """
        Each sample is shared alone (as route --each does), and so is each --text and --url \
        (without them, one text and one link; --files-only leaves them out). Columns are grouped \
        by platform: on a device Android activities and iOS extensions never compete, so a rank \
        is the rank on that platform. A directory stands for the regular files under it (hidden \
        ones, symbolic links and build folders such as build, DerivedData, Pods, Carthage and \
        node_modules left out, at most \(SampleFiles.limit) files); --include and --exclude filter \
        them by glob. --format text prints ranks and refusal codes with a legend, markdown a \
        GitHub table, html one self-contained page (no script, nothing from the network; every \
        reason on hover). Exit status: 0, 65 when a manifest or a text or URL is invalid, 66 when \
        a sample cannot be read.
        """)

    /// The text and link shared when no --text or --url is given.
    static let defaultText = "Hello from share-route"
    static let defaultURL = "https://example.com/"

    /// How the matrix is written.
    enum Format: String, ExpressibleByArgument, CaseIterable {
      case text, markdown, html
    }

    @Argument(help: "Sample files or directories (default samples/).", completion: .file())
    var paths: [String] = []

    @OptionGroup var pathLists: PathListOptions

    @Option(name: .long, help: "A text to share as a row of its own (repeatable; default: one sample text).")
    var text: [String] = []

    @Option(name: .long, help: "An http(s) URL to share as a row of its own (repeatable; default: one sample link).")
    var url: [String] = []

    @Flag(name: .long, help: "No text or link rows unless --text or --url asks for them.")
    var filesOnly = false

    @Option(
      name: .long,
      help: ArgumentHelp(
        "Under a directory, only files matching this glob (repeatable).",
        discussion: "A glob without / matches a file's name, one with / its path below the directory operand (* crosses /)."))
    var include: [String] = []

    @Flag(name: .long, help: "Walk build folders too (build, DerivedData, Pods, Carthage, node_modules).")
    var noDefaultExcludes = false

    @Option(
      name: .customLong("from"),
      help: ArgumentHelp(
        "A host profile whose share is a row (repeatable; share-route hosts lists them): with sample files, one row per sample the host shares, else one with its sample types.",
        valueName: "host"))
    var hosts: [String] = []

    @Option(name: .long, help: "The type the sender reported for every sample.")
    var reportedType: String?

    @Option(name: .long, help: "The source profile the shares come from (e.g. chat).")
    var source: String?

    @Option(name: .long, help: "Evaluate android, ios or all rules.")
    var platform: Platform = .all

    @Option(name: .long, help: "Output format: text, markdown or html.")
    var format: Format = .text

    @OptionGroup var manifestOptions: ManifestOptions

    static let defaultSamples = "samples"

    mutating func validate() throws {
      paths = try pathLists.expand(paths)
      // With hosts, the samples are only the ones named; without, samples/ by default.
      // Outside a project with none, a usage error that says what to pass (as check's).
      // (Texts and links alone make a matrix too.)
      if paths.isEmpty && hosts.isEmpty {
        if access(Self.defaultSamples, F_OK) == 0 {
          paths = [Self.defaultSamples]
        } else if text.isEmpty && url.isEmpty {
          throw ValidationError(CLIMessages.noSamplesFolder(Self.defaultSamples))
        }
      }
    }

    /// The shares of the rows: each sample, then each text and link, alone; with `--from`, each
    /// host's share of each sample (one file each; a host without file slots, or with no
    /// samples named, once with its own), and texts and links only when asked for.
    func rows(samples: [String]) throws -> [(name: String, input: ShareInput)] {
      let defaults = text.isEmpty && url.isEmpty && !filesOnly && hosts.isEmpty
      let texts = defaults ? [Self.defaultText] : text
      let urls = defaults ? [Self.defaultURL] : url
      var rows: [(name: String, input: ShareInput)] = []
      if hosts.isEmpty {
        rows = samples.map { ($0, ShareInput(paths: [$0], reportedTypes: reportedType.map { [$0] } ?? [])) }
      }
      for host in hosts {
        let template = try SenderFile.Reference.host(host).template()
        let fills = template.slots.count > 0 && !samples.isEmpty
        for sample in fills ? samples.map(Optional.some) : [nil] {
          var input = ShareInput(paths: sample.map { [$0] } ?? [], reportedTypes: reportedType.map { [$0] } ?? [])
          input.sender = template
          if let problem = input.senderProblem(platform: platform) { throw ValidationError(problem) }
          rows.append((MatrixMessages.hostRow(host, sample: sample), input))
        }
      }
      return rows
        + texts.map { (MatrixMessages.textRow($0), ShareInput(texts: [$0])) }
        + urls.map { (MatrixMessages.linkRow($0), ShareInput(urls: [$0])) }
    }

    func run() throws {
      let router = try manifestOptions.settings.router()
      for error in router.manifests.errors { Diagnostics.error(error.description) }
      for notice in router.manifests.idNotices { Diagnostics.warning(notice.description) }
      let filter = SampleFiles.Filter(include: include, exclude: manifestOptions.exclude, defaultExcludes: !noDefaultExcludes)
      let samples = try SampleFiles.expand(paths, filter: filter)
      let sniffer = try Sniffer.forCommand()
      var matrix = RouteMatrix(handlers: router.manifests.handlers, platforms: [platform])
      var verdict = Verdict(manifests: router.manifests)
      for (name, input) in try rows(samples: samples) {
        // Sniffed once; routed once per platform, as the device would.
        let routes: [Platform: ShareRouting.Route]
        do {
          routes = try router.routes(
            input, sniffer: input.hasFiles ? sniffer : nil, platforms: matrix.platforms, source: source,
            pathBytes: RawArguments.bytes(of:))
        } catch {
          throw ValidationError(error.description)  // an unknown source: the command line's mistake
        }
        // Every platform's route holds the items' problems: one row, counted once.
        if let route = routes.values.first {
          for problem in route.errors { Diagnostics.error(problem.message) }
          verdict.add(route)
        }
        matrix.add(name: name, routes: routes)
      }
      switch format {
      case .text: try StandardStream.output(matrix.text)
      case .markdown: try StandardStream.output(matrix.markdown)
      case .html: try StandardStream.output(matrix.html)
      }
      // A sample nobody accepts is a result of the matrix, not a failure.
      try ExitStatus.check(verdict.status(unrouted: false))
    }
  }
}
