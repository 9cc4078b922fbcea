/// `Codable` for a route and its parts, with the members of share-route's JSON
/// (`docs/schemas/route.schema.json`): any `Encoder` writes what ``Route/json(pretty:)`` writes
/// (keys aside, whose order an encoder chooses), and a route's JSON decodes back. A test holds
/// the two encodings equal on every sample.
extension Route: Codable {
  private enum CodingKeys: String, CodingKey {
    case schemaVersion, id, intent, items, pick, accepted, rejected, errors
  }

  private enum IntentKeys: String, CodingKey {
    case action, type, extras
  }

  private enum ExtrasKeys: String, CodingKey {
    case text = "android.intent.extra.TEXT"
  }

  /// Writes the route's members: `schemaVersion`, `id` (when there is one), `intent`, `items`, `pick`,
  /// `accepted`, `rejected` (unless refusals were left out) and `errors`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Route.schemaVersion, forKey: .schemaVersion)
    try container.encodeIfPresent(id, forKey: .id)
    if let intent {
      var nested = container.nestedContainer(keyedBy: IntentKeys.self, forKey: .intent)
      try nested.encode(intent.action, forKey: .action)
      try nested.encode(intent.type, forKey: .type)
      var extras = nested.nestedContainer(keyedBy: ExtrasKeys.self, forKey: .extras)
      try extras.encodeIfPresent(intent.extras.text, forKey: .text)
    } else {
      try container.encodeNil(forKey: .intent)
    }
    try container.encode(items, forKey: .items)
    try container.encode(pick, forKey: .pick)
    try container.encode(accepted, forKey: .accepted)
    if !refusalsOmitted { try container.encode(rejected, forKey: .rejected) }
    try container.encode(errors, forKey: .errors)
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
      intent = AndroidIntent(
        action: try nested.decodeIfPresent(String.self, forKey: .action),
        type: try nested.decodeIfPresent(String.self, forKey: .type), categories: [IntentFilter.defaultCategory],
        extras: AndroidIntent.Extras(text: try extras?.decodeIfPresent(String.self, forKey: .text)))
    }
    let rejected = try container.decodeIfPresent([Rejection].self, forKey: .rejected)
    self.init(
      id: try container.decodeIfPresent(String.self, forKey: .id), intent: intent,
      items: try container.decode([ShareItem].self, forKey: .items),
      accepted: try container.decode([HandlerSummary].self, forKey: .accepted), rejected: rejected ?? [],
      errors: try container.decode([RouteProblem].self, forKey: .errors))
    refusalsOmitted = rejected == nil
  }
}

extension HandlerSummary: Codable {
  private enum CodingKeys: String, CodingKey { case id, label, guessed, reason }

  /// `id`, `label`, `guessed` (`[]` unless share-route made a value up) and `reason` (`null`
  /// unless a source's custom target).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(label, forKey: .label)
    try container.encode(guessed, forKey: .guessed)
    try container.encode(reason, forKey: .reason)
  }

  /// Reads an accepted handler.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(String.self, forKey: .id), label: try container.decode(String.self, forKey: .label),
      reason: try container.decodeIfPresent(Acceptance.self, forKey: .reason),
      guessed: try container.decodeIfPresent([GuessedValue].self, forKey: .guessed) ?? [])
  }
}

extension Rejection: Codable {
  private enum CodingKeys: String, CodingKey { case id, label, guessed, phase, reasons }

  /// `id`, `label`, `guessed`, the earliest `phase` and every reason.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(label, forKey: .label)
    try container.encode(guessed, forKey: .guessed)
    try container.encode(phase, forKey: .phase)
    try container.encode(reasons, forKey: .reasons)
  }

  /// Reads a refusal (its `phase` follows from the reasons).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(String.self, forKey: .id), label: try container.decode(String.self, forKey: .label),
      reasons: try container.decode([Reason].self, forKey: .reasons),
      guessed: try container.decodeIfPresent([GuessedValue].self, forKey: .guessed) ?? [])
  }
}

extension Reason: Codable {
  private enum CodingKeys: String, CodingKey {
    case area = "platform", code, phase, message
  }

  /// `platform` (the area), `code`, `phase`, `message`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(area, forKey: .area)
    try container.encode(code, forKey: .code)
    try container.encode(phase, forKey: .phase)
    try container.encode(message, forKey: .message)
  }

  /// Reads a reason (its `phase` follows from the area and code).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      area: try container.decode(Area.self, forKey: .area), code: try container.decode(Code.self, forKey: .code),
      message: try container.decode(String.self, forKey: .message))
  }
}

extension RouteProblem: Codable {
  private enum CodingKeys: String, CodingKey { case code, message, phase, item, path }

  /// `code`, `message`, then `phase` and `item` for an item's problem and `path` when known.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(code, forKey: .code)
    try container.encode(message, forKey: .message)
    try container.encodeIfPresent(phase, forKey: .phase)
    try container.encodeIfPresent(item, forKey: .item)
    try container.encodeIfPresent(path, forKey: .path)
  }

  /// Reads a problem (its `phase` follows from whether it is an item's).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      code: try container.decode(RouteProblem.Code.self, forKey: .code), message: try container.decode(String.self, forKey: .message),
      item: try container.decodeIfPresent(Int.self, forKey: .item), path: try container.decodeIfPresent(String.self, forKey: .path))
  }
}
