/// Android-level resolution of one intent over every component's filters, as
/// `PackageManager.queryIntentActivities` (`cmd package query-activities`) finds and orders them.
///
/// The intent is used exactly as given: no category is added and the type is not normalised.
/// Resolution follows AOSP (Android 14):
/// 1. **Registration** (`IntentResolver.addFilter`): every filter of every enabled component, in
///    component order, is listed under each of its schemes; under its types
///    (`register_mime_types`: `image/png` under the type and its base `image`, `image/*` under
///    `image/*` and the wildcard base `image`, `*/*` under `*/*` and the wildcard base `*`); under
///    its actions when it has neither types nor schemes, and among the typed filters of its
///    actions when it has types. A filter without actions is not registered (the manifest parser
///    drops it).
/// 2. **Candidates** (`IntentResolver.queryIntent`): for a type with a `/` after its first
///    character, the filters of that exact type (or, for `base/*`, of any `base/…` type), those
///    of the wildcard base, and those of `*/*`; for a `*/…` type, the typed filters of the intent's
///    action (none without an action); the filters of the data's scheme; and, for an intent with
///    neither type nor data, the data-less filters of its action. A type without such a `/`
///    (`image`, `*`, empty) collects nothing.
/// 3. **Matching** (`buildResolveList`): candidates are asked in that order, and a component's
///    first matching filter stands for it (`ActivityIntentResolver.allowFilterResult`).
/// 4. **Order** (`RESOLVE_PRIORITY_SORTER`, a stable sort): priority (descending), filters with
///    `DEFAULT` first, match value (descending), package name by UTF-16 code units; ties keep the
///    order they were found in, so activities of one package stay in candidate order.
///
/// Priorities are the installed ones (`ComponentResolver.adjustPriority`,
/// ``IntentFilter/installedPriority(privileged:)``): above 0 only for a privileged package's
/// filters without a protected action.
///
/// Not modelled: web-link domain verification, preferred activities, package visibility and
/// permissions, instant apps, stopped packages, runtime MIME groups, and the setup wizard's
/// exception to the priority cap.
package enum Resolver {
  /// A component that matched.
  package struct Match: Hashable, Sendable {
    /// The component.
    package var handler: HandlerSummary
    /// The index of the filter that stands for it, among all its filters (0-based).
    package var filterIndex: Int
    /// AOSP's match value (`MATCH_CATEGORY_* + MATCH_ADJUSTMENT_NORMAL`).
    package var match: Int
    /// The filter's priority.
    package var priority: Int
    /// Whether the filter has the DEFAULT category.
    package var isDefault: Bool
    /// Whether the package is a system app (a privileged one is).
    package var system = false
  }

  /// Resolves an intent.
  ///
  /// - Parameters:
  ///   - intent: The intent, verbatim.
  ///   - handlers: Every component, in the order the packages declare them (``ManifestSet/components``);
  ///     those without Android filters are skipped.
  ///   - assumeEnabled: Whether components written `android:enabled="false"` take part (a
  ///     device's `queryIntentActivities` leaves them out, as they are off until the app enables
  ///     them); otherwise each is refused as `disabled`.
  /// - Returns: The matches in resolver order, and every other component with one reason per filter.
  package static func query(_ intent: AndroidIntent, handlers: [HandlerManifest], assumeEnabled: Bool = false) -> (
    matches: [Match], rejected: [Rejection]
  ) {
    var registry = Registry()
    for (position, handler) in handlers.enumerated() {
      guard let filters = handler.intentFilters, handler.enabled || assumeEnabled else { continue }
      for (index, filter) in filters.enumerated() { registry.add(filter, component: position, index: index) }
    }
    var matches: [Match] = []
    var found = Set<Int>()
    for candidate in registry.candidates(for: intent) where !found.contains(candidate.component) {
      // allowFilterResult: a component already found is not asked again.
      let handler = handlers[candidate.component]
      guard let filters = handler.intentFilters, case .match(let value) = filters[candidate.index].match(intent) else {
        continue
      }
      let filter = filters[candidate.index]
      found.insert(candidate.component)
      // ResolveInfo.loadLabel: the matching filter's label, else the component's.
      var match = Match(
        handler: HandlerSummary(id: handler.id, label: filter.label ?? handler.componentLabel ?? handler.label, guessed: handler.guessed),
        filterIndex: candidate.index, match: value, priority: filter.installedPriority(privileged: handler.privileged),
        isDefault: filter.hasDefaultCategory)
      match.system = handler.privileged
      matches.append(match)
    }
    // A stable sort: ties keep the order the candidates were found in.
    let sorted = matches.enumerated().sorted { lhs, rhs in
      HandlerOrder.resolverPrecedes(lhs.element, rhs.element) ?? (lhs.offset < rhs.offset)
    }.map(\.element)
    var rejected: [Rejection] = []
    for (position, handler) in handlers.enumerated() where !found.contains(position) {
      guard let filters = handler.intentFilters else { continue }
      if !handler.enabled && !assumeEnabled {
        rejected.append(Rejection(id: handler.id, label: handler.label, reasons: [RouteMessages.disabled], guessed: handler.guessed))
        continue
      }
      rejected.append(Rejection(
          id: handler.id, label: handler.label, reasons: reasons(filters, intent: intent), guessed: handler.guessed))
    }
    return (sorted, rejected)
  }

  /// The filters of every component by what the resolver looks them up by
  /// (`IntentResolver`'s `mTypeToFilter`, `mBaseTypeToFilter`, `mWildTypeToFilter`,
  /// `mSchemeToFilter`, `mActionToFilter`, `mTypedActionToFilter`), each in registration order.
  struct Registry {
    struct Entry: Hashable {
      let component: Int
      let index: Int
    }

    var byType: [String: [Entry]] = [:]
    var byBaseType: [String: [Entry]] = [:]
    var byWildType: [String: [Entry]] = [:]
    var byScheme: [String: [Entry]] = [:]
    var byAction: [String: [Entry]] = [:]
    var byTypedAction: [String: [Entry]] = [:]

    mutating func add(_ filter: IntentFilter, component: Int, index: Int) {
      // A filter without actions was dropped by the manifest parser.
      guard !filter.actions.isEmpty else { return }
      let entry = Entry(component: component, index: index)
      for scheme in filter.schemes { byScheme[scheme, default: []].append(entry) }
      for stored in filter.storedTypes {
        // register_mime_types: a stored `base/sub` is listed under the type and its base; a
        // stored partial base (`image` for image/*, `*` for */*) under `base/*` and the wild base.
        if let slash = stored.utf16.firstIndex(of: 0x2F), slash != stored.utf16.startIndex {
          byType[stored, default: []].append(entry)
          byBaseType[String(Substring(stored.utf16[..<slash])), default: []].append(entry)
        } else {
          byType[stored + "/*", default: []].append(entry)
          byWildType[stored, default: []].append(entry)
        }
      }
      var actions: [String] = []
      for action in filter.actions where !actions.contains(action) { actions.append(action) }
      if filter.schemes.isEmpty && filter.storedTypes.isEmpty {
        for action in actions { byAction[action, default: []].append(entry) }
      }
      if !filter.storedTypes.isEmpty {
        for action in actions { byTypedAction[action, default: []].append(entry) }
      }
    }

    /// `queryIntent`'s cuts, in the order `buildResolveList` walks them: first, second and third
    /// type cuts, then the scheme cut.
    func candidates(for intent: AndroidIntent) -> [Entry] {
      cuts(for: intent).flatMap { $0 }
    }

    /// The cuts apart: the first type cut (a `*/…` type: the action's typed filters; no type
    /// and no scheme: the action's filters), the second (`base/*`), the third (`*/*`), then the
    /// scheme cut.
    func cuts(for intent: AndroidIntent) -> [[Entry]] {
      var first: [Entry] = []
      var second: [Entry] = []
      var third: [Entry] = []
      if let type = intent.type, let slash = type.utf16.firstIndex(of: 0x2F), slash != type.utf16.startIndex {
        let base = String(Substring(type.utf16[..<slash]))
        if base != "*" {
          let afterSlash = type.utf16.index(after: slash)
          let isBaseWildcard =
            afterSlash != type.utf16.endIndex && type.utf16[afterSlash] == 0x2A
            && type.utf16.index(after: afterSlash) == type.utf16.endIndex
          first = (isBaseWildcard ? byBaseType[base] : byType[type]) ?? []
          second = byWildType[base] ?? []
          third = byWildType["*"] ?? []
        } else if let action = intent.action {
          first = byTypedAction[action] ?? []
        }
      }
      if intent.type == nil && intent.scheme == nil, let action = intent.action { first = byAction[action] ?? [] }
      return [first, second, third, intent.scheme.map { byScheme[$0] ?? [] } ?? []]
    }
  }

  /// The filter that stands for a component among those that match an intent (`matches`, by
  /// index): the first in the resolver's candidate order (`allowFilterResult` keeps the first
  /// result of a component).
  static func standingFilter(_ filters: [IntentFilter], matches: [Int], intent: AndroidIntent) -> Int? {
    guard matches.count > 1 else { return matches.first }
    var registry = Registry()
    for (index, filter) in filters.enumerated() { registry.add(filter, component: 0, index: index) }
    let matching = Set(matches)
    return registry.candidates(for: intent).first { matching.contains($0.index) }?.index ?? matches.first
  }

  /// The cut of `queryIntent` (0 the first, exact type; 1 the base wildcard; 2 `*/*`; 3 the
  /// scheme) in which a filter of a component is first found for an intent; past them when it
  /// is in none.
  static func cut(of index: Int, in filters: [IntentFilter], intent: AndroidIntent) -> Int {
    var registry = Registry()
    for (position, filter) in filters.enumerated() { registry.add(filter, component: 0, index: position) }
    let cuts = registry.cuts(for: intent)
    return cuts.firstIndex { $0.contains { $0.index == index } } ?? cuts.count
  }

  /// One reason per filter of a component none of whose filters was found for the intent: the
  /// filter's own refusal, or why the resolver never asked a filter that would match; or
  /// `no-filters` when there are none.
  static func reasons(_ filters: [IntentFilter], intent: AndroidIntent) -> [Reason] {
    guard !filters.isEmpty else { return [RouteMessages.noFilters] }
    let numbered = filters.count > 1
    return filters.enumerated().map { index, filter in
      if filter.actions.isEmpty { return RouteMessages.filterWithoutActions(index: numbered ? index : nil, position: index) }
      switch filter.match(intent) {
      case .noMatch(let why):
        return RouteMessages.androidReason(why, filter: filter, intent: intent, index: numbered ? index : nil, position: index)
      case .match:
        return RouteMessages.notACandidate(filter: filter, intent: intent, index: numbered ? index : nil, position: index)
      }
    }
  }

  /// Matches every filter of one handler against a share intent: the filters that match (index
  /// and AOSP match value) and one reason per filter that does not (or `no-filters` when there are
  /// none). Filters that take neither SEND nor SEND_MULTIPLE (a component's `VIEW` filter) can
  /// never match a share; their reasons are left out when another filter gives one.
  static func evaluate(_ filters: [IntentFilter], intent: AndroidIntent) -> (
    matches: [(index: Int, value: Int)], reasons: [Reason]
  ) {
    guard !filters.isEmpty else { return ([], [RouteMessages.noFilters]) }
    var matches: [(index: Int, value: Int)] = []
    var reasons: [Reason] = []
    var otherReasons: [Reason] = []
    // Filters are matched in place (a copy of each would retain every list it holds).
    filters.withUnsafeBufferPointer { buffer in
      let numbered = buffer.count > 1
      for index in buffer.indices {
        let filter = buffer[index]
        let isShareFilter =
          filter.actions.contains(IntentFilter.actionSend) || filter.actions.contains(IntentFilter.actionSendMultiple)
        switch filter.match(intent) {
        case .match(let value):
          matches.append((index, value))
        case .noMatch(let why):
          let reason =
            filter.actions.isEmpty
            ? RouteMessages.filterWithoutActions(index: numbered ? index : nil, position: index)
            : RouteMessages.androidReason(why, filter: filter, intent: intent, index: numbered ? index : nil, position: index)
          if isShareFilter { reasons.append(reason) } else { otherReasons.append(reason) }
        }
      }
    }
    return (matches, reasons.isEmpty ? otherReasons : reasons)
  }
}
