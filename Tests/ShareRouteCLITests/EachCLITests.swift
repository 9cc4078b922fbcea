import Foundation
import Testing

/// `route --each`: every item is its own share, and its answer is exactly the answer of routing
/// that item alone (with the item as the id).
@Suite struct EachCLITests {
  static let items: [[String]] = [
    ["samples/photo.jpg"], ["samples/report.pdf"], ["samples/song.mp3"], ["samples/nope.jpg"],
    ["--text", "see you at 8"], ["--url", "https://example.com/a"], ["--type", "application/pdf"], ["--uti", "public.jpeg"],
  ]

  static func object(_ text: Substring) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func eachLineIsTheRouteOfThatItemAlone() throws {
    // Files first, then texts, URLs, types and UTIs: the order --each routes them in.
    let arguments = Self.items.flatMap { $0 }
    let result = try CLI.run(["--each", "--json"] + arguments)
    #expect(result.status == 66)  // samples/nope.jpg cannot be read
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == Self.items.count)
    for (line, item) in zip(lines, Self.items) {
      var each = try Self.object(line)
      #expect(each["id"] as? String == item.last)
      each["id"] = nil
      let (_, alone) = try CLI.json(item)
      let same = try JSONSerialization.data(withJSONObject: each, options: .sortedKeys)
        == JSONSerialization.data(withJSONObject: alone, options: .sortedKeys)
      #expect(same, "\(item)")
    }
    #expect(result.stderr == "share-route: error: samples/nope.jpg: no such file\n")
  }

  @Test("exit status: 0 when every share has a handler, 1 when one has none", arguments: [
    (["samples/photo.jpg", "samples/report.pdf"], 0),
    (["samples/photo.jpg", "--type", "text/calendar", "--manifests", "manifests/everyday/gallery.yaml"], 1),
  ] as [([String], Int32)])
  func status(arguments: [String], status: Int32) throws {
    #expect(try CLI.run(["--each"] + arguments).status == status)
  }

  @Test func textHasAHeaderPerShare() throws {
    let result = try CLI.run(["--each", "samples/photo.jpg", "samples/report.pdf", "--accepted-only"])
    #expect(result.status == 0)
    let headers = result.stdout.split(separator: "\n").filter { $0.hasPrefix("== ") }
    #expect(headers == ["== samples/photo.jpg", "== samples/report.pdf"])
    #expect(!result.stdout.contains("refused"))
  }

  /// An invalid value is its own share's phase-1 problem: every share is answered, in order.
  @Test func anInvalidValueIsAnsweredInItsPlace() throws {
    let result = try CLI.run(["--each", "samples/photo.jpg", "--url", "ftp://x", "--text", "hi", "--accepted-only"])
    #expect(result.status == 65)
    let headers = result.stdout.split(separator: "\n").filter { $0.hasPrefix("== ") }
    #expect(headers == ["== samples/photo.jpg", "== hi", "== ftp://x"])
    #expect(result.stdout.contains("== ftp://x\nno handler accepts this share\nnothing to share"))
    #expect(result.stderr == "share-route: error: items[0]: 'ftp://x' is not an http or https URL (share other text as a text item)\n")
  }
}
