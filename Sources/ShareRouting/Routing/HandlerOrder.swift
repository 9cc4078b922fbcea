/// The two orders handlers are listed in, side by side: a route's (share-route's policy,
/// DESIGN §5) and Android resolution's (`ComponentResolver.RESOLVE_PRIORITY_SORTER`,
/// `specs/android-intents.md` §3). Both end on the id by UTF-16 code units, as Java compares.
enum HandlerOrder {
  /// A route's order: Android priority (descending; the highest among matching filters, 0
  /// without Android rules), then the manifest's `order` (ascending, unset last), then id.
  static func route(_ lhs: Router.Candidate, _ rhs: Router.Candidate) -> Bool {
    if lhs.priority != rhs.priority { return lhs.priority > rhs.priority }
    switch (lhs.order, rhs.order) {
    case let (left?, right?) where left != right: return left < right
    case (.some, nil): return true
    case (nil, .some): return false
    default: return byUTF16(lhs.id, rhs.id)
    }
  }

  /// Android's resolver order: priority (descending), then filters with DEFAULT first, then match
  /// value (descending), then id.
  static func resolver(_ lhs: Resolver.Match, _ rhs: Resolver.Match) -> Bool {
    if lhs.priority != rhs.priority { return lhs.priority > rhs.priority }
    if lhs.isDefault != rhs.isDefault { return lhs.isDefault }
    if lhs.match != rhs.match { return lhs.match > rhs.match }
    return byUTF16(lhs.handler.id, rhs.handler.id)
  }

  /// Java `String.compareTo` order: UTF-16 code units, lexicographic.
  static func byUTF16(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf16.lexicographicallyPrecedes(rhs.utf16)
  }
}
