import Testing

@testable import ShareRouting

/// `Uri.parse` and `PatternMatcher` as AOSP (Android 14) has them. Every expected value below was
/// checked against AOSP's own `Uri`, `UriCodec` and `PatternMatcher` classes, run on the same
/// inputs.
@Suite struct AndroidURITests {
  struct URICase: Sendable, CustomTestStringConvertible {
    let text: String
    let scheme: String?
    let ssp: String
    let host: String?
    let port: Int
    let path: String?
    init(_ text: String, scheme: String?, ssp: String, host: String?, port: Int, path: String?) {
      (self.text, self.scheme, self.ssp, self.host, self.port, self.path) = (text, scheme, ssp, host, port, path)
    }
    var testDescription: String { text.isEmpty ? "(empty)" : text }
  }

  /// `StringUri`: the scheme is the text before the first `:` (`parseScheme`, Uri.java 573-576);
  /// the ssp runs to the first `#`, decoded (580-600); the authority follows `//` and ends at `/`,
  /// `\`, `?` or `#` (`parseAuthority`, 736-767); the host follows the last `@` and stops at a
  /// `:` followed only by digits (`parseHost`, `findPortSeparator`, 1121-1178); an unreadable port
  /// is -1 (`parsePort`, 1146-1160); opaque URIs have no path (`parsePath`, 642-665, 773-818);
  /// decoding is `UriCodec.decode` with `convertPlus` false: `%zz` gives U+FFFD then U+0000
  /// (UriCodec.java 111-144).
  static let uris: [URICase] = [
    URICase("http://Example.com:8080/a%20b?q#f", scheme: "http", ssp: "//Example.com:8080/a b?q", host: "Example.com", port: 8080, path: "/a b"),
    URICase("https://user@host.example.org/path/to", scheme: "https", ssp: "//user@host.example.org/path/to", host: "host.example.org", port: -1, path: "/path/to"),
    URICase("http://h:abc/x", scheme: "http", ssp: "//h:abc/x", host: "h:abc", port: -1, path: "/x"),
    URICase("http://h:/x", scheme: "http", ssp: "//h:/x", host: "h", port: -1, path: "/x"),
    URICase("http://h:99999999999/x", scheme: "http", ssp: "//h:99999999999/x", host: "h", port: -1, path: "/x"),
    URICase("mailto:someone@example.org", scheme: "mailto", ssp: "someone@example.org", host: nil, port: -1, path: nil),
    URICase("geo:37.7,-122.4?q=x", scheme: "geo", ssp: "37.7,-122.4?q=x", host: nil, port: -1, path: nil),
    URICase("scheme:", scheme: "scheme", ssp: "", host: nil, port: -1, path: nil),
    URICase(":foo", scheme: "", ssp: "foo", host: nil, port: -1, path: nil),
    URICase("no-colon-at-all", scheme: nil, ssp: "no-colon-at-all", host: nil, port: -1, path: "no-colon-at-all"),
    URICase("file:///sdcard/a.pdf", scheme: "file", ssp: "///sdcard/a.pdf", host: "", port: -1, path: "/sdcard/a.pdf"),
    URICase("content://media/external/images/1", scheme: "content", ssp: "//media/external/images/1", host: "media", port: -1, path: "/external/images/1"),
    URICase("HTTP://EXAMPLE.COM/A", scheme: "HTTP", ssp: "//EXAMPLE.COM/A", host: "EXAMPLE.COM", port: -1, path: "/A"),
    URICase("http://host\\path/x", scheme: "http", ssp: "//host\\path/x", host: "host", port: -1, path: "\\path/x"),
    URICase("http://host?query", scheme: "http", ssp: "//host?query", host: "host", port: -1, path: ""),
    URICase("http://host#frag", scheme: "http", ssp: "//host", host: "host", port: -1, path: ""),
    URICase("http://[::1]:80/x", scheme: "http", ssp: "//[::1]:80/x", host: "[::1]", port: 80, path: "/x"),
    URICase("http://a@b@c:7/x", scheme: "http", ssp: "//a@b@c:7/x", host: "c", port: 7, path: "/x"),
    URICase("/a%zz", scheme: nil, ssp: "/a\u{FFFD}\u{0}z", host: nil, port: -1, path: "/a\u{FFFD}\u{0}z"),
    URICase("http://h/a%zz", scheme: "http", ssp: "//h/a\u{FFFD}\u{0}z", host: "h", port: -1, path: "/a\u{FFFD}\u{0}z"),
    URICase("http://h/a%4z", scheme: "http", ssp: "//h/a\u{FFFD}\u{4}", host: "h", port: -1, path: "/a\u{FFFD}\u{4}"),
    URICase("http://h/a%", scheme: "http", ssp: "//h/a\u{FFFD}", host: "h", port: -1, path: "/a\u{FFFD}"),
    URICase("http://h/a%e2%82%ac", scheme: "http", ssp: "//h/a\u{20AC}", host: "h", port: -1, path: "/a\u{20AC}"),
    URICase("http://h/a+b", scheme: "http", ssp: "//h/a+b", host: "h", port: -1, path: "/a+b"),
    URICase("sms:+15551234#x", scheme: "sms", ssp: "+15551234", host: nil, port: -1, path: nil),
    URICase("", scheme: nil, ssp: "", host: nil, port: -1, path: ""),
  ]

  @Test(arguments: uris)
  func parsesLikeUriParse(_ row: URICase) {
    let uri = AndroidURI(row.text)
    #expect(uri.scheme == row.scheme)
    #expect(uri.schemeSpecificPart == row.ssp)
    #expect(uri.host == row.host)
    #expect(uri.port == row.port)
    #expect(uri.path == row.path)
  }
}

@Suite struct PatternMatcherTests {
  struct PatternCase: Sendable, CustomTestStringConvertible {
    let kind: PatternMatcher.Kind
    let pattern: String
    let input: String
    let matches: Bool
    init(_ kind: PatternMatcher.Kind, _ pattern: String, _ input: String, _ matches: Bool) {
      (self.kind, self.pattern, self.input, self.matches) = (kind, pattern, input, matches)
    }
    var testDescription: String { "\(kind) '\(pattern)' on '\(input)'" }
  }

  /// `matchPattern` (PatternMatcher.java 199-213): literal equals, prefix startsWith, suffix
  /// endsWith; `matchGlobPattern` (215-293): greedy runs, `.*` skips to the first occurrence of the
  /// next character without backtracking, and an escaped `.` still matches any character (its
  /// test is `c != '.'`); `matchAdvancedPattern` (466-599): sets, ranges and modifiers, greedy,
  /// whole string; `}` outside a range is dropped (`parseAndVerifyAdvancedPattern`, 357-362).
  static let patterns: [PatternCase] = [
    PatternCase(.literal, "/a", "/a", true),
    PatternCase(.literal, "/a", "/A", false),
    PatternCase(.prefix, "/a", "/abc", true),
    PatternCase(.prefix, "/a", "/b", false),
    PatternCase(.suffix, ".pdf", "/x.pdf", true),
    PatternCase(.suffix, ".pdf", "/x.PDF", false),
    PatternCase(.simpleGlob, ".*", "", true),
    PatternCase(.simpleGlob, ".*", "anything", true),
    PatternCase(.simpleGlob, "/x*", "/", false),
    PatternCase(.simpleGlob, "x*", "", false),
    PatternCase(.simpleGlob, "/x*", "/xxx", true),
    PatternCase(.simpleGlob, "/x*y", "/xxxy", true),
    PatternCase(.simpleGlob, ".*\\.pdf", "/a.pdf", true),
    PatternCase(.simpleGlob, ".*\\.pdf", "/a.b.pdf", false),
    PatternCase(.simpleGlob, ".*\\\\.pdf", "/a.pdf", false),
    PatternCase(.simpleGlob, "/a.*b", "/axbxb", false),
    PatternCase(.simpleGlob, "/a.*b", "/axb", true),
    PatternCase(.simpleGlob, "/a.c", "/abc", true),
    PatternCase(.simpleGlob, "/a\\.c", "/abc", true),
    PatternCase(.simpleGlob, "/a\\.c", "/a.c", true),
    PatternCase(.simpleGlob, "", "", true),
    PatternCase(.simpleGlob, "", "x", false),
    PatternCase(.simpleGlob, "/.*", "/", true),
    PatternCase(.simpleGlob, "/.*/x", "/a/b/x", false),
    PatternCase(.advancedGlob, "/[a-z]+", "/abc", true),
    PatternCase(.advancedGlob, "/[a-z]+", "/abC", false),
    PatternCase(.advancedGlob, "/[^0-9]+", "/abc", true),
    PatternCase(.advancedGlob, "/[^0-9]+", "/a1", false),
    PatternCase(.advancedGlob, "/.{2,3}", "/ab", true),
    PatternCase(.advancedGlob, "/.{2,3}", "/abcd", false),
    PatternCase(.advancedGlob, "/a{2}", "/aa", true),
    PatternCase(.advancedGlob, "/a{2,}", "/aaaaa", true),
    PatternCase(.advancedGlob, "/.*\\.pdf", "/a.pdf", false),
    PatternCase(.advancedGlob, "/[a-z]*\\.pdf", "/abc.pdf", true),
    PatternCase(.advancedGlob, "/x}y", "/xy", true),
    PatternCase(.advancedGlob, "/x]y", "/x]y", true),
    PatternCase(.advancedGlob, "[.*{]+", ".*{", true),
    PatternCase(.advancedGlob, "a\\*", "a*", true),
    PatternCase(.advancedGlob, "[a-]", "-", true),
    PatternCase(.advancedGlob, "/a+b", "/aaab", true),
    PatternCase(.advancedGlob, "a{-1}", "", true),
  ]

  @Test(arguments: patterns)
  func matchesLikePatternMatcher(_ row: PatternCase) throws {
    #expect(try PatternMatcher(row.pattern, kind: row.kind).matches(row.input) == row.matches)
  }

  /// `parseAndVerifyAdvancedPattern` throws (and the package does not install): a `[` at the end
  /// (StringIndexOutOfBounds, 325), a set not closed (453-455) or empty (341-345), a modifier
  /// with no token (353, 369, 377), a range without `}` (417-420), not a number (443-444) or with
  /// its minimum over its maximum (437-440), a trailing `\` (389-391).
  @Test(arguments: [
    ("[", AndroidMessages.setNotTerminated),
    ("[ab", AndroidMessages.setNotTerminated),
    ("[]", AndroidMessages.emptySet),
    ("[^]", AndroidMessages.emptySet),
    ("*a", AndroidMessages.modifierWithoutToken),
    ("a**", AndroidMessages.modifierWithoutToken),
    ("a{2", AndroidMessages.rangeNotEnded),
    ("a{x}", AndroidMessages.rangeNotANumber),
    ("a{3,2}", AndroidMessages.rangeMinimumOverMaximum),
    ("a\\", AndroidMessages.trailingEscape),
  ])
  func refusesWhatAndroidRefuses(_ pattern: String, _ reason: String) {
    #expect(throws: PatternMatcher.Malformed(pattern: pattern, reason: reason)) {
      _ = try PatternMatcher(pattern, kind: .advancedGlob)
    }
  }

  /// `nil` (no path) never matches, whatever the kind.
  @Test(arguments: PatternMatcher.Kind.allCases)
  func nilNeverMatches(_ kind: PatternMatcher.Kind) throws {
    #expect(try PatternMatcher(kind == .advancedGlob ? ".*" : "", kind: kind).matches(nil) == false)
  }
}
