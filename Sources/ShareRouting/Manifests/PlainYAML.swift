/// The plain block YAML manifests are written in, read without Yams: block mappings and
/// sequences, one-line plain, single- and double-quoted scalars, folded and literal block
/// scalars, one-line flow sequences of scalars, and comments.
///
/// Yams builds a node tree of its own, converts every scalar through Foundation and checks keys
/// twice; for a folder of manifests that was most of a one-shot start (bench/RESULTS.md). This
/// reader gives the tree ``ConfigParser`` would give, values and positions alike, or `nil` as
/// soon as the text leaves that plain subset (anchors, tags, multi-line flow and quoted scalars,
/// flow mappings, tabs, a key written twice, anything in error), and Yams then reads the whole text:
/// its answers and its messages are unchanged. A test holds the two to the same trees on every
/// YAML file of the repository and on variants of them.
struct PlainYAML {
  private let bytes: [UInt8]
  /// The first byte of each line.
  private var lineStarts: [Int] = []
  /// The line being read (0-based) and how many values were made.
  private var line = 0
  private var values = 0

  private init(bytes: [UInt8]) { self.bytes = bytes }

  /// The tree of a plain YAML text, or `nil` when Yams must read it.
  static func parse(_ text: String) -> ConfigNode? {
    var reader = PlainYAML(bytes: Array(text.utf8))
    return reader.document()
  }

  // MARK: Lines

  private mutating func document() -> ConfigNode? {
    guard scanLines() else { return nil }
    guard let first = nextContentLine(), indent(of: first) == 0 else { return nil }
    line = first
    guard !isEntry(at: contentStart(of: first)), let root = mapping(at: contentStart(of: first), indent: 0, depth: 0)
    else { return nil }
    // Everything must have been read.
    return nextContentLine() == nil ? root : nil
  }

  /// Splits the text into lines; false for what the reader leaves to Yams anywhere in it: tabs,
  /// carriage returns, control characters, characters YAML does not allow, a byte-order mark,
  /// the Unicode line breaks libyaml honours, document markers and directives.
  private mutating func scanLines() -> Bool {
    lineStarts.append(0)
    var asciiOnly = true
    let usable = bytes.withUnsafeBufferPointer { buffer in
      for offset in buffer.indices {
        let byte = buffer[offset]
        // One comparison for the common bytes (printable ASCII), then the rest.
        if byte &- 0x20 < 0x5F { continue }
        if byte == 0x0A {
          lineStarts.append(offset + 1)
        } else if byte < 0x20 || byte == 0x7F {
          return false
        } else {
          asciiOnly = false
        }
      }
      return true
    }
    guard usable else { return false }
    if !asciiOnly {
      // libyaml's printable set (YAML 1.1, 5.1) without the byte-order mark, and without
      // U+0085, U+2028 and U+2029, which libyaml reads as line breaks (its lines would not be ours).
      for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars where scalar.value >= 0x80 {
        let value = scalar.value
        let printable =
          (0xA0...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
        if !printable || value == 0xFEFF || value == 0x2028 || value == 0x2029 { return false }
      }
    }
    for index in lineStarts.indices {
      let start = lineStarts[index]
      let end = lineEnd(index)
      // `---` and `...` open and close documents.
      if end - start >= 3, bytes[start] == 0x2D || bytes[start] == 0x2E,
        bytes[start + 1] == bytes[start], bytes[start + 2] == bytes[start]
      {
        return false
      }
      if end > start && bytes[start] == 0x25 { return false }
    }
    return true
  }

  private func lineEnd(_ index: Int) -> Int {
    index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count
  }

  private func indent(of index: Int) -> Int { contentStart(of: index) - lineStarts[index] }

  private func contentStart(of index: Int) -> Int {
    var position = lineStarts[index]
    let end = lineEnd(index)
    while position < end && bytes[position] == 0x20 { position += 1 }
    return position
  }

  /// The next line from ``line`` (itself included) with something besides spaces and a comment.
  private func nextContentLine() -> Int? {
    var index = line
    while index < lineStarts.count {
      let start = contentStart(of: index)
      if start < lineEnd(index) && bytes[start] != 0x23 { return index }
      index += 1
    }
    return nil
  }

  /// The 1-based position of a byte, its column counted in Unicode scalars as libyaml does
  /// (from the last position asked on the same line, so a long line is counted once).
  private mutating func location(_ position: Int, line index: Int) -> SourceLocation {
    var (from, column) = (lineStarts[index], 1)
    if counted.line == index && counted.position <= position { (from, column) = (counted.position, counted.column) }
    for offset in from..<position where bytes[offset] & 0xC0 != 0x80 { column += 1 }
    counted = (index, position, column)
    return SourceLocation(line: index + 1, column: column)
  }

  /// The last position ``location(_:line:)`` counted.
  private var counted = (line: -1, position: 0, column: 1)

  /// Whether a block sequence entry (`-` then a space or the end of the line) starts here.
  private func isEntry(at position: Int) -> Bool {
    bytes[position] == 0x2D && (position + 1 == lineEnd(line) || bytes[position + 1] == 0x20)
  }

  private mutating func bounded(_ node: ConfigNode) -> ConfigNode? {
    values += 1
    return values <= ConfigParser.maxValues ? node : nil
  }

  // MARK: Blocks

  /// A block mapping whose first key starts at `position` on ``line``, its keys at `indent`.
  private mutating func mapping(at position: Int, indent: Int, depth: Int) -> ConfigNode? {
    guard depth < ConfigParser.maxDepth else { return nil }
    let start = location(position, line: line)
    var members: [ConfigMember] = []
    var keys: Set<String> = []
    var keyStart = position
    while true {
      guard let (key, afterColon) = plainKey(at: keyStart) else { return nil }
      // A key written twice is Yams's to report. Small mappings are searched, as JSONReader does.
      if members.count < JSONReader.smallObject {
        guard !members.contains(where: { $0.key == key }) else { return nil }
      } else {
        if keys.isEmpty { keys = Set(members.map(\.key)) }
        guard keys.insert(key).inserted else { return nil }
      }
      let keyLocation = location(keyStart, line: line)
      guard let value = value(after: afterColon, mappingIndent: indent, depth: depth + 1) else { return nil }
      members.append(ConfigMember(key: key, keyLocation: keyLocation, value: value))
      guard let next = nextContentLine() else { break }
      let nextIndent = self.indent(of: next)
      if nextIndent < indent { break }
      guard nextIndent == indent else { return nil }
      line = next
      keyStart = contentStart(of: next)
      // A sequence entry at a mapping's indent ends it only when the sequence is its value's.
      if isEntry(at: keyStart) { return nil }
    }
    return bounded(ConfigNode(value: .object(members), location: start))
  }

  /// A block sequence whose entries start at `indent` from ``line``. An indentless sequence (a
  /// mapping value at the mapping's own indent) ends at the mapping's next key.
  private mutating func sequence(indent: Int, depth: Int, indentless: Bool) -> ConfigNode? {
    guard depth < ConfigParser.maxDepth else { return nil }
    let start = location(contentStart(of: line), line: line)
    var items: [ConfigNode] = []
    while true {
      let dash = contentStart(of: line)
      var content = dash + 1
      let end = lineEnd(line)
      while content < end && bytes[content] == 0x20 { content += 1 }
      // `-` alone on its line, or a comment after it: the entry's value is on the next lines.
      guard content < end, bytes[content] != 0x23, !isEntry(at: content) else { return nil }
      let item: ConfigNode
      if bytes[content] == 0x3E || bytes[content] == 0x7C {
        guard let node = blockScalar(at: content, mappingIndent: indent, depth: depth + 1) else { return nil }
        item = node
      } else if let (_, _) = plainKey(at: content) {
        guard let node = mapping(at: content, indent: indent + (content - dash), depth: depth + 1) else { return nil }
        item = node
      } else {
        guard let node = inlineValue(at: content, depth: depth + 1), finishLine() else { return nil }
        item = node
      }
      items.append(item)
      guard let next = nextContentLine() else { break }
      let nextIndent = self.indent(of: next)
      if nextIndent < indent { break }
      guard nextIndent == indent else { return nil }
      line = next
      guard isEntry(at: contentStart(of: next)) else {
        if indentless { break }
        return nil
      }
    }
    return bounded(ConfigNode(value: .array(items), location: start))
  }

  /// The value after a key's colon: on the same line, or a block on the next lines.
  private mutating func value(after colon: Int, mappingIndent: Int, depth: Int) -> ConfigNode? {
    var position = colon
    let end = lineEnd(line)
    while position < end && bytes[position] == 0x20 { position += 1 }
    if position < end && (bytes[position] == 0x3E || bytes[position] == 0x7C) {
      return blockScalar(at: position, mappingIndent: mappingIndent, depth: depth)
    }
    if position < end && bytes[position] != 0x23 {
      guard let node = inlineValue(at: position, depth: depth) else { return nil }
      return finishLine() ? node : nil
    }
    // Nothing on this line: a block must follow (an empty value is left to Yams).
    line += 1
    guard let next = nextContentLine() else { return nil }
    line = next
    let nextIndent = self.indent(of: next)
    let start = contentStart(of: next)
    if nextIndent == mappingIndent {
      return isEntry(at: start) ? sequence(indent: nextIndent, depth: depth, indentless: true) : nil
    }
    guard nextIndent > mappingIndent else { return nil }
    if isEntry(at: start) { return sequence(indent: nextIndent, depth: depth, indentless: false) }
    return mapping(at: start, indent: nextIndent, depth: depth)
  }

  /// A folded (`>`) or literal (`|`) block scalar whose header is at `position`, with no
  /// indentation indicator, stripped (`-`) or clipped: its lines up to the first one indented
  /// less, joined as libyaml joins them (folded: a space between two lines that do not start
  /// with a space, a line break otherwise). Empty lines inside, a kept (`+`) end and a comment
  /// after the header are left to Yams.
  private mutating func blockScalar(at position: Int, mappingIndent: Int, depth: Int) -> ConfigNode? {
    guard depth < ConfigParser.maxDepth else { return nil }
    let at = location(position, line: line)
    let folded = bytes[position] == 0x3E
    var cursor = position + 1
    let headerEnd = lineEnd(line)
    let strip = cursor < headerEnd && bytes[cursor] == 0x2D
    if strip { cursor += 1 }
    guard cursor == headerEnd else { return nil }
    // The block's lines: the first sets the indent, which must be deeper than the mapping's.
    line += 1
    guard line < lineStarts.count else { return nil }
    let blockIndent = indent(of: line)
    guard blockIndent > mappingIndent, contentStart(of: line) < lineEnd(line) else { return nil }
    var text: [UInt8] = []
    var previousStartsWithSpace = false
    var first = true
    var endedWithBreak = false
    while line < lineStarts.count {
      let start = lineStarts[line]
      let end = lineEnd(line)
      let content = contentStart(of: line)
      if content == end {
        // An empty line ends the block when no line indented as deep follows (comments
        // included: inside a block they are text); a gap inside the block, or a line of spaces,
        // is left to Yams.
        guard end == start else { return nil }
        var next = line + 1
        while next < lineStarts.count && contentStart(of: next) == lineEnd(next) {
          // libyaml eats spaces up to the block's indent: a line with more is a line of text.
          guard lineEnd(next) - lineStarts[next] <= blockIndent else { return nil }
          next += 1
        }
        guard next == lineStarts.count || indent(of: next) < blockIndent else { return nil }
        break
      }
      if content - start < blockIndent { break }
      let startsWithSpace = content - start > blockIndent
      if !first {
        text.append(folded && !previousStartsWithSpace && !startsWithSpace ? 0x20 : 0x0A)
      }
      text.append(contentsOf: bytes[(start + blockIndent)..<end])
      endedWithBreak = end < bytes.count
      previousStartsWithSpace = startsWithSpace
      first = false
      line += 1
    }
    if !strip && endedWithBreak { text.append(0x0A) }
    return bounded(ConfigNode(value: .string(String(decoding: text, as: UTF8.self)), location: at))
  }

  /// After a value on ``line``: only spaces and a comment may follow. Moves to the next line.
  private mutating func finishLine() -> Bool {
    guard let cursor = inlineEnd else { return false }
    var position = cursor
    let end = lineEnd(line)
    while position < end && bytes[position] == 0x20 { position += 1 }
    guard position == end || (bytes[position] == 0x23 && position > cursor) else { return false }
    line += 1
    inlineEnd = nil
    return true
  }

  /// Where the last inline value ended on ``line``.
  private var inlineEnd: Int?

  // MARK: Scalars

  /// A key at `position` (letters, digits and `_ . - / $ @`) directly followed by `:` and a space
  /// or the end of the line: the key and the position after its colon.
  private func plainKey(at position: Int) -> (String, Int)? {
    let end = lineEnd(line)
    var cursor = position
    while cursor < end && Self.isKeyByte(bytes[cursor]) { cursor += 1 }
    // libyaml forgets a possible key after 1,024 characters (then the colon is an error).
    guard cursor > position, cursor - position <= 1024, cursor < end, bytes[cursor] == 0x3A,
      cursor + 1 == end || bytes[cursor + 1] == 0x20
    else { return nil }
    // A key that starts like an indicator is left to Yams.
    guard bytes[position] != 0x40, bytes[position] != 0x2D || cursor - position > 1 else { return nil }
    return (String(decoding: bytes[position..<cursor], as: UTF8.self), cursor + 1)
  }

  private static func isKeyByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F, 0x2E, 0x2D, 0x2F, 0x24, 0x40: true
    default: false
    }
  }

  /// A value on one line: a flow sequence, a quoted or a plain scalar. Sets ``inlineEnd``.
  private mutating func inlineValue(at position: Int, depth: Int) -> ConfigNode? {
    guard depth < ConfigParser.maxDepth else { return nil }
    let at = location(position, line: line)
    switch bytes[position] {
    case 0x5B:  // [
      return flowSequence(at: position, depth: depth)
    case 0x22, 0x27:  // " '
      guard let (text, after) = quoted(at: position) else { return nil }
      inlineEnd = after
      return bounded(ConfigNode(value: .string(text), location: at))
    default:
      guard let (text, after) = plain(at: position, flow: false) else { return nil }
      inlineEnd = after
      return bounded(ConfigNode(value: ConfigParser.plainValue(text), location: at))
    }
  }

  /// `[a, "b", 'c']` on one line, of scalars.
  private mutating func flowSequence(at position: Int, depth: Int) -> ConfigNode? {
    guard depth < ConfigParser.maxDepth else { return nil }
    let start = location(position, line: line)
    let end = lineEnd(line)
    var items: [ConfigNode] = []
    var cursor = position + 1
    func skipSpaces() { while cursor < end && bytes[cursor] == 0x20 { cursor += 1 } }
    skipSpaces()
    if cursor < end && bytes[cursor] == 0x5D {
      inlineEnd = cursor + 1
      return bounded(ConfigNode(value: .array([]), location: start))
    }
    guard depth + 1 < ConfigParser.maxDepth else { return nil }
    while true {
      skipSpaces()
      guard cursor < end else { return nil }
      let at = location(cursor, line: line)
      let text: String
      let value: ConfigNode.Value
      if bytes[cursor] == 0x22 || bytes[cursor] == 0x27 {
        guard let (quotedText, after) = quoted(at: cursor) else { return nil }
        text = quotedText
        value = .string(text)
        cursor = after
      } else {
        guard let (plainText, after) = plain(at: cursor, flow: true) else { return nil }
        text = plainText
        value = ConfigParser.plainValue(text)
        cursor = after
      }
      guard let item = bounded(ConfigNode(value: value, location: at)) else { return nil }
      items.append(item)
      skipSpaces()
      guard cursor < end else { return nil }
      if bytes[cursor] == 0x5D {
        inlineEnd = cursor + 1
        return bounded(ConfigNode(value: .array(items), location: start))
      }
      guard bytes[cursor] == 0x2C else { return nil }
      cursor += 1
      skipSpaces()
      // A trailing comma, or an empty entry, is left to Yams.
      guard cursor < end, bytes[cursor] != 0x5D, bytes[cursor] != 0x2C else { return nil }
    }
  }

  /// A quoted scalar closed on its line: its text and the position after the closing quote.
  /// Double-quoted escapes other than `\" \\ \n \t` are left to Yams.
  private func quoted(at position: Int) -> (String, Int)? {
    let quote = bytes[position]
    let end = lineEnd(line)
    var text: [UInt8] = []
    var cursor = position + 1
    while cursor < end {
      let byte = bytes[cursor]
      if byte == quote {
        if quote == 0x27 && cursor + 1 < end && bytes[cursor + 1] == 0x27 {
          text.append(0x27)
          cursor += 2
          continue
        }
        return (String(decoding: text, as: UTF8.self), cursor + 1)
      }
      if quote == 0x22 && byte == 0x5C {
        guard cursor + 1 < end else { return nil }
        switch bytes[cursor + 1] {
        case 0x22, 0x5C: text.append(bytes[cursor + 1])
        case 0x6E: text.append(0x0A)
        case 0x74: text.append(0x09)
        default: return nil
        }
        cursor += 2
        continue
      }
      text.append(byte)
      cursor += 1
    }
    return nil
  }

  /// A plain scalar on one line: up to a comment (` #`) or the line's end, or in a flow sequence
  /// up to `,` or `]`; its text without trailing spaces and the position after it.
  private func plain(at position: Int, flow: Bool) -> (String, Int)? {
    let end = lineEnd(line)
    let first = bytes[position]
    // Indicators that start something else: left to Yams.
    switch first {
    case 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x23, 0x26, 0x2A, 0x21, 0x7C, 0x3E, 0x25, 0x40, 0x60, 0x22, 0x27:
      return nil
    case 0x3F, 0x3A:
      return nil
    case 0x2D:
      guard position + 1 < end, bytes[position + 1] != 0x20 else { return nil }
    default: break
    }
    var cursor = position
    var last = position  // after the last non-space byte
    while cursor < end {
      let byte = bytes[cursor]
      if byte == 0x20 {
        if cursor + 1 < end && bytes[cursor + 1] == 0x23 { break }
        cursor += 1
        continue
      }
      if byte == 0x3A && (cursor + 1 == end || bytes[cursor + 1] == 0x20) { return nil }
      if flow {
        if byte == 0x2C || byte == 0x5D { break }
        if byte == 0x5B || byte == 0x7B || byte == 0x7D || byte == 0x3A || byte == 0x23 { return nil }
      }
      cursor += 1
      last = cursor
    }
    return (String(decoding: bytes[position..<last], as: UTF8.self), last)
  }
}
