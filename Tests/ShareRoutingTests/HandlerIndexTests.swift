import Testing

@testable import ShareRouting

/// The index only narrows: a route that evaluates only the handlers it names (`--accepted-only`)
/// accepts exactly the handlers, in exactly the order, that the full evaluation accepts — on the
/// shipped sets and on generated sets that exercise every bucket (full types, base and total
/// wildcards, odd types, schemes, missing types and actions, disabled components, every
/// dictionary key and matching mode, predicates, limits and sources).
@Suite struct HandlerIndexTests {
  /// SplitMix64: the same sets and shares on every run.
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int {
      range.lowerBound + Int(next() % UInt64(range.count))
    }
    mutating func pick<T>(_ values: [T]) -> T { values[int(0...values.count - 1)] }
    mutating func some<T>(_ values: [T], _ count: ClosedRange<Int>) -> [T] {
      (0..<int(count)).map { _ in pick(values) }
    }
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
  }

  static let filterTypes = [
    "image/*", "image/jpeg", "image/png", "video/*", "video/mp4", "audio/*", "application/pdf", "text/plain",
    "text/*", "*/*", "application/zip", "Image/JPEG", "*/jpeg", "application/vnd.ms-excel", "text/x-vcard",
  ]
  static let actions = [IntentFilter.actionSend, IntentFilter.actionSendMultiple, "android.intent.action.VIEW"]
  static let shareTypes = [
    "image/jpeg", "image/png", "image/gif", "video/mp4", "audio/mpeg", "application/pdf", "text/plain",
    "text/csv", "application/zip", "application/octet-stream", "text/vcard",
  ]
  static let utis = [
    "public.jpeg", "public.png", "com.compuserve.gif", "public.mpeg-4", "public.mp3", "com.adobe.pdf",
    "public.plain-text", "public.comma-separated-values-text", "public.zip-archive", "public.data", "public.url",
    "public.vcard", "com.example.custom", "public.file-url",
  ]
  static let predicates = [
    #"SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count >= 1).@count >= 1"#,
    #"SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.url").@count == 1).@count == 1"#,
    "TRUEPREDICATE", "FALSEPREDICATE",
  ]

  static func handlers(_ count: Int, seed: UInt64) throws -> [HandlerManifest] {
    var random = Generator(state: seed)
    var result: [HandlerManifest] = []
    for position in 0..<count {
      var filters: [IntentFilter]?
      if random.chance(75) {
        filters = try (0..<random.int(0...2)).map { _ in
          try IntentFilter(
            actions: random.some(actions, 0...2),
            categories: random.chance(80) ? [IntentFilter.defaultCategory] : [],
            mimeTypes: random.chance(90) ? random.some(filterTypes, 1...3) : [],
            schemes: random.chance(8) ? [random.pick(["content", "file", "https"])] : [],
            priority: random.chance(10) ? random.int(-5...5) : 0)
        }
      }
      var rule: ActivationRule?
      if random.chance(50) {
        if random.chance(25) {
          rule = .predicate(try ActivationPredicate.parse(random.pick(predicates)))
        } else {
          var values: [ActivationDictionary.Key: ActivationDictionary.Value] = [:]
          for key in ActivationDictionary.Key.allCases where random.chance(30) {
            values[key] = random.chance(80) ? .integer(random.int(0...3)) : .boolean(random.chance(50))
          }
          rule = .dictionary(ActivationDictionary(values))
        }
      }
      var limits: [ItemKind: Int] = [:]
      if random.chance(15) { limits[random.pick(ItemKind.allCases)] = random.int(0...2) }
      result.append(
        HandlerManifest(
          id: "h\(position)", label: "H\(position)", order: random.chance(30) ? random.int(1...5) : nil,
          intentFilters: filters, activationRule: rule, limits: limits, enabled: random.chance(90)))
    }
    return result
  }

  static func shares(_ count: Int, seed: UInt64) throws -> [[ShareItem]] {
    var random = Generator(state: seed)
    return try (0..<count).map { _ in
      try (0..<random.int(1...4)).map { _ -> ShareItem in
        switch random.int(0...3) {
        case 0: return try ShareItem.declared(mimeType: random.pick(shareTypes))
        case 1: return ShareItem.declared(uti: random.pick(utis))
        case 2: return try ShareItem.text("hello")
        default: return try ShareItem.url("https://example.org/a")
        }
      }
    }
  }

  static func sameAccepted(_ router: Router, _ items: [ShareItem], platform: Platform, source: String?) throws {
    let full = try router.route(items: items, platform: platform, source: source)
    let indexed = try router.route(items: items, platform: platform, source: source, refusals: .omitted)
    #expect(indexed.accepted == full.accepted, "\(items.map(\.type)) on \(platform)")
    #expect(indexed.platforms == full.platforms, "\(items.map(\.type)) on \(platform): each platform's answer")
    #expect(indexed.intent == full.intent)
    #expect(indexed.rejected.isEmpty && indexed.refusalsOmitted)
  }

  @Test("generated handler sets: the index changes nothing that is accepted", arguments: TestDepth.sample([1, 2, 3, 4, 5, 6] as [UInt64], 2))
  func generated(seed: UInt64) throws {
    let handlers = try Self.handlers(300, seed: seed)
    let profile = SourceProfile(name: "s", offers: handlers.prefix(150).map(\.id), custom: ["h7", "h250"])
    for assumeEnabled in [false, true] {
      let router = Router(handlers: handlers, sources: ["s": profile], assumeEnabled: assumeEnabled)
      for items in try Self.shares(60, seed: seed &* 31) {
        for platform in Platform.allCases {
          try Self.sameAccepted(router, items, platform: platform, source: nil)
        }
        try Self.sameAccepted(router, items, platform: .all, source: "s")
      }
    }
  }

  @Test func theShippedSetsToo() throws {
    let root = String(#filePath).components(separatedBy: "/Tests/").dropLast().joined(separator: "/Tests/")
    for path in ["/manifests", "/samples/platform", "/samples/projects"] {
      let router = Router(ManifestLoader.load(paths: [root + path]))
      for items in try Self.shares(TestDepth.full ? 200 : 80, seed: 99) {
        for platform in Platform.allCases {
          try Self.sameAccepted(router, items, platform: platform, source: nil)
        }
      }
    }
  }

  /// A batch worker's memo of Android decisions by intent changes no route: every share of the
  /// generated sets, on every platform, with and without a source and refusals, routed through
  /// one memo that keeps growing gives the bytes the router gives without it — also when the same
  /// shares come again (answered from the memo) and when more intents than the memo keeps pass.
  @Test("a worker's memo changes no route", arguments: TestDepth.sample([1, 2, 3] as [UInt64], 2))
  func memo(seed: UInt64) throws {
    let handlers = try Self.handlers(120, seed: seed)
    let profile = SourceProfile(name: "s", offers: handlers.prefix(60).map(\.id), custom: ["h7", "h100"])
    let router = Router(handlers: handlers, sources: ["s": profile])
    let memo = Router.DecisionMemo()
    func same(_ items: [ShareItem], _ platform: Platform, _ source: String?, _ refusals: Router.Refusals) throws {
      let plain = try router.route(items: items, platform: platform, source: source, refusals: refusals)
      let memoised = try router.route(items: items, platform: platform, source: source, refusals: refusals, memo: memo)
      #expect(memoised.json(pretty: false) == plain.json(pretty: false), "\(items.map(\.type)) on \(platform)")
    }
    let shares = try Self.shares(40, seed: seed &* 17)
    for _ in 0..<2 {
      for items in shares {
        for platform in Platform.allCases {
          for source in [nil, "s"] {
            for refusals in [Router.Refusals.all, .omitted] { try same(items, platform, source, refusals) }
          }
        }
      }
    }
    // More intents than the memo keeps, twice.
    let many = try (0..<(Router.DecisionMemo.limit + 20)).map { [try ShareItem.declared(mimeType: "application/x-t\($0)")] }
    for _ in 0..<2 {
      for items in many + shares { try same(items, .android, nil, .all) }
    }
  }

  /// iOS decisions are kept by the attachments' types and their messages given each share's own
  /// names: the same shares under new names each time (names with digits, with the placeholder
  /// mark U+FFFF, with a whole placeholder written out) route through one memo exactly as without.
  @Test("a worker's memo keeps every item's own name", arguments: [4, 5])
  func memoNames(seed: UInt64) throws {
    let handlers = try Self.handlers(120, seed: seed)
    let router = Router(handlers: handlers)
    let memo = Router.DecisionMemo()
    let shares = try Self.shares(40, seed: seed &* 31)
    let names = ["photo 1.jpg", "report.pdf", "a\u{FFFF}0\u{FFFF}b", "\u{FFFF}", "12", "", "é.txt", "\u{FFFF}7\u{FFFF}"]
    for round in 0..<4 {
      for (number, share) in shares.enumerated() {
        var items = share
        for index in items.indices where items[index].kind != .text && items[index].kind != .url {
          items[index].share.name = names[(round + number + index) % names.count]
        }
        for platform in [Platform.all, .ios] {
          let plain = try router.route(items: items, platform: platform)
          let memoised = try router.route(items: items, platform: platform, memo: memo)
          #expect(memoised.json(pretty: false) == plain.json(pretty: false), "\(items.map(\.share.name)) on \(platform)")
        }
      }
    }
    #expect(memo.iosCount > 0)
  }

  /// A kept message gets the names back; what only looks like a placeholder stays as written.
  @Test(arguments: [
    ("\u{FFFF}0\u{FFFF} is refused", ["photo.jpg"], "photo.jpg is refused"),
    ("$a 1 (\u{FFFF}1\u{FFFF}) and \u{FFFF}0\u{FFFF}", ["x", "y"], "$a 1 (y) and x"),
    ("no placeholder", ["x"], "no placeholder"),
    ("\u{FFFF}5\u{FFFF}", ["x"], "\u{FFFF}5\u{FFFF}"),
    ("\u{FFFF}x\u{FFFF}0\u{FFFF}", ["n"], "\u{FFFF}xn"),
    ("tail \u{FFFF}", ["x"], "tail \u{FFFF}"),
    ("\u{FFFF}0\u{FFFF}", ["\u{FFFF}1\u{FFFF}", "no"], "\u{FFFF}1\u{FFFF}"),
  ])
  func placeholdersAreFilled(message: String, labels: [String], expected: String) {
    #expect(Router.DecisionMemo.filled(message, labels: labels) == expected)
  }

  /// With many handlers the memo keeps fewer intents (its decision budget), and the routes stay
  /// the same as it starts again.
  @Test func memoWithManyHandlers() throws {
    let handlers = try Self.handlers(1_500, seed: 9)
    let router = Router(handlers: handlers)
    let memo = Router.DecisionMemo()
    let kept = Router.DecisionMemo.slotBudget / handlers.count
    #expect(kept < Router.DecisionMemo.limit)
    let shares = try (0..<(kept + 5)).map { [try ShareItem.declared(mimeType: "application/x-t\($0)")] }
    for _ in 0..<2 {
      for items in shares {
        let plain = try router.route(items: items, platform: .android)
        let memoised = try router.route(items: items, platform: .android, memo: memo)
        #expect(memoised.json(pretty: false) == plain.json(pretty: false), "\(items.map(\.type))")
      }
    }
    #expect(memo.count <= kept)
  }

  /// The index does narrow: a share of one JPEG on a set where most handlers take other types
  /// evaluates only the few that can take it.
  @Test func itNarrows() throws {
    var handlers = try (0..<1000).map {
      HandlerManifest(
        id: "pdf\($0)", label: "PDF",
        intentFilters: [try IntentFilter(actions: [IntentFilter.actionSend], categories: [], mimeTypes: ["application/pdf"])])
    }
    handlers.append(
      HandlerManifest(
        id: "gallery", label: "Gallery",
        intentFilters: [try IntentFilter(actions: [IntentFilter.actionSend], categories: [IntentFilter.defaultCategory], mimeTypes: ["image/*"])]))
    let index = HandlerIndex(handlers)
    let intent = AndroidIntent.share(streamTypes: ["image/jpeg"], text: nil)
    #expect(index.candidates(intent: intent, attachments: [], platform: .android) == [1000])
    #expect(try Router(handlers: handlers).route(items: [try ShareItem.declared(mimeType: "image/jpeg")], refusals: .omitted).pick == "gallery")
  }
}
