import Testing

@testable import ShareRouting

/// The phone around the rules, each row from the AOSP code it follows: the priority a filter has
/// once installed, the targets the share sheet leaves out, and the order a fresh phone's sheet
/// lists them in.
@Suite struct ShareSheetTests {
  static let send = IntentFilter.actionSend

  /// `ComponentResolver.adjustPriority` (services/core/java/com/android/server/pm/resolution/
  /// ComponentResolver.java; PackageManagerService before Android 10): 0 and below stay; above 0
  /// is 0 for a package that is not privileged; a privileged one keeps it only on a filter
  /// without a protected action (`PROTECTED_ACTIONS`: SEND, SENDTO, SEND_MULTIPLE, VIEW).
  @Test(arguments: [
    (1000, false, ["android.intent.action.SEND"], 0),
    (1, false, ["android.intent.action.MAIN"], 0),
    (-5, false, ["android.intent.action.SEND"], -5),
    (-5, true, ["android.intent.action.MAIN"], -5),
    (0, true, ["android.intent.action.MAIN"], 0),
    (5, true, ["android.intent.action.SEND"], 0),
    (5, true, ["android.intent.action.SEND_MULTIPLE"], 0),
    (5, true, ["android.intent.action.SENDTO"], 0),
    (5, true, ["android.intent.action.VIEW"], 0),
    (5, true, ["android.intent.action.MAIN", "android.intent.action.VIEW"], 0),
    (5, true, ["android.intent.action.MAIN"], 5),
    (999, true, ["org.example.CUSTOM"], 999),
  ])
  func installedPriority(_ written: Int, _ privileged: Bool, _ actions: [String], _ installed: Int) throws {
    let filter = try IntentFilter(actions: actions, categories: [IntentFilter.defaultCategory], mimeTypes: ["*/*"], priority: written)
    #expect(filter.installedPriority(privileged: privileged) == installed)
  }

  static func handler(_ id: String, _ label: String, order: Int? = nil, priority: Int = 0, privileged: Bool = false) throws
    -> HandlerManifest
  {
    var handler = HandlerManifest(
      id: id, label: label, order: order,
      intentFilters: [try IntentFilter(actions: [send], categories: [IntentFilter.defaultCategory], mimeTypes: ["*/*"], priority: priority)])
    handler.privileged = privileged
    return handler
  }

  /// One share and the order a fresh phone's sheet shows: declared orders first (an in-app
  /// module), then `ResolverRankerServiceResolverComparator.compare` with no usage data
  /// (IntentResolver's model/ResolverRankerServiceResolverComparator.java): every predicted
  /// probability equal, so `Collator.getInstance(locale).compare(label.trim(), …)`; ties keep
  /// the resolver's order (RESOLVE_PRIORITY_SORTER: package name, then declaration order).
  struct OrderCase: Sendable, CustomTestStringConvertible {
    let name: String
    let locale: String?
    let handlers: [(id: String, label: String, order: Int?)]
    let expected: [String]
    var testDescription: String { name }
  }

  static let orders: [OrderCase] = [
    .init(
      name: "labels in English collation: case and accents are tertiary differences, spaces trimmed", locale: nil,
      handlers: [
        ("p.z", "Zeta", nil), ("p.b2", "B", nil), ("p.b1", "b", nil), ("p.e2", "Éclair", nil), ("p.e1", "eclair", nil),
        ("p.s", "  Apple ", nil), ("p.a", "apricot", nil),
      ],
      expected: ["p.s", "p.a", "p.b1", "p.b2", "p.e1", "p.e2", "p.z"]),
    .init(
      name: "declared orders first, ascending, then labels", locale: nil,
      handlers: [("p.x", "Alpha", nil), ("in.two", "Zulu", 2), ("in.one", "Yankee", 1), ("p.y", "Beta", nil)],
      expected: ["in.one", "in.two", "p.x", "p.y"]),
    .init(
      name: "the same label: the package name, by UTF-16 code units", locale: nil,
      handlers: [("org.b/.Share", "Share", nil), ("org.a/.Share", "Share", nil), ("org.a/.Other", "Share", nil)],
      expected: ["org.a/.Share", "org.a/.Other", "org.b/.Share"]),
    .init(
      name: "Swedish: ä after z", locale: "sv",
      handlers: [("p.a", "äpple", nil), ("p.z", "zebra", nil), ("p.b", "banan", nil)],
      expected: ["p.b", "p.z", "p.a"]),
    .init(
      name: "German: ä with a", locale: "de",
      handlers: [("p.a", "äpple", nil), ("p.z", "zebra", nil), ("p.b", "banan", nil)],
      expected: ["p.a", "p.b", "p.z"]),
    .init(
      name: "Danish: capitals first (the locale's own case-first rule)", locale: "da",
      handlers: [("p.l", "beta", nil), ("p.u", "Beta", nil), ("p.a", "alfa", nil)],
      expected: ["p.a", "p.u", "p.l"]),
    .init(
      name: "English: punctuation is not ignored (before letters)", locale: nil,
      handlers: [("p.a", "Alpha", nil), ("p.p", "(Beta)", nil)],
      expected: ["p.p", "p.a"]),
    .init(
      name: "Thai: punctuation ignored but at last (the locale's shifted alternate)", locale: "th",
      handlers: [("p.a", "Alpha", nil), ("p.p", "(Beta)", nil)],
      expected: ["p.a", "p.p"]),
    .init(
      name: "an Android resource locale (pt-rBR) is read as pt-BR", locale: "pt-rBR",
      handlers: [("p.c", "Câmera", nil), ("p.b", "banco", nil)],
      expected: ["p.b", "p.c"]),
  ]

  @Test(arguments: orders)
  func freshSheetOrder(_ row: OrderCase) throws {
    let handlers = try row.handlers.map { try Self.handler($0.id, $0.label, order: $0.order) }
    let router = Router(handlers: handlers, locale: row.locale)
    let route = try router.route(items: [try ShareItem.declared(mimeType: "image/png")])
    #expect(route.accepted.map(\.id) == row.expected)
    #expect(route.sheetLocale == LabelCollation(row.locale).identifier)
  }

  /// `ResolverListController.filterLowPriority` (IntentResolver, ResolverListController.java):
  /// the sheet keeps the targets whose priority equals the first's (the list is sorted by
  /// priority first), so a target below the others is left out; installed priorities only.
  @Test func lowerPrioritiesAreLeftOut() throws {
    let handlers = [
      try Self.handler("p.low", "Low", priority: -1), try Self.handler("p.zero", "Zero"),
      try Self.handler("p.high", "High", priority: 1000), try Self.handler("p.lower", "Lower", priority: -5),
    ]
    let route = try Router(handlers: handlers).route(items: [try ShareItem.declared(mimeType: "image/png")])
    // 1000 is 0 once installed: High and Zero are shown, by label.
    #expect(route.accepted.map(\.id) == ["p.high", "p.zero"])
    #expect(route.rejected.map(\.id) == ["p.low", "p.lower"])
    #expect(route.rejected.map { $0.reasons.map(\.code) } == [[.lowPriority], [.lowPriority]])
    #expect(route.rejected[0].reasons[0].message == "its installed priority -1 is below 0, the first target's, and the share sheet shows only targets of that priority")
    // Alone among the negative ones, the highest is shown.
    let negative = try Router(handlers: [handlers[0], handlers[3]]).route(items: [try ShareItem.declared(mimeType: "image/png")])
    #expect(negative.accepted.map(\.id) == ["p.low"])
    #expect(negative.rejected.map(\.id) == ["p.lower"])
    // A priority above 0 of a privileged package on SEND is 0 all the same.
    let privileged = try Router(handlers: [Self.handler("p.a", "A"), Self.handler("system.p", "Z", priority: 10, privileged: true)])
      .route(items: [try ShareItem.declared(mimeType: "image/png")])
    #expect(privileged.accepted.map(\.id) == ["p.a", "system.p"])
  }

  /// The filter that stands for a component is the first in the resolver's candidate order
  /// (`IntentResolver.queryIntent`: the exact type's filters, then the base wildcard's, then
  /// `*/*`'s; `ActivityIntentResolver.allowFilterResult` keeps a component's first result).
  @Test func theStandingFilterGivesThePriority() throws {
    let twoFilters = HandlerManifest(
      id: "p.two", label: "Two",
      intentFilters: [
        try IntentFilter(actions: [Self.send], categories: [IntentFilter.defaultCategory], mimeTypes: ["*/*"], priority: 0),
        try IntentFilter(actions: [Self.send], categories: [IntentFilter.defaultCategory], mimeTypes: ["image/png"], priority: -3),
      ])
    let other = try Self.handler("p.other", "Other")
    let route = try Router(handlers: [twoFilters, other]).route(items: [try ShareItem.declared(mimeType: "image/png")])
    // image/png's own filter (-3) is found before */* (0): the component is below the other one.
    #expect(route.accepted.map(\.id) == ["p.other"])
    #expect(route.rejected.map(\.id) == ["p.two"])
    // For a JPEG only */* matches: 0.
    let jpeg = try Router(handlers: [twoFilters, other]).route(items: [try ShareItem.declared(mimeType: "image/jpeg")])
    #expect(jpeg.accepted.map(\.id) == ["p.other", "p.two"])
  }

  /// `IntentFilter.hasDataType` of the share's `IntentFilter(action, type)` on a share target's
  /// type (`ShortcutPackage.getMatchingShareTargets`, IntentFilter.java `findMimeType`).
  @Test(arguments: [
    ("image/jpeg", "*/*", true), ("image/jpeg", "image/*", true), ("image/jpeg", "image/jpeg", true),
    ("image/*", "image/png", true), ("*/*", "text/plain", true), ("image/jpeg", "text/plain", false),
    ("image/*", "video/*", false), ("application/pdf", "image/*", false), ("text/plain", "text/*", true),
    ("video/mp4", "video/mpeg", false),
  ])
  func directShareTypes(_ share: String, _ target: String, _ fits: Bool) {
    let shareTarget = DirectShareTarget(targetClass: "p.Share", mimeTypes: [target], categories: ["c"], file: "", location: nil)
    #expect(shareTarget.fits(intentType: share) == fits)
  }

  /// A share target is listed for an accepted Android activity only, when its types fit.
  @Test func directShareNeedsTheActivity() throws {
    var share = try Self.handler("p/.Share", "Share")
    share.directShareTargets = [DirectShareTarget(targetClass: "p.Share", mimeTypes: ["image/*"], categories: ["c"], file: "f", location: nil)]
    var refusing = HandlerManifest(
      id: "q/.Share", label: "Q",
      intentFilters: [try IntentFilter(actions: [Self.send], categories: [IntentFilter.defaultCategory], mimeTypes: ["application/pdf"])])
    refusing.directShareTargets = [DirectShareTarget(targetClass: "q.Share", mimeTypes: ["*/*"], categories: ["c"], file: "f", location: nil)]
    let router = Router(handlers: [share, refusing])
    let image = try router.route(items: [try ShareItem.declared(mimeType: "image/png")])
    #expect(image.directShare.map(\.handler) == ["p/.Share"])
    let pdf = try router.route(items: [try ShareItem.declared(mimeType: "application/pdf")])
    #expect(pdf.directShare.map(\.handler) == ["q/.Share"])
    let ios = try router.route(items: [try ShareItem.declared(mimeType: "image/png")], platform: .ios)
    #expect(ios.directShare.isEmpty)
  }
}
