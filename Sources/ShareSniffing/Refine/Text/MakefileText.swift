/// Makefiles: rules whose recipes are indented with a tab (POSIX `make`: "each command line shall
/// begin with a <tab>"), and make's own syntax. libmagic names some (`text/x-makefile`); one that
/// opens with comments and variables is plain text to it, and its `#` comments and backquotes
/// looked like Markdown.
extension TextFamilies {
  /// A makefile: rules with tab-indented recipes that depend on one another (a file one makes is
  /// a prerequisite of another), a rule with make's own syntax beside it, or make's syntax of
  /// three kinds (a fragment of variables, conditionals and function calls); `nil` otherwise.
  /// Prose with a tab-indented quote after a `Word:` line is neither.
  static func makefile(_ lines: [Substring]) -> Finding? {
    var targets: Set<Substring> = []
    var prerequisites: Set<Substring> = []
    var rules = 0
    var kinds: Set<String> = []
    var conditionals = (opened: false, closed: false)
    var definitions = (opened: false, closed: false)
    var pending: (targets: [Substring], prerequisites: [Substring])?
    var inRecipe = false
    for line in lines.prefix(2000) {
      let first = line.utf8.first
      if first == UInt8(ascii: "\t") {
        if let rule = pending {
          rules += 1
          targets.formUnion(rule.targets)
          prerequisites.formUnion(rule.prerequisites)
          inRecipe = true
        }
        pending = nil
        // In a recipe: `$@`, `$<` and `$^`, then no letter (Perl's `$^O` is a variable).
        if inRecipe, ["$@", "$<", "$^"].contains(where: { variable in
          line.find(variable).map { line[$0.upperBound...].first?.isLetter != true } ?? false
        }) {
          kinds.insert("automatic variables")
        }
        if callsMakeFunction(line) { kinds.insert("function calls") }
        continue
      }
      guard let first, first != UInt8(ascii: "#") else { continue }
      pending = nil
      inRecipe = false
      if callsMakeFunction(line) { kinds.insert("function calls") }
      if first == UInt8(ascii: " ") { continue }
      // Directives start with a lower-case letter or `-` (most lines are neither).
      let word = first == UInt8(ascii: "-") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) ? directive(line) : nil
      if let word, ["ifeq", "ifneq", "ifdef", "ifndef"].contains(word), line.utf8.count > word.utf8.count {
        conditionals.opened = true
      } else if word == "endif" {  // a comment may follow
        conditionals.closed = true
      } else if word == "define", let name = line.dropFirst("define ".count).split(separator: " ").first, isMakeName(name) {
        definitions.opened = true
      } else if word == "endef" {
        definitions.closed = true
      } else if let word, ["include", "-include", "sinclude"].contains(word), line.utf8.count > word.utf8.count,
        line.includes(".mk") || line.includes("$(") || line.includes("/")
      {
        kinds.insert("includes")
      } else if isMakeAssignment(line) {
        kinds.insert("assignments")
      } else if let rule = rule(line) {
        pending = rule
        if rule.targets == [".PHONY"] { kinds.insert(".PHONY") }
      }
    }
    if conditionals.opened && conditionals.closed { kinds.insert("conditionals") }
    if definitions.opened && definitions.closed { kinds.insert("define blocks") }
    // A file one rule makes and another needs (prose's words may repeat; a file name is no word).
    let linked = rules >= 2 && targets.intersection(prerequisites).contains { $0.contains { ".%/$".contains($0) } }
    guard linked || (rules >= 1 && !kinds.isEmpty) || kinds.count >= 3 else { return nil }
    return Finding(
      type: "text/x-makefile", evidence: SniffMessages.Evidence.makefile(rules: rules, linked: linked, syntax: kinds.sorted()))
  }

  /// Calls of make's built-in functions (GNU make manual, "Functions for Transforming Text"):
  /// `$(` then the function's name and a space, which a shell's command substitution of a command
  /// by that name would hardly write.
  static let makeFunctions = [
    "call", "shell", "filter", "filter-out", "patsubst", "subst", "wildcard", "foreach", "eval", "value", "findstring",
    "addprefix", "addsuffix", "notdir", "basename", "strip", "origin",
  ].map { "$(\($0) " }

  /// Whether a line calls one of ``makeFunctions`` (most lines have no `$(`, looked for first).
  static func callsMakeFunction(_ line: Substring) -> Bool {
    line.includes("$(") && makeFunctions.contains { line.includes($0) }
  }

  /// The directive a line starts with (`ifeq`, `endif`, `define`, `include`, …: its first word,
  /// ended by a space, a tab, `(` or the line's end), or `nil` when it starts with none.
  static func directive(_ line: Substring) -> String? {
    let word = line.utf8.prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "(") }
    guard word.count <= 8 else { return nil }
    let text = String(decoding: word, as: UTF8.self)
    return makeDirectives.contains(text) ? text : nil
  }

  /// The directives ``makefile`` reads: conditionals, multi-line variables, includes.
  static let makeDirectives: Set<String> = [
    "ifeq", "ifneq", "ifdef", "ifndef", "endif", "define", "endef", "include", "-include", "sinclude",
  ]

  /// Whether a line at the margin is an assignment only make writes: a variable name, then `:=`,
  /// `::=`, `?=` or `+=`, then a blank or the line's end.
  static func isMakeAssignment(_ line: Substring) -> Bool {
    let bytes = line.utf8
    guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { return false }
    let name = bytes.prefix { isNameByte($0) }
    guard !name.isEmpty else { return false }
    let operatorBytes = bytes[name.endIndex..<equals].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    guard [":", "::", "?", "+"].contains(where: { operatorBytes.elementsEqual($0.utf8) }) else { return false }
    let after = bytes[bytes.index(after: equals)...].first
    return after == nil || after == UInt8(ascii: " ") || after == UInt8(ascii: "\t")
  }

  /// A byte of a variable's name: a letter, a digit, `_`, `.` or `-`.
  static func isNameByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
  }

  /// A rule line's targets and prerequisites: names of files or targets (``isMakeName``), a colon not followed by `=`, then such names or nothing (a `;` and
  /// an inline recipe may follow); `nil` for any other line.
  static func rule(_ line: Substring) -> (targets: [Substring], prerequisites: [Substring])? {
    guard let colon = line.utf8.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else { return nil }
    var after = line[line.index(after: colon)...]
    if after.first == ":" { after = after.dropFirst() }
    guard after.isEmpty || after.first == " " || after.first == "\t" else { return nil }
    if let semicolon = after.firstIndex(of: ";") { after = after[..<semicolon] }
    let targets = line[..<colon].split(whereSeparator: { $0 == " " || $0 == "\t" })
    let prerequisites = after.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "|" })
    guard !targets.isEmpty, (targets + prerequisites).allSatisfy(isMakeName) else { return nil }
    return (targets, prerequisites)
  }

  /// A target or prerequisite name: a file name, a pattern or a variable reference (a parenthesis
  /// only in `$(…)`: Python's `def main():` is no rule).
  static func isMakeName(_ name: Substring) -> Bool {
    var previous: UInt8 = 0
    var depth = 0
    for byte in name.utf8 {
      if byte == UInt8(ascii: "(") {
        guard previous == UInt8(ascii: "$") else { return false }
        depth += 1
      } else if byte == UInt8(ascii: ")") {
        guard depth > 0 else { return false }
        depth -= 1
      } else {
        guard isNameByte(byte) || "/%+$@".utf8.contains(byte) else { return false }
      }
      previous = byte
    }
    return depth == 0
  }
}
