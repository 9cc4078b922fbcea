import ArgumentParser
import Foundation
import ShareRouteKit
import ShareRouting
import ShareSniffing

extension ShareRoute {
  /// `share-route check [FILE]`: activation rules checked against sample files, for CI.
  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "check",
      abstract: "Check expected routes (who accepts, who refuses, the order, the types) against sample shares.",
      discussion: """
        FILE (default samples/expectations.yaml) lists cases: a share (files relative to FILE, \
        texts, urls, mimeTypes, utis, reportedType, trust, source, platform) and what must \
        happen (expect: accept, refuse, order, pick, types, corrected, errors, receives, phases, \
        share). Prints one line per failing case with what differed, and under it, for each \
        handler it is wrong about, the manifest's file:line:col, the refusal's reasons as \
        route --explain words them and lint's fixes; then 'N passed, M failed'; with --format json one \
        JSON object (schema docs/schemas/check.schema.json); with --format junit a \
        JUnit XML document, with --format github GitHub Actions annotations on the YAML line \
        of each failing case. Exit status: 0 all passed, 1 a case failed, 65 the file (or a \
        manifest) is invalid — its valid cases are still run.
        """)

    /// How the results are written.
    enum Format: String, ExpressibleByArgument, CaseIterable {
      case text, json, junit, github
    }

    @Argument(help: "The expectations file (default: samples/expectations.yaml, when there is one).", completion: .file())
    var path: String?

    /// The file given, else the default when it is there; outside a project with none, a usage
    /// error that says what to pass.
    var file: String {
      get throws {
        if let path { return RawArguments.openable(path) }
        guard access(Self.defaultFile, F_OK) == 0 else { throw ValidationError(CLIMessages.noExpectationsFile(Self.defaultFile)) }
        return Self.defaultFile
      }
    }

    static let defaultFile = "samples/expectations.yaml"

    @Option(
      name: .long,
      help: "Output format: text for people, json for programs, junit (JUnit XML) or github (Actions annotations) for CI.")
    var format: Format = .text

    @OptionGroup var manifestOptions: ManifestOptions

    func run() throws {
      let file = try file
      let expectations = ExpectationFile.load(file, followLinks: manifestOptions.followLinks)
      for error in expectations.errors { Diagnostics.error(error.description) }
      // The expectations' own manifests unless --manifests names others.
      // Its `exclude:` globs join --exclude for the walks of its own manifests.
      var settings = manifestOptions.settings
      settings.excluded += expectations.excluded
      let manifests =
        try (!expectations.manifests.isEmpty || expectations.namesManifests) && manifestOptions.manifests.isEmpty
        ? settings.load(paths: expectations.manifests.map(RawArguments.openable)) : manifestOptions.load()
      for error in manifests.errors { Diagnostics.error(error.description) }
      for notice in manifests.idNotices { Diagnostics.warning(notice.description) }
      let router = ShareRouter(manifests: manifests, assumeEnabled: manifestOptions.assumeEnabled)
      let sniffer = expectations.cases.contains(where: { !$0.files.isEmpty || $0.sender != nil }) ? try Sniffer.forCommand() : nil
      var report = CheckReport(file: file)
      report.errors = expectations.errors + manifests.errors
      for expectation in expectations.cases {
        let differences: [String]
        var guessed: [String] = []
        var causes: [CheckReport.Cause] = []
        do throws(RoutingError) {
          var input = ShareInput(
            paths: expectation.files, reportedTypes: expectation.reportedTypes,
            trust: expectation.trust.flatMap(TrustPolicy.init(rawValue:)) ?? .content, texts: expectation.texts,
            urls: expectation.urls, mimeTypes: expectation.mimeTypes, utis: expectation.utis)
          // A host's share that cannot be had, or that the files do not fit, fails its case alone.
          if let reference = expectation.sender {
            switch HostProfiles.resolve(reference) {
            case .success(let template): input.sender = template
            case .failure(let error):
              report.results.append(
                CheckReport.CaseResult(name: expectation.name, location: expectation.location, differences: error.messages, guessed: []))
              continue
            }
            if let problem = input.senderProblem(platform: expectation.platform) {
              report.results.append(
                CheckReport.CaseResult(name: expectation.name, location: expectation.location, differences: [problem], guessed: []))
              continue
            }
          }
          let route = try router.route(
            input, sniffer: sniffer, platform: expectation.platform, source: expectation.source,
            pathBytes: RawArguments.bytes(of:))
          differences = expectation.differences(from: route)
          guessed = expectation.guessedIDs(in: route)
          if !differences.isEmpty {
            causes = expectation.handlersInQuestion(route).compactMap { id in
              guard let place = manifests.declaration(of: id) else { return nil }
              let reasons = route.rejected.first { $0.id == id }?.reasons ?? []
              var cause = CheckReport.Cause(
                handler: id, file: place.file, location: place.location, reasons: reasons.map(CheckMessages.reason),
                findings: place.findings.map { ($0.location, place.keyPath.isEmpty ? "" : $0.keyPath, CheckMessages.finding($0)) },
                keyPath: place.keyPath)
              // Each reason at the rule that decided it; an accepting handler at the rule that accepted.
              cause.reasonLocations = reasons.map { $0.place?.location }
              cause.acceptedAt = route.accepted.first { $0.id == id }?.place?.location
              return cause
            }
            // A mistyped id: where the suggested one is written (its build setting, when it came
            // from one and the typo is in the part the setting gives).
            var shown = Set<String>()
            for (written, id) in expectation.suggestedIDs(route) {
              guard let place = manifests.declaration(of: id) else { continue }
              let setting = manifests.idSetting(of: id).flatMap { setting in
                setting.part.map { written.hasPrefix($0 + "/") } == true ? nil : setting
              }
              let cause = CheckReport.Cause.suggested(
                handler: id, file: setting?.place.file ?? place.file, location: setting.map(\.place.location) ?? place.location,
                keyPath: setting == nil ? place.keyPath : "", setting: setting?.name, package: setting?.part != nil)
              // Two typos of one id may point at two places (its package, its class); each once.
              if shown.insert("\(id)\u{0}\(cause.file)\u{0}\(cause.location.map { "\($0)" } ?? cause.keyPath)").inserted {
                causes.append(cause)
              }
            }
          }
        } catch {
          differences = [error.description]
        }
        var result = CheckReport.CaseResult(
          name: expectation.name, location: expectation.location, differences: differences, guessed: guessed)
        result.causes = causes
        report.results.append(result)
      }
      switch format {
      case .text: try StandardStream.output(report.text)
      case .junit: try StandardStream.output(report.junit)
      case .github: try StandardStream.output(report.github)
      case .json: try StandardStream.output(report.json(pretty: true) + "\n")
      }
      if !report.errors.isEmpty { throw ExitStatus.invalidInput }
      if report.failed > 0 { throw ExitStatus.checkFailed }
    }
  }
}
