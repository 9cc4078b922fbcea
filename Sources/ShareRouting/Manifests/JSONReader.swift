/// A small JSON reader that keeps line and column of every value.
///
/// It reads the text's UTF-8 bytes (a column counts characters: Unicode scalars, so the bytes
/// that continue a multi-byte character do not move it); the structure of JSON is all ASCII.
struct JSONReader {
  var cursor: ByteCursor

  init(text: String) { cursor = ByteCursor(Array(text.utf8)) }

  /// Up to this many members, duplicate keys are found by looking through the members.
  static let smallObject = 16

  var location: SourceLocation { cursor.location }

  func fail(_ message: String) -> ConfigSyntaxError {
    ConfigSyntaxError(location: location, message: message)
  }

  /// Moves past one byte (the reader only stops on the first byte of a character).
  mutating func advance() { cursor.advance() }

  mutating func skipSpace() {
    cursor.advance { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
  }

  /// The byte at the reader, or `nil` at the end.
  var current: UInt8? { cursor.peek() }

  /// The character at the reader (for messages).
  var currentScalar: Unicode.Scalar? { cursor.character }

  mutating func parseDocument() throws(ConfigSyntaxError) -> ConfigNode {
    skipSpace()
    if cursor.bytes[cursor.position...].starts(with: [0xEF, 0xBB, 0xBF]) {  // U+FEFF
      cursor.advanceCharacter()
      skipSpace()
    }
    let value = try parseValue(depth: 0)
    skipSpace()
    if let extra = currentScalar { throw fail(ConfigMessages.afterValue(extra)) }
    return value
  }

  mutating func parseValue(depth: Int) throws(ConfigSyntaxError) -> ConfigNode {
    guard depth < ConfigParser.maxDepth else {
      throw fail(ConfigMessages.tooDeep(ConfigParser.maxDepth))
    }
    let start = location
    guard let char = current, let scalar = currentScalar else { throw fail(ConfigMessages.endInsteadOfValue) }
    switch char {
    case UInt8(ascii: "{"): return ConfigNode(value: .object(try parseObject(depth: depth)), location: start)
    case UInt8(ascii: "["): return ConfigNode(value: .array(try parseArray(depth: depth)), location: start)
    case UInt8(ascii: "\""): return ConfigNode(value: .string(try parseString()), location: start)
    case UInt8(ascii: "t"): try expectWord("true"); return ConfigNode(value: .bool(true), location: start)
    case UInt8(ascii: "f"): try expectWord("false"); return ConfigNode(value: .bool(false), location: start)
    case UInt8(ascii: "n"): try expectWord("null"); return ConfigNode(value: .null, location: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return ConfigNode(value: try parseNumber(), location: start)
    default: throw fail(ConfigMessages.unexpected(scalar))
    }
  }

  mutating func expectWord(_ word: String) throws(ConfigSyntaxError) {
    for expected in word.utf8 {
      guard current == expected else { throw fail(ConfigMessages.invalidLiteral(word)) }
      advance()
    }
  }

  mutating func parseObject(depth: Int) throws(ConfigSyntaxError) -> [ConfigMember] {
    advance()  // {
    var members: [ConfigMember] = []
    // Duplicate keys: a look through the members while the object is small, a set beyond.
    var keys: Set<String> = []
    skipSpace()
    if current == UInt8(ascii: "}") {
      advance()
      return members
    }
    while true {
      skipSpace()
      let keyLocation = location
      guard current == UInt8(ascii: "\"") else { throw fail(ConfigMessages.quotedKey) }
      let key = try parseString()
      let isDuplicate: Bool
      if members.count < Self.smallObject {
        isDuplicate = members.contains { $0.key == key }
      } else {
        if keys.isEmpty { keys = Set(members.map(\.key)) }
        isDuplicate = !keys.insert(key).inserted
      }
      guard !isDuplicate else {
        throw ConfigSyntaxError(location: keyLocation, message: ConfigMessages.duplicateKey(key))
      }
      skipSpace()
      guard current == UInt8(ascii: ":") else { throw fail(ConfigMessages.colonAfter(key)) }
      advance()
      skipSpace()
      let value = try parseValue(depth: depth + 1)
      members.append(ConfigMember(key: key, keyLocation: keyLocation, value: value))
      skipSpace()
      switch current {
      case UInt8(ascii: ","): advance()
      case UInt8(ascii: "}"): advance(); return members
      default: throw fail(ConfigMessages.objectSeparator)
      }
    }
  }

  mutating func parseArray(depth: Int) throws(ConfigSyntaxError) -> [ConfigNode] {
    advance()  // [
    var items: [ConfigNode] = []
    skipSpace()
    if current == UInt8(ascii: "]") {
      advance()
      return items
    }
    while true {
      skipSpace()
      items.append(try parseValue(depth: depth + 1))
      skipSpace()
      switch current {
      case UInt8(ascii: ","): advance()
      case UInt8(ascii: "]"): advance(); return items
      default: throw fail(ConfigMessages.listSeparator)
      }
    }
  }

  mutating func parseString() throws(ConfigSyntaxError) -> String {
    advance()  // opening quote
    // A string without escapes is its bytes (valid UTF-8: they came from a String); with
    // escapes it is built in pieces.
    var result: [UInt8] = []
    while true {
      guard let char = current else { throw fail(ConfigMessages.unterminatedString) }
      switch char {
      case UInt8(ascii: "\""):
        advance()
        return String(decoding: result, as: UTF8.self)
      case UInt8(ascii: "\\"):
        advance()
        guard let escape = current, let scalar = currentScalar else { throw fail(ConfigMessages.unterminatedString) }
        cursor.advanceCharacter()
        switch escape {
        case UInt8(ascii: "\""): result.append(0x22)
        case UInt8(ascii: "\\"): result.append(0x5C)
        case UInt8(ascii: "/"): result.append(0x2F)
        case UInt8(ascii: "b"): result.append(0x08)
        case UInt8(ascii: "f"): result.append(0x0C)
        case UInt8(ascii: "n"): result.append(0x0A)
        case UInt8(ascii: "r"): result.append(0x0D)
        case UInt8(ascii: "t"): result.append(0x09)
        case UInt8(ascii: "u"): result.append(contentsOf: String(try parseUnicodeEscape()).utf8)
        default: throw fail(ConfigMessages.invalidEscape(scalar))
        }
      case 0x00...0x1F:
        throw fail(ConfigMessages.controlCharacter)
      default:
        // A run of plain characters (no quote, backslash or control character) at once.
        let start = cursor.position
        cursor.advance { $0 != 0x22 && $0 != 0x5C && $0 >= 0x20 }
        let run = cursor.bytes[start..<cursor.position]
        if result.isEmpty, current == UInt8(ascii: "\"") {
          // The whole string, without escapes: built at once.
          advance()
          return String(decoding: run, as: UTF8.self)
        }
        result.append(contentsOf: run)
      }
    }
  }

  mutating func parseHex4() throws(ConfigSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let char = current, let digit = Self.hexDigit(char) else {
        throw fail(ConfigMessages.invalidUnicodeEscape)
      }
      value = value * 16 + digit
      advance()
    }
    return value
  }

  static func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  mutating func parseUnicodeEscape() throws(ConfigSyntaxError) -> Unicode.Scalar {
    let high = try parseHex4()
    if (0xD800...0xDBFF).contains(high) {
      guard current == UInt8(ascii: "\\") else { throw fail(ConfigMessages.unpairedSurrogate) }
      advance()
      guard current == UInt8(ascii: "u") else { throw fail(ConfigMessages.unpairedSurrogate) }
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

  static func isDigit(_ byte: UInt8?) -> Bool { byte.map { (0x30...0x39).contains($0) } ?? false }

  mutating func parseNumber() throws(ConfigSyntaxError) -> ConfigNode.Value {
    let start = cursor.position
    if current == UInt8(ascii: "-") { advance() }
    guard Self.isDigit(current) else { throw fail(ConfigMessages.invalidNumber) }
    if current == UInt8(ascii: "0") {
      advance()
    } else {
      while Self.isDigit(current) { advance() }
    }
    var isInteger = true
    if current == UInt8(ascii: ".") {
      isInteger = false
      advance()
      guard Self.isDigit(current) else { throw fail(ConfigMessages.invalidNumber) }
      while Self.isDigit(current) { advance() }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      isInteger = false
      advance()
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
      guard Self.isDigit(current) else { throw fail(ConfigMessages.invalidNumber) }
      while Self.isDigit(current) { advance() }
    }
    let literal = String(decoding: cursor.bytes[start..<cursor.position], as: UTF8.self)
    if isInteger, let value = Int(literal) { return .integer(value) }
    guard let value = Double(literal) else { throw fail(ConfigMessages.invalidNumber(literal)) }
    return .real(value)
  }
}
