import Foundation

/// CSS: rules (selectors with declaration blocks) that parse.
extension TextFamilies {
  /// Every top-level construct is a rule `selector { property: value; … }`, an at-rule with
  /// nested rules, or an `@import`/`@charset` statement; `uncommented` is the text without its
  /// comments (``strippingBlockComments(_:)``).
  static func css(uncommented: String) -> Finding? {
    var rules = 0
    guard cssBlocks(Substring(uncommented), rules: &rules, depth: 0), rules > 0 else { return nil }
    return Finding(type: "text/css", evidence: SniffMessages.Evidence.itIsMadeOfCssRules)
  }

  /// The text without its `/* … */` comments (an unclosed one runs to the end), as CSS and
  /// SCSS write them.
  static func strippingBlockComments(_ text: String) -> String {
    var stripped = ""
    var rest = Substring(text)
    while let open = rest.find("/*") {
      stripped += rest[..<open.lowerBound]
      guard let close = rest.find("*/", from: open.upperBound) else { rest = ""; break }
      rest = rest[close.upperBound...]
    }
    stripped += rest
    return stripped
  }

  /// The bytes a selector may hold (all ASCII): letters, digits, combinators, attribute and
  /// pseudo-class punctuation, spaces.
  private static let selectorBytes = ByteSet(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.#:>+~*,[]=\"'()@% \t\n\r^$|")

  private static func cssBlocks(_ text: Substring, rules: inout Int, depth: Int) -> Bool {
    guard depth < 4 else { return false }
    var rest = text
    while true {
      rest = rest.drop { $0.isWhitespace }
      if rest.isEmpty { return true }
      // Sass, SCSS and Less at-rules are not CSS.
      if ["@mixin", "@include", "@extend", "@use", "@forward", "@each", "@if", "@function"].contains(where: { rest.hasPrefix($0) }) {
        return false
      }
      if rest.hasPrefix("@import") || rest.hasPrefix("@charset") || rest.hasPrefix("@namespace") {
        guard let end = rest.firstIndex(of: ";") else { return false }
        rest = rest[rest.index(after: end)...]
        continue
      }
      guard let open = rest.firstIndex(of: "{") else { return false }
      let selector = String(rest[..<open]).trimmingWhitespace()
      guard !selector.isEmpty, selector.utf8.allSatisfy(selectorBytes.contains),
        !selector.includes(";"), selector.hasPrefix("@") || parenthesesFollowPseudoClasses(selector)
      else { return false }
      // The matching close brace.
      var level = 0
      var close: Substring.Index?
      var cursor = open
      while cursor < rest.endIndex {
        if rest[cursor] == "{" { level += 1 }
        if rest[cursor] == "}" {
          level -= 1
          if level == 0 { close = cursor; break }
        }
        cursor = rest.index(after: cursor)
      }
      guard let close else { return false }
      let body = rest[rest.index(after: open)..<close]
      if selector.hasPrefix("@") && body.includes("{") {
        guard cssBlocks(body, rules: &rules, depth: depth + 1) else { return false }
      } else {
        for declaration in body.split(separator: ";") {
          let trimmed = String(declaration).trimmingWhitespace()
          if trimmed.isEmpty { continue }
          guard let colon = trimmed.firstIndex(of: ":") else { return false }
          let property = String(trimmed[..<colon]).trimmingWhitespace()
          let value = String(trimmed[trimmed.index(after: colon)...]).trimmingWhitespace()
          guard !property.isEmpty, property.allSatisfy({ $0.isLowercase || $0 == "-" || $0.isNumber }),
            !value.isEmpty, !usesPreprocessorVariables(value)
          else { return false }
        }
        rules += 1
      }
      rest = rest[rest.index(after: close)...]
    }
  }

  /// Whether a declaration's value uses a Sass/SCSS (`$name`) or Less (`@name`) variable, which
  /// CSS has not (CSS variables are `var(--name)`).
  static func usesPreprocessorVariables(_ value: String) -> Bool {
    var previous: Character = " "
    for character in value {
      if (previous == "$" || previous == "@") && character.isLetter { return true }
      previous = character
    }
    return false
  }

  /// In a selector, `(` only follows a pseudo-class name (`:not(`, `:nth-child(`), never a
  /// word after a space as in `if (a)` or `func main()`.
  static func parenthesesFollowPseudoClasses(_ selector: String) -> Bool {
    var index = selector.startIndex
    while let open = selector[index...].firstIndex(of: "(") {
      let name = selector[..<open].reversed().prefix(while: { $0.isLetter || $0 == "-" })
      let before = selector.index(open, offsetBy: -name.count)
      guard !name.isEmpty, before > selector.startIndex, selector[selector.index(before: before)] == ":" else {
        return false
      }
      index = selector.index(after: open)
    }
    return true
  }
}
