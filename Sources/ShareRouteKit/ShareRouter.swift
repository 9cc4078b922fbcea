import Foundation
import ShareRouting
import ShareSniffing

/// share-route in a few lines: the handler set (the built-in default set, yours, or both merged
/// with the duplicate-id check), sniffing and routing.
///
/// ```swift
/// import ShareRouteKit
///
/// let router = ShareRouter()  // the built-in default handler set
/// let route = try router.route(files: [URL(fileURLWithPath: "photo.jpg")])
/// print(route.pick ?? "nobody", route.accepted.map(\.id))
/// ```
///
/// A router is `Sendable`: share one across tasks. Files are sniffed with sniffers borrowed
/// from its `SnifferPool`, one per call at a time.
public struct ShareRouter: Sendable {
  /// The handler set routes are decided against.
  public let manifests: ManifestSet
  /// The pure router over ``manifests`` (no libmagic): what decides each route.
  public let core: Router
  /// The pool files are sniffed with (one libmagic cookie per borrower at a time).
  public let pool: SnifferPool

  /// share-route's built-in default handler set (the repository's `manifests/`, compiled in).
  public static let builtinManifests: ManifestSet = ManifestLoader.load(
    texts: BuiltinManifests.files.map { ("built-in:" + $0.path, $0.text) }, json: true)

  /// Creates a router.
  ///
  /// - Parameters:
  ///   - manifests: The handler set; by default the built-in one. Handlers of a set with errors
  ///     still route (check `ManifestSet.errors`).
  ///   - assumeEnabled: Route Android components declared `android:enabled="false"` as enabled.
  ///   - locale: The locale whose collation orders labels as a phone's share sheet does
  ///     (`de`, `pt-BR`); English by default.
  ///   - pool: The pool files are sniffed with.
  public init(
    manifests: ManifestSet = ShareRouter.builtinManifests, assumeEnabled: Bool = false, locale: String? = nil,
    pool: SnifferPool = SnifferPool()
  ) {
    self.manifests = manifests
    core = Router(manifests, assumeEnabled: assumeEnabled, locale: locale)
    self.pool = pool
  }

  /// Loads a handler set (``loadManifests(_:includingBuiltin:options:)``) and makes a router for it.
  public init(
    loading paths: [String], includingBuiltin: Bool = false, options: ImportOptions = ImportOptions(),
    assumeEnabled: Bool = false, pool: SnifferPool = SnifferPool()
  ) {
    self.init(
      manifests: Self.loadManifests(paths, includingBuiltin: includingBuiltin, options: options),
      assumeEnabled: assumeEnabled, locale: options.locale, pool: pool)
  }

  /// Loads manifests of every kind (YAML, JSON, `AndroidManifest.xml`, `Info.plist`, project
  /// trees), after the built-in set when asked, as one set: an explicit id or a source name
  /// given twice is an error naming both files, never a silent override.
  ///
  /// - Parameters:
  ///   - paths: Files and directories.
  ///   - includingBuiltin: Whether the built-in default set comes first.
  ///   - options: How platform files are imported (Xcode configuration, symbolic links).
  /// - Returns: The set, with every error found.
  public static func loadManifests(
    _ paths: [String], includingBuiltin: Bool = false, options: ImportOptions = ImportOptions()
  ) -> ManifestSet {
    let loaded = ManifestLoader.load(paths: paths, options: options)
    return includingBuiltin ? builtinManifests.merging(loaded) : loaded
  }

  /// Routes a share of files (each sniffed), texts and URLs; an item that cannot be used is a
  /// phase-1 problem in the route's `errors`, and the other items still route.
  ///
  /// - Parameters:
  ///   - files: `file:` URLs of the files to share.
  ///   - reportedType: What the sender claimed for the files, or `nil`.
  ///   - trust: The reported-type policy.
  ///   - texts: Texts to share.
  ///   - urls: http(s) URLs to share.
  ///   - platform: Which rules to evaluate.
  ///   - source: The source profile the share comes from, or `nil`.
  ///   - refusals: Whether refusals are explained (`Router.Refusals.all`) or left out.
  /// - Returns: The route: the items, the accepted handlers (the pick first), the refusals.
  /// - Throws: `SniffError.unreadable(_:)` for a file URL that is not a `file:` URL, a
  ///   `RoutingError` for a share that cannot be routed as asked,
  ///   `SniffError.magicUnavailable(_:)` when libmagic cannot load.
  public func route(
    files: [URL] = [], reportedType: String? = nil, trust: TrustPolicy = .content, texts: [String] = [],
    urls: [String] = [], platform: Platform = .all, source: String? = nil, refusals: Router.Refusals = .all
  ) throws -> Route {
    var paths: [String] = []
    for file in files { paths.append(String(decoding: try FilePaths.pathBytes(of: file), as: UTF8.self)) }
    let input = ShareInput(
      paths: paths, reportedTypes: reportedType.map { [$0] } ?? [], trust: trust, texts: texts, urls: urls)
    return try route(input, platform: platform, source: source, refusals: refusals)
  }

  /// Routes a share given as a ``ShareInput`` (paths, texts, URLs, declared types and UTIs).
  ///
  /// An item that cannot be used (a file that cannot be read, an empty text, a URL that is not
  /// http(s), a malformed declared type) is a phase-1 problem in the route's `errors`, and the
  /// other items still route.
  ///
  /// - Parameters:
  ///   - input: The share.
  ///   - platform: Which rules to evaluate.
  ///   - source: The source profile the share comes from, or `nil`.
  ///   - id: A request id the route echoes, or `nil`.
  ///   - refusals: Whether refusals are explained.
  /// - Throws: A `RoutingError` for a share that cannot be routed as asked,
  ///   `SniffError.magicUnavailable(_:)` when libmagic cannot load.
  public func route(
    _ input: ShareInput, platform: Platform = .all, source: String? = nil, id: String? = nil,
    refusals: Router.Refusals = .all
  ) throws -> Route {
    if input.hasFiles {
      return try pool.withSniffer { try route(input, sniffer: $0, platform: platform, source: source, id: id, refusals: refusals) }
    }
    return try route(input, sniffer: nil, platform: platform, source: source, id: id, refusals: refusals)
  }

  /// The one composition of "inputs → items → route" behind every command (`route`, `--each`,
  /// streamed lists, `batch`, `check`, `matrix`) and the public calls above: the items are
  /// built (files sniffed with `sniffer`), and routed. Items that cannot be used are phase-1
  /// problems of the route, after `errors`; a share with nothing left routes to nobody.
  ///
  /// - Parameters:
  ///   - sniffer: The sniffer for files (a worker's own); `nil` when the share has none.
  ///   - errors: Problems found before (manifests that did not load), kept first.
  ///   - memo: A batch worker's Android and iOS decisions, reused across its shares.
  ///   - pathBytes: The bytes of a path to open (a command line passes the bytes the user typed
  ///     when they are not UTF-8).
  /// - Throws: `RoutingError` for a share that cannot be routed as asked (an unknown source,
  ///   more items than `Router.maxItemsPerShare`).
  package func route(
    _ input: ShareInput, sniffer: Sniffer?, platform: Platform = .all, source: String? = nil, id: String? = nil,
    errors: [RouteProblem] = [], refusals: Router.Refusals = .all, memo: Router.DecisionMemo? = nil,
    pathBytes: (String) -> [UInt8] = { Array($0.utf8) }
  ) throws(RoutingError) -> Route {
    let built = input.build(sniffer: sniffer, pathBytes: pathBytes)
    return try core.route(
      items: built.items, platform: platform, source: source, id: id, errors: errors + built.problems,
      refusals: refusals, memo: memo, sender: built.sender)
  }

  /// One share sniffed once and routed once per platform, as each device would see it (`matrix`).
  ///
  /// - Returns: The route for each platform (only its own for a host's share); every route
  ///   holds the items' problems.
  package func routes(
    _ input: ShareInput, sniffer: Sniffer?, platforms: [Platform], source: String? = nil,
    pathBytes: (String) -> [UInt8] = { Array($0.utf8) }
  ) throws(RoutingError) -> [Platform: Route] {
    let built = input.build(sniffer: sniffer, pathBytes: pathBytes)
    var routes: [Platform: Route] = [:]
    // A host's share is one platform's: the other's cells stay empty.
    for platform in platforms where built.sender == nil || built.sender?.platform == platform {
      routes[platform] = try core.route(
        items: built.items, platform: platform, source: source, errors: built.problems, memo: nil, sender: built.sender)
    }
    return routes
  }

  /// The item a file makes: its effective type decided against the reported one.
  public func item(file: URL, reportedType: String? = nil, trust: TrustPolicy = .content) throws -> ShareItem {
    try pool.withSniffer { try $0.item(url: file, reportedType: reportedType, trust: trust) }
  }

  /// The exit status of routes answered with this router's handlers (`docs/output.md#exit-statuses`).
  /// (An array, not any sequence: a generic call across modules looks up the sequence's
  /// element type at run time, a tenth of a millisecond of a one-shot route.)
  public func verdict(_ routes: [Route]) -> Verdict {
    var verdict = Verdict(manifests: manifests)
    for route in routes { verdict.add(route) }
    return verdict
  }
}

/// What a run of shares comes to, as an exit status (`docs/output.md#exit-statuses`): the one
/// place route, `--each`, streamed lists, `batch` and `matrix` derive it.
public struct Verdict: Sendable, Equatable {
  /// The status, in order of precedence: an invalid manifest, request or item (65), else an
  /// item that could not be read (66), else a share nobody accepts (1), else 0.
  public enum Status: Int32, Sendable {
    /// Every share found a handler.
    case accepted = 0
    /// Some share found none.
    case noneAccepted = 1
    /// A manifest, a request line or an item is invalid.
    case invalidInput = 65
    /// An item could not be read.
    case unreadableInput = 66
  }

  /// Whether the handler set had errors.
  public var invalidManifests = false
  /// Request lines that were not valid requests (`batch`).
  public var invalidRequests = 0
  /// Shares with an item that is no share data (`invalid-item`).
  public var invalidItems = 0
  /// Shares with an item that could not be read.
  public var unreadableItems = 0
  /// Shares nobody accepts.
  public var unrouted = 0

  /// A verdict with nothing counted yet, for shares routed against `manifests`.
  public init(manifests: ManifestSet) {
    invalidManifests = !manifests.errors.isEmpty
  }

  /// Counts one answered share.
  public mutating func add(_ route: Route) {
    if route.errors.contains(where: { $0.code == .invalidItem }) { invalidItems += 1 }
    if route.errors.contains(where: { $0.item != nil && $0.code != .invalidItem }) { unreadableItems += 1 }
    if route.accepted.isEmpty { unrouted += 1 }
  }

  /// Counts the lines of a batch run or a streamed list.
  public mutating func add(_ summary: BatchEngine.Summary) {
    invalidRequests += summary.invalid
    invalidItems += summary.invalidItems
    unreadableItems += summary.unreadableItems
    unrouted += summary.unrouted
  }

  /// The status.
  ///
  /// - Parameters:
  ///   - items: Whether items that are invalid or unreadable count (`batch` without `--strict`
  ///     answers them in its lines and counts only invalid lines).
  ///   - countsUnrouted: Whether a share nobody accepts counts (`matrix` shows those as a result).
  public func status(items: Bool = true, unrouted countsUnrouted: Bool = true) -> Status {
    if invalidManifests || invalidRequests > 0 || (items && invalidItems > 0) { return .invalidInput }
    if items && unreadableItems > 0 { return .unreadableInput }
    if countsUnrouted && unrouted > 0 { return .noneAccepted }
    return .accepted
  }
}
