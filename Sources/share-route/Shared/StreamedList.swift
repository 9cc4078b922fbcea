import ArgumentParser
import CSignals
import Foundation
import ShareRouteKit
import ShareRouting
import ShareSniffing

/// A path list given alone (`sniff -`, `--each -`, one `--files-from`), answered as it arrives:
/// the one place that opens the list, starts `BatchEngine`'s workers on it, and turns the ways a
/// run can stop into errors. Each command gives the answer per entry and its own exit status.
enum StreamedList {
  /// The list to stream when the paths are that list alone (`-` for standard input), else `nil`.
  static func alone(operands: [String], filesFrom: [String]) -> String? {
    if operands == ["-"] && filesFrom.isEmpty { return "-" }
    if operands.isEmpty && filesFrom.count == 1 { return filesFrom[0] }
    return nil
  }

  /// The list as messages name it.
  static func name(_ list: String) -> String { list == "-" ? CLIMessages.standardInput : list }

  /// The answer to an entry that is no path (over the path bound, or holding a NUL in a
  /// newline-separated list: binary data): the run stops there, with the usage error a list read
  /// whole gives.
  private static func stop(_ message: String) -> BatchEngine.Result {
    var result = BatchEngine.Result(text: "", outcome: .invalid)
    result.stop = message
    return result
  }

  /// The workers that fit the open-file limit for `jobs` (default: the cores); too few
  /// descriptors for even one is the clear failure batch gives (exit 71).
  static func workers(forJobs jobs: Int) throws -> Int {
    guard let fitting = DescriptorBudget.workers(forJobs: jobs) else {
      Diagnostics.error(CLIMessages.tooFewDescriptors(needed: DescriptorBudget.needed(workers: 1), free: DescriptorBudget.available()))
      throw ExitStatus.systemError
    }
    return fitting
  }

  /// Streams `list` through `answer` (an entry over the path bound, or with a NUL in a
  /// newline-separated list, stops the run first) and writes each answer with `write`, item notes to
  /// standard error, a progress line there when asked (by default when it is a terminal), and at the end (a stop by a signal
  /// too) a summary: `command: N paths: ` and `counts` of the run, then why it stopped early, if it
  /// did. Throws for a run that stopped (write failure 74, signal 128 + N, out of descriptors 71, a
  /// bad entry 64, an unreadable list 64) or read nothing (`nothing`, 64).
  /// - Returns: The summary, for the command's own exit status.
  static func run(
    _ list: String, jobs: Int?, null: Bool, nothing: String, command: String, progress asked: Bool?,
    counts: @escaping (BatchEngine.Summary) -> String,
    write: @escaping (String) throws(BatchEngine.WriteFailure) -> Void = { text throws(BatchEngine.WriteFailure) in
      try StandardStream.write(text, to: STDOUT_FILENO)
    },
    answer: @escaping @Sendable (_ entry: [UInt8], _ number: Int, _ worker: BatchEngine.Worker) -> BatchEngine.Result
  ) throws -> BatchEngine.Summary {
    let descriptor = list == "-" ? STDIN_FILENO : open(RawArguments.openable(list), O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw ValidationError(CLIMessages.pathListUnreadable(name(list), String(cString: strerror(errno)))) }
    defer { if list != "-" { close(descriptor) } }
    share_route_catch_stop_signals()
    let fitting = try workers(forJobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
    let engine: BatchEngine
    do throws(SniffError) {
      engine = try BatchEngine(
        jobs: fitting, separator: null ? 0 : 0x0A, maxEntryBytes: PathListOptions.maxPathBytes,
        stopSignal: { share_route_stop_signal() }
      ) { entry, number, worker in
        guard let entry else {
          return stop(CLIMessages.pathListLineTooLong(name(list), line: number, PathListOptions.maxPathBytes))
        }
        guard null || !entry.contains(0) else { return stop(CLIMessages.pathListBinary(name(list), line: number)) }
        return answer(entry, number, worker)
      }
    } catch {
      Diagnostics.error(error.description)
      throw ExitStatus.unreadableInput
    }
    // `--progress` / `--no-progress`, else when standard error is a terminal.
    let progress = asked ?? (isatty(STDERR_FILENO) == 1)
    let summary = engine.run(
      input: descriptor, write: write,
      progress: progress ? { StandardStream.diagnostic("\r" + CLIMessages.streamProgress(command, paths: $0)) } : nil,
      diagnostic: { Diagnostics.error($0) })
    if progress { StandardStream.diagnostic("\r") }
    if let failure = summary.writeFailure { Diagnostics.error(CLIMessages.writeFailed(failure.reason)) }
    if summary.outOfDescriptors { Diagnostics.error(CLIMessages.outOfDescriptors) }
    // A list that is no path list (a bad entry, a read error) is a usage error alone, as when
    // read whole; any other run ends with its summary.
    if summary.lines > summary.blank && summary.stopReason == nil && summary.inputError == nil {
      var text = CLIMessages.streamSummary(
        command, paths: summary.stopped ? summary.answered : summary.lines - summary.blank, counts: counts(summary))
      if summary.stopped {
        text += CLIMessages.streamStopped(
          signal: summary.signal == 0 ? nil : ShareRoute.Batch.signalName(summary.signal),
          outOfDescriptors: summary.outOfDescriptors, unanswered: summary.unanswered)
      }
      StandardStream.diagnostic(text + "\n")
    }
    if summary.writeFailure != nil { throw ExitStatus.ioError }
    if summary.signal != 0 { throw ExitCode(128 + summary.signal) }
    if summary.outOfDescriptors { throw ExitStatus.systemError }
    if let reason = summary.stopReason {
      Diagnostics.error(reason == "empty-entries" ? CLIMessages.emptyEntries(name(list), 2 * PathListOptions.maxPaths) : reason)
      throw ExitStatus.usage
    }
    if let reason = summary.inputError { throw ValidationError(CLIMessages.pathListUnreadable(name(list), reason)) }
    if summary.lines == summary.blank { throw ValidationError(nothing) }
    return summary
  }
}
