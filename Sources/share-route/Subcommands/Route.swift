import ArgumentParser
import CSignals
import Foundation
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
        On Android the files are the streams (one a SEND, several a SEND_MULTIPLE) and texts \
        and URLs ride as one EXTRA_TEXT (alone they are a SEND text/plain); on iOS every item is \
        an attachment. An empty text or URL is no share data (exit status 65).
        """)

    @Argument(help: "Files to share.", completion: .file())
    var paths: [String] = []

    @Option(name: .long, help: "Share a text (repeatable).")
    var text: [String] = []

    @Option(name: .long, help: "Share an http(s) URL (repeatable).")
    var url: [String] = []

    @Option(name: .customLong("type"), help: "Share a declared item of this MIME type (repeatable).")
    var declaredTypes: [String] = []

    @Option(name: .customLong("uti"), help: "Share a declared item of this UTI (repeatable).")
    var declaredUTIs: [String] = []

    @OptionGroup var pathLists: PathListOptions
    @OptionGroup var report: ReportOptions
    @OptionGroup var hostShare: HostShareOptions

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

    @Flag(
      name: .long,
      help: ArgumentHelp(
        "Route every item as its own share, one answer each, in order (JSON: one line each).",
        discussion: "For globs and find output: 1,000 files are 1,000 SENDs, not one SEND_MULTIPLE of */*. Each answer's id is the item as given. A path list alone (--each -, or one --files-from) is streamed: each path is answered as it arrives, in order, by --jobs workers."))
    var each = false

    // .unconditional: `--jobs -1` is a value to refuse with its range, not a missing one.
    @Option(name: .long, parsing: .unconditional, help: "Parallel workers for --each with a streamed path list (default: the number of cores).")
    var jobs: Int?

    @Flag(inversion: .prefixedNo, help: "Show progress on standard error for --each with a streamed path list (default: when it is a terminal).")
    var progress: Bool?

    /// With `--each`, the one path list to stream (`-` for standard input), when the share is
    /// that list alone.
    var streamedList: String? {
      guard each, text.isEmpty, url.isEmpty, declaredTypes.isEmpty, declaredUTIs.isEmpty, (try? hostShare.reference()) == nil else { return nil }
      let lifted = OperandLift.lifted
      guard lifted.texts.isEmpty, lifted.urls.isEmpty, lifted.types.isEmpty, lifted.utis.isEmpty else { return nil }
      return StreamedList.alone(operands: paths + lifted.paths, filesFrom: pathLists.filesFrom)
    }

    @OptionGroup var manifestOptions: ManifestOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var colorOptions: ColorOptions

    mutating func validate() throws {
      if let jobs, !(1...256).contains(jobs) { throw ValidationError(CLIMessages.jobsRange(jobs)) }
      if streamedList != nil {
        if report.reportedType.count > 1 { throw ValidationError(CLIMessages.reportedTypePerFileStreamed) }
        if explain && acceptedOnly { throw ValidationError(CLIMessages.explainWithAcceptedOnly) }
        return
      }
      let lifted = OperandLift.lifted
      paths += lifted.paths
      text += lifted.texts
      url += lifted.urls
      declaredTypes += lifted.types
      declaredUTIs += lifted.utis
      report.reportedType += lifted.reportedTypes
      OperandLift.lifted = .init()
      paths = try pathLists.expand(paths)
      let sender = try hostShare.reference()
      if sender != nil && each { throw ValidationError(CLIMessages.hostShareWithEach) }
      if explain && acceptedOnly { throw ValidationError(CLIMessages.explainWithAcceptedOnly) }
      try report.validate(fileCount: paths.count)
    }

    func run() throws {
      // Said here, not in validate(): the parser validates before it finds an unknown option,
      // and `share-route --bogus` should say that, not that nothing was given.
      if streamedList == nil && paths.isEmpty && text.isEmpty && url.isEmpty && declaredTypes.isEmpty && declaredUTIs.isEmpty,
        try hostShare.reference() == nil
      {
        throw ValidationError(CLIMessages.nothingToShare)
      }
      if let list = streamedList {
        try Self.stream(
          list, jobs: jobs, null: pathLists.null,
          Settings(
            reportedTypes: report.reportedType, trust: report.trust, source: source, platform: platform, explain: explain,
            acceptedOnly: acceptedOnly, each: true, manifests: manifestOptions.settings, json: output.isJSON,
            color: colorOptions.color, progress: progress))
        return
      }
      try Self.execute(
        Settings(
          paths: paths, reportedTypes: report.reportedType, trust: report.trust, texts: text, urls: url,
          mimeTypes: declaredTypes, utis: declaredUTIs, sender: try hostShare.reference(), source: source, platform: platform,
          explain: explain, acceptedOnly: acceptedOnly, each: each, manifests: manifestOptions.settings, json: output.isJSON,
          color: colorOptions.color))
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
      /// The host's share the files fill (`--from`, `--capture`, `--intent`), or `nil`.
      var sender: SenderFile.Reference?
      var source: String?
      var platform: Platform = .all
      var explain = false
      var acceptedOnly = false
      var each = false
      var manifests = ManifestSettings()
      var json = false
      var color = ColorChoice.auto
      /// `--progress` / `--no-progress` for a streamed `--each` (`nil`: when standard error is a terminal).
      var progress: Bool?
    }

    /// Routes the share and writes the answer; the exit status is the verdict's (``Verdict``),
    /// thrown as an `ExitCode`.
    static func execute(_ settings: Settings) throws {
      if settings.each { return try executeEach(settings) }
      // One thread: a second one, loading the handlers while this one sniffed, cost more in its
      // start and its memory than it saved (bench/RESULTS.md, stop 39).
      var input = ShareInput(
        paths: settings.paths, reportedTypes: settings.reportedTypes, trust: settings.trust, texts: settings.texts,
        urls: settings.urls, mimeTypes: settings.mimeTypes, utis: settings.utis)
      input.sender = try settings.sender?.template()
      if let problem = input.senderProblem(platform: settings.platform) { throw ValidationError(problem) }
      let sniffer = input.hasFiles ? try Sniffer.forCommand() : nil
      let router = try settings.manifests.router()
      let problems = router.manifests.errors.map {
        RouteProblem(code: .invalidManifest, message: $0.description, path: $0.file)
      }
      let route = try share(input, id: nil, errors: problems, sniffer: sniffer, router: router, settings: settings)
      for problem in route.errors { Diagnostics.error(problem.message) }
      for notice in router.manifests.idNotices { Diagnostics.warning(notice.description) }
      if settings.json {
        try StandardStream.output(route.json(pretty: true) + "\n")
      } else {
        try StandardStream.output(TextReport.route(route, explain: settings.explain, style: settings.color.style))
      }
      try ExitStatus.check(router.verdict([route]).status())
    }

    /// `--each`: every item (files, then texts, URLs, declared types and UTIs) is its own share,
    /// routed and written one after another (text: a `== item` header before each answer; JSON: one
    /// compact line each, `id` the item as given). Manifest errors go to standard error once.
    /// The exit status is the verdict's over every share.
    static func executeEach(_ settings: Settings) throws {
      let router = try settings.manifests.router()
      for error in router.manifests.errors { Diagnostics.error(error.description) }
      for notice in router.manifests.idNotices { Diagnostics.warning(notice.description) }
      let sniffer = settings.paths.isEmpty ? nil : try Sniffer.forCommand()
      var shares: [(id: String, input: ShareInput)] = settings.paths.enumerated().map { index, path in
        let reported = ShareInput.reportedType(settings.reportedTypes, at: index)
        return (path, ShareInput(paths: [path], reportedTypes: reported.map { [$0] } ?? [], trust: settings.trust))
      }
      shares += settings.texts.map { ($0, ShareInput(texts: [$0])) }
      shares += settings.urls.map { ($0, ShareInput(urls: [$0])) }
      shares += settings.mimeTypes.map { ($0, ShareInput(mimeTypes: [$0])) }
      shares += settings.utis.map { ($0, ShareInput(utis: [$0])) }
      var verdict = Verdict(manifests: router.manifests)
      let style = settings.color.style
      for (number, share) in shares.enumerated() {
        let route = try Self.share(share.input, id: share.id, errors: [], sniffer: sniffer, router: router, settings: settings)
        for problem in route.errors { Diagnostics.error(problem.message) }
        verdict.add(route)
        if settings.json {
          try StandardStream.output(route.json(pretty: false) + "\n")
        } else {
          try StandardStream.output(
            (number == 0 ? "" : "\n") + "== " + TextReport.printable(share.id) + "\n"
              + TextReport.route(route, explain: settings.explain, style: style))
        }
      }
      try ExitStatus.check(verdict.status())
    }

    /// `--each` over a path list as it arrives: `BatchEngine`'s workers and ordered whole-line
    /// output, each path routed as its own share (JSON: one line each; text: an `== path` header
    /// before each answer). Exit status as for `--each`.
    static func stream(_ list: String, jobs: Int?, null: Bool, _ settings: Settings) throws {
      let router = try settings.manifests.router()
      for error in router.manifests.errors { Diagnostics.error(error.description) }
      for notice in router.manifests.idNotices { Diagnostics.warning(notice.description) }
      if let source = settings.source, router.core.sources[source] == nil {
        throw ValidationError(RoutingError.unknownSource(source, known: router.core.sources.keys.sorted()).description)
      }
      let (reported, style) = (settings.reportedTypes.first, settings.color.style)
      let (platform, source, refusals) = (settings.platform, settings.source, settings.acceptedOnly ? Router.Refusals.omitted : .all)
      let (json, explain, trust) = (settings.json, settings.explain, settings.trust)
      // Text answers are separated by a blank line: each starts with one, but the first written.
      var first = !json
      let summary = try StreamedList.run(
        list, jobs: jobs, null: null, nothing: CLIMessages.nothingToShare, command: "route --each",
        progress: settings.progress,
        counts: {
          CLIMessages.eachCounts(routed: $0.routed, unrouted: $0.unrouted, unreadable: $0.unreadableItems, invalid: $0.invalid)
        },
        write: { text throws(BatchEngine.WriteFailure) in
          if first && text.hasPrefix("\n") {
            first = false
            try StandardStream.write(String(text.dropFirst()), to: STDOUT_FILENO)
          } else {
            if !text.isEmpty { first = false }
            try StandardStream.write(text, to: STDOUT_FILENO)
          }
        }
      ) { entry, number, worker in
        let path = PathBytes.name(entry)
        let input = ShareInput(paths: [path], reportedTypes: reported.map { [$0] } ?? [], trust: trust)
        let route: ShareRouting.Route
        do {
          route = try router.route(
            input, sniffer: worker.sniffer, platform: platform, source: source, id: path, refusals: refusals,
            pathBytes: { _ in entry })
        } catch {
          var result = BatchEngine.Result(text: "", outcome: .invalid)
          result.notes = ["\(error)"]
          return result
        }
        let text =
          json
          ? route.json(pretty: false)
          : String(("\n== " + TextReport.printable(path) + "\n" + TextReport.route(route, explain: explain, style: style)).dropLast())
        var result = BatchEngine.Result(route: route, text: text)
        result.notes = route.errors.map(\.message)
        return result
      }
      var verdict = Verdict(manifests: router.manifests)
      verdict.add(summary)
      try ExitStatus.check(verdict.status())
    }

    /// Routes one share as the settings ask (platform, source, refusals) through the one
    /// composition (``ShareRouter``); a share that cannot be routed as asked (an unknown source,
    /// too many items) is a usage error.
    static func share(
      _ input: ShareInput, id: String?, errors: [RouteProblem], sniffer: Sniffer?, router: ShareRouter, settings: Settings
    ) throws -> ShareRouting.Route {
      do {
        return try router.route(
          input, sniffer: sniffer, platform: settings.platform, source: settings.source, id: id, errors: errors,
          refusals: settings.acceptedOnly ? .omitted : .all, pathBytes: RawArguments.bytes(of:))
      } catch {
        throw ValidationError(error.description)
      }
    }
  }
}

extension TrustPolicy: ExpressibleByArgument {}
extension Platform: ExpressibleByArgument {}
