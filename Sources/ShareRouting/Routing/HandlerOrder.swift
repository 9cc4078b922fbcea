import Foundation

/// The two orders handlers are listed in, side by side: a route's (the share sheet of a fresh
/// phone, `docs/android.md#the-share-sheets-order`) and Android resolution's
/// (`ComponentResolver.RESOLVE_PRIORITY_SORTER`, `docs/android.md#resolution-order`).
enum HandlerOrder {
  /// A route's order: handlers that declare an `order` first, ascending (an in-app share module's
  /// own list); then the rest as a fresh phone's share sheet lists app targets
  /// (`ResolverRankerServiceResolverComparator.compare` with no usage: every predicted
  /// probability equal, so `Collator.compare` of the trimmed labels in the phone's locale);
  /// ties keep the resolver's order (`RESOLVE_PRIORITY_SORTER`: system apps first, then package
  /// names by UTF-16 code units; then the order the resolver found them in: by the cut the
  /// standing filter was found in, then by registration).
  /// `ranks` are the router's label ranks (``Router/LabelRanks``), taken once for the sort.
  static func route(
    _ lhs: Router.Candidate, _ rhs: Router.Candidate, in router: Router, intent: AndroidIntent, ranks: [String: Int]
  ) -> Bool {
    switch (lhs.order, rhs.order) {
    case let (left?, right?) where left != right: return left < right
    case (.some, nil): return true
    case (nil, .some): return false
    default: break
    }
    let labels = router.compareLabels(router.sheetLabel(lhs), router.sheetLabel(rhs), ranks: ranks)
    if labels != 0 { return labels < 0 }
    let leftHandler = router.handlers[lhs.position]
    let rightHandler = router.handlers[rhs.position]
    if leftHandler.privileged != rightHandler.privileged { return leftHandler.privileged }
    let left = package(of: lhs.id)
    let right = package(of: rhs.id)
    if left != right { return byUTF16(left, right) }
    let leftCut = cut(lhs, leftHandler, intent)
    let rightCut = cut(rhs, rightHandler, intent)
    if leftCut != rightCut { return leftCut < rightCut }
    return lhs.position < rhs.position
  }

  /// The resolver's cut the candidate's standing filter is found in (`Resolver.Registry`), past
  /// every cut without one.
  private static func cut(_ candidate: Router.Candidate, _ handler: HandlerManifest, _ intent: AndroidIntent) -> Int {
    guard let standing = candidate.standing, let filters = handler.intentFilters else { return Int.max }
    return Resolver.cut(of: standing, in: filters, intent: intent)
  }

  /// Android's resolver order (`RESOLVE_PRIORITY_SORTER`): priority (descending), then filters
  /// with DEFAULT first, then match value (descending), then system apps (a privileged package
  /// is one) first, then package name by UTF-16 code units;
  /// `nil` when the two tie (the sort is stable: they keep the order they were found in).
  static func resolverPrecedes(_ lhs: Resolver.Match, _ rhs: Resolver.Match) -> Bool? {
    if lhs.priority != rhs.priority { return lhs.priority > rhs.priority }
    if lhs.isDefault != rhs.isDefault { return lhs.isDefault }
    if lhs.match != rhs.match { return lhs.match > rhs.match }
    if lhs.system != rhs.system { return lhs.system }
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

/// Labels compared as Android's share sheet compares them: `java.text.Collator` in the phone's
/// locale on `String.trim()`med labels (`ResolverRankerServiceResolverComparator`). Android's
/// collator is ICU's with the locale's own defaults (tertiary strength, and whatever the locale's
/// rules set, such as Thai's shifted punctuation); share-route asks ICU's collator the same way
/// (``ICUCollator``), opened on the first comparison.
package struct LabelCollation: Sendable {
  /// The locale, as BCP 47 (`en`, `pt-BR`): `--locale`, else English.
  package let identifier: String
  private let collator: ICUCollator

  /// The collation of a locale (`de`, `pt-BR`, Android's `pt-rBR`); English for `nil` or a
  /// locale share-route does not read.
  package init(_ locale: String?) {
    let parsed = locale.flatMap(AndroidLocale.init)
    let language: String? =
      switch parsed?.language {
      case "iw": "he"
      case "in": "id"
      case "ji": "yi"
      case let other: other
      }
    var identifier = language ?? "en"
    if let script = parsed?.script { identifier += "-" + script }
    if let region = parsed?.region { identifier += "-" + region }
    self.identifier = identifier
    collator = ICUCollator(locale: identifier)
  }

  /// The order of two labels (negative, zero, positive), each trimmed as Java's `String.trim()`
  /// trims (characters up to U+0020 at both ends).
  package func order(_ lhs: String, _ rhs: String) -> Int {
    collator.order(Self.trimmed(lhs), Self.trimmed(rhs))
  }

  /// Java's `String.trim()`.
  static func trimmed(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { $0.value > 0x20 }) else { return "" }
    guard first != scalars.startIndex || scalars.last.map({ $0.value <= 0x20 }) == true else { return text }
    let last = scalars.lastIndex { $0.value > 0x20 } ?? first
    return String(scalars[first...last])
  }
}
