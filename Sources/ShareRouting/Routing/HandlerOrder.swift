/// The two orders handlers are listed in, side by side: a route's (share-route's policy,
/// `docs/routing.md#phases`) and Android resolution's (`ComponentResolver.RESOLVE_PRIORITY_SORTER`,
/// `docs/android.md#resolution-order`). Both end on the id by UTF-16 code units, as Java compares.
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

  /// Android's resolver order (`RESOLVE_PRIORITY_SORTER`): priority (descending), then filters
  /// with DEFAULT first, then match value (descending), then package name by UTF-16 code units;
  /// `nil` when the two tie (the sort is stable: they keep the order they were found in).
  static func resolverPrecedes(_ lhs: Resolver.Match, _ rhs: Resolver.Match) -> Bool? {
    if lhs.priority != rhs.priority { return lhs.priority > rhs.priority }
    if lhs.isDefault != rhs.isDefault { return lhs.isDefault }
    if lhs.match != rhs.match { return lhs.match > rhs.match }
    let left = package(of: lhs.handler.id)
    let right = package(of: rhs.handler.id)
    if left != right { return byUTF16(left, right) }
    return nil
  }

  /// The package of a component id (`package/.Class` → `package`); a share-route manifest's id
  /// is its package.
  static func package(of id: String) -> Substring {
    let utf8 = id.utf8
    guard let slash = utf8.firstIndex(of: UInt8(ascii: "/")) else { return Substring(id) }
    return Substring(utf8[..<slash])
  }

  /// Java `String.compareTo` order: UTF-16 code units, lexicographic.
  static func byUTF16<Left: StringProtocol, Right: StringProtocol>(_ lhs: Left, _ rhs: Right) -> Bool {
    lhs.utf16.lexicographicallyPrecedes(rhs.utf16)
  }
}
