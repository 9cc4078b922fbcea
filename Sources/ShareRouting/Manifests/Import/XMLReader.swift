/// One element of an XML document, with the position of its start tag and of each attribute.
struct XMLNode: Sendable {
  struct Attribute: Sendable {
    let name: String
    let value: String
    let location: SourceLocation
  }

  let name: String
  let location: SourceLocation
  var attributes: [Attribute] = []
  var children: [XMLNode] = []
  /// The character data directly inside the element (entities decoded, CDATA included).
  var text = ""

  func attribute(_ name: String) -> Attribute? { attributes.first { $0.name == name } }
}

/// A syntax error in an XML file.
struct XMLSyntaxError: Error, Sendable {
  let location: SourceLocation
  let message: String
}

/// A small, strict XML reader for the files share-route imports (AndroidManifest.xml, XML
/// property lists).
///
/// It reads UTF-8 documents with elements, attributes, character data, CDATA sections,
/// comments and processing instructions, and the five predefined entities plus character
/// references. A document type declaration is skipped, but one with an internal subset (where
/// entities would be declared) is refused: no entity is ever expanded, so "billion laughs"
/// documents cannot grow. Nesting is limited to ``maxDepth``.
struct XMLReader {
  static let maxDepth = 256

  private let bytes: [UInt8]
  private var position = 0
  private var line = 1
  private var column = 1

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Parses a whole document and returns its root element.
  static func parse(_ bytes: [UInt8]) throws(XMLSyntaxError) -> XMLNode {
    var reader = XMLReader(bytes)
    return try reader.document()
  }

  // MARK: Cursor

  private var location: SourceLocation { SourceLocation(line: line, column: column) }

  private func fail(_ message: String, at location: SourceLocation? = nil) -> XMLSyntaxError {
    XMLSyntaxError(location: location ?? self.location, message: message)
  }

  private var atEnd: Bool { position >= bytes.count }

  private mutating func step() {
    let byte = bytes[position]
    position += 1
    if byte == 0x0A {
      line += 1
      column = 1
    } else if byte & 0xC0 != 0x80 {
      column += 1
    }
  }

  private mutating func step(_ count: Int) { for _ in 0..<count where !atEnd { step() } }

  private func ahead(_ text: String) -> Bool {
    let utf8 = text.utf8
    guard position + utf8.count <= bytes.count else { return false }
    return zip(bytes[position...], utf8).allSatisfy { $0 == $1 }
  }

  private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-")
      || byte == UInt8(ascii: ".") || byte >= 0x80
  }

  private mutating func skipSpace() { while !atEnd && Self.isSpace(bytes[position]) { step() } }

  private mutating func skip(past terminator: String, what: String) throws(XMLSyntaxError) {
    let start = location
    while !atEnd && !ahead(terminator) { step() }
    guard !atEnd else { throw fail(XMLMessages.unterminated(what), at: start) }
    step(terminator.utf8.count)
  }

  private mutating func name() throws(XMLSyntaxError) -> String {
    let start = position
    while !atEnd && Self.isNameByte(bytes[position]) { step() }
    guard position > start else { throw fail(XMLMessages.expectedName(found: current)) }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  private var current: String {
    guard let character = ByteCursor.characterText(at: position, in: bytes) else { return "the end of the file" }
    return "'" + character + "'"
  }

  // MARK: Document

  private mutating func document() throws(XMLSyntaxError) -> XMLNode {
    if ahead("\u{FEFF}") { step(3) }
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
      throw fail(XMLMessages.notUTF8)
    }
    guard String(validating: bytes, as: UTF8.self) != nil else { throw fail(XMLMessages.notUTF8) }
    var root: XMLNode?
    while true {
      skipSpace()
      if atEnd { break }
      if ahead("<?") {
        try skip(past: "?>", what: "processing instruction")
      } else if ahead("<!--") {
        try skip(past: "-->", what: "comment")
      } else if ahead("<!DOCTYPE") {
        try doctype()
      } else if ahead("<") {
        guard root == nil else { throw fail(XMLMessages.secondRoot) }
        root = try element(depth: 0)
      } else {
        throw fail(XMLMessages.textOutsideRoot)
      }
    }
    guard let root else { throw fail(XMLMessages.noRoot) }
    return root
  }

  private mutating func doctype() throws(XMLSyntaxError) {
    let start = location
    while !atEnd && bytes[position] != UInt8(ascii: ">") {
      if bytes[position] == UInt8(ascii: "[") { throw fail(XMLMessages.internalSubset) }
      if bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") {
        let quote = bytes[position]
        step()
        while !atEnd && bytes[position] != quote { step() }
      }
      if !atEnd { step() }
    }
    guard !atEnd else { throw fail(XMLMessages.unterminated("document type declaration"), at: start) }
    step()
  }

  private mutating func element(depth: Int) throws(XMLSyntaxError) -> XMLNode {
    guard depth < Self.maxDepth else { throw fail(XMLMessages.tooDeep(Self.maxDepth)) }
    let start = location
    step()  // <
    var node = XMLNode(name: try name(), location: start)
    while true {
      skipSpace()
      guard !atEnd else { throw fail(XMLMessages.unterminated("start tag <\(node.name)>"), at: start) }
      if ahead("/>") {
        step(2)
        return node
      }
      if ahead(">") {
        step()
        break
      }
      let attributeLocation = location
      let attributeName = try name()
      skipSpace()
      guard ahead("=") else { throw fail(XMLMessages.expected("'=' after attribute \(attributeName)", found: current)) }
      step()
      skipSpace()
      guard !atEnd, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
        throw fail(XMLMessages.expected("a quoted value for attribute \(attributeName)", found: current))
      }
      let value = try text(until: bytes[position], what: "attribute value")
      if node.attribute(attributeName) != nil {
        throw fail(XMLMessages.duplicateAttribute(attributeName), at: attributeLocation)
      }
      node.attributes.append(.init(name: attributeName, value: value, location: attributeLocation))
    }
    // Content.
    while true {
      guard !atEnd else { throw fail(XMLMessages.unterminated("element <\(node.name)>"), at: start) }
      if ahead("</") {
        let endLocation = location
        step(2)
        let closing = try name()
        skipSpace()
        guard ahead(">") else { throw fail(XMLMessages.expected("'>'", found: current)) }
        step()
        guard closing == node.name else {
          throw fail(XMLMessages.mismatchedEnd(closing, open: node.name, at: start), at: endLocation)
        }
        return node
      } else if ahead("<!--") {
        try skip(past: "-->", what: "comment")
      } else if ahead("<![CDATA[") {
        let opening = location
        step(9)
        let begin = position
        while !atEnd && !ahead("]]>") { step() }
        guard !atEnd else { throw fail(XMLMessages.unterminated("CDATA section"), at: opening) }
        step(3)
        node.text += String(decoding: bytes[begin..<(position - 3)], as: UTF8.self)
      } else if ahead("<?") {
        try skip(past: "?>", what: "processing instruction")
      } else if ahead("<") {
        node.children.append(try element(depth: depth + 1))
      } else {
        node.text += try text(until: nil, what: "text")
      }
    }
  }

  /// Character data up to `<` (when `quote` is nil) or up to the closing quote, which is consumed.
  private mutating func text(until quote: UInt8?, what: String) throws(XMLSyntaxError) -> String {
    let start = location
    if quote != nil { step() }
    var result: [UInt8] = []
    while !atEnd {
      let byte = bytes[position]
      if let quote, byte == quote {
        step()
        return String(decoding: result, as: UTF8.self)
      }
      if quote == nil && byte == UInt8(ascii: "<") { return String(decoding: result, as: UTF8.self) }
      if quote != nil && byte == UInt8(ascii: "<") { throw fail(XMLMessages.lessThanInAttribute) }
      if byte == UInt8(ascii: "&") {
        result += try entity()
      } else {
        result.append(byte)
        step()
      }
    }
    if quote == nil { return String(decoding: result, as: UTF8.self) }
    throw fail(XMLMessages.unterminated(what), at: start)
  }

  private mutating func entity() throws(XMLSyntaxError) -> [UInt8] {
    let start = location
    step()  // &
    let begin = position
    while !atEnd && bytes[position] != UInt8(ascii: ";") && position - begin < 12 { step() }
    guard !atEnd, bytes[position] == UInt8(ascii: ";") else { throw fail(XMLMessages.badEntity, at: start) }
    let name = String(decoding: bytes[begin..<position], as: UTF8.self)
    step()
    switch name {
    case "lt": return [UInt8(ascii: "<")]
    case "gt": return [UInt8(ascii: ">")]
    case "amp": return [UInt8(ascii: "&")]
    case "quot": return [UInt8(ascii: "\"")]
    case "apos": return [UInt8(ascii: "'")]
    default:
      var value: UInt32?
      if name.hasPrefix("#x") || name.hasPrefix("#X") {
        value = UInt32(name.dropFirst(2), radix: 16)
      } else if name.hasPrefix("#") {
        value = UInt32(name.dropFirst(), radix: 10)
      }
      guard let value, let scalar = Unicode.Scalar(value), value != 0 else {
        throw fail(XMLMessages.unknownEntity(name), at: start)
      }
      return Array(String(Character(scalar)).utf8)
    }
  }
}
