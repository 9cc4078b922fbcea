import ArgumentParser
import ShareRouting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--color auto|always|never`: colour the pick and the refusals in text output.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
  /// Colour when standard output is a terminal, `NO_COLOR` is unset or empty, and `TERM` is
  /// not `dumb` — never in pipes or files.
  case auto
  /// Always colour (also when `NO_COLOR` is set: the option was asked for explicitly).
  case always
  /// Never colour.
  case never

  /// The style for text written to standard output.
  var style: TextStyle {
    switch self {
    case .always: return TextStyle(enabled: true)
    case .never: return .plain
    case .auto:
      guard isatty(STDOUT_FILENO) == 1 else { return .plain }
      if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return .plain }
      if let term = getenv("TERM"), String(cString: term) == "dumb" { return .plain }
      return TextStyle(enabled: true)
    }
  }
}

/// The `--color` option.
struct ColorOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "Colour the pick and the refusals: auto (on a terminal, unless NO_COLOR is set), always or never.",
      valueName: "when"))
  var color: ColorChoice = .auto
}
