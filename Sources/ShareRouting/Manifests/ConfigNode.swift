import Yams

/// A position in a text file, 1-based.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  /// The line, from 1.
  public let line: Int
  /// The column, from 1, in Unicode scalars.
  public let column: Int

  /// Creates a location.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// `line:column`.
  public var description: String { "\(line):\(column)" }
}

/// A parsed YAML or JSON value with the position of every node, so that errors can point at it.
struct ConfigNode: Sendable {
  enum Value: Sendable {
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
struct ConfigMember: Sendable {
  let key: String
  let keyLocation: SourceLocation
  let value: ConfigNode
}

/// A syntax error in a YAML or JSON text.
struct ConfigSyntaxError: Error, Sendable {
  let location: SourceLocation?
  let message: String
}

enum ConfigParser {
  /// Nesting deeper than this is refused (manifests are a few levels deep).
  static let maxDepth = 64
  /// A document may hold at most this many values once YAML aliases are expanded (a
  /// "billion laughs" document expands to billions; a 1 MiB manifest has far fewer).
  static let maxValues = 200_000

  /// Parses YAML (one document) with Yams (which resolves aliases); duplicate keys are refused.
  static func parseYAML(_ text: String) throws(ConfigSyntaxError) -> ConfigNode? {
    let node: Node?
    do {
      node = try Yams.compose(yaml: text)
    } catch let error as YamlError {
      throw yamlError(error)
    } catch {
      throw ConfigSyntaxError(location: nil, message: String(describing: error))
    }
    guard let node else { return nil }
    var budget = maxValues
    return try convert(node, depth: 0, budget: &budget)
  }

  private static func yamlError(_ error: YamlError) -> ConfigSyntaxError {
    func location(_ mark: Mark) -> SourceLocation {
      SourceLocation(line: mark.line, column: mark.column)
    }
    switch error {
    case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      let prefix = context.map { "\($0.text) " } ?? ""
      return ConfigSyntaxError(location: location(mark), message: prefix + problem)
    case .reader(let problem, _, _, _):
      return ConfigSyntaxError(location: nil, message: problem)
    case .duplicatedKeysInMapping(let duplicates, let context):
      return ConfigSyntaxError(
        location: location(context.mark),
        message: ConfigMessages.duplicateKeys(duplicates))
    default:
      return ConfigSyntaxError(location: nil, message: String(describing: error))
    }
  }

  private static func convert(_ node: Node, depth: Int, budget: inout Int) throws(ConfigSyntaxError) -> ConfigNode {
    let location = node.mark.map { SourceLocation(line: $0.line, column: $0.column) }
      ?? SourceLocation(line: 1, column: 1)
    guard depth < maxDepth else {
      throw ConfigSyntaxError(location: location, message: ConfigMessages.tooDeep(maxDepth))
    }
    budget -= 1
    guard budget >= 0 else {
      throw ConfigSyntaxError(
        location: location, message: ConfigMessages.tooManyValues(maxValues))
    }
    switch node {
    case .scalar(let scalar):
      return ConfigNode(value: scalarValue(scalar, node: node), location: location)
    case .sequence(let sequence):
      var items: [ConfigNode] = []
      for child in sequence { items.append(try convert(child, depth: depth + 1, budget: &budget)) }
      return ConfigNode(value: .array(items), location: location)
    case .mapping(let mapping):
      var members: [ConfigMember] = []
      var keys: Set<String> = []
      for (key, value) in mapping {
        let keyLocation = key.mark.map { SourceLocation(line: $0.line, column: $0.column) } ?? location
        guard case .scalar(let keyScalar) = key else {
          throw ConfigSyntaxError(location: keyLocation, message: ConfigMessages.nonStringKey)
        }
        guard keys.insert(keyScalar.string).inserted else {
          throw ConfigSyntaxError(location: keyLocation, message: ConfigMessages.duplicateKey(keyScalar.string))
        }
        members.append(
          ConfigMember(
            key: keyScalar.string, keyLocation: keyLocation,
            value: try convert(value, depth: depth + 1, budget: &budget)))
      }
      return ConfigNode(value: .object(members), location: location)
    case .alias:
      throw ConfigSyntaxError(location: location, message: ConfigMessages.unresolvedAlias)
    }
  }

  private static func scalarValue(_ scalar: Node.Scalar, node: Node) -> ConfigNode.Value {
    switch node.tag.rawValue {
    case Tag.Name.null.rawValue: return .null
    case Tag.Name.bool.rawValue: return node.bool.map { .bool($0) } ?? .string(scalar.string)
    // Numbers are read here, not by Yams: its YAML 1.1 base-60 integers (`1:30`) trap on
    // overflow (`999999999999999999:0` crashed the loader; found by Fuzz/run.sh). Decimal
    // integers that fit in Int and plain decimal reals are numbers; anything else stays a string.
    case Tag.Name.int.rawValue: return Int(scalar.string).map { .integer($0) } ?? .string(scalar.string)
    case Tag.Name.float.rawValue:
      let text = scalar.string
      let plain = !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }
      return plain ? Double(text).map { .real($0) } ?? .string(text) : .string(text)
    default: return .string(scalar.string)
    }
  }

  /// Parses strict JSON (RFC 8259): no comments, no trailing commas, duplicate keys refused.
  static func parseJSON(_ text: String) throws(ConfigSyntaxError) -> ConfigNode {
    var reader = JSONReader(scalars: Array(text.unicodeScalars))
    return try reader.parseDocument()
  }
}

/// A small JSON reader that keeps line and column of every value.
private struct JSONReader {
  let scalars: [Unicode.Scalar]
  var index = 0
  var line = 1
  var column = 1

  init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

  var location: SourceLocation { SourceLocation(line: line, column: column) }

  func fail(_ message: String) -> ConfigSyntaxError {
    ConfigSyntaxError(location: location, message: message)
  }

  mutating func advance() {
    if scalars[index] == "\n" {
      line += 1
      column = 1
    } else {
      column += 1
    }
    index += 1
  }

  mutating func skipSpace() {
    while index < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[index]) { advance() }
  }

  var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

  mutating func parseDocument() throws(ConfigSyntaxError) -> ConfigNode {
    skipSpace()
    if current == "\u{FEFF}" {
      advance()
      skipSpace()
    }
    let value = try parseValue(depth: 0)
    skipSpace()
    if let extra = current { throw fail(ConfigMessages.afterValue(extra)) }
    return value
  }

  mutating func parseValue(depth: Int) throws(ConfigSyntaxError) -> ConfigNode {
    guard depth < ConfigParser.maxDepth else {
      throw fail(ConfigMessages.tooDeep(ConfigParser.maxDepth))
    }
    let start = location
    guard let char = current else { throw fail(ConfigMessages.endInsteadOfValue) }
    switch char {
    case "{": return ConfigNode(value: .object(try parseObject(depth: depth)), location: start)
    case "[": return ConfigNode(value: .array(try parseArray(depth: depth)), location: start)
    case "\"": return ConfigNode(value: .string(try parseString()), location: start)
    case "t": try expectWord("true"); return ConfigNode(value: .bool(true), location: start)
    case "f": try expectWord("false"); return ConfigNode(value: .bool(false), location: start)
    case "n": try expectWord("null"); return ConfigNode(value: .null, location: start)
    case "-", "0"..."9": return ConfigNode(value: try parseNumber(), location: start)
    default: throw fail(ConfigMessages.unexpected(char))
    }
  }

  mutating func expectWord(_ word: String) throws(ConfigSyntaxError) {
    for expected in word.unicodeScalars {
      guard current == expected else { throw fail(ConfigMessages.invalidLiteral(word)) }
      advance()
    }
  }

  mutating func parseObject(depth: Int) throws(ConfigSyntaxError) -> [ConfigMember] {
    advance()  // {
    var members: [ConfigMember] = []
    var keys: Set<String> = []
    skipSpace()
    if current == "}" {
      advance()
      return members
    }
    while true {
      skipSpace()
      let keyLocation = location
      guard current == "\"" else { throw fail(ConfigMessages.quotedKey) }
      let key = try parseString()
      guard keys.insert(key).inserted else {
        throw ConfigSyntaxError(location: keyLocation, message: ConfigMessages.duplicateKey(key))
      }
      skipSpace()
      guard current == ":" else { throw fail(ConfigMessages.colonAfter(key)) }
      advance()
      skipSpace()
      let value = try parseValue(depth: depth + 1)
      members.append(ConfigMember(key: key, keyLocation: keyLocation, value: value))
      skipSpace()
      switch current {
      case ",": advance()
      case "}": advance(); return members
      default: throw fail(ConfigMessages.objectSeparator)
      }
    }
  }

  mutating func parseArray(depth: Int) throws(ConfigSyntaxError) -> [ConfigNode] {
    advance()  // [
    var items: [ConfigNode] = []
    skipSpace()
    if current == "]" {
      advance()
      return items
    }
    while true {
      skipSpace()
      items.append(try parseValue(depth: depth + 1))
      skipSpace()
      switch current {
      case ",": advance()
      case "]": advance(); return items
      default: throw fail(ConfigMessages.listSeparator)
      }
    }
  }

  mutating func parseString() throws(ConfigSyntaxError) -> String {
    advance()  // opening quote
    var result = String.UnicodeScalarView()
    while true {
      guard let char = current else { throw fail(ConfigMessages.unterminatedString) }
      switch char {
      case "\"":
        advance()
        return String(result)
      case "\\":
        advance()
        guard let escape = current else { throw fail(ConfigMessages.unterminatedString) }
        advance()
        switch escape {
        case "\"": result.append("\"")
        case "\\": result.append("\\")
        case "/": result.append("/")
        case "b": result.append("\u{08}")
        case "f": result.append("\u{0C}")
        case "n": result.append("\n")
        case "r": result.append("\r")
        case "t": result.append("\t")
        case "u": result.append(try parseUnicodeEscape())
        default: throw fail(ConfigMessages.invalidEscape(escape))
        }
      case "\u{00}"..."\u{1F}":
        throw fail(ConfigMessages.controlCharacter)
      default:
        result.append(char)
        advance()
      }
    }
  }

  mutating func parseHex4() throws(ConfigSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let char = current, let digit = Int(String(char), radix: 16) else {
        throw fail(ConfigMessages.invalidUnicodeEscape)
      }
      value = value * 16 + UInt32(digit)
      advance()
    }
    return value
  }

  mutating func parseUnicodeEscape() throws(ConfigSyntaxError) -> Unicode.Scalar {
    let high = try parseHex4()
    if (0xD800...0xDBFF).contains(high) {
      guard current == "\\" else { throw fail(ConfigMessages.unpairedSurrogate) }
      advance()
      guard current == "u" else { throw fail(ConfigMessages.unpairedSurrogate) }
      advance()
      let low = try parseHex4()
      guard (0xDC00...0xDFFF).contains(low),
        let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
      else { throw fail(ConfigMessages.unpairedSurrogate) }
      return scalar
    }
    guard let scalar = Unicode.Scalar(high) else { throw fail(ConfigMessages.unpairedSurrogate) }
    return scalar
  }

  mutating func parseNumber() throws(ConfigSyntaxError) -> ConfigNode.Value {
    let start = index
    if current == "-" { advance() }
    guard let first = current, ("0"..."9").contains(first) else { throw fail(ConfigMessages.invalidNumber) }
    if first == "0" {
      advance()
    } else {
      while let char = current, ("0"..."9").contains(char) { advance() }
    }
    var isInteger = true
    if current == "." {
      isInteger = false
      advance()
      guard let char = current, ("0"..."9").contains(char) else { throw fail(ConfigMessages.invalidNumber) }
      while let char = current, ("0"..."9").contains(char) { advance() }
    }
    if current == "e" || current == "E" {
      isInteger = false
      advance()
      if current == "+" || current == "-" { advance() }
      guard let char = current, ("0"..."9").contains(char) else { throw fail(ConfigMessages.invalidNumber) }
      while let char = current, ("0"..."9").contains(char) { advance() }
    }
    var text = String.UnicodeScalarView()
    text.append(contentsOf: scalars[start..<index])
    let literal = String(text)
    if isInteger, let value = Int(literal) { return .integer(value) }
    guard let value = Double(literal) else { throw fail(ConfigMessages.invalidNumber(literal)) }
    return .real(value)
  }
}
