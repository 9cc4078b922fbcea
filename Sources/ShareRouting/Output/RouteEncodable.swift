/// `Encodable` for the results, through the one writer: each conformance writes its value with
/// the encoder of `Output/` (the bytes `share-route --json` prints) and hands that JSON, as the
/// tree it is, to the caller's encoder. `JSONEncoder` output therefore holds the same members and
/// values as the command's (a test compares them); the member order is the encoder's own
/// (Foundation's reorders keys; `.sortedKeys` makes it stable).
extension Route: Encodable {
  /// Writes the route's JSON (`docs/output.md#route-json`).
  public func encode(to encoder: any Encoder) throws {
    try JSONTree.encode(to: encoder) { $0.route(self) }
  }
}

extension HandlerSummary: Encodable {
  /// Writes an accepted handler as a route's `accepted` member holds it (its `items` only when
  /// it receives part of the share).
  public func encode(to encoder: any Encoder) throws {
    try JSONTree.encode(to: encoder) { $0.accepted(self, whole: nil) }
  }
}

extension Rejection: Encodable {
  /// Writes a refusal as a route's `rejected` member holds it.
  public func encode(to encoder: any Encoder) throws {
    try JSONTree.encode(to: encoder) { $0.rejection(self) }
  }
}

extension Reason: Encodable {
  /// Writes a reason as a refusal's `reasons` member holds it.
  public func encode(to encoder: any Encoder) throws {
    try JSONTree.encode(to: encoder) { $0.reason(self) }
  }
}

extension RouteProblem: Encodable {
  /// Writes a problem as a route's `errors` member holds it.
  public func encode(to encoder: any Encoder) throws {
    try JSONTree.encode(to: encoder) { $0.problem(self) }
  }
}

extension ShareItem: Encodable {
  /// Writes an item as a route's `items` member holds it (its `share` is `ShareData`'s shape).
  public func encode(to encoder: any Encoder) throws {
    try JSONTree.encode(to: encoder) { $0.item(self) }
  }
}

/// The JSON a writer made, handed to an `Encoder` value by value.
struct JSONTree: Encodable {
  let node: ConfigNode

  /// Encodes what `write` writes into `encoder`.
  static func encode(to encoder: any Encoder, _ write: (inout JSONWriter) -> Void) throws {
    var writer = JSONWriter(pretty: false)
    write(&writer)
    var reader = JSONReader(text: writer.output)
    try JSONTree(node: reader.parseDocument()).encode(to: encoder)
  }

  func encode(to encoder: any Encoder) throws {
    switch node.value {
    case .object(let members):
      var container = encoder.container(keyedBy: Key.self)
      for member in members { try container.encode(JSONTree(node: member.value), forKey: Key(member.key)) }
    case .array(let elements):
      var container = encoder.unkeyedContainer()
      for element in elements { try container.encode(JSONTree(node: element)) }
    case .string(let text):
      var container = encoder.singleValueContainer()
      try container.encode(text)
    case .integer(let number):
      var container = encoder.singleValueContainer()
      try container.encode(number)
    case .real(let number):
      var container = encoder.singleValueContainer()
      try container.encode(number)
    case .bool(let flag):
      var container = encoder.singleValueContainer()
      try container.encode(flag)
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    }
  }

  /// A member name.
  struct Key: CodingKey {
    let stringValue: String
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
  }
}
