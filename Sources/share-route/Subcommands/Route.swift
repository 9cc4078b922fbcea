import ArgumentParser
import ShareRouteKit
import ShareRouting
import ShareSniffing

extension ShareRoute {
  /// `share-route route` (the default command).
  struct Route: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "route",
      abstract: "Show which handlers accept a share, best first, and what they receive.",
      discussion: """
        Items are taken in this order: files, then --text, --url, --type and --uti values. \
        One item is an Android SEND, several a SEND_MULTIPLE.
        """)

    @Argument(help: "Files to share.")
    var paths: [String] = []

    @Option(name: .long, help: "Share a text (repeatable).")
    var text: [String] = []

    @Option(name: .long, help: "Share an http(s) URL (repeatable).")
    var url: [String] = []

    @Option(name: .customLong("type"), help: "Share a declared item of this MIME type (repeatable).")
    var declaredTypes: [String] = []

    @Option(name: .customLong("uti"), help: "Share a declared item of this UTI (repeatable).")
    var declaredUTIs: [String] = []

    @OptionGroup var report: ReportOptions

    @Option(name: .long, help: "The source profile the share comes from (e.g. chat).")
    var source: String?

    @Option(name: .long, help: "Evaluate android, ios or all rules.")
    var platform: Platform = .all

    @Flag(name: .long, help: "Show every refusing handler and its reasons.")
    var explain = false

    @Flag(
      name: .long,
      help: ArgumentHelp(
        "Show only who accepts: no refusals (faster with many handlers).",
        discussion: "JSON leaves out the rejected member; the accepted handlers, their order and the pick are the same."))
    var acceptedOnly = false

    @OptionGroup var manifestOptions: ManifestOptions
    @OptionGroup var output: OutputOptions

    mutating func validate() throws {
      let lifted = OperandLift.lifted
      paths += lifted.paths
      text += lifted.texts
      url += lifted.urls
      declaredTypes += lifted.types
      declaredUTIs += lifted.utis
      report.reportedType += lifted.reportedTypes
      OperandLift.lifted = .init()
      if paths.isEmpty && text.isEmpty && url.isEmpty && declaredTypes.isEmpty && declaredUTIs.isEmpty {
        throw ValidationError(CLIMessages.nothingToShare)
      }
      if explain && acceptedOnly { throw ValidationError(CLIMessages.explainWithAcceptedOnly) }
      try report.validate(fileCount: paths.count)
    }

    func run() throws {
      try Self.execute(
        Settings(
          paths: paths, reportedTypes: report.reportedType, trust: report.trust, texts: text, urls: url,
          mimeTypes: declaredTypes, utis: declaredUTIs, source: source, platform: platform, explain: explain,
          acceptedOnly: acceptedOnly, manifests: manifestOptions.settings, json: output.isJSON))
    }

    /// Everything a route needs, as plain values (built by the parser or by ``FastPath``).
    struct Settings {
      var paths: [String] = []
      var reportedTypes: [String] = []
      var trust: TrustPolicy = .content
      var texts: [String] = []
      var urls: [String] = []
      var mimeTypes: [String] = []
      var utis: [String] = []
      var source: String?
      var platform: Platform = .all
      var explain = false
      var acceptedOnly = false
      var manifests = ManifestSettings()
      var json = false
    }

    /// Routes the share and writes the answer; the exit status is thrown as an `ExitCode`.
    static func execute(_ settings: Settings) throws {
      let manifests = settings.manifests.load()
      var problems = manifests.errors.map {
        RouteProblem(code: "invalid-manifest", message: $0.description, path: $0.file)
      }
      let sniffer = settings.paths.isEmpty ? nil : try Sniffer.forCommand()
      let input = ShareInput(
        paths: settings.paths, reportedTypes: settings.reportedTypes, trust: settings.trust, texts: settings.texts,
        urls: settings.urls, mimeTypes: settings.mimeTypes, utis: settings.utis)
      let built = input.build(sniffer: sniffer, pathBytes: RawArguments.bytes(of:))
      if let invalid = built.invalid.first { throw ValidationError(invalid.error.description) }
      let items = built.items
      problems += built.problems
      let unreadable = problems.contains { $0.item != nil }

      let route: ShareRouting.Route
      do {
        route = try Router(manifests, assumeEnabled: settings.manifests.assumeEnabled)
          .route(
            items: items, platform: settings.platform, source: settings.source, errors: problems,
            refusals: settings.acceptedOnly ? .omitted : .all)
      } catch {
        throw ValidationError(error.description)
      }
      for problem in problems { Diagnostics.error(problem.message) }
      for notice in manifests.idNotices { Diagnostics.warning(notice.description) }
      if settings.json {
        try StandardStream.output(route.json(pretty: true) + "\n")
      } else {
        try StandardStream.output(TextReport.route(route, explain: settings.explain))
      }
      if !manifests.errors.isEmpty { throw ExitStatus.invalidInput }
      if unreadable { throw ExitStatus.unreadableInput }
      if route.accepted.isEmpty { throw ExitStatus.noneAccepted }
    }
  }
}

extension TrustPolicy: ExpressibleByArgument {}
extension Platform: ExpressibleByArgument {}
