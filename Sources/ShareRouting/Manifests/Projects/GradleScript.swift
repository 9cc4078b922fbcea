/// The identity settings of an Android Gradle module, read from `build.gradle` (Groovy DSL) or
/// `build.gradle.kts` (Kotlin DSL) without evaluating anything.
///
/// Only literal strings count: `android { namespace "org.app" }`, `namespace = "org.app"` and
/// `defaultConfig { applicationId("org.app") }` are read; a value computed by code (a variable,
/// a function call, a string with `$` interpolation) is reported as not resolved, with its line,
/// and the caller falls back. Comments and strings are lexed properly, so a `namespace` inside
/// a comment or another block (`productFlavors`, `buildTypes`) does not count.
struct GradleScript: Sendable {
  /// A setting found in the script.
  struct Setting: Sendable, Hashable {
    /// The literal value, or `nil` when the script computes it.
    var value: String?
    /// The written value as an excerpt (for messages).
    var written: String
    /// Where it was written.
    var location: SourceLocation
  }

  /// `android { namespace … }`.
  var namespace: Setting?
  /// `android { defaultConfig { applicationId … } }`.
  var applicationID: Setting?

  /// The largest script read, in bytes.
  static let maxSize = 1 << 20
  /// The most tokens looked at.
  static let maxTokens = 500_000

  /// Reads the settings from a script's bytes (UTF-8; invalid bytes are replaced).
  init(bytes: [UInt8]) {
    var lexer = Lexer(bytes: bytes)
    var stack: [[String]] = []
    var tokens: [Token] = []
    var count = 0
    while let token = lexer.next(), count < Self.maxTokens {
      tokens.append(token)
      count += 1
    }
    var index = 0
    /// The block name a `{` opens: `android {`, `create("free") {`, `getByName("x") {`.
    func blockName(before braceIndex: Int) -> String {
      var back = braceIndex - 1
      if back >= 0, case .close(")") = tokens[back].kind {
        var depth = 0
        while back >= 0 {
          if case .close(")") = tokens[back].kind { depth += 1 }
          if case .open("(") = tokens[back].kind {
            depth -= 1
            if depth == 0 { break }
          }
          back -= 1
        }
        back -= 1
      }
      if back >= 0, case .identifier(let name) = tokens[back].kind { return name }
      return "?"
    }
    while index < tokens.count {
      let token = tokens[index]
      switch token.kind {
      case .open("{"):
        // A dotted block name (`android.defaultConfig {`) opens every level at once.
        stack.append(blockName(before: index).split(separator: ".").map(String.init))
      case .close("}"):
        _ = stack.popLast()
      case .identifier(let name):
        var components = name.split(separator: ".").map(String.init)
        // Kotlin's `namespace.set("…")` on a Property.
        if components.count > 1 && components.last == "set" { components.removeLast() }
        let path = stack.flatMap { $0 } + components
        let isNamespace = path.suffix(2) == ["android", "namespace"]
        let isApplicationID = path.suffix(3) == ["android", "defaultConfig", "applicationId"]
        guard isNamespace || isApplicationID else { break }
        // `name value`, `name = value`, `name(value)`, `name.set(value)` are all assignments.
        var next = index + 1
        var skipped = 0
        while next < tokens.count, skipped < 3 {
          switch tokens[next].kind {
          case .punctuation("="), .open("("), .identifier("set"), .punctuation("."):
            next += 1
            skipped += 1
            continue
          default: break
          }
          break
        }
        guard next < tokens.count else { break }
        let valueToken = tokens[next]
        let setting: Setting
        switch valueToken.kind {
        case .string(let text, let interpolated):
          setting = Setting(
            value: interpolated || text.isEmpty ? nil : text, written: Self.excerpt(text),
            location: token.location)
        case .identifier(let text), .punctuation(let text), .open(let text), .close(let text):
          setting = Setting(value: nil, written: Self.excerpt(text), location: token.location)
        }
        if isNamespace, namespace == nil { namespace = setting }
        if isApplicationID, applicationID == nil { applicationID = setting }
        index = next
      default:
        break
      }
      index += 1
    }
  }

  private static func excerpt(_ text: String) -> String {
    text.count > 60 ? String(text.prefix(60)) + "…" : text
  }

  // MARK: Lexer

  struct Token: Sendable {
    enum Kind: Sendable, Equatable {
      case identifier(String)
      /// A string literal's contents; `interpolated` when it holds `$` in a double-quoted string.
      case string(String, interpolated: Bool)
      case open(String)
      case close(String)
      case punctuation(String)
    }
    var kind: Kind
    var location: SourceLocation
  }

  /// Groovy/Kotlin tokens: identifiers (dotted), strings (single, double, triple-quoted), brackets
  /// and punctuation; comments and white space are dropped.
  struct Lexer {
    private var cursor: ByteCursor

    init(bytes: [UInt8]) { cursor = ByteCursor(bytes) }

    private func peek(_ offset: Int = 0) -> UInt8? { cursor.peek(offset) }
    private mutating func advance() { cursor.advance() }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || byte == 0x5F || byte == 0x2E || byte >= 0x80
    }

    mutating func next() -> Token? {
      cursor.skipSpaceAndComments(alsoSkipping: 0x3B)
      guard let byte = peek() else { return nil }
      let start = cursor.location
      if byte == 0x22 || byte == 0x27 {
        return Token(kind: string(quote: byte), location: start)
      }
      if Self.isIdentifierByte(byte) {
        let from = cursor.position
        while let c = peek(), Self.isIdentifierByte(c) { advance() }
        return Token(kind: .identifier(String(decoding: cursor.bytes[from..<cursor.position], as: UTF8.self)), location: start)
      }
      advance()
      let text = String(UnicodeScalar(byte))
      switch byte {
      case 0x7B, 0x28, 0x5B: return Token(kind: .open(text), location: start)
      case 0x7D, 0x29, 0x5D: return Token(kind: .close(text), location: start)
      default: return Token(kind: .punctuation(text), location: start)
      }
    }

    /// A string literal at the cursor: `'…'`, `"…"`, `'''…'''` or `"""…"""`, escapes decoded.
    private mutating func string(quote: UInt8) -> Token.Kind {
      let triple = peek(1) == quote && peek(2) == quote
      cursor.advance(triple ? 3 : 1)
      var content: [UInt8] = []
      var interpolated = false
      while let c = peek() {
        if triple {
          if c == quote && peek(1) == quote && peek(2) == quote {
            cursor.advance(3)
            break
          }
        } else if c == quote {
          advance()
          break
        } else if c == 0x0A {
          break  // an unterminated string ends at the line
        }
        if c == 0x5C, let escaped = peek(1) {
          cursor.advance(2)
          switch escaped {
          case 0x6E: content.append(0x0A)
          case 0x74: content.append(0x09)
          default: content.append(escaped)
          }
          continue
        }
        if c == 0x24 && quote == 0x22 { interpolated = true }
        content.append(c)
        advance()
      }
      return .string(String(decoding: content, as: UTF8.self), interpolated: interpolated)
    }
  }
}
