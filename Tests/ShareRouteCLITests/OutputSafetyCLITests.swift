import Foundation
import Testing

extension CLI {
  /// Runs a bash script with `$BIN` set to the binary, in the repository.
  static func shell(_ script: String) throws -> Result {
    try launch(URL(fileURLWithPath: "/bin/bash"), ["-c", script], environment: ["BIN": binary.path])
  }

  /// A scratch file with the given lines.
  static func scratchFile(_ lines: [String], separator: String = "\n") throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("share-route-\(UUID()).ndjson").path
    try Data((lines.joined(separator: separator) + separator).utf8).write(to: URL(fileURLWithPath: path))
    return path
  }
}

/// Nothing lost, nothing leaked: every write checked, whole lines on a stop, bounds that count
/// what they say.
@Suite struct OutputSafetyCLITests {
  static let requests = (0..<300).map { "{\"id\":\"r\($0)\",\"items\":[{\"text\":\"hi\"}]}" }

  /// Every command: a failed write is an error on standard error and exit 74, never a silent 0.
  @Test(arguments: [
    "batch < \"$REQ\"", "sniff samples/photo.jpg", "sniff --json samples/photo.jpg", "samples/photo.jpg",
    "--json samples/photo.jpg", "lint manifests", "lint --format json manifests", "check",
    "query -a SEND -t image/png", "--text hi --explain",
  ], [" > /dev/full", " >&-"])
  func writeFailuresExit74(_ command: String, _ redirect: String) throws {
    let requests = try CLI.scratchFile(Self.requests)
    let result = try CLI.shell("REQ=\(requests); \"$BIN\" \(command)\(redirect)")
    #expect(result.status == 74, "\(command)\(redirect): \(result.stderr)")
    let error = "share-route: error: cannot write to standard output: "
      + (redirect == " > /dev/full" ? "No space left on device\n" : "Bad file descriptor\n")
    if command.hasPrefix("batch"), redirect == " > /dev/full" {
      // Nothing was written, so nothing is counted as routed. How many lines were read first
      // is a window per worker, and the workers are one per CPU: N stands for that number.
      let summary = result.stderr.replacingOccurrences(
        of: #"failed: [0-9]+ lines? read"#, with: "failed: N lines read", options: .regularExpression)
      #expect(
        summary == error
          + "batch: 0 lines: 0 routed, 0 unrouted, 0 invalid; stopped: standard output failed: N lines read but not answered, "
          + "the input after them not read (resume by id: docs/scale-out.md)\n")
    } else {
      #expect(result.stderr == error)
    }
  }

  /// A closed pipe is a quiet stop (SIGPIPE), documented as status 141.
  @Test func aClosedPipeIsAQuietStop() throws {
    let many = try CLI.scratchFile((0..<20000).map { "{\"id\":\"r\($0)\",\"items\":[{\"text\":\"hi\"}]}" })
    let result = try CLI.shell("\"$BIN\" batch < \(many) | head -1 > /dev/null; echo \"${PIPESTATUS[0]}\"")
    #expect(result.stdout == "141\n")
    #expect(result.stderr == "")
  }

  /// SIGTERM, SIGINT and SIGHUP mid-stream: whole JSON lines only, in order, the summary with the
  /// lines not answered, exit 128 + the signal.
  @Test(arguments: [("TERM", 143), ("INT", 130), ("HUP", 129)])
  func aStopSignalEndsOnAWholeLine(_ signal: String, _ status: Int32) throws {
    let long = try CLI.scratchFile(
      (0..<100_000).map { "{\"id\":\"r\($0)\",\"items\":[{\"path\":\"samples/photo.jpg\"},{\"text\":\"\(String(repeating: "x", count: 300))\"}]}" })
    let out = long + ".out"
    let result = try CLI.shell(
      "\"$BIN\" batch < \(long) > \(out) & pid=$!; "
        + "for i in $(seq 100); do [ -s \(out) ] && break; sleep 0.05; done; sleep 0.3; kill -\(signal) $pid; wait $pid; echo $?")
    #expect(result.stdout == "\(status)\n", "\(result.stderr)")
    let text = try String(contentsOfFile: out, encoding: .utf8)
    #expect(text.hasSuffix("\n"))
    let lines = text.split(separator: "\n")
    #expect(!lines.isEmpty)
    for (index, line) in lines.enumerated() {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      #expect(object?["id"] as? String == "r\(index)")
    }
    // How many lines were read but not answered depends on timing: N stands for it.
    let summary = result.stderr.replacingOccurrences(
      of: #": [0-9]+ lines? read"#, with: ": N lines read", options: .regularExpression)
    #expect(
      summary == "batch: \(lines.count) lines: \(lines.count) routed, 0 unrouted, 0 invalid; stopped by SIG\(signal): "
        + "N lines read but not answered, the input after them not read (resume by id: docs/scale-out.md)\n")
  }

  /// A streamed path list stopped by Ctrl-C (SIGINT) ends as batch does: whole lines, then the
  /// summary with the paths read but not answered, exit 130; `--progress` ends its line first.
  @Test(arguments: [
    (["sniff", "--json", "-"], "sniff", "sniffed, 0 unreadable"),
    (["--each", "--json", "-"], "route --each", "routed, 0 unrouted"),
  ])
  func aStreamedListStoppedByCtrlCEndsWithItsSummary(_ arguments: [String], _ command: String, _ counts: String) throws {
    let list = try CLI.scratchFile(Array(repeating: "samples/photo.jpg", count: 200_000))
    let out = list + ".out"
    let result = try CLI.shell(
      "\"$BIN\" \(arguments.joined(separator: " ")) --progress < \(list) > \(out) & pid=$!; "
        + "for i in $(seq 100); do [ -s \(out) ] && break; sleep 0.05; done; sleep 0.3; kill -INT $pid; wait $pid; echo $?")
    #expect(result.stdout == "130\n", "\(result.stderr)")
    let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.last == "")
    let answered = lines.count - 1
    #expect(answered > 0)
    // The progress line, then the summary over it; how many were read but not answered depends on timing.
    let summary = result.stderr.split(separator: "\r").last.map(String.init) ?? ""
    let shown = summary.replacingOccurrences(of: #": [0-9]+ paths? read"#, with: ": N paths read", options: .regularExpression)
    #expect(
      shown == "\(command): \(answered) path\(answered == 1 ? "" : "s"): \(answered) \(counts); stopped by SIGINT: "
        + "N paths read but not answered, the list after them not read\n")
    #expect(result.stderr.hasPrefix("\r\(command): "))
  }

  /// The 1 MiB line bound counts the line's content: the CR of a CRLF line does not count.
  @Test(arguments: ["\n", "\r\n"])
  func theLineBoundIgnoresTheCR(_ separator: String) throws {
    let head = "{\"id\":\"big\",\"items\":[{\"text\":\""
    let tail = "\"}]}"
    let exact = head + String(repeating: "x", count: (1 << 20) - head.utf8.count - tail.utf8.count) + tail
    let over = head + String(repeating: "x", count: (1 << 20) + 1 - head.utf8.count - tail.utf8.count) + tail
    #expect(exact.utf8.count == 1 << 20)
    let file = try CLI.scratchFile([exact, over, "{\"id\":\"after\",\"items\":[{\"text\":\"y\"}]}"], separator: separator)
    let result = try CLI.run(["batch"], stdin: file)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines.first?.hasPrefix("{\"schemaVersion\":1,\"id\":\"big\"") == true)
    #expect(lines.dropFirst().first?.contains("longer than 1048576 bytes") == true)
    #expect(lines.last?.contains("\"id\":\"after\"") == true)
  }
}
