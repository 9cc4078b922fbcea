/// An Android `<intent-filter>` as `IntentFilter` stores it, with AOSP's matching rules.
///
/// Construction follows `IntentFilter.addDataType` (`processMimeType`): a type written `base/*` is
/// stored as `base` and marks the filter as having partial types; `*/*` is stored as `*`; anything
/// else, `*/jpeg` and upper case included, is stored literally. Matching follows `IntentFilter.match`:
/// action, then data (scheme, scheme-specific part, authority and path, then type), then
/// categories. Schemes, types and categories compare case-sensitively; hosts case-insensitively.
///
/// A filter without actions never matches: Android's manifest parser drops it
/// (`ParsedMainComponentUtils`), though it keeps its place in the numbering share-route shows.
///
/// Source: `core/java/android/content/IntentFilter.java`, Android 14.
package struct IntentFilter: Hashable, Sendable {
  /// The actions, full names (`android.intent.action.SEND`).
  package let actions: [String]
  /// The categories, full names, exactly as declared.
  package let categories: [String]
  /// The MIME types as written in the manifest, in order, duplicates removed.
  package let declaredTypes: [String]
  /// The schemes as written.
  package let schemes: [String]
  /// The `host`/`port` pairs of the `<data>` elements (`IntentFilter.AuthorityEntry`).
  package let authorities: [Authority]
  /// The path patterns (`path`, `pathPrefix`, `pathPattern`, `pathAdvancedPattern`, `pathSuffix`).
  package let paths: [PatternMatcher]
  /// The scheme-specific-part patterns (`ssp`, `sspPrefix`, `sspPattern`, `sspAdvancedPattern`,
  /// `sspSuffix`).
  package let schemeSpecificParts: [PatternMatcher]
  /// `android:priority`, default 0.
  package let priority: Int
  /// The filter's own `android:label`, resolved (`nil` without one): what the share sheet shows
  /// for the component when this filter is the one that matched (`ResolveInfo.loadLabel`).
  package var label: String?

  /// A `<data android:host android:port>` pair, matched like `IntentFilter.AuthorityEntry`.
  ///
  /// A host that starts with `*` matches any host ending with the rest (`*.example.com` matches
  /// `a.example.com`, not `example.com`; `*` alone matches every host); hosts compare
  /// case-insensitively; a port, when given, must equal the URI's.
  package struct Authority: Hashable, Sendable {
    /// The host as written.
    package let host: String
    /// The port, or -1 for any.
    package let port: Int
    /// Whether the host started with `*`.
    let wild: Bool
    /// The host without its `*`, as UTF-16.
    let hostUnits: [UInt16]

    /// Creates an authority.
    ///
    /// - Parameters:
    ///   - host: The host as written.
    ///   - port: The port as written, or `nil`.
    /// - Throws: ``MalformedPort`` when the port is not a number (`Integer.parseInt` throws and
    ///   the package does not install).
    package init(host: String, port: String?) throws(MalformedPort) {
      self.host = host
      if let port {
        guard let value = AndroidURI.javaParseInt(port) else { throw MalformedPort(port: port) }
        self.port = value
      } else {
        self.port = -1
      }
      wild = host.utf16.first == UInt16(UInt8(ascii: "*"))
      hostUnits = Array(host.utf16.dropFirst(wild ? 1 : 0))
    }

    /// `AuthorityEntry.match(data)`: `MATCH_CATEGORY_PORT` or `_HOST`, or `nil`.
    func match(_ uri: AndroidURI) -> Int? {
      guard let host = uri.host else { return nil }
      var units = Array(host.utf16)
      if wild {
        guard units.count >= hostUnits.count else { return nil }
        units = Array(units.suffix(hostUnits.count))
      }
      guard JavaText.equalIgnoringCase(units, hostUnits) else { return nil }
      if port >= 0 {
        return port == uri.port ? FilterMatch.categoryPort : nil
      }
      return FilterMatch.categoryHost
    }
  }

  /// A port Android cannot read as a number.
  package struct MalformedPort: Error, Hashable, Sendable {
    /// The port as written.
    package let port: String
  }

  /// The stored type list: `base/*` as `base`, `*/*` as `*`, others verbatim.
  let storedTypes: [String]
  /// Whether any declared type was a partial (`base/*` or `*/*`) type.
  let hasPartialTypes: Bool
  /// The declared types as explanations list them (`image/*, video/*`), joined once.
  let declaredTypesText: String

  /// Android's category added to implicit activity starts.
  package static let defaultCategory = "android.intent.category.DEFAULT"
  /// `Intent.ACTION_SEND`.
  package static let actionSend = "android.intent.action.SEND"
  /// `Intent.ACTION_SEND_MULTIPLE`.
  package static let actionSendMultiple = "android.intent.action.SEND_MULTIPLE"

  /// The actions whose filters no package may give a priority above 0, privileged or not
  /// (`ComponentResolver.PROTECTED_ACTIONS`): SEND, SENDTO, SEND_MULTIPLE and VIEW.
  static let protectedActions: Set<String> = [
    actionSend, "android.intent.action.SENDTO", actionSendMultiple, "android.intent.action.VIEW",
  ]

  /// The priority the filter has once installed (`ComponentResolver.adjustPriority`): a
  /// priority of 0 or below stays; above 0 it becomes 0, unless the package is a privileged app
  /// of a system image and the filter has no protected action (``protectedActions``). The setup
  /// wizard's exception (any priority on any action) is not modelled, nor the cap of an updated
  /// privileged app to its system image's priority.
  ///
  /// - Parameter privileged: Whether the package is a privileged system app.
  package func installedPriority(privileged: Bool) -> Int {
    guard priority > 0, privileged else { return min(priority, 0) }
    return actions.contains(where: Self.protectedActions.contains) ? 0 : priority
  }

  /// Creates a filter, storing types like `IntentFilter.addDataType`.
  ///
  /// - Parameters:
  ///   - actions: Full action names.
  ///   - categories: Full category names, used exactly as given.
  ///   - mimeTypes: Types as written; validated with ``MediaType/isValidFilterType(_:)``.
  ///   - schemes: Data schemes as written.
  ///   - authorities: `host`/`port` pairs.
  ///   - paths: Path patterns.
  ///   - schemeSpecificParts: Scheme-specific-part patterns.
  ///   - priority: `android:priority`.
  /// - Throws: ``MalformedMimeType`` for the first type Android would reject.
  package init(
    actions: [String], categories: [String], mimeTypes: [String] = [], schemes: [String] = [],
    authorities: [Authority] = [], paths: [PatternMatcher] = [], schemeSpecificParts: [PatternMatcher] = [],
    priority: Int = 0
  ) throws {
    var stored: [String] = []
    var declared: [String] = []
    var partial = false
    for type in mimeTypes {
      guard MediaType.isValidFilterType(type) else { throw MalformedMimeType(type: type) }
      // processMimeType: slash > 0 is guaranteed by validation above. AOSP counts UTF-16 units;
      // `/` and `*` are one unit in UTF-8 as in UTF-16, so the bytes give the same cut.
      let utf8 = type.utf8
      let slash = utf8.firstIndex(of: 0x2F) ?? utf8.startIndex
      let afterSlash = slash == utf8.endIndex ? slash : utf8.index(after: slash)
      let value: String
      if afterSlash != utf8.endIndex && utf8[afterSlash] == 0x2A && utf8.index(after: afterSlash) == utf8.endIndex {
        // "base/*"
        value = String(Substring(utf8[..<slash]))
        partial = true
      } else {
        value = type
      }
      if !stored.contains(value) {
        stored.append(value)
        declared.append(type)
      }
    }
    self.actions = actions
    self.categories = categories
    self.declaredTypes = declared
    declaredTypesText = declared.joinedText(", ")
    self.storedTypes = stored
    self.hasPartialTypes = partial
    self.schemes = schemes.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    self.authorities = authorities
    self.paths = paths
    self.schemeSpecificParts = schemeSpecificParts
    self.priority = priority
  }

  /// The short form of an Android action or category name for people: `android.intent.action.SEND`
  /// → `SEND`, `android.intent.category.DEFAULT` → `DEFAULT`; other names are returned whole.
  /// (Manifests accept the short forms and expand them back.)
  package static func shortName(_ name: String) -> String {
    for prefix in ["android.intent.action.", "android.intent.category."] where name.hasPrefix(prefix) {
      return String(name.dropFirst(prefix.count))
    }
    return name
  }

  /// Whether the filter lists `android.intent.category.DEFAULT` (`ResolveInfo.isDefault`).
  package var hasDefaultCategory: Bool { categories.contains(Self.defaultCategory) }

  /// Matches an intent exactly like `IntentFilter.match(action, type, scheme, data, categories)`.
  ///
  /// - Parameter intent: The intent; its type is used verbatim (normalise it first if a sender would).
  /// - Returns: The match quality, or the reason for the first failing test.
  package func match(_ intent: AndroidIntent) -> FilterMatch {
    guard !actions.isEmpty, matchAction(intent.action) else { return .noMatch(.action) }
    let data = matchData(type: intent.type, data: intent.data)
    if case .noMatch = data { return data }
    guard matchCategories(intent.categories) else { return .noMatch(.category) }
    return data
  }

  /// `IntentFilter.matchCategories(categories)`: every intent category is listed by the filter.
  func matchCategories(_ intentCategories: [String]) -> Bool {
    intentCategories.allSatisfy { categories.contains($0) }
  }

  /// `IntentFilter.matchAction(action)`: a `nil` action skips the test (as `match` does).
  func matchAction(_ action: String?) -> Bool {
    guard let action else { return true }
    return actions.contains(action)
  }

  /// The intent categories the filter does not list, in intent order (AOSP's `matchCategories`
  /// returns the first; an explanation names them all).
  func missingCategories(of intent: AndroidIntent) -> [String] {
    intent.categories.filter { !categories.contains($0) }
  }

  /// `IntentFilter.matchData(type, scheme, data)`, with the data URI read like `Uri.parse`.
  func matchData(type: String?, data: String?) -> FilterMatch {
    if storedTypes.isEmpty && schemes.isEmpty {
      return type == nil && data == nil
        ? .match(FilterMatch.categoryEmpty + FilterMatch.adjustmentNormal) : .noMatch(.data)
    }
    let scheme = data.map { AndroidIntent.scheme(of: $0) } ?? nil
    var quality: Int? = FilterMatch.categoryEmpty
    if !schemes.isEmpty {
      guard schemes.contains(scheme ?? "") else { return .noMatch(.data) }
      quality = FilterMatch.categoryScheme
      let uri = data.map(AndroidURI.init)
      if !schemeSpecificParts.isEmpty, let uri {
        // A failed ssp is not final: an authority below may still match.
        quality =
          schemeSpecificParts.contains(where: { $0.matches(uri.schemeSpecificPart) })
          ? FilterMatch.categorySchemeSpecificPart : nil
      }
      if quality != FilterMatch.categorySchemeSpecificPart && !authorities.isEmpty {
        // matchDataAuthority: the first entry that matches; then the paths, if any.
        guard let uri, let authority = authorities.lazy.compactMap({ $0.match(uri) }).first else {
          return .noMatch(.data)
        }
        if paths.isEmpty {
          quality = authority
        } else if paths.contains(where: { $0.matches(uri.path) }) {
          quality = FilterMatch.categoryPath
        } else {
          return .noMatch(.data)
        }
      }
      guard quality != nil else { return .noMatch(.data) }
    } else if let scheme, !scheme.isEmpty, scheme != "content", scheme != "file" {
      return .noMatch(.data)
    }
    if !storedTypes.isEmpty {
      guard findMimeType(type) else { return .noMatch(.type) }
      quality = FilterMatch.categoryType
    } else if type != nil {
      return .noMatch(.type)
    }
    return .match((quality ?? 0) + FilterMatch.adjustmentNormal)
  }

  /// `IntentFilter.findMimeType(type)`: wildcards on both sides, case-sensitive, UTF-16 indices.
  ///
  /// AOSP indexes UTF-16 code units; `/` and `*` are one unit in UTF-8 as in UTF-16, so the same
  /// tests on UTF-8 give the same answers without copying the type.
  func findMimeType(_ type: String?) -> Bool {
    guard let type else { return false }
    if storedTypes.contains(type) { return true }
    if type == "*/*" { return !storedTypes.isEmpty }
    if hasPartialTypes && storedTypes.contains("*") { return true }
    let utf8 = type.utf8
    guard let slash = utf8.firstIndex(of: 0x2F), slash != utf8.startIndex else { return false }
    if hasPartialTypes && storedTypes.contains(String(type[..<slash])) { return true }
    let afterSlash = utf8.index(after: slash)
    if afterSlash != utf8.endIndex && utf8[afterSlash] == 0x2A && utf8.index(after: afterSlash) == utf8.endIndex {
      let prefix = utf8[...slash]
      for stored in storedTypes where stored.utf8.starts(with: prefix) {
        return true
      }
    }
    return false
  }
}

/// A type that `IntentFilter.addDataType` rejects with `MalformedMimeTypeException`.
package struct MalformedMimeType: Error, Hashable, Sendable {
  /// The type as written.
  package let type: String
}

/// The result of ``IntentFilter/match(_:)``: AOSP's quality value or its `NO_MATCH_*` reason.
package enum FilterMatch: Hashable, Sendable {
  /// The filter matched; the value is AOSP's (`MATCH_CATEGORY_* + MATCH_ADJUSTMENT_NORMAL`).
  case match(Int)
  /// The filter did not match.
  case noMatch(NoMatchReason)

  /// `MATCH_CATEGORY_EMPTY`.
  package static let categoryEmpty = 0x0100000
  /// `MATCH_CATEGORY_SCHEME`.
  package static let categoryScheme = 0x0200000
  /// `MATCH_CATEGORY_HOST`.
  package static let categoryHost = 0x0300000
  /// `MATCH_CATEGORY_PORT`.
  package static let categoryPort = 0x0400000
  /// `MATCH_CATEGORY_PATH`.
  package static let categoryPath = 0x0500000
  /// `MATCH_CATEGORY_SCHEME_SPECIFIC_PART`.
  package static let categorySchemeSpecificPart = 0x0580000
  /// `MATCH_CATEGORY_TYPE`.
  package static let categoryType = 0x0600000
  /// `MATCH_ADJUSTMENT_NORMAL`.
  package static let adjustmentNormal = 0x8000
}

/// Why a filter refused an intent: AOSP's `NO_MATCH_*` codes without the integers.
package enum NoMatchReason: String, Hashable, Sendable, CaseIterable {
  /// `NO_MATCH_ACTION` (-3): the action is not listed.
  case action = "no-match-action"
  /// `NO_MATCH_DATA` (-2): the scheme (or absence of data) does not fit.
  case data = "no-match-data"
  /// `NO_MATCH_TYPE` (-1): the MIME type does not fit.
  case type = "no-match-type"
  /// `NO_MATCH_CATEGORY` (-4): an intent category is not listed.
  case category = "no-match-category"

  /// AOSP's integer constant.
  package var aospValue: Int {
    switch self {
    case .type: -1
    case .data: -2
    case .action: -3
    case .category: -4
    }
  }
}
