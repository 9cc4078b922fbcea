import ArgumentParser
import CSignals
import Foundation
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
      abstract: "Route NDJSON share requests from standard input, one JSON route per line, in input order.",
      discussion: """
        Each input line is a request: {"id": "r1", "source": "chat", "platform": "all", \
        "trust": "content", "items": [{"path": "a.pdf", "reportedType": "text/plain"}, \
        {"text": "hi"}, {"url": "https://x.y"}, {"uti": "public.jpeg"}, {"type": "image/png"}]}. \
        Each output line is the route of the same input line (DESIGN §7 with the request's id), \
        or {"line": N, "errors": [...]} when the line is not a valid request; there is exactly one \
        output line per input line, written as soon as it and every line before it are done. \
        Files are sniffed by --jobs workers, each with its own libmagic cookie; at most \
        --jobs x 32 requests are in flight, and a line may hold at most 1 MiB. A summary goes to \
        standard error at the end. Exit status: 0, or 65 when a manifest or a request line is \
        invalid (after every line has been answered).
        """)

    @Option(name: .long, help: "Parallel workers (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(inversion: .prefixedNo, help: "Show progress on standard error (default: when it is a terminal).")
    var progress: Bool?

    @OptionGroup var manifestOptions: ManifestOptions

    /// Requests in flight per worker.
    static let windowPerJob = 32
    /// The longest request line accepted.
    static let maxLineBytes = 1 << 20

    func validate() throws {
      guard (1...256).contains(jobs) else { throw ValidationError(CLIMessages.jobsRange(jobs)) }
    }

    func run() throws {
      // A closed standard output would be a write error on every line: say so before reading.
      var outputInfo = stat()
      guard fstat(STDOUT_FILENO, &outputInfo) == 0 else {
        Diagnostics.error(CLIMessages.writeFailed(String(cString: strerror(errno))))
        throw ExitStatus.ioError
      }
      share_route_catch_stop_signals()
      let manifests = manifestOptions.load()
      for error in manifests.errors { Diagnostics.error(error.description) }
      for notice in manifests.idNotices { Diagnostics.warning(notice.description) }
      let workers = try BatchWorkers(router: Router(manifests, assumeEnabled: manifestOptions.assumeEnabled), count: jobs)
      let showProgress = progress ?? (isatty(STDERR_FILENO) == 1)
      var reader = LineReader(descriptor: STDIN_FILENO, maxLineBytes: Self.maxLineBytes)
      var lineNumber = 0
      var totals = BatchWorkers.Totals()
      var unanswered = 0
      var writeFailure: StandardStream.WriteFailure?
      var lastProgress = ContinuousClock.now
      while share_route_stop_signal() == 0 {
        var chunk: [(number: Int, line: LineReader.Line)] = []
        while chunk.count < jobs * Self.windowPerJob {
          // Wait for the first line of a chunk; take more only while they are already there.
          guard let line = reader.next(wait: chunk.isEmpty) else { break }
          if case .pending = line { break }
          lineNumber += 1
          chunk.append((lineNumber, line))
        }
        if chunk.isEmpty { break }
        // Lines whose work had not started when a stop signal came are dropped (not answered).
        let results = workers.process(chunk)
        unanswered += chunk.count - results.count
        var output = ""
        var ends: [String.Index] = []
        for result in results {
          output += result.text + "\n"
          ends.append(output.endIndex)
        }
        do {
          try StandardStream.write(output, to: STDOUT_FILENO)
          for result in results { totals.add(result.outcome) }
        } catch {
          // Count only the lines written whole.
          let written = output.utf8.index(output.startIndex, offsetBy: error.written)
          let whole = ends.count { $0 <= written }
          for result in results.prefix(whole) { totals.add(result.outcome) }
          unanswered += results.count - whole
          writeFailure = error
          break
        }
        if showProgress, ContinuousClock.now - lastProgress > .milliseconds(300) {
          lastProgress = .now
          StandardStream.diagnostic("\r" + BatchOutput.progress(lines: lineNumber))
        }
      }
      if showProgress { StandardStream.diagnostic("\r") }
      let signal = share_route_stop_signal()
      if signal != 0 { unanswered += reader.bufferedLines }
      if let writeFailure { Diagnostics.error(CLIMessages.writeFailed(writeFailure.reason)) }
      // After a stop, the count is of the lines answered; the suffix counts the rest.
      let stopped = signal != 0 || writeFailure != nil
      var summary = BatchOutput.summary(
        lines: stopped ? totals.routed + totals.unrouted + totals.invalid : lineNumber,
        routed: totals.routed, unrouted: totals.unrouted, errors: totals.invalid)
      if stopped {
        summary += CLIMessages.batchStopped(signal: signal == 0 ? nil : Self.signalName(signal), unanswered: unanswered)
      }
      StandardStream.diagnostic(summary + "\n")
      if signal != 0 { throw ExitCode(128 + signal) }
      if writeFailure != nil { throw ExitStatus.ioError }
      if !manifests.errors.isEmpty || totals.invalid > 0 { throw ExitStatus.invalidInput }
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

/// The workers of `batch`: one sniffer each (created one after another, as libmagic needs), the
/// router shared read-only. ``process(_:)`` runs a chunk of requests on every worker and returns
/// the outputs in input order.
final class BatchWorkers: @unchecked Sendable {
  // @unchecked: `sniffers[k]` is only ever used by the worker that claimed index k, and the
  // router is never mutated after init.
  private let router: Router
  private let sniffers: [Sniffer]

  enum Outcome { case routed, unrouted, invalid }

  struct Result {
    var text: String
    var outcome: Outcome
  }

  struct Totals {
    var routed = 0
    var unrouted = 0
    var invalid = 0

    mutating func add(_ outcome: Outcome) {
      switch outcome {
      case .routed: routed += 1
      case .unrouted: unrouted += 1
      case .invalid: invalid += 1
      }
    }
  }

  init(router: Router, count: Int) throws {
    self.router = router
    var sniffers: [Sniffer] = []
    for _ in 0..<count { sniffers.append(try Sniffer.forCommand()) }
    self.sniffers = sniffers
  }

  /// The results of a chunk's lines in input order. After a stop signal, lines not yet started
  /// are dropped: the results are those of the lines before the first dropped one (the rest of
  /// the chunk is not answered), so the output stays in order and ends on a whole line.
  func process(_ chunk: [(number: Int, line: LineReader.Line)]) -> [Result] {
    let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: chunk.count)
    results.initialize(repeating: nil)
    defer {
      _ = results.deinitialize()
      results.deallocate()
    }
    let output = ResultSlots(results)
    if sniffers.count == 1 || chunk.count == 1 {
      for (index, request) in chunk.enumerated() {
        guard share_route_stop_signal() == 0 else { break }
        output.set(index, handle(request.line, number: request.number, sniffer: sniffers[0]))
      }
    } else {
      let counter = ClaimCounter()
      DispatchQueue.concurrentPerform(iterations: min(sniffers.count, chunk.count)) { worker in
        while share_route_stop_signal() == 0 {
          let index = counter.claim()
          guard index < chunk.count else { return }
          output.set(index, handle(chunk[index].line, number: chunk[index].number, sniffer: sniffers[worker]))
        }
      }
    }
    var ordered: [Result] = []
    ordered.reserveCapacity(chunk.count)
    for slot in results {
      guard let result = slot else { break }
      ordered.append(result)
    }
    return ordered
  }

  /// One request line to one output line.
  func handle(_ line: LineReader.Line, number: Int, sniffer: Sniffer) -> Result {
    let text: String
    switch line {
    case .tooLong:
      return Result(
        text: BatchOutput.invalidLine(number, messages: [BatchOutput.lineTooLong(number, limit: ShareRoute.Batch.maxLineBytes)]),
        outcome: .invalid)
    case .pending:
      return Result(text: BatchOutput.invalidLine(number, messages: []), outcome: .invalid)
    case .text(let bytes):
      guard let decoded = String(validating: bytes, as: UTF8.self) else {
        return Result(text: BatchOutput.invalidLine(number, messages: [BatchOutput.notUTF8(number)]), outcome: .invalid)
      }
      text = decoded
    }
    let request: BatchRequest
    switch BatchRequest.parse(text, number: number) {
    case .success(let parsed): request = parsed
    case .failure(let errors):
      return Result(text: BatchOutput.invalidLine(number, messages: errors.messages), outcome: .invalid)
    }
    var built = ShareInput(request).build(sniffer: sniffer)
    built.problems += built.invalid.map {
      RouteProblem(code: "invalid-item", message: CLIMessages.invalidItem($0.index, $0.error.description), item: $0.index)
    }
    built.problems.sort { ($0.item ?? 0) < ($1.item ?? 0) }
    do {
      let route = try router.route(
        items: built.items, platform: request.platform, source: request.source, id: request.id,
        errors: built.problems)
      return Result(text: route.json(pretty: false), outcome: route.accepted.isEmpty ? .unrouted : .routed)
    } catch {
      return Result(
        text: BatchOutput.invalidLine(number, id: request.id, messages: [CLIMessages.routingError(line: number, error)]),
        outcome: .invalid)
    }
  }
}

/// Hands out request indexes to workers, each once.
private final class ClaimCounter: @unchecked Sendable {
  // @unchecked: `next` is only touched under `lock`.
  private let lock = NSLock()
  private var next = 0

  func claim() -> Int {
    lock.withLock {
      defer { next += 1 }
      return next
    }
  }
}

/// Slots of a result buffer, each written by exactly one worker.
private struct ResultSlots: @unchecked Sendable {
  let buffer: UnsafeMutableBufferPointer<BatchWorkers.Result?>
  init(_ buffer: UnsafeMutableBufferPointer<BatchWorkers.Result?>) { self.buffer = buffer }
  func set(_ index: Int, _ result: BatchWorkers.Result) { buffer[index] = result }
}

/// Lines from a file descriptor, bounded in length, with a way to ask whether a line is ready
/// without waiting (so a slow producer gets its answers without filling a whole chunk).
struct LineReader {
  enum Line {
    /// A line's bytes, without the newline (and without a trailing CR).
    case text([UInt8])
    /// A line longer than the limit (skipped up to its newline).
    case tooLong
    /// No whole line is available without waiting.
    case pending
  }

  private let descriptor: Int32
  private let maxLineBytes: Int
  private var buffer: [UInt8] = []
  private var start = 0
  private var endOfInput = false
  private var discarding = false

  init(descriptor: Int32, maxLineBytes: Int) {
    self.descriptor = descriptor
    self.maxLineBytes = maxLineBytes
  }

  /// The next line, `.pending` when `wait` is false and none is ready, or `nil` at the end.
  mutating func next(wait: Bool) -> Line? {
    while true {
      if let newline = buffer[start...].firstIndex(of: 0x0A) {
        var line = Array(buffer[start..<newline])
        start = newline + 1
        compact()
        // The limit is on the line's content: a CRLF line's CR does not count.
        if line.last == 0x0D { line.removeLast() }
        if discarding || line.count > maxLineBytes {
          discarding = false
          return .tooLong
        }
        return .text(line)
      }
      // Keep one byte more than the limit: it may be the CR of a CRLF line.
      if buffer.count - start > maxLineBytes + 1 {
        discarding = true
        buffer.removeAll(keepingCapacity: true)
        start = 0
      }
      if endOfInput {
        guard start < buffer.count || discarding else { return nil }
        var rest = Array(buffer[start...])
        buffer.removeAll()
        start = 0
        if rest.last == 0x0D { rest.removeLast() }
        if discarding || rest.count > maxLineBytes {
          discarding = false
          return .tooLong
        }
        return .text(rest)
      }
      // A stop signal ends the input: lines not read yet are not answered.
      if share_route_stop_signal() != 0 { return nil }
      if !wait && !readable() { return .pending }
      fill()
    }
  }

  /// Lines read from the input but not handed out yet (a last line without a newline counts).
  var bufferedLines: Int {
    let rest = buffer[start...]
    return rest.count { $0 == 0x0A } + (rest.last.map { $0 != 0x0A } ?? false ? 1 : 0) + (discarding ? 1 : 0)
  }

  private mutating func compact() {
    if start > 1 << 16 && start * 2 > buffer.count {
      buffer.removeFirst(start)
      start = 0
    }
  }

  private func readable() -> Bool {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&request, 1, 0) > 0
  }

  private mutating func fill() {
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    let count = chunk.withUnsafeMutableBytes { raw -> Int in
      guard let base = raw.baseAddress else { return -1 }
      return read(descriptor, base, raw.count)
    }
    if count < 0 && errno == EINTR { return }
    if count <= 0 {
      endOfInput = true
      return
    }
    buffer.append(contentsOf: chunk[0..<count])
  }
}
