import ArgumentParser
import CSignals
import Foundation
import ShareRouteKit
import ShareRouting
import ShareSniffing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ShareRoute {
  /// `share-route batch`: NDJSON requests in, one route per line out, in input order.
  struct Batch: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "batch",
      abstract: "Route NDJSON share requests from standard input, one JSON route per line, in input order.",
      discussion: """
        Each input line is a request: {"id": "r1", "source": "chat", "platform": "all", \
        "trust": "content", "items": [{"path": "a.pdf", "reportedType": "text/plain"}, \
        {"text": "hi"}, {"url": "https://x.y"}, {"uti": "public.jpeg"}, {"type": "image/png"}]}. \
        Each output line is the route of the same input line (its JSON, with the request's id), \
        or {"schemaVersion": 1, "line": N, "errors": [...]} when the line is not a valid request; there is exactly one \
        output line per input line, written as soon as it and every line before it are done. \
        Files are sniffed by --jobs workers, each with its own libmagic cookie; at most \
        --jobs x 128 requests (and at most 8 MiB of request lines) are in flight, and a line may \
        hold at most 1 MiB. A summary goes to standard error at the end. Exit status (after every \
        line has been answered): 65 when a manifest or a request line is invalid, else 0; with \
        --strict as route's: 65 also for an invalid item, else 66 when a file could not be read, \
        else 1 when a request found no handler.
        """)

    // .unconditional: `--jobs -1` is a value to refuse with its range, not a missing one.
    @Option(name: .long, parsing: .unconditional, help: "Parallel workers (default: the number of cores).")
    var jobs: Int?

    /// The workers to run: `--jobs`, else one per core.
    var workers: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    @Flag(inversion: .prefixedNo, help: "Show progress on standard error (default: when it is a terminal).")
    var progress: Bool?

    @Flag(
      name: .long,
      help: ArgumentHelp(
        "Write only who accepts each request: no refusals (faster with many handlers).",
        discussion: "Each route leaves out the rejected member; accepted handlers, order and pick are the same."))
    var acceptedOnly = false

    @Flag(
      name: .long,
      help: "Exit as route does: 66 when a file could not be read, 1 when a request found no handler (65 first).")
    var strict = false

    @OptionGroup var manifestOptions: ManifestOptions

    func validate() throws {
      if let jobs, !(1...256).contains(jobs) { throw ValidationError(CLIMessages.jobsRange(jobs)) }
    }

    func run() throws {
      // A closed standard output would be a write error on every line: say so before reading.
      var outputInfo = stat()
      guard fstat(STDOUT_FILENO, &outputInfo) == 0 else {
        Diagnostics.error(CLIMessages.writeFailed(String(cString: strerror(errno))))
        throw ExitStatus.ioError
      }
      share_route_catch_stop_signals()
      // Workers need file descriptors (and libdispatch two of its own): start only as many as fit.
      let fitting = try StreamedList.workers(forJobs: workers)
      if fitting < workers { Diagnostics.warning(CLIMessages.jobsLowered(asked: workers, to: fitting)) }
      let router = try manifestOptions.settings.router()
      for error in router.manifests.errors { Diagnostics.error(error.description) }
      for notice in router.manifests.idNotices { Diagnostics.warning(notice.description) }
      let engine: BatchEngine
      do throws(SniffError) {
        engine = try BatchEngine(
          router: router, jobs: fitting, refusals: acceptedOnly ? .omitted : .all, stopSignal: { share_route_stop_signal() })
      } catch {
        Diagnostics.error(error.description)
        throw ExitStatus.unreadableInput
      }
      if engine.workers < fitting { Diagnostics.warning(CLIMessages.threadsLowered(asked: fitting, to: engine.workers)) }
      let showProgress = progress ?? (isatty(STDERR_FILENO) == 1)
      let summary = engine.run(
        input: STDIN_FILENO,
        write: { text throws(BatchEngine.WriteFailure) in try StandardStream.write(text, to: STDOUT_FILENO) },
        progress: showProgress ? { StandardStream.diagnostic("\r" + BatchMessages.progress(lines: $0)) } : nil)
      if showProgress { StandardStream.diagnostic("\r") }
      if let failure = summary.writeFailure { Diagnostics.error(CLIMessages.writeFailed(failure.reason)) }
      if summary.outOfDescriptors { Diagnostics.error(CLIMessages.outOfDescriptors) }
      // After a stop, the count is of the lines answered; the suffix counts the rest.
      var text = BatchMessages.summary(
        lines: summary.stopped ? summary.answered + summary.blank : summary.lines,
        routed: summary.routed, unrouted: summary.unrouted, errors: summary.invalid, blank: summary.blank)
      if summary.stopped {
        text += CLIMessages.batchStopped(
          signal: summary.signal == 0 ? nil : Self.signalName(summary.signal), outOfDescriptors: summary.outOfDescriptors,
          unanswered: summary.unanswered)
      }
      StandardStream.diagnostic(text + "\n")
      if summary.signal != 0 { throw ExitCode(128 + summary.signal) }
      if summary.writeFailure != nil { throw ExitStatus.ioError }
      if summary.outOfDescriptors { throw ExitStatus.systemError }
      var verdict = Verdict(manifests: router.manifests)
      verdict.add(summary)
      // Without --strict, a line's items and whether anyone accepts are answers in the output.
      try ExitStatus.check(verdict.status(items: strict, unrouted: strict))
    }

    static func signalName(_ signal: Int32) -> String {
      switch signal {
      case SIGTERM: "SIGTERM"
      case SIGINT: "SIGINT"
      case SIGHUP: "SIGHUP"
      default: "signal \(signal)"
      }
    }
  }
}
