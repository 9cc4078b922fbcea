/// A minimal JSON writer with a fixed key order (Foundation's encoder sorts or scrambles keys).
/// It appends UTF-8 bytes to one buffer; ``output`` decodes them once at the end.
///
/// The only JSON writer of ShareRouting: every JSON output (route, query, sniff, lint, batch) is
/// encoded by the files of this folder (`Output/`) on top of it.
struct JSONWriter {
  private var bytes: [UInt8] = []
  let pretty: Bool
  private var depth = 0
  private var needsComma = [false]

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
    if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
    needsComma[needsComma.count - 1] = true
  }

  mutating func object(_ body: (inout JSONWriter) -> Void) {
    bytes.append(UInt8(ascii: "{"))
    depth += 1
    needsComma.append(false)
    body(&self)
    let empty = !(needsComma.popLast() ?? false)
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
    needsComma.append(false)
    value(&self)
    needsComma.removeLast()
  }

  mutating func array<Element>(_ elements: [Element], _ body: (inout JSONWriter, Element) -> Void) {
    bytes.append(UInt8(ascii: "["))
    guard !elements.isEmpty else {
      bytes.append(UInt8(ascii: "]"))
      return
    }
    depth += 1
    needsComma.append(false)
    for element in elements {
      beginValue()
      newline()
      needsComma.append(false)
      body(&self, element)
      needsComma.removeLast()
    }
    needsComma.removeLast()
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
    var value = value
    value.withUTF8 { utf8 in
      // Most strings need no escape: append them whole. (0xE2 leads U+2028 and U+2029.)
      if !utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }) {
        bytes.append(contentsOf: utf8)
        return
      }
      escape(utf8)
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private mutating func escape(_ utf8: UnsafeBufferPointer<UInt8>) {
    let hex = Array("0123456789abcdef".utf8)
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      switch byte {
      case 0x22: raw("\\\"")
      case 0x5C: raw("\\\\")
      case 0x0A: raw("\\n")
      case 0x0D: raw("\\r")
      case 0x09: raw("\\t")
      case 0x00..<0x20, 0x7F:
        raw("\\u00")
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 0xF)])
      case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
        raw(utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029")
        index += 2
      default:
        bytes.append(byte)
      }
      index += 1
    }
  }
}
