/// Decoding a route's JSON (`docs/output.md#route-json`) back into a route. The JSON has one
/// writer, ``Route/json(pretty:)`` (`RouteJSON.swift`); this reads what it writes, and a test
/// holds the round trip byte for byte on every sample and every shape of route.
extension Route: Decodable {
  private enum CodingKeys: String, CodingKey {
    case schemaVersion, id, source, intent, items, pick, orders, ordering, accepted, directShare, rejected, errors
  }

  private enum DirectShareKeys: String, CodingKey {
    case handler, label, targetClass, categories, mimeTypes, file, line
  }

  private enum OrderingKeys: String, CodingKey {
    case locale
  }

  private enum IntentKeys: String, CodingKey {
    case action, type, extras
  }

  private enum ExtrasKeys: String, CodingKey {
    case text = "android.intent.extra.TEXT"
    case stream = "android.intent.extra.STREAM"
    case subject = "android.intent.extra.SUBJECT"
  }

  /// Reads a route's JSON. A share intent always carries the `DEFAULT` category (the JSON does
  /// not repeat it) and its `extras` (`EXTRA_TEXT` when the share has texts); a missing `rejected` means refusals were left out (`--accepted-only`).
  ///
  /// - Throws: `DecodingError.dataCorrupted` for another `schemaVersion`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let version = try container.decode(Int.self, forKey: .schemaVersion)
    guard version == Route.schemaVersion else {
      throw DecodingError.dataCorruptedError(
        forKey: .schemaVersion, in: container, debugDescription: OutputMessages.unknownSchemaVersion(version))
    }
    var intent: AndroidIntent?
    if try !container.decodeNil(forKey: .intent) {
      let nested = try container.nestedContainer(keyedBy: IntentKeys.self, forKey: .intent)
      let extras = nested.contains(.extras) ? try nested.nestedContainer(keyedBy: ExtrasKeys.self, forKey: .extras) : nil
      let action = try nested.decodeIfPresent(String.self, forKey: .action)
      var streams: [String?] = []
      if let extras, extras.contains(.stream) {
        streams =
          action == IntentFilter.actionSendMultiple
          ? try extras.decode([String?].self, forKey: .stream) : [try extras.decodeIfPresent(String.self, forKey: .stream)]
      }
      intent = AndroidIntent(
        action: action, type: try nested.decodeIfPresent(String.self, forKey: .type), categories: [IntentFilter.defaultCategory],
        extras: AndroidIntent.Extras(
          text: try extras?.decodeIfPresent(String.self, forKey: .text), streams: streams,
          subject: try extras?.decodeIfPresent(String.self, forKey: .subject)))
    }
    let rejected = try container.decodeIfPresent([Rejection].self, forKey: .rejected)
    self.init(
      id: try container.decodeIfPresent(String.self, forKey: .id), intent: intent,
      items: try container.decode([ShareItem].self, forKey: .items),
      accepted: try container.decode([HandlerSummary].self, forKey: .accepted), rejected: rejected ?? [],
      errors: try container.decode([RouteProblem].self, forKey: .errors))
    refusalsOmitted = rejected == nil
    // The writer writes every position for a handler that receives the whole share (`nil`).
    let whole = Array(items.indices)
    for index in accepted.indices where accepted[index].items == whole { accepted[index].items = nil }
    source = try container.decodeIfPresent(String.self, forKey: .source)
    if container.contains(.directShare) {
      var list = try container.nestedUnkeyedContainer(forKey: .directShare)
      while !list.isAtEnd {
        let entry = try list.nestedContainer(keyedBy: DirectShareKeys.self)
        let line = try entry.decodeIfPresent(Int.self, forKey: .line)
        directShare.append(
          DirectShareMatch(
            handler: try entry.decode(String.self, forKey: .handler), label: try entry.decode(String.self, forKey: .label),
            target: DirectShareTarget(
              targetClass: try entry.decode(String.self, forKey: .targetClass),
              mimeTypes: try entry.decode([String].self, forKey: .mimeTypes),
              categories: try entry.decode([String].self, forKey: .categories), file: try entry.decode(String.self, forKey: .file),
              location: line.map { SourceLocation(line: $0, column: 1) })))
      }
    }
    if container.contains(.ordering) {
      let ordering = try container.nestedContainer(keyedBy: OrderingKeys.self, forKey: .ordering)
      sheetLocale = try ordering.decodeIfPresent(String.self, forKey: .locale) ?? sheetLocale
    }
    if let orders = try container.decodeIfPresent([String: [String]].self, forKey: .orders) {
      // The JSON names each platform's handlers; their labels are in `accepted` or `rejected`.
      var known: [String: HandlerSummary] = [:]
      for handler in self.accepted where known[handler.id] == nil { known[handler.id] = handler }
      for rejection in self.rejected where known[rejection.id] == nil {
        known[rejection.id] = HandlerSummary(id: rejection.id, label: rejection.label, reason: nil, guessed: rejection.guessed, items: nil)
      }
      let handlers = { (ids: [String]) in ids.map { known[$0] ?? HandlerSummary(id: $0, label: $0, reason: nil, guessed: [], items: nil) } }
      platforms = PlatformAnswers(android: handlers(orders["android"] ?? []), ios: handlers(orders["ios"] ?? []))
    }
  }
}

extension HandlerSummary: Decodable {
  private enum CodingKeys: String, CodingKey { case id, label, guessed, reason, items }

  /// Reads an accepted handler.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(String.self, forKey: .id), label: try container.decode(String.self, forKey: .label),
      reason: try container.decodeIfPresent(Acceptance.self, forKey: .reason),
      guessed: try container.decodeIfPresent([GuessedValue].self, forKey: .guessed) ?? [],
      items: try container.decodeIfPresent([Int].self, forKey: .items))
  }
}

extension Rejection: Decodable {
  private enum CodingKeys: String, CodingKey { case id, label, guessed, phase, reasons }

  /// Reads a refusal (its `phase` follows from the reasons).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(String.self, forKey: .id), label: try container.decode(String.self, forKey: .label),
      reasons: try container.decode([Reason].self, forKey: .reasons),
      guessed: try container.decodeIfPresent([GuessedValue].self, forKey: .guessed) ?? [])
  }
}

extension Reason: Decodable {
  private enum CodingKeys: String, CodingKey {
    case area = "platform", code, phase, message, file, line, column
  }

  /// Reads a reason (its `phase` follows from the area and code).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      area: try container.decode(Area.self, forKey: .area), code: try container.decode(Code.self, forKey: .code),
      message: try container.decode(String.self, forKey: .message))
    if let file = try container.decodeIfPresent(String.self, forKey: .file) {
      let line = try container.decodeIfPresent(Int.self, forKey: .line)
      let column = try container.decodeIfPresent(Int.self, forKey: .column)
      place = RulePlace(file: file, location: line.map { SourceLocation(line: $0, column: column ?? 1) })
    }
  }
}

extension RouteProblem: Decodable {
  private enum CodingKeys: String, CodingKey { case code, message, phase, item, path }

  /// Reads a problem (its `phase` follows from whether it is an item's).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      code: try container.decode(RouteProblem.Code.self, forKey: .code), message: try container.decode(String.self, forKey: .message),
      item: try container.decodeIfPresent(Int.self, forKey: .item), path: try container.decodeIfPresent(String.self, forKey: .path))
  }
}
