import Testing

@testable import ShareRouting

/// `query` as `PackageManager.queryIntentActivities` answers (Android 14): candidates by
/// `IntentResolver.queryIntent`'s cuts (IntentResolver.java 378-478, registration 58-78 and
/// `register_mime_types` 575-604), the first matching filter per component in candidate order
/// (`buildResolveList` 705-810, `ActivityIntentResolver.allowFilterResult`,
/// ComponentResolver.java 1063-1073), then the stable `RESOLVE_PRIORITY_SORTER` (107-141).
/// Every expected list was checked against AOSP's own classes, run on the same components and
/// intents.
@Suite struct ResolverTests {
  static let send = IntentFilter.actionSend
  static let view = "android.intent.action.VIEW"
  static let custom = "org.example.action.CUSTOM"
  static let defaultCategory = IntentFilter.defaultCategory
  static let browsable = "android.intent.category.BROWSABLE"

  struct FilterSpec: Sendable {
    var actions: [String]
    var categories: [String] = []
    var types: [String] = []
    var schemes: [String] = []
    var hosts: [(String, String?)] = []
    var paths: [(PatternMatcher.Kind, String)] = []
    var priority = 0

    func filter() throws -> IntentFilter {
      try IntentFilter(
        actions: actions, categories: categories, mimeTypes: types, schemes: schemes,
        authorities: try hosts.map { try IntentFilter.Authority(host: $0.0, port: $0.1) },
        paths: try paths.map { try PatternMatcher($0.1, kind: $0.0) }, priority: priority)
    }
  }

  struct Component: Sendable {
    let id: String
    let filters: [FilterSpec]
  }

  struct ResolveCase: Sendable, CustomTestStringConvertible {
    let name: String
    let components: [Component]
    let intent: AndroidIntent
    let expected: [(id: String, filter: Int, match: Int)]
    init(_ name: String, _ components: [Component], _ intent: AndroidIntent, expected: [(String, Int, Int)]) {
      self.name = name
      self.components = components
      self.intent = intent
      self.expected = expected.map { (id: $0.0, filter: $0.1, match: $0.2) }
    }
    var testDescription: String { name }
  }

  static func F(
    actions: [String], categories: [String] = [], types: [String] = [], schemes: [String] = [],
    hosts: [(String, String?)] = [], paths: [(PatternMatcher.Kind, String)] = [], priority: Int = 0
  ) -> FilterSpec {
    FilterSpec(
      actions: actions, categories: categories, types: types, schemes: schemes, hosts: hosts, paths: paths,
      priority: priority)
  }

  static func C(_ id: String, _ filters: [FilterSpec]) -> Component { Component(id: id, filters: filters) }

  static let cases: [ResolveCase] = [
    ResolveCase(
      "a type without '/' collects no candidates (IntentResolver.queryIntent 398-432)",
      [C("p.a/.All", [F(actions: [view], categories: [defaultCategory], types: ["*/*"])])],
      AndroidIntent(action: view, type: "image", data: nil, categories: []),
      expected: []),
    ResolveCase(
      "a */* type without an action collects no candidates (424-430)",
      [C("p.a/.All", [F(actions: [view], categories: [defaultCategory], types: ["*/*"])])],
      AndroidIntent(action: nil, type: "*/*", data: nil, categories: []),
      expected: []),
    ResolveCase(
      "a */* type with an action takes the typed filters of that action (424-430)",
      [C("p.a/.Png", [F(actions: [view], categories: [defaultCategory], types: ["image/png"])]), C("p.b/.Untyped", [F(actions: [view], categories: [defaultCategory])])],
      AndroidIntent(action: view, type: "*/*", data: nil, categories: []),
      expected: [("p.a/.Png", 0, 6324224)]),
    ResolveCase(
      "no action, type or data: nothing (445-448)",
      [C("p.a/.Bare", [F(actions: [view], categories: [defaultCategory])])],
      AndroidIntent(action: nil, type: nil, data: nil, categories: []),
      expected: []),
    ResolveCase(
      "an action alone reaches the filters without data (445-448)",
      [C("p.a/.Bare", [F(actions: [view], categories: [defaultCategory])]), C("p.b/.Typed", [F(actions: [view], categories: [defaultCategory], types: ["text/plain"])])],
      AndroidIntent(action: view, type: nil, data: nil, categories: []),
      expected: [("p.a/.Bare", 0, 1081344)]),
    ResolveCase(
      "the first filter met in candidate order stands for its component (allowFilterResult)",
      [C("p.a/.Two", [F(actions: [send], types: ["image/png"]), F(actions: [send], categories: [defaultCategory], types: ["*/*"])])],
      AndroidIntent(action: send, type: "image/png", data: nil, categories: []),
      expected: [("p.a/.Two", 0, 6324224)]),
    ResolveCase(
      "an exact type is a candidate before */*, whatever the filter order (first, then third cut)",
      [C("p.a/.Two", [F(actions: [send], categories: [defaultCategory], types: ["*/*"]), F(actions: [send], types: ["image/png"])])],
      AndroidIntent(action: send, type: "image/png", data: nil, categories: []),
      expected: [("p.a/.Two", 1, 6324224)]),
    ResolveCase(
      "ties in one package keep candidate order, not id order (stable RESOLVE_PRIORITY_SORTER)",
      [C("p.a/.Z", [F(actions: [send], categories: [defaultCategory], types: ["image/png"])]), C("p.a/.B", [F(actions: [send], categories: [defaultCategory], types: ["image/png"])])],
      AndroidIntent(action: send, type: "image/png", data: nil, categories: []),
      expected: [("p.a/.Z", 0, 6324224), ("p.a/.B", 0, 6324224)]),
    ResolveCase(
      "an exact-type candidate comes before a */* one of the same package",
      [C("p.a/.B", [F(actions: [send], categories: [defaultCategory], types: ["*/*"])]), C("p.a/.Z", [F(actions: [send], categories: [defaultCategory], types: ["image/png"])])],
      AndroidIntent(action: send, type: "image/png", data: nil, categories: []),
      expected: [("p.a/.Z", 0, 6324224), ("p.a/.B", 0, 6324224)]),
    ResolveCase(
      "packages tie by name (String.compareTo)",
      [C("p.b/.A", [F(actions: [send], categories: [defaultCategory], types: ["image/*"])]), C("p.a/.A", [F(actions: [send], categories: [defaultCategory], types: ["image/*"])])],
      AndroidIntent(action: send, type: "image/png", data: nil, categories: []),
      expected: [("p.a/.A", 0, 6324224), ("p.b/.A", 0, 6324224)]),
    ResolveCase(
      "installed priority first (ComponentResolver.adjustPriority: 5 on VIEW, a protected action, is 0), then filters with DEFAULT",
      [C("p.a/.NoDefault", [F(actions: [view], types: ["image/*"])]), C("p.b/.Default", [F(actions: [view], categories: [defaultCategory], types: ["image/*"])]), C("p.c/.High", [F(actions: [view], types: ["image/*"], priority: 5)]), C("p.d/.Low", [F(actions: [view], categories: [defaultCategory], types: ["image/*"], priority: -1)])],
      AndroidIntent(action: view, type: "image/png", data: nil, categories: []),
      expected: [("p.b/.Default", 0, 6324224), ("p.a/.NoDefault", 0, 6324224), ("p.c/.High", 0, 6324224), ("p.d/.Low", 0, 6324224)]),
    ResolveCase(
      "a privileged package keeps its priority on an action that is not protected (adjustPriority)",
      [C("p.a/.Plain", [F(actions: [custom], categories: [defaultCategory], types: ["image/*"])]), C("system.p/.High", [F(actions: [custom], types: ["image/*"], priority: 5)]), C("p.b/.High", [F(actions: [custom], categories: [defaultCategory], types: ["image/*"], priority: 5)])],
      AndroidIntent(action: custom, type: "image/png", data: nil, categories: []),
      expected: [("system.p/.High", 0, 6324224), ("p.a/.Plain", 0, 6324224), ("p.b/.High", 0, 6324224)]),
    ResolveCase(
      "then the match value: path over port over host over scheme",
      [C("p.a/.Scheme", [F(actions: [view], categories: [defaultCategory], schemes: ["https"])]), C("p.b/.Host", [F(actions: [view], categories: [defaultCategory], schemes: ["https"], hosts: [("example.com", nil)])]), C("p.c/.Port", [F(actions: [view], categories: [defaultCategory], schemes: ["https"], hosts: [("example.com", "443")])]), C("p.d/.Path", [F(actions: [view], categories: [defaultCategory], schemes: ["https"], hosts: [("example.com", nil)], paths: [(.literal, "/a")])])],
      AndroidIntent(action: view, type: nil, data: "https://example.com:443/a", categories: []),
      expected: [("p.d/.Path", 0, 5275648), ("p.c/.Port", 0, 4227072), ("p.b/.Host", 0, 3178496), ("p.a/.Scheme", 0, 2129920)]),
    ResolveCase(
      "a scheme-only filter is not found for an intent without data (registered under its scheme only)",
      [C("p.a/.Empty", [F(actions: [view], categories: [defaultCategory], schemes: [""])])],
      AndroidIntent(action: view, type: nil, data: nil, categories: []),
      expected: []),
    ResolveCase(
      "host, port and path decide a web link (matchData, AuthorityEntry.match)",
      [C("p.a/.Exact", [F(actions: [view], categories: [defaultCategory, browsable], schemes: ["https"], hosts: [("example.com", nil)], paths: [(.prefix, "/a")])]), C("p.b/.Wild", [F(actions: [view], categories: [defaultCategory, browsable], schemes: ["https"], hosts: [("*.example.com", nil)])]), C("p.c/.Port", [F(actions: [view], categories: [defaultCategory, browsable], schemes: ["https"], hosts: [("example.com", "8443")])]), C("p.d/.Other", [F(actions: [view], categories: [defaultCategory, browsable], schemes: ["https"], hosts: [("other.org", nil)])])],
      AndroidIntent(action: view, type: nil, data: "https://EXAMPLE.com/a/b", categories: [browsable]),
      expected: [("p.a/.Exact", 0, 5275648)]),
    ResolveCase(
      "a wildcard host needs a dot-prefixed suffix match",
      [C("p.b/.Wild", [F(actions: [view], categories: [defaultCategory], schemes: ["https"], hosts: [("*.example.com", nil)])])],
      AndroidIntent(action: view, type: nil, data: "https://www.example.com/", categories: []),
      expected: [("p.b/.Wild", 0, 3178496)]),
    ResolveCase(
      "a port must equal the URI's",
      [C("p.c/.Port", [F(actions: [view], categories: [defaultCategory], schemes: ["https"], hosts: [("example.com", "8443")])])],
      AndroidIntent(action: view, type: nil, data: "https://example.com:8443/", categories: []),
      expected: [("p.c/.Port", 0, 4227072)]),
    ResolveCase(
      "a pathPattern is a simple glob: .* skips to the first next character",
      [C("p.a/.Pdf", [F(actions: [view], categories: [defaultCategory], schemes: ["file"], hosts: [("*", nil)], paths: [(.simpleGlob, ".*\\.pdf")])])],
      AndroidIntent(action: view, type: nil, data: "file:///sdcard/a.b.pdf", categories: []),
      expected: []),
    ResolveCase(
      "a typed filter takes content: data of its type",
      [C("p.a/.Img", [F(actions: [view], categories: [defaultCategory], types: ["image/*"])])],
      AndroidIntent(action: view, type: "image/png", data: "content://media/1", categories: []),
      expected: [("p.a/.Img", 0, 6324224)]),
    ResolveCase(
      "a typed filter without schemes refuses http: data",
      [C("p.a/.Img", [F(actions: [view], categories: [defaultCategory], types: ["image/*"])])],
      AndroidIntent(action: view, type: "image/png", data: "http://x/1.png", categories: []),
      expected: []),
  ]

  @Test(arguments: cases)
  func resolvesLikeAndroid(_ row: ResolveCase) throws {
    let handlers = try row.components.map {
      var handler = HandlerManifest(id: $0.id, label: $0.id, intentFilters: try $0.filters.map { try $0.filter() })
      // The packages of a system image's privileged apps are named `system.…` here.
      handler.privileged = $0.id.hasPrefix("system.")
      return handler
    }
    let (matches, rejected) = Resolver.query(row.intent, handlers: handlers)
    #expect(matches.map(\.handler.id) == row.expected.map(\.id))
    #expect(matches.map(\.filterIndex) == row.expected.map(\.filter))
    #expect(matches.map(\.match) == row.expected.map(\.match))
    // Every component is answered once: found, or refused with one reason per filter.
    #expect(matches.count + rejected.count == handlers.count)
    for rejection in rejected {
      let filters = row.components.first { $0.id == rejection.id }?.filters.count ?? 0
      #expect(rejection.reasons.count == filters)
    }
  }

  /// A filter that would match but that the resolver never asks is refused with the reason why.
  @Test(arguments: [
    (AndroidIntent(action: view, type: "image"), "no-match-type", "the resolver collects no filters for type 'image' (it has no '/' after its first character)"),
    (AndroidIntent(action: nil, type: "*/*"), "no-match-action", "the resolver collects the filters for type '*/*' by action, and the intent has none"),
  ])
  func aFilterNeverAskedSaysWhy(_ intent: AndroidIntent, _ code: String, _ message: String) throws {
    let all = HandlerManifest(
      id: "p.a/.All", label: "All",
      intentFilters: [try IntentFilter(actions: [Self.view], categories: [Self.defaultCategory], mimeTypes: ["*/*"])])
    // IntentFilter.match alone would take it.
    #expect(all.intentFilters?.first?.match(intent) == .match(FilterMatch.categoryType + FilterMatch.adjustmentNormal))
    let (matches, rejected) = Resolver.query(intent, handlers: [all])
    #expect(matches.isEmpty)
    #expect(rejected.first?.reasons.map(\.code.rawValue) == [code])
    #expect(rejected.first?.reasons.map(\.message) == [message])
  }
}
