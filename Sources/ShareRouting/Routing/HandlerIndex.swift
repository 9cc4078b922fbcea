/// The handlers that can possibly accept a share, found without looking at the others: built
/// once per router, on first use by a route without refusals
/// (``Router/route(items:platform:source:id:errors:refusals:)`` with ``Router/Refusals/omitted``),
/// it lets that route touch only those handlers.
///
/// The index only narrows: every handler it names is then evaluated in full, so the answer is
/// exactly the full evaluation's. It never leaves out a handler that would accept.
///
/// - Android: like `IntentResolver`, filters sit in buckets by action and then by type — full
///   types (`image/jpeg`), base wildcards (`image/*`, stored as `image`), `*/*` (stored as `*`),
///   and full types again by their base (for an intent of type `image/*`). Filters with schemes
///   or without types are kept aside and always tried.
/// - iOS dictionary rules: by the keys with a value of at least 1 (image, movie, text, web URL,
///   web page, file, attachments); a share reaches the rules of the keys that cover one of its
///   attachments. Rules that can accept without an accepted key (fuzzy matching with only keys
///   of 0, or only a minimum count) and predicate rules are always tried; rules whose values are
///   all 0 never accept and are left out.
struct HandlerIndex: Sendable {
  /// Handler positions (in manifest order) by bucket.
  private typealias Bucket = [String: [Int]]

  private var fullTypes: [String: Bucket] = [:]
  private var baseWildcards: [String: Bucket] = [:]
  private var fullTypesByBase: [String: Bucket] = [:]
  private var anyType: [String: [Int]] = [:]
  private var allTypes: [String: [Int]] = [:]
  private var alwaysAndroid: [String: [Int]] = [:]
  private var withFilters: [Int] = []

  private var byKey: [ActivationDictionary.Key: [Int]] = [:]
  private var alwaysIOS: [Int] = []

  /// Which handlers declare Android filters and iOS rules, by position.
  private var hasFilters: [Bool] = []
  private var hasRule: [Bool] = []

  init(_ handlers: [HandlerManifest]) {
    hasFilters = handlers.map { $0.intentFilters != nil }
    hasRule = handlers.map { $0.activationRule != nil }
    for (position, handler) in handlers.enumerated() {
      if let filters = handler.intentFilters {
        withFilters.append(position)
        for filter in filters { add(filter, position) }
      }
      switch handler.activationRule {
      case .none: break
      case .predicate: alwaysIOS.append(position)
      case .dictionary(let rule): add(rule, position)
      }
    }
  }

  private mutating func add(_ filter: IntentFilter, _ position: Int) {
    for action in filter.actions {
      guard filter.schemes.isEmpty, !filter.storedTypes.isEmpty else {
        alwaysAndroid[action, default: []].append(position)
        continue
      }
      allTypes[action, default: []].append(position)
      for stored in filter.storedTypes {
        if stored == "*" && filter.hasPartialTypes {
          anyType[action, default: []].append(position)
        } else if filter.hasPartialTypes && !stored.contains("/") {
          baseWildcards[action, default: [:]][stored, default: []].append(position)
        }
        // Every stored type also matches an intent of exactly that type.
        fullTypes[action, default: [:]][stored, default: []].append(position)
        if let slash = stored.firstIndex(of: "/") {
          fullTypesByBase[action, default: [:]][String(stored[..<slash]), default: []].append(position)
        }
      }
    }
  }

  private mutating func add(_ rule: ActivationDictionary, _ position: Int) {
    if rule.values.values.allSatisfy({ $0.intValue == 0 }) { return }  // never accepts
    let accepted = ActivationDictionary.Key.typeKeys.filter { rule.int($0) >= 1 }
    if accepted.isEmpty {
      // Only fuzzy rules (keys of 0, or a minimum count alone) can accept without an accepted key.
      if !rule.usesStrictMatching { alwaysIOS.append(position) }
      return
    }
    for key in accepted { byKey[key, default: []].append(position) }
  }

  /// The handlers whose Android filters may match the intent (a superset of those that do).
  func androidCandidates(_ intent: AndroidIntent) -> Set<Int> {
    guard let action = intent.action else { return Set(withFilters) }
    // A filter without actions matches only an intent without one (handled above).
    var found = Set(alwaysAndroid[action] ?? [])
    guard let type = intent.type else { return found }
    found.formUnion(fullTypes[action]?[type] ?? [])
    found.formUnion(anyType[action] ?? [])
    if type == "*/*" { found.formUnion(allTypes[action] ?? []) }
    let utf16 = Array(type.utf16)
    if let slash = utf16.firstIndex(of: 0x2F), slash > 0 {
      let base = String(decoding: utf16[..<slash], as: UTF16.self)
      found.formUnion(baseWildcards[action]?[base] ?? [])
      if utf16.count == slash + 2 && utf16[slash + 1] == 0x2A {
        found.formUnion(fullTypesByBase[action]?[base] ?? [])
      }
    }
    return found
  }

  /// The handlers whose iOS rules may accept the attachments (a superset of those that do).
  func iosCandidates(_ attachments: [Attachment]) -> Set<Int> {
    var found = Set(alwaysIOS)
    for (key, positions) in byKey where attachments.contains(where: { $0.coverage & key.bit != 0 }) {
      found.formUnion(positions)
    }
    return found
  }

  /// The handlers to evaluate for a share on `platform`, in manifest order: those whose every
  /// declared rule set (for the platform) may accept it.
  func candidates(intent: AndroidIntent, attachments: [Attachment], platform: Platform) -> [Int] {
    let android = platform == .ios ? [] : androidCandidates(intent)
    let ios = platform == .android ? [] : iosCandidates(attachments)
    var result: Set<Int>
    switch platform {
    case .android: result = android
    case .ios: result = ios
    case .all:
      result = android.filter { !hasRule[$0] || ios.contains($0) }
      result.formUnion(ios.filter { !hasFilters[$0] })
    }
    return result.sorted()
  }
}
