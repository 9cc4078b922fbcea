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
      if line.first == "\t" {
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
      if line.isEmpty || line.first == "#" { continue }
      pending = nil
      inRecipe = false
      if callsMakeFunction(line) { kinds.insert("function calls") }
      if line.first == " " { continue }
      let word = line.prefix { !$0.isWhitespace && $0 != "(" }
      if ["ifeq", "ifneq", "ifdef", "ifndef"].contains(word), line.dropFirst(word.count).first?.isWhitespace == true {
        conditionals.opened = true
      } else if word == "endif" {  // a comment may follow
        conditionals.closed = true
      } else if word == "define", let name = line.dropFirst("define ".count).split(separator: " ").first, isMakeName(name) {
        definitions.opened = true
      } else if word == "endef" {
        definitions.closed = true
      } else if ["include", "-include", "sinclude"].contains(word), line.dropFirst(word.count).first == " ",
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

  /// Whether a line at the margin is an assignment only make writes: a variable name, then `:=`,
  /// `::=`, `?=` or `+=`.
  static func isMakeAssignment(_ line: Substring) -> Bool {
    let name = line.prefix { $0.isLetter || $0.isNumber || "_.-".contains($0) }
    guard !name.isEmpty else { return false }
    let rest = line.dropFirst(name.count).drop { $0 == " " || $0 == "\t" }
    return [":=", "::=", "?=", "+="].contains { rest.hasPrefix($0 + " ") || rest.hasPrefix($0 + "\t") || rest == $0 }
  }

  /// A rule line's targets and prerequisites: names of files or targets (letters, digits and
  /// `_./%-`, or a variable), a colon not followed by `=`, then such names or nothing (a `;` and
  /// an inline recipe may follow); `nil` for any other line.
  static func rule(_ line: Substring) -> (targets: [Substring], prerequisites: [Substring])? {
    guard let colon = line.firstIndex(of: ":"), colon > line.startIndex else { return nil }
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
    var previous: Character?
    var depth = 0
    for character in name {
      guard character.isASCII, character.isLetter || character.isNumber || "_./%-+$()@".contains(character) else { return false }
      if character == "(" {
        guard previous == "$" else { return false }
        depth += 1
      } else if character == ")" {
        guard depth > 0 else { return false }
        depth -= 1
      }
      previous = character
    }
    return depth == 0
  }
}
