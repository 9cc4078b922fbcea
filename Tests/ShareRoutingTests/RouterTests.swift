import Foundation
import Testing

@testable import ShareRouting

/// The repository's default handler set.
func defaultManifests() -> ManifestSet {
  let root = String(#filePath).components(separatedBy: "/Tests/").dropLast().joined(separator: "/Tests/")
  return ManifestLoader.load(paths: [root + "/manifests"])
}

func declared(_ types: String...) throws -> [ShareItem] {
  try types.map { try ShareItem.declared(mimeType: $0) }
}

@Suite struct RouterTests {
  let manifests = defaultManifests()
  var router: Router { Router(manifests) }

  @Test func defaultManifestsLoadCleanly() {
    #expect(manifests.errors.map(\.description) == [])
    #expect(manifests.handlers.count == 18)
    #expect(manifests.sources["chat"]?.custom == ["copy-link"])
  }

  @Test func oneImageOrderFollowsOrderThenID() throws {
    let route = try router.route(items: declared("image/jpeg"))
    // The declared orders first (LINE's and Tensor's modules), then labels: Gallery, New
    // Expensify, One Image.
    #expect(
      route.accepted.map(\.id) == [
        "keep", "timeline", "album", "notes", "chat", "other-apps", "tensor.communicator", "tensor.preview",
        "com.example.gallery", "com.expensify.chat", "com.example.oneimage",
      ])
    #expect(route.pick == "keep")
    #expect(
      route.intent
        == AndroidIntent(
          action: IntentFilter.actionSend, type: "image/jpeg", categories: [IntentFilter.defaultCategory],
          extras: AndroidIntent.Extras(streams: [nil])))
    let pdf = try #require(route.rejected.first { $0.id == "com.example.pdf" })
    #expect(pdf.reasons.map { "\($0.area) \($0.code): \($0.message)" } == ["android no-match-type: image/jpeg does not match application/pdf"])
    // At the filter's <data> types, in the manifest that declares it.
    #expect(pdf.reasons.first?.rule == .filter(0, .types))
    #expect(pdf.reasons.first?.place?.file.hasSuffix("/manifests/everyday/pdf-viewer.yaml") == true)
    #expect(pdf.reasons.first?.place?.location == SourceLocation(line: 7, column: 19))
  }

  @Test func lineOrderKeepTimelineCopyLink() throws {
    let route = try router.route(items: [try ShareItem.url("https://example.com/a")])
    let ids = route.accepted.map(\.id)
    let keep = try #require(ids.firstIndex(of: "keep"))
    let timeline = try #require(ids.firstIndex(of: "timeline"))
    let copy = try #require(ids.firstIndex(of: "copy-link"))
    #expect(keep < timeline && timeline < copy)
  }

  @Test func expensifyRefusesSeveralFilesOnBothPlatforms() throws {
    let route = try router.route(items: declared("application/pdf", "application/pdf"))
    let expensify = try #require(route.rejected.first { $0.id == "com.expensify.chat" })
    #expect(expensify.reasons.map(\.code) == [.noMatchAction, .overMaxCount])
    #expect(expensify.reasons[0].message == "action SEND_MULTIPLE is not in [SEND]")
    #expect(expensify.reasons[1].message == "2 files, NSExtensionActivationSupportsFileWithMaxCount is 1")
    #expect(route.intent?.type == "application/pdf")
  }

  @Test func chatLimitIsCheckedAfterEligibility() throws {
    let images = try Array(repeating: ShareItem.declared(mimeType: "image/png"), count: 21)
    let route = try router.route(items: images)
    let chat = try #require(route.rejected.first { $0.id == "chat" })
    #expect(chat.reasons == [Reason(area: .limits, code: .overLimit, message: "21 images, Chat takes at most 20")])
    #expect(chat.phase == .overLimit)
    // Not on the source's list: phase 1 (LINE builds the list first); the limit is not looked at.
    let fromChat = try router.route(items: images, source: "chat")
    let notOffered = try #require(fromChat.rejected.first { $0.id == "chat" })
    #expect(notOffered.reasons.map(\.code) == [.notOffered])
    #expect(notOffered.phase == .contentUnusable)
    let twenty = try router.route(items: Array(images.prefix(20)))
    #expect(twenty.accepted.contains { $0.id == "chat" })
  }

  @Test func chatSourceWithTextAndImage() throws {
    let items = [try ShareItem.text("hi")] + (try declared("image/jpeg"))
    let route = try router.route(items: items, source: "chat")
    #expect(route.accepted.map(\.id) == ["keep", "timeline", "notes", "copy-link", "other-apps"])
    let album = try #require(route.rejected.first { $0.id == "album" })
    #expect(album.reasons.map(\.code) == [.unsupportedItem])
    #expect(album.phase == .notEligible)
    #expect(route.accepted.map(\.reason) == [nil, nil, nil, .custom, nil])
    let gallery = try #require(route.rejected.first { $0.id == "com.example.gallery" })
    #expect(gallery.reasons.first?.code == .notOffered)
  }

  @Test(arguments: [
    (Reason(area: .limits, code: .overLimit, message: ""), RefusalPhase.overLimit),
    (Reason(area: .share, code: .noItems, message: ""), .contentUnusable),
    (Reason(area: .source, code: .notOffered, message: ""), .contentUnusable),
    (Reason(area: .android, code: .noMatchType, message: ""), .notEligible),
    (Reason(area: .ios, code: .unsupportedItem, message: ""), .notEligible),
    // A count is phase 3 however it is written: an iOS max or min count, or a limit.
    (Reason(area: .ios, code: .overMaxCount, message: ""), .overLimit),
    (Reason(area: .ios, code: .underMinCount, message: ""), .overLimit),
    (Reason(area: .ios, code: .noAcceptedType, message: ""), .notEligible),
  ])
  func reasonPhases(_ reason: Reason, _ phase: RefusalPhase) {
    #expect(reason.phase == phase)
  }

  @Test func itemProblemsArePhaseOneAndManifestProblemsHaveNone() {
    #expect(RouteProblem(code: .missing, message: "", item: 0).phase == .contentUnusable)
    #expect(RouteProblem(code: .invalidManifest, message: "").phase == nil)
  }

  @Test func unknownSourceNamesKnownOnes() throws {
    #expect(throws: RoutingError.unknownSource("mail", known: ["album", "chat", "keep", "timeline"])) {
      try router.route(items: declared("image/jpeg"), source: "mail")
    }
    #expect(RoutingError.unknownSource("mail", known: ["chat"]).description == "unknown source 'mail' (known: chat)")
  }

  @Test func platformSelectsRuleSets() throws {
    let android = try router.route(items: declared("image/jpeg"), platform: .android)
    let oneImage = try #require(android.rejected.first { $0.id == "com.example.oneimage" })
    #expect(oneImage.reasons == [Reason(area: .android, code: .noRules, message: "One Image declares no Android intent filters")])
    let ios = try router.route(items: declared("image/jpeg"), platform: .ios)
    #expect(ios.rejected.contains { $0.id == "com.example.pdf" && $0.reasons.map(\.code) == [.noRules] })
    #expect(ios.accepted.contains { $0.id == "com.example.oneimage" })
  }

  @Test func textAndURLItemsAreTextShares() throws {
    let text = try ShareItem.text("see you at 8")
    #expect(text.share == ShareData(isTextShare: true, name: "see you at 8", source: "see you at 8", type: "text/plain"))
    let url = try ShareItem.url("https://example.com/a/b/")
    #expect(url.share == ShareData(isTextShare: true, name: "b", source: "https://example.com/a/b/", type: "text/plain"))
    #expect(url.uti == "public.url" && url.kind == .url)
    #expect(throws: ShareItemError.notWebURL("ftp://x")) { try ShareItem.url("ftp://x") }
    #expect(throws: ShareItemError.malformedType("image")) { try ShareItem.declared(mimeType: "image") }
    let route = try router.route(items: [text])
    #expect(route.accepted.contains { $0.id == "tensor.buffer" })
    #expect(!route.accepted.contains { $0.id == "com.example.gallery" })
  }

  @Test func declaredUTIs() {
    #expect(ShareItem.declared(uti: "public.jpeg").type == "image/jpeg")
    #expect(ShareItem.declared(uti: "public.image").type == "image/*")
    #expect(ShareItem.declared(uti: "public.movie").type == "video/*")
    #expect(ShareItem.declared(uti: "org.example.custom").type == "application/octet-stream")
    #expect(ShareItem.declared(uti: "org.example.custom").kind == .file)
  }

  @Test func mixedImageAndVideoUsesWildcard() throws {
    let route = try router.route(items: declared("image/jpeg", "video/mp4"))
    #expect(route.intent?.type == "*/*")
    #expect(route.intent?.action == IntentFilter.actionSendMultiple)
    #expect(route.accepted.contains { $0.id == "com.example.gallery" })
  }

  @Test func resolverOrdersLikePackageManager() throws {
    func handler(_ id: String, categories: [String], priority: Int = 0, schemes: [String] = []) throws -> HandlerManifest {
      HandlerManifest(
        id: id, label: id,
        intentFilters: [try IntentFilter(actions: [IntentFilter.actionSend], categories: categories, mimeTypes: ["image/*"], schemes: schemes, priority: priority)])
    }
    let handlers = [
      try handler("z.default", categories: [IntentFilter.defaultCategory]),
      try handler("a.nodefault", categories: []),
      try handler("m.priority", categories: [], priority: 3),
    ]
    let intent = AndroidIntent(action: IntentFilter.actionSend, type: "image/png")
    let (matches, rejected) = Resolver.query(intent, handlers: handlers)
    // m.priority's 3 is 0 once installed (ComponentResolver.adjustPriority): DEFAULT first, then
    // the package names.
    #expect(matches.map(\.handler.id) == ["z.default", "a.nodefault", "m.priority"])
    #expect(matches.map(\.priority) == [0, 0, 0])
    #expect(rejected.isEmpty)
    let withDefault = AndroidIntent(action: IntentFilter.actionSend, type: "image/png", categories: [IntentFilter.defaultCategory])
    let (strict, refused) = Resolver.query(withDefault, handlers: handlers)
    #expect(strict.map(\.handler.id) == ["z.default"])
    #expect(refused.map(\.id) == ["a.nodefault", "m.priority"])
    #expect(refused.allSatisfy { $0.reasons.map(\.code) == [.noMatchCategory] })
  }

  @Test func routeJSONHasTheDocumentedShape() throws {
    let root = String(#filePath).components(separatedBy: "/Tests/").dropLast().joined(separator: "/Tests/")
    let route = try router.route(items: [try ShareItem.text("a\"b\nc")], id: "r1")
    let json = route.json(pretty: false)
    #expect(json.hasPrefix(#"{"schemaVersion":1,"id":"r1","source":null,"intent":{"action":"android.intent.action.SEND","type":"text/plain","extras":{"android.intent.extra.TEXT":"a\"b\nc"},"clipData":{"mimeTypes":["text/plain"],"items":[{"text":"a\"b\nc","uri":null}],"flags":[]}},"items":[{"share":{"isTextShare":true,"name":"a\"b\nc","source":"a\"b\nc","type":"text/plain"},"kind":"text","uti":"public.plain-text","reportedType":null,"sniffedType":null,"typeSource":"text","corrected":false,"reason":null}],"pick":"keep","picks":{"android":"keep","ios":"keep"},"orders":{"android":["keep","timeline","notes","chat","copy-link","other-apps","tensor.communicator","tensor.disk","tensor.buffer","com.expensify.chat"],"ios":["keep","timeline","notes","chat","other-apps","tensor.communicator","tensor.disk","tensor.buffer","com.expensify.chat","com.example.oneimage"]},"ordering":{"rule":"fresh-sheet","locale":"en"},"accepted":[{"id":"keep","label":"Keep","guessed":[],"reason":null,"items":[0]}"#))
    #expect(json.contains(#"{"id":"album","label":"Album","guessed":[],"phase":2,"reasons":[{"platform":"android","code":"no-match-type","phase":2,"message":"text/plain does not match image/*","file":"\#(root)/manifests/line/album.yaml","line":11,"column":19}"#))
    #expect(json.hasSuffix(#""errors":[]}"#))
    #expect(!json.contains("\n"))
  }

  /// docs/output.md lists every refusal code between "Reason codes:" and "Item error codes:"; the
  /// typed codes are exactly those, and their JSON strings are the documented ones.
  @Test func reasonCodesAreTheDocumentedStrings() throws {
    let root = String(#filePath).components(separatedBy: "/Tests/").dropLast().joined(separator: "/Tests/")
    let page = try String(contentsOfFile: root + "/docs/output.md", encoding: .utf8)
    let start = try #require(page.range(of: "Reason codes:"))
    let end = try #require(page.range(of: "Item error codes:", range: start.upperBound..<page.endIndex))
    let documented = page[start.upperBound..<end.lowerBound]
      .split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
      .filter { $0.allSatisfy { $0 == "-" || ("a"..."z").contains($0) } }
    #expect(Set(documented) == Set(Reason.Code.allCases.map(\.rawValue)))
    #expect(documented.count == Reason.Code.allCases.count)
  }

  /// docs/output.md's "Item error codes:" are exactly the typed problem codes.
  @Test func problemCodesAreTheDocumentedStrings() throws {
    let root = String(#filePath).components(separatedBy: "/Tests/").dropLast().joined(separator: "/Tests/")
    let page = try String(contentsOfFile: root + "/docs/output.md", encoding: .utf8)
    let start = try #require(page.range(of: "Item error codes:"))
    let end = try #require(page.range(of: ". An accepted handler's", range: start.upperBound..<page.endIndex))
    let documented = page[start.upperBound..<end.lowerBound]
      .split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
      .filter { $0.allSatisfy { $0 == "-" || ("a"..."z").contains($0) } }
    #expect(documented == RouteProblem.Code.allCases.map(\.rawValue))
  }

  @Test("a reason is written with its area as platform, the JSON strings and its phase, and read back", arguments: [
    (Reason(area: .limits, code: .overLimit, message: "m"), #"{"platform":"limits","code":"over-limit","phase":3,"message":"m","file":null,"line":null,"column":null}"#),
    (Reason(area: .android, code: .noMatchCategory, message: ""), #"{"platform":"android","code":"no-match-category","phase":2,"message":"","file":null,"line":null,"column":null}"#),
    ({
      var reason = Reason(area: .ios, code: .predicateBudget, message: "x")
      reason.place = RulePlace(file: "a/Info.plist", location: SourceLocation(line: 12, column: 4))
      return reason
    }(), #"{"platform":"ios","code":"predicate-budget","phase":2,"message":"x","file":"a/Info.plist","line":12,"column":4}"#),
    ({
      var reason = Reason(area: .android, code: .noMatchType, message: "y")
      reason.place = RulePlace(file: "app.apk", location: nil)
      return reason
    }(), #"{"platform":"android","code":"no-match-type","phase":2,"message":"y","file":"app.apk","line":null,"column":null}"#),
  ])
  func reasonEncoding(reason: Reason, json: String) throws {
    let route = Route(
      intent: nil, items: [], accepted: [], rejected: [Rejection(id: "h", label: "H", reasons: [reason])], errors: [])
    #expect(route.json(pretty: false).contains(#""reasons":["# + json + "]"))
    #expect(try JSONDecoder().decode(Reason.self, from: Data(json.utf8)) == reason)
  }
}

/// Handlers that take the items that fit (`select: any`): Tensor's modules, each offered when
/// any item is of its types and handed those items only, in the configuration's order.
@Suite struct SelectionTests {
  static let root = String(#filePath).components(separatedBy: "/Tests/").dropLast().joined(separator: "/Tests/")
  let tensor = Router(ManifestLoader.load(paths: [Self.root + "/manifests/tensor"]))

  static func item(_ type: String) throws -> ShareItem {
    type == "text" ? try ShareItem.text("hello") : try ShareItem.declared(mimeType: type)
  }

  /// (items, platform, accepted ids in order with the positions each receives; nil: all)
  @Test(arguments: [
    (["image/jpeg", "application/pdf"], Platform.ios,
     [("tensor.communicator", nil), ("tensor.disk", [1]), ("tensor.preview", [0])] as [(String, [Int]?)]),
    (["image/jpeg", "application/pdf"], .android, [("tensor.communicator", nil), ("tensor.disk", [1]), ("tensor.preview", [0])]),
    (["image/jpeg", "application/pdf"], .all, [("tensor.communicator", nil), ("tensor.disk", [1]), ("tensor.preview", [0])]),
    // Two images: Preview takes one image at a time, so the two together are refused.
    (["image/jpeg", "image/png"], .all, [("tensor.communicator", nil)]),
    (["image/jpeg", "text"], .all, [("tensor.communicator", nil), ("tensor.disk", [1]), ("tensor.preview", [0]), ("tensor.buffer", [1])]),
    // One item: the platforms' rules alone, as for any handler.
    (["application/pdf"], .all, [("tensor.communicator", nil), ("tensor.disk", nil)]),
    (["audio/mpeg", "video/mp4"], .all, []),
  ])
  func eachModuleReceivesTheItemsThatFit(_ types: [String], _ platform: Platform, _ expected: [(String, [Int]?)]) throws {
    let route = try tensor.route(items: types.map(Self.item), platform: platform)
    #expect(route.accepted.map(\.id) == expected.map(\.0))
    #expect(route.accepted.map(\.items) == expected.map(\.1))
    // The JSON names the positions of every accepted handler, all of them when nil.
    let json = try #require(try JSONSerialization.jsonObject(with: Data(route.json(pretty: false).utf8)) as? [String: Any])
    let written = (json["accepted"] as? [[String: Any]] ?? []).map { ($0["id"] as? String ?? "", $0["items"] as? [Int] ?? []) }
    #expect(written.map(\.0) == expected.map(\.0))
    #expect(written.map(\.1) == expected.map { $0.1 ?? Array(types.indices) })
    // Per platform, the handler receives what routing for that platform alone gives it.
    let both = try tensor.route(items: types.map(Self.item))
    for platform in [Platform.android, .ios] {
      let alone = try tensor.route(items: types.map(Self.item), platform: platform)
      #expect(both.platforms.map { platform == .android ? $0.android : $0.ios } == alone.accepted.map(\.id))
    }
  }

  /// No item fits: refused with every item's reasons, once each.
  @Test func noItemFittingRefusesWithEachItemsReasons() throws {
    let route = try tensor.route(items: [try Self.item("audio/mpeg"), try Self.item("video/mp4")], platform: .android)
    let preview = try #require(route.rejected.first { $0.id == "tensor.preview" })
    #expect(preview.reasons.map(\.message) == ["audio/mpeg does not match image/*", "video/mp4 does not match image/*"])
  }

  /// --accepted-only finds a handler that takes some items though the whole share does not fit it.
  @Test func acceptedOnlyFindsTheSameHandlers() throws {
    let items = [try Self.item("image/jpeg"), try Self.item("application/pdf"), try Self.item("text")]
    let all = try tensor.route(items: items)
    let omitted = try tensor.route(items: items, refusals: .omitted)
    #expect(omitted.accepted == all.accepted)
  }
}

/// LINE's source profiles: each source's wish list, the custom targets, and exclusions.
@Suite struct SourceProfileTests {
  let router = Router(defaultManifests())

  @Test(arguments: [
    ("chat", ["keep", "timeline", "album", "notes", "copy-link", "other-apps"]),
    ("keep", ["timeline", "chat"]),
    ("timeline", ["chat"]),
    ("album", ["keep", "timeline", "other-apps"]),
  ])
  func eachSourceOffersItsWishList(_ source: String, _ accepted: [String]) throws {
    let route = try router.route(items: declared("image/jpeg"), source: source)
    #expect(route.accepted.map(\.id) == accepted)
    #expect(route.source == source)
    #expect(route.rejected.filter { $0.reasons.contains { $0.code == .notOffered } }.allSatisfy { $0.phase == .contentUnusable })
  }

  @Test func withoutASourceEveryHandlerIsACandidate() throws {
    let route = try router.route(items: declared("image/jpeg"))
    #expect(route.source == nil)
    #expect(route.accepted.contains { $0.id == "album" } && route.accepted.contains { $0.id == "com.example.gallery" })
    #expect(route.json(pretty: false).contains(#""source":null"#))
  }

  @Test func anExcludedTargetIsNotOfferedEvenAsCustom() throws {
    let set = ManifestLoader.load(texts: [
      ("a.yaml", "id: a\nlabel: A\nandroid:\n  intentFilters:\n    - actions: [SEND]\n      mimeTypes: [\"*/*\"]\n"),
      ("b.yaml", "id: b\nlabel: B\nandroid:\n  intentFilters:\n    - actions: [SEND]\n      mimeTypes: [\"*/*\"]\n"),
      ("s.yaml", "source: mail\noffers: [a, b]\ncustom: [b]\nexcludes: [b, not-installed]\n"),
    ])
    #expect(set.errors.isEmpty, "\(set.errors)")
    let route = try Router(set).route(items: declared("image/png"), source: "mail")
    #expect(route.accepted.map(\.id) == ["a"])
    let b = try #require(route.rejected.first { $0.id == "b" })
    #expect(b.reasons.map(\.message) == ["source 'mail' excludes B"])
    #expect(b.phase == .contentUnusable)
  }
}

/// On a device Android activities and iOS extensions never compete: each platform has its own
/// accepted list and pick, taken from the same evaluation.
@Suite struct PlatformAnswersTests {
  let router = Router(defaultManifests())

  /// (items, on Android, on iOS): a text reaches Copy link on Android (SEND text/plain) but not
  /// on iOS (it takes one web URL); two files are SEND_MULTIPLE */*, which every Android filter
  /// with a type takes, while iOS rules judge each file.
  @Test(arguments: [
    (["text"], ["keep", "timeline", "notes", "chat", "copy-link", "other-apps", "tensor.communicator", "tensor.disk", "tensor.buffer", "com.expensify.chat"],
     ["keep", "timeline", "notes", "chat", "other-apps", "tensor.communicator", "tensor.disk", "tensor.buffer", "com.expensify.chat", "com.example.oneimage"]),
    (["image/jpeg", "application/pdf"],
     ["keep", "timeline", "album", "notes", "chat", "other-apps", "tensor.communicator", "tensor.disk", "tensor.preview", "com.example.gallery", "com.example.music"],
     ["keep", "chat", "other-apps", "tensor.communicator", "tensor.disk", "tensor.preview"]),
  ])
  func eachPlatformHasItsOwnOrder(_ types: [String], _ android: [String], _ ios: [String]) throws {
    let items = try types.map { $0 == "text" ? try ShareItem.text("hi") : try ShareItem.declared(mimeType: $0) }
    let route = try router.route(items: items)
    #expect(route.platforms?.android == android)
    #expect(route.platforms?.ios == ios)
    // Each platform's list is what routing for that platform alone accepts, in the same order,
    // each handler with the same label and the same items received.
    #expect(try router.route(items: items, platform: .android).accepted == route.platforms?.androidHandlers)
    #expect(try router.route(items: items, platform: .ios).accepted == route.platforms?.iosHandlers)
  }

  /// With refusals left out, each platform's answer is still the full route's: the handlers that
  /// may accept on either platform are evaluated.
  @Test(arguments: [
    (["image/jpeg"], nil), (["text"], nil), (["text", "url"], nil), (["image/jpeg", "application/pdf"], nil),
    (["audio/mpeg"], nil), (["video/mp4", "video/mp4"], nil), (["image/jpeg", "text"], "chat"), (["application/zip"], "album"),
  ] as [([String], String?)])
  func refusalsLeftOutKeepEachPlatformsAnswer(_ types: [String], _ source: String?) throws {
    let items = try types.map {
      switch $0 {
      case "text": try ShareItem.text("hi")
      case "url": try ShareItem.url("https://example.com/a")
      default: try ShareItem.declared(mimeType: $0)
      }
    }
    let full = try router.route(items: items, source: source)
    let omitted = try router.route(items: items, source: source, refusals: .omitted)
    #expect(full.platforms != nil)
    #expect(omitted.platforms == full.platforms)
    #expect(omitted.accepted == full.accepted)
    #expect(omitted.rejected.isEmpty)
  }

  @Test func onePlatformGivesNoPerPlatformAnswer() throws {
    let items = try declared("image/jpeg")
    #expect(try router.route(items: items, platform: .android).platforms == nil)
    let androidOnly = Router(ManifestLoader.load(texts: [
      ("a.yaml", "id: a\nlabel: A\nandroid:\n  intentFilters:\n    - actions: [SEND]\n      mimeTypes: [\"*/*\"]\n")
    ]))
    #expect(try androidOnly.route(items: items).platforms == nil)
  }
}

/// Each reason names the place of the rule that decided it, in the file people edit: the refusing
/// `<intent-filter>` (its actions) or its `<data>` (types), the activation rule's key that
/// counted, or the rule; an accepted handler, the rule that accepted. Real project files of each
/// format, with the line and column read off the file.
@Suite struct ReasonPlaceTests {
  static let root = String(#filePath).components(separatedBy: "/Tests/").dropLast().joined(separator: "/Tests/") + "/"

  @Test(arguments: [
    // An Android Studio module: the second filter's <data android:mimeType>.
    ("samples/projects/browser/app/src/main/AndroidManifest.xml", ["image/jpeg"], "org.example.browser/.IntentReceiverActivity",
     ["no-match-type 28:23"]),
    // An Info.plist: the activation rule's dictionary, when no one key refused.
    ("samples/projects/clipper/ClipperShare/Info.plist", ["image/jpeg"], "app.example.clipper.share", ["unsupported-item 18:4"]),
    // A share-route manifest: the filter (its actions), and the key that counted.
    ("manifests/expensify.yaml", ["application/pdf", "image/jpeg"], "com.expensify.chat",
     ["no-match-action 11:7", "over-max-count 18:5"]),
    // A .NET project: the [IntentFilter] attribute.
    ("samples/projects/pinboard-maui", ["image/jpeg"], "com.example.pinboard/crc64382f0677c0450b48.MainActivity",
     ["no-match-type 11:2"]),
  ])
  func refusalsPointAtTheRuleThatDecided(_ path: String, _ types: [String], _ id: String, _ expected: [String]) throws {
    let set = ManifestLoader.load(paths: [Self.root + path])
    let route = try Router(set).route(items: types.map { try ShareItem.declared(mimeType: $0) })
    let rejection = try #require(route.rejected.first { $0.id == id }, "\(route.accepted.map(\.id))")
    #expect(rejection.reasons.map { "\($0.code) \($0.place?.location.map(\.description) ?? "-")" } == expected)
    #expect(rejection.reasons.allSatisfy { $0.place?.file.hasPrefix(Self.root + path) == true })
  }

  @Test func anAcceptedHandlerPointsAtTheFilterThatAccepted() throws {
    let set = ManifestLoader.load(paths: [Self.root + "manifests/everyday/gallery.yaml"])
    let route = try Router(set).route(items: [try ShareItem.declared(mimeType: "image/png")], platform: .android)
    #expect(route.accepted.first?.place == RulePlace(file: Self.root + "manifests/everyday/gallery.yaml", location: SourceLocation(line: 6, column: 7)))
    // A router made of handlers alone knows no places.
    let bare = try Router(handlers: set.handlers).route(items: [try ShareItem.declared(mimeType: "text/x-nothing")])
    #expect(bare.rejected.allSatisfy { $0.reasons.allSatisfy { $0.place == nil } })
  }
}
