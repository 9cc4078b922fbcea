/// A read position in UTF-8 bytes that keeps its line and column (columns in Unicode scalars),
/// shared by the readers of project files (Gradle scripts, old-style property lists) and of JSON.
struct ByteCursor {
  let bytes: [UInt8]
  private(set) var position = 0
  private(set) var line = 1
  private(set) var column = 1

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Where the cursor is.
  var location: SourceLocation { SourceLocation(line: line, column: column) }

  /// The byte `offset` bytes ahead, or `nil` past the end.
  func peek(_ offset: Int = 0) -> UInt8? {
    position + offset < bytes.count ? bytes[position + offset] : nil
  }

  /// Steps over one byte (nothing at the end).
  mutating func advance() {
    guard position < bytes.count else { return }
    if bytes[position] == 0x0A {
      line += 1
      column = 1
    } else if bytes[position] & 0xC0 != 0x80 {
      column += 1
    }
    position += 1
  }

  /// Steps over `count` bytes.
  mutating func advance(_ count: Int) {
    for _ in 0..<count { advance() }
  }

  /// Steps over the bytes for which `accept` holds.
  mutating func advance(while accept: (UInt8) -> Bool) {
    while let byte = peek(), accept(byte) { advance() }
  }

  /// Steps over one whole character: its first byte and the bytes that continue it.
  mutating func advanceCharacter() {
    advance()
    advance { $0 & 0xC0 == 0x80 }
  }

  /// The character at the cursor, or `nil` at the end (for messages).
  var character: Unicode.Scalar? { Self.characterText(at: position, in: bytes)?.unicodeScalars.first }

  /// The bytes from `offset` to the next byte that starts a character, decoded: a message's
  /// excerpt of the character there (`nil` past the end).
  static func characterText(at offset: Int, in bytes: [UInt8]) -> String? {
    guard offset < bytes.count else { return nil }
    var end = offset + 1
    while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
    return String(decoding: bytes[offset..<end], as: UTF8.self)
  }

  /// Skips white space, `// …` line comments and `/* … */` block comments (an unterminated one
  /// runs to the end).
  mutating func skipSpaceAndComments() {
    while let byte = peek() {
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        advance()
      } else if byte == 0x2F, peek(1) == 0x2F {
        while peek() != nil && peek() != 0x0A { advance() }
      } else if byte == 0x2F, peek(1) == 0x2A {
        advance(2)
        while peek() != nil && !(peek() == 0x2A && peek(1) == 0x2F) { advance() }
        advance(2)
      } else {
        return
      }
    }
  }
}
