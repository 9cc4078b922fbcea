/// A small JSON reader that keeps line and column of every value.
struct JSONReader {
  let scalars: [Unicode.Scalar]
  var index = 0
  var line = 1
  var column = 1

  init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

  /// Up to this many members, duplicate keys are found by looking through the members.
  static let smallObject = 16

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
    while index < scalars.count {
      switch scalars[index] {
      case " ", "\t", "\r":
        column += 1
        index += 1
      case "\n":
        line += 1
        column = 1
        index += 1
      default:
        return
      }
    }
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
    // Duplicate keys: a look through the members while the object is small, a set beyond.
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
        // A run of plain characters (no quote, backslash, control character or newline) at once.
        let start = index
        while index < scalars.count {
          let next = scalars[index]
          if next == "\"" || next == "\\" || next.value < 0x20 { break }
          index += 1
        }
        column += index - start
        if result.isEmpty, current == "\"", let ascii = asciiText(start..<index) {
          // The whole string, without escapes or non-ASCII characters: built at once.
          advance()
          return ascii
        }
        // One scalar at a time: `append(contentsOf:)` of a slice takes a generic path that
        // costs more than the loop.
        for position in start..<index { result.append(scalars[position]) }
      }
    }
  }

  /// The scalars of a range as a string when they are all ASCII, `nil` otherwise.
  func asciiText(_ range: Range<Int>) -> String? {
    for position in range where scalars[position].value >= 0x80 { return nil }
    return String(unsafeUninitializedCapacity: range.count) { buffer in
      for offset in 0..<range.count {
        buffer[offset] = UInt8(truncatingIfNeeded: scalars[range.lowerBound + offset].value)
      }
      return range.count
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
    for position in start..<index { text.append(scalars[position]) }
    let literal = String(text)
    if isInteger, let value = Int(literal) { return .integer(value) }
    guard let value = Double(literal) else { throw fail(ConfigMessages.invalidNumber(literal)) }
    return .real(value)
  }
}
