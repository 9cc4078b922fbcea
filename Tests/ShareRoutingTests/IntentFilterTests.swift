import Testing

@testable import ShareRouting

/// One row of the AOSP matching matrix: a filter, an intent, the expected result.
struct MatchCase: Sendable, CustomTestStringConvertible {
  let name: String
  let actions: [String]
  let categories: [String]
  let types: [String]
  let schemes: [String]
  let intent: AndroidIntent
  let expected: FilterMatch

  var testDescription: String { name }

  static let send = IntentFilter.actionSend
  static let multiple = IntentFilter.actionSendMultiple
  static let def = IntentFilter.defaultCategory
  static let typeMatch = FilterMatch.match(FilterMatch.categoryType + FilterMatch.adjustmentNormal)
  static let emptyMatch = FilterMatch.match(FilterMatch.categoryEmpty + FilterMatch.adjustmentNormal)
  static let schemeMatch = FilterMatch.match(FilterMatch.categoryScheme + FilterMatch.adjustmentNormal)

  /// A share-style row: filter {SEND, DEFAULT, types}, intent {SEND, type, DEFAULT}.
  static func type(_ name: String, filter: [String], intent: String?, _ expected: FilterMatch) -> MatchCase {
    MatchCase(
      name: name, actions: [send], categories: [def], types: filter, schemes: [],
      intent: AndroidIntent(action: send, type: intent, categories: [def]), expected: expected)
  }
}

@Suite struct IntentFilterMatchTests {
  // android-intents.md §2.2 findMimeType, through a share-shaped filter and intent.
  static let typeCases: [MatchCase] = [
    .type("exact a/b vs a/b", filter: ["a/b"], intent: "a/b", MatchCase.typeMatch),
    .type("filter a/b vs intent a/*", filter: ["a/b"], intent: "a/*", MatchCase.typeMatch),
    .type("filter a/b vs intent */*", filter: ["a/b"], intent: "*/*", MatchCase.typeMatch),
    .type("filter a/b vs c/d", filter: ["a/b"], intent: "c/d", .noMatch(.type)),
    .type("filter a/b vs c/*", filter: ["a/b"], intent: "c/*", .noMatch(.type)),
    .type("filter a/b vs a/c", filter: ["a/b"], intent: "a/c", .noMatch(.type)),
    .type("filter a/* vs a/anything", filter: ["a/*"], intent: "a/anything", MatchCase.typeMatch),
    .type("filter a/* vs a/*", filter: ["a/*"], intent: "a/*", MatchCase.typeMatch),
    .type("filter a/* vs */*", filter: ["a/*"], intent: "*/*", MatchCase.typeMatch),
    .type("filter image/* vs image/JPEG (subtype not compared)", filter: ["image/*"], intent: "image/JPEG", MatchCase.typeMatch),
    .type("filter text/* vs parameterised text/plain", filter: ["text/*"], intent: "text/plain; charset=utf-8", MatchCase.typeMatch),
    .type("filter */* vs any type", filter: ["*/*"], intent: "plain/text", MatchCase.typeMatch),
    .type("filter */* vs empty type", filter: ["*/*"], intent: "", MatchCase.typeMatch),
    .type("filter */* vs upper case", filter: ["*/*"], intent: "IMAGE/PNG", MatchCase.typeMatch),
    .type("filter */* vs no type", filter: ["*/*"], intent: nil, .noMatch(.type)),
    .type("filter image/* vs no type", filter: ["image/*"], intent: nil, .noMatch(.type)),
    .type("case-sensitive base: IMAGE/jpeg vs image/*", filter: ["image/*"], intent: "IMAGE/jpeg", .noMatch(.type)),
    .type("case-sensitive exact: text/x-vCard vs text/x-vcard", filter: ["text/x-vcard"], intent: "text/x-vCard", .noMatch(.type)),
    .type("upper-case filter never matches lower-case intent", filter: ["image/JPEG"], intent: "image/jpeg", .noMatch(.type)),
    .type("parameterised filter is literal", filter: ["text/plain; charset=utf-8"], intent: "text/plain", .noMatch(.type)),
    .type("intent image/* matches filter image/png", filter: ["image/png"], intent: "image/*", MatchCase.typeMatch),
    .type("intent image/* vs filter video/mp4", filter: ["video/mp4"], intent: "image/*", .noMatch(.type)),
    .type("*/jpeg is literal in a filter", filter: ["*/jpeg"], intent: "image/jpeg", .noMatch(.type)),
    .type("*/jpeg is literal in an intent", filter: ["image/jpeg"], intent: "*/jpeg", .noMatch(.type)),
    .type("*/jpeg matches itself", filter: ["*/jpeg"], intent: "*/jpeg", MatchCase.typeMatch),
    .type("partial flag covers declared bases only", filter: ["image/png", "video/*"], intent: "image/jpeg", .noMatch(.type)),
    .type("mixed filter: declared base matches", filter: ["image/png", "video/*"], intent: "video/mp4", MatchCase.typeMatch),
    .type("quirk: intent 'image' matches image/*", filter: ["image/*"], intent: "image", MatchCase.typeMatch),
    .type("quirk: intent '*' matches */*", filter: ["*/*"], intent: "*", MatchCase.typeMatch),
    .type("intent 'image' without slash vs image/png", filter: ["image/png"], intent: "image", .noMatch(.type)),
    .type("intent */* vs several types", filter: ["application/pdf", "text/csv"], intent: "*/*", MatchCase.typeMatch),
  ]

  // §2 match order, §2.1 matchData schemes, §3.1 DEFAULT, §4 SEND vs SEND_MULTIPLE.
  static let orderCases: [MatchCase] = [
    MatchCase(
      name: "SEND-only filter refuses SEND_MULTIPLE", actions: [MatchCase.send], categories: [MatchCase.def],
      types: ["*/*"], schemes: [],
      intent: AndroidIntent(action: MatchCase.multiple, type: "image/jpeg", categories: [MatchCase.def]),
      expected: .noMatch(.action)),
    MatchCase(
      name: "SEND_MULTIPLE-only filter refuses SEND", actions: [MatchCase.multiple], categories: [MatchCase.def],
      types: ["*/*"], schemes: [],
      intent: AndroidIntent(action: MatchCase.send, type: "image/jpeg", categories: [MatchCase.def]),
      expected: .noMatch(.action)),
    MatchCase(
      name: "filter without actions refuses any action", actions: [], categories: [MatchCase.def],
      types: ["*/*"], schemes: [],
      intent: AndroidIntent(action: MatchCase.send, type: "image/jpeg", categories: [MatchCase.def]),
      expected: .noMatch(.action)),
    MatchCase(
      name: "null action skips the action test", actions: [MatchCase.send], categories: [], types: ["*/*"], schemes: [],
      intent: AndroidIntent(action: nil, type: "image/jpeg"), expected: MatchCase.typeMatch),
    // ParsedMainComponentUtils: a filter without actions is dropped by the parser.
    MatchCase(
      name: "a filter without actions never matches", actions: [], categories: [], types: ["*/*"], schemes: [],
      intent: AndroidIntent(action: nil, type: "image/jpeg"), expected: .noMatch(.action)),
    MatchCase(
      name: "action is tested before type", actions: [MatchCase.send], categories: [], types: ["video/*"],
      schemes: [], intent: AndroidIntent(action: MatchCase.multiple, type: "image/jpeg", categories: [MatchCase.def]),
      expected: .noMatch(.action)),
    MatchCase(
      name: "type is tested before categories", actions: [MatchCase.send], categories: [], types: ["video/*"],
      schemes: [], intent: AndroidIntent(action: MatchCase.send, type: "image/jpeg", categories: [MatchCase.def]),
      expected: .noMatch(.type)),
    MatchCase(
      name: "filter without DEFAULT refuses an implicit start", actions: [MatchCase.send], categories: [],
      types: ["image/*"], schemes: [],
      intent: AndroidIntent(action: MatchCase.send, type: "image/jpeg", categories: [MatchCase.def]),
      expected: .noMatch(.category)),
    MatchCase(
      name: "intent without categories passes a category-less filter", actions: [MatchCase.send], categories: [],
      types: ["image/*"], schemes: [], intent: AndroidIntent(action: MatchCase.send, type: "image/jpeg"),
      expected: MatchCase.typeMatch),
    MatchCase(
      name: "extra filter categories are fine", actions: [MatchCase.send],
      categories: [MatchCase.def, "android.intent.category.BROWSABLE"], types: ["image/*"], schemes: [],
      intent: AndroidIntent(action: MatchCase.send, type: "image/jpeg", categories: [MatchCase.def]),
      expected: MatchCase.typeMatch),
    MatchCase(
      name: "scheme=content filter misses a share intent (no data)", actions: [MatchCase.send],
      categories: [MatchCase.def], types: ["image/*"], schemes: ["content"],
      intent: AndroidIntent(action: MatchCase.send, type: "image/jpeg", categories: [MatchCase.def]),
      expected: .noMatch(.data)),
    MatchCase(
      name: "scheme=content filter takes a content: URI with its type", actions: [MatchCase.send],
      categories: [MatchCase.def], types: ["image/*"], schemes: ["content"],
      intent: AndroidIntent(action: MatchCase.send, type: "image/jpeg", data: "content://media/1", categories: [MatchCase.def]),
      expected: MatchCase.typeMatch),
    MatchCase(
      name: "type-only filter takes content: URIs", actions: [MatchCase.send], categories: [],
      types: ["image/*"], schemes: [], intent: AndroidIntent(action: MatchCase.send, type: "image/png", data: "content://x/1"),
      expected: MatchCase.typeMatch),
    MatchCase(
      name: "type-only filter takes file: URIs", actions: [MatchCase.send], categories: [],
      types: ["image/*"], schemes: [], intent: AndroidIntent(action: MatchCase.send, type: "image/png", data: "file:///a.png"),
      expected: MatchCase.typeMatch),
    MatchCase(
      name: "type-only filter refuses http: (data before type)", actions: [MatchCase.send], categories: [],
      types: ["image/*"], schemes: [], intent: AndroidIntent(action: MatchCase.send, type: "video/mp4", data: "http://x/a"),
      expected: .noMatch(.data)),
    MatchCase(
      name: "scheme compare is case-sensitive", actions: [MatchCase.send], categories: [], types: [],
      schemes: ["http"], intent: AndroidIntent(action: MatchCase.send, type: nil, data: "HTTP://x"),
      expected: .noMatch(.data)),
    MatchCase(
      name: "scheme-only filter takes an untyped URI", actions: [MatchCase.send], categories: [], types: [],
      schemes: ["http"], intent: AndroidIntent(action: MatchCase.send, type: nil, data: "http://x"),
      expected: MatchCase.schemeMatch),
    MatchCase(
      name: "scheme-only filter refuses a typed content: URI", actions: [MatchCase.send], categories: [], types: [],
      schemes: ["content"], intent: AndroidIntent(action: MatchCase.send, type: "image/png", data: "content://x"),
      expected: .noMatch(.type)),
    MatchCase(
      name: "data-less filter takes a data-less, type-less intent", actions: [MatchCase.send], categories: [],
      types: [], schemes: [], intent: AndroidIntent(action: MatchCase.send, type: nil), expected: MatchCase.emptyMatch),
    MatchCase(
      name: "data-less filter refuses a typed intent with NO_MATCH_DATA", actions: [MatchCase.send], categories: [],
      types: [], schemes: [], intent: AndroidIntent(action: MatchCase.send, type: "text/plain"),
      expected: .noMatch(.data)),
  ]

  @Test(arguments: typeCases + orderCases)
  func matches(_ row: MatchCase) throws {
    let filter = try IntentFilter(
      actions: row.actions, categories: row.categories, mimeTypes: row.types, schemes: row.schemes)
    #expect(filter.match(row.intent) == row.expected)
  }

  @Test(arguments: ["image", "/png", "image/", "*", "", "testdataType"])
  func malformedTypesAreRejected(_ type: String) {
    #expect(throws: MalformedMimeType(type: type)) {
      try IntentFilter(actions: [], categories: [], mimeTypes: [type])
    }
  }

  @Test func partialTypesAreStoredAsBases() throws {
    let filter = try IntentFilter(
      actions: [], categories: [], mimeTypes: ["image/*", "*/*", "*/jpeg", "video/mp4", "image/*"])
    #expect(filter.storedTypes == ["image", "*", "*/jpeg", "video/mp4"])
    #expect(filter.hasPartialTypes)
    #expect(filter.declaredTypes == ["image/*", "*/*", "*/jpeg", "video/mp4"])
    let exact = try IntentFilter(actions: [], categories: [], mimeTypes: ["image/png"])
    #expect(!exact.hasPartialTypes)
  }

  @Test(arguments: [
    ("content://media/1", "content"), ("file:///a", "file"), ("http://x", "http"), ("no-colon", nil),
    (":empty", ""),
  ] as [(String, String?)])
  func schemeOfData(_ data: String, _ scheme: String?) {
    #expect(AndroidIntent(action: nil, type: nil, data: data).scheme == scheme)
  }

  @Test func noMatchReasonsKeepAOSPValues() {
    #expect(NoMatchReason.allCases.map(\.aospValue) == [-3, -2, -1, -4])
  }
}

@Suite struct MediaTypeTests {
  @Test(arguments: [
    ("image/JPEG", "image/jpeg"), ("  text/plain  ", "text/plain"),
    ("text/plain ; charset=utf-8", "text/plain "), ("Text/CSV;charset=x", "text/csv"), ("", ""),
  ])
  func normalizeLikeIntent(_ input: String, _ expected: String) {
    #expect(MediaType.normalize(input) == expected)
  }

  @Test func normalizeNil() { #expect(MediaType.normalize(nil) == nil) }

  @Test(arguments: [
    ([], "*/*"), (["image/png"], "image/png"), (["image/jpeg", "image/jpeg"], "image/jpeg"),
    (["image/jpeg", "image/png"], "image/*"), (["image/jpeg", "image/png", "image/gif"], "image/*"),
    (["image/jpeg", "video/mp4"], "*/*"), (["text/plain", "image/png", "image/png"], "*/*"),
    (["foo", "bar"], "*/*"), (["image/png", "image"], "*/*"),
  ] as [([String], String)])
  func commonTypeLikeSharePlus(_ types: [String], _ expected: String) {
    #expect(MediaType.commonType(of: types) == expected)
  }

}

/// `IntentFilter.matchData` with data (IntentFilter.java 1647-1726): the scheme first, then the
/// scheme-specific part (a failed ssp is not final: an authority may still match, 1667-1690), the
/// authority (`AuthorityEntry.match`, 1225-1256: a wildcard host, a port) and the path only with an
/// authority, then the type. Every expected value was checked against AOSP's own `IntentFilter`,
/// `Uri` and `PatternMatcher`, run on the same filters and data.
@Suite struct IntentFilterDataTests {
  struct DataCase: Sendable, CustomTestStringConvertible {
    let ssp: [(PatternMatcher.Kind, String)]
    let hosts: [(String, String?)]
    let paths: [(PatternMatcher.Kind, String)]
    let schemes: [String]
    let types: [String]
    let data: String?
    let type: String?
    let expected: FilterMatch
    var testDescription: String {
      "\(data ?? "no data") against schemes \(schemes), ssp \(ssp.map(\.1)), hosts \(hosts.map(\.0)), paths \(paths.map(\.1))"
    }
  }

  static let cases: [DataCase] = [
    DataCase(ssp: [(.literal, "1234")], hosts: [], paths: [], schemes: ["tel"], types: [], data: "tel:1234", type: nil, expected: .match(0x588000)),
    DataCase(ssp: [(.prefix, "+1")], hosts: [], paths: [], schemes: ["tel"], types: [], data: "tel:+15551234", type: nil, expected: .match(0x588000)),
    DataCase(ssp: [(.literal, "1234")], hosts: [], paths: [], schemes: ["tel"], types: [], data: "tel:999", type: nil, expected: .noMatch(.data)),
    DataCase(ssp: [(.literal, "1234")], hosts: [("example.com", nil)], paths: [], schemes: ["sms"], types: [], data: "sms://example.com/x", type: nil, expected: .match(0x308000)),
    DataCase(ssp: [(.literal, "1234")], hosts: [], paths: [], schemes: ["sms"], types: [], data: nil, type: nil, expected: .noMatch(.data)),
    DataCase(ssp: [], hosts: [], paths: [(.prefix, "/a")], schemes: ["https"], types: [], data: "https://x.org/b", type: nil, expected: .match(0x208000)),
    DataCase(ssp: [], hosts: [("x.org", nil)], paths: [(.prefix, "/a")], schemes: ["https"], types: [], data: "https://x.org/b", type: nil, expected: .noMatch(.data)),
    DataCase(ssp: [], hosts: [("x.org", nil)], paths: [(.prefix, "/a")], schemes: ["https"], types: [], data: "https://x.org/a/b", type: nil, expected: .match(0x508000)),
    DataCase(ssp: [], hosts: [], paths: [], schemes: ["", "https"], types: [], data: nil, type: nil, expected: .match(0x208000)),
    DataCase(ssp: [], hosts: [], paths: [], schemes: ["https"], types: [], data: nil, type: nil, expected: .noMatch(.data)),
    DataCase(ssp: [], hosts: [("*", nil)], paths: [], schemes: ["file"], types: [], data: "file:///sdcard/a", type: nil, expected: .match(0x308000)),
    DataCase(ssp: [], hosts: [("x.org", nil)], paths: [], schemes: ["https"], types: [], data: "mailto:a@x.org", type: nil, expected: .noMatch(.data)),
    DataCase(ssp: [], hosts: [("x.org", nil)], paths: [], schemes: ["https"], types: ["image/*"], data: "https://x.org/a.png", type: "image/png", expected: .match(0x608000)),
    DataCase(ssp: [], hosts: [("x.org", "80")], paths: [], schemes: ["http"], types: [], data: "http://x.org/", type: nil, expected: .noMatch(.data)),
    DataCase(ssp: [], hosts: [("x.org", "80")], paths: [], schemes: ["http"], types: [], data: "http://x.org:80/", type: nil, expected: .match(0x408000)),
    DataCase(ssp: [(.simpleGlob, ".*1")], hosts: [], paths: [], schemes: ["tel"], types: [], data: "tel:9991", type: nil, expected: .match(0x588000)),
    DataCase(ssp: [(.advancedGlob, "[0-9]+")], hosts: [], paths: [], schemes: ["tel"], types: [], data: "tel:123", type: nil, expected: .match(0x588000)),
    DataCase(ssp: [(.suffix, "%20")], hosts: [], paths: [], schemes: ["x"], types: [], data: "x:a%20", type: nil, expected: .noMatch(.data)),
  ]

  @Test(arguments: cases)
  func matchesDataLikeAndroid(_ row: DataCase) throws {
    let filter = try IntentFilter(
      actions: ["android.intent.action.VIEW"], categories: [], mimeTypes: row.types, schemes: row.schemes,
      authorities: try row.hosts.map { try IntentFilter.Authority(host: $0.0, port: $0.1) },
      paths: try row.paths.map { try PatternMatcher($0.1, kind: $0.0) },
      schemeSpecificParts: try row.ssp.map { try PatternMatcher($0.1, kind: $0.0) })
    #expect(filter.matchData(type: row.type, data: row.data) == row.expected)
  }
}
