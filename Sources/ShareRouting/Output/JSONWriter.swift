/// A minimal JSON writer with a fixed key order (Foundation's encoder sorts or scrambles keys).
/// It appends UTF-8 bytes to one buffer; ``output`` decodes them once at the end.
///
/// The only JSON writer of ShareRouting: every JSON output (route, query, sniff, lint, batch) is
/// encoded by the files of this folder (`Output/`) on top of it.
struct JSONWriter {
  private var bytes: [UInt8] = []
  let pretty: Bool
  private var depth = 0
  /// Whether each open value needs a comma before its next member or element, innermost last:
  /// bits for the first 64 levels (no allocation), an array beyond.
  private var commaBits: UInt64 = 0
  private var levels = 1
  private var deeperLevels: [Bool] = []

  private mutating func pushLevel() {
    if levels < 64 { commaBits &= ~(1 << UInt64(levels)) } else { deeperLevels.append(false) }
    levels += 1
  }

  /// Closes the innermost level and says whether it held anything.
  @discardableResult private mutating func popLevel() -> Bool {
    levels -= 1
    return levels < 64 ? commaBits & (1 << UInt64(levels)) != 0 : deeperLevels.removeLast()
  }

  private var innermostNeedsComma: Bool {
    get {
      let level = levels - 1
      return level < 64 ? commaBits & (1 << UInt64(level)) != 0 : deeperLevels[deeperLevels.count - 1]
    }
    set {
      let level = levels - 1
      if level < 64 {
        if newValue { commaBits |= 1 << UInt64(level) } else { commaBits &= ~(1 << UInt64(level)) }
      } else {
        deeperLevels[deeperLevels.count - 1] = newValue
      }
    }
  }

  /// A writer whose buffer starts with room for `capacity` bytes (an estimate: a large answer
  /// is then not copied over and over as it grows).
  init(pretty: Bool, capacity: Int = 4096) {
    self.pretty = pretty
    bytes.reserveCapacity(capacity)
  }

  /// The text written so far.
  var output: String { String(decoding: bytes, as: UTF8.self) }

  private mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  private mutating func newline() {
    guard pretty else { return }
    bytes.append(0x0A)
    bytes.append(contentsOf: repeatElement(0x20, count: 2 * depth))
  }

  private mutating func beginValue() {
    if innermostNeedsComma { bytes.append(UInt8(ascii: ",")) }
    innermostNeedsComma = true
  }

  mutating func object(_ body: (inout JSONWriter) -> Void) {
    bytes.append(UInt8(ascii: "{"))
    depth += 1
    pushLevel()
    body(&self)
    let empty = !popLevel()
    depth -= 1
    if !empty { newline() }
    bytes.append(UInt8(ascii: "}"))
  }

  /// A member with its key. Keys are the schema's own ASCII words, so they are written as
  /// they are (a value is escaped).
  mutating func member(_ key: StaticString, _ value: (inout JSONWriter) -> Void) {
    beginValue()
    newline()
    bytes.append(UInt8(ascii: "\""))
    raw(key)
    bytes.append(UInt8(ascii: "\""))
    if pretty { raw(": ") } else { bytes.append(UInt8(ascii: ":")) }
    pushLevel()
    value(&self)
    popLevel()
  }

  mutating func array<Element>(_ elements: [Element], _ body: (inout JSONWriter, Element) -> Void) {
    bytes.append(UInt8(ascii: "["))
    guard !elements.isEmpty else {
      bytes.append(UInt8(ascii: "]"))
      return
    }
    depth += 1
    pushLevel()
    for element in elements {
      beginValue()
      newline()
      pushLevel()
      body(&self, element)
      popLevel()
    }
    popLevel()
    depth -= 1
    newline()
    bytes.append(UInt8(ascii: "]"))
  }

  mutating func string(_ value: String) { appendString(value) }
  mutating func optionalString(_ value: String?) {
    if let value { appendString(value) } else { null() }
  }
  mutating func number(_ value: Int) { bytes.append(contentsOf: String(value).utf8) }
  mutating func bool(_ value: Bool) { if value { raw("true") } else { raw("false") } }
  mutating func null() { raw("null") }

  private mutating func appendString(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    if value.utf8.withContiguousStorageIfAvailable({ appendEscaped($0) }) == nil {
      var copy = value
      copy.withUTF8 { appendEscaped($0) }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// A string's bytes, escaped: runs of bytes that need no escape are appended whole.
  private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
    let hex: StaticString = "0123456789abcdef"
    var run = 0
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      let escaped: StaticString
      var hexDigits = false
      switch byte {
      case 0x22: escaped = "\\\""
      case 0x5C: escaped = "\\\\"
      case 0x0A: escaped = "\\n"
      case 0x0D: escaped = "\\r"
      case 0x09: escaped = "\\t"
      case 0x00..<0x20, 0x7F:
        escaped = "\\u00"
        hexDigits = true
      // U+2028 and U+2029 (E2 80 A8, E2 80 A9): line breaks to JavaScript.
      case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
        escaped = utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
      default:
        index += 1
        continue
      }
      if index > run { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index])) }
      raw(escaped)
      if hexDigits {
        hex.withUTF8Buffer { digits in
          bytes.append(digits[Int(byte >> 4)])
          bytes.append(digits[Int(byte & 0xF)])
        }
      }
      index += byte == 0xE2 ? 3 : 1
      run = index
    }
    if utf8.count > run { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<utf8.count])) }
  }
}
