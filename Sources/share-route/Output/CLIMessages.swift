import Foundation
import ShareRouting

/// Every message of the command-line tool that is not a library error, worded in one place.
enum CLIMessages {
  /// A first word that names no file and is close to a subcommand.
  static func didYouMean(_ word: String, _ command: String) -> String {
    "\(Printable.quoted(word)) is neither a file nor a command; did you mean '\(command)'?"
  }

  static let standardInput = "standard input"

  /// A usage error as the parser words it (`Error: …`, then the usage), with share-route's prefix.
  static func usageError(_ parserMessage: String) -> String {
    let text = parserMessage.hasPrefix("Error: ") ? String(parserMessage.dropFirst("Error: ".count)) : parserMessage
    return "share-route: error: " + Printable.message(text) + (text.hasSuffix("\n") ? "" : "\n")
  }

  /// `--version`: `share-route 0.1.0`, then libmagic's version and database.
  static func version(_ version: String, libmagic: String, database: String?) -> String {
    "share-route \(version)\nlibmagic \(libmagic), database \(database ?? "libmagic's default")"
  }

  static func pathListUnreadable(_ name: String, _ reason: String) -> String {
    "cannot read the path list \(Printable.quoted(name)) (\(reason))"
  }

  static func pathListTooLarge(_ name: String, _ limit: Int) -> String {
    "\(Printable.escaped(name)): more than \(limit) bytes of paths: not read further"
  }
  static func pathListBinary(_ name: String, line: Int) -> String {
    "\(Printable.escaped(name)): path \(line) holds a NUL byte: not a path list (use -0 for NUL-separated lists)"
  }
  static func pathListLineTooLong(_ name: String, line: Int, _ limit: Int) -> String {
    "\(Printable.escaped(name)): path \(line): longer than \(limit) bytes (is it a path list? use -0 for NUL-separated lists)"
  }

  static func pathListTooMany(_ name: String, _ limit: Int) -> String {
    "\(Printable.escaped(name)): more than \(limit) paths (or \(2 * limit) separators, empty entries included)"
  }

  static func noSamplesFolder(_ folder: String) -> String {
    "no sample given, and there is no \(folder)/ folder here: give files or folders (share-route matrix PATH...)"
  }

  static func noExpectationsFile(_ defaultFile: String) -> String {
    "no expectations file given, and there is no \(defaultFile) here: give one (share-route check FILE)"
  }

  static let reportedTypePerFileStreamed =
    "--reported-type may be given once for a streamed path list (its length is not known ahead)"

  /// A streamed path list's progress line (`sniff -`, `--each -`), and its summary at the end.
  static func streamProgress(_ command: String, paths: Int) -> String { "\(command): \(paths) paths" }

  static func streamSummary(_ command: String, paths: Int, counts: String) -> String {
    "\(command): \(paths) path\(paths == 1 ? "" : "s"): \(counts)"
  }

  /// After a streamed list's summary, when it stopped before the list's end.
  static func streamStopped(signal: String?, outOfDescriptors: Bool, unanswered: Int) -> String {
    stopped(signal: signal, outOfDescriptors: outOfDescriptors)
      + ": \(unanswered) path\(unanswered == 1 ? "" : "s") read but not answered, the list after them not read"
  }

  /// What a streamed `sniff` came to.
  static func sniffCounts(sniffed: Int, unreadable: Int) -> String { "\(sniffed) sniffed, \(unreadable) unreadable" }

  /// What a streamed `--each` came to.
  static func eachCounts(routed: Int, unrouted: Int, unreadable: Int, invalid: Int) -> String {
    "\(routed) routed, \(unrouted) unrouted" + (unreadable > 0 ? " (\(unreadable) unreadable)" : "")
      + (invalid > 0 ? ", \(invalid) not routable" : "")
  }

  static func emptyEntries(_ name: String, _ limit: Int) -> String {
    "\(Printable.escaped(name)): more than \(limit) empty entries in a row (is it a path list?)"
  }

  static let nothingToSniff = "nothing to sniff: give one or more files"

  static func tooManySamples(_ directory: String, limit: Int) -> String {
    "\(Printable.quoted(directory)) holds more than \(limit) files: name fewer (or list them: find DIR -type f -print0 | share-route sniff -0 --files-from -)"
  }

  static let hostShareWithEach = "--each routes every item as its own share, and --from, --capture and --intent give one whole share: give one of them"

  static let explainWithAcceptedOnly = "--explain shows refusals and --accepted-only leaves them out: give one of them"

  static let nothingToShare =
    "nothing to share: give a file, --text, --url, --type or --uti"

  static func reportedTypeCount(_ count: Int, files: Int) -> String {
    "--reported-type was given \(count) times for \(files) file\(files == 1 ? "" : "s") "
      + "(give it once for all files, or once per file)"
  }

  static let reportedTypeWithoutFiles =
    "--reported-type applies to files, and no file was given (text and URL items are always text/plain)"

  /// Added to batch's summary when it stopped early.
  static func batchStopped(signal: String?, outOfDescriptors: Bool = false, unanswered: Int) -> String {
    stopped(signal: signal, outOfDescriptors: outOfDescriptors) + ": \(unanswered) line\(unanswered == 1 ? "" : "s") read but not answered"
      + ", the input after them not read (resume by id: docs/scale-out.md)"
  }

  /// Why a stream (batch's requests, a streamed path list) stopped early: a signal, the
  /// descriptors running out, or standard output failing.
  private static func stopped(signal: String?, outOfDescriptors: Bool) -> String {
    signal.map { "; stopped by \($0)" } ?? (outOfDescriptors ? "; stopped: out of file descriptors" : "; stopped: standard output failed")
  }

  static func writeFailed(_ reason: String) -> String { "cannot write to standard output: \(reason)" }

  static func tooFewDescriptors(needed: Int, free: Int?) -> String {
    "too many open files: batch needs at least \(needed) free file descriptors and has \(free.map(String.init) ?? "fewer")"
      + "; raise ulimit -n"
  }

  static func jobsLowered(asked: Int, to workers: Int) -> String {
    "--jobs \(asked) lowered to \(workers): the open-file limit (ulimit -n) allows no more workers"
  }

  static func threadsLowered(asked: Int, to workers: Int) -> String {
    "--jobs \(asked) lowered to \(workers): the system would not start more threads (an address-space or process limit)"
  }

  static let outOfDescriptors =
    "too many open files: a file could not be opened for want of a file descriptor, so batch stopped there instead of calling it unreadable; lower --jobs or raise ulimit -n"

  static func jobsRange(_ jobs: Int) -> String { "--jobs must be between 1 and 256 (got \(jobs))" }
  static func badLocale(_ locale: String) -> String {
    "--locale takes a language with an optional region (de, pt-BR, pt-rBR), not \(Printable.quoted(locale))"
  }
  static func badIOSVersion(_ version: String) -> String {
    "--ios-version takes a version of up to three numbers (17, 16.4, 15.0.1), not \(Printable.quoted(version))"
  }
}
