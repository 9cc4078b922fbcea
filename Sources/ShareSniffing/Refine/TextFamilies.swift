import Foundation

/// Text formats told apart by their content, where libmagic 5.44 answers `text/plain`,
/// `text/csv`, `text/x-c`, `text/html` or `text/xml` (`specs/libmagic.md` §1).
///
/// Checks run from the most structural to the most heuristic: markup (SVG, HTML, XHTML, RSS,
/// Atom, XML), vCard and iCalendar, JSON, source code (Swift, Python, JavaScript), SQL, CSS,
/// TOML, delimited records (CSV, semicolon CSV, TSV; prose with commas is not CSV), YAML,
/// Markdown. Only the head of the file is looked at; a partial last line is ignored.
enum TextFamilies {
  /// What was found: the type and, in a few words, why.
  struct Finding: Equatable {
    var type: String
    var evidence: String
  }

  /// Families found from telltale lines (code, SQL, TOML, YAML, Markdown) rather than from a
  /// structure that was parsed (markup, JSON, records, CSS rules, vCard, iCalendar): a text
  /// extension naming another type overrules them.
  static let telltaleTypes: Set<String> = [
    "text/x-swift", "text/x-python", "text/javascript", "application/sql", "application/toml",
    "application/yaml", "text/markdown",
  ]

  /// The family of a text head, or `nil` when nothing specific was found.
  ///
  /// - Parameters:
  ///   - head: The first bytes of the file.
  ///   - isComplete: Whether `head` is the whole file.
  ///   - sniffed: libmagic's canonical answer (a `text/csv` answer on prose is taken back).
  static func identify(_ head: [UInt8], isComplete: Bool, sniffed: String) -> Finding? {
    var bytes = head
    if bytes.has([0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    guard !bytes.contains(0) else { return nil }  // UTF-16 or binary: not for these checks
    if let found = markup(bytes) { return found }
    var text = String(decoding: bytes, as: UTF8.self)
    if !isComplete, let lastBreak = text.lastIndex(of: "\n") { text = String(text[...lastBreak]) }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(2000).map {
      $0.hasSuffix("\r") ? $0.dropLast() : $0
    }
    let start = text.trimmingWhitespace()
    if start.uppercased().hasPrefix("BEGIN:VCARD") { return Finding(type: "text/vcard", evidence: SniffMessages.Evidence.itStartsWithBeginVcard) }
    if start.uppercased().hasPrefix("BEGIN:VCALENDAR") {
      return Finding(type: "text/calendar", evidence: SniffMessages.Evidence.itStartsWithBeginVcalendar)
    }
    if let found = json(start, bytes: bytes, isComplete: isComplete, sniffed: sniffed) { return found }
    let markdownKinds = markdownSyntax(lines)
    let prose = markdown(kinds: markdownKinds)
    // Markdown with code blocks is documentation, not code.
    if let prose, markdownKinds.contains("fence") { return prose }
    let code = sourceCode(lines)
    // libmagic's C answers are often right; only the confusion it is known for (Swift) is undone.
    if ["text/x-c", "text/x-c++", "text/x-objective-c"].contains(sniffed) {
      return code?.type == "text/x-swift" ? code : nil
    }
    if let code { return code }
    if let found = sql(lines) { return found }
    if let found = css(start) { return found }
    if let found = toml(lines) { return found }
    if let found = delimited(text, isComplete: isComplete, sniffed: sniffed) { return found }
    if let found = yaml(lines) { return found }
    return prose
  }

  // MARK: Markup

  static let htmlElements: Set<String> = [
    "html", "head", "body", "div", "p", "span", "a", "b", "i", "em", "strong", "table", "tr", "td", "th",
    "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6", "img", "br", "hr", "meta", "link", "script",
    "style", "title", "section", "article", "nav", "header", "footer", "main", "form", "input",
    "button", "pre", "code", "blockquote", "iframe", "center", "font",
  ]

  /// The markup family from the prolog and the root element.
  static func markup(_ bytes: [UInt8]) -> Finding? {
    var index = skipSpace(bytes, 0)
    guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return nil }
    var declaration = false
    var doctype: String?
    while index < bytes.count, bytes[index] == UInt8(ascii: "<") {
      if bytes.has("<?".bytes, at: index) {
        if bytes.has("<?xml".bytes, at: index) { declaration = true }
        guard let end = bytes.firstIndex(of: "?>".bytes, from: index) else { return nil }
        index = skipSpace(bytes, end + 2)
      } else if bytes.has("<!--".bytes, at: index) {
        guard let end = bytes.firstIndex(of: "-->".bytes, from: index + 4) else { return nil }
        index = skipSpace(bytes, end + 3)
      } else if bytes.has("<!".bytes, at: index) {
        let word = asciiWord(bytes, from: index + 2)
        guard word.uppercased() == "DOCTYPE" else { return nil }
        doctype = asciiWord(bytes, from: skipSpace(bytes, index + 2 + word.count)).lowercased()
        let close = bytes.firstIndex(of: [UInt8(ascii: ">")], from: index) ?? bytes.count
        let subset = bytes.firstIndex(of: [UInt8(ascii: "[")], from: index) ?? bytes.count
        let end = subset < close ? (bytes.firstIndex(of: "]>".bytes, from: subset) ?? bytes.count) + 1 : close
        index = skipSpace(bytes, end + 1)
      } else {
        break
      }
    }
    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "<") else { return nil }
    let name = asciiWord(bytes, from: index + 1)
    guard let first = name.unicodeScalars.first, first.properties.isAlphabetic else { return nil }
    let local = String(name.split(separator: ":").last ?? "").lowercased()
    let tagEnd = bytes.firstIndex(of: [UInt8(ascii: ">")], from: index) ?? min(bytes.count, index + 4096)
    let tag = String(decoding: bytes[index..<tagEnd], as: UTF8.self)
    switch local {
    case "svg":
      return Finding(type: "image/svg+xml", evidence: SniffMessages.Evidence.itsRootElementIsSvg)
    case "rss":
      return Finding(type: "application/rss+xml", evidence: SniffMessages.Evidence.itsRootElementIsRss)
    case "rdf" where tag.includes("purl.org/rss"):
      return Finding(type: "application/rss+xml", evidence: SniffMessages.Evidence.itsRootElementIsAnRss)
    case "feed" where tag.includes("http://www.w3.org/2005/Atom"):
      return Finding(type: "application/atom+xml", evidence: SniffMessages.Evidence.itsRootElementIsAnAtom)
    case "html":
      if tag.includes("http://www.w3.org/1999/xhtml"), declaration || (doctype == "html" && tag.includes("xml:lang")) {
        return Finding(type: "application/xhtml+xml", evidence: SniffMessages.Evidence.anXmlDocumentWithAnXhtml)
      }
      return Finding(type: "text/html", evidence: SniffMessages.Evidence.itsRootElementIsHtml)
    default:
      break
    }
    if doctype == "html" { return Finding(type: "text/html", evidence: SniffMessages.Evidence.itDeclaresDoctypeHtml) }
    if !declaration && htmlElements.contains(local) {
      return Finding(type: "text/html", evidence: SniffMessages.Evidence.htmlElement(local))
    }
    if declaration { return Finding(type: "application/xml", evidence: SniffMessages.Evidence.itStartsWithAnXmlDeclaration) }
    if bytes.firstIndex(of: "</\(name)>".bytes, from: tagEnd) != nil {
      return Finding(type: "application/xml", evidence: SniffMessages.Evidence.closedRoot(name))
    }
    return nil
  }

  static func skipSpace(_ bytes: [UInt8], _ start: Int) -> Int {
    var index = start
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    return index
  }

  /// Name characters from `start` (letters, digits, `:`, `-`, `_`, `.`).
  static func asciiWord(_ bytes: [UInt8], from start: Int) -> String {
    var end = start
    while end < bytes.count, end - start < 64 {
      let byte = bytes[end]
      let isName =
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
        || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        || byte == UInt8(ascii: ".")
      guard isName else { break }
      end += 1
    }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  // MARK: JSON

  static func json(_ start: String, bytes: [UInt8], isComplete: Bool, sniffed: String) -> Finding? {
    guard let first = start.first, first == "{" || first == "[" else { return nil }
    if isComplete {
      guard (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil else {
        return nil
      }
      return Finding(type: "application/json", evidence: SniffMessages.Evidence.itParsesAsJson)
    }
    // A head cut short cannot be parsed; trust libmagic's JSON test or an unmistakable opening.
    let opening = start.dropFirst().drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
    if sniffed == "application/json" || (first == "{" && opening.first == "\"") {
      return Finding(type: "application/json", evidence: SniffMessages.Evidence.itOpensLikeAJsonObject)
    }
    return nil
  }

  // MARK: Source code

  /// Swift, Python and JavaScript by the statements only they have; a score per language.
  static func sourceCode(_ lines: [Substring]) -> Finding? {
    var swift = 0
    var python = 0
    var javascript = 0
    var goOrJava = false
    var preprocessor = false
    for raw in lines.prefix(400) {
      let line = raw.trimmedSpaces()
      if line.hasPrefix("package "),
        line.dropFirst(8).allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == ";" })
      {
        goOrJava = true
      }
      if line.hasPrefix("#include") || line.hasPrefix("#define") || line.hasPrefix("#import") { preprocessor = true }
      if line.hasPrefix("import ") {
        let rest = line.dropFirst(7)
        if rest.first?.isUppercase == true, rest.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
          swift += 3
        } else if rest.includes(" from ") || rest.hasPrefix("{") {
          javascript += 3
        } else if rest.first?.isLowercase == true, !rest.hasSuffix(";"), !rest.includes("\"") {
          python += 2
        }
      }
      if line.hasPrefix("from "), line.includes(" import ") { python += 2 }
      if line.hasPrefix("def "), line.hasSuffix(":") { python += 3 }
      if line.hasPrefix("class "), line.hasSuffix(":") { python += 3 }
      if line.hasPrefix("if __name__ ==") { python += 3 }
      if line.hasPrefix("elif ") || line.hasPrefix("except") && line.hasSuffix(":") { python += 1 }
      if line.hasPrefix("self.") && !line.hasSuffix(";") && python > 0 { python += 1 }
      if line.includes("func "), line.includes("(") { swift += 2 }
      if line.hasPrefix("guard ") && line.includes(" else") { swift += 2 }
      if line.hasPrefix("if let ") || line.hasPrefix("guard let ") { swift += 1 }
      var declaration = Substring(line)
      while let modifier = ["public ", "private ", "internal ", "fileprivate ", "open ", "final "].first(where: {
        declaration.hasPrefix($0)
      }) {
        declaration = declaration.dropFirst(modifier.count)
      }
      if ["struct ", "extension ", "protocol ", "enum ", "actor "].contains(where: { declaration.hasPrefix($0) }),
        line.hasSuffix("{")
      {
        swift += 2
      }
      if declaration.hasPrefix("let ") || declaration.hasPrefix("var ") || declaration.hasPrefix("init(") {
        if declaration.includes(": ") || declaration.hasPrefix("init(") { swift += 1 }
      }
      if line.hasPrefix("@State") || line.hasPrefix("@MainActor") || line.hasPrefix("@main") || line.hasPrefix("@Test") {
        swift += 2
      }
      if line.includes("require(") { javascript += 3 }
      if line.hasPrefix("module.exports") || line.hasPrefix("export ") { javascript += 3 }
      if line.includes("function ") || line.includes("function(") { javascript += 2 }
      if line.includes("=>") { javascript += 1 }
      if line.includes("console.log(") || containsWord(line, "document.") || containsWord(line, "window.") {
        javascript += 2
      }
      if (line.hasPrefix("const ") || line.hasPrefix("var ") || line.hasPrefix("let ")) && line.hasSuffix(";") {
        javascript += 1
      }
    }
    if goOrJava || preprocessor { return nil }
    let best = max(swift, python, javascript)
    guard best >= 4 else { return nil }
    if swift == best && swift > javascript { return Finding(type: "text/x-swift", evidence: SniffMessages.Evidence.itReadsAsSwiftSource) }
    if python == best { return Finding(type: "text/x-python", evidence: SniffMessages.Evidence.itReadsAsPythonSource) }
    if javascript == best { return Finding(type: "text/javascript", evidence: SniffMessages.Evidence.itReadsAsJavascriptSource) }
    return nil
  }

  /// Whether `word` occurs in `line` not preceded by a letter, digit, `_`, `-`, `/` or `.`.
  static func containsWord(_ line: String, _ word: String) -> Bool {
    var search = line.startIndex
    while let found = line.find(word, from: search) {
      if found.lowerBound == line.startIndex { return true }
      let before = line[line.index(before: found.lowerBound)]
      if !(before.isLetter || before.isNumber || "_-/.".contains(before)) { return true }
      search = found.upperBound
    }
    return false
  }

  // MARK: SQL

  static func sql(_ lines: [Substring]) -> Finding? {
    var statements = 0
    var terminated = false
    let text = lines.joined(separator: " ").uppercased()
    for raw in lines.prefix(400) {
      let line = raw.trimmedSpaces().uppercased()
      if line.hasSuffix(";") { terminated = true }
      let starts = [
        "CREATE TABLE", "CREATE INDEX", "CREATE UNIQUE INDEX", "CREATE VIEW", "CREATE DATABASE",
        "CREATE SCHEMA", "CREATE OR REPLACE", "INSERT INTO", "DELETE FROM", "DROP TABLE", "ALTER TABLE",
        "BEGIN TRANSACTION", "GRANT ",
      ]
      if starts.contains(where: { line.hasPrefix($0) }) { statements += 1 }
      if line.hasPrefix("SELECT ") && text.includes(" FROM ") { statements += 1 }
      if line.hasPrefix("UPDATE ") && text.includes(" SET ") { statements += 1 }
    }
    guard statements > 0, terminated else { return nil }
    return Finding(type: "application/sql", evidence: SniffMessages.Evidence.itHoldsSqlStatements)
  }

  // MARK: CSS

  /// Every top-level construct is a rule `selector { property: value; … }`, an at-rule with
  /// nested rules, or an `@import`/`@charset` statement; comments are skipped.
  static func css(_ text: String) -> Finding? {
    var stripped = ""
    var rest = Substring(text)
    while let open = rest.find("/*") {
      stripped += rest[..<open.lowerBound]
      guard let close = rest.find("*/", from: open.upperBound) else { rest = ""; break }
      rest = rest[close.upperBound...]
    }
    stripped += rest
    var rules = 0
    guard cssBlocks(Substring(stripped), rules: &rules, depth: 0), rules > 0 else { return nil }
    return Finding(type: "text/css", evidence: SniffMessages.Evidence.itIsMadeOfCssRules)
  }

  private static func cssBlocks(_ text: Substring, rules: inout Int, depth: Int) -> Bool {
    guard depth < 4 else { return false }
    var rest = text
    let selectorCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.#:>+~*,[]=\"'()@% \t\n\r^$|")
    while true {
      rest = rest.drop { $0.isWhitespace }
      if rest.isEmpty { return true }
      if rest.hasPrefix("@import") || rest.hasPrefix("@charset") || rest.hasPrefix("@namespace") {
        guard let end = rest.firstIndex(of: ";") else { return false }
        rest = rest[rest.index(after: end)...]
        continue
      }
      guard let open = rest.firstIndex(of: "{") else { return false }
      let selector = String(rest[..<open]).trimmingWhitespace()
      guard !selector.isEmpty, selector.unicodeScalars.allSatisfy({ selectorCharacters.contains($0) }),
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
          guard !property.isEmpty, property.allSatisfy({ $0.isLowercase || $0 == "-" || $0.isNumber }),
            !String(trimmed[trimmed.index(after: colon)...]).trimmingWhitespace().isEmpty
          else { return false }
        }
        rules += 1
      }
      rest = rest[rest.index(after: close)...]
    }
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

  // MARK: TOML

  static func toml(_ lines: [Substring]) -> Finding? {
    var pairs = 0
    var tables = 0
    var typedValues = 0
    var other = 0
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
      guard let equals = line.firstIndex(of: "=") else { other += 1; continue }
      let key = String(line[..<equals]).trimmingWhitespace()
      let value = String(line[line.index(after: equals)...]).trimmingWhitespace()
      guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || "_-.\"' ".contains($0) }),
        let first = value.first
      else { other += 1; continue }
      if first == "\"" || first == "'" || first == "[" || first == "{" || first.isNumber || first == "-"
        || first == "+" || value.hasPrefix("true") || value.hasPrefix("false")
      {
        pairs += 1
        if first == "\"" || first == "'" || value == "true" || value == "false" { typedValues += 1 }
        if first == "[" { openArray = value.filter { $0 == "[" }.count - value.filter { $0 == "]" }.count }
      } else {
        other += 1
      }
    }
    guard pairs >= 2, other == 0, tables > 0 || typedValues > 0 else { return nil }
    return Finding(type: "application/toml", evidence: SniffMessages.Evidence.itsLinesAreTomlTablesAnd)
  }

  // MARK: Delimited records

  /// CSV (comma or semicolon) and TSV: at least two records, every one with the same number
  /// (two or more) of fields, quotes honoured. Lines whose fields start with a space or end in a
  /// full stop are prose, not records.
  static func delimited(_ text: String, isComplete: Bool, sniffed: String) -> Finding? {
    for (delimiter, type, name) in [
      (UInt8(ascii: "\t"), "text/tab-separated-values", "tab"),
      (UInt8(ascii: ","), "text/csv", "comma"),
      (UInt8(ascii: ";"), "text/csv", "semicolon"),
    ] {
      let records = parseRecords(Array(text.utf8), delimiter: delimiter)
      guard records.count >= 2, let width = records.first?.count, width >= 2,
        records.allSatisfy({ $0.count == width })
      else { continue }
      let fields = records.flatMap { $0.dropFirst() }
      let padded = fields.filter { $0.first == UInt8(ascii: " ") && !$0.allSatisfy { $0 == UInt8(ascii: " ") } }.count
      let sentences = records.filter { $0.last?.last == UInt8(ascii: ".") }.count
      if delimiter != UInt8(ascii: "\t"), padded * 2 > fields.count || sentences * 2 > records.count {
        continue  // prose with commas
      }
      return Finding(type: type, evidence: SniffMessages.Evidence.records(records.count, width: width, delimiter: name))
    }
    if sniffed == "text/csv" { return Finding(type: "text/plain", evidence: SniffMessages.Evidence.itsLinesAreProseNotRecords) }
    return nil
  }

  /// Records split on `delimiter`, with RFC 4180 quoting (a quoted field may hold the delimiter,
  /// line breaks and doubled quotes). Empty lines are skipped; fields keep their raw bytes.
  static func parseRecords(_ bytes: [UInt8], delimiter: UInt8) -> [[[UInt8]]] {
    var records: [[[UInt8]]] = []
    var record: [[UInt8]] = []
    var field: [UInt8] = []
    var quoted = false
    var index = 0
    func endRecord() {
      record.append(field)
      field = []
      if !(record.count == 1 && record[0].isEmpty) { records.append(record) }
      record = []
    }
    while index < bytes.count, records.count < 500 {
      let byte = bytes[index]
      if quoted {
        if byte == UInt8(ascii: "\"") {
          if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
            field.append(byte)
            index += 1
          } else {
            quoted = false
          }
        } else {
          field.append(byte)
        }
      } else if byte == UInt8(ascii: "\"") && field.isEmpty {
        quoted = true
      } else if byte == delimiter {
        record.append(field)
        field = []
      } else if byte == 0x0A {
        if field.last == 0x0D { field.removeLast() }
        endRecord()
      } else {
        field.append(byte)
      }
      index += 1
    }
    if quoted { return [] }  // an unterminated quote: not well-formed records
    if !field.isEmpty || !record.isEmpty { endRecord() }
    return records
  }

  // MARK: YAML

  /// Every line is a document marker, a `key:` (plain or quoted key), a `- ` item, or part of a
  /// block scalar (`key: |` / `key: >`); at least two keys. RFC 822-style headers with folded
  /// lines (Debian copyright files, mail) are not YAML.
  static func yaml(_ lines: [Substring]) -> Finding? {
    var keys = 0
    var other = 0
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
      if trimmed == "---" || trimmed == "..." || trimmed.hasPrefix("%YAML") { continue }
      var body = Substring(trimmed)
      var item = false
      if body.hasPrefix("- ") || body == "-" {
        item = true
        body = body.dropFirst(2)
      }
      if isYAMLKey(body) {
        keys += 1
        let value = String(body[body.index(after: body.firstIndex(of: ":") ?? body.startIndex)...]).trimmingWhitespace()
        if ["|", "|-", "|+", ">", ">-", ">+"].contains(value) { blockIndent = indent }
      } else if !item {
        other += 1
      }
    }
    guard keys >= 2, other == 0 else { return nil }
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

  // MARK: Markdown

  /// At least two different kinds of Markdown syntax: headings, lists, fences, links,
  /// emphasis, block quotes, tables.
  static func markdown(kinds: Set<String>) -> Finding? {
    guard kinds.count >= 2 else { return nil }
    return Finding(type: "text/markdown", evidence: SniffMessages.Evidence.markdown(kinds.sorted()))
  }

  /// The kinds of Markdown syntax the lines use (`heading`, `list`, `fence`, `quote`, `table`,
  /// `link`, `emphasis`).
  static func markdownSyntax(_ lines: [Substring]) -> Set<String> {
    var kinds: Set<String> = []
    var listItems = 0
    var previousText = false
    for raw in lines.prefix(400) {
      let line = raw.trimmedSpaces()
      let atMargin = raw.first != " " && raw.first != "\t"
      if atMargin, let hashes = Optional(line.prefix(while: { $0 == "#" })), (1...6).contains(hashes.count),
        line.dropFirst(hashes.count).first == " "
      {
        kinds.insert("heading")
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
    if listItems >= 2 { kinds.insert("list") }
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

extension Substring {
  /// The line without leading and trailing spaces and tabs, as a String (no Foundation).
  func trimmedSpaces() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
      return ""
    }
    return String(self[first...last])
  }
}
