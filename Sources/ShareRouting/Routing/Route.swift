/// The result of routing one share: the items as receivers get them, who accepts them (best
/// first; the first is the pick), who refuses them and why, and every item error.
///
/// Written as JSON by ``json(pretty:)`` (the one writer: `docs/output.md#route-json`,
/// `docs/schemas/route.schema.json`) and read back by its `Decodable` conformance.
public struct Route: Sendable {
  /// The version of every JSON output of share-route (routes, queries, batch lines, sniff
  /// records, lint and check reports; their schemas are in `docs/schemas/`), written first as
  /// `schemaVersion`.
  public static let schemaVersion = 1

  /// A request id to echo, or `nil`.
  public var id: String?
  /// The source profile applied (its name), or `nil` when none was: then every handler is a
  /// candidate (`docs/routing.md#source-profiles`).
  public var source: String?
  /// The Android share intent built from the items, or `nil` when no item could be used.
  public var intent: AndroidIntent?
  /// The items that could be used, in share order.
  public var items: [ShareItem]
  /// The accepting handlers, best first.
  public var accepted: [HandlerSummary]
  /// The refusing handlers, in manifest order, each with every reason.
  public var rejected: [Rejection]
  /// Problems with items or manifests; routing went on without them.
  public var errors: [RouteProblem]
  /// Whether refusals were left out (``Router/Refusals/omitted``): `rejected` is then empty
  /// because nobody was asked, and JSON leaves the `rejected` member out.
  public var refusalsOmitted = false

  /// Who accepts on each platform, best first, when the handler set has rules for both and the
  /// route evaluated both (`nil` otherwise): on a device Android activities and iOS extensions
  /// never compete, so each platform has its own pick. ``accepted`` is then the handlers every
  /// platform they have rules for accepts.
  public var platforms: PlatformAnswers?

  /// The locale whose collation ordered the accepted handlers as a fresh phone's share sheet
  /// orders them (`docs/android.md#the-share-sheets-order`), as BCP 47 (`en`, `pt-BR`).
  public var sheetLocale = "en"

  /// The Direct Share targets whose shortcuts the share sheet would show for this share, in the
  /// order of their activities: targets of accepted Android activities whose data types fit
  /// the share (``DirectShareTarget``). The shortcuts themselves are published by the app at run
  /// time.
  package var directShare: [DirectShareMatch] = []
  /// The host's share the route is of (a host profile or a capture), or `nil` for a share of
  /// files, texts and URLs as share-route builds it.
  package var sender: SenderShare?

  /// The refusals when they were computed, `nil` when they were not asked for (`--accepted-only`,
  /// ``Router/Refusals/omitted``, or a decoded route without `rejected`): "not computed" is not
  /// "nobody refused".
  package var refusals: [Rejection]? { refusalsOmitted ? nil : rejected }

  /// The pick: the first accepted handler's id.
  public var pick: String? { accepted.first?.id }

  /// Creates a route.
  package init(
    id: String? = nil, intent: AndroidIntent?, items: [ShareItem], accepted: [HandlerSummary],
    rejected: [Rejection], errors: [RouteProblem]
  ) {
    self.id = id
    self.intent = intent
    self.items = items
    self.accepted = accepted
    self.rejected = rejected
    self.errors = errors
  }
}

/// A Direct Share target that fits a share, with the handler it belongs to.
package struct DirectShareMatch: Hashable, Sendable {
  /// The accepted activity's id and label.
  package var handler: String
  package var label: String
  package var target: DirectShareTarget
}

/// Each platform's accepted handlers (ids), best first, in the route's order (`order` first, then
/// labels as a fresh phone's share sheet orders them). A handler with rules for one platform only
/// is in that list only.
public struct PlatformAnswers: Hashable, Sendable {
  /// The handlers whose Android rules (and the share's source and limits) accept.
  public var android: [String]
  /// The handlers whose iOS rules (and the share's source and limits) accept.
  public var ios: [String]
  /// ``android``'s handlers as the text output lists them (label, and the items each receives on
  /// Android when it takes only the items that fit).
  package var androidHandlers: [HandlerSummary]
  /// ``ios``'s handlers, likewise.
  package var iosHandlers: [HandlerSummary]

  /// Creates the answers from each platform's handlers, best first.
  package init(android: [HandlerSummary], ios: [HandlerSummary]) {
    self.android = android.map(\.id)
    self.ios = ios.map(\.id)
    androidHandlers = android
    iosHandlers = ios
  }
}

/// A handler in a route.
public struct HandlerSummary: Hashable, Sendable {
  /// The handler id.
  public var id: String
  /// The handler label.
  public var label: String
  /// Why it was accepted when it is not because of the content: ``Acceptance/custom`` for a
  /// source's custom target, accepted whatever the share holds; otherwise `nil`.
  public var reason: Acceptance? = nil
  /// The values share-route made up (``HandlerManifest/guessed``).
  public var guessed: [GuessedValue] = []
  /// The positions in ``Route/items`` of the items the handler receives, in share order, when it
  /// takes only some of them (`select: any`); `nil` when it receives the whole share. In JSON
  /// always written out (`items`).
  public var items: [Int]? = nil
  /// Where the rule that accepted is written (the standing `<intent-filter>`, else the
  /// activation rule), when the router knew the places.
  package var place: RulePlace? = nil
}

/// Why a handler was accepted other than by its rules.
public enum Acceptance: String, Hashable, Sendable, Codable {
  /// A source profile's custom target: offered whatever the share holds.
  case custom
}

/// LINE's phases of refusal (`docs/routing.md#phases`), earliest first: a caller shows the earliest, clearest message.
public enum RefusalPhase: Int, Hashable, Sendable, Comparable, Codable {
  /// The content is unusable (missing, unreadable, not a regular file, nothing to share), or the
  /// source does not offer the target (its list is built before any content is looked at).
  case contentUnusable = 1
  /// The target does not take the content's types.
  case notEligible = 2
  /// The target takes the types but not that many items: an iOS max or min count, or a limit.
  case overLimit = 3

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A refusing handler and every reason.
public struct Rejection: Hashable, Sendable {
  /// The handler id.
  public var id: String
  /// The handler label.
  public var label: String
  /// Every reason, Android's first.
  public var reasons: [Reason]
  /// The values share-route made up (``HandlerManifest/guessed``).
  public var guessed: [GuessedValue] = []

  /// The earliest phase among the reasons.
  public var phase: RefusalPhase { reasons.map(\.phase).min() ?? .notEligible }
}

/// A problem with one input (an item that cannot be read, a manifest that does not load).
public struct RouteProblem: Hashable, Sendable {
  /// Why an input could not be used; in JSON, the raw string.
  public enum Code: String, Hashable, Sendable, CaseIterable, Codable {
    /// No file at the path.
    case missing
    /// A symbolic link whose target does not exist.
    case danglingSymlink = "dangling-symlink"
    /// A directory, FIFO, device or socket.
    case notRegularFile = "not-regular-file"
    /// The file cannot be opened or read.
    case unreadable
    /// libmagic failed on the file.
    case sniffFailed = "sniff-failed"
    /// libmagic could not be opened or its database loaded.
    case magicUnavailable = "magic-unavailable"
    /// The process had no file descriptor left to open the file (not the file's fault); `batch`
    /// stops there.
    case tooManyOpenFiles = "too-many-open-files"
    /// An empty text or URL, a URL that is not http(s), a malformed declared type.
    case invalidItem = "invalid-item"
    /// A manifest that does not load (its handlers are missing from the answer).
    case invalidManifest = "invalid-manifest"
  }

  /// Why.
  public var code: Code
  /// The full message, location first.
  public var message: String
  /// The item's position in the share (0-based), when the problem is an item's.
  public var item: Int?
  /// The path or manifest file concerned, when there is one.
  public var path: String?

  /// Phase 1 (content unusable) for an item's problem; `nil` for a manifest's.
  public var phase: RefusalPhase? { item == nil ? nil : .contentUnusable }

  /// Creates a problem.
  package init(code: Code, message: String, item: Int? = nil, path: String? = nil) {
    self.code = code
    self.message = message
    self.item = item
    self.path = path
  }
}
