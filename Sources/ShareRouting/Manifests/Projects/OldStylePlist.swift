/// A value of an old-style (OpenStep) property list.
indirect enum PBXValue: Sendable {
  case string(String)
  case array([PBXValue])
  case dictionary([String: PBXValue])

  /// A build setting's text: a string as is, a list joined by spaces.
  var settingText: String {
    switch self {
    case .string(let text): text
    case .array(let items): items.map(\.settingText).joined(separator: " ")
    case .dictionary: ""
    }
  }
}

/// A syntax error in an old-style property list.
struct PBXSyntaxError: Error, Sendable {
  let location: SourceLocation
  let message: String
}

/// A strict, bounded reader of old-style property lists (`project.pbxproj`): dictionaries,
/// arrays, quoted and unquoted strings, `<hex>` data (kept as text), `/* */` and `//` comments.
struct PBXParser {
  /// The deepest nesting accepted.
  static let maxDepth = 64
  /// The most values accepted.
  static let maxValues = 4_000_000

  private var cursor: ByteCursor
  private var values = 0
  /// The keys of the dictionaries being read, outermost first.
  private var path: [String] = []
  /// Where each build setting is written: `objects` → configuration id → `buildSettings` → key.
  private var settingPlaces: [String: [String: SourceLocation]] = [:]

  private init(_ bytes: [UInt8]) { cursor = ByteCursor(bytes) }

  static func parse(_ bytes: [UInt8]) throws(PBXSyntaxError) -> PBXValue {
    try parseProject(bytes).value
  }

  /// ``parse(_:)``, with where each build setting of a `project.pbxproj` is written, by
  /// configuration object id and setting (the key's line and column).
  static func parseProject(_ bytes: [UInt8]) throws(PBXSyntaxError) -> (value: PBXValue, settingPlaces: [String: [String: SourceLocation]]) {
    var parser = PBXParser(bytes)
    parser.skipSpace()
    let value = try parser.value(depth: 0)
    parser.skipSpace()
    guard parser.peek() == nil else { throw parser.fail(ProjectMessages.afterValue) }
    return (value, parser.settingPlaces)
  }

  private var location: SourceLocation { cursor.location }

  private func fail(_ message: String) -> PBXSyntaxError { PBXSyntaxError(location: location, message: message) }

  private func peek(_ offset: Int = 0) -> UInt8? { cursor.peek(offset) }
  private mutating func advance() { cursor.advance() }
  private mutating func skipSpace() { cursor.skipSpaceAndComments() }

  private static func isUnquoted(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
      || [0x5F, 0x24, 0x2F, 0x3A, 0x2E, 0x2D, 0x2B].contains(byte)
  }

  private mutating func expect(_ byte: UInt8, _ what: String) throws(PBXSyntaxError) {
    skipSpace()
    guard peek() == byte else { throw fail(ProjectMessages.expected(what, found: describe(peek()))) }
    advance()
  }

  private func describe(_ byte: UInt8?) -> String {
    guard let byte else { return ProjectMessages.endOfFile }
    return byte >= 0x20 && byte < 0x7F ? "'\(UnicodeScalar(byte))'" : "byte \(byte)"
  }

  private mutating func value(depth: Int) throws(PBXSyntaxError) -> PBXValue {
    guard depth < Self.maxDepth else { throw fail(ProjectMessages.tooDeep(Self.maxDepth)) }
    values += 1
    guard values <= Self.maxValues else { throw fail(ProjectMessages.tooManyValues(Self.maxValues)) }
    skipSpace()
    guard let byte = peek() else { throw fail(ProjectMessages.expected("a value", found: ProjectMessages.endOfFile)) }
    switch byte {
    case 0x7B:  // {
      advance()
      var result: [String: PBXValue] = [:]
      while true {
        skipSpace()
        if peek() == 0x7D {
          advance()
          return .dictionary(result)
        }
        let keyLocation = location
        guard case .string(let key) = try string() else { throw fail(ProjectMessages.expected("a key", found: describe(peek()))) }
        if path.count == 3, path[0] == "objects", path[2] == "buildSettings" {
          settingPlaces[path[1], default: [:]][key] = keyLocation
        }
        try expect(0x3D, "'='")
        // Only the first levels are followed: deeper keys never name a setting.
        if depth < 3 { path.append(key) }
        let item = try value(depth: depth + 1)
        if depth < 3 { path.removeLast() }
        try expect(0x3B, "';'")
        result[key] = item
      }
    case 0x28:  // (
      advance()
      var items: [PBXValue] = []
      while true {
        skipSpace()
        if peek() == 0x29 {
          advance()
          return .array(items)
        }
        items.append(try value(depth: depth + 1))
        skipSpace()
        if peek() == 0x2C {
          advance()
        } else if peek() != 0x29 {
          throw fail(ProjectMessages.expected("',' or ')'", found: describe(peek())))
        }
      }
    default:
      return try string()
    }
  }

  private mutating func string() throws(PBXSyntaxError) -> PBXValue {
    skipSpace()
    guard let byte = peek() else { throw fail(ProjectMessages.expected("a string", found: ProjectMessages.endOfFile)) }
    if byte == 0x22 {
      let start = location
      advance()
      var content: [UInt8] = []
      while true {
        guard let c = peek() else { throw PBXSyntaxError(location: start, message: ProjectMessages.unterminatedString) }
        advance()
        if c == 0x22 { break }
        if c == 0x5C, let escaped = peek() {
          advance()
          switch escaped {
          case 0x6E: content.append(0x0A)
          case 0x74: content.append(0x09)
          default: content.append(escaped)
          }
          continue
        }
        content.append(c)
      }
      return .string(String(decoding: content, as: UTF8.self))
    }
    if byte == 0x3C {  // <hex data>
      let from = cursor.position
      while let c = peek(), c != 0x3E { advance() }
      guard peek() == 0x3E else { throw fail(ProjectMessages.unterminatedString) }
      advance()
      return .string(String(decoding: cursor.bytes[from..<cursor.position], as: UTF8.self))
    }
    guard Self.isUnquoted(byte) else { throw fail(ProjectMessages.expected("a value", found: describe(byte))) }
    let from = cursor.position
    while let c = peek(), Self.isUnquoted(c) { advance() }
    return .string(String(decoding: cursor.bytes[from..<cursor.position], as: UTF8.self))
  }
}
