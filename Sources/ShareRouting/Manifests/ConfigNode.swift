/// A parsed YAML or JSON value with the position of every node, so that errors can point at it.
struct ConfigNode: Equatable, Sendable {
  enum Value: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case real(Double)
    case bool(Bool)
    case null
    case array([ConfigNode])
    case object([ConfigMember])
  }

  let value: Value
  let location: SourceLocation

  /// A short name of the node's type for "expected X, found Y" messages.
  var typeName: String {
    switch value {
    case .string: "a string"
    case .integer: "an integer"
    case .real: "a number"
    case .bool: "a Boolean"
    case .null: "null"
    case .array: "a list"
    case .object: "a mapping"
    }
  }

  /// The node as the user wrote it, for messages (scalars only; containers get their type name).
  var displayValue: String {
    switch value {
    case .string(let text): text
    case .integer(let number): String(number)
    case .real(let number): String(number)
    case .bool(let flag): String(flag)
    case .null: "null"
    case .array, .object: typeName
    }
  }
}

/// One `key: value` pair of a mapping.
struct ConfigMember: Equatable, Sendable {
  let key: String
  let keyLocation: SourceLocation
  let value: ConfigNode
}

/// A syntax error in a YAML or JSON text.
struct ConfigSyntaxError: Error, Sendable {
  let location: SourceLocation?
  let message: String
}
