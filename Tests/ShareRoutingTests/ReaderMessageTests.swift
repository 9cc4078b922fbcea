import Testing

@testable import ShareRouting

/// Every message of the JSON and XML readers, by exact text and position, from inputs that
/// trigger it.
@Suite struct ReaderMessageTests {
  @Test(arguments: [
    ("{\"a\": 1,}", "1:9: expected a quoted key"),
    ("[1 2]", "1:4: expected ',' or ']' in a list"),
    ("{\"a\" 1}", "1:6: expected ':' after key 'a'"),
    ("{\"a\": 1 \"b\"}", "1:9: expected ',' or '}' in an object"),
    ("tru", "1:4: invalid literal, expected 'true'"),
    ("\"\\x\"", "1:4: invalid escape '\\x'"),
    ("\"\\u12\"", "1:6: invalid \\u escape"),
    ("\"\\ud800x\"", "1:8: unpaired surrogate in \\u escape"),
    ("01", "1:2: unexpected '1' after the JSON value"),
    ("{} x", "1:4: unexpected 'x' after the JSON value"),
    ("\"a\nb\"", "1:3: control character in a string"),
    ("\"abc", "1:5: unterminated string"),
    ("", "1:1: unexpected end of input, expected a value"),
    ("?", "1:1: unexpected '?', expected a value"),
    ("-", "1:2: invalid number"),
    ("{\"a\": 1, \"a\": 2}", "1:10: duplicate key 'a'"),
    (String(repeating: "[", count: 70), "1:65: nesting deeper than 64 levels"),
  ])
  func jsonMessages(_ text: String, _ expected: String) {
    do {
      _ = try ConfigParser.parseJSON(text)
      Issue.record("parsed")
    } catch {
      #expect("\(error.location.map { "\($0)" } ?? "?"): \(error.message)" == expected)
    }
  }

  @Test(arguments: [
    ("<a><b></a>", "1:7: '</a>' does not close '<b>' (opened at 1:4)"),
    ("<a>", "1:1: this element <a> is not closed"),
    ("<a", "1:1: this start tag <a> is not closed"),
    ("<a x='1' x='2'/>", "1:10: attribute 'x' appears twice"),
    ("<a x=1/>", "1:6: expected a quoted value for attribute x, found '1'"),
    ("<a x/>", "1:5: expected '=' after attribute x, found '/'"),
    ("<a x='<'/>", "1:7: '<' is not allowed in an attribute value (write &lt;)"),
    ("<a>&nope;</a>", "1:4: unknown entity '&nope;'"),
    ("<a>& b</a>", "1:4: '&' does not start an entity (write &amp;)"),
    ("<a/><b/>", "1:5: a second root element (an XML document has exactly one)"),
    ("x<a/>", "1:1: text outside the root element"),
    ("<!-- only a comment -->", "1:24: no root element"),
    ("<!-- open", "1:1: this comment is not closed"),
    ("<!DOCTYPE a [<!ENTITY b 'c'>]><a/>", "1:13: a DOCTYPE with an internal subset is not read (share-route never expands declared entities)"),
    ("<a><![CDATA[x</a>", "1:4: this CDATA section is not closed"),
    ("< a/>", "1:2: expected a name, found ' '"),
    ("\u{FF}\u{FE}<\u{0}a", "1:1: the file is not UTF-8 (share-route reads UTF-8 XML only)"),
    (String(repeating: "<a>", count: 300), "1:769: elements nest deeper than 256 levels"),
  ])
  func xmlMessages(_ text: String, _ expected: String) {
    var bytes = Array(text.utf8)
    if text.hasPrefix("\u{FF}\u{FE}") { bytes = [0xFF, 0xFE, 0x3C, 0x00, 0x61, 0x00] }
    do {
      _ = try XMLReader.parse(bytes)
      Issue.record("parsed")
    } catch {
      #expect("\(error.location): \(error.message)" == expected)
    }
  }

  @Test func xmlReadsEntitiesCDATAAndComments() throws {
    let root = try XMLReader.parse(
      Array("<?xml version='1.0'?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"x.dtd\">\n<a k=\"&lt;&#65;&#x42;&quot;\"><!-- c --><![CDATA[<raw>]]>&amp;</a>".utf8))
    #expect(root.attribute("k")?.value == "<AB\"")
    #expect(root.text == "<raw>&")
    #expect(root.location == SourceLocation(line: 3, column: 1))
  }
}
