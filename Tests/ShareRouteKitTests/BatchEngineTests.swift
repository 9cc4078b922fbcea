import Foundation
import ShareRouteKit
import ShareRouting
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

private let root = String(#filePath).components(separatedBy: "/Tests/").dropLast().joined(separator: "/Tests/")

/// A read descriptor holding `text` (a file, so a large input never blocks the writer).
private func input(_ text: String) throws -> Int32 {
  let path = NSTemporaryDirectory() + "batch-engine-\(UUID().uuidString).ndjson"
  try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  defer { unlink(path) }
  let descriptor = open(path, O_RDONLY)
  try #require(descriptor >= 0)
  return descriptor
}

private func engine(jobs: Int) throws -> BatchEngine {
  try BatchEngine(router: ShareRouter(loading: [root + "/manifests"]), jobs: jobs)
}

/// The engine a library user drives: one output line per input line, in input order, whatever
/// the number of workers; a failed write stops the run and counts only the lines written whole.
@Suite struct BatchEngineTests {
  static let requests = [
    #"{"id": "photo", "items": [{"path": "\#(root)/samples/photo.jpg"}]}"#,
    #"{"id": "lie", "items": [{"path": "\#(root)/samples/report.pdf", "reportedType": "text/plain"}]}"#,
    "not json",
    #"{"id": "none", "items": [{"path": "\#(root)/samples/no-such-file.jpg"}]}"#,
    #"{"id": "src", "source": "nowhere", "items": [{"text": "a"}]}"#,
    #"{"id": "text", "items": [{"text": "hi"}, {"url": "https://example.org"}]}"#,
  ]

  /// A chunk holds at most `maxChunkBytes` of request lines (plus the one that crosses it): 40
  /// lines of 600 KB come out whole and in order, in several writes rather than one chunk of
  /// 24 MB, however many lines a chunk could otherwise take.
  @Test("long lines make small chunks", arguments: [1, 2])
  func longLines(jobs: Int) throws {
    let padding = String(repeating: "x", count: 600_000)
    let lines = (0..<40).map { #"{"id": "\#($0)-\#(padding)", "items": [{"text": "hi"}]}"# }
    let descriptor = try input(lines.joined(separator: "\n") + "\n")
    defer { close(descriptor) }
    var writes = 0
    var output = ""
    let summary = try engine(jobs: jobs).run(input: descriptor, write: { writes += 1; output += $0 })
    let ids = output.split(separator: "\n").map { line -> String in
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      return (object?["id"] as? String ?? "?").components(separatedBy: "-")[0]
    }
    #expect(ids == (0..<40).map(String.init))
    #expect(summary.answered == 40)
    let perChunk = BatchEngine.maxChunkBytes / 600_000 + 1
    #expect(writes >= (40 + perChunk - 1) / perChunk, "\(writes) writes")
    #expect(40 <= jobs * BatchEngine.windowPerJob)  // without the byte bound, one chunk would take them all
  }

  @Test("lines come out in input order with their outcomes", arguments: [1, 2, 4])
  func ordered(jobs: Int) throws {
    // Many copies, so that two workers really interleave.
    let lines = (0..<50).flatMap { _ in Self.requests }
    let descriptor = try input(lines.joined(separator: "\n"))  // the last line has no newline
    defer { close(descriptor) }
    var output = ""
    let summary = try engine(jobs: jobs).run(input: descriptor, write: { output += $0 })
    let written = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(written.count == lines.count)
    let ids = written.map { line -> String in
      if line.hasPrefix(#"{"schemaVersion":1,"line":"#) { return line.contains(#""id":"src""#) ? "src-invalid" : "invalid" }
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      return object?["id"] as? String ?? "?"
    }
    let expected = (0..<50).flatMap { _ in ["photo", "lie", "invalid", "none", "src-invalid", "text"] }
    #expect(ids == expected)
    #expect(summary.lines == 300 && summary.answered == 300)
    #expect((summary.routed, summary.unrouted, summary.invalid) == (150, 50, 100))
    #expect(!summary.stopped && summary.unanswered == 0)
  }

  @Test("a failed write stops the run; only whole lines count", arguments: [0, 1, 3])
  func writeFailure(wholeLines: Int) throws {
    let request = Self.requests[5]
    let one = try input(request + "\n")
    defer { close(one) }
    var line = ""
    _ = try engine(jobs: 1).run(input: one, write: { line += $0 })
    // The failure comes 7 bytes into the line after `wholeLines` whole lines.
    let byteLimit = wholeLines * line.utf8.count + 7
    let descriptor = try input(Array(repeating: request, count: 10).joined(separator: "\n") + "\n")
    defer { close(descriptor) }
    var output = ""
    let summary = try engine(jobs: 1).run(input: descriptor, write: { text throws(BatchEngine.WriteFailure) in
      let room = byteLimit - output.utf8.count
      if text.utf8.count > room {
        output += String(decoding: text.utf8.prefix(room), as: UTF8.self)
        throw BatchEngine.WriteFailure(written: room, reason: "disk full")
      }
      output += text
    })
    #expect(summary.writeFailure?.reason == "disk full")
    #expect(summary.answered == wholeLines)
    #expect(summary.unanswered == 10 - wholeLines)
    #expect(output.utf8.count == byteLimit)
    #expect(summary.stopped)
  }

  /// Answers are written as soon as they and every answer before them are done, not held for a
  /// chunk: when a line is answered, at most the output window's lines before it are unwritten,
  /// and the window's lines being written (a chunk held whole would leave 199 of 200).
  @Test("answers stream, not held for a chunk", arguments: [1, 2])
  func answersStream(jobs: Int) throws {
    final class Written: @unchecked Sendable {
      let lock = NSLock()
      var lines = 0
      var lagging: [Int] = []
    }
    let written = Written()
    let engine = try BatchEngine(jobs: jobs, separator: 0x0A, maxEntryBytes: 1024) { entry, number, _ in
      // Lines written before this one started: with a whole chunk held, none of the 200 would be.
      let done = written.lock.withLock { written.lines }
      if number - 1 - done > 2 * BatchEngine.outputWindow(workers: jobs) { written.lock.withLock { written.lagging.append(number) } }
      return BatchEngine.Result(text: String(number), outcome: .routed)
    }
    let descriptor = try input((1...200).map { "p\($0)" }.joined(separator: "\n") + "\n")
    defer { close(descriptor) }
    var output = ""
    let summary = engine.run(input: descriptor, write: { text in
      output += text
      written.lock.withLock { written.lines += text.count { $0 == "\n" } }
    })
    #expect(summary.answered == 200)
    #expect(output == (1...200).map { "\($0)\n" }.joined())
    #expect(written.lagging.isEmpty, "lines answered while more than the window was unwritten: \(written.lagging.prefix(5))")
  }

  @Test func aStopSignalAnswersNothingMore() throws {
    let descriptor = try input(Self.requests.joined(separator: "\n") + "\n")
    defer { close(descriptor) }
    let engine = try BatchEngine(
      router: ShareRouter(loading: [root + "/manifests"]), jobs: 2, stopSignal: { 15 })
    var output = ""
    let summary = engine.run(input: descriptor, write: { output += $0 })
    #expect(output.isEmpty)
    #expect(summary.signal == 15 && summary.answered == 0)
  }
}
