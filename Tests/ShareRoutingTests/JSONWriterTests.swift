import Foundation
import Testing

@testable import ShareRouting

/// The JSON writer's strings: RFC 8259 escapes for quotes, backslashes and control characters,
/// `\u2028`/`\u2029` for JavaScript's line breaks, every other character as it is (runs of
/// plain bytes are appended whole, so the cases put escapes first, last and in the middle).
@Suite struct JSONWriterTests {
  static func written(_ value: String) -> String {
    var writer = JSONWriter(pretty: false)
    writer.string(value)
    return writer.output
  }

  @Test(arguments: [
    ("plain", #""plain""#),
    ("", #""""#),
    ("a\"b", #""a\"b""#),
    ("\\", #""\\""#),
    ("line\nbreak\r\n\ttab", #""line\nbreak\r\n\ttab""#),
    ("\u{0}\u{1}\u{1F}\u{7F}", #""\u0000\u0001\u001f\u007f""#),
    ("\u{2028}x\u{2029}", #""\u2028x\u2029""#),
    ("x\u{2026}y", "\"x\u{2026}y\""),
    ("é😀\u{2027}", "\"é😀\u{2027}\""),
    ("\"\n", #""\"\n""#),
    ("end\\", #""end\\""#),
  ])
  func escapes(_ value: String, _ expected: String) {
    #expect(Self.written(value) == expected)
  }

  /// Every character from U+0000 to U+00FF and the line separators, alone and between plain
  /// text, reads back as itself with Foundation's JSON parser.
  @Test func roundTrips() throws {
    var values = (0...0xFF).map { String(UnicodeScalar(UInt8($0))) } + ["\u{2028}", "\u{2029}", "\u{2026}"]
    values += values.map { "ab" + $0 + "cd" + $0 }
    for value in values {
      let data = Data(("[" + Self.written(value) + "]").utf8)
      let decoded = try #require(try JSONSerialization.jsonObject(with: data) as? [String])
      #expect(decoded == [value], "\(Array(value.unicodeScalars.map(\.value)))")
    }
  }
}
