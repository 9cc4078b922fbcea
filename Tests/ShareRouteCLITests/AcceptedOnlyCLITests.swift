import Foundation
import Testing

/// `--accepted-only` on `route` and `batch`: the same accepted handlers, order, pick, items,
/// intent, errors and exit status as the full answer, and no refusals at all.
@Suite struct AcceptedOnlyCLITests {
  static let shares: [[String]] = [
    ["samples/photo.jpg"],
    ["samples/photo.jpg", "samples/photo.png"],
    ["--reported-type", "text/plain", "samples/report.pdf"],
    ["--text", "see you at 8", "--url", "https://example.com/a"],
    ["--source", "chat", "--text", "hi", "samples/photo.jpg"],
    ["--type", "application/pdf", "--uti", "public.jpeg"],
    ["--platform", "ios", "samples/clip.mp4"],
    ["samples/nope.jpg", "samples/song.mp3"],
    ["--manifests", "samples/projects", "--text", "x"],
  ]

  /// Each platform's answer is kept: the handlers that may accept on either platform are asked
  /// (one refused by a platform may be taken on the other).
  @Test("route --accepted-only --json is the full answer without rejected", arguments: shares)
  func routeJSON(share: [String]) throws {
    let (fullStatus, full) = try CLI.json(share)
    let (status, accepted) = try CLI.json(share + ["--accepted-only"])
    #expect(status == fullStatus)
    #expect(accepted["rejected"] == nil)
    #expect(full["rejected"] != nil)
    var expected = full
    expected["rejected"] = nil
    let same = try JSONSerialization.data(withJSONObject: expected, options: .sortedKeys)
      == JSONSerialization.data(withJSONObject: accepted, options: .sortedKeys)
    #expect(same)
  }

  @Test("route --accepted-only prints no refusal line", arguments: shares)
  func routeText(share: [String]) throws {
    let full = try CLI.run(share)
    let result = try CLI.run(share + ["--accepted-only"])
    #expect(result.status == full.status)
    #expect(!result.stdout.contains("refused"))
    let withoutRefused = full.stdout.split(separator: "\n").filter { !$0.hasPrefix("refused: ") }
    #expect(result.stdout.split(separator: "\n") == withoutRefused)
  }

  @Test func explainAndAcceptedOnlyConflict() throws {
    let result = try CLI.run(["samples/photo.jpg", "--explain", "--accepted-only"])
    #expect(result.status == 64)
    #expect(
      result.stderr == """
        share-route: error: --explain shows refusals and --accepted-only leaves them out: give one of them
        Usage: share-route route [<options>] [<paths> ...]
          See 'share-route route --help' for more information.

        """)
    #expect(result.stdout == "")
  }

  @Test func batchAcceptedOnly() throws {
    let full = try BatchCLITests.batch(BatchCLITests.mixedInput, ["--jobs", "2"])
    let result = try BatchCLITests.batch(BatchCLITests.mixedInput, ["--jobs", "2", "--accepted-only"])
    #expect(result.status == full.status)
    #expect(result.stderr == full.stderr)
    let fullLines = try BatchCLITests.lines(full.stdout)
    let lines = try BatchCLITests.lines(result.stdout)
    #expect(lines.count == fullLines.count)
    for (line, fullLine) in zip(lines, fullLines) {
      #expect(line["rejected"] == nil)
      var expected = fullLine
      expected["rejected"] = nil
      #expect(
        try JSONSerialization.data(withJSONObject: expected, options: .sortedKeys)
          == JSONSerialization.data(withJSONObject: line, options: .sortedKeys))
    }
  }
}
