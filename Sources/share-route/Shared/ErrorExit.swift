import ArgumentParser
import Foundation
import ShareVocabulary

extension ShareRoute {
  /// Parses `arguments` and runs the command, as the parser's own `main` does, except that an
  /// error ends the run through ``fail(_:in:)``.
  static func parseAndRun(_ arguments: [String]) -> Never {
    var command: any ParsableCommand
    do { command = try parseAsRoot(arguments) } catch { fail(error, in: self) }
    do { try command.run() } catch { fail(error, in: type(of: command)) }
    exit()
  }

  /// Ends the run for `error`. Help and `--version` go to standard output as the parser writes
  /// them, an exit status alone ends the run silently; any other error is written as every
  /// share-route error is (`share-route: error: …`), with the usage of the command it came from
  /// (`check`'s for a `check` line, not the top level's), and with the parser's "did you mean"
  /// only when the option it suggests is near the one typed.
  static func fail(_ error: any Error, in command: any ParsableCommand.Type) -> Never {
    let message = command.fullMessage(for: error)
    let code = command.exitCode(for: error)
    guard code != .success, !message.isEmpty else { command.exit(withError: error) }
    let usage = command == ShareRoute.self ? message : usage(of: command, in: message)
    StandardStream.diagnostic(CLIMessages.usageError(nearSuggestionsOnly(usage)))
    exit(withError: code)
  }

  /// The parser's message for a subcommand's own error names the subcommand alone
  /// (`Usage: check …`, `See 'check --help'`); the user typed `share-route check`.
  private static func usage(of command: any ParsableCommand.Type, in message: String) -> String {
    let name = command.configuration.commandName ?? ""
    guard !name.isEmpty else { return message }
    let root = configuration.commandName ?? "share-route"
    return message.replacingOccurrences(of: "Usage: \(name) ", with: "Usage: \(root) \(name) ")
      .replacingOccurrences(of: "See '\(name) --help'", with: "See '\(root) \(name) --help'")
  }

  /// The message without a "Did you mean '--x'?" whose option is more than two edits from the
  /// one typed (the parser suggests its nearest option however far: `--bogus` got `--jobs`).
  static func nearSuggestionsOnly(_ message: String) -> String {
    let prefix = "Unknown option '"
    let suggestion = "'. Did you mean '"
    guard let start = message.range(of: prefix), let middle = message.range(of: suggestion, range: start.upperBound..<message.endIndex),
      let end = message.range(of: "'?", range: middle.upperBound..<message.endIndex)
    else { return message }
    let typed = message[start.upperBound..<middle.lowerBound]
    let offered = message[middle.upperBound..<end.lowerBound]
    guard Spelling.distance(Array(typed.utf8), Array(offered.utf8)) > 2 else { return message }
    return String(message[..<middle.lowerBound]) + "'" + message[end.upperBound...]
  }
}
