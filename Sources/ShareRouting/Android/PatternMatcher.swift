/// A path or scheme-specific-part pattern of an `<intent-filter>`'s `<data>`, matched like
/// Android's `android.os.PatternMatcher` (Android 14).
///
/// Every kind matches the whole string, on UTF-16 code units as Java does:
/// - ``Kind/literal`` (`android:path`, `android:ssp`): equal;
/// - ``Kind/prefix`` (`pathPrefix`, `sspPrefix`): starts with;
/// - ``Kind/suffix`` (`pathSuffix`, `sspSuffix`): ends with;
/// - ``Kind/simpleGlob`` (`pathPattern`, `sspPattern`): `.` is any character, `c*` a greedy run
///   of `c`, `.*` skips to the **first** occurrence of the next pattern character, `\` makes the
///   next character literal; there is no backtracking (`.*\.pdf` does not match `/a.b.pdf`);
/// - ``Kind/advancedGlob`` (`pathAdvancedPattern`, `sspAdvancedPattern`): `.`, sets `[a-z]` and
///   `[^…]`, `\` escapes, and the modifiers `*`, `+`, `{n}`, `{n,}`, `{n,m}`, each token matched
///   greedily without backtracking. A malformed advanced pattern (a set with nothing in it or not
///   closed, a modifier with no token before it, a range without `}`, with a non-number or with
///   its minimum over its maximum, a trailing `\`, more than 2,045 parsed entries) is refused, as
///   `PatternMatcher`'s constructor throws and the package does not install.
///
/// Source: `core/java/android/os/PatternMatcher.java` (`matchPattern`, `matchGlobPattern`,
/// `parseAndVerifyAdvancedPattern`, `matchAdvancedPattern`).
package struct PatternMatcher: Hashable, Sendable {
  /// The pattern kinds (`PatternMatcher.PATTERN_*`).
  package enum Kind: Int, Hashable, Sendable, CaseIterable {
    /// `PATTERN_LITERAL`.
    case literal = 0
    /// `PATTERN_PREFIX`.
    case prefix = 1
    /// `PATTERN_SIMPLE_GLOB`.
    case simpleGlob = 2
    /// `PATTERN_ADVANCED_GLOB`.
    case advancedGlob = 3
    /// `PATTERN_SUFFIX`.
    case suffix = 4
  }

  /// The pattern as written (after the build's escape processing).
  package let pattern: String
  /// The kind.
  package let kind: Kind
  private let units: [UInt16]
  private let parsed: [Int]

  /// An advanced pattern `PatternMatcher` refuses, and why.
  package struct Malformed: Error, Hashable, Sendable {
    /// The pattern.
    package let pattern: String
    /// AOSP's reason, in share-route's words.
    package let reason: String
  }

  /// Creates a matcher.
  ///
  /// - Throws: ``Malformed`` for an advanced pattern Android refuses.
  package init(_ pattern: String, kind: Kind) throws(Malformed) {
    self.pattern = pattern
    self.kind = kind
    units = Array(pattern.utf16)
    parsed = kind == .advancedGlob ? try Self.parseAdvanced(units, pattern: pattern) : []
  }

  /// Whether the whole string matches (`PatternMatcher.match`; `nil` never matches).
  package func matches(_ string: String?) -> Bool {
    guard let string else { return false }
    let match = Array(string.utf16)
    switch kind {
    case .literal: return match == units
    case .prefix: return match.starts(with: units)
    case .suffix: return match.count >= units.count && match[(match.count - units.count)...].elementsEqual(units)
    case .simpleGlob: return Self.matchSimpleGlob(units, match)
    case .advancedGlob: return Self.matchAdvanced(parsed, match)
    }
  }

  // MARK: - Simple glob

  static let dot = UInt16(UInt8(ascii: "."))
  static let star = UInt16(UInt8(ascii: "*"))
  static let backslash = UInt16(UInt8(ascii: "\\"))

  /// `matchGlobPattern(pattern, match)`.
  static func matchSimpleGlob(_ pattern: [UInt16], _ match: [UInt16]) -> Bool {
    let patternCount = pattern.count
    guard patternCount > 0 else { return match.isEmpty }
    let matchCount = match.count
    var ip = 0
    var im = 0
    var nextChar = pattern[0]
    func at(_ index: Int) -> UInt16 { index < patternCount ? pattern[index] : 0 }
    while ip < patternCount && im < matchCount {
      var c = nextChar
      ip += 1
      nextChar = at(ip)
      let escaped = c == backslash
      if escaped {
        c = nextChar
        ip += 1
        nextChar = at(ip)
      }
      if nextChar == star {
        if !escaped && c == dot {
          if ip >= patternCount - 1 { return true }  // `.*` at the end takes the rest
          ip += 1
          nextChar = pattern[ip]
          if nextChar == backslash {
            ip += 1
            nextChar = at(ip)
          }
          // Skip to the first occurrence of the next pattern character.
          while im < matchCount && match[im] != nextChar { im += 1 }
          if im == matchCount { return false }
          ip += 1
          nextChar = at(ip)
          im += 1
        } else {
          // A greedy run of `c`.
          while im < matchCount && match[im] == c { im += 1 }
          ip += 1
          nextChar = at(ip)
        }
      } else {
        if c != dot && match[im] != c { return false }
        im += 1
      }
    }
    if ip >= patternCount && im >= matchCount { return true }
    // The match ended with `.*` left over in the pattern.
    return ip == patternCount - 2 && pattern[ip] == dot && pattern[ip + 1] == star
  }

  // MARK: - Advanced glob

  // Parsed placeholders (`PARSED_TOKEN_*`, `PARSED_MODIFIER_*`); characters are stored as
  // their non-negative UTF-16 values.
  static let setStart = -1
  static let inverseSetStart = -2
  static let setStop = -3
  static let anyCharacter = -4
  static let rangeStart = -5
  static let rangeStop = -6
  static let zeroOrMore = -7
  static let oneOrMore = -8
  /// `MAX_PATTERN_STORAGE`.
  static let maxStorage = 2048

  static func isModifier(_ value: Int) -> Bool {
    value == oneOrMore || value == zeroOrMore || value == rangeStop || value == rangeStart
  }

  /// `parseAndVerifyAdvancedPattern(pattern)`.
  static func parseAdvanced(_ pattern: [UInt16], pattern text: String) throws(Malformed) -> [Int] {
    func malformed(_ reason: String) -> Malformed { Malformed(pattern: text, reason: reason) }
    let length = pattern.count
    var ip = 0
    var out: [Int] = []
    var inSet = false
    var inRange = false
    var inCharClass = false
    while ip < length {
      if out.count > maxStorage - 3 { throw malformed(AndroidMessages.patternTooLarge) }
      var c = pattern[ip]
      var add = false
      switch c {
      case UInt16(UInt8(ascii: "[")):
        if inSet {
          add = true
        } else {
          guard ip + 1 < length else { throw malformed(AndroidMessages.setNotTerminated) }
          if pattern[ip + 1] == UInt16(UInt8(ascii: "^")) {
            out.append(inverseSetStart)
            ip += 1
          } else {
            out.append(setStart)
          }
          ip += 1
          inSet = true
          continue
        }
      case UInt16(UInt8(ascii: "]")):
        if !inSet {
          add = true
        } else {
          if let last = out.last, last == setStart || last == inverseSetStart {
            throw malformed(AndroidMessages.emptySet)
          }
          out.append(setStop)
          inSet = false
          inCharClass = false
        }
      case UInt16(UInt8(ascii: "{")):
        if !inSet {
          if out.last.map(isModifier) ?? true { throw malformed(AndroidMessages.modifierWithoutToken) }
          out.append(rangeStart)
          ip += 1
          inRange = true
        }
      case UInt16(UInt8(ascii: "}")):
        if inRange {
          out.append(rangeStop)
          inRange = false
        }
      case star, UInt16(UInt8(ascii: "+")):
        if !inSet {
          if out.last.map(isModifier) ?? true { throw malformed(AndroidMessages.modifierWithoutToken) }
          out.append(c == star ? zeroOrMore : oneOrMore)
        }
      case dot:
        if !inSet { out.append(anyCharacter) }
      case backslash:
        guard ip + 1 < length else { throw malformed(AndroidMessages.trailingEscape) }
        ip += 1
        c = pattern[ip]
        add = true
      default:
        add = true
      }
      if inSet {
        if inCharClass {
          out.append(Int(c))
          inCharClass = false
        } else if ip + 2 < length && pattern[ip + 1] == UInt16(UInt8(ascii: "-"))
          && pattern[ip + 2] != UInt16(UInt8(ascii: "]"))
        {
          // `a-z`: the lower end now, the upper one next.
          inCharClass = true
          out.append(Int(c))
          ip += 1
        } else {
          out.append(Int(c))
          out.append(Int(c))
        }
      } else if inRange {
        guard let end = pattern[ip...].firstIndex(of: UInt16(UInt8(ascii: "}"))) else {
          throw malformed(AndroidMessages.rangeNotEnded)
        }
        let range = String(decoding: pattern[ip..<end], as: UTF16.self)
        let minimum: Int?
        let maximum: Int?
        if let comma = range.firstIndex(of: ",") {
          minimum = AndroidURI.javaParseInt(String(range[..<comma]))
          let rest = range[range.index(after: comma)...]
          maximum = rest.isEmpty ? Int(Int32.max) : AndroidURI.javaParseInt(String(rest))
        } else {
          minimum = AndroidURI.javaParseInt(range)
          maximum = minimum
        }
        guard let minimum, let maximum else { throw malformed(AndroidMessages.rangeNotANumber) }
        guard minimum <= maximum else { throw malformed(AndroidMessages.rangeMinimumOverMaximum) }
        out.append(minimum)
        out.append(maximum)
        ip = end
        continue
      } else if add {
        out.append(Int(c))
      }
      ip += 1
    }
    if inSet { throw malformed(AndroidMessages.setNotTerminated) }
    return out
  }

  /// `matchAdvancedPattern(parsedPattern, match)`.
  static func matchAdvanced(_ parsed: [Int], _ match: [UInt16]) -> Bool {
    enum Token { case literal, any, set, inverseSet }
    var ip = 0
    var im = 0
    while ip < parsed.count {
      let token: Token
      var start = ip
      var end = ip
      switch parsed[ip] {
      case anyCharacter:
        token = .any
        ip += 1
      case setStart, inverseSetStart:
        token = parsed[ip] == setStart ? .set : .inverseSet
        start = ip + 1
        ip += 1
        while ip < parsed.count && parsed[ip] != setStop { ip += 1 }
        end = ip - 1
        ip += 1
      default:
        token = .literal
        start = ip
        ip += 1
      }
      var minimum = 1
      var maximum = 1
      if ip < parsed.count {
        switch parsed[ip] {
        case zeroOrMore:
          (minimum, maximum) = (0, Int(Int32.max))
          ip += 1
        case oneOrMore:
          (minimum, maximum) = (1, Int(Int32.max))
          ip += 1
        case rangeStart:
          minimum = parsed[ip + 1]
          maximum = parsed[ip + 2]
          ip += 4
        default:
          break
        }
      }
      if minimum > maximum { return false }
      func matchesOne(_ index: Int) -> Bool {
        guard index < match.count else { return false }
        let unit = Int(match[index])
        switch token {
        case .any: return true
        case .literal: return unit == parsed[start]
        case .set, .inverseSet:
          var found = false
          var pair = start
          while pair < end {
            if unit >= parsed[pair] && unit <= parsed[pair + 1] {
              found = true
              break
            }
            pair += 2
          }
          return token == .set ? found : !found
        }
      }
      var matched = 0
      while matched < maximum && matchesOne(im + matched) { matched += 1 }
      if matched < minimum { return false }
      im += matched
    }
    return ip >= parsed.count && im >= match.count
  }
}
