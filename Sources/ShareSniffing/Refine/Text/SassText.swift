/// Sass's two syntaxes, which the CSS check refuses: SCSS, CSS's braces and semicolons with
/// nested rules; and the indented syntax, selectors at the margin with indented
/// `property: value` lines and neither braces nor semicolons. Each needs rules that parse and
/// one of Sass's own constructs — a `$variable`, an at-rule CSS has not (`@mixin`, `@include`,
/// `@use`, …), `#{…}` interpolation, a `//` comment — as CSS now nests rules and writes `&` too;
/// so plain CSS stays CSS (it is told first) and YAML stays YAML.
extension TextFamilies {
  /// Sass's at-rules, which CSS has not.
  static let sassAtRules: Set<String> = [
    "mixin", "include", "extend", "use", "forward", "each", "if", "else", "for", "while", "function", "return", "debug",
    "warn", "error",
  ]

  /// SCSS: rules that parse with Sass's additions, and at least one of those additions;
  /// `uncommented` is the text without its `/* … */` comments (``strippingBlockComments(_:)``).
  static func scss(uncommented: String) -> Finding? {
    // Rules need braces: most text has none, and is not copied and walked.
    guard uncommented.utf8.contains(UInt8(ascii: "{")) else { return nil }
    var seen = SCSSSeen()
    guard scssBlock(Array(uncommented.utf8)[...], depth: 0, seen: &seen), seen.rules > 0, seen.sass else { return nil }
    return Finding(type: "text/x-scss", evidence: SniffMessages.Evidence.scss)
  }

  /// What the SCSS walk found: rules, and whether any of Sass's own constructs.
  struct SCSSSeen {
    var rules = 0
    var sass = false
  }

  /// The bytes a selector may hold in SCSS: CSS's, with `&` (the parent), `%` (a placeholder)
  /// and `#{…}` interpolation; quotes, `=` and `$` only inside an attribute's brackets or an
  /// interpolation (a JavaScript object's `module.exports = {` is no selector).
  private static let scssSelectorBytes = ByteSet(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.#:>+~*,[]()% \t\n\r^|&")

  /// Whether the text before a rule's brace is a selector: it starts as one does, holds
  /// selector bytes only, and a selector list broken over lines ends each line but the last
  /// with a comma.
  static func isSCSSSelector(_ selector: ArraySlice<UInt8>) -> Bool {
    let lines = selector.split(separator: 0x0A).map { $0.drop(while: isSpaceOrBreak) }.filter { !$0.isEmpty }
    guard let first = lines.first?.first,
      ".#&%[*:>+~".utf8.contains(first) || (0x61...0x7A).contains(first) || (0x30...0x39).contains(first)
    else { return false }
    for line in lines.dropLast() {
      guard line.reversed().first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) == UInt8(ascii: ",") else { return false }
    }
    var inside = 0
    var previous: UInt8 = 0x20
    for byte in selector {
      switch byte {
      case UInt8(ascii: "["): inside += 1
      case UInt8(ascii: "]"): inside -= 1
      case UInt8(ascii: "{") where previous == UInt8(ascii: "#"): inside += 1
      case UInt8(ascii: "}"): inside -= 1
      case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "$"), UInt8(ascii: "@"), UInt8(ascii: "{"):
        guard inside > 0 else { return false }
      default:
        guard inside > 0 || scssSelectorBytes.contains(byte) else { return false }
      }
      guard inside >= 0 else { return false }
      previous = byte
    }
    return inside == 0
  }

  /// A byte of a Sass identifier: a letter, a digit, `-` or `_`.
  static func isIdentifierByte(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x5F
  }

  /// One block's statements (or the top level's, at depth 0): `$variable: value;`, at-rules with
  /// or without a block, nested rules, and (inside a rule) declarations.
  private static func scssBlock(_ bytes: ArraySlice<UInt8>, depth: Int, seen: inout SCSSSeen) -> Bool {
    guard depth < 8 else { return false }
    var rest = bytes
    while true {
      rest = rest.drop(while: isSpaceOrBreak)
      guard let first = rest.first else { return true }
      // SCSS's line comments (CSS has none).
      if rest.starts(with: "//".utf8) {
        seen.sass = true
        rest = rest.drop { $0 != 0x0A }
        continue
      }
      // One forward scan to the statement's end: its `;` (outside parentheses, where `url(…)`
      // may hold one) or its block's `{` (outside `#{…}` interpolation).
      guard let (boundary, interpolated) = statementBoundary(rest) else { return false }
      if interpolated { seen.sass = true }
      let semicolon = boundary.map { rest[$0] == UInt8(ascii: ";") ? $0 : nil } ?? nil
      let brace = boundary.map { rest[$0] == UInt8(ascii: "{") ? $0 : nil } ?? nil
      let statementEnd = boundary ?? rest.endIndex
      if first == UInt8(ascii: "$") {
        // A variable: `$name: value;` (the last one in a block may go without its semicolon).
        let name = rest.dropFirst().prefix { isIdentifierByte($0) }
        guard !name.isEmpty, rest.dropFirst(1 + name.count).drop(while: { $0 == 0x20 || $0 == 0x09 }).first == UInt8(ascii: ":"),
          brace == nil
        else { return false }
        seen.sass = true
        rest = semicolon.map { rest[($0 + 1)...] } ?? []
        continue
      }
      if first == UInt8(ascii: "@") {
        let keyword = String(decoding: rest.dropFirst().prefix { (0x61...0x7A).contains($0) || $0 == 0x2D }, as: UTF8.self)
        // Less's variables (`@name: value`) are not Sass.
        if rest.dropFirst(1 + keyword.utf8.count).first == UInt8(ascii: ":") { return false }
        if sassAtRules.contains(keyword) { seen.sass = true }
        if let brace {
          guard let close = matchingBrace(rest, brace) else { return false }
          guard scssBlock(rest[(brace + 1)..<close], depth: depth + 1, seen: &seen) else { return false }
          rest = rest[(close + 1)...]
        } else {
          rest = semicolon.map { rest[($0 + 1)...] } ?? []
        }
        continue
      }
      if let brace {
        // A rule: a selector, then a block (CSS nests rules too, so nesting alone says nothing).
        let selector = rest[..<brace]
        guard isSCSSSelector(selector), let close = matchingBrace(rest, brace) else { return false }
        guard scssBlock(rest[(brace + 1)..<close], depth: depth + 1, seen: &seen) else { return false }
        seen.rules += 1
        rest = rest[(close + 1)...]
        continue
      }
      // A declaration, only inside a rule: `property: value` up to `;` or the block's end.
      guard depth > 0, let colon = rest[..<statementEnd].firstIndex(of: UInt8(ascii: ":")) else { return false }
      let property = rest[..<colon]
      let value = rest[(colon + 1)..<statementEnd]
      guard !property.isEmpty, property.allSatisfy({ (0x61...0x7A).contains($0) || $0 == 0x2D || (0x30...0x39).contains($0) }),
        value.contains(where: { !isSpaceOrBreak($0) }), !usesLessVariables(value)
      else { return false }
      // Only a block's last declaration may go without its semicolon, on one line (a YARA
      // rule's `strings:` section runs on over many).
      if semicolon == nil {
        let trimmed = value.drop(while: isSpaceOrBreak).reversed().drop(while: isSpaceOrBreak)
        guard !trimmed.contains(0x0A) else { return false }
      }
      if usesSassVariables(value) { seen.sass = true }
      rest = semicolon.map { rest[($0 + 1)...] } ?? []
    }
  }

  /// Sass's indented syntax: rules as selectors at the margin (a class, an id, `&`, `%`, an
  /// attribute, a pseudo-class or a lower-case element name) with indented `property: value`
  /// lines, `$variables`, `@`-rules, `=mixin`s and `+include`s; no line ends with a brace or a
  /// semicolon, and no margin line is a `key: value` pair (YAML's, prose's).
  static func sass(_ lines: [Substring]) -> Finding? {
    var rules = 0, properties = 0
    var sassOwn = false, inRule = false
    for raw in lines.prefix(400) {
      let line = raw.trimmedView()
      if line.isEmpty || line.hasPrefix("/*") || line.hasPrefix("*") && raw.first != "*" { continue }
      if line.hasPrefix("//") {
        sassOwn = true
        continue
      }
      if line.hasSuffix("{") || line.hasSuffix("}") || line.hasSuffix(";") { return nil }
      let atMargin = raw.first != " " && raw.first != "\t"
      if line.hasPrefix("$") {
        guard line.includes(":") else { return nil }
        sassOwn = true
        continue
      }
      if line.hasPrefix("@") {
        let keyword = String(line.dropFirst().prefix { $0.isLowercase || $0 == "-" })
        if sassAtRules.contains(keyword) { sassOwn = true }
        // A block at the margin (`@mixin`, `@media`, `@include` with a body) holds declarations too.
        inRule = inRule || !atMargin || !["use", "forward", "import", "charset"].contains(keyword)
        continue
      }
      if line.hasPrefix("=") || line.hasPrefix("+") {
        sassOwn = true
        inRule = true
        continue
      }
      if !atMargin, inRule, let colon = line.firstIndex(of: ":"), isSassProperty(line[..<colon]),
        !line[line.index(after: colon)...].trimmedView().isEmpty
      {
        properties += 1
        if usesSassVariables(line[line.index(after: colon)...].utf8) { sassOwn = true }
        continue
      }
      // A selector (nested ones are indented under their rule).
      guard isSassSelector(line), atMargin || inRule else { return nil }
      if atMargin { rules += 1 }
      inRule = true
    }
    guard rules > 0, properties > 0, sassOwn else { return nil }
    return Finding(type: "text/x-sass", evidence: SniffMessages.Evidence.sass)
  }

  /// Whether a value uses a Sass variable: `$` and a letter or `_` (Less's are `@name`, which
  /// Sass's at-rules share).
  static func usesSassVariables<Bytes: Collection<UInt8>>(_ value: Bytes) -> Bool {
    has(value, UInt8(ascii: "$")) { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x5F }
  }

  /// Whether `sigil` in the bytes is followed by a byte `starts` accepts (a variable's name).
  static func has<Bytes: Collection<UInt8>>(_ value: Bytes, _ sigil: UInt8, followedBy starts: (UInt8) -> Bool) -> Bool {
    var previous: UInt8 = 0x20
    for byte in value {
      if previous == sigil, starts(byte) { return true }
      previous = byte
    }
    return false
  }

  /// A space, a tab, or a line break (LF or CR).
  static func isSpaceOrBreak(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

  /// A CSS property's name: lower-case letters, digits and hyphens, starting with a letter or `-`.
  static func isSassProperty(_ name: Substring) -> Bool {
    guard let first = name.first, first.isLowercase || first == "-" else { return false }
    return name.utf8.allSatisfy { (0x61...0x7A).contains($0) || $0 == 0x2D || (0x30...0x39).contains($0) }
  }

  /// A selector line of the indented syntax: it starts as a selector does and holds selector
  /// characters only, with no `key: value` colon and no colon at its end.
  static func isSassSelector(_ line: Substring) -> Bool {
    guard let first = line.first, ".#&%[*:".contains(first) || first.isLowercase else { return false }
    return !line.hasSuffix(":") && !line.includes(": ") && line.utf8.allSatisfy(sassSelectorBytes.contains)
  }

  /// The bytes of an indented-syntax selector: CSS's, without quotes outside attributes.
  private static let sassSelectorBytes = ByteSet(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.#:>+~*,[]=()&% \t\"")

  /// Where the statement that starts `rest` ends — the index of its `;` or its block's `{`, or
  /// `nil` when it runs to the end — and whether it holds `#{…}` interpolation; `nil` for a `}`
  /// with no block open (not SCSS). Parentheses hide `;` (`url(data:…;base64,…)`).
  static func statementBoundary(_ rest: ArraySlice<UInt8>) -> (Int?, Bool)? {
    var parentheses = 0
    var interpolated = false
    var index = rest.startIndex
    while index < rest.endIndex {
      switch rest[index] {
      case UInt8(ascii: "("): parentheses += 1
      case UInt8(ascii: ")"): parentheses = max(0, parentheses - 1)
      case UInt8(ascii: "#") where index + 1 < rest.endIndex && rest[index + 1] == UInt8(ascii: "{"):
        guard let close = rest[(index + 2)...].firstIndex(of: UInt8(ascii: "}")) else { return nil }
        interpolated = true
        index = close
      case UInt8(ascii: ";") where parentheses == 0: return (index, interpolated)
      case UInt8(ascii: "{"): return (index, interpolated)
      case UInt8(ascii: "}"): return nil
      default: break
      }
      index += 1
    }
    return (nil, interpolated)
  }

  /// Whether a value uses a Less variable (`@name`), which SCSS values never hold.
  static func usesLessVariables(_ value: ArraySlice<UInt8>) -> Bool {
    has(value, UInt8(ascii: "@")) { (0x61...0x7A).contains($0) }
  }

  /// Where the brace opened at `open` is closed (braces inside counted), or `nil`.
  private static func matchingBrace(_ bytes: ArraySlice<UInt8>, _ open: Int) -> Int? {
    var level = 0
    for index in open..<bytes.endIndex {
      if bytes[index] == UInt8(ascii: "{") { level += 1 }
      if bytes[index] == UInt8(ascii: "}") {
        level -= 1
        if level == 0 { return index }
      }
    }
    return nil
  }
}
