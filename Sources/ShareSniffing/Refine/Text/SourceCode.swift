import Foundation

/// Source code: Swift, Python and JavaScript by their telltale lines.
extension TextFamilies {
  /// What the source-code telltales found: a language, or code of a language this detector does
  /// not name (C, C++ or Objective-C preprocessor lines, a Go or Java `package` line).
  enum CodeFinding {
    case language(Finding)
    case otherLanguage
  }

  /// Swift, Python and JavaScript by the statements only they have; a score per language.
  static func sourceCode(_ lines: [Substring]) -> CodeFinding? {
    var swift = 0
    var python = 0
    var javascript = 0
    var goOrJava = false
    var preprocessor = false
    /// A module import as Swift writes it (`import Foundation`), and whether a `let` line has counted since.
    var swiftImport = false
    var scriptLet = false
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
          swiftImport = true
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
      if line.includes("func "), line.includes("("), declaresSwiftFunction(line) { swift += 2 }
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
        if declaration.includes(": ") || declaration.hasPrefix("init(") {
          swift += 1
        } else if swiftImport, !scriptLet, declaration.includes(" = "), !line.hasSuffix(";") {
          // One `let name = value` with no semicolon after a Swift module import (a script's
          // `import Foundation`): JavaScript without semicolons and Vim script write such lines
          // too, but not the import.
          swift += 1
          scriptLet = true
        }
      }
      if line.hasPrefix("@State") || line.hasPrefix("@MainActor") || line.hasPrefix("@main") || line.hasPrefix("@Test") {
        swift += 2
      }
      if line.includes("require(") { javascript += 3 }
      if line.hasPrefix("module.exports") || line.hasPrefix("export ") { javascript += 3 }
      if declaresFunction(line) { javascript += 2 }
      if line.includes("=>") { javascript += 1 }
      if line.includes("console.log(") || containsMember(line, "document.") || containsMember(line, "window.") {
        javascript += 2
      }
      if (line.hasPrefix("const ") || line.hasPrefix("var ") || line.hasPrefix("let ")) && line.hasSuffix(";") {
        javascript += 1
      }
    }
    if goOrJava || preprocessor { return .otherLanguage }
    let best = max(swift, python, javascript)
    guard best >= 4 else { return nil }
    if swift == best && swift > javascript { return .language(Finding(type: "text/x-swift", evidence: SniffMessages.Evidence.itReadsAsSwiftSource)) }
    if python == best { return .language(Finding(type: "text/x-python", evidence: SniffMessages.Evidence.itReadsAsPythonSource)) }
    if javascript == best { return .language(Finding(type: "text/javascript", evidence: SniffMessages.Evidence.itReadsAsJavascriptSource)) }
    return nil
  }

  /// Whether `func` in the line is a declaration's keyword: a word of its own, not the value
  /// after a `:` or `=` (ooc writes `name: func (…)`, which Swift never does).
  static func declaresSwiftFunction(_ line: String) -> Bool {
    guard let found = line.find("func ") else { return false }
    let before = line[..<found.lowerBound]
    if let previous = before.last, previous.isLetter || previous.isNumber || previous == "_" { return false }
    let last = before.last { $0 != " " && $0 != "\t" }
    return last != ":" && last != "="
  }

  /// Whether the line has a JavaScript function: `function`, an optional name, then `(`
  /// (`function draw(`, `function(`, `function* gen(`); prose that says "a function that" is not one.
  static func declaresFunction(_ line: String) -> Bool {
    var search = line.startIndex
    while let found = line.find("function", from: search) {
      search = found.upperBound
      // The keyword, not a word that holds it ("functions (mpz)", "dysfunction").
      if let next = line[found.upperBound...].first, next.isLetter || next.isNumber || next == "_" { continue }
      if found.lowerBound > line.startIndex, let previous = line[..<found.lowerBound].last,
        previous.isLetter || previous.isNumber || previous == "_"
      {
        continue
      }
      var rest = line[found.upperBound...].drop { $0 == " " || $0 == "*" }
      rest = rest.drop { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }.drop { $0 == " " }
      if rest.first == "(" { return true }
    }
    return false
  }

  /// Whether `object.` occurs with a member's name after it (`document.title`; prose's "the
  /// document." ends a sentence) and not preceded by a letter, digit, `_`, `-`, `/` or `.`.
  static func containsMember(_ line: String, _ object: String) -> Bool {
    var search = line.startIndex
    while let found = line.find(object, from: search) {
      search = found.upperBound
      guard line[found.upperBound...].first?.isLetter == true else { continue }
      if found.lowerBound == line.startIndex { return true }
      let before = line[line.index(before: found.lowerBound)]
      if !(before.isLetter || before.isNumber || "_-/.".contains(before)) { return true }
    }
    return false
  }
}
