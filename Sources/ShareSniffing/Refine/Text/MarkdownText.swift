import Foundation

/// Markdown: headings, lists, links, emphasis and code fences.
extension TextFamilies {
  /// At least two different kinds of Markdown syntax (headings, lists, fences, links, emphasis,
  /// block quotes, tables), or headings alone when they outline a document (`outline` comes
  /// with `heading`).
  static func markdown(kinds: Set<String>) -> Finding? {
    guard kinds.count >= 2 else { return nil }
    return Finding(type: "text/markdown", evidence: SniffMessages.Evidence.markdown(kinds.sorted()))
  }

  /// The kinds of Markdown syntax the lines use (`heading`, `list`, `fence`, `quote`, `table`,
  /// `link`, `emphasis`, and `outline`: headings alone, when they nest as a document's do).
  static func markdownSyntax(_ lines: [Substring]) -> Set<String> {
    var kinds: Set<String> = []
    var listItems = 0
    var previousText = false
    // An outline: `#` headings at two levels or more, each followed by a blank line (or an HTML
    // block), and no other line starting with `#`. A script's or configuration file's comments
    // run on into code and use `#` without a space too (`#!`, `#key=value`).
    var headingLevels: Set<Int> = []
    var outlineBroken = false
    var afterHeading = false
    // `#` lines one after another are a script's or configuration file's comment block (a
    // document rarely puts two headings in a row): then its `#` lines are no headings.
    var hashHeadings = false
    var commentBlock = false
    var previousHash = false
    for raw in lines.prefix(400) {
      let line = raw.trimmedSpaces()
      let atMargin = raw.first != " " && raw.first != "\t"
      if afterHeading, !line.isEmpty, !line.hasPrefix("<") { outlineBroken = true }
      afterHeading = false
      let hash = atMargin && line.hasPrefix("#")
      if hash && previousHash { commentBlock = true }
      previousHash = hash
      if atMargin, let hashes = Optional(line.prefix(while: { $0 == "#" })), (1...6).contains(hashes.count),
        line.dropFirst(hashes.count).first == " "
      {
        hashHeadings = true
        headingLevels.insert(hashes.count)
        afterHeading = true
      } else if line.hasPrefix("#") {
        outlineBroken = true
      }
      if previousText, atMargin, !line.isEmpty, line.allSatisfy({ $0 == "=" }) || (line.count >= 3 && line.allSatisfy { $0 == "-" }) {
        kinds.insert("heading")
      }
      let marker = line.prefix(while: { $0.isNumber })
      if line.hasPrefix("- ") || line.hasPrefix("* ") || line.hasPrefix("+ ")
        || (!marker.isEmpty && line.dropFirst(marker.count).hasPrefix(". "))
      {
        listItems += 1
      }
      if line.hasPrefix("```") || line.hasPrefix("~~~") { kinds.insert("fence") }
      if line.hasPrefix("> ") { kinds.insert("quote") }
      if line.hasPrefix("|"), line.includes("---") { kinds.insert("table") }
      if let open = line.find("]("), line[..<open.lowerBound].includes("["),
        line[open.upperBound...].includes(")")
      {
        kinds.insert("link")
      }
      if hasPair(line, "**") || hasPair(line, "`") { kinds.insert("emphasis") }
      previousText = !line.isEmpty
    }
    if hashHeadings && !commentBlock { kinds.insert("heading") }
    if listItems >= 2 { kinds.insert("list") }
    if headingLevels.count >= 2, !outlineBroken { kinds.insert("outline") }
    return kinds
  }

  private static func hasPair(_ line: String, _ mark: String) -> Bool {
    guard let open = line.find(mark) else { return false }
    let rest = line[open.upperBound...]
    guard let close = rest.find(mark) else { return false }
    let inner = rest[..<close.lowerBound]
    return !inner.isEmpty && inner.first != " " && inner.last != " "
  }
}
