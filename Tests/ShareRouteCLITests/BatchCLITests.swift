import Foundation
import Testing

/// `share-route batch`, fed as a pipeline feeds it.
@Suite struct BatchCLITests {
  /// Runs `batch` with `input` on standard input.
  static func batch(_ input: String, _ arguments: [String] = []) throws -> CLI.Result {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("share-route-batch-\(UUID()).ndjson").path
    try input.write(toFile: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: file) }
    return try CLI.run(["batch"] + arguments, stdin: file)
  }

  static func lines(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  /// Real files of every kind, requests in a known order, garbage mixed in. The five requests
  /// for samples/nope.jpg have no usable item: unrouted.
  static let mixedInput: String = {
    let files = [
      "samples/photo.jpg", "samples/report.pdf", "samples/fixtures/a.wma", "samples/song.mp3", "samples/nope.jpg",
      "samples/fixtures/reordered.docx", "samples/fixtures/a.md", "samples/clip.mp4",
    ]
    var lines: [String] = []
    for index in 0..<120 {
      switch index % 6 {
      case 0: lines.append("not json at all \(index)")
      case 1: lines.append(#"{"id":"t\#(index)","items":[{"text":"hi \#(index)"}]}"#)
      case 2: lines.append("")
      case 3: lines.append(#"{"id":"u\#(index)","items":[{"url":"https://example.com/\#(index)"},{"type":"image/png"}]}"#)
      default:
        lines.append(#"{"id":"f\#(index)","items":[{"path":"\#(files[index % files.count])","reportedType":"text/plain"}]}"#)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }()

  @Test func oneOutputLinePerInputLineInOrderWithIdsEchoed() throws {
    let result = try Self.batch(Self.mixedInput)
    // Every request line is answered, blank lines are skipped; the invalid ones make the exit
    // status 65 at the end.
    #expect(result.status == 65, "\(result.stderr)")
    let outputs = try Self.lines(result.stdout)
    let numbers = (0..<120).filter { $0 % 6 != 2 }
    #expect(outputs.count == numbers.count)
    for (index, output) in zip(numbers, outputs) {
      switch index % 6 {
      case 0:
        #expect(output["line"] as? Int == index + 1)
        #expect(((output["errors"] as? [[String: Any]])?.first?["code"] as? String) == "invalid-request")
      case 1: #expect(output["id"] as? String == "t\(index)")
      case 3: #expect(output["id"] as? String == "u\(index)")
      default: #expect(output["id"] as? String == "f\(index)")
      }
    }
    #expect(result.stderr.hasSuffix("batch: 120 lines: 75 routed, 5 unrouted, 20 invalid, 20 blank\n"))
  }

  /// Blank lines (spaces, tabs, a CR) are no requests: skipped, counted apart, never invalid;
  /// the answers after them keep their line numbers.
  @Test func blankLinesAreSkipped() throws {
    let result = try Self.batch("\n{\"id\":\"a\",\"items\":[{\"text\":\"hi\"}]}\n \t\r\n\n{\"items\":[{\"nope\":1}]}\n")
    #expect(result.status == 65)
    let outputs = try Self.lines(result.stdout)
    #expect(outputs.map { $0["line"] as? Int } == [nil, 5])
    #expect(outputs.first?["id"] as? String == "a")
    #expect(result.stderr == "batch: 5 lines: 1 routed, 0 unrouted, 1 invalid, 3 blank\n")
    let blankOnly = try Self.batch("\n\n")
    #expect(blankOnly.status == 0)
    #expect(blankOnly.stdout == "")
    #expect(blankOnly.stderr == "batch: 2 lines: 0 routed, 0 unrouted, 0 invalid, 2 blank\n")
  }

  @Test func oneJobAndFourJobsGiveIdenticalOutput() throws {
    let one = try Self.batch(Self.mixedInput, ["--jobs", "1"])
    let four = try Self.batch(Self.mixedInput, ["--jobs", "4"])
    #expect(one.status == 65 && four.status == 65)
    #expect(one.stdout == four.stdout)
    #expect(!one.stdout.isEmpty)
  }

  /// `--strict` applies route's exit policy; without it item errors stay inside the lines.
  @Test(arguments: [
    (#"{"items":[{"path":"samples/photo.jpg"}]}"#, Int32(0), Int32(0)),
    (#"{"items":[{"path":"nowhere"},{"text":"x"}]}"#, 0, 66),
    (#"{"items":[{"url":"ftp://x"},{"text":"a"}]}"#, 0, 65),
    (#"{"items":[{"path":"samples/report.pdf"}]}"#, 0, 1),
    ("not json", 65, 65),
  ])
  func strictExitsAsRouteDoes(_ line: String, _ plain: Int32, _ strict: Int32) throws {
    let options = ["--manifests", "manifests/everyday/gallery.yaml"]
    #expect(try Self.batch(line + "\n", options).status == plain)
    #expect(try Self.batch(line + "\n", options + ["--strict"]).status == strict)
  }

  @Test func anUnreadableFileIsAnItemErrorInsideItsRoute() throws {
    let result = try Self.batch(#"{"id":"x","items":[{"path":"samples/nope.jpg"},{"text":"hi"}]}"# + "\n")
    let route = try #require(try Self.lines(result.stdout).first)
    let errors = try #require(route["errors"] as? [[String: Any]])
    #expect(errors.first?["code"] as? String == "missing")
    #expect(errors.first?["phase"] as? Int == 1)
    #expect((route["items"] as? [Any])?.count == 1)
    #expect(result.status == 0)  // an item error is not an invalid request
  }

  @Test(arguments: [
    (#"{"items":[{"text":"a","url":"https://x.y"}]}"#,
     "line 1, column 11: items[0]: 'text, url' is not allowed (expected exactly one of: path, text, url, uti, type)"),
    (#"{"items":[{"text":"a","reportedType":"text/csv"}]}"#,
     "line 1, column 38: items[0].reportedType: 'text/csv' is not allowed (expected a reported type only on a path item)"),
    (#"{"id":7,"items":[{"text":"a"}]}"#, "line 1, column 7: id: expected a string, found an integer '7'"),
    (#"{"items":[{"text":"a"}],}"#, "line 1, column 25: invalid JSON: expected a quoted key"),
    (#"{"source":"mail","items":[{"text":"a"}]}"#, "line 1: source: unknown source 'mail' (known: album, chat, keep, timeline)"),
  ])
  func invalidRequestsAreWordedExactly(_ line: String, _ message: String) throws {
    let result = try Self.batch(line + "\n")
    let output = try #require(try Self.lines(result.stdout).first)
    let errors = try #require(output["errors"] as? [[String: Any]])
    #expect(errors.map { $0["message"] as? String } == [message])
    #expect(result.status == 65)
  }

  @Test func aHugeLineIsAnErrorAndTheNextLineStillRoutes() throws {
    let huge = #"{"items":[{"text":""# + String(repeating: "x", count: 1_100_000) + #""}]}"#
    let result = try Self.batch(huge + "\n" + #"{"id":"after","items":[{"text":"hi"}]}"# + "\n")
    let outputs = try Self.lines(result.stdout)
    #expect(outputs.count == 2)
    #expect(((outputs[0]["errors"] as? [[String: Any]])?.first?["message"] as? String) == "line 1: longer than 1048576 bytes")
    #expect(outputs[1]["id"] as? String == "after")
    #expect(result.status == 65)
  }

  /// 12,000 requests through a process that keeps a bounded window: peak memory (about 31 MB)
  /// stays far below what holding the output (59 MB) would need. (Not under a sanitizer, whose
  /// quarantine inflates every process: sanitize/run.sh sets SHARE_ROUTE_SANITIZER.)
  @Test(.enabled(if: ProcessInfo.processInfo.environment["SHARE_ROUTE_SANITIZER"] == nil))
  func aLongStreamDoesNotGrowTheProcess() throws {
    let line = #"{"id":"m","items":[{"text":"hi"}]}"# + "\n"
    let result = try Self.batch(String(repeating: line, count: 12_000), ["--jobs", "2"])
    #expect(result.status == 0)
    #expect(result.stdout.utf8.count > 50_000_000)
    #expect(result.stdout.split(separator: "\n").count == 12_000)
    #expect(result.peakResidentKB < 50_000, "peak \(result.peakResidentKB) KB")
  }
}

/// `--jobs` out of range is named with its range, whichever way the value is written.
@Suite struct BatchJobsOptionTests {
  @Test(arguments: [(["--jobs", "-1"], "-1"), (["--jobs=-1"], "-1"), (["--jobs", "0"], "0"), (["--jobs", "257"], "257")])
  func jobsOutOfRangeNamesTheRange(_ options: [String], _ value: String) throws {
    let result = try CLI.run(["batch"] + options)
    #expect(result.status == 64)
    #expect(
      result.stderr == """
        share-route: error: --jobs must be between 1 and 256 (got \(value))
        Usage: share-route batch <options>
          See 'share-route batch --help' for more information.

        """)
    #expect(result.stdout == "")
  }
}

/// `batch` under resource limits: whole, right answers, or a clear failure — never a file
/// called unreadable for the process's own shortage, never a hang. Each run goes through
/// `timeout` (a watchdog) and `prlimit`.
@Suite struct BatchResourceLimitTests {
  /// 40 requests for the same photo, as a file for standard input.
  static func requests() throws -> String {
    let path = NSTemporaryDirectory() + "share-route-limits-\(UUID().uuidString).ndjson"
    let photo = CLI.root + "/samples/photo.jpg"
    let lines = (0..<40).map { #"{"id":"\#($0)","items":[{"path":"\#(photo)"}]}"# }
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static func limited(_ limits: [String], _ options: [String]) throws -> CLI.Result {
    let input = try requests()
    defer { try? FileManager.default.removeItem(atPath: input) }
    return try CLI.launch(
      URL(fileURLWithPath: "/usr/bin/timeout"), ["30", "/usr/bin/prlimit"] + limits + [CLI.binary.path, "batch"] + options,
      stdin: input)
  }

  @Test(arguments: [(6, "2"), (8, "8"), (12, "8")])
  func fewDescriptorsGiveWholeAnswersWithFewerWorkers(_ descriptors: Int, _ jobs: String) throws {
    let result = try Self.limited(["--nofile=\(descriptors):\(descriptors)"], ["--jobs", jobs])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 40)
    #expect(!result.stdout.contains("unreadable"))
    // How many workers fit depends on the descriptors the process inherits: N stands for it.
    let stderr = result.stderr.replacingOccurrences(of: #"lowered to [0-9]+:"#, with: "lowered to N:", options: .regularExpression)
    #expect(
      stderr == """
        share-route: --jobs \(jobs) lowered to N: the open-file limit (ulimit -n) allows no more workers
        batch: 40 lines: 40 routed, 0 unrouted, 0 invalid

        """)
  }

  @Test func tooFewDescriptorsIsAClearFailure() throws {
    let result = try Self.limited(["--nofile=4:4"], ["--jobs", "2"])
    #expect(result.status == 71)
    #expect(result.stdout.isEmpty)
    // How many descriptors are free (a number, or "fewer") depends on those the process inherits:
    // N stands for it.
    let stderr = result.stderr.replacingOccurrences(of: #"and has [^;]+;"#, with: "and has N;", options: .regularExpression)
    #expect(stderr == "share-route: error: too many open files: batch needs at least 3 free file descriptors and has N; raise ulimit -n\n")
  }

  /// Under an address-space limit the run ends (with answers, or with the runtime's message),
  /// and within the watchdog.
  @Test(arguments: [2_000_000_000, 400_000_000])
  func anAddressSpaceLimitNeverHangs(_ bytes: Int) throws {
    let result = try Self.limited(["--as=\(bytes):\(bytes)"], ["--jobs", "8"])
    #expect(result.status != 124, "the watchdog stopped it")
    if result.status == 0 { #expect(result.stdout.split(separator: "\n").count == 40) }
  }
}
