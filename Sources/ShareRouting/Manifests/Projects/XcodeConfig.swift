/// An Xcode build configuration file (`.xcconfig`) as Xcode reads one: `KEY = value` lines,
/// conditional assignments (`KEY[sdk=iphoneos*][config=Release] = value`), `#include "path"`
/// and `#include? "path"` (the `?` form may name a missing file), `//` comments.
///
/// Parsing never fails: a line that is none of these is kept as a problem with its line, and
/// the rest of the file still counts, as Xcode's own reader does.
struct XcodeConfigFile: Sendable {
  /// One assignment, in file order.
  struct Assignment: Sendable, Hashable {
    var key: String
    /// `[sdk=iphoneos*]` → `("sdk", "iphoneos*")`, in written order.
    var conditions: [Condition]
    var value: String
    var line: Int
  }

  /// One `[name=pattern]` condition.
  struct Condition: Sendable, Hashable {
    var name: String
    var pattern: String
  }

  /// One `#include`.
  struct Include: Sendable, Hashable {
    var path: String
    /// `#include?`: a missing file is not a problem.
    var optional: Bool
    var line: Int
  }

  /// A line of the file, in order: an assignment or an include.
  enum Line: Sendable, Hashable {
    case assignment(Assignment)
    case include(Include)
  }

  /// The lines that count, in file order.
  var lines: [Line] = []
  /// Lines that could not be read, with their line number.
  var problems: [(line: Int, message: String)] = []

  /// The largest file read, in bytes.
  static let maxSize = 1 << 20
  /// The most lines read.
  static let maxLines = 100_000

  /// Reads a file's bytes (UTF-8; invalid bytes are replaced).
  init(bytes: [UInt8]) {
    var number = 0
    for rawLine in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
      number += 1
      guard number <= Self.maxLines else {
        problems.append((number, ProjectMessages.tooManyLines(Self.maxLines)))
        break
      }
      var text = Substring(String(decoding: rawLine, as: UTF8.self))
      if text.hasSuffix("\r") { text = text.dropLast() }
      text = Self.withoutComment(text)
      let trimmed = text.drop { $0 == " " || $0 == "\t" }
      if trimmed.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
      if trimmed.hasPrefix("#include") {
        var rest = trimmed.dropFirst("#include".count)
        let optional = rest.first == "?"
        if optional { rest = rest.dropFirst() }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        guard rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") else {
          problems.append((number, ProjectMessages.includeWithoutPath))
          continue
        }
        let path = String(rest[rest.index(after: rest.startIndex)..<close])
        lines.append(.include(Include(path: path, optional: optional, line: number)))
        continue
      }
      guard let equals = trimmed.firstIndex(of: "=") else {
        problems.append((number, ProjectMessages.notAnAssignment(Printable.excerpt(String(trimmed)))))
        continue
      }
      var left = trimmed[..<equals]
      while left.last == " " || left.last == "\t" { left = left.dropLast() }
      // `KEY[cond=value][cond=value]`; a `=` inside a condition is the condition's own.
      var conditions: [Condition] = []
      var keyEnd = left.endIndex
      var valueStart = trimmed.index(after: equals)
      if let bracket = trimmed.firstIndex(of: "["), bracket < equals {
        keyEnd = bracket
        var cursor = trimmed[bracket...]
        var valid = true
        while cursor.first == "[" {
          guard let close = cursor.firstIndex(of: "]") else {
            valid = false
            break
          }
          let inside = cursor[cursor.index(after: cursor.startIndex)..<close]
          let parts = inside.split(separator: "=", maxSplits: 1)
          guard parts.count == 2 else {
            valid = false
            break
          }
          conditions.append(Condition(name: String(parts[0]).trimmed, pattern: String(parts[1]).trimmed))
          cursor = cursor[cursor.index(after: close)...].drop { $0 == " " || $0 == "\t" }
        }
        guard valid, cursor.first == "=" else {
          problems.append((number, ProjectMessages.notAnAssignment(Printable.excerpt(String(trimmed)))))
          continue
        }
        valueStart = cursor.index(after: cursor.startIndex)
      }
      let key = String(trimmed[..<keyEnd]).trimmed
      guard !key.isEmpty, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
        problems.append((number, ProjectMessages.notAnAssignment(Printable.excerpt(String(trimmed)))))
        continue
      }
      var value = trimmed[valueStart...]
      if value.hasSuffix(";") { value = value.dropLast() }
      lines.append(.assignment(Assignment(key: key, conditions: conditions, value: String(value).trimmed, line: number)))
    }
  }

  /// The text before a `//` comment (Xcode has no string quoting in which `//` would be kept,
  /// but a URL's `://` is: `//` right after `:` does not start a comment).
  private static func withoutComment(_ text: Substring) -> Substring {
    var index = text.startIndex
    var previous: Character?
    while index < text.endIndex {
      let next = text.index(after: index)
      if text[index] == "/", next < text.endIndex, text[next] == "/", previous != ":" {
        return text[..<index]
      }
      previous = text[index]
      index = next
    }
    return text
  }
}

/// The build a setting is resolved for: an iOS device build of one configuration
/// (`sdk=iphoneos…`, `arch=arm64`), the build whose bundle identifier ships.
struct XcodeBuildCondition: Sendable {
  var configuration: String
  var sdk = "iphoneos"
  var arch = "arm64"

  /// Whether every condition of an assignment holds (an unknown condition does not).
  func matches(_ conditions: [XcodeConfigFile.Condition]) -> Bool {
    conditions.allSatisfy { condition in
      let subject: String
      switch condition.name {
      case "sdk": subject = sdk
      case "arch": subject = arch
      case "config": subject = configuration
      case "variant": subject = "normal"
      default: return false
      }
      return Self.glob(condition.pattern, matches: subject)
    }
  }

  /// Xcode's condition patterns: `*` matches any run of characters; `iphoneos*` also matches a
  /// versioned SDK name.
  static func glob(_ pattern: String, matches subject: String) -> Bool {
    let p = Array(pattern)
    let s = Array(subject)
    var (pi, si) = (0, 0)
    var star = -1
    var mark = 0
    while si < s.count {
      if pi < p.count && p[pi] != "*" && p[pi] == s[si] {
        pi += 1
        si += 1
      } else if pi < p.count && p[pi] == "*" {
        star = pi
        mark = si
        pi += 1
      } else if star >= 0 {
        pi = star + 1
        mark += 1
        si = mark
      } else {
        return false
      }
    }
    while pi < p.count && p[pi] == "*" { pi += 1 }
    return pi == p.count
  }
}

extension String {
  /// Without leading and trailing spaces and tabs.
  fileprivate var trimmed: String {
    var text = Substring(self)
    while text.first == " " || text.first == "\t" { text = text.dropFirst() }
    while text.last == " " || text.last == "\t" { text = text.dropLast() }
    return String(text)
  }
}
