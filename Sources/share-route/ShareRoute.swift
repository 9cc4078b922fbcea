import ArgumentParser
import ShareRouteKit

/// `share-route`: which handlers accept a share, in which order, and what they receive.
@main
struct ShareRoute: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "share-route",
    abstract: "Route a share (files, texts, links) through Android intent filters and iOS activation rules.",
    discussion: """
      Exit status: 0 a handler accepted, 1 none did, 64 usage error, 65 invalid manifest or \
      request, 66 an input cannot be read, 71 the system would not give what the run needs (file \
      descriptors), 74 output cannot be written; a closed pipe ends it quietly (SIGPIPE, 141).
      """,
    version: VersionReport.plain,
    subcommands: [Route.self, Sniff.self, Check.self, Lint.self, Batch.self, Query.self, Matrix.self, Hosts.self],
    defaultSubcommand: Route.self
  )

  /// Runs the common command lines without the parser (see `FastPath`); parses the others,
  /// with long operand lists lifted past the parser (see `OperandLift`), then runs; on a stack
  /// of its own size (``MainStack``).
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    StandardStream.ignoreFileSizeSignal()
    MainStack.run {
      if let script = Completions.script(arguments) {
        do { try StandardStream.output(script) } catch { ShareRoute.fail(error, in: ShareRoute.self) }
        ShareRoute.exit()
      }
      FastPath.run(arguments)
      parseAndRun(OperandLift.lift(arguments))
    }
  }
}

/// The exit statuses of `docs/output.md#exit-statuses`.
enum ExitStatus {
  static let accepted = ExitCode(0)
  static let noneAccepted = ExitCode(1)
  /// `check`: a case failed.
  static let checkFailed = ExitCode(1)
  /// `lint --strict`: warnings were found.
  static let lintWarnings = ExitCode(1)
  static let usage = ExitCode(64)
  static let invalidInput = ExitCode(65)
  static let unreadableInput = ExitCode(66)
  /// The system could not give what the run needs (file descriptors).
  static let systemError = ExitCode(71)
  /// Output could not be written (EX_IOERR).
  static let ioError = ExitCode(74)

  /// Ends the command with a verdict's status, unless every share was accepted.
  static func check(_ status: Verdict.Status) throws {
    if status != .accepted { throw ExitCode(status.rawValue) }
  }
}
