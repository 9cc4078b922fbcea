/// Android-level resolution of one intent over every handler's filters, as
/// `PackageManager.queryIntentActivities` orders it (`specs/android-intents.md` §3).
///
/// The intent is used exactly as given: no category is added and the type is not normalised.
/// One result per handler (its best matching filter); results are sorted by priority
/// (descending), then `isDefault` (filters with DEFAULT first), then match value (descending),
/// then id by UTF-16 code units, like `ComponentResolver.RESOLVE_PRIORITY_SORTER`.
public enum Resolver {
  /// A handler that matched.
  public struct Match: Hashable, Sendable {
    /// The handler.
    public var handler: HandlerSummary
    /// The index of the filter that matched (0-based).
    public var filterIndex: Int
    /// AOSP's match value (`MATCH_CATEGORY_* + MATCH_ADJUSTMENT_NORMAL`).
    public var match: Int
    /// The filter's priority.
    public var priority: Int
    /// Whether the filter has the DEFAULT category.
    public var isDefault: Bool
  }

  /// Resolves an intent.
  ///
  /// - Parameters:
  ///   - intent: The intent, verbatim.
  ///   - handlers: Every handler; those without Android filters are skipped.
  ///   - assumeEnabled: Whether components written `android:enabled="false"` take part (a
  ///     device's `queryIntentActivities` leaves them out, as they are off until the app enables
  ///     them); otherwise each is refused as `disabled`.
  /// - Returns: The matches in resolver order, and every refusing handler with one reason per filter.
  public static func query(_ intent: AndroidIntent, handlers: [HandlerManifest], assumeEnabled: Bool = false) -> (
    matches: [Match], rejected: [Rejection]
  ) {
    var matches: [Match] = []
    var rejected: [Rejection] = []
    for handler in handlers {
      guard let filters = handler.intentFilters else { continue }
      if !handler.enabled && !assumeEnabled {
        rejected.append(Rejection(id: handler.id, label: handler.label, reasons: [RouteMessages.disabled]))
        continue
      }
      let outcome = evaluate(filters, intent: intent)
      let best = outcome.matches.map { index, value in
        Match(
          handler: HandlerSummary(id: handler.id, label: handler.label), filterIndex: index,
          match: value, priority: filters[index].priority, isDefault: filters[index].hasDefaultCategory)
      }.min(by: HandlerOrder.resolver)
      if let best {
        matches.append(best)
      } else {
        rejected.append(Rejection(id: handler.id, label: handler.label, reasons: outcome.reasons))
      }
    }
    matches.sort(by: HandlerOrder.resolver)
    return (matches, rejected)
  }

  /// Matches every filter of one handler: the filters that match (index and AOSP match value)
  /// and one reason per filter that does not (or `no-filters` when there are none).
  static func evaluate(_ filters: [IntentFilter], intent: AndroidIntent) -> (
    matches: [(index: Int, value: Int)], reasons: [Reason]
  ) {
    guard !filters.isEmpty else { return ([], [RouteMessages.noFilters]) }
    var matches: [(index: Int, value: Int)] = []
    var reasons: [Reason] = []
    // Filters are matched in place (a copy of each would retain every list it holds).
    filters.withUnsafeBufferPointer { buffer in
      for index in buffer.indices {
        switch buffer[index].match(intent) {
        case .match(let value):
          matches.append((index, value))
        case .noMatch(let why):
          reasons.append(
            RouteMessages.androidReason(
              why, filter: buffer[index], intent: intent, index: buffer.count > 1 ? index : nil))
        }
      }
    }
    return (matches, reasons)
  }
}
