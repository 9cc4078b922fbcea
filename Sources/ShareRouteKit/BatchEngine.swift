import Foundation
import ShareRouting
import ShareSniffing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Answers a stream of lines, one output line per input line, in input order: the engine behind
/// `share-route batch` (NDJSON share requests, each routed) and the streamed path lists (`sniff -`,
/// `--each -`), for library users too. The engine owns the workers, the order and the bounds; what
/// a line comes to is the caller's `answer` (``init(router:jobs:refusals:stopSignal:)`` gives
/// batch's).
///
/// Lines are answered by `jobs` workers, each with its own libmagic cookie (created one after
/// another, as libmagic needs). At most `jobs ×` 128 lines, and at most
/// 8 MiB of them (plus the line that crosses it), are in flight, and a line may hold
/// at most its engine's line bound. Output is handed to the caller's `write` in whole lines, in
/// input order, as soon as a line and every line before it are done.
public final class BatchEngine: @unchecked Sendable {
  // @unchecked: `workerStates[k]` is only ever used by the worker that claimed index k.
  /// What a worker answers with: its own sniffer, and its memo of routing decisions.
  public struct Worker {
    /// The worker's sniffer (no other worker uses it).
    public let sniffer: Sniffer
    /// The worker's Android and iOS decisions, reused across its lines (the routes are the same
    /// without them).
    package let memo: Router.DecisionMemo
  }

  private let workerStates: [Worker]
  /// The worker threads (the caller's thread is worker 0).
  private let pool: WorkerPool
  /// The workers the engine runs: the jobs asked for, or fewer when the system would not start
  /// more threads.
  public var workers: Int { workerStates.count }
  private let stopSignal: @Sendable () -> Int32

  /// Lines in flight per worker. The workers wait for each other at the end of every chunk
  /// of `jobs ×` this many lines; at 32 they were idle about 4 % of a run of small files, at 128
  /// about 2 %.
  package static let windowPerJob = 128
  /// The request bytes of one chunk, at most (the line that crosses it is the chunk's last), so a
  /// chunk of long lines stays small.
  package static let maxChunkBytes = 8 << 20
  /// The longest request line accepted.
  public static let maxLineBytes = 1 << 20

  /// Creates batch's engine: each NDJSON request line routed by `router` (`docs/output.md`).
  ///
  /// - Parameters:
  ///   - router: The router every request goes through.
  ///   - jobs: The number of workers (one libmagic cookie each), at least 1.
  ///   - refusals: Whether routes explain their refusals (`Router.Refusals.omitted` for
  ///     `--accepted-only`).
  ///   - stopSignal: Polled between requests: a non-zero value (a signal number) stops the run
  ///     cleanly; lines not started are not answered and the output ends on a whole line.
  /// - Throws: `SniffError` when libmagic cannot be loaded.
  public convenience init(
    router: ShareRouter, jobs: Int, refusals: Router.Refusals = .all, stopSignal: @escaping @Sendable () -> Int32 = { 0 }
  ) throws(SniffError) {
    try self.init(
      jobs: jobs, separator: 0x0A, maxLineBytes: Self.maxLineBytes, maxEmptyEntries: nil, isList: false,
      stopSignal: stopSignal
    ) { line, number, worker in
      BatchLine.answer(line, number: number, router: router, refusals: refusals, worker: worker)
    }
  }

  /// Creates an engine that answers each line (an entry of a list, a request) with `answer`: each
  /// worker with its own sniffer, in input order, as the entries arrive.
  ///
  /// - Parameters:
  ///   - jobs: The number of workers (one libmagic cookie each), at least 1.
  ///   - separator: The byte between entries (`\n`, or NUL for `find -print0`); a CR before a
  ///     newline is dropped.
  ///   - maxEntryBytes: The longest entry; a longer one is answered with `nil` bytes.
  ///   - maxEmptyEntries: The most empty entries in a row before the run stops (a device such as
  ///     `/dev/zero` read NUL-separated is an endless run of them); the summary's `stopReason`
  ///     is then `empty-entries`. `nil`: no bound (each line is answered).
  ///   - stopSignal: Polled between lines: a non-zero value (a signal number) stops the run on a
  ///     whole answer.
  ///   - answer: The output (without its newline) and outcome for an entry's bytes (`nil`: too
  ///     long; an empty entry is skipped and counted as blank), its 1-based number and
  ///     the worker; an empty text writes nothing.
  /// - Throws: `SniffError` when libmagic cannot be loaded.
  public convenience init(
    jobs: Int, separator: UInt8, maxEntryBytes: Int, maxEmptyEntries: Int = 2_000_000,
    stopSignal: @escaping @Sendable () -> Int32 = { 0 },
    answer: @escaping @Sendable (_ entry: [UInt8]?, _ number: Int, _ worker: Worker) -> Result
  ) throws(SniffError) {
    try self.init(
      jobs: jobs, separator: separator, maxLineBytes: maxEntryBytes, maxEmptyEntries: maxEmptyEntries, isList: true,
      stopSignal: stopSignal, answer: answer)
  }

  /// Both kinds of engine: the threads first (as many workers as the system lets start), then
  /// each worker's cookie and memo.
  private init(
    jobs: Int, separator: UInt8, maxLineBytes: Int, maxEmptyEntries: Int?, isList: Bool,
    stopSignal: @escaping @Sendable () -> Int32, answer: @escaping @Sendable ([UInt8]?, Int, Worker) -> Result
  ) throws(SniffError) {
    self.stopSignal = stopSignal
    self.separator = separator
    self.maxLineBytes = maxLineBytes
    self.maxEmptyEntries = maxEmptyEntries
    self.isList = isList
    self.answer = answer
    pool = WorkerPool(workers: max(1, jobs))
    var states: [Worker] = []
    for _ in 0..<pool.count { states.append(Worker(sniffer: try Sniffer(), memo: Router.DecisionMemo())) }
    workerStates = states
  }

  /// The byte between input lines.
  let separator: UInt8
  /// The longest input line.
  let maxLineBytes: Int
  /// For entry lists, the most empty entries in a row.
  let maxEmptyEntries: Int?
  /// Whether the lines are a list's entries: a too-long one ends the reading (its answer stops
  /// the run), where a too-long request is answered as invalid and the run goes on.
  let isList: Bool
  /// What a line comes to.
  let answer: @Sendable ([UInt8]?, Int, Worker) -> Result

  /// What a line came to.
  public enum Outcome: Sendable {
    /// A route with at least one accepting handler.
    case routed
    /// A route nobody accepts.
    case unrouted
    /// Not a valid request (or not routable as asked).
    case invalid
  }

  /// One output line (without its newline) and what it came to.
  public struct Result: Sendable {
    /// The output line: a route's compact JSON, or an invalid-line record.
    public var text: String
    /// What the line came to.
    public var outcome: Outcome
    /// Set when a file of the line could not be opened for want of a file descriptor: the
    /// answer would blame the file, so it is not written and the run stops.
    public var outOfDescriptors = false
    /// The line's route has an item that could not be read (missing, unreadable, …).
    public var unreadableItem = false
    /// The line's route has an item that is no share data (`invalid-item`).
    public var invalidItem = false
    /// Messages for standard error, written in input order with the line (the caller's
    /// `diagnostic` closure), never from a worker.
    public var notes: [String] = []
    /// Set when the run must stop at this line (a path list entry over its bound): this line and
    /// the rest are not answered, and the run's summary says why.
    package var stop: String? = nil

    /// Creates a result.
    public init(text: String, outcome: Outcome, outOfDescriptors: Bool = false) {
      self.text = text
      self.outcome = outcome
      self.outOfDescriptors = outOfDescriptors
    }
  }

  /// A write that failed: how many bytes of the text were written before it, and why.
  public struct WriteFailure: Error, Sendable {
    /// The bytes written before the failure.
    public var written: Int
    /// The system's reason.
    public var reason: String

    /// Creates a failure.
    public init(written: Int, reason: String) {
      self.written = written
      self.reason = reason
    }
  }

  /// How a run ended.
  public struct Summary: Sendable {
    /// The lines read.
    public var lines = 0
    /// Lines answered with a route someone accepts.
    public var routed = 0
    /// Lines answered with a route nobody accepts.
    public var unrouted = 0
    /// Lines answered as invalid.
    public var invalid = 0
    /// Blank request lines and empty list entries, skipped (not answered, not invalid).
    package var blank = 0
    /// Answered lines whose route has an item that could not be read.
    public var unreadableItems = 0
    /// Answered lines whose route has an item that is no share data.
    public var invalidItems = 0
    /// Lines read but not answered (after a stop signal or a failed write).
    public var unanswered = 0
    /// The signal that stopped the run, or 0.
    public var signal: Int32 = 0
    /// The write that failed, if one did (the run stops there).
    public var writeFailure: WriteFailure?
    /// Whether the run stopped because the process ran out of file descriptors (a file could
    /// not be opened for want of one, after waiting): its line and the rest are not answered.
    public var outOfDescriptors = false
    /// Why reading the input failed, if it did (`read(2)`'s error): the lines before were answered.
    public var inputError: String?
    /// Why the run stopped at a line whose answer asked it to, or at too many empty
    /// entries in a row; `nil` otherwise.
    public var stopReason: String?

    /// The lines answered whole.
    public var answered: Int { routed + unrouted + invalid }
    /// Whether the run stopped before the end of its input.
    public var stopped: Bool {
      signal != 0 || writeFailure != nil || outOfDescriptors || stopReason != nil || inputError != nil
    }

    mutating func add(_ result: Result) {
      if result.unreadableItem { unreadableItems += 1 }
      if result.invalidItem { invalidItems += 1 }
      switch result.outcome {
      case .routed: routed += 1
      case .unrouted: unrouted += 1
      case .invalid: invalid += 1
      }
    }
  }

  /// Reads requests from `descriptor` to its end (or a stop), and writes one line per request.
  ///
  /// - Parameters:
  ///   - descriptor: The input, NDJSON (a last line without a newline counts).
  ///   - write: Writes whole lines; a failure stops the run, and only the lines written whole
  ///     count as answered.
  ///   - progress: Called with the number of lines read, at most every 300 ms.
  ///   - diagnostic: Called with each answered line's notes (``Result/notes``), in input order.
  /// - Returns: The counts, and why the run stopped early, if it did.
  public func run(
    input descriptor: Int32, write: (String) throws(WriteFailure) -> Void, progress: ((Int) -> Void)? = nil,
    diagnostic: ((String) -> Void)? = nil
  ) -> Summary {
    var reader = LineReader(descriptor: descriptor, maxLineBytes: maxLineBytes, separator: separator, stopSignal: stopSignal)
    var summary = Summary()
    var lastProgress = ContinuousClock.now
    var emptyRun = 0
    while stopSignal() == 0 && summary.stopReason == nil {
      var chunk: [(number: Int, line: LineReader.Line)] = []
      var chunkBytes = 0
      while chunk.count < workerStates.count * Self.windowPerJob && chunkBytes < Self.maxChunkBytes {
        // Wait for the first line of a chunk; take more only while they are already there.
        guard case .line(let line) = reader.next(wait: chunk.isEmpty) else { break }
        summary.lines += 1
        // A blank request line (spaces, tabs, a CR) is no request: NDJSON writers leave them,
        // and readers skip them; an empty entry of a list is no path. Its number is still
        // counted, so later answers keep theirs.
        if case .text(let bytes) = line, isList ? bytes.isEmpty : bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
          summary.blank += 1
          emptyRun += 1
          if let maxEmptyEntries, emptyRun > maxEmptyEntries {
            summary.stopReason = "empty-entries"
            break
          }
          continue
        }
        emptyRun = 0
        if case .text(let bytes) = line { chunkBytes += bytes.count }
        chunk.append((summary.lines, line))
        // A too-long entry of a list stops the run: nothing after it needs answering.
        if isList, case .tooLong = line { break }
      }
      if chunk.isEmpty { break }
      let answered = process(chunk, write: write, summary: &summary, diagnostic: diagnostic)
      // Lines whose work had not started when a stop signal came, and those after a line that
      // stops the run or a failed write, are not answered.
      summary.unanswered += chunk.count - answered
      if summary.outOfDescriptors || summary.stopReason != nil || summary.writeFailure != nil { break }
      if let progress, ContinuousClock.now - lastProgress > .milliseconds(300) {
        lastProgress = .now
        progress(summary.lines)
      }
    }
    summary.inputError = reader.readError
    summary.signal = stopSignal()
    if summary.signal != 0 || summary.outOfDescriptors { summary.unanswered += reader.bufferedLines }
    return summary
  }

  /// Answers a chunk's lines and writes their answers in input order as soon as a line and
  /// every line before it are done: the calling thread (worker 0) writes between its own lines,
  /// and no worker starts a line more than ``outputWindow(workers:)`` past the first one not
  /// written, so the answers held at once are bounded by the workers, not by the chunk. After a
  /// stop signal, lines not yet started are dropped; a line that stops the run (out of
  /// descriptors, a list entry over its bound) and a failed write end the chunk there.
  /// - Returns: The lines answered (written whole); `summary` gets their counts and why the
  ///   chunk stopped, `diagnostic` their notes.
  func process(
    _ chunk: [(number: Int, line: LineReader.Line)], write: (String) throws(WriteFailure) -> Void, summary: inout Summary,
    diagnostic: ((String) -> Void)?
  ) -> Int {
    let slots = OrderedSlots(count: chunk.count, window: Self.outputWindow(workers: workerStates.count), stopSignal: stopSignal)
    let answer = answer
    /// A line's answer: its bytes, or `nil` when it was too long.
    func handle(_ index: Int, worker: Worker) -> Result {
      switch chunk[index].line {
      case .tooLong: answer(nil, chunk[index].number, worker)
      case .text(let bytes): answer(bytes, chunk[index].number, worker)
      }
    }
    var answered = 0
    var output = ""
    var ends: [String.Index] = []
    /// Writes the answers ready in order; `false` once the chunk must stop.
    func flush() -> Bool {
      let ready = slots.takeReady()
      guard !ready.isEmpty else { return true }
      output.removeAll(keepingCapacity: true)
      ends.removeAll(keepingCapacity: true)
      var results = ready
      var halt = false
      if let first = results.firstIndex(where: { $0.outOfDescriptors || $0.stop != nil }) {
        summary.outOfDescriptors = results[first].outOfDescriptors
        if let reason = results[first].stop { summary.stopReason = reason }
        results.removeSubrange(first...)
        halt = true
      }
      for result in results {
        if !result.text.isEmpty {
          output += result.text
          output += "\n"
        }
        ends.append(output.endIndex)
      }
      do {
        if !output.isEmpty { try write(output) }
        for result in results {
          summary.add(result)
          for note in result.notes { diagnostic?(note) }
        }
        answered += results.count
      } catch {
        // Count only the lines written whole.
        let written = output.utf8.index(output.startIndex, offsetBy: error.written)
        let whole = ends.count { $0 <= written }
        for result in results.prefix(whole) { summary.add(result) }
        answered += whole
        summary.writeFailure = error
        halt = true
      }
      if halt { slots.halt() }
      return !halt
    }
    pool.run { worker in
      if worker != 0 {
        while let index = slots.claim(wait: true) { slots.set(index, handle(index, worker: workerStates[worker])) }
        return
      }
      // Worker 0 answers lines while it may start one, and writes whatever is ready.
      while flush() {
        if let index = slots.claim(wait: false) {
          slots.set(index, handle(index, worker: workerStates[0]))
        } else if slots.finished {
          break
        } else {
          slots.waitForAnswer()
        }
      }
      slots.halt()
    }
    return answered
  }

  /// How far past the first unwritten line a worker may start one: eight lines per worker keep
  /// every worker busy while a slow line holds the output (at two, two workers ran a batch of
  /// 20,000 requests 10 % slower than with whole chunks; at eight, as fast).
  package static func outputWindow(workers: Int) -> Int { 8 * workers }
}

/// A chunk's answers between the workers and the writer: lines claimed in order (each once, at
/// most a window past the first one not taken), answers set by the worker that claimed them,
/// and taken by the writer in order as soon as they are consecutive.
private final class OrderedSlots: @unchecked Sendable {
  // @unchecked: every field is read and written under `condition`.
  private let condition = NSCondition()
  private var results: [BatchEngine.Result?]
  private var nextClaim = 0
  private var taken = 0
  private var inProgress = 0
  private var halted = false
  private let window: Int
  private let stopSignal: @Sendable () -> Int32

  init(count: Int, window: Int, stopSignal: @escaping @Sendable () -> Int32) {
    results = Array(repeating: nil, count: count)
    self.window = window
    self.stopSignal = stopSignal
  }

  /// The next line to answer, or `nil` when none is left (or after a stop). With `wait`, waits
  /// while the window is full; without, returns `nil` then too.
  func claim(wait: Bool) -> Int? {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if halted || stopSignal() != 0 || nextClaim >= results.count { return nil }
      if nextClaim < taken + window {
        defer { nextClaim += 1 }
        inProgress += 1
        return nextClaim
      }
      guard wait else { return nil }
      // Timed, so that a stop signal is seen even when no answer comes.
      _ = condition.wait(until: Date(timeIntervalSinceNow: 0.05))
    }
  }

  /// Sets a claimed line's answer.
  func set(_ index: Int, _ result: BatchEngine.Result) {
    condition.lock()
    results[index] = result
    inProgress -= 1
    condition.broadcast()
    condition.unlock()
  }

  /// The answers ready in order from the first one not taken.
  func takeReady() -> [BatchEngine.Result] {
    condition.lock()
    defer { condition.unlock() }
    var ready: [BatchEngine.Result] = []
    while taken < results.count, let result = results[taken] {
      ready.append(result)
      results[taken] = nil
      taken += 1
    }
    if !ready.isEmpty { condition.broadcast() }
    return ready
  }

  /// Whether nothing more will be answered: every line taken, or no line in progress and none
  /// left to claim (after a stop or a halt).
  var finished: Bool {
    condition.lock()
    defer { condition.unlock() }
    if taken >= results.count { return true }
    let claimable = !halted && stopSignal() == 0 && nextClaim < results.count
    return inProgress == 0 && !claimable && (taken >= nextClaim || results[taken] == nil)
  }

  /// Waits for an answer to be set (or briefly, to look at the stop signal again).
  func waitForAnswer() {
    condition.lock()
    if inProgress > 0 { _ = condition.wait(until: Date(timeIntervalSinceNow: 0.05)) }
    condition.unlock()
  }

  /// No line is claimed from now on.
  func halt() {
    condition.lock()
    halted = true
    condition.broadcast()
    condition.unlock()
  }
}
