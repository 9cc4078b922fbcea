import Foundation

/// TOML: tables and `key = value` lines.
extension TextFamilies {
  static func toml(_ lines: [Substring]) -> Finding? {
    var pairs = 0
    var tables = 0
    var typedValues = 0
    var openArray = 0
    for raw in lines.prefix(400) {
      let line = raw.trimmedSpaces()
      if line.isEmpty || line.hasPrefix("#") { continue }
      if openArray > 0 {
        openArray += line.filter { $0 == "[" }.count - line.filter { $0 == "]" }.count
        continue
      }
      if line.hasPrefix("["), line.hasSuffix("]"),
        line.dropFirst().dropLast().allSatisfy({ $0.isLetter || $0.isNumber || "_-.\"' []".contains($0) })
      {
        tables += 1
        continue
      }
      guard let equals = line.firstIndex(of: "=") else { return nil }  // a line that is none of these: not TOML
      let key = String(line[..<equals]).trimmingWhitespace()
      let value = String(line[line.index(after: equals)...]).trimmingWhitespace()
      guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || "_-.\"' ".contains($0) }),
        let first = value.first
      else { return nil }
      if first == "\"" || first == "'" || first == "[" || first == "{" || first.isNumber || first == "-"
        || first == "+" || value.hasPrefix("true") || value.hasPrefix("false")
      {
        pairs += 1
        if first == "\"" || first == "'" || value == "true" || value == "false" { typedValues += 1 }
        if first == "[" { openArray = value.filter { $0 == "[" }.count - value.filter { $0 == "]" }.count }
      } else {
        return nil
      }
    }
    guard pairs >= 2, tables > 0 || typedValues > 0 else { return nil }
    return Finding(type: "application/toml", evidence: SniffMessages.Evidence.itsLinesAreTomlTablesAnd)
  }
}
