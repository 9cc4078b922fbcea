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
  ///   - pool: The pool files are sniffed with.
  public init(
    manifests: ManifestSet = ShareRouter.builtinManifests, assumeEnabled: Bool = false,
    pool: SnifferPool = SnifferPool()
  ) {
    self.manifests = manifests
    core = Router(manifests, assumeEnabled: assumeEnabled)
    self.pool = pool
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
  /// - Throws: A `RoutingError` for a share that cannot be routed as asked,
  ///   `SniffError.magicUnavailable(_:)` when libmagic cannot load.
  public func route(
    _ input: ShareInput, platform: Platform = .all, source: String? = nil, refusals: Router.Refusals = .all
  ) throws -> Route {
    if input.hasFiles {
      return try pool.withSniffer {
        try input.route(with: core, sniffer: $0, platform: platform, source: source, refusals: refusals)
      }
    }
    return try input.route(with: core, sniffer: nil, platform: platform, source: source, refusals: refusals)
  }

  /// The item a file makes: its effective type decided against the reported one.
  public func item(file: URL, reportedType: String? = nil, trust: TrustPolicy = .content) throws -> ShareItem {
    try pool.withSniffer { try $0.item(url: file, reportedType: reportedType, trust: trust) }
  }
}
