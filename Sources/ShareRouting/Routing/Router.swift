/// Which platforms' rules a route evaluates.
public enum Platform: String, Hashable, Sendable, CaseIterable {
  /// Android intent filters only.
  case android
  /// iOS activation rules only.
  case ios
  /// Every rule set a handler declares.
  case all
}

/// Decides routes: a pure function of the handlers, the source profiles and a share.
///
/// A handler accepts a share when every rule set it declares (for the chosen platform)
/// accepts it and its limits hold (DESIGN §5). Accepted handlers are ordered by Android
/// priority (descending; the highest priority among matching filters, 0 without Android rules),
/// then `order` (ascending, unset last), then id by UTF-16 code units (Java `String.compareTo`).
public struct Router: Sendable {
  /// The handlers, in manifest order.
  public let handlers: [HandlerManifest]
  /// The source profiles by name.
  public let sources: [String: SourceProfile]
  /// Whether components written `android:enabled="false"` are routed as if the app had enabled
  /// them at run time; by default they are refused (`disabled`), as a device does not offer them.
  public let assumeEnabled: Bool

  /// Creates a router.
  public init(handlers: [HandlerManifest], sources: [String: SourceProfile] = [:], assumeEnabled: Bool = false) {
    self.handlers = handlers
    self.sources = sources
    self.assumeEnabled = assumeEnabled
  }

  /// Creates a router over a loaded manifest set (its errors are the caller's to report).
  public init(_ manifests: ManifestSet, assumeEnabled: Bool = false) {
    self.init(handlers: manifests.handlers, sources: manifests.sources, assumeEnabled: assumeEnabled)
  }

  /// Routes a share.
  ///
  /// - Parameters:
  ///   - items: The usable items, in share order (items that could not be read are left out by
  ///     the caller and reported in `errors`).
  ///   - platform: The rule sets to evaluate.
  ///   - source: The source the share comes from, or `nil` (every handler is a candidate).
  ///   - id: A request id to echo.
  ///   - errors: Problems found before routing, passed through.
  /// - Returns: The route.
  /// - Throws: ``RoutingError/unknownSource(_:known:)`` for a source without a profile.
  public func route(
    items: [ShareItem], platform: Platform = .all, source: String? = nil, id: String? = nil,
    errors: [RouteProblem] = []
  ) throws(RoutingError) -> Route {
    guard items.count <= Self.maxItemsPerShare else {
      throw .tooManyItems(items.count, limit: Self.maxItemsPerShare)
    }
    var profile: SourceProfile?
    if let source {
      guard let found = sources[source] else {
        throw .unknownSource(source, known: sources.keys.sorted())
      }
      profile = found
    }
    guard !items.isEmpty else {
      return Route(
        id: id, intent: nil, items: [], accepted: [],
        rejected: handlers.map {
          Rejection(id: $0.id, label: $0.label, reasons: [RouteMessages.nothingToShare])
        }, errors: errors)
    }
    let intent = AndroidIntent.share(itemTypes: items.map(\.type))
    let attachments = items.map { item in
      Attachment(types: [item.uti], label: item.share.name.isEmpty ? item.type : item.share.name)
    }
    // Built on first use, then shared by every predicate rule of this route.
    var matching: PredicateValue?
    var accepted: [(handler: HandlerManifest, priority: Int, reason: String?)] = []
    var rejected: [Rejection] = []
    for handler in handlers {
      var reasons: [Reason] = []
      var priority = 0
      if let profile, profile.custom.contains(handler.id) {
        accepted.append((handler, 0, RouteMessages.customReason))
        continue
      }
      if let profile, !profile.offers.contains(handler.id) {
        reasons.append(RouteMessages.notOffered(handler: handler, source: profile.name))
      }
      var evaluated = false
      if platform != .ios, let filters = handler.intentFilters {
        evaluated = true
        if !handler.enabled && !assumeEnabled { reasons.append(RouteMessages.disabled) }
        let outcome = Resolver.evaluate(filters, intent: intent)
        if let best = outcome.matches.map({ filters[$0.index].priority }).max() {
          priority = best
        } else {
          reasons += outcome.reasons
        }
      }
      if platform != .android, let rule = handler.activationRule {
        evaluated = true
        switch rule {
        case .dictionary(let dictionary):
          reasons += dictionary.evaluate(attachments).map { RouteMessages.reason($0, rule: dictionary) }
        case .predicate(let predicate):
          let dictionary = matching ?? PredicateValue.matchingDictionary(attachments)
          matching = dictionary
          switch predicate.evaluate(matching: dictionary) {
          case .accepted: break
          case .refused(let why): reasons.append(RouteMessages.predicateFalse(why))
          case .failed(let why): reasons.append(RouteMessages.predicateFailed(why))
          case .overBudget(let why): reasons.append(RouteMessages.predicateOverBudget(why))
          }
        }
      }
      if !evaluated { reasons.append(RouteMessages.noRules(handler: handler, platform: platform)) }
      // Limits are checked only for eligible targets (phase 3 after phase 2).
      for kind in ItemKind.allCases where reasons.isEmpty {
        if let limit = handler.limits[kind] {
          let count = items.count(where: { $0.kind == kind })
          if count > limit {
            reasons.append(RouteMessages.overLimit(kind: kind, count: count, limit: limit, handler: handler))
          }
        }
      }
      if reasons.isEmpty {
        accepted.append((handler, priority, nil))
      } else {
        rejected.append(Rejection(id: handler.id, label: handler.label, reasons: reasons))
      }
    }
    accepted.sort { lhs, rhs in
      if lhs.priority != rhs.priority { return lhs.priority > rhs.priority }
      switch (lhs.handler.order, rhs.handler.order) {
      case let (left?, right?) where left != right: return left < right
      case (.some, nil): return true
      case (nil, .some): return false
      default: return Self.precedesByUTF16(lhs.handler.id, rhs.handler.id)
      }
    }
    return Route(
      id: id, intent: intent, items: items,
      accepted: accepted.map { HandlerSummary(id: $0.handler.id, label: $0.handler.label, reason: $0.reason) },
      rejected: rejected, errors: errors)
  }

  /// The most items one share may hold (10,000). Real shares are far smaller: Android carries a
  /// share's URIs in one Binder transaction of at most 1 MB (a few thousand content URIs), and
  /// an iOS share extension runs in about 120 MB of memory; 10,000 is above both and keeps the
  /// cost of any rule over one share bounded.
  public static let maxItemsPerShare = 10_000

  /// Java `String.compareTo` order: UTF-16 code units, lexicographic.
  public static func precedesByUTF16(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf16.lexicographicallyPrecedes(rhs.utf16)
  }
}

/// A share that cannot be routed as asked.
public enum RoutingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// `--source` names a source without a profile.
  case unknownSource(String, known: [String])
  /// More items than ``Router/maxItemsPerShare``: the count and the limit.
  case tooManyItems(Int, limit: Int)
}
