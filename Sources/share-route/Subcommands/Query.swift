import ArgumentParser
import ShareRouting

extension ShareRoute {
  /// `share-route query`: Android-level resolution with `am`-style flags.
  struct Query: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "query",
      abstract: "Resolve one Android intent against every handler's intent filters, like `am`.",
      discussion: """
        Any intent (shares, deep links, typed content), as queryIntentActivities answers it: \
        every intent filter of every activity and alias, <data> schemes, hosts, ports, paths and \
        ssp matched like IntentFilter, candidates collected like IntentResolver. The intent is \
        used exactly as given: no category is added (pass -c android.intent.category.DEFAULT to \
        model startActivity) and the type is not normalised. Matches are listed in resolver \
        order: priority, DEFAULT, match value, package name, then the order they were found in.
        """)

    @Option(name: .customShort("a"), help: "The action (short names expand: SEND).")
    var action: String?

    @Option(name: .customShort("c"), help: "A category, used exactly as given (repeatable).")
    var categories: [String] = []

    @Option(name: .customShort("t"), help: "The MIME type, verbatim.")
    var type: String?

    @Option(name: .customShort("d"), help: "The data URI (read like Uri.parse).")
    var data: String?

    @OptionGroup var manifestOptions: ManifestOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
      let manifests = try manifestOptions.load()
      let problems = manifests.errors.map {
        RouteProblem(code: .invalidManifest, message: $0.description, path: $0.file)
      }
      for problem in problems { Diagnostics.error(problem.message) }
      let intent = AndroidIntent(
        action: action.map { $0.contains(".") ? $0 : "android.intent.action." + $0 },
        type: type, data: data, categories: categories)
      let (matches, rejected) = Resolver.query(
        intent, handlers: manifests.components, assumeEnabled: manifestOptions.assumeEnabled)
      if output.isJSON {
        try StandardStream.output(
          Resolver.json(intent: intent, matches: matches, rejected: rejected, errors: problems, pretty: true) + "\n")
      } else {
        try StandardStream.output(TextReport.query(intent: intent, matches: matches, rejected: rejected))
      }
      if !manifests.errors.isEmpty { throw ExitStatus.invalidInput }
      if matches.isEmpty { throw ExitStatus.noneAccepted }
    }
  }
}
