#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lines from a file descriptor, bounded in length, with a way to ask whether a line is ready
/// without waiting (so a slow producer gets its answers without filling a whole chunk).
struct LineReader {
  enum Line {
    /// A line's bytes, without the newline (and without a trailing CR).
    case text([UInt8])
    /// A line longer than the limit (skipped up to its newline).
    case tooLong
  }

  /// What asking for the next line gave.
  enum Next {
    /// A whole line.
    case line(Line)
    /// No whole line is available without waiting.
    case notReady
  }

  private let descriptor: Int32
  private let maxLineBytes: Int
  /// The byte that ends a line (`\n`, or NUL for NUL-separated lists).
  private let separator: UInt8
  private let stopSignal: @Sendable () -> Int32
  private var buffer: [UInt8] = []
  private var start = 0
  private var endOfInput = false
  /// Why reading the input failed (`read(2)`'s error), if it did: the input ended there.
  private(set) var readError: String?
  /// Set after a too-long line was handed out: its rest is skipped up to the separator.
  private var skipping = false

  init(descriptor: Int32, maxLineBytes: Int, separator: UInt8 = 0x0A, stopSignal: @escaping @Sendable () -> Int32) {
    self.descriptor = descriptor
    self.maxLineBytes = maxLineBytes
    self.separator = separator
    self.stopSignal = stopSignal
  }

  /// The next line, `.notReady` when `wait` is false and none is ready, or `nil` at the end. A
  /// line over the limit is `.tooLong` as soon as the limit is crossed (an endless line, such as
  /// `/dev/zero`'s, is not waited for); its rest is skipped before the next line is read.
  mutating func next(wait: Bool) -> Next? {
    while true {
      if skipping {
        if let end = buffer[start...].firstIndex(of: separator) {
          start = end + 1
          skipping = false
          compact()
          continue
        }
        buffer.removeAll(keepingCapacity: true)
        start = 0
        if endOfInput {
          skipping = false
          return nil
        }
        // Not waiting: let the lines before be answered while the rest of an endless line is
        // still being skipped.
        if !wait {
          if stopSignal() != 0 { return nil }
          if readable() { fill() }
          return .notReady
        }
      } else {
        if let newline = buffer[start...].firstIndex(of: separator) {
          var line = Array(buffer[start..<newline])
          start = newline + 1
          compact()
          // The limit is on the line's content: a CRLF line's CR does not count.
          if separator == 0x0A && line.last == 0x0D { line.removeLast() }
          if line.count > maxLineBytes { return .line(.tooLong) }
          return .line(.text(line))
        }
        // Keep one byte more than the limit: it may be the CR of a CRLF line.
        if buffer.count - start > maxLineBytes + 1 {
          skipping = true
          buffer.removeAll(keepingCapacity: true)
          start = 0
          return .line(.tooLong)
        }
        if endOfInput {
          guard start < buffer.count else { return nil }
          var rest = Array(buffer[start...])
          buffer.removeAll()
          start = 0
          if separator == 0x0A && rest.last == 0x0D { rest.removeLast() }
          if rest.count > maxLineBytes { return .line(.tooLong) }
          return .line(.text(rest))
        }
      }
      // A stop signal ends the input: lines not read yet are not answered.
      if stopSignal() != 0 { return nil }
      if !wait && !readable() { return .notReady }
      fill()
    }
  }

  /// Lines read from the input but not handed out yet (a last line without a newline counts).
  var bufferedLines: Int {
    let rest = buffer[start...]
    let lines = rest.count { $0 == separator } + (rest.last.map { $0 != separator } ?? false ? 1 : 0)
    // The rest of a too-long line, already answered, is no line of its own.
    return skipping ? max(0, lines - 1) : lines
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
      // A failed read is not the end of the input: the caller says why the run stopped.
      if count < 0 { readError = String(cString: strerror(errno)) }
      endOfInput = true
      return
    }
    buffer.append(contentsOf: chunk[0..<count])
  }
}
