/// Positions and excerpts in a predicate's text.
enum PredicateText {
  static func location(of offset: Int, in source: String) -> SourceLocation {
    var line = 1
    var column = 1
    var position = 0
    for scalar in source.unicodeScalars {
      if position >= offset { break }
      position += UTF8.width(scalar)
      if scalar == "\n" {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return SourceLocation(line: line, column: column)
  }

  /// The line holding the offset, then spaces (tabs kept) up to a `^` under it. A line longer
  /// than 80 characters is shown as a window around the column (`…` where it is cut), and
  /// control characters are escaped (the caret still lines up), so a diagnostic never prints a
  /// whole file that happens to be one long "predicate".
  static func caret(at offset: Int, in source: String) -> String {
    let target = location(of: offset, in: source)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let text = target.line <= lines.count ? String(lines[target.line - 1]) : ""
    let cleaned = text.hasSuffix("\r") ? String(text.dropLast()) : text
    let scalars = Array(cleaned.unicodeScalars)
    let column = min(target.column - 1, scalars.count)
    var (from, to) = (0, scalars.count)
    if scalars.count > 80 {
      from = max(0, column - 30)
      to = min(scalars.count, column + 50)
    }
    var shown = from > 0 ? "…" : ""
    var pad = from > 0 ? " " : ""
    for index in from..<to {
      let scalar = scalars[index]
      let written = scalar == "\t" ? "\t" : Printable.escaped(String(scalar))
      shown += written
      if index < column { pad += scalar == "\t" ? "\t" : String(repeating: " ", count: written.unicodeScalars.count) }
    }
    if to < scalars.count { shown += "…" }
    return shown + "\n" + pad + "^"
  }
}

/// Recursive-descent parser over the predicate's UTF-8 bytes.
struct PredicateParser {
  /// Nesting deeper than this is refused: real rules nest three or four levels.
  static let maxDepth = 64
  /// More AND/OR operands than this are refused: real rules have a few dozen.
  static let maxTerms = 10_000

  enum Token: Equatable {
    case word(String)  // identifiers and keywords, as written
    case variable(String)
    case string(String)
    case number(Double)
    case symbol(String)  // ( ) , . @ and operators
    case end
  }

  private let bytes: [UInt8]
  private var position = 0
  private var token: Token = .end
  /// The current word token in capitals (`uppercased()`, made once per token: keywords are
  /// asked for many times at each token); empty for any other token.
  private var upper = ""
  private var tokenStart = 0
  private var depth = 0
  private var terms = 0
  private var variables: [String] = []

  init(_ source: String) { bytes = Array(source.utf8) }

  mutating func parseAll() throws(PredicateSyntaxError) -> PredicateNode {
    try advance()
    if token == .end { throw PredicateSyntaxError(offset: tokenStart, message: PredicateMessages.empty) }
    let node = try parseOr()
    guard token == .end else {
      throw PredicateSyntaxError(offset: tokenStart, message: PredicateMessages.unexpected(describe(token), expected: "the end of the predicate"))
    }
    return node
  }

  // MARK: Lexer

  private func fail(_ message: String, at offset: Int? = nil) -> PredicateSyntaxError {
    PredicateSyntaxError(offset: offset ?? tokenStart, message: message)
  }

  private static func isWordStart(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte >= 0x80
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    isWordStart(byte) || (byte >= 0x30 && byte <= 0x39)
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  private mutating func advance() throws(PredicateSyntaxError) {
    while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
    tokenStart = position
    upper = ""
    guard position < bytes.count else {
      token = .end
      return
    }
    let byte = bytes[position]
    if Self.isWordStart(byte) {
      let start = position
      let word = readWord()
      token = .word(word)
      upper = Self.capitals(word, bytes[start..<position])
      // UTI-CONFORMS-TO and UTI-EQUALS are words joined by hyphens.
      if upper == "UTI" {
        for tail in ["-CONFORMS-TO", "-EQUALS"] where matchesAhead(tail) {
          position += tail.utf8.count
          token = .word("UTI" + tail)
          upper = "UTI" + tail
        }
      }
      return
    }
    switch byte {
    case UInt8(ascii: "$"):
      position += 1
      guard position < bytes.count, Self.isWordStart(bytes[position]) else {
        throw fail(PredicateMessages.variableName)
      }
      token = .variable(readWord())
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      token = .string(try readString(quote: byte))
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      token = .number(readNumber())
    case UInt8(ascii: "-") where position + 1 < bytes.count && Self.isDigit(bytes[position + 1]):
      position += 1
      token = .number(-readNumber())
    default:
      for (symbol, bytes) in Self.symbols where matchesAhead(bytes) {
        position += bytes.count
        token = .symbol(symbol)
        return
      }
      throw fail(PredicateMessages.unexpectedCharacter(scalarAt(position)))
    }
  }

  /// `word.uppercased()`: for ASCII (every keyword), its bytes with a-z folded.
  private static func capitals(_ word: String, _ bytes: ArraySlice<UInt8>) -> String {
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return word.uppercased() }
    return String(unsafeUninitializedCapacity: bytes.count) { buffer in
      for (index, byte) in zip(buffer.indices, bytes) { buffer[index] = byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte }
      return bytes.count
    }
  }

  private func scalarAt(_ offset: Int) -> String {
    ByteCursor.characterText(at: offset, in: bytes) ?? ""
  }

  /// The operators and punctuation, longest first where one starts another, with their bytes.
  private static let symbols: [(String, [UInt8])] =
    ["==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||", "=", "<", ">", "!", "(", ")", ",", ".", "@", "[", "]", "{", "}"]
    .map { ($0, Array($0.utf8)) }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private func matchesAhead(_ text: String) -> Bool { matchesAhead(Array(text.utf8)) }

  /// Whether the bytes at the position are `utf8`, letters in any case (`utf8` in capitals).
  private func matchesAhead(_ utf8: [UInt8]) -> Bool {
    guard position + utf8.count <= bytes.count else { return false }
    for (index, byte) in utf8.enumerated() {
      let actual = bytes[position + index]
      let folded = actual >= 0x61 && actual <= 0x7A ? actual - 0x20 : actual
      if folded != byte { return false }
    }
    return true
  }

  private mutating func readWord() -> String {
    let start = position
    while position < bytes.count && Self.isWordByte(bytes[position]) { position += 1 }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  private mutating func readNumber() -> Double {
    let start = position
    while position < bytes.count && Self.isDigit(bytes[position]) { position += 1 }
    if position + 1 < bytes.count && bytes[position] == UInt8(ascii: ".") && Self.isDigit(bytes[position + 1]) {
      position += 1
      while position < bytes.count && Self.isDigit(bytes[position]) { position += 1 }
    }
    // An exponent: e or E, an optional sign, digits.
    if position < bytes.count && (bytes[position] | 0x20) == UInt8(ascii: "e") {
      var next = position + 1
      if next < bytes.count && (bytes[next] == UInt8(ascii: "+") || bytes[next] == UInt8(ascii: "-")) { next += 1 }
      if next < bytes.count && Self.isDigit(bytes[next]) {
        position = next
        while position < bytes.count && Self.isDigit(bytes[position]) { position += 1 }
      }
    }
    return Double(String(decoding: bytes[start..<position], as: UTF8.self)) ?? .infinity
  }

  private mutating func readString(quote: UInt8) throws(PredicateSyntaxError) -> String {
    let start = position
    position += 1
    var result: [UInt8] = []
    while position < bytes.count {
      let byte = bytes[position]
      if byte == quote {
        position += 1
        return String(decoding: result, as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") && position + 1 < bytes.count {
        position += 1
        switch bytes[position] {
        case UInt8(ascii: "n"): result.append(0x0A)
        case UInt8(ascii: "t"): result.append(0x09)
        case UInt8(ascii: "r"): result.append(0x0D)
        default: result.append(bytes[position])
        }
      } else {
        result.append(byte)
      }
      position += 1
    }
    throw fail(PredicateMessages.unterminatedString, at: start)
  }

  private func describe(_ token: Token) -> String {
    switch token {
    case .word(let word): "'\(word)'"
    case .variable(let name): "'$\(name)'"
    case .string(let text): "the string \"\(text)\""
    case .number: "a number"
    case .symbol(let symbol): "'\(symbol)'"
    case .end: "the end of the predicate"
    }
  }

  private func isKeyword(_ keyword: String) -> Bool {
    if case .word = token { return upper == keyword }
    return false
  }

  private mutating func expect(_ symbol: String, after what: String) throws(PredicateSyntaxError) {
    guard token == .symbol(symbol) else {
      throw fail(PredicateMessages.unexpected(describe(token), expected: "'\(symbol)' \(what)"))
    }
    try advance()
  }

  // MARK: Predicates

  /// Counts one more operand of AND and OR; far beyond any real rule, a predicate is refused
  /// (every share evaluates it for every handler).
  private mutating func count() throws(PredicateSyntaxError) {
    terms += 1
    if terms > Self.maxTerms { throw fail(PredicateMessages.tooManyTerms(Self.maxTerms)) }
  }

  private mutating func nest() throws(PredicateSyntaxError) {
    depth += 1
    if depth > Self.maxDepth { throw fail(PredicateMessages.tooDeep(Self.maxDepth)) }
  }

  private mutating func parseOr() throws(PredicateSyntaxError) -> PredicateNode {
    try nest()
    defer { depth -= 1 }
    return try parseChain(keyword: "OR", symbol: "||", operand: { (parser: inout Self) throws(PredicateSyntaxError) in try parser.parseAnd() }, build: PredicateNode.or)
  }

  private mutating func parseAnd() throws(PredicateSyntaxError) -> PredicateNode {
    try parseChain(keyword: "AND", symbol: "&&", operand: { (parser: inout Self) throws(PredicateSyntaxError) in try parser.parseNot() }, build: PredicateNode.and)
  }

  /// `operand (connective operand)*`, kept flat: a long chain adds no depth.
  private mutating func parseChain(
    keyword: String, symbol: String, operand: (inout Self) throws(PredicateSyntaxError) -> PredicateNode,
    build: ([PredicateNode], SourceSpan) -> PredicateNode
  ) throws(PredicateSyntaxError) -> PredicateNode {
    var parts = [try operand(&self)]
    while isKeyword(keyword) || token == .symbol(symbol) {
      try advance()
      try count()
      parts.append(try operand(&self))
    }
    guard parts.count > 1, let first = parts.first, let last = parts.last else { return parts[0] }
    return build(parts, first.span.lowerBound..<last.span.upperBound)
  }

  private mutating func parseNot() throws(PredicateSyntaxError) -> PredicateNode {
    if isKeyword("NOT") || token == .symbol("!") {
      let start = tokenStart
      try nest()
      defer { depth -= 1 }
      try advance()
      let inner = try parseNot()
      return .not(inner, start..<inner.span.upperBound)
    }
    return try parsePrimary()
  }

  private mutating func parsePrimary() throws(PredicateSyntaxError) -> PredicateNode {
    let start = tokenStart
    if isKeyword("TRUEPREDICATE") || isKeyword("FALSEPREDICATE") {
      let value = isKeyword("TRUEPREDICATE")
      try advance()
      return .constant(value, start..<position)
    }
    if token == .symbol("(") {
      try advance()
      let inner = try parseOr()
      guard token == .symbol(")") else {
        let opening = PredicateText.location(of: start, in: String(decoding: bytes, as: UTF8.self))
        throw fail(PredicateMessages.unexpected(describe(token), expected: "')' to close the '(' at \(opening)"))
      }
      try advance()
      return inner
    }
    var modifier = PredicateComparison.Modifier.direct
    for (word, value) in [("ANY", PredicateComparison.Modifier.any), ("SOME", .any), ("ALL", .all), ("NONE", .none)]
    where isKeyword(word) {
      modifier = value
      try advance()
      break
    }
    let lhs = try parseExpression()
    let op = try parseOperator()
    let options = try parseOptions()
    let rhs = try parseExpression()
    return .comparison(
      PredicateComparison(
        modifier: modifier, lhs: lhs, operator: op, options: options, rhs: rhs, span: start..<rhs.span.upperBound))
  }

  private mutating func parseOperator() throws(PredicateSyntaxError) -> PredicateOperator {
    let op: PredicateOperator
    switch token {
    case .symbol("=="), .symbol("="): op = .equal
    case .symbol("!="), .symbol("<>"): op = .notEqual
    case .symbol("<"): op = .less
    case .symbol("<="), .symbol("=<"): op = .lessOrEqual
    case .symbol(">"): op = .greater
    case .symbol(">="), .symbol("=>"): op = .greaterOrEqual
    case .word where upper == "UTI-CONFORMS-TO": op = .conformsTo
    case .word where upper == "UTI-EQUALS": op = .typeEquals
    case .word where PredicateOperator(rawValue: upper)?.isStringOperator == true:
      op = PredicateOperator(rawValue: upper) ?? .contains
    case .word(let word) where PredicateMessages.unsupportedOperators.contains(upper):
      throw fail(PredicateMessages.unsupportedOperator(word))
    default:
      throw fail(PredicateMessages.unexpected(describe(token), expected: PredicateMessages.operatorList))
    }
    try advance()
    return op
  }

  /// `[c]`, `[d]`, `[cd]` after an operator.
  private mutating func parseOptions() throws(PredicateSyntaxError) -> PredicateOptions {
    guard token == .symbol("[") else { return [] }
    try advance()
    guard case .word(let word) = token, !word.isEmpty, word.lowercased().allSatisfy({ "cdn".contains($0) }) else {
      throw fail(PredicateMessages.unexpected(describe(token), expected: "comparison options c, d or cd"))
    }
    var options: PredicateOptions = []
    if word.lowercased().contains("c") { options.insert(.caseInsensitive) }
    if word.lowercased().contains("d") { options.insert(.diacriticInsensitive) }
    try advance()
    try expect("]", after: "after the comparison options")
    return options
  }

  // MARK: Expressions

  private mutating func parseExpression() throws(PredicateSyntaxError) -> PredicateExpression {
    let start = tokenStart
    let base: KeyPathBase
    var components: [String] = []
    switch token {
    case .string(let text):
      try advance()
      return .string(text, start..<tokenEnd)
    case .number(let value):
      try advance()
      return .number(value, start..<tokenEnd)
    case .symbol("{"):
      try nest()
      defer { depth -= 1 }
      try advance()
      var elements: [PredicateExpression] = []
      while token != .symbol("}") {
        if !elements.isEmpty { try expect(",", after: "between the elements of '{…}'") }
        elements.append(try parseExpression())
      }
      try advance()
      return .list(elements, start..<tokenEnd)
    case .variable(let name):
      guard variables.contains(name) else { throw fail(PredicateMessages.unboundVariable(name)) }
      try advance()
      base = .variable(name)
    case .word(let word):
      switch upper {
      case "SUBQUERY":
        base = .subquery(try parseSubquery())
      case "TRUE", "YES", "FALSE", "NO":
        let value = upper == "TRUE" || upper == "YES"
        try advance()
        return .boolean(value, start..<tokenEnd)
      case "NULL", "NIL":
        try advance()
        return .null(start..<tokenEnd)
      case "AND", "OR", "NOT", "ANY", "SOME", "ALL", "NONE", "TRUEPREDICATE", "FALSEPREDICATE":
        throw fail(PredicateMessages.unexpected(describe(token), expected: "a key path, a string or a number"))
      default:
        components.append(word)
        try advance()
        base = .root
      }
    default:
      throw fail(PredicateMessages.unexpected(describe(token), expected: "a key path, a string or a number"))
    }
    while token == .symbol(".") {
      try advance()
      switch token {
      case .word(let word):
        components.append(word)
      case .symbol("@"):
        try advance()
        guard case .word(let word) = token, word.lowercased() == "count" else {
          throw fail(PredicateMessages.unsupportedAggregate(describe(token)))
        }
        components.append("@count")
      default:
        throw fail(PredicateMessages.unexpected(describe(token), expected: "a key after '.'"))
      }
      try advance()
    }
    return .keyPath(base, components, start..<tokenEnd)
  }

  /// The end of the token before the current one: whitespace before the current token is not
  /// part of the previous expression.
  private var tokenEnd: Int {
    var end = tokenStart
    while end > 0 && Self.isSpace(bytes[end - 1]) { end -= 1 }
    return end
  }

  private mutating func parseSubquery() throws(PredicateSyntaxError) -> PredicateSubquery {
    let start = tokenStart
    try nest()
    defer { depth -= 1 }
    try advance()
    try expect("(", after: "after SUBQUERY")
    let collection = try parseExpression()
    try expect(",", after: "after the SUBQUERY collection")
    guard case .variable(let name) = token else {
      throw fail(PredicateMessages.unexpected(describe(token), expected: "a $variable as the second SUBQUERY argument"))
    }
    try advance()
    try expect(",", after: "after the SUBQUERY variable")
    variables.append(name)
    let predicate = try parseOr()
    variables.removeLast()
    guard token == .symbol(")") else {
      throw fail(PredicateMessages.unexpected(describe(token), expected: "')' to close the SUBQUERY"))
    }
    let end = position
    try advance()
    return PredicateSubquery(collection: collection, variable: name, predicate: predicate, span: start..<end)
  }
}
