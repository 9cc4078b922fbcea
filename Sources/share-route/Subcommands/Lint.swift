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
        built-in set). Exit status: 0 no error (warnings allowed), 1 warnings with --strict, \
        65 an error.
        """)

    @Argument(help: "Manifest directories or files (AndroidManifest.xml and Info.plist included).")
    var paths: [String] = []

    @Flag(name: .long, help: "Exit with 1 when there are warnings (notes do not count).")
    var strict = false

    @OptionGroup var manifestOptions: ManifestOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
      let set = try paths.isEmpty ? manifestOptions.load() : manifestOptions.load(paths: paths)
      let report = LintReport(set)
      try StandardStream.output(output.isJSON ? report.json(pretty: false) + "\n" : report.text)
      if !report.errors.isEmpty { throw ExitStatus.invalidInput }
      if strict && !report.strictWarnings.isEmpty { throw ExitStatus.lintWarnings }
    }
  }
}
