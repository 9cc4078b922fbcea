import ArgumentParser
import Foundation
import ShareVocabulary

/// The most common command lines, run without swift-argument-parser: `share-route FILE...`,
/// `share-route route FILE...`, `share-route sniff FILE...` and `--version`, when no argument
/// starts with `-`. The parser finds its commands and options by reflection, which in a static
/// binary costs milliseconds at every start; these lines have nothing to parse.
///
/// Anything else (an option, `-`, a subcommand other than route and sniff, help, no argument) goes
/// to the parser. The commands run the same `execute` functions either way, and errors leave
/// through ``ShareRoute/fail(_:in:)``, as after parsing: the output is byte for byte
/// the parser's (a CLI test and `.ci/output-compare.sh` check it).
enum FastPath {
  /// The subcommands' names (a test holds them to the root command's list).
  static let subcommands = ["route", "sniff", "check", "lint", "batch", "query", "matrix", "hosts"]

  /// Subcommand names and the words the parser treats specially.
  static let commandWords = subcommands + ["help"]

  /// What to run for `arguments`, or `nil` when the parser must see them.
  enum Plan: Equatable {
    case route([String])
    case sniff([String])
    case version(json: Bool)
  }

  static func plan(_ arguments: [String]) -> Plan? {
    if arguments == ["--version"] { return .version(json: false) }
    if arguments.count == 2 && arguments.contains("--version") && arguments.contains("--json") {
      return .version(json: true)
    }
    guard let first = arguments.first, !arguments.contains(where: { $0.hasPrefix("-") }) else { return nil }
    switch first {
    case "route": return arguments.count > 1 ? .route(Array(arguments.dropFirst())) : nil
    case "sniff": return arguments.count > 1 ? .sniff(Array(arguments.dropFirst())) : nil
    default: return commandWords.contains(first) ? nil : .route(arguments)
    }
  }

  /// The subcommand a first word was probably meant to be: the word names no file, has no `/`,
  /// and is at most two edits from one subcommand's name (`snif`, `chek`, `qeury`), else `nil`.
  static func misspeltSubcommand(_ arguments: [String], exists: (String) -> Bool) -> String? {
    guard let first = arguments.first, first.count >= 3, first.count <= 12, !first.hasPrefix("-"),
      !first.utf8.contains(UInt8(ascii: "/")), !commandWords.contains(first)
    else { return nil }
    // Two edits change a length by at most two: a word of another length is no misspelling.
    let length = first.utf8.count
    let near = subcommands.filter {
      abs($0.utf8.count - length) <= 2 && Spelling.distance(Array(first.utf8), Array($0.utf8)) <= 2
    }
    // The file system is asked last: `share-route photo.jpg` makes no extra call at start.
    guard near.count == 1, !exists(first) else { return nil }
    return near[0]
  }

  /// Runs the plan and exits; returns only when there is none. A misspelt subcommand is a usage
  /// error (64) with a suggestion, not a route of a file that does not exist.
  static func run(_ arguments: [String]) {
    if let meant = misspeltSubcommand(arguments, exists: { access($0, F_OK) == 0 }) {
      Diagnostics.error(CLIMessages.didYouMean(arguments[0], meant))
      ShareRoute.exit(withError: ExitStatus.usage)
    }
    guard let plan = plan(arguments) else { return }
    do {
      switch plan {
      case .version(let json):
        try StandardStream.output(VersionReport.text(json: json))
      case .route(let paths):
        try ShareRoute.Route.execute(ShareRoute.Route.Settings(paths: paths))
      case .sniff(let paths):
        try ShareRoute.Sniff.execute(paths: try SampleFiles.expand(paths), reportedTypes: [], trust: .content, json: false)
      }
    } catch {
      switch plan {
      case .version: ShareRoute.fail(error, in: ShareRoute.self)
      case .route: ShareRoute.fail(error, in: ShareRoute.Route.self)
      case .sniff: ShareRoute.fail(error, in: ShareRoute.Sniff.self)
      }
    }
    ShareRoute.exit()
  }
}
