#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The literal text a POSIX extended regular expression cannot match without: a conservative
/// reading of the pattern, for ``MagicRules`` (a regex rule whose required text is missing from
/// the buffer cannot pass).
///
/// Only what every match must contain is kept: runs of ordinary characters not made optional by
/// `*`, `?` or `{0,…}`, and groups that are an alternation of such runs (`(import|export)`: one of
/// them). Anything the reading does not follow (an alternation outside a group, a back
/// reference, an unbalanced bracket) gives up: `nil`, and libmagic evaluates the rule.
enum RegexLiterals {
  /// One requirement: at least one of the alternatives occurs in the text.
  struct Requirement: Hashable, Sendable {
    var alternatives: [[UInt8]]

    /// Whether one alternative occurs in `text` (ASCII letters of either case match when
    /// `ignoringCase`, as `REG_ICASE` in the C locale).
    func isMet(in text: UnsafeRawBufferPointer, ignoringCase: Bool) -> Bool {
      alternatives.contains { RegexLiterals.occurs($0, in: text, ignoringCase: ignoringCase) }
    }
  }

  /// The requirements of `pattern` (the rule's value up to its NUL, as `regcomp` reads it), or
  /// `nil` when none can be told.
  static func requirements(_ pattern: [UInt8]) -> [Requirement]? {
    var reader = Reader(pattern: pattern)
    guard let found = reader.sequence(inGroup: false), reader.position == pattern.count else { return nil }
    let kept = found.filter { !$0.alternatives.isEmpty && $0.alternatives.allSatisfy { !$0.isEmpty } }
    return kept.isEmpty ? nil : kept
  }

  /// Whether `literal` occurs in `text`.
  static func occurs(_ literal: [UInt8], in text: UnsafeRawBufferPointer, ignoringCase: Bool) -> Bool {
    guard literal.count <= text.count else { return false }
    if !ignoringCase {
      return literal.withUnsafeBytes { ByteSearch.contains($0, in: text) }
    }
    let first = folded(literal[0])
    var start = 0
    while start + literal.count <= text.count {
      if folded(text[start]) == first {
        var index = 1
        while index < literal.count && folded(text[start + index]) == folded(literal[index]) { index += 1 }
        if index == literal.count { return true }
      }
      start += 1
    }
    return false
  }

  /// An ASCII letter in lower case; any other byte as it is.
  static func folded(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
  }

  /// A cursor over the pattern.
  struct Reader {
    let pattern: [UInt8]
    var position = 0

    static let special: Set<UInt8> = Set("^$.[]()*+?{}|\\".utf8)

    var current: UInt8? { position < pattern.count ? pattern[position] : nil }

    /// The requirements of a sequence, up to the end, a `)` or (in a group) a `|`; `nil` when the
    /// reading gives up.
    mutating func sequence(inGroup: Bool) -> [Requirement]? {
      var requirements: [Requirement] = []
      var run: [UInt8] = []
      func endRun() {
        if !run.isEmpty { requirements.append(Requirement(alternatives: [run])) }
        run = []
      }
      while let byte = current {
        if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "|") {
          guard inGroup else { return nil }  // an alternation or a stray `)` at the top: give up
          break
        }
        // One atom: a literal byte, or something else (with what it requires, if anything).
        var literal: UInt8?
        var atom: Requirement?
        switch byte {
        case UInt8(ascii: "^"), UInt8(ascii: "$"):
          position += 1
          endRun()
          continue
        case UInt8(ascii: "\\"):
          guard position + 1 < pattern.count, Self.special.contains(pattern[position + 1]) else { return nil }
          literal = pattern[position + 1]
          position += 2
        case UInt8(ascii: "."):
          position += 1
        case UInt8(ascii: "["):
          guard skipBracket() else { return nil }
        case UInt8(ascii: "("):
          position += 1
          guard let alternatives = group() else { return nil }
          if !alternatives.isEmpty { atom = Requirement(alternatives: alternatives) }
        case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"), UInt8(ascii: "{"):
          return nil  // a quantifier with nothing before it
        default:
          literal = byte
          position += 1
        }
        // Its quantifier.
        var optional = false
        var repeated = false
        if let next = current {
          switch next {
          case UInt8(ascii: "*"), UInt8(ascii: "?"):
            optional = true
            position += 1
          case UInt8(ascii: "+"):
            repeated = true
            position += 1
          case UInt8(ascii: "{"):
            guard let least = interval() else { return nil }
            if least == 0 { optional = true } else { repeated = true }
          default:
            break
          }
        }
        if let literal, !optional {
          run.append(literal)
          if repeated { endRun() }  // what follows need not be next to it
        } else {
          endRun()
          if let atom, !optional { requirements.append(atom) }
        }
      }
      endRun()
      return requirements
    }

    /// After a `(`: the group's alternatives when each is a plain run of literals (one of them
    /// must occur), `[]` when the group requires nothing that can be told, and `nil` when the
    /// reading gives up. The closing `)` is consumed.
    mutating func group() -> [[UInt8]]? {
      var alternatives: [[UInt8]] = []
      var plain = true
      while true {
        let start = position
        guard let inner = sequence(inGroup: true) else { return nil }
        // A plain alternative is one run covering its whole text.
        let text = pattern[start..<position]
        if inner.count == 1, inner[0].alternatives.count == 1, inner[0].alternatives[0].count == text.count,
          !text.contains(UInt8(ascii: "\\"))
        {
          alternatives.append(inner[0].alternatives[0])
        } else {
          plain = false
        }
        guard let byte = current else { return nil }  // unbalanced
        position += 1
        if byte == UInt8(ascii: ")") { break }
      }
      return plain ? alternatives : []
    }

    /// Skips a bracket expression (`[…]`, `[^…]`, with `]` first taken literally, and `[:…:]`,
    /// `[=…=]`, `[.….]` inside); `false` when it does not end.
    mutating func skipBracket() -> Bool {
      position += 1
      if current == UInt8(ascii: "^") { position += 1 }
      if current == UInt8(ascii: "]") { position += 1 }
      while let byte = current {
        position += 1
        if byte == UInt8(ascii: "]") { return true }
        if byte == UInt8(ascii: "["), let kind = current, [UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: ".")].contains(kind) {
          position += 1
          while position + 1 < pattern.count && !(pattern[position] == kind && pattern[position + 1] == UInt8(ascii: "]")) {
            position += 1
          }
          guard position + 1 < pattern.count else { return false }
          position += 2
        }
      }
      return false
    }

    /// Reads `{m}`, `{m,}` or `{m,n}` and gives `m`; `nil` when it is not an interval.
    mutating func interval() -> Int? {
      var index = position + 1
      var least = 0
      var digits = 0
      while index < pattern.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(pattern[index]), digits < 4 {
        least = least * 10 + Int(pattern[index] - UInt8(ascii: "0"))
        index += 1
        digits += 1
      }
      guard digits > 0 else { return nil }
      while index < pattern.count && pattern[index] != UInt8(ascii: "}") {
        let byte = pattern[index]
        guard byte == UInt8(ascii: ",") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        index += 1
      }
      guard index < pattern.count else { return nil }
      position = index + 1
      return least
    }
  }
}
