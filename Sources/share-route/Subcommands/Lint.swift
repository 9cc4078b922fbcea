import ArgumentParser
import ShareRouting

extension ShareRoute {
  /// `share-route lint [PATH...]`: manifests validated, platform pitfalls warned about.
  struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "lint",
      abstract: "Validate manifests (YAML, JSON, AndroidManifest.xml, Info.plist) and warn about platform pitfalls.",
      discussion: """
        Every error and warning names the file, the line and column (or key path) and the \
        value; each warning ends with a one-line fix and its code in brackets. Without PATH, \
        the manifests route would use ($SHARE_ROUTE_MANIFESTS, else ./manifests, else the \
        built-in set). --format json writes one JSON object (schema docs/schemas/lint.schema.json), \
        github GitHub Actions annotations (::error, ::warning, ::notice on each finding's line), \
        junit a JUnit XML document (a warning fails its test case with --strict). Exit status: \
        0 no error (warnings allowed), 1 warnings with --strict, 65 an error.
        """)

    /// How the report is written.
    enum Format: String, ExpressibleByArgument, CaseIterable {
      case text, json, github, junit
    }

    @Argument(help: "Manifest directories or files (AndroidManifest.xml and Info.plist included).", completion: .file())
    var paths: [String] = []

    @Flag(name: .long, help: "Exit with 1 when there are warnings (notes do not count).")
    var strict = false

    @OptionGroup var manifestOptions: ManifestOptions

    @Option(
      name: .long,
      help: "Output format: text for people, json for programs, github (Actions annotations) or junit (JUnit XML) for CI.")
    var format: Format = .text

    @Flag(name: .long, help: "Same as --format json.")
    var json = false

    func run() throws {
      let set = try paths.isEmpty ? manifestOptions.load() : manifestOptions.load(paths: paths)
      let report = LintReport(set)
      switch json ? .json : format {
      case .text: try StandardStream.output(report.text)
      case .json: try StandardStream.output(report.json(pretty: false) + "\n")
      case .github: try StandardStream.output(report.github)
      case .junit: try StandardStream.output(report.junit(strict: strict))
      }
      if !report.errors.isEmpty { throw ExitStatus.invalidInput }
      if strict && !report.strictWarnings.isEmpty { throw ExitStatus.lintWarnings }
    }
  }
}
