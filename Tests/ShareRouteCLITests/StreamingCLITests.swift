import Foundation
import Testing

/// `sniff -` answers each path as it arrives, in input order, with several workers.
@Suite struct StreamingCLITests {
  /// The first answer comes out while the list is still open: a producer that waits for it
  /// before sending the second path would hang otherwise (the watchdog fails the test).
  @Test func answersArriveBeforeTheListEnds() throws {
    let process = Process()
    process.executableURL = CLI.binary
    process.arguments = ["sniff", "--json", "-"]
    process.currentDirectoryURL = URL(fileURLWithPath: CLI.root)
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    try input.fileHandleForWriting.write(contentsOf: Data("samples/photo.jpg\n".utf8))
    let first = try Self.line(from: output.fileHandleForReading, within: 10)
    #expect(first.contains(#""path":"samples/photo.jpg","type":"image/jpeg""#))
    try input.fileHandleForWriting.write(contentsOf: Data("samples/report.pdf\n".utf8))
    try input.fileHandleForWriting.close()
    let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(rest.contains(#""path":"samples/report.pdf","type":"application/pdf""#))
    #expect(process.terminationStatus == 0)
  }

  /// Reads one line, failing after `seconds`.
  static func line(from handle: FileHandle, within seconds: Double) throws -> String {
    var bytes: [UInt8] = []
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      var poller = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { continue }
      let chunk = handle.availableData
      if chunk.isEmpty { break }
      bytes += chunk
      if bytes.contains(0x0A) { break }
    }
    try #require(bytes.contains(0x0A), "no answer within \(seconds) s")
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Streamed with four workers, the records are those of the paths given as operands, in order;
  /// an empty entry is skipped, a missing file is an error record and exit 66.
  @Test(arguments: [["--jobs", "1"], ["--jobs", "4"], ["-0", "--jobs", "4"]])
  func streamedRecordsAreTheOperandsRecordsInOrder(_ options: [String]) throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: CLI.root + "/samples/fixtures").sorted().prefix(120)
      .map { "samples/fixtures/" + $0 } + ["samples/nowhere.jpg"]
    let separator = options.contains("-0") ? "\0" : "\n"
    let list = NSTemporaryDirectory() + "share-route-list-\(UUID().uuidString)"
    try (files.joined(separator: separator + separator) + separator).write(toFile: list, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: list) }
    let streamed = try CLI.run(["sniff", "--json", "-"] + options, stdin: list)
    let operands = try CLI.run(["sniff", "--json"] + files)
    #expect(streamed.stdout == operands.stdout)
    #expect(streamed.status == 66 && operands.status == 66)
  }
}

/// `--each -` streams too, and answers exactly as `--each` with the same paths as operands.
@Suite struct StreamingEachCLITests {
  @Test(arguments: [[], ["--json"], ["--json", "--accepted-only", "--jobs", "3"], ["--explain", "--jobs", "2"]])
  func streamedAnswersAreTheOperandsAnswers(_ options: [String]) throws {
    let files = ["samples/photo.jpg", "samples/report.pdf", "samples/nowhere.jpg", "samples/table.csv", "samples/song.mp3"]
    let list = NSTemporaryDirectory() + "share-route-each-\(UUID().uuidString)"
    try (files.joined(separator: "\n") + "\n").write(toFile: list, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: list) }
    let streamed = try CLI.run(["--each", "-"] + options, stdin: list)
    let operands = try CLI.run(["--each"] + options.filter { $0 != "--jobs" && Int($0) == nil } + files)
    #expect(streamed.stdout == operands.stdout)
    #expect(streamed.stderr == operands.stderr + "route --each: 5 paths: 4 routed, 1 unrouted (1 unreadable)\n")
    #expect(streamed.status == 66 && operands.status == 66)
  }
}
