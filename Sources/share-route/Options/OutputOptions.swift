import ArgumentParser

/// `--format text|json` (or `--json`).
struct OutputOptions: ParsableArguments {
  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  @Option(name: .long, help: "Output format: text for people, json for programs.")
  var format: Format = .text

  @Flag(name: .long, help: "Same as --format json.")
  var json = false

  var isJSON: Bool { json || format == .json }
}
