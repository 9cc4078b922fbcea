/// Platform pitfalls in valid handlers, found the same way whatever format the handler came from.
enum ManifestLint {
  static let shareActions: Set<String> = [IntentFilter.actionSend, IntentFilter.actionSendMultiple]

  /// The warnings for one handler.
  static func check(_ handler: HandlerManifest, at places: HandlerLocations) -> [ManifestWarning] {
    var warnings: [ManifestWarning] = []
    func warn(
      _ place: (location: SourceLocation?, keyPath: String)?, _ code: ManifestWarning.Code,
      _ text: (message: String, fix: String)
    ) {
      let place = place ?? places.handler
      warnings.append(
        ManifestWarning(
          file: handler.origin, location: place.location, keyPath: place.keyPath, code: code,
          message: text.message, fix: text.fix))
    }
    if let filters = handler.intentFilters {
      // One finding per cause: a share filter no share can match (it needs a data scheme, or
      // lacks DEFAULT) is warned about for that, and left out of the SEND/SEND_MULTIPLE pairing,
      // whose findings would only repeat that it never takes a share.
      func isDead(_ filter: IntentFilter) -> Bool { !filter.schemes.isEmpty || !filter.hasDefaultCategory }
      for (index, filter) in filters.enumerated() where !shareActions.isDisjoint(with: filter.actions) {
        let place = index < places.filters.count ? places.filters[index] : nil
        let filterPlace = place.map { ($0.location, $0.keyPath) }
        if !filter.schemes.isEmpty {
          warn(place?.schemes ?? filterPlace, .schemeOnShareFilter, LintMessages.scheme(filter.schemes))
        }
        if !filter.hasDefaultCategory {
          warn(place?.categories ?? filterPlace, .noDefaultCategory, LintMessages.noDefault)
        }
        for written in place?.mimeTypes ?? [] {
          let type = written.value
          let typePlace = (written.location, written.keyPath)
          let normalized = MediaType.normalize(type) ?? type
          if type.contains(";") || type.contains(" ") || type.contains("\t") {
            warn(typePlace, .parameterizedMimeType, LintMessages.parameterized(type, normalized: normalized))
          } else if type != type.lowercased() {
            warn(typePlace, .uppercaseMimeType, LintMessages.uppercase(type))
          }
          if type.hasPrefix("*/") && type != "*/*" {
            warn(typePlace, .wildcardBaseMimeType, LintMessages.wildcardBase(type))
          }
          if let sent = Self.typesSendersSend[normalized] {
            warn(typePlace, .unsentMimeType, LintMessages.unsent(type, sent: sent.type, source: sent.source))
          }
        }
        if filter.priority != 0 {
          warn(place?.priority ?? filterPlace, .priorityOnShareFilter, LintMessages.priority(filter.priority))
        }
        // IntentFilter.matchData takes any SEND_MULTIPLE type against `*/*`: a typed filter
        // also gets a batch of mixed types.
        if filter.actions.contains(IntentFilter.actionSendMultiple), !filter.declaredTypes.isEmpty,
          !filter.declaredTypes.contains("*/*"), !isDead(filter)
        {
          warn(filterPlace, .multipleReceivesMixed, LintMessages.multipleReceivesMixed(filter.declaredTypes))
        }
      }
      // matchData reads authorities and paths only when the filter has schemes.
      for (index, filter) in filters.enumerated()
      where filter.schemes.isEmpty && (!filter.authorities.isEmpty || !filter.paths.isEmpty || !filter.schemeSpecificParts.isEmpty) {
        let place = index < places.filters.count ? (places.filters[index].location, places.filters[index].keyPath) : nil
        warn(place, .dataWithoutScheme, LintMessages.dataWithoutScheme(hosts: filter.authorities.map(\.host), paths: filter.paths.map(\.pattern)))
      }
      let send = filters.enumerated().filter { $0.element.actions.contains(IntentFilter.actionSend) && !isDead($0.element) }
      let multiple = filters.enumerated().filter {
        $0.element.actions.contains(IntentFilter.actionSendMultiple) && !isDead($0.element)
      }
      func place(_ index: Int) -> (SourceLocation?, String)? {
        index < places.filters.count ? (places.filters[index].location, places.filters[index].keyPath) : nil
      }
      // Text travels as one EXTRA_TEXT, so a text-only SEND filter needs no SEND_MULTIPLE.
      let sendTypes = send.flatMap(\.element.declaredTypes)
      let textOnly = !sendTypes.isEmpty && sendTypes.allSatisfy { $0.hasPrefix("text/") }
      if let first = send.first, multiple.isEmpty, !textOnly {
        warn(place(first.offset), .sendWithoutSendMultiple, LintMessages.sendWithoutMultiple)
      } else if let first = multiple.first, !send.isEmpty {
        let sendTypes = Set(send.flatMap(\.element.declaredTypes))
        let multipleTypes = Set(multiple.flatMap(\.element.declaredTypes))
        // Texts ride as one EXTRA_TEXT of a SEND: a text type only SEND takes is no gap.
        let onlySend = sendTypes.subtracting(multipleTypes).filter { !$0.hasPrefix("text/") }
        let onlyMultiple = multipleTypes.subtracting(sendTypes)
        if !onlySend.isEmpty || !onlyMultiple.isEmpty {
          warn(
            place(first.offset), .sendMultipleTypesDiffer,
            LintMessages.typesDiffer(onlySend: onlySend.sorted(), onlyMultiple: onlyMultiple.sorted()))
        }
      }
    }
    switch handler.activationRule {
    case .dictionary(let rule)?:
      if rule.values.values.allSatisfy({ $0.intValue == 0 }) {
        warn(places.rule, .allZeroRule, LintMessages.allZero)
      }
      if let text = rule.values[.text] {
        switch text {
        case .boolean: break
        default: warn(places.ruleKeys[.text] ?? places.rule, .nonBooleanSupportsText, LintMessages.nonBooleanText(text))
        }
      }
      if rule.values[.usesStrictMatching] != nil, rule.int(.usesStrictMatching) == 0, rule.int(.dictionaryVersion) < 2 {
        warn(places.ruleKeys[.usesStrictMatching] ?? places.rule, .strictFlagIgnored, LintMessages.strictIgnored)
      }
    case .predicate(let predicate)?:
      warnings += predicateWarnings(predicate, handler: handler, at: places.rule ?? places.handler)
    case nil:
      break
    }
    return warnings
  }

  /// Filter types no sender builds, with the type senders send for that content and where that
  /// type is defined. Android names a file's type from its extension with libcore's `MimeMap`
  /// (`mime.types` and `android.mime.types`: `.jpg` is `image/jpeg`, `.mp3` `audio/mpeg`, `.pdf`
  /// `application/pdf`, `.png` `image/png`, `.zip` `application/zip`, `.mp4` `video/mp4`), iOS
  /// from the UTI's preferred MIME type; neither ever gives the written type.
  static let typesSendersSend: [String: (type: String, source: String)] = [
    "image/jpg": ("image/jpeg", "RFC 2046"), "image/pjpeg": ("image/jpeg", "RFC 2046"),
    "image/x-png": ("image/png", "RFC 2083"), "audio/mp3": ("audio/mpeg", "RFC 3003"),
    "audio/x-mp3": ("audio/mpeg", "RFC 3003"), "audio/mpeg3": ("audio/mpeg", "RFC 3003"),
    "audio/x-mpeg-3": ("audio/mpeg", "RFC 3003"), "application/x-pdf": ("application/pdf", "RFC 8118"),
    "application/x-zip": ("application/zip", "IANA's registry"), "video/mpeg4": ("video/mp4", "RFC 4337"),
    "video/x-mp4": ("video/mp4", "RFC 4337"),
  ]

  /// Key paths the matching dictionary has (`docs/ios.md#the-matching-dictionary`).
  static let extensionItemKeys: Set<String> = [
    "attachments", "title", "contentText", "attributedTitle", "attributedContentText", "userInfo", "@count",
  ]
  static let attachmentKeys: Set<String> = ["registeredTypeIdentifiers", "fileProviderItem", "@count"]

  static func predicateWarnings(
    _ predicate: ActivationPredicate, handler: HandlerManifest, at place: (location: SourceLocation?, keyPath: String)
  ) -> [ManifestWarning] {
    var warnings: [ManifestWarning] = []
    func warn(_ code: ManifestWarning.Code, offset: Int, _ text: (message: String, fix: String)) {
      let inside = PredicateText.location(of: offset, in: predicate.source)
      warnings.append(
        ManifestWarning(
          file: handler.origin, location: place.location, keyPath: place.keyPath, code: code,
          message: LintMessages.inPredicate(inside, text.message), fix: text.fix))
    }
    predicate.root.visit(nodes: { node in
      if case .constant(true, let span) = node {
        warn(.truePredicate, offset: span.lowerBound, LintMessages.truePredicate)
      }
    })
    for (identifier, offset) in predicate.typeIdentifierLiterals
    where !TypeIdentifier.isKnown(identifier) && !identifier.hasPrefix("dyn.") {
      // Only Apple's own identifiers can be known; an app's exported type is no mistake.
      if identifier.hasPrefix("public.") || identifier.hasPrefix("com.apple.") {
        warn(.unknownTypeIdentifier, offset: offset, LintMessages.unknownType(identifier, suggestion: TypeIdentifier.closest(to: identifier)))
      } else {
        warn(.thirdPartyTypeIdentifier, offset: offset, LintMessages.thirdPartyType(identifier))
      }
    }
    for (path, offset) in predicate.rootKeyPaths where path.split(separator: ".").first != "extensionItems" {
      warn(.unknownKeyPath, offset: offset, LintMessages.unknownRootKey(path))
    }
    for (collection, components, offset) in predicate.variableKeyPaths {
      guard let first = components.first else { continue }
      let known: Set<String>? =
        switch collection {
        case ["extensionItems"]: extensionItemKeys
        case ["extensionItems", "attachments"]: attachmentKeys
        default: nil
        }
      if let known, !known.contains(first) {
        warn(.unknownKeyPath, offset: offset, LintMessages.unknownMemberKey(first, of: collection.joined(separator: ".")))
      }
    }
    for (comparison, hasLowerBound) in atMostCounts(predicate.root) where !hasLowerBound {
      warn(.countAtMostOnly, offset: comparison.span.lowerBound, LintMessages.atMostOnly(PredicateDescription.comparison(comparison)))
    }
    return warnings
  }

  /// Every `SUBQUERY(…).@count < N` / `<= N`, and whether its AND chain also bounds the same
  /// subquery's count from below.
  static func atMostCounts(_ root: PredicateNode) -> [(PredicateComparison, Bool)] {
    var result: [(PredicateComparison, Bool)] = []
    func conjuncts(_ node: PredicateNode) -> [PredicateNode] {
      if case .and(let parts, _) = node { return parts }
      return [node]
    }
    func counted(_ expression: PredicateExpression) -> PredicateSubquery? {
      if case .keyPath(.subquery(let subquery), ["@count"], _) = expression { return subquery }
      return nil
    }
    func isLowerBound(_ node: PredicateNode, for target: PredicateSubquery) -> Bool {
      guard case .comparison(let comparison) = node, counted(comparison.lhs) == target else { return false }
      switch (comparison.operator, comparison.rhs) {
      case (.greater, _), (.greaterOrEqual, _), (.equal, .keyPath): return true
      case (.equal, .number(let value, _)): return value >= 1
      default: return false
      }
    }
    func scan(_ node: PredicateNode) {
      let parts = conjuncts(node)
      for part in parts {
        switch part {
        case .comparison(let comparison):
          if let target = counted(comparison.lhs), [.less, .lessOrEqual].contains(comparison.operator) {
            result.append((comparison, parts.contains { isLowerBound($0, for: target) }))
          }
          for side in [comparison.lhs, comparison.rhs] {
            if case .keyPath(.subquery(let subquery), _, _) = side { scan(subquery.predicate) }
          }
        case .or(let alternatives, _):
          for alternative in alternatives { scan(alternative) }
        case .not(let inner, _): scan(inner)
        case .and, .constant: break
        }
      }
    }
    scan(root)
    return result
  }

  /// Warnings across handlers: explicit `order` values that tie.
  static func checkSet(_ handlers: [HandlerManifest], locations: [HandlerLocations]) -> [ManifestWarning] {
    var warnings: [ManifestWarning] = []
    var firstByKey: [String: Int] = [:]
    for (index, handler) in handlers.enumerated() {
      guard let order = handler.order else { continue }
      let key = "\(handler.androidPriority)/\(order)"
      if let first = firstByKey[key] {
        let other = handlers[first]
        let (first, second) =
          HandlerOrder.byUTF16(other.id, handler.id) ? (other.id, handler.id) : (handler.id, other.id)
        let text = LintMessages.orderTie(order, other: other.label, otherFile: other.origin, first: first, second: second)
        let place = index < locations.count ? locations[index] : HandlerLocations()
        warnings.append(
          ManifestWarning(
            file: handler.origin, location: place.order ?? place.handler.location, keyPath: "order",
            code: .orderTie, message: text.message, fix: text.fix))
      } else {
        firstByKey[key] = index
      }
    }
    return warnings
  }
}

extension TypeIdentifier {
  /// The known identifier a misspelt one is a typo of, or `nil`: same domain, and a last part
  /// at most one edit away (two in a part longer than six; a swap of two neighbours counts as
  /// one). `public.opml` is another type, not a typo of `public.html`.
  static func closest(to identifier: String) -> String? {
    let lowered = identifier.lowercased()
    guard let dot = lowered.lastIndex(of: ".") else { return nil }
    let domain = lowered[..<dot]
    let last = Array(lowered[lowered.index(after: dot)...].utf8)
    var best: (String, Int)?
    for entry in allIdentifiers {
      guard let entryDot = entry.lastIndex(of: "."), entry[..<entryDot] == domain else { continue }
      let candidate = Array(entry[entry.index(after: entryDot)...].utf8)
      guard abs(candidate.count - last.count) <= 2 else { continue }
      var distance = Spelling.distance(last, candidate)
      if distance == 2, candidate.count == last.count, Self.isSwap(last, candidate) { distance = 1 }
      let allowed = min(last.count, candidate.count) > 6 ? 2 : 1
      if distance <= allowed && distance < (best?.1 ?? .max) { best = (entry, distance) }
    }
    return best?.0
  }

  /// Whether two equal-length byte strings differ by one swap of neighbours (`jepg`, `jpeg`).
  private static func isSwap(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    let differing = a.indices.filter { a[$0] != b[$0] }
    return differing.count == 2 && differing[1] == differing[0] + 1 && a[differing[0]] == b[differing[1]]
      && a[differing[1]] == b[differing[0]]
  }
}
