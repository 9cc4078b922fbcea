import Foundation

/// YAML: a document marker or `key:` lines at the left margin.
extension TextFamilies {
  /// Every line is a document marker, a `key:` (plain or quoted key), a `- ` item, or part of a
  /// block scalar (`key: |` / `key: >`); at least two keys. RFC 822-style headers with folded
  /// lines (Debian copyright files, mail) are not YAML, nor are records that repeat their fields
  /// (robots.txt's `User-agent:` groups, Debian's multi-stanza files): a YAML mapping's keys are
  /// unique, so a key at the margin twice in one document, or an alias with no name (`*`), is
  /// no YAML.
  static func yaml(_ lines: [Substring]) -> Finding? {
    var keys = 0
    var marginKeys: Set<Substring> = []
    var blockIndent: Int?
    for raw in lines.prefix(400) {
      let trimmed = raw.trimmedSpaces()
      if trimmed.isEmpty { continue }
      let indent = raw.prefix(while: { $0 == " " }).count
      if let block = blockIndent {
        if indent > block { continue }
        blockIndent = nil
      }
      if trimmed.hasPrefix("#") { continue }
      if trimmed == "---" || trimmed == "..." || trimmed.hasPrefix("%YAML") {
        marginKeys.removeAll()  // the next document
        continue
      }
      var body = Substring(trimmed)
      var item = false
      if body.hasPrefix("- ") || body == "-" {
        item = true
        body = body.dropFirst(2)
      }
      if isYAMLKey(body), let colon = body.firstIndex(of: ":") {
        keys += 1
        if indent == 0 && !item && !marginKeys.insert(body[..<colon]).inserted { return nil }
        let value = String(body[body.index(after: colon)...]).trimmingWhitespace()
        if ["|", "|-", "|+", ">", ">-", ">+"].contains(value) { blockIndent = indent }
        if value == "*" || value.hasPrefix("* ") { return nil }
      } else if !item {
        return nil  // a line that is none of these: not YAML
      }
    }
    guard keys >= 2 else { return nil }
    return Finding(type: "application/yaml", evidence: SniffMessages.Evidence.itsLinesAreYamlKeysAnd)
  }

  /// `key:` followed by a space or the end of the line; the key is a plain or quoted word.
  static func isYAMLKey(_ line: Substring) -> Bool {
    guard let colon = line.firstIndex(of: ":") else { return false }
    var key = line[..<colon]
    if key.count >= 2, let first = key.first, (first == "\"" || first == "'"), key.last == first {
      key = key.dropFirst().dropLast()
    } else if key.isEmpty || !key.allSatisfy({ $0.isLetter || $0.isNumber || "_-./$".contains($0) }) {
      return false
    }
    let after = line[line.index(after: colon)...]
    return after.isEmpty || after.first == " "
  }
}
