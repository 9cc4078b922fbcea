/// Every reason a route gives and every routing error, worded in one place: lower case, user
/// values in single quotes, no trailing period (the house style: docs/architecture.md).
enum RouteMessages {
  static let nothingToShare = Reason(
    area: .share, code: .noItems, message: "the share has no usable item")

  static let disabled = Reason(
    area: .android, code: .disabled,
    message: "disabled in the manifest (android:enabled=\"false\"); the app may enable it at run time (--assume-enabled routes it as enabled)")

  /// An Android target the share sheet leaves out: a lower installed priority than the first.
  static func lowPriority(_ priority: Int, top: Int) -> Reason {
    Reason(
      area: .android, code: .lowPriority,
      message: "its installed priority \(priority) is below \(top), the first target's, and the share sheet shows only targets of that priority")
  }

  static let noFilters = Reason(
    area: .android, code: .noFilters, message: "the handler declares no intent filter")

  static func notOffered(handler: borrowing HandlerManifest, source: String) -> Reason {
    Reason(
      area: .source, code: .notOffered,
      message: "source \(Printable.quoted(source)) does not offer \(handler.label)")
  }

  static func excluded(handler: borrowing HandlerManifest, source: String) -> Reason {
    Reason(
      area: .source, code: .notOffered,
      message: "source \(Printable.quoted(source)) excludes \(handler.label)")
  }

  static func noRules(handler: borrowing HandlerManifest, platform: Platform) -> Reason {
    let (area, which): (Reason.Area, String) =
      switch platform {
      case .android: (.android, "no Android intent filters")
      case .ios: (.ios, "no iOS activation rule")
      case .all: (.share, "no Android or iOS rules")
      }
    return Reason(area: area, code: .noRules, message: "\(handler.label) declares \(which)")
  }

  static func overLimit(kind: ItemKind, count: Int, limit: Int, handler: borrowing HandlerManifest) -> Reason {
    Reason(
      area: .limits, code: .overLimit,
      message: "\(count) \(noun(kind, count)), \(handler.label) takes at most \(limit)")
  }

  static func noun(_ kind: ItemKind, _ count: Int) -> String {
    let singular =
      switch kind {
      case .image: "image"
      case .movie: "movie"
      case .audio: "audio file"
      case .text: "text"
      case .url: "URL"
      case .file: "file"
      }
    return count == 1 ? singular : singular + "s"
  }

  /// Why one filter refused the intent; `index` (from 0, as in `intentFilters[0]`) is given when the handler has several.
  static func androidReason(
    _ why: NoMatchReason, filter: IntentFilter, intent: AndroidIntent, index: Int?, position: Int
  ) -> Reason {
    let text: String
    switch why {
    case .action:
      text = "action \(IntentFilter.shortName(intent.action ?? "")) is not in [\(filter.actions.map(IntentFilter.shortName).joinedText(", "))]"
    case .type:
      let type = intent.type ?? "no type"
      text =
        filter.declaredTypes.isEmpty
        ? "\(type) does not match a filter without types"
        : "\(type) does not match \(filter.declaredTypesText)"
          + (MediaType.structuredSyntaxBase(of: type).map { filter.declaredTypes.contains($0) } == true
            ? " (Android compares types exactly: a +\(MediaType.structuredSuffix(type) ?? "") type is not its syntax's type)"
            : "")
    case .data:
      text = dataMismatch(filter: filter, intent: intent)
    case .category:
      let missing = filter.missingCategories(of: intent)
      text = "category \(missing.map(IntentFilter.shortName).joinedText(", ")) is not in the filter"
        + (missing.contains(IntentFilter.defaultCategory) ? " (implicit starts need DEFAULT)" : "")
    }
    let prefix = index.map { "intentFilters[\($0)]: " } ?? ""
    let part: RulePart.FilterPart =
      switch why {
      case .action: .actions
      case .type: .types
      case .data: .data
      case .category: .categories
      }
    return Reason(area: .android, code: Reason.Code(why), message: prefix + text, rule: .filter(position, part))
  }

  /// Why `matchData` refused: the first test that failed, in AOSP's order (schemes, then the
  /// scheme-specific part and the authority, then the path).
  static func dataMismatch(filter: IntentFilter, intent: AndroidIntent) -> String {
    let schemes = filter.schemes.map { Printable.quoted($0) }.joinedText(", ")
    guard let data = intent.data else {
      if filter.schemes.isEmpty { return "the filter has no <data>, and the intent has a type" }
      let isShare = intent.action == IntentFilter.actionSend || intent.action == IntentFilter.actionSendMultiple
      return (isShare ? "share intents carry no data URI" : "the intent has no data URI")
        + ", and the filter requires scheme \(filter.schemes.joinedText(", "))"
    }
    let uri = AndroidURI(data)
    if filter.schemes.isEmpty {
      return filter.storedTypes.isEmpty
        ? "the filter has no <data>, and the intent has data \(Printable.quoted(data))"
        : "a filter without schemes takes only content: and file: data, not \(Printable.quoted(uri.scheme ?? ""))"
    }
    guard filter.schemes.contains(uri.scheme ?? "") else {
      return "scheme \(Printable.quoted(uri.scheme ?? "")) is not in [\(schemes)]"
    }
    if filter.authorities.isEmpty {
      return "scheme-specific part \(Printable.quoted(uri.schemeSpecificPart)) matches none of \(patterns(filter.schemeSpecificParts, ssp: true))"
    }
    let hosts = filter.authorities.map { $0.port >= 0 ? "\($0.host):\($0.port)" : $0.host }
    guard filter.authorities.contains(where: { $0.match(uri) != nil }) else {
      guard let host = uri.host else {
        return "the data \(Printable.quoted(data)) has no host, and the filter requires host \(Printable.quoted(hosts.joinedText(", ")))"
      }
      return "host \(Printable.quoted(uri.port >= 0 ? "\(host):\(uri.port)" : host)) matches none of \(Printable.quoted(hosts.joinedText(", ")))"
    }
    return "path \(uri.path.map { Printable.quoted($0) } ?? "(none)") matches none of \(patterns(filter.paths, ssp: false))"
  }

  /// `pathPrefix '/a', path '/b'`: each pattern with the attribute that wrote it.
  static func patterns(_ patterns: [PatternMatcher], ssp: Bool) -> String {
    patterns.map { pattern in
      let base = ssp ? "ssp" : "path"
      let suffix =
        switch pattern.kind {
        case .literal: ""
        case .prefix: "Prefix"
        case .simpleGlob: "Pattern"
        case .advancedGlob: "AdvancedPattern"
        case .suffix: "Suffix"
        }
      return base + suffix + " " + Printable.quoted(pattern.pattern)
    }.joinedText(", ")
  }

  /// Why the resolver never asked a filter that would match (`IntentResolver.queryIntent`
  /// collects candidate filters by type, scheme or action first).
  static func notACandidate(filter: IntentFilter, intent: AndroidIntent, index: Int?, position: Int) -> Reason {
    let prefix = index.map { "intentFilters[\($0)]: " } ?? ""
    let code: Reason.Code
    let text: String
    if let type = intent.type, !(type.utf16.firstIndex(of: 0x2F).map { $0 != type.utf16.startIndex } ?? false) {
      code = .noMatchType
      text = "the resolver collects no filters for type \(Printable.quoted(type)) (it has no '/' after its first character)"
    } else if intent.type != nil && intent.action == nil {
      code = .noMatchAction
      text = "the resolver collects the filters for type \(Printable.quoted(intent.type ?? "")) by action, and the intent has none"
    } else if intent.type == nil && intent.data == nil && intent.action == nil {
      code = .noMatchAction
      text = "an intent without action, type or data has no candidate filters"
    } else {
      code = .noMatchData
      text = "the resolver finds this filter only by its schemes [\(filter.schemes.joinedText(", "))], and the intent has no data URI with a scheme"
    }
    return Reason(
      area: .android, code: code, message: prefix + text, rule: .filter(position, code == .noMatchType ? .types : code == .noMatchAction ? .actions : .data))
  }

  /// A filter without an `<action>`: Android's parser drops it.
  static func filterWithoutActions(index: Int?, position: Int) -> Reason {
    Reason(
      area: .android, code: .noMatchAction,
      message: (index.map { "intentFilters[\($0)]: " } ?? "") + "the filter has no <action>, so Android drops it",
      rule: .filter(position, .actions))
  }

  static func predicateFalse(_ why: String) -> Reason {
    Reason(area: .ios, code: .predicateFalse, message: "the activation predicate is false: " + why, rule: .rule)
  }

  static func predicateOverBudget(_ why: String) -> Reason {
    Reason(
      area: .ios, code: .predicateBudget,
      message: "share-route stopped evaluating the activation predicate and counts it as not matching: " + why, rule: .rule)
  }

  static func tooManyItems(_ count: Int, limit: Int) -> String {
    "\(count) items in one share; share-route routes at most \(limit) (Android's 1 MB Binder transaction fits a few thousand URIs; iOS extensions have no documented count but 120 MB of memory)"
  }

  static func predicateFailed(_ why: String) -> Reason {
    Reason(
      area: .ios, code: .predicateError,
      message: "the activation predicate raises, so the system does not activate the extension: " + why, rule: .rule)
  }

  /// Why an activation dictionary refused, at the key that decided (the rule itself when no
  /// one key did).
  static func reason(_ refusal: ActivationRefusal, rule: ActivationDictionary) -> Reason {
    var reason = dictionaryReason(refusal, rule: rule)
    switch refusal {
    case .overMaxCount(let key, _, _), .rejectedAttachment(_, let key): reason.rule = .ruleKey(key)
    case .underMinCount: reason.rule = .ruleKey(.attachmentsMinCount)
    default: reason.rule = .rule
    }
    return reason
  }

  private static func dictionaryReason(_ refusal: ActivationRefusal, rule: ActivationDictionary) -> Reason {
    let mode = rule.usesStrictMatching ? "strict" : "fuzzy"
    switch refusal {
    case .allZero:
      return Reason(
        area: .ios, code: .allZeroRule,
        message: "every value of the activation rule is 0, so it never matches")
    case .overMaxCount(let key, let count, let max):
      let noun = count == 1 ? key.noun.singular : key.noun.plural
      return Reason(
        area: .ios, code: .overMaxCount, message: "\(count) \(noun), \(key.rawValue) is \(max)")
    case .underMinCount(let count, let min):
      return Reason(
        area: .ios, code: .underMinCount,
        message: "\(count) attachment\(count == 1 ? "" : "s"), "
          + "\(ActivationDictionary.Key.attachmentsMinCount.rawValue) is \(min)")
    case .noAcceptedKind:
      return Reason(
        area: .ios, code: .noAcceptedType,
        message: "no key of the activation rule accepts any kind of attachment")
    case .unsupportedAttachment(let attachment):
      return Reason(
        area: .ios, code: .unsupportedItem,
        message: "\(attachment.label) (\(attachment.types.joinedText(", "))) is not accepted "
          + "by any key, and \(mode) matching needs every attachment accepted")
    case .noSupportedAttachment:
      return Reason(
        area: .ios, code: .noSupportedItem,
        message: "no attachment is of a kind the activation rule accepts")
    case .rejectedAttachment(let attachment, let key):
      return Reason(
        area: .ios, code: .rejectedItem,
        message: "\(attachment.label) (\(attachment.types.joinedText(", "))) is refused "
          + "by \(key.rawValue) = 0")
    }
  }
}

// MARK: - Routing errors

extension RoutingError {
  /// The message.
  public var description: String {
    switch self {
    case .tooManyItems(let count, let limit): RouteMessages.tooManyItems(count, limit: limit)
    case .unknownSource(let name, let known):
      known.isEmpty
        ? "unknown source \(Printable.quoted(name)) (no source profiles are loaded)"
        : "unknown source \(Printable.quoted(name)) (known: \(known.joinedText(", ")))"
    }
  }
}
