/// The Android declarations of a C# source file, as .NET for Android's build finds them: each
/// class with an `[Activity]` attribute, with its `[IntentFilter]` attributes, its namespace and
/// the places of each (`ManifestDocument.cs` scans "non-`abstract` classes that derive from
/// Activity and that have the ActivityAttribute applied").
///
/// This is a reader of attribute sections, not of C#: it tokenizes (comments, regular, verbatim,
/// raw and interpolated strings, character literals; `#if` branches as a release build for Android
/// takes them), follows namespaces and
/// class nesting by braces, and reads each `[…]` section that stands where a declaration can
/// start. Arguments are read as values: strings (and `+` of strings), numbers, `true`/`false`,
/// names (`Intent.ActionSend`), arrays (`new[] { … }`, `new string[] { … }`, `[ … ]`) and `|`
/// of names. Anything else is kept as unknown, for the caller to report. The file's own
/// `const string` fields are collected so that a name can be resolved to one.
struct CSharpSource {
  /// An argument's value.
  indirect enum Value: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case bool(Bool)
    /// A dotted name (`Intent.ActionSend`, `LaunchMode.SingleTop`), `global::` dropped.
    case name(String)
    case list([Value])
    /// `A | B` of names (flags).
    case flags([Value])
    /// An expression this reader does not evaluate, as written (excerpted).
    case unknown(String)
  }

  /// One argument: positional (`label` is `nil`), a property (`Label = …`) or a named
  /// parameter (`actions: …`).
  struct Argument: Sendable {
    let label: String?
    let value: Value
    let location: SourceLocation
  }

  /// One attribute of a section (`IntentFilter(new[] { … }, DataMimeType = "image/*")`).
  struct Attribute: Sendable {
    /// The name as written, its last component without `Attribute` (`IntentFilter`).
    let name: String
    let arguments: [Argument]
    let location: SourceLocation

    /// The argument given as a property or named parameter `label`.
    func argument(_ label: String) -> Argument? { arguments.first { $0.label == label } }
  }

  /// A class declaration with the attributes written on it.
  struct Class: Sendable {
    let name: String
    /// The enclosing namespaces, joined by `.` (empty at the top).
    let namespace: String
    /// The enclosing classes, outermost first (a nested class).
    let outer: [String]
    let attributes: [Attribute]
    let location: SourceLocation
  }

  /// The largest file read (1 MiB), as every other project file.
  static let maxSize = 1 << 20
  /// The most attributes on one class, and the most values in one array: more is not code.
  static let maxItems = 4_096
  /// The deepest nesting of values (arrays in arrays).
  static let maxDepth = 16

  /// The classes that carry at least one attribute, in file order.
  private(set) var classes: [Class] = []
  /// The file's `const string` fields by name (the first of each name).
  private(set) var constants: [String: String] = [:]
  /// Attributes of the assembly (`[assembly: Application(Label = …)]`).
  private(set) var assemblyAttributes: [Attribute] = []

  private var tokens: [Token] = []
  private var index = 0

  init(bytes: [UInt8]) {
    tokens = Self.tokenize(bytes)
    scan()
  }

  // MARK: Tokens

  struct Token: Sendable {
    enum Kind: Equatable, Sendable {
      case identifier(String)
      case string(String?)
      case number(Int?)
      case character
      case punctuation(UInt8)
    }
    let kind: Kind
    let location: SourceLocation
  }

  private static func isIdentifierByte(_ byte: UInt8) -> Bool {
    byte == 0x5F || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte >= 0x80
  }

  /// Preprocessor symbols as a release build for Android defines them: `DEBUG` and the other
  /// platforms' are not defined, `ANDROID` and `RELEASE` are; any other is taken as defined.
  static func isDefined(_ symbol: String) -> Bool {
    !["DEBUG", "IOS", "MACCATALYST", "MACOS", "WINDOWS", "TIZEN", "TVOS", "__IOS__", "__MACCATALYST__", "__MACOS__"].contains(symbol)
  }

  /// An `#if` condition, as C# reads it: symbols, `true`, `false`, `!`, `==`, `!=`, `&&` over
  /// `||`, parentheses (a `//` comment ends it); `true` when it cannot be read.
  static func condition(_ text: Substring) -> Bool {
    // Tokens: words and operators.
    var tokens: [String] = []
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count, tokens.count < 256 {
      let scalar = scalars[index]
      if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" {
        var word = ""
        while index < scalars.count, scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index]) || scalars[index] == "_" {
          word.unicodeScalars.append(scalars[index])
          index += 1
        }
        tokens.append(word)
        continue
      }
      if scalar == "/" { break }
      let pair = index + 1 < scalars.count ? String(String.UnicodeScalarView([scalar, scalars[index + 1]])) : ""
      if ["&&", "||", "==", "!="].contains(pair) {
        tokens.append(pair)
        index += 2
        continue
      }
      if "!()".unicodeScalars.contains(scalar) { tokens.append(String(scalar)) }
      index += 1
    }
    var position = 0
    var failed = false
    func primary(_ depth: Int) -> Bool {
      guard position < tokens.count, depth < 64 else { failed = true; return true }
      let token = tokens[position]
      position += 1
      switch token {
      case "!": return !primary(depth + 1)
      case "(":
        let value = or(depth + 1)
        if position < tokens.count && tokens[position] == ")" { position += 1 } else { failed = true }
        return value
      case "true": return true
      case "false": return false
      default:
        if token.unicodeScalars.first.map({ $0.properties.isAlphabetic || $0 == "_" }) == true { return isDefined(token) }
        failed = true
        return true
      }
    }
    func equality(_ depth: Int) -> Bool {
      var value = primary(depth)
      while position < tokens.count, tokens[position] == "==" || tokens[position] == "!=" {
        let equal = tokens[position] == "=="
        position += 1
        let right = primary(depth)
        value = equal ? value == right : value != right
      }
      return value
    }
    func and(_ depth: Int) -> Bool {
      var value = equality(depth)
      while position < tokens.count, tokens[position] == "&&" {
        position += 1
        let right = equality(depth)
        value = value && right
      }
      return value
    }
    func or(_ depth: Int) -> Bool {
      var value = and(depth)
      while position < tokens.count, tokens[position] == "||" {
        position += 1
        let right = and(depth)
        value = value || right
      }
      return value
    }
    let value = or(0)
    return failed || position != tokens.count ? true : value
  }

  static func tokenize(_ bytes: [UInt8]) -> [Token] {
    var cursor = ByteCursor(bytes)
    // A byte order mark is no part of the first word.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { cursor.advance(3) }
    var tokens: [Token] = []
    var lineStart = true
    // `#if` / `#elif` / `#else` / `#endif`, as a release build for Android takes them: for each
    // open `#if`, whether its branch is read and whether a branch was taken.
    // Levels past the bound are counted, not kept (their #endif closes them first); how many
    // kept levels are not read is counted too, so each token asks one number.
    var branches: [(reading: Bool, taken: Bool)] = []
    var ignored = 0
    var notReading = 0
    while true {
      if notReading > 0 {
        // A branch the build leaves out is not C#: no comment or string in it is read; only a
        // directive line can end it.
        while let space = cursor.peek(), space == 0x20 || space == 0x09 || space == 0x0D || space == 0x0A {
          if space == 0x0A { lineStart = true }
          cursor.advance()
        }
        guard cursor.peek() != nil else { break }
        if cursor.peek() != 0x23 || !lineStart {
          while cursor.peek() != nil && cursor.peek() != 0x0A { cursor.advance() }
          continue
        }
      } else {
        let before = cursor.line
        cursor.skipSpaceAndComments()
        if cursor.line != before { lineStart = true }
      }
      guard let byte = cursor.peek() else { break }
      let location = cursor.location
      if byte == 0x23 && lineStart {
        let start = cursor.position
        while cursor.peek() != nil && cursor.peek() != 0x0A { cursor.advance() }
        let line = String(decoding: bytes[start..<cursor.position], as: UTF8.self).dropFirst().drop { $0 == " " || $0 == "\t" }
        let directive = line.prefix { $0.isLetter }
        let rest = line.dropFirst(directive.count)
        func replaceLast(_ level: (reading: Bool, taken: Bool)) {
          guard let last = branches.last else { return }
          if !last.reading { notReading -= 1 }
          if !level.reading { notReading += 1 }
          branches[branches.count - 1] = level
        }
        switch directive {
        case "if":
          if ignored > 0 || branches.count >= maxDepth * 16 {
            ignored += 1
          } else {
            let holds = condition(rest)
            branches.append((holds, holds))
            if !holds { notReading += 1 }
          }
        case "elif" where ignored == 0:
          if let last = branches.last { replaceLast((!last.taken && condition(rest), last.taken || (!last.taken && condition(rest)))) }
        case "else" where ignored == 0:
          if let last = branches.last { replaceLast((!last.taken, true)) }
        case "endif":
          if ignored > 0 {
            ignored -= 1
          } else if let last = branches.popLast(), !last.reading {
            notReading -= 1
          }
        default: break
        }
        continue
      }
      lineStart = false
      if byte == 0x22 || (byte == 0x40 || byte == 0x24) && (cursor.peek(1) == 0x22 || cursor.peek(1) == 0x40 || cursor.peek(1) == 0x24) {
        tokens.append(Token(kind: .string(readString(&cursor)), location: location))
      } else if byte == 0x27 {
        cursor.advance()
        while let next = cursor.peek(), next != 0x27, next != 0x0A {
          if next == 0x5C { cursor.advance() }
          cursor.advance()
        }
        cursor.advance()
        tokens.append(Token(kind: .character, location: location))
      } else if byte == 0x40 || isIdentifierByte(byte) && !(0x30...0x39).contains(byte) {
        if byte == 0x40 { cursor.advance() }
        let start = cursor.position
        cursor.advance { isIdentifierByte($0) }
        tokens.append(Token(kind: .identifier(String(decoding: bytes[start..<cursor.position], as: UTF8.self)), location: location))
      } else if (0x30...0x39).contains(byte) {
        let start = cursor.position
        cursor.advance { isIdentifierByte($0) || $0 == 0x2E }
        let text = String(decoding: bytes[start..<cursor.position], as: UTF8.self).filter { $0 != "_" }
        let value = text.hasPrefix("0x") || text.hasPrefix("0X") ? Int(text.dropFirst(2), radix: 16) : Int(text)
        tokens.append(Token(kind: .number(value), location: location))
      } else {
        cursor.advance()
        tokens.append(Token(kind: .punctuation(byte), location: location))
      }
    }
    return tokens
  }

  /// A string literal at the cursor: its value, or `nil` for an interpolated string (its value
  /// is only known when the program runs). The cursor ends after it.
  private static func readString(_ cursor: inout ByteCursor) -> String? {
    var verbatim = false
    var interpolated = false
    while let prefix = cursor.peek(), prefix == 0x40 || prefix == 0x24 {
      if prefix == 0x40 { verbatim = true } else { interpolated = true }
      cursor.advance()
    }
    var quotes = 0
    if verbatim {
      // @"…": only its own quote opens it (`@""""` is the string `"`, not a raw string).
      cursor.advance()
      quotes = 1
    } else {
      while cursor.peek() == 0x22 { quotes += 1; cursor.advance() }
    }
    if quotes == 2 { return interpolated ? nil : "" }
    var value: [UInt8] = []
    if quotes >= 3 {
      // A raw string: ends at as many quotes as it opened with.
      while cursor.peek() != nil {
        var run = 0
        while run < quotes && cursor.peek(run) == 0x22 { run += 1 }
        if run == quotes {
          cursor.advance(quotes)
          break
        }
        value.append(cursor.peek() ?? 0)
        cursor.advance()
      }
      let text = String(decoding: value, as: UTF8.self)
      // A multi-line raw string drops its first and last lines and the last line's indent.
      guard text.contains("\n") else { return interpolated ? nil : text }
      var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
      let indent = lines.last.map { $0.prefix { $0 == " " || $0 == "\t" }.count } ?? 0
      lines = Array(lines.dropFirst().dropLast())
      return interpolated ? nil : lines.map { String($0.dropFirst(indent)) }.joined(separator: "\n")
    }
    while let byte = cursor.peek() {
      if byte == 0x22 {
        if verbatim && cursor.peek(1) == 0x22 {
          value.append(0x22)
          cursor.advance(2)
          continue
        }
        cursor.advance()
        return interpolated ? nil : String(decoding: value, as: UTF8.self)
      }
      if byte == 0x0A && !verbatim { break }
      if byte == 0x5C && !verbatim, let escaped = cursor.peek(1) {
        cursor.advance(2)
        switch escaped {
        case 0x6E: value.append(0x0A)
        case 0x74: value.append(0x09)
        case 0x72: value.append(0x0D)
        case 0x30: value.append(0x00)
        case 0x75, 0x55, 0x78:
          // \uXXXX, \UXXXXXXXX, \x with 1 to 4 digits.
          let most = escaped == 0x55 ? 8 : 4
          var digits = ""
          while digits.count < most, let digit = cursor.peek(), digit < 0x80, Character(Unicode.Scalar(digit)).isHexDigit {
            digits.append(Character(Unicode.Scalar(digit)))
            cursor.advance()
          }
          if let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) {
            value += Array(String(Character(scalar)).utf8)
          }
        default: value.append(escaped)
        }
        continue
      }
      value.append(byte)
      cursor.advance()
    }
    return interpolated ? nil : String(decoding: value, as: UTF8.self)
  }

  // MARK: Declarations

  private var current: Token? { index < tokens.count ? tokens[index] : nil }
  private func peek(_ offset: Int) -> Token? { index + offset < tokens.count ? tokens[index + offset] : nil }
  private func isPunctuation(_ token: Token?, _ byte: UInt8) -> Bool { token?.kind == .punctuation(byte) }
  private func identifier(_ token: Token?) -> String? {
    if case .identifier(let name)? = token?.kind { return name }
    return nil
  }

  private mutating func scan() {
    var depth = 0
    // Namespaces and classes by the brace depth their body opens at.
    var namespaces: [(name: String, depth: Int)] = []
    var fileNamespace = ""
    var outer: [(name: String, depth: Int)] = []
    var pending: [Attribute] = []
    var pendingClass: String?
    var atDeclarationStart = true
    var retryFrom = 0
    while let token = current {
      switch token.kind {
      case .punctuation(0x7B):  // {
        depth += 1
        if let name = pendingClass { outer.append((name, depth)) }
        pendingClass = nil
        pending = []
        atDeclarationStart = true
        index += 1
      case .punctuation(0x7D):  // }
        namespaces.removeAll { $0.depth == depth }
        outer.removeAll { $0.depth == depth }
        depth = max(0, depth - 1)
        pending = []
        pendingClass = nil
        atDeclarationStart = true
        index += 1
      case .punctuation(0x3B):  // ;
        pending = []
        pendingClass = nil
        atDeclarationStart = true
        index += 1
      case .punctuation(0x5B) where atDeclarationStart && index >= retryFrom:  // [
        let start = index
        if let (section, assembly) = attributeSection() {
          if assembly {
            if assemblyAttributes.count + section.count <= Self.maxItems { assemblyAttributes += section }
          } else if pending.count + section.count <= Self.maxItems {
            pending += section
          }
        } else {
          // Not an attribute section: no `[` up to where this one was read to is tried again
          // (each token is looked at a bounded number of times).
          retryFrom = index
          index = start + 1
          atDeclarationStart = false
        }
      case .identifier("namespace"):
        index += 1
        let name = dottedName() ?? ""
        if isPunctuation(current, 0x3B) {
          fileNamespace = name
        } else if isPunctuation(current, 0x7B) {
          namespaces.append((name, depth + 1))
        }
      case .identifier("const"):
        // const string Name = "value";
        if identifier(peek(1)) == "string", let name = identifier(peek(2)), isPunctuation(peek(3), 0x3D) {
          index += 4
          let value = expression(depth: 0)
          if case .string(let text) = value, constants[name] == nil { constants[name] = text }
        } else {
          index += 1
        }
      case .identifier("class"):
        if let name = identifier(peek(1)) {
          if !pending.isEmpty {
            let namespace = ([fileNamespace] + namespaces.map(\.name)).filter { !$0.isEmpty }.joined(separator: ".")
            classes.append(Class(name: name, namespace: namespace, outer: outer.map(\.name), attributes: pending, location: token.location))
          }
          pending = []
          pendingClass = name
          index += 2
        } else {
          index += 1
        }
      case .punctuation(0x3D), .punctuation(0x28):  // = (
        if pendingClass == nil { pending = [] }
        atDeclarationStart = false
        index += 1
      default:
        index += 1
      }
      if case .punctuation(0x5D) = tokens[max(0, index - 1)].kind { atDeclarationStart = true }
    }
  }

  /// `[target: A(…), B]` at the cursor: its attributes and whether they are the assembly's (none
  /// for another target that is not a type), or `nil` when the brackets are no attribute section.
  private mutating func attributeSection() -> ([Attribute], assembly: Bool)? {
    index += 1
    var skip = false
    var assembly = false
    if let target = identifier(current), isPunctuation(peek(1), 0x3A), !isPunctuation(peek(2), 0x3A) {
      assembly = target == "assembly"
      skip = target != "type" && !assembly
      index += 2
    }
    var found: [Attribute] = []
    while true {
      guard let location = current?.location, let name = dottedName() else { return nil }
      var arguments: [Argument] = []
      if isPunctuation(current, 0x28) {
        index += 1
        while !isPunctuation(current, 0x29) {
          guard current != nil, arguments.count < Self.maxItems else { return nil }
          let at = current?.location ?? location
          var label: String?
          if let word = identifier(current), isPunctuation(peek(1), 0x3D) && !isPunctuation(peek(2), 0x3D) || isPunctuation(peek(1), 0x3A) && !isPunctuation(peek(2), 0x3A) {
            label = word
            index += 2
          }
          arguments.append(Argument(label: label, value: expression(depth: 0), location: at))
          if isPunctuation(current, 0x2C) {
            index += 1
          } else if !isPunctuation(current, 0x29) {
            return nil
          }
        }
        index += 1
      }
      let last = name.split(separator: ".").last.map(String.init) ?? name
      let short = last.hasSuffix("Attribute") && last != "Attribute" ? String(last.dropLast("Attribute".count)) : last
      found.append(Attribute(name: short, arguments: arguments, location: location))
      if isPunctuation(current, 0x2C) {
        index += 1
        continue
      }
      guard isPunctuation(current, 0x5D) else { return nil }
      index += 1
      return (skip ? [] : found, assembly)
    }
  }

  /// `A.B.C` (or `global::A.B`) at the cursor, generic arguments skipped.
  private mutating func dottedName() -> String? {
    if identifier(current) == "global", isPunctuation(peek(1), 0x3A), isPunctuation(peek(2), 0x3A) { index += 3 }
    guard var name = identifier(current) else { return nil }
    index += 1
    while isPunctuation(current, 0x2E), let next = identifier(peek(1)) {
      name += "." + next
      index += 2
    }
    return name
  }

  /// One argument value at the cursor; the cursor ends at the `,`, `)`, `}` or `]` after it.
  private mutating func expression(depth: Int) -> Value {
    var terms: [Value] = [term(depth: depth)]
    var joined: UInt8?
    while let token = current, case .punctuation(let byte) = token.kind, byte == 0x7C || byte == 0x2B {
      guard joined == nil || joined == byte, terms.count < Self.maxItems else { return unknown(from: index) }
      joined = byte
      index += 1
      terms.append(term(depth: depth))
    }
    guard terms.count > 1 else { return terms[0] }
    if joined == 0x2B {
      var text = ""
      for term in terms {
        guard case .string(let part) = term else { return .unknown(terms.map(Self.describe).joined(separator: " + ")) }
        text += part
      }
      return .string(text)
    }
    return .flags(terms)
  }

  private mutating func term(depth: Int) -> Value {
    guard let token = current, depth < Self.maxDepth else { return unknown(from: index) }
    switch token.kind {
    case .string(let text?):
      index += 1
      return .string(text)
    case .number(let value?):
      index += 1
      return .integer(value)
    case .identifier("true"), .identifier("false"):
      index += 1
      return .bool(token.kind == .identifier("true"))
    case .identifier("new"):
      // new[] { … }, new string[] { … }, new List<string> { … }
      index += 1
      var steps = 0
      while let next = current, !isPunctuation(next, 0x7B), steps < 64 {
        guard identifier(next) != nil || [0x2E, 0x5B, 0x5D, 0x3C, 0x3E, 0x3A].contains(where: { isPunctuation(next, $0) }) else {
          return unknown(from: index)
        }
        index += 1
        steps += 1
      }
      guard isPunctuation(current, 0x7B) else { return unknown(from: index) }
      return list(closing: 0x7D, depth: depth)
    case .punctuation(0x5B):
      return list(closing: 0x5D, depth: depth)
    case .punctuation(0x2D):
      if case .number(let value?)? = peek(1)?.kind {
        index += 2
        return .integer(-value)
      }
      return unknown(from: index)
    case .identifier:
      guard let name = dottedName() else { return unknown(from: index) }
      if isPunctuation(current, 0x28) { return unknown(from: index, written: name) }
      return .name(name)
    default:
      return unknown(from: index)
    }
  }

  private mutating func list(closing: UInt8, depth: Int) -> Value {
    index += 1
    var items: [Value] = []
    while !isPunctuation(current, closing) {
      guard current != nil, items.count < Self.maxItems else { return .unknown("[…]") }
      items.append(expression(depth: depth + 1))
      if isPunctuation(current, 0x2C) { index += 1 } else if !isPunctuation(current, closing) { return unknown(from: index) }
    }
    index += 1
    return .list(items)
  }

  /// Skips to the end of an expression this reader does not evaluate (balanced brackets, up to
  /// the `,` or closing bracket of the argument list) and keeps a short excerpt of it.
  private mutating func unknown(from start: Int, written: String? = nil) -> Value {
    var nesting = 0
    var words: [String] = written.map { [$0] } ?? []
    while let token = current {
      if case .punctuation(let byte) = token.kind {
        if byte == 0x28 || byte == 0x5B || byte == 0x7B { nesting += 1 }
        if byte == 0x29 || byte == 0x5D || byte == 0x7D {
          if nesting == 0 { break }
          nesting -= 1
        }
        if byte == 0x2C && nesting == 0 { break }
        if byte == 0x3B { break }
        if words.count < 8 { words.append(String(Character(Unicode.Scalar(byte)))) }
      } else if words.count < 8 {
        words.append(Self.describe(token))
      }
      index += 1
    }
    if index == start && current != nil && words.isEmpty { index += 1 }
    return .unknown(words.joined())
  }

  private static func describe(_ token: Token) -> String {
    switch token.kind {
    case .identifier(let name): name
    case .string(let text): text.map { "\"\($0)\"" } ?? "$\"…\""
    case .number(let value): value.map(String.init) ?? "…"
    case .character: "'…'"
    case .punctuation(let byte): String(Character(Unicode.Scalar(byte)))
    }
  }

  private static func describe(_ value: Value) -> String {
    switch value {
    case .string(let text): "\"\(text)\""
    case .integer(let number): String(number)
    case .bool(let flag): String(flag)
    case .name(let name): name
    case .list(let items): "[" + items.map(describe).joined(separator: ", ") + "]"
    case .flags(let items): items.map(describe).joined(separator: " | ")
    case .unknown(let text): text
    }
  }

  /// A value as written, for messages.
  static func written(_ value: Value) -> String { describe(value) }
}
