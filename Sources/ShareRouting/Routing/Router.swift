import Synchronization

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
/// accepts it and its limits hold (`docs/routing.md#phases`); an Android target whose installed
/// priority is below the first's is left out, as the share sheet leaves it out. Accepted
/// handlers are in `HandlerOrder/route(_:_:in:intent:ranks:)` order: those with an `order`
/// first, then a fresh phone's share sheet order (labels in the locale's collation).
public struct Router: Sendable {
  /// The handlers, in manifest order.
  public let handlers: [HandlerManifest]
  /// The source profiles by name.
  public let sources: [String: SourceProfile]
  /// Whether components written `android:enabled="false"` are routed as if the app had enabled
  /// them at run time; by default they are refused (`disabled`), as a device does not offer them.
  package let assumeEnabled: Bool
  /// How labels are compared for the share sheet's order (`--locale`, English by default).
  package let collation: LabelCollation
  /// Every label a sheet may show, ranked once in ``collation``'s order (built on first use):
  /// a route compares ranks, not labels, so ICU compares each pair of labels at most once per
  /// process rather than once per share.
  private let labelRanks: LabelRanks
  /// The index and the positions by id, built on first use by a route without refusals
  /// (linear in the handlers, once; a route that explains every refusal never needs them).
  private let lookup: Lookup
  /// The positions of the handlers that take the items that fit (`select: any`).
  private let selecting: [Int]
  /// The set the handlers came from, when the router was made from one: where each rule is
  /// written, for the place of each reason (``Reason/place``).
  private var places: ManifestSet?
  /// Whether some handler has Android rules and some iOS rules (routes then answer per platform).
  private let hasBothPlatforms: Bool
  /// Whether iOS decisions may be kept in a ``DecisionMemo``: no predicate holds the placeholder
  /// mark in a string of its own (a message quoting it would look like a placeholder).
  private let iosMemoSafe: Bool

  /// Creates a router.
  ///
  /// - Parameters:
  ///   - handlers: The handlers to route among, in load order.
  ///   - sources: The source profiles a route may name, by name.
  ///   - assumeEnabled: Whether components written `android:enabled="false"` are routed as if
  ///     the app had enabled them at run time (by default they are refused, as on a device).
  ///   - locale: The locale whose collation orders labels as a phone's share sheet does
  ///     (`de`, `pt-BR`); English by default.
  public init(
    handlers: [HandlerManifest], sources: [String: SourceProfile] = [:], assumeEnabled: Bool = false, locale: String? = nil
  ) {
    self.handlers = handlers
    self.sources = sources
    self.assumeEnabled = assumeEnabled
    collation = LabelCollation(locale)
    labelRanks = LabelRanks(handlers)
    lookup = Lookup(handlers)
    selecting = handlers.indices.filter { handlers[$0].selection == .any }
    hasBothPlatforms =
      handlers.contains { $0.intentFilters != nil } && handlers.contains { $0.activationRule != nil }
    iosMemoSafe = !handlers.contains {
      guard case .predicate(let predicate)? = $0.activationRule else { return false }
      return predicate.source.unicodeScalars.contains(DecisionMemo.mark)
    }
  }

  /// The handlers that can possibly accept a share, by action, type and activation key, and the
  /// handler positions by id (a source's custom targets are found by id).
  /// The rank of each label handlers show (equal labels, in the collation, share a rank).
  final class LabelRanks: Sendable {
    private let handlers: [HandlerManifest]
    private let built = Mutex<[String: Int]?>(nil)

    init(_ handlers: [HandlerManifest]) { self.handlers = handlers }

    func ranks(_ collation: LabelCollation) -> [String: Int] {
      built.withLock { built in
        if let built { return built }
        var labels: Set<String> = []
        for handler in handlers {
          labels.insert(handler.componentLabel ?? handler.label)
          for filter in handler.intentFilters ?? [] { if let label = filter.label { labels.insert(label) } }
        }
        let sorted = labels.sorted { collation.order($0, $1) < 0 }
        var ranks: [String: Int] = [:]
        var rank = 0
        for (index, label) in sorted.enumerated() {
          if index > 0 && collation.order(sorted[index - 1], label) != 0 { rank += 1 }
          ranks[label] = rank
        }
        built = ranks
        return ranks
      }
    }
  }

  /// The order of two labels in the share sheet (negative, zero, positive): by their ranks
  /// (``LabelRanks``, taken once per sort), or compared when one is not a handler's.
  func compareLabels(_ lhs: String, _ rhs: String, ranks: [String: Int]) -> Int {
    guard let left = ranks[lhs], let right = ranks[rhs] else { return collation.order(lhs, rhs) }
    return left < right ? -1 : left > right ? 1 : 0
  }

  final class Lookup: Sendable {
    private let handlers: [HandlerManifest]
    private let built = Mutex<(index: HandlerIndex, positions: [String: [Int]])?>(nil)

    init(_ handlers: [HandlerManifest]) { self.handlers = handlers }

    var value: (index: HandlerIndex, positions: [String: [Int]]) {
      built.withLock { built in
        if let built { return built }
        var positions: [String: [Int]] = [:]
        for (position, handler) in handlers.enumerated() { positions[handler.id, default: []].append(position) }
        let made = (HandlerIndex(handlers), positions)
        built = made
        return made
      }
    }
  }

  /// Creates a router over a loaded manifest set (its errors are the caller's to report).
  public init(_ manifests: ManifestSet, assumeEnabled: Bool = false, locale: String? = nil) {
    self.init(handlers: manifests.handlers, sources: manifests.sources, assumeEnabled: assumeEnabled, locale: locale)
    places = manifests
  }

  /// Routes a share.
  ///
  /// The phases are LINE's (`docs/routing.md#phases`): the source's policy, then eligibility by Android intent
  /// filters and by iOS activation rules (phase 2), then the handler's limits (phase 3, only for
  /// handlers still eligible), then the order of `HandlerOrder/route(_:_:in:intent:ranks:)`.
  ///
  /// - Parameters:
  ///   - items: The usable items, in share order (items that could not be read are left out by
  ///     the caller and reported in `errors`).
  ///   - platform: The rule sets to evaluate.
  ///   - source: The source the share comes from, or `nil` (every handler is a candidate).
  ///   - id: A request id to echo.
  ///   - errors: Problems found before routing, passed through.
  ///   - refusals: ``Refusals/all`` explains every refusing handler; ``Refusals/omitted`` evaluates
  ///     only the handlers `HandlerIndex` says may accept (the accepted list is the same) and
  ///     leaves `rejected` empty, with ``Route/refusalsOmitted`` set.
  /// - Returns: The route.
  /// - Throws: ``RoutingError/unknownSource(_:known:)`` for a source without a profile,
  ///   ``RoutingError/tooManyItems(_:limit:)`` past ``maxItemsPerShare``.
  public func route(
    items: [ShareItem], platform: Platform = .all, source: String? = nil, id: String? = nil,
    errors: [RouteProblem] = [], refusals: Refusals = .all
  ) throws(RoutingError) -> Route {
    try route(items: items, platform: platform, source: source, id: id, errors: errors, refusals: refusals, memo: nil)
  }

  /// Routes a share, reusing the decisions `memo` holds for the share's intent and attachment
  /// types (the same route as without it; a batch worker keeps one memo for all its requests).
  package func route(
    items: [ShareItem], platform: Platform = .all, source: String? = nil, id: String? = nil,
    errors: [RouteProblem] = [], refusals: Refusals = .all, memo: DecisionMemo?, sender: SenderShare? = nil
  ) throws(RoutingError) -> Route {
    // A host's own share is one platform's, and the memo keeps decisions by item types only.
    let platform = sender?.platform ?? platform
    let memo = sender == nil ? memo : nil
    guard items.count <= Self.maxItemsPerShare else {
      throw .tooManyItems(items.count, limit: Self.maxItemsPerShare)
    }
    let profile = try sourceProfile(source)
    let omitted = refusals == .omitted
    guard !items.isEmpty else {
      var route = Route(
        id: id, intent: nil, items: [], accepted: [],
        rejected: omitted ? [] : handlers.map {
          Rejection(id: $0.id, label: $0.label, reasons: [RouteMessages.nothingToShare], guessed: $0.guessed)
        }, errors: errors)
      route.refusalsOmitted = omitted
      route.source = profile?.name
      route.sheetLocale = collation.identifier
      return route
    }
    var share = Share(items: items, sender: sender)
    var accepted: [Candidate] = []
    var rejected: [Rejection] = []
    /// Each refusal's handler position and Android answer (``Decision/refused(_:android:)``).
    var rejectedPositions: [(position: Int, android: AndroidStanding?)] = []
    var chosen: [Int]?
    // The intent's Android decisions, taken out of the memo while this route fills them in (so
    // the array is not copied) and put back after.
    var android = platform == .ios ? nil : memo?.take(share.matchKey, handlers: handlers.count)
    defer { if let android { memo?.keep(android, for: share.matchKey) } }
    // The iOS decisions for the share's attachment types, the same way.
    var ios = IOSDecisions(items: items, memo: platform == .android || !iosMemoSafe ? nil : memo, handlers: handlers.count)
    defer { ios.giveBack() }
    // Each platform's answer needs the handlers one platform refuses and the other accepts: with
    // refusals omitted these are still evaluated and their refusals kept until the answers are
    // made.
    let perPlatform = platform == .all && hasBothPlatforms
    if omitted {
      let (index, positions) = lookup.value
      var found =
        perPlatform
        ? Array(
          Set(index.candidates(intent: share.matchKey, attachments: share.attachments, platform: .android))
            .union(index.candidates(intent: share.matchKey, attachments: share.attachments, platform: .ios))
        ).sorted()
        : index.candidates(intent: share.matchKey, attachments: share.attachments, platform: platform)
      if let profile, !profile.custom.isEmpty {
        found = Array(Set(found).union(profile.custom.flatMap { positions[$0] ?? [] })).sorted()
      }
      // The index narrows by the whole share; a handler that takes some items may fit fewer.
      if !selecting.isEmpty { found = Array(Set(found).union(selecting)).sorted() }
      chosen = found
    }
    // Handlers are looked at in place through the buffer, never copied (a copy retains every
    // field of every handler, for every share).
    handlers.withUnsafeBufferPointer { buffer in
      func consider(_ position: Int) {
        switch decision(
          buffer[position], at: position, profile: profile, platform: platform, share: &share, items: items,
          android: &android, ios: &ios)
        {
        case .accepted(let candidate): accepted.append(candidate)
        case .refused(let reasons, let androidStanding):
          if !omitted || perPlatform {
            rejected.append(
              Rejection(
                id: buffer[position].id, label: buffer[position].label, reasons: omitted ? reasons : placed(reasons, of: position),
                guessed: buffer[position].guessed))
            rejectedPositions.append((position, androidStanding))
          }
        }
      }
      if let chosen {
        for position in chosen { consider(position) }
      } else {
        for position in buffer.indices { consider(position) }
      }
    }
    if platform != .ios {
      // The share sheet keeps only the targets of the first one's installed priority
      // (`ResolverListController.filterLowPriority`).
      let lowered = lowPriority(accepted)
      if !lowered.isEmpty {
        accepted.removeAll { lowered[$0.position] != nil }
        for (position, reason) in lowered.sorted(by: { $0.key < $1.key }) where !omitted || perPlatform {
          rejected.append(
            Rejection(id: handlers[position].id, label: handlers[position].label, reasons: [reason], guessed: handlers[position].guessed))
          rejectedPositions.append((position, nil))
        }
      }
    }
    let ranks = labelRanks.ranks(collation)
    accepted.sort { HandlerOrder.route($0, $1, in: self, intent: share.matchKey, ranks: ranks) }
    let platforms = perPlatform ? platformAnswers(
        accepted: accepted, rejected: zip(rejected, rejectedPositions).map { ($0, $1.position, $1.android) }, items: items,
        profile: profile) : nil
    if omitted { rejected.removeAll() }
    var route = Route(
      id: id, intent: share.intent, items: items,
      accepted: accepted.map { summary($0, on: platform) },
      rejected: rejected, errors: errors)
    route.refusalsOmitted = omitted
    route.source = profile?.name
    route.platforms = platforms
    route.sheetLocale = collation.identifier
    route.sender = sender
    // An iOS host's share has no Android intent.
    if sender?.platform == .ios { route.intent = nil }
    if platform != .ios, let type = share.intent.type {
      // Direct Share: the targets of the accepted Android activities whose types fit.
      let androidIDs = platforms?.android ?? accepted.filter { handlers[$0.position].intentFilters != nil }.map(\.id)
      let byID = Dictionary(accepted.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      for id in androidIDs {
        guard let candidate = byID[id] else { continue }
        for target in handlers[candidate.position].directShareTargets where target.fits(intentType: type) {
          route.directShare.append(DirectShareMatch(handler: id, label: sheetLabel(candidate), target: target))
        }
      }
    }
    return route
  }

  /// Each platform's answer, when the set has handlers with rules for both: an accepted handler
  /// counts for every platform it has rules for (a custom target for both); a refused one for a
  /// platform its reasons do not name, when it has rules there and its limits hold (they were not
  /// looked at when another platform refused).
  func platformAnswers(
    accepted: [Candidate], rejected: [(rejection: Rejection, position: Int, android: AndroidStanding?)], items: [ShareItem],
    profile: SourceProfile?
  ) -> PlatformAnswers? {
    guard hasBothPlatforms else { return nil }
    var android: [Candidate] = []
    var ios: [Candidate] = []
    // A handler that takes the items that fit is judged per platform on its own: an item may fit
    // one platform's rules and not the other's.
    func selecting(_ position: Int) -> Bool { handlers[position].selection == .any && items.count > 1 }
    for position in self.selecting where items.count > 1 {
      let handler = handlers[position]
      if let custom = accepted.first(where: { $0.position == position && $0.reason == .custom }) {
        android.append(custom)
        ios.append(custom)
        continue
      }
      if !sourcePolicy(handler, profile).isEmpty { continue }
      if handler.intentFilters != nil, case .accepted(let candidate) = selectedDecision(handler, at: position, platform: .android, items: items) {
        android.append(candidate)
      }
      if handler.activationRule != nil, case .accepted(let candidate) = selectedDecision(handler, at: position, platform: .ios, items: items) {
        ios.append(candidate.withPriority(0))
      }
    }
    for candidate in accepted where !selecting(candidate.position) {
      let handler = handlers[candidate.position]
      if handler.intentFilters != nil || candidate.reason == .custom { android.append(candidate) }
      if handler.activationRule != nil || candidate.reason == .custom { ios.append(candidate.withPriority(0)) }
    }
    for (rejection, position, androidStanding) in rejected where !selecting(position) {
      let handler = handlers[position]
      let areas = Set(rejection.reasons.map(\.area))
      guard areas.isSubset(of: [.android, .ios]), limits(handler, items: items).isEmpty else { continue }
      if let androidStanding {
        var candidate = Candidate(position: position, handler: handler, priority: androidStanding.priority, reason: nil)
        candidate.standing = androidStanding.standing
        android.append(candidate)
      }
      if handler.activationRule != nil && !areas.contains(.ios) {
        ios.append(Candidate(position: position, handler: handler, priority: 0, reason: nil))
      }
    }
    let lowered = lowPriority(android)
    android.removeAll { lowered[$0.position] != nil }
    let intent = AndroidIntent.share(items).matchKey
    let ranks = labelRanks.ranks(collation)
    let order = { (lhs: Candidate, rhs: Candidate) in HandlerOrder.route(lhs, rhs, in: self, intent: intent, ranks: ranks) }
    return PlatformAnswers(
      android: android.sorted(by: order).map { summary($0, on: .android) }, ios: ios.sorted(by: order).map { summary($0, on: .ios) })
  }

  /// An accepted candidate as a route lists it, with the place of the rule that accepted when
  /// the router knows the places: on Android (or both) the standing filter, on iOS (or when no
  /// filter stood) the activation rule.
  func summary(_ candidate: Candidate, on platform: Platform = .all) -> HandlerSummary {
    var summary = HandlerSummary(
      id: candidate.id, label: sheetLabel(candidate), reason: candidate.reason, guessed: handlers[candidate.position].guessed,
      items: candidate.items)
    if let places, candidate.reason == nil {
      let handler = handlers[candidate.position]
      if platform != .ios, let standing = candidate.standing {
        summary.place = places.rulePlace(of: candidate.position, .filter(standing, .actions))
      } else if platform != .android, handler.activationRule != nil {
        summary.place = places.rulePlace(of: candidate.position, .rule)
      }
    }
    return summary
  }

  /// The reasons with the place of the rule each is about, when the router knows the places.
  func placed(_ reasons: [Reason], of position: Int) -> [Reason] {
    guard let places else { return reasons }
    return reasons.map { reason in
      guard let part = reason.rule else { return reason }
      var placed = reason
      placed.place = places.rulePlace(of: position, part)
      return placed
    }
  }

  /// The Android targets among `candidates` the share sheet leaves out, with the reason: those
  /// whose installed priority is below the highest (`ResolverListController.filterLowPriority`
  /// keeps the targets of the first one's priority, and the list is sorted by priority first).
  /// A source's custom targets and handlers without Android rules take no part.
  func lowPriority(_ candidates: [Candidate]) -> [Int: Reason] {
    let android = candidates.filter { $0.reason != .custom && handlers[$0.position].intentFilters != nil }
    guard let top = android.map(\.priority).max() else { return [:] }
    var lowered: [Int: Reason] = [:]
    for candidate in android where candidate.priority < top {
      lowered[candidate.position] = RouteMessages.lowPriority(candidate.priority, top: top)
    }
    return lowered
  }

  /// Whether a route explains its refusals.
  public enum Refusals: Hashable, Sendable {
    /// Every refusing handler, with every reason (the default).
    case all
    /// None: only the handlers that may accept are evaluated (`--accepted-only`).
    case omitted
  }

  /// What one handler makes of a share.
  enum Decision {
    case accepted(Candidate)
    /// Refused, with every reason, and the Android priority and standing filter when the Android
    /// rules alone accepted (another rule set or the limits refused): the per-platform answer
    /// reuses them.
    case refused([Reason], android: AndroidStanding? = nil)
  }

  /// What Android made of a handler another rule set refused: its installed priority and the
  /// filter that stood.
  struct AndroidStanding {
    var priority: Int
    var standing: Int?
  }

  /// One handler's decision, phase by phase: a source's custom target is accepted outright;
  /// otherwise the source's policy, Android and iOS eligibility (phase 2), then the limits
  /// (phase 3, only when nothing else refused).
  func decision(
    _ handler: borrowing HandlerManifest, at position: Int, profile: SourceProfile?, platform: Platform,
    share: inout Share, items: [ShareItem], android slots: inout [DecisionMemo.Slot]?,
    ios iosDecisions: inout IOSDecisions
  ) -> Decision {
    if let profile, profile.custom.contains(handler.id), !profile.excludes.contains(handler.id) {
      return .accepted(Candidate(position: position, handler: handler, priority: 0, reason: .custom))
    }
    var reasons = sourcePolicy(handler, profile)
    if handler.selection == .any && items.count > 1 {
      guard reasons.isEmpty else { return .refused(reasons) }
      return selectedDecision(handler, at: position, platform: platform, items: items, sender: share.sender)
    }
    let android: AndroidDecision?
    if platform == .ios {
      android = nil
    } else if case .decided(let decided)? = slots?[position] {
      android = decided
    } else {
      android = androidEligibility(handler, intent: share.matchKey)
      slots?[position] = .decided(android)
    }
    let ios = platform == .android ? nil : iosDecisions.eligibility(handler, at: position, share: &share, router: self)
    reasons += android?.reasons ?? []
    reasons += ios ?? []
    if android == nil && ios == nil {
      reasons.append(RouteMessages.noRules(handler: handler, platform: platform))
    }
    if reasons.isEmpty { reasons = limits(handler, items: items) }
    guard reasons.isEmpty else {
      return .refused(reasons, android: android.flatMap { $0.reasons.isEmpty ? AndroidStanding(priority: $0.priority, standing: $0.standing) : nil })
    }
    var candidate = Candidate(position: position, handler: handler, priority: android?.priority ?? 0, reason: nil)
    candidate.standing = android?.standing
    return .accepted(candidate)
  }

  /// The decision for a handler that takes the items that fit (`select: any`), for a share of
  /// several items: each item is judged on its own by the handler's rules; the handler is
  /// offered when one or more fit, and the items that fit are judged together (counts, limits),
  /// as the share the handler receives. No item fitting refuses with every item's reasons.
  func selectedDecision(
    _ handler: borrowing HandlerManifest, at position: Int, platform: Platform, items: [ShareItem],
    sender: SenderShare? = nil
  ) -> Decision {
    var fitting: [Int] = []
    var refusals: [Reason] = []
    // Each reason once, in the order met (a set beside the list: a share of 10,000 items that
    // fit nowhere has as many reasons, and a search of the list for each was quadratic).
    var seen: Set<Reason> = []
    // An item's reasons depend on the item alone: equal items (10,000 declared JPEGs) are judged once.
    var judged: [ShareItem: [Reason]] = [:]
    for index in items.indices {
      // A host's share is judged by index: the same item may sit in attachments of other types.
      let reasons =
        (sender == nil ? judged[items[index]] : nil)
        ?? ruleReasons(handler, platform: platform, items: [items[index]], sender: sender?.restricted(to: [index])).reasons
      if sender == nil && judged.count < Self.maxItemsPerShare { judged[items[index]] = reasons }
      if reasons.isEmpty {
        fitting.append(index)
      } else {
        for reason in reasons where seen.insert(reason).inserted { refusals.append(reason) }
      }
    }
    guard !fitting.isEmpty else { return .refused(refusals) }
    let chosen = fitting.map { items[$0] }
    let together = ruleReasons(handler, platform: platform, items: chosen, sender: sender?.restricted(to: fitting))
    var reasons = together.reasons
    if reasons.isEmpty { reasons = limits(handler, items: chosen) }
    guard reasons.isEmpty else { return .refused(reasons) }
    var candidate = Candidate(position: position, handler: handler, priority: together.priority, reason: nil)
    candidate.items = fitting.count == items.count ? nil : fitting
    candidate.standing = together.standing
    return .accepted(candidate)
  }

  /// Every reason the handler's rules give for a share of these items (none: they accept it),
  /// and the Android priority of the best matching filter and the filter that stands.
  func ruleReasons(
    _ handler: borrowing HandlerManifest, platform: Platform, items: [ShareItem], sender: SenderShare? = nil
  ) -> (priority: Int, standing: Int?, reasons: [Reason]) {
    var share = Share(items: items, sender: sender)
    let android = platform == .ios ? nil : androidEligibility(handler, intent: share.matchKey)
    let ios = platform == .android ? nil : iosEligibility(handler, share: &share)
    var reasons = (android?.reasons ?? []) + (ios ?? [])
    if android == nil && ios == nil { reasons.append(RouteMessages.noRules(handler: handler, platform: platform)) }
    return (android?.priority ?? 0, android?.standing, reasons)
  }

  /// What the rules look at, built once per share: the Android intent, the iOS attachments and,
  /// on first use, the matching dictionary every predicate rule of the share shares.
  struct Share {
    /// The share intent, with its extras.
    let intent: AndroidIntent
    /// The intent as filters see it (no extras): what Android decisions are kept by.
    let matchKey: AndroidIntent
    let attachments: [Attachment]
    private var dictionary: PredicateValue?

    /// The extension items iOS rules see (one holding every attachment, unless a host's share
    /// says otherwise).
    let extensionItems: [MatchingItem]
    /// The host's share, when the share is one.
    let sender: SenderShare?

    init(items: [ShareItem], sender: SenderShare? = nil) {
      self.sender = sender
      if var sent = sender?.intent {
        // The chooser resolves with MATCH_DEFAULT_ONLY: as if the intent had DEFAULT.
        if !sent.categories.contains(IntentFilter.defaultCategory) { sent.categories.append(IntentFilter.defaultCategory) }
        intent = sent
      } else {
        intent = AndroidIntent.share(items)
      }
      matchKey = intent.matchKey
      if let sender, sender.platform == .ios {
        extensionItems = sender.extensionItems.map { item in
          MatchingItem(
            attachments: item.attachments.map {
              // A declared attachment is named by its first registered type.
              let item = items[$0.item]
              return Attachment(types: $0.types, label: item.typeSource == .declared && item.share.name.isEmpty ? item.uti : Self.label(item))
            },
            title: item.title, contentText: item.contentText)
        }
      } else {
        extensionItems = [MatchingItem(attachments: items.map { Attachment(types: [$0.uti], label: Self.label($0)) })]
      }
      attachments = extensionItems.flatMap(\.attachments)
    }

    /// The template a ``DecisionMemo`` keeps iOS decisions by (``IOSDecisions``): the same intent
    /// and attachment types, each attachment named by its placeholder, so that iOS decisions made
    /// on it hold for every share of these types once the names are filled in.
    init(template items: [ShareItem], intent: AndroidIntent, matchKey: AndroidIntent) {
      self.intent = intent
      self.matchKey = matchKey
      attachments = items.indices.map { Attachment(types: [items[$0].uti], label: DecisionMemo.placeholder($0)) }
      extensionItems = [MatchingItem(attachments: attachments)]
      sender = nil
    }

    /// How messages name an item's attachment: its file name, or its type.
    static func label(_ item: ShareItem) -> String { item.share.name.isEmpty ? item.type : item.share.name }

    /// The matching dictionary of `docs/ios.md#attachment-type-normalisation`, built on first use.
    mutating func matchingDictionary() -> PredicateValue {
      if let dictionary { return dictionary }
      let built = PredicateValue.matchingDictionary(extensionItems)
      dictionary = built
      return built
    }
  }

  /// The decisions of one router's handlers, for one worker of a batch: Android's by intent, iOS's
  /// by the attachments' types (``IOSSlot``). A batch meets the same few intents and type lists
  /// again and again, and a handler's Android decision (its priority, or its reasons) depends
  /// only on the intent, its iOS decision only on the types (the names are filled into its
  /// messages). At most ``limit`` keys of each, and at most ``slotBudget`` decisions in all, are
  /// kept (so a set of 5,000 handlers keeps 13 intents); past that the memo starts again. Not for
  /// sharing between threads, nor between routers.
  package final class DecisionMemo {
    /// One handler's decision for an intent: not yet made, or made (`nil`: no intent filters).
    package enum Slot {
      case unknown
      case decided(AndroidDecision?)
    }

    /// The most intents kept.
    package static let limit = 256
    /// The most handler decisions kept, over all intents.
    package static let slotBudget = 1 << 16

    /// Slots kept by a key, within the memo's bounds (one store for Android's and one for iOS's).
    private struct Kept<Key: Hashable, Value> {
      var byKey: [Key: [Value]] = [:]

      /// The key's slots, removed (new ones, `unknown`, for a key not met yet).
      mutating func take(_ key: Key, handlers: Int, unknown: Value) -> [Value] {
        if let slots = byKey.removeValue(forKey: key), slots.count == handlers { return slots }
        return Array(repeating: unknown, count: handlers)
      }

      /// Puts a key's slots back; past ``limit`` keys or ``slotBudget`` slots the store starts again.
      mutating func keep(_ slots: [Value], for key: Key) {
        if byKey.count >= min(DecisionMemo.limit, max(1, DecisionMemo.slotBudget / max(1, slots.count))) {
          byKey.removeAll(keepingCapacity: true)
        }
        byKey[key] = slots
      }
    }

    private var byIntent = Kept<AndroidIntent, Slot>()

    /// Creates an empty memo.
    package init() {}

    /// The intents kept now.
    package var count: Int { byIntent.byKey.count }

    /// The intent's slots, removed from the memo (new ones for an intent not met yet).
    func take(_ intent: AndroidIntent, handlers: Int) -> [Slot] {
      byIntent.take(intent, handlers: handlers, unknown: .unknown)
    }

    /// Puts an intent's slots back.
    func keep(_ slots: [Slot], for intent: AndroidIntent) {
      byIntent.keep(slots, for: intent)
    }

    /// One handler's iOS decision for a share of some attachment types: not yet made, or made
    /// (`nil`: no activation rule), its messages naming the attachments by ``placeholder(_:)``.
    package enum IOSSlot {
      case unknown
      /// The reasons (`nil`: no activation rule), and whether any message names an attachment.
      case decided([Reason]?, named: Bool)
    }

    /// The iOS decisions by the attachments' types (a handler's iOS decision depends only on
    /// them; the names are filled into its messages), with the same bounds as the Android ones.
    private var byTypes = Kept<[String], IOSSlot>()

    /// The iOS decisions kept now.
    package var iosCount: Int { byTypes.byKey.count }

    /// The mark around a placeholder (U+FFFF, a noncharacter): a placeholder is the mark, the
    /// attachment's position, the mark.
    static let mark: Unicode.Scalar = "\u{FFFF}"

    /// The name an attachment has in the decisions kept: its position between two marks.
    static func placeholder(_ index: Int) -> String { "\(Character(mark))\(index)\(Character(mark))" }

    /// The types' slots, removed from the memo (new ones for types not met yet).
    func take(types: [String], handlers: Int) -> [IOSSlot] {
      byTypes.take(types, handlers: handlers, unknown: .unknown)
    }

    /// Puts the types' slots back.
    func keep(_ slots: [IOSSlot], types: [String]) {
      byTypes.keep(slots, for: types)
    }

    /// The mark in UTF-8: EF BF BF.
    static let markBytes: [UInt8] = Array(String(Character(mark)).utf8)

    /// The position of the first mark in `bytes` at or after `start`, if any.
    static func nextMark(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
      var index = start
      while index + 2 < bytes.count {
        if bytes[index] == 0xEF && bytes[index + 1] == 0xBF && bytes[index + 2] == 0xBF { return index }
        index += 1
      }
      return nil
    }

    /// Whether a message names an attachment by placeholder.
    static func hasPlaceholder(_ message: String) -> Bool {
      var message = message
      return message.withUTF8 { nextMark($0, from: 0) != nil }
    }

    /// A message of a kept decision with each placeholder replaced by the attachment's name.
    static func filled(_ message: String, labels: [String]) -> String {
      var message = message
      return message.withUTF8 { bytes in
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var rest = 0
        while let open = nextMark(bytes, from: rest) {
          out += bytes[rest..<open]
          let after = open + 3
          guard let close = nextMark(bytes, from: after),
            let index = Int(String(decoding: bytes[after..<close], as: UTF8.self)), labels.indices.contains(index)
          else {
            out += markBytes  // not a placeholder: kept as written
            rest = after
            continue
          }
          out += labels[index].utf8
          rest = close + 3
        }
        out += bytes[rest...]
        return String(decoding: out, as: UTF8.self)
      }
    }
  }

  /// A route's iOS decisions: made on the share itself, or, with a memo, taken from it or made
  /// once on a template of the share (its attachments named by placeholders) and kept, their
  /// messages then given the share's own names.
  struct IOSDecisions {
    private let memo: DecisionMemo?
    private let items: [ShareItem]
    /// The attachment types the decisions are kept by; `nil` without a memo, or when a type
    /// holds the placeholder mark (a declared UTI may hold anything).
    private let types: [String]?
    private var slots: [DecisionMemo.IOSSlot]?
    private var template: Share?
    private var labels: [String] = []

    init(items: [ShareItem], memo: DecisionMemo?, handlers: Int) {
      self.memo = memo
      self.items = items
      let types = items.map(\.uti)
      if let memo, !types.contains(where: { $0.unicodeScalars.contains(DecisionMemo.mark) }) {
        self.types = types
        slots = memo.take(types: types, handlers: handlers)
        labels = items.map(Share.label)
      } else {
        self.types = nil
      }
    }

    /// The handler's iOS eligibility (``Router/iosEligibility(_:share:)``).
    mutating func eligibility(
      _ handler: borrowing HandlerManifest, at position: Int, share: inout Share, router: Router
    ) -> [Reason]? {
      guard slots != nil else { return router.iosEligibility(handler, share: &share) }
      let made: [Reason]?
      let named: Bool
      if case .decided(let kept, let keptNamed)? = slots?[position] {
        (made, named) = (kept, keptNamed)
      } else {
        var template = self.template ?? Share(template: items, intent: share.intent, matchKey: share.matchKey)
        made = router.iosEligibility(handler, share: &template)
        self.template = template
        named = made?.contains { DecisionMemo.hasPlaceholder($0.message) } ?? false
        slots?[position] = .decided(made, named: named)
      }
      guard named, let made else { return made }
      return made.map { reason in
        var filled = reason
        filled.message = DecisionMemo.filled(reason.message, labels: labels)
        return filled
      }
    }

    /// Puts the decisions back into the memo.
    mutating func giveBack() {
      if let slots, let types { memo?.keep(slots, types: types) }
      slots = nil
    }
  }

  /// An accepted handler before ordering: its position and what the order looks at.
  struct Candidate {
    let position: Int
    let id: String
    let order: Int?
    /// The highest priority among the matching filters (0 without Android rules).
    let priority: Int
    let reason: Acceptance?
    /// The items the handler receives when not the whole share (`select: any`).
    var items: [Int]? = nil
    /// The filter that stands for the handler on Android, when its Android rules accepted.
    var standing: Int? = nil

    /// The same candidate ranked with another priority (iOS has none).
    func withPriority(_ priority: Int) -> Candidate {
      var copy = Candidate(position: position, id: id, order: order, priority: priority, reason: reason)
      copy.items = items
      copy.standing = standing
      return copy
    }

    private init(position: Int, id: String, order: Int?, priority: Int, reason: Acceptance?) {
      self.position = position
      self.id = id
      self.order = order
      self.priority = priority
      self.reason = reason
    }

    init(position: Int, handler: borrowing HandlerManifest, priority: Int, reason: Acceptance?) {
      self.position = position
      id = handler.id
      order = handler.order
      self.priority = priority
      self.reason = reason
    }
  }

  /// The source profile named `source`, or `nil` without one.
  func sourceProfile(_ source: String?) throws(RoutingError) -> SourceProfile? {
    guard let source else { return nil }
    guard let profile = sources[source] else {
      throw .unknownSource(source, known: sources.keys.sorted())
    }
    return profile
  }

  /// Phase 1, the source's policy: a profile offers only the handlers it lists, and never the
  /// ones it excludes.
  func sourcePolicy(_ handler: borrowing HandlerManifest, _ profile: SourceProfile?) -> [Reason] {
    guard let profile else { return [] }
    if profile.excludes.contains(handler.id) { return [RouteMessages.excluded(handler: handler, source: profile.name)] }
    guard !profile.offers.contains(handler.id) else { return [] }
    return [RouteMessages.notOffered(handler: handler, source: profile.name)]
  }

  /// Phase 2, Android: `nil` when the handler declares no intent filters; otherwise every reason
  /// (none when a filter matches and the component is enabled) and the priority of the best match.
  func androidEligibility(_ handler: borrowing HandlerManifest, intent: AndroidIntent) -> AndroidDecision? {
    guard let filters = handler.intentFilters else { return nil }
    var reasons: [Reason] = []
    if !handler.enabled && !assumeEnabled { reasons.append(RouteMessages.disabled) }
    let outcome = Resolver.evaluate(filters, intent: intent)
    guard !outcome.matches.isEmpty else { return AndroidDecision(priority: 0, reasons: reasons + outcome.reasons, standing: nil) }
    // The filter that stands for the component: its installed priority, its label.
    let standing = Resolver.standingFilter(filters, matches: outcome.matches.map(\.index), intent: intent) ?? outcome.matches[0].index
    return AndroidDecision(
      priority: filters[standing].installedPriority(privileged: handler.privileged), reasons: reasons, standing: standing)
  }

  /// A handler's Android decision for an intent: the installed priority and the position of the
  /// filter that stands for it (`nil` when no filter matched), or the reasons it refuses.
  package struct AndroidDecision {
    var priority: Int
    var reasons: [Reason]
    var standing: Int?
  }

  /// The label a share sheet shows for an accepted handler (`ResolveInfo.loadLabel`): the
  /// matching filter's, else the component's (its own, an alias's target's, the application's,
  /// else its class name).
  func sheetLabel(_ candidate: Candidate) -> String {
    let handler = handlers[candidate.position]
    if let standing = candidate.standing, let filters = handler.intentFilters, standing < filters.count,
      let label = filters[standing].label
    {
      return label
    }
    return handler.componentLabel ?? handler.label
  }

  /// Phase 2, iOS: `nil` when the handler declares no activation rule; otherwise every reason
  /// the rule gives (none when it activates).
  func iosEligibility(_ handler: borrowing HandlerManifest, share: inout Share) -> [Reason]? {
    guard let rule = handler.activationRule else { return nil }
    switch rule {
    case .dictionary(let dictionary):
      return dictionary.evaluate(share.attachments).map { RouteMessages.reason($0, rule: dictionary) }
    case .predicate(let predicate):
      switch predicate.evaluate(matching: share.matchingDictionary()) {
      case .accepted: return []
      case .refused(let why): return [RouteMessages.predicateFalse(why)]
      case .failed(let why): return [RouteMessages.predicateFailed(why)]
      case .overBudget(let why): return [RouteMessages.predicateOverBudget(why)]
      }
    }
  }

  /// Phase 3, limits: the first kind whose count is over the handler's limit.
  func limits(_ handler: borrowing HandlerManifest, items: [ShareItem]) -> [Reason] {
    for kind in ItemKind.allCases {
      guard let limit = handler.limits[kind] else { continue }
      let count = items.count(where: { $0.kind == kind })
      if count > limit {
        return [RouteMessages.overLimit(kind: kind, count: count, limit: limit, handler: handler)]
      }
    }
    return []
  }

  /// The most items one share may hold (10,000). Real shares are far smaller: Android carries a
  /// share's URIs in one Binder transaction of at most 1 MB (a few thousand content URIs), and
  /// an iOS share extension runs in about 120 MB of memory; 10,000 is above both and keeps the
  /// cost of any rule over one share bounded.
  public static let maxItemsPerShare = 10_000
}

/// A share that cannot be routed as asked.
public enum RoutingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// `--source` names a source without a profile.
  case unknownSource(String, known: [String])
  /// More items than ``Router/maxItemsPerShare``: the count and the limit.
  case tooManyItems(Int, limit: Int)
}
