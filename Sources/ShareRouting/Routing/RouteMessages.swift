/// Every reason a route gives, worded in one place.
enum RouteMessages {
  /// The reason code of a source's custom target, accepted whatever the content.
  static let customReason = "custom"

  static let nothingToShare = Reason(
    platform: "share", code: "no-items", message: "the share has no usable item")

  static let noFilters = Reason(
    platform: "android", code: "no-filters", message: "the handler declares no intent filter")

  static func notOffered(handler: HandlerManifest, source: String) -> Reason {
    Reason(
      platform: "source", code: "not-offered",
      message: "source '\(source)' does not offer \(handler.label)")
  }

  static func noRules(handler: HandlerManifest, platform: Platform) -> Reason {
    let which =
      switch platform {
      case .android: "no Android intent filters"
      case .ios: "no iOS activation rule"
      case .all: "no Android or iOS rules"
      }
    return Reason(
      platform: platform == .all ? "share" : platform.rawValue, code: "no-rules",
      message: "\(handler.label) declares \(which)")
  }

  static func overLimit(kind: ItemKind, count: Int, limit: Int, handler: HandlerManifest) -> Reason {
    Reason(
      platform: "limits", code: "over-limit",
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

  static func androidReason(
    _ why: NoMatchReason, filter: IntentFilter, intent: AndroidIntent, index: Int?
  ) -> Reason {
    let text: String
    switch why {
    case .action:
      text = "action \(IntentFilter.shortName(intent.action ?? "")) is not in [\(filter.actions.map(IntentFilter.shortName).joined(separator: ", "))]"
    case .type:
      let type = intent.type ?? "no type"
      text =
        filter.declaredTypes.isEmpty
        ? "\(type) does not match a filter without types"
        : "\(type) does not match \(filter.declaredTypes.joined(separator: ", "))"
    case .data:
      text =
        filter.schemes.isEmpty
        ? "the intent's data does not fit a filter without schemes"
        : "share intents carry no data URI, and the filter requires scheme \(filter.schemes.joined(separator: ", "))"
    case .category:
      let missing = intent.categories.filter { !filter.categories.contains($0) }
      text = "category \(missing.map(IntentFilter.shortName).joined(separator: ", ")) is not in the filter"
        + (missing.contains(IntentFilter.defaultCategory) ? " (implicit starts need DEFAULT)" : "")
    }
    let prefix = index.map { "filter \($0): " } ?? ""
    return Reason(platform: "android", code: why.rawValue, message: prefix + text)
  }

  static func predicateFalse(_ why: String) -> Reason {
    Reason(platform: "ios", code: "predicate-false", message: "the activation predicate is false: " + why)
  }

  static func predicateFailed(_ why: String) -> Reason {
    Reason(
      platform: "ios", code: "predicate-error",
      message: "the activation predicate raises, so the system does not activate the extension: " + why)
  }

  static func reason(_ refusal: ActivationRefusal, rule: ActivationDictionary) -> Reason {
    let mode = rule.usesStrictMatching ? "strict" : "fuzzy"
    switch refusal {
    case .allZero:
      return Reason(
        platform: "ios", code: "all-zero-rule",
        message: "every value of the activation rule is 0, so it never matches")
    case .overMaxCount(let key, let count, let max):
      let noun = count == 1 ? key.noun.singular : key.noun.plural
      return Reason(
        platform: "ios", code: "over-max-count", message: "\(count) \(noun), \(key.rawValue) is \(max)")
    case .underMinCount(let count, let min):
      return Reason(
        platform: "ios", code: "under-min-count",
        message: "\(count) attachment\(count == 1 ? "" : "s"), "
          + "\(ActivationDictionary.Key.attachmentsMinCount.rawValue) is \(min)")
    case .noAcceptedKind:
      return Reason(
        platform: "ios", code: "no-accepted-type",
        message: "no key of the activation rule accepts any kind of attachment")
    case .unsupportedAttachment(let attachment):
      return Reason(
        platform: "ios", code: "unsupported-item",
        message: "\(attachment.label) (\(attachment.types.joined(separator: ", "))) is not accepted "
          + "by any key, and \(mode) matching needs every attachment accepted")
    case .noSupportedAttachment:
      return Reason(
        platform: "ios", code: "no-supported-item",
        message: "no attachment is of a kind the activation rule accepts")
    case .rejectedAttachment(let attachment, let key):
      return Reason(
        platform: "ios", code: "rejected-item",
        message: "\(attachment.label) (\(attachment.types.joined(separator: ", "))) is refused "
          + "by \(key.rawValue) = 0")
    }
  }
}
