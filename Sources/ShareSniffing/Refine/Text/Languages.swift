/// Languages and text formats told by lines only they write, which libmagic 5.44 calls plain text
/// or takes for C or Java: Go, Rust, C#, Java, Kotlin, Scala, Perl, Scheme, Dart, Verilog,
/// SystemVerilog, MATLAB, CoffeeScript, Vala and assembler sources; Meson, CMake, Gradle, G-code,
/// Kaitai Struct, LilyPond, Gherkin, Godot's shaders and GDScript, COBOL, CSV Schema, CIM's MOF,
/// GD-ROM tables, Org, Turtle, TriG and reStructuredText. Each is a guess from telltale lines (a
/// name that names another text type breaks the tie), so each rule asks for a line no other
/// language writes, or for two lines that together are one language only.
extension TextFamilies {
  /// What one pass over the first 400 lines saw (trimmed of spaces, comments not skipped).
  struct LanguageLines {
    /// The first line that is not blank, a `#`/`//` comment (Org's `#+` lines count) or a tag (`@…`),
    /// and the line after it that is none of those.
    var first = "", second = ""
    var goPackage = false, goImport = false, goFunc = false
    var rustDeclarations = 0, rustMacros = 0, zigImport = false
    var csharpUsing = false
    var java = false
    /// Kotlin's `fun name(…)` declarations; Scala's and Groovy's `def` lines (Kotlin has none).
    var kotlinFunctions = 0, defLines = false
    /// Lines only Scala writes (an `object … extends App` counts twice), and its `def` lines with
    /// a type and a body, or a body after parameters (three of them are Scala alone: Python,
    /// Groovy and TableGen write no such line; Ruby 3's rare `def f(x) = …` would count).
    var scalaTelltales = 0, scalaDefinitions = 0
    var perlPragma = false
    var gradleApply = false, gradleDependencies = false, gradleConfiguration = false
    var schemeDefinition = false
    /// G-code lines (`G1 X10`, `M104 S200`), and the first line that is not a `;` comment.
    var gcodeLines = 0
    var firstCode = ""
    var kaitaiID = false
    var cmakeCommands = 0, cmakeDistinct = false
    var lilypond = 0, lilypondVersion = false
    var gdscriptFunc = false
    var cobolDivision = false
    var csvSchemaDirective = false
    var orgKeyword = false
    var turtlePrefix = false, trigGraph = false
    var rstMarkup = false
    var preprocessor = false
    /// Dart's imports (`import 'package:…';`, `import 'dart:…';`), which no other language writes.
    var dartImport = false
    /// Verilog's `module name` and `endmodule` at the margin, and SystemVerilog's own keywords.
    var verilogModule = false, verilogEnd = false, systemVerilog = false
    /// Verilog's compiler directives (`` `include "…" ``, `` `timescale ``, …), and the end of a
    /// function, task or class at the margin (`endfunction`, `endclass : name`).
    var verilogDirective = false, verilogBlockEnd = false
    /// CIM's Managed Object Format (DMTF DSP0221): a qualifier list (`[Version ( "2.8.0" ),`) and a
    /// class declaration (`class CIM_X : CIM_Y {`) at the margin.
    var mofQualifier = false, mofClass = false
    /// A GD-ROM table of contents (`.gdi`): track lines (number, first sector, type 0 or 4, sector
    /// size 2352 or 2048, file name, offset), numbered from 1 in order.
    var gdiTracks = 0
    /// CoffeeScript's function literals: `name = (args) ->`, `name: ->` (JavaScript's arrow is `=>`).
    var coffeeFunctions = 0
    /// `end` alone at the margin, which CoffeeScript does not write and Julia, Lua and Ruby do
    /// (their files may hold arrows too; Kotlin's `fun` lines are counted apart, and Swift's
    /// arrows are followed by a type or a brace).
    var notCoffee = false
    /// Vala's `using GLib;` (and GTK's, Gee's, GIO's namespaces), which C# programs write beside
    /// `using System;`; and Vala's style: `: Object` classes, `stdout.printf`, a space between a
    /// method's name and its parenthesis (GNOME's style: `write_string (s)`; C# writes `Write(s)`),
    /// on two lines.
    var valaUsing = false, valaStyle = 0
    /// MATLAB's and Octave's function line with its outputs (`function [a, b] = name(…)`,
    /// `function t = name (…)`), and a line that ends a block (`end`, `endfunction`).
    var matlabFunction = false, matlabEnd = false
    /// Texinfo's `@c` comments and `@end` lines: a manual whose examples hold code.
    var texinfo = false
    /// A SystemVerilog class header (`class name extends base;`), which ends with a semicolon.
    var svClass = false
    /// Assembler: a section or symbol directive (GNU as or NASM), and instruction lines.
    var asmDirective = false, asmInstructions = 0

    init(_ lines: [Substring]) {
      for raw in lines.prefix(400) {
        // A view, and byte-wise prefix checks (TextHelpers): this runs on every line of most text.
        let line = raw.trimmedView()
        guard !line.isEmpty else { continue }
        let atMargin = raw.first != " " && raw.first != "\t"
        let opensText = first.isEmpty
        if second.isEmpty, !line.hasPrefix("#") || line.hasPrefix("#+"), !line.hasPrefix("//"), !line.hasPrefix("@") {
          if first.isEmpty { first = String(line) } else { second = String(line.prefix(64)) }
        }
        if line.hasPrefix("#include") || line.hasPrefix("#define") || line.hasPrefix("#import") { preprocessor = true }
        // Go: `package name` without a semicolon, `import "path"` or `import (`, `func` at the margin.
        if atMargin, line.hasPrefix("package "), TextFamilies.isIdentifier(line.dropFirst(8)) { goPackage = true }
        if atMargin, line == "import (" || (line.hasPrefix("import \"") && line.hasSuffix("\"")) { goImport = true }
        if atMargin, line.hasPrefix("func "), line.hasSuffix("{") { goFunc = true }
        // Rust: fn/impl/use std:: declarations, attributes, and its macros (name!( … ).
        if TextFamilies.isRustDeclaration(line) { rustDeclarations += 1 }
        if line.utf8.contains(UInt8(ascii: "!")), TextFamilies.rustMacros.contains(where: { line.includes($0) }) { rustMacros += 1 }
        if line.utf8.contains(UInt8(ascii: "@")), line.includes("@import(") { zigImport = true }
        // C#: `using System;` and the namespaces of .NET, Unity and Xamarin.
        if line.hasPrefix("using "), line.hasSuffix(";"),
          TextFamilies.csharpNamespaces.contains(where: { line.dropFirst(6).hasPrefix($0) })
        {
          csharpUsing = true
        }
        // Java: its standard output, its main method, or an import of Java's or Android's packages
        // with the semicolon Kotlin does not write.
        if line.includes("System.out.print") || line.includes("public static void main(String")
          || (line.hasPrefix("import ") && line.hasSuffix(";")
            && TextFamilies.javaPackages.contains(where: { line.dropFirst(7).hasPrefix($0) }))
        {
          java = true
        }
        // Kotlin: `fun name(` (after its modifiers) with a body or a type after the parameters.
        if line.utf8.count > 6, TextFamilies.isKotlinFunction(line) { kotlinFunctions += 1 }
        if line.hasPrefix("def ") { defLines = true }
        // Scala: its imports, case classes, sealed traits, implicits, main(Array[String]), an App
        // object; and `def name(…): Type = …` (Python's def ends with a colon, Groovy's has no type).
        scalaTelltales += TextFamilies.scalaTelltale(line)
        if line.utf8.count > 8, line.includes("def "), TextFamilies.isScalaDefinition(line) { scalaDefinitions += 1 }
        // Perl: its pragmas (JavaScript's "use strict" is quoted).
        if line == "use strict;" || line == "use warnings;" || (line.hasPrefix("use 5.") && line.includes(";")) { perlPragma = true }
        // Gradle's Groovy build scripts: `apply plugin:`, or a dependencies block with a quoted configuration line.
        if line.hasPrefix("apply plugin:") { gradleApply = true }
        if line == "dependencies {" { gradleDependencies = true }
        if TextFamilies.gradleConfigurations.contains(where: { line.hasPrefix($0) }) { gradleConfiguration = true }
        // Scheme: a definition or Guile's module forms at the margin.
        if atMargin, TextFamilies.schemeForms.contains(where: { line.hasPrefix($0) }) { schemeDefinition = true }
        // G-code: G or M, a number, then parameters or the end.
        if line.first == "G" || line.first == "M", TextFamilies.isGCode(line) { gcodeLines += 1 }
        if firstCode.isEmpty, !line.hasPrefix(";") { firstCode = String(line.prefix(64)) }
        // Kaitai Struct: an indented id under the meta key that opens the file.
        if !atMargin, line.hasPrefix("id: ") { kaitaiID = true }
        // CMake: commands at the margin, `name(` with no semicolon after the call.
        if atMargin, !line.hasSuffix(";"), let open = line.utf8.prefix(40).firstIndex(of: UInt8(ascii: "(")) {
          let command = Substring(line.utf8[..<open]).trimmedSpaces().lowercased()
          if TextFamilies.cmakeCommands.contains(command) {
            cmakeCommands += 1
            if !TextFamilies.cmakeGenericCommands.contains(command) { cmakeDistinct = true }
          }
        }
        if line.hasPrefix("\\version \"") { lilypondVersion = true }
        if line.hasPrefix("\\"), TextFamilies.lilypondBlocks.contains(where: { line.hasPrefix($0) }) { lilypond += 1 }
        if line.hasPrefix("func "), line.hasSuffix(":") { gdscriptFunc = true }
        if line.first == "I" || line.first == "i" {
          let upper = line.prefix(24).uppercased()
          if upper.hasPrefix("IDENTIFICATION DIVISION.") || upper.hasPrefix("ID DIVISION.") { cobolDivision = true }
        }
        if line.hasPrefix("@totalColumns") { csvSchemaDirective = true }
        if line.hasPrefix("#+"), let colon = line.utf8.firstIndex(of: UInt8(ascii: ":")),
          TextFamilies.orgKeywords.contains(Substring(line.utf8[line.utf8.index(line.startIndex, offsetBy: 2)..<colon]).uppercased())
        {
          orgKeyword = true
        }
        if atMargin, line.first == "@", TextFamilies.isTurtleDirective(line) { turtlePrefix = true }
        // TriG: a named graph's block opens at the margin (`<iri> {`, `GRAPH <iri> {`, `ex:g {`),
        // after Turtle's directives.
        if turtlePrefix, atMargin, line.hasSuffix("{"), TextFamilies.isTriGGraphOpening(line) { trigGraph = true }
        // reStructuredText: a directive (`.. image::`), a hyperlink target (`.. _name:`) or a
        // substitution (`.. |name|`).
        if atMargin, line.hasPrefix(".. "), TextFamilies.isRSTExplicitMarkup(line.dropFirst(3)) { rstMarkup = true }
        if line.hasPrefix("import "), line.hasSuffix(";"), TextFamilies.dartImportTargets.contains(where: { line.dropFirst(7).hasPrefix($0) }) {
          dartImport = true
        }
        if atMargin, line.hasPrefix("module "), TextFamilies.isVerilogModule(line.dropFirst(7)) { verilogModule = true }
        if atMargin, line == "endmodule" || line.hasPrefix("endmodule ") || line.hasPrefix("endmodule:") { verilogEnd = true }
        if TextFamilies.systemVerilogKeywords.contains(where: { line.hasPrefix($0) }) { systemVerilog = true }
        // The families below start their telltale lines with one of a few bytes: one switch on
        // it, so most lines pay for a single comparison.
        let lead = line.utf8.first ?? 0
        switch lead {
        case UInt8(ascii: "`"):
          if TextFamilies.verilogDirectives.contains(where: { line.hasPrefix($0) }) { verilogDirective = true }
        case UInt8(ascii: "e"):
          if line == "end" || line == "endfunction" { matlabEnd = true }
          if atMargin, line == "end" { notCoffee = true }
          if atMargin, let labelled = TextFamilies.verilogBlockEnd(line) {
            verilogBlockEnd = true
            // A label after the end (`endfunction : name`) is SystemVerilog's (so is `endclass`,
            // one of ``systemVerilogKeywords``).
            if labelled { systemVerilog = true }
          }
        case UInt8(ascii: "["):
          if TextFamilies.mofQualifiers.contains(where: { line.dropFirst().trimmedView().hasPrefix($0) }) { mofQualifier = true }
        case UInt8(ascii: "c"), UInt8(ascii: "v"):
          if atMargin, line.hasPrefix("class "), TextFamilies.isMOFClass(line.dropFirst(6)) { mofClass = true }
          if atMargin, line.hasPrefix("class ") || line.hasPrefix("virtual class "), line.hasSuffix(";"), line.includes(" extends ") {
            svClass = true
          }
        case UInt8(ascii: "u"):
          if atMargin, line.hasPrefix("using "), TextFamilies.valaNamespaces.contains(String(line.dropFirst(6))) { valaUsing = true }
        case UInt8(ascii: "f"):
          if atMargin, line.hasPrefix("function "), TextFamilies.isMatlabFunction(line.dropFirst(9)) { matlabFunction = true }
        case UInt8(ascii: "@"):
          if atMargin, line == "@c" || line.hasPrefix("@c ") || line.hasPrefix("@end ") { texinfo = true }
        default:
          break
        }
        if !asmDirective, TextFamilies.isAssemblerDirective(line) { asmDirective = true }
        // Instructions count after a directive (a program opens its section or symbol first).
        if asmDirective, !atMargin, TextFamilies.isASCIILetter(lead), TextFamilies.isAssemblerInstruction(line) { asmInstructions += 1 }
        // A GD-ROM table: the track count first, then only track lines (-1: not one).
        if gdiTracks >= 0, !opensText {
          gdiTracks = Int(first) != nil && TextFamilies.isGDITrack(line, number: gdiTracks + 1) ? gdiTracks + 1 : -1
        }
        if line.utf8.count > 3, line.includes("->"), TextFamilies.isCoffeeFunction(line) { coffeeFunctions += 1 }
        if valaUsing, valaStyle < 2,
          line.includes(" : Object") || line.includes("stdout.printf") || TextFamilies.callsInGNOMEStyle(line)
        {
          valaStyle += 1
        }
      }
    }
  }

  /// Whether a line defines a CoffeeScript function: `->` ends the line or starts its body,
  /// after `=` or `:` and optional parameters (`square = (x) -> x * x`, `init: ->`).
  static func isCoffeeFunction(_ line: Substring) -> Bool {
    // A brace is JavaScript's or C's, except in CoffeeScript's string interpolation (`"#{x}"`).
    guard let arrow = line.range(of: "->"), !line.hasSuffix(";"),
      !line.utf8.indices.contains(where: { index in
        line.utf8[index] == UInt8(ascii: "{") && (index == line.utf8.startIndex || line.utf8[line.utf8.index(before: index)] != UInt8(ascii: "#"))
      })
    else { return false }
    let after = line[arrow.upperBound...]
    guard after.isEmpty || after.first == " " else { return false }
    // A type after the arrow (`onDone: () -> Unit,`, `(String) -> Bool`) is Kotlin's or Swift's
    // function type, not a body.
    let body = after.trimmedView()
    if body.hasSuffix(",") || body.first?.isUppercase == true { return false }
    var before = line[..<arrow.lowerBound].trimmedView()
    let hasParameters = before.last == ")"
    if hasParameters, let open = before.lastIndex(of: "(") { before = before[..<open].trimmedView() }
    guard before.last == "=" || before.last == ":" else { return false }
    // A method (`name: ->`) without parameters has its body on the lines below (a note's
    // `Back: -> previous page` is no method).
    if before.last == ":", !hasParameters, !body.isEmpty { return false }
    let name = before.dropLast().trimmedView()
    return !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_$@.".contains($0)) }
  }

  /// Words C# also writes before a spaced parenthesis.
  static let csharpSpacedKeywords: Set<Substring> = [
    "if", "for", "foreach", "while", "switch", "catch", "using", "lock", "return", "fixed", "typeof", "sizeof", "nameof",
    "when", "new", "in", "is", "await", "throw", "else", "and", "or", "not",
  ]

  /// Whether a line calls or declares a method with a space before its parenthesis, as GNOME's
  /// style writes (`inner.write_inner (writer);`), a name that is not one of C#'s keywords.
  static func callsInGNOMEStyle(_ line: Substring) -> Bool {
    guard let space = line.range(of: " ("), space.lowerBound > line.startIndex else { return false }
    let name = line[..<space.lowerBound].reversed().prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    guard let first = name.last, first.isLetter else { return false }
    return !csharpSpacedKeywords.contains(Substring(String(name.reversed())))
  }

  /// The namespaces of Vala's `using` lines (GLib's and the libraries written for it).
  static let valaNamespaces: Set<String> = ["GLib;", "Gtk;", "Gee;", "GLib.Math;", "Gdk;", "Soup;", "Json;", "Adw;"]

  /// Whether what follows `function ` is MATLAB's outputs and name: `[a, b] = name`, `t = name`,
  /// then parameters or the end of the line.
  static func isMatlabFunction(_ rest: Substring) -> Bool {
    guard let equals = rest.firstIndex(of: "=") else { return false }
    let outputs = rest[..<equals].trimmedView()
    // Names are identifiers; Octave's internal functions start with underscores (`__is_function__`).
    let outputsOK =
      outputs.first == "[" && outputs.last == "]"
      ? outputs.dropFirst().dropLast().split(whereSeparator: { $0 == "," || $0 == " " }).allSatisfy { isIdentifier($0) || $0 == "~" }
      : isIdentifier(outputs)
    let call = rest[rest.index(after: equals)...].trimmedView()
    let name = call.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }
    let tail = call.dropFirst(name.count).trimmedView()
    return outputsOK && isIdentifier(name) && (tail.isEmpty || tail.first == "(")
  }

  /// GNU as directives that open a section or export a symbol (alone, or followed by a space).
  static let gnuAssemblerDirectives = [".text", ".data", ".bss", ".section", ".globl", ".global", ".intel_syntax"]
  /// NASM's modes (its `section .text`, `global _start` and `global main` are checked by prefix).
  static let nasmDirectives = ["bits 16", "bits 32", "bits 64", "BITS 16", "BITS 32", "BITS 64"]

  /// Whether a byte is an ASCII letter.
  static func isASCIILetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }

  /// Whether a line is one of those directives; one comparison for most lines (their first byte).
  static func isAssemblerDirective(_ line: Substring) -> Bool {
    switch line.utf8.first {
    case UInt8(ascii: "."):
      return gnuAssemblerDirectives.contains { line.hasPrefix($0) && (line.utf8.count == $0.utf8.count || line.dropFirst($0.count).first == " ") }
    case UInt8(ascii: "s"): return line.hasPrefix("section .")
    case UInt8(ascii: "S"): return line.hasPrefix("SECTION .")
    case UInt8(ascii: "g"): return line.hasPrefix("global _start") || line.hasPrefix("global main")
    case UInt8(ascii: "b"), UInt8(ascii: "B"):
      return line.utf8.count == 7 && nasmDirectives.contains { line == $0 }
    default:
      return false
    }
  }

  /// x86, ARM, RISC-V, MIPS and PowerPC mnemonics that open most lines of an assembler program.
  static let assemblerMnemonics: Set<Substring> = [
    "mov", "movl", "movq", "movb", "movw", "push", "pushl", "pushq", "pop", "popl", "popq", "lea", "leal", "leaq", "call",
    "ret", "jmp", "je", "jne", "jz", "jnz", "cmp", "cmpl", "test", "xor", "xorl", "add", "addl", "addq", "sub", "subl",
    "subq", "inc", "dec", "int", "syscall", "nop", "ldr", "str", "bl", "bx", "svc", "ldm", "stm", "li", "la", "jal",
    // RISC-V, MIPS, PowerPC and AArch64.
    "addi", "addu", "addiu", "ori", "lui", "lw", "sw", "ld", "sd", "beq", "bne", "jr", "jalr", "csrr", "csrw", "mflr",
    "mtlr", "lwz", "stw", "stwu", "blr", "stp", "ldp", "adrp", "cbz", "cbnz",
  ]

  /// Whether a line is a mnemonic and its operands (or a bare `ret`/`syscall`), after a label.
  static func isAssemblerInstruction(_ line: Substring) -> Bool {
    // The leading letters, byte-wise: most indented lines are words no mnemonic spells.
    let utf8 = line.utf8
    let letters = utf8.prefix { isASCIILetter($0) }
    guard letters.count <= 12 else { return false }
    var code = line
    if letters.endIndex < utf8.endIndex, utf8[letters.endIndex] == UInt8(ascii: ":") || utf8[letters.endIndex] == UInt8(ascii: "_")
      || utf8[letters.endIndex] == UInt8(ascii: "."),
      let colon = code.firstIndex(of: ":"),
      code[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_.".contains($0)) })
    {
      code = code[code.index(after: colon)...].trimmedView()
    } else {
      guard letters.count >= 2, letters.count <= 7 else { return false }
    }
    let mnemonic = code.prefix { $0.isASCII && $0.isLetter }
    // As written (NASM's upper case too), with no copy for the common lower case.
    let name = mnemonic.count <= 7 && mnemonic.first?.isUppercase == true ? Substring(mnemonic.lowercased()) : mnemonic
    guard name.count >= 2, name.count <= 7, assemblerMnemonics.contains(name) else { return false }
    let operands = code.dropFirst(mnemonic.count)
    if operands.isEmpty { return name == "ret" || name == "syscall" || name == "nop" }
    guard operands.first == " " || operands.first == "\t" else { return false }
    let text = operands.trimmedView()
    // Operands are registers, numbers, memory and symbols: no sentence, no assignment (`test = 1`),
    // no statement's semicolon (`int a;`).
    return !text.isEmpty && text.first != "=" && text.last != ";" && text.split(separator: " ").count <= 3
      && (text.includes("%") || text.includes(",") || text.includes("$") || text.first?.isNumber == true || text.count <= 12)
  }

  /// Whether a line is Turtle's `@prefix name: <iri> .` or `@base <iri> .` directive (any spaces).
  static func isTurtleDirective(_ line: Substring) -> Bool {
    guard line.hasSuffix(".") else { return false }
    if line.hasPrefix("@base") { return line.dropFirst(5).trimmedView().hasPrefix("<") }
    guard line.hasPrefix("@prefix "), let colon = line.firstIndex(of: ":") else { return false }
    let name = line[line.index(line.startIndex, offsetBy: 8)..<colon].trimmedView()
    // Turtle's prefix names may use any letter (PN_PREFIX).
    return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
      && line[line.index(after: colon)...].trimmedView().hasPrefix("<")
  }

  /// Whether a line ending in `{` opens a TriG named graph: an IRI, `GRAPH` and a name, or a
  /// prefixed name, then the brace (TriG §2.2).
  static func isTriGGraphOpening(_ line: Substring) -> Bool {
    var name = line.dropLast().trimmedView()
    if name.hasPrefix("GRAPH ") { name = name.dropFirst(6).trimmedView() }
    if name.first == "<" { return name.last == ">" && !name.contains(" ") }
    return name.contains(":") && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-.:".contains($0)) }
  }

  /// The line after the `modifiers` it starts with (each a word and its space, in any order).
  static func droppingModifiers(_ line: Substring, _ modifiers: [String]) -> Substring {
    var rest = line
    while let modifier = modifiers.first(where: { rest.hasPrefix($0) }) { rest = rest.dropFirst(modifier.count) }
    return rest
  }

  /// Where the bracket `text` starts with, `(` or `[`, is closed (pairs inside it skipped), or
  /// `nil` when the line does not close it.
  static func closingBracket(_ text: Substring) -> Substring.Index? {
    guard let open = text.first, open == "(" || open == "[" else { return nil }
    let close: Character = open == "[" ? "]" : ")"
    var depth = 0
    for index in text.indices {
      if text[index] == open { depth += 1 }
      if text[index] == close {
        depth -= 1
        if depth == 0 { return index }
      }
    }
    return nil
  }

  /// Rust's declarations and attributes that need nothing after them, at the start of a line.
  static let rustDeclarationPrefixes = ["let mut ", "#[derive(", "#![", "pub struct ", "pub enum ", "macro_rules!"]
  /// The qualifiers before Rust's `fn` and `impl`.
  static let rustQualifiers = ["pub(crate) ", "pub ", "async ", "unsafe ", "const "]

  /// Whether a line is a Rust declaration: `fn name(` or `fn name<` (after `pub`, `async`, …),
  /// an `impl` block's first line, a `use std::`/`use crate::` item, or one of
  /// ``rustDeclarationPrefixes`` (a Python variable named `fn` is no declaration).
  static func isRustDeclaration(_ line: Substring) -> Bool {
    if rustDeclarationPrefixes.contains(where: { line.hasPrefix($0) }) { return true }
    if (line.hasPrefix("use std::") || line.hasPrefix("use crate::")) && line.hasSuffix(";") { return true }
    let rest = droppingModifiers(line, rustQualifiers)
    if rest.hasPrefix("impl ") || rest.hasPrefix("impl<") { return line.hasSuffix("{") }
    guard rest.hasPrefix("fn ") else { return false }
    let name = rest.dropFirst(3).prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    let after = rest.dropFirst(3 + name.count).first
    return !name.isEmpty && (after == "(" || after == "<")
  }

  /// Kotlin's modifiers before `fun`.
  static let kotlinModifiers = [
    "private ", "public ", "internal ", "protected ", "override ", "open ", "suspend ", "inline ", "operator ",
    "infix ", "tailrec ", "abstract ", "actual ", "expect ", "external ", "final ",
  ]

  /// Whether a line declares a Kotlin function: `fun`, an optional type parameter list, a name
  /// (an extension's receiver and a dot before it), `(`, and after the parameters a body (`{`),
  /// an expression (`=`) or a return type (`:`). Prose that says "fun (…)" or "fun to use" is none.
  static func isKotlinFunction(_ line: Substring) -> Bool {
    var rest = droppingModifiers(line, kotlinModifiers)
    guard rest.hasPrefix("fun ") else { return false }
    rest = rest.dropFirst(4)
    if rest.hasPrefix("<"), let close = rest.firstIndex(of: ">") { rest = rest[rest.index(after: close)...].drop { $0 == " " } }
    let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }
    guard let first = name.first, first.isLetter || first == "_", rest.dropFirst(name.count).first == "(" else { return false }
    // The parameter list's own closing parenthesis (a default value may call a function).
    guard let close = closingBracket(rest.dropFirst(name.count)) else { return false }
    let after = rest[rest.index(after: close)...].trimmedSpaces()
    return after.hasPrefix("{") || after.hasPrefix("=") || after.hasPrefix(":")
  }

  /// Scala's modifiers before a definition.
  static let scalaModifiers = [
    "private ", "protected ", "override ", "final ", "sealed ", "abstract ", "implicit ", "lazy ", "inline ",
  ]

  /// How much a line says Scala: 2 for an `object Name extends App` line or a main method with
  /// its body or `: Unit` (`def main(args: Array[String]) {`), 1 for a line only Scala writes
  /// (`import scala.`, a case class or object, a sealed trait, an implicit definition, another
  /// `def main(args: Array[String])`), else 0.
  static func scalaTelltale(_ line: Substring) -> Int {
    guard let first = line.first, "ioscfpadl".contains(first) else { return 0 }
    if line.hasPrefix("import scala.") { return 1 }
    if line.hasPrefix("object "), line.includes(" extends App") { return 2 }
    let implicit = line.hasPrefix("implicit ")
    let rest = droppingModifiers(line, scalaModifiers)
    if rest.hasPrefix("case class ") || rest.hasPrefix("case object ") { return 1 }
    if line.hasPrefix("sealed "), rest.hasPrefix("trait ") || rest.hasPrefix("class ") { return 1 }
    if implicit, rest.hasPrefix("val ") || rest.hasPrefix("def ") || rest.hasPrefix("class ") || rest.hasPrefix("object ") {
      return 1
    }
    // Scala's entry point; Scala 2's procedure syntax (a body with no `=`) or a type after it
    // is Scala alone (a Python stub of that name ends with its colon).
    guard rest.hasPrefix("def main(args: Array[String])") else { return 0 }
    let after = rest.dropFirst("def main(args: Array[String])".count).trimmedView()
    return after.hasPrefix("{") || after.hasPrefix(": Unit") ? 2 : 1
  }

  /// Whether a line defines a Scala method with a type and a body: `def`, a name, optional type
  /// parameters and parameter lists, then `: Type = …` (a capitalised or tuple type), or `= …`
  /// after parameters. Python's `def f(x):`, Groovy's `def f(x) {` and `def x = 1`, and TableGen's
  /// `def X : Class<…> { let y = … }` are none.
  static func isScalaDefinition(_ line: Substring) -> Bool {
    var rest = droppingModifiers(line, scalaModifiers)
    guard rest.hasPrefix("def ") else { return false }
    rest = rest.dropFirst(4)
    let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    guard let first = name.first, first.isLetter || first == "_" else { return false }
    rest = rest.dropFirst(name.count)
    let parameters = rest.first == "(" || rest.first == "["
    // Type parameters and parameter lists, each balanced.
    while rest.first == "[" || rest.first == "(" {
      guard let end = closingBracket(rest) else { return false }
      rest = rest[rest.index(after: end)...]
    }
    let after = rest.trimmedView()
    // Untyped, only after parameters: Groovy's `def x = 1` declares a variable.
    if after.hasPrefix("=") { return parameters && !after.hasPrefix("==") }
    guard after.hasPrefix(":") else { return false }
    let type = after.dropFirst().trimmedView()
    guard let start = type.first, start.isUppercase || start == "(", let equals = type.find(" =") else { return false }
    // The body follows the type (TableGen's `def X : Class<…> { let y = … }` sets a field in a block).
    return type[equals.upperBound...].first != "=" && !type[..<equals.lowerBound].utf8.contains(UInt8(ascii: "{"))
  }

  /// Rust's macros most programs call.
  static let rustMacros = ["println!(", "format!(", "vec![", "panic!("]
  /// The namespaces of C#'s `using` lines: .NET's, Unity's and Xamarin's.
  static let csharpNamespaces = ["System", "Microsoft.", "UnityEngine", "Xamarin."]
  /// Gradle's dependency configurations, as Groovy writes them (a quote after a space; Kotlin's
  /// DSL writes a parenthesis).
  static let gradleConfigurations = [
    "implementation '", "implementation \"", "api '", "compile '", "classpath '", "testImplementation '",
    "testImplementation \"", "classpath \"",
  ]
  /// Scheme's definitions and Guile's module forms.
  static let schemeForms = ["(define (", "(define-syntax ", "(define-module ", "(use-modules ", "(define-record-type "]

  /// Whether a line is a G-code command: `G` or `M`, one to three digits, then the end, a space,
  /// or a `;` comment.
  static func isGCode(_ line: Substring) -> Bool {
    let digits = line.dropFirst().prefix { $0.isASCII && $0.isNumber }
    guard (1...3).contains(digits.count) else { return false }
    let after = line.dropFirst(1 + digits.count).first
    return after == nil || after == " " || after == ";"
  }

  /// The packages only Java imports with a semicolon (Kotlin imports them without).
  static let javaPackages = ["java.", "javax.", "android.", "androidx."]
  /// LilyPond's blocks and commands at the start of a line.
  static let lilypondBlocks = ["\\header {", "\\score {", "\\relative ", "\\new ", "\\layout {", "\\paper {", "\\midi {", "\\include \""]
  /// CMake commands any script may call: they count, but two of them alone are no list file.
  static let cmakeGenericCommands: Set<String> = ["set", "option", "message", "install", "if", "endif"]

  /// The commands a CMake list file starts with (lower case).
  static let cmakeCommands: Set<String> = [
    "cmake_minimum_required", "project", "add_executable", "add_library", "target_link_libraries", "find_package",
    "add_subdirectory", "target_include_directories", "target_compile_options", "target_compile_definitions",
    "include_directories", "add_definitions", "set", "option", "message", "install", "if", "endif",
  ]

  /// Org's in-buffer settings (`#+TITLE:` …).
  static let orgKeywords: Set<String> = [
    "TITLE", "AUTHOR", "DATE", "EMAIL", "OPTIONS", "STARTUP", "PROPERTY", "SETUPFILE", "LANGUAGE", "DESCRIPTION",
    "KEYWORDS", "FILETAGS", "TAGS", "INCLUDE", "CATEGORY", "TODO", "SEQ_TODO", "LATEX_CLASS", "HTML_HEAD",
  ]

  /// An identifier: letters, digits and `_`, not starting with a digit.
  static func isIdentifier(_ text: Substring) -> Bool {
    guard let first = text.first, first.isLetter || first == "_" else { return false }
    return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
  }

  /// Org and reStructuredText, whose markup also sits in code's comments and docstrings: tried
  /// after the source-code telltales, so a Python module documented in reStructuredText stays Python.
  static func markupDocument(_ seen: LanguageLines) -> Finding? {
    if seen.orgKeyword { return Finding(type: "text/org", evidence: SniffMessages.Evidence.language("Org", "#+KEYWORD: settings")) }
    // A metadata file (PKG-INFO, METADATA) whose description is reStructuredText is still a
    // header block: its first line is a `Field-Name: value` header.
    if seen.rstMarkup, !isHeaderLine(seen.first) {
      return Finding(type: "text/x-rst", evidence: SniffMessages.Evidence.language("reStructuredText", "explicit markup (.. name::, .. _target:)"))
    }
    return nil
  }

  /// Whether a line is a header field, `Field-Name: value` (a capital, then letters, digits and `-`).
  static func isHeaderLine(_ line: String) -> Bool {
    guard let colon = line.firstIndex(of: ":"), line.first?.isUppercase == true else { return false }
    return line[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
      && line[colon...].hasPrefix(": ")
  }

  /// Whether what follows `.. ` is reStructuredText's explicit markup: `name::`, `_target:` or `|substitution|`.
  static func isRSTExplicitMarkup(_ rest: Substring) -> Bool {
    if rest.hasPrefix("_"), rest.includes(":") { return true }
    if rest.hasPrefix("|"), rest.dropFirst().includes("|") { return true }
    let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    return !name.isEmpty && rest.dropFirst(name.count).hasPrefix("::")
  }

  /// What a Dart import names: a package or one of Dart's own libraries, quoted.
  static let dartImportTargets = ["'package:", "'dart:", "\"package:", "\"dart:"]

  /// Verilog's compiler directives that open a line.
  static let verilogDirectives = ["`include \"", "`timescale ", "`define ", "`ifndef ", "`ifdef "]

  /// The block a line ends (`endfunction`, `endtask`, `endclass`, `endmodule`, `endpackage`,
  /// `endinterface`): whether a label follows it (`endfunction : name`); `nil` for any other line.
  static func verilogBlockEnd(_ line: Substring) -> Bool? {
    let keyword = line.prefix { $0.isASCII && $0.isLetter }
    guard ["endfunction", "endtask", "endclass", "endmodule", "endpackage", "endinterface"].contains(keyword) else { return nil }
    let rest = line.dropFirst(keyword.count).trimmedView()
    guard rest.isEmpty || rest.first == ":" else { return nil }
    return rest.first == ":"
  }

  /// The qualifiers CIM's schema puts before a class (DSP0004 §5.6).
  static let mofQualifiers = ["Version (", "Version(", "Abstract,", "Abstract]", "Association,", "Indication,", "Experimental,"]

  /// Whether what follows `class ` declares a MOF class: a name with an underscore after its
  /// schema's prefix (`CIM_X`, `LMI_Fan`), an optional `: Superclass` of the same shape, then `{`
  /// (or the end of the line; Python's `class A_B:` ends with its colon).
  static func isMOFClass(_ rest: Substring) -> Bool {
    let declaration = (rest.hasSuffix("{") ? rest.dropLast() : rest).trimmedView()
    guard !declaration.hasSuffix(":") else { return false }
    let parts = declaration.split(separator: ":").map { $0.trimmedView() }
    guard parts.count == 1 || parts.count == 2 else { return false }
    return parts.allSatisfy { name in
      let halves = name.split(separator: "_", maxSplits: 1)
      return halves.count == 2 && !halves[1].isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }
  }

  /// Whether a line is a GD-ROM track line numbered `number`: number, first sector, type (0 audio,
  /// 4 data), sector size (2352 or 2048), file name (quoted when it has spaces), offset.
  static func isGDITrack(_ line: Substring, number: Int) -> Bool {
    let fields = line.split(separator: " ", omittingEmptySubsequences: true)
    guard fields.count >= 6, Int(fields[0]) == number, Int(fields[1]) != nil, fields[2] == "0" || fields[2] == "4",
      fields[3] == "2352" || fields[3] == "2048", Int(fields[fields.count - 1]) != nil
    else { return false }
    return true
  }

  /// Lines that start with SystemVerilog's own constructs, which Verilog 2005 has not.
  static let systemVerilogKeywords = [
    "always_ff", "always_comb", "always_latch", "logic ", "interface ", "endinterface", "typedef ", "package ",
    "endpackage", "class ", "endclass", "import uvm_pkg",
  ]

  /// Whether what follows `module ` is a Verilog module's header: a name, then its ports `(`,
  /// parameters `#(` or the end of the statement `;`.
  static func isVerilogModule(_ rest: Substring) -> Bool {
    let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "$") }
    guard let first = name.first, first.isLetter || first == "_" else { return false }
    let after = rest.dropFirst(name.count).trimmedView()
    // Not a bare `module name`: Fortran writes that, and ends it with `endmodule` too.
    return after.hasPrefix("(") || after.hasPrefix("#") || after.hasPrefix(";")
  }

  /// The language the lines declare, or `nil` (Org and reStructuredText are ``markupDocument(_:)``'s).
  static func language(_ seen: LanguageLines) -> Finding? {
    func found(_ type: String, _ evidence: String) -> Finding { Finding(type: type, evidence: evidence) }
    typealias Evidence = SniffMessages.Evidence
    if seen.first.hasPrefix("shader_type "), seen.first.hasSuffix(";") {
      return found("application/x-godot-shader", Evidence.language("Godot shader", "a shader_type statement first"))
    }
    if seen.first.hasPrefix("extends ") || seen.first.hasPrefix("class_name "), seen.gdscriptFunc {
      return found("application/x-gdscript", Evidence.language("GDScript", "extends first, then func … : lines"))
    }
    if seen.first.hasPrefix("Feature:"), seen.first.count > "Feature:".count {
      return found("text/x-gherkin", Evidence.language("Gherkin", "a Feature: line first"))
    }
    if seen.first.hasPrefix("version 1."), seen.csvSchemaDirective {
      return found("text/csv-schema", Evidence.language("CSV Schema", "a version line first and @totalColumns"))
    }
    if seen.cobolDivision { return found("text/x-cobol", Evidence.language("COBOL", "an IDENTIFICATION DIVISION")) }
    // Meson: a build file opens with project('name', …), an options file with option('name', type : …).
    // (Gradle's `project(':app') {` configures a subproject.)
    if (seen.first.hasPrefix("project('") && !seen.first.hasPrefix("project(':") && !seen.first.hasSuffix("{"))
      || (seen.first == "project(" && seen.second.hasPrefix("'"))
      || (seen.first.hasPrefix("option('") && seen.first.includes("type"))
    {
      return found("text/x-meson", Evidence.language("Meson", "a project('…') or option('…', type …) call first"))
    }
    if seen.dartImport { return found("text/x-dart", Evidence.language("Dart", "an import of a package: or dart: library")) }
    if seen.verilogModule && seen.verilogEnd || (seen.verilogDirective || seen.svClass) && seen.verilogBlockEnd {
      if seen.systemVerilog {
        return found("text/x-svsrc", Evidence.language("SystemVerilog", "module … endmodule or `directives and block ends, with SystemVerilog's own constructs"))
      }
      return found("text/x-verilog", Evidence.language("Verilog", "module … endmodule, or `directives and block ends"))
    }
    if seen.mofQualifier, seen.mofClass {
      return found("text/x-mof", Evidence.language("CIM's Managed Object Format", "qualifiers and a class CIM_… declaration"))
    }
    if seen.gdiTracks >= 1, Int(seen.first) == seen.gdiTracks {
      return found("application/x-gd-rom-cue", Evidence.language("a GD-ROM table of contents", "a track count, then that many track lines"))
    }
    if seen.turtlePrefix, seen.trigGraph {
      return found("application/trig", Evidence.language("TriG", "@prefix or @base lines, and a named graph's { block"))
    }
    if seen.turtlePrefix { return found("text/turtle", Evidence.language("Turtle", "@prefix or @base lines")) }
    if seen.lilypondVersion || seen.lilypond >= 2 {
      return found("text/x-lilypond", Evidence.language("LilyPond", "\\version, \\header, \\score or \\relative lines"))
    }
    // C's preprocessor: a C or C++ file (libmagic's answer) that may quote other languages in
    // its strings and comments, or an assembler file run through cpp, which stays C as libmagic says.
    guard !seen.preprocessor else { return nil }
    if seen.matlabFunction, seen.matlabEnd, !seen.texinfo {
      return found("text/x-matlab", Evidence.language("MATLAB or Octave", "function outputs = name(…) and end"))
    }
    if seen.coffeeFunctions >= 2, !seen.notCoffee, seen.kotlinFunctions == 0 {
      return found("application/vnd.coffeescript", Evidence.language("CoffeeScript", "name = (…) -> function literals"))
    }
    if seen.asmDirective, seen.asmInstructions >= 3 {
      return found("text/x-asm", Evidence.language("assembler", "section or global directives and instruction lines"))
    }
    if seen.csharpUsing { return found("text/x-csharp", Evidence.language("C#", "using System (or .NET, Unity) lines")) }
    if seen.valaUsing, seen.valaStyle >= 2 {
      return found("text/x-vala", Evidence.language("Vala", "using GLib (or GTK, Gee) with no using System, and Vala's style"))
    }
    if seen.perlPragma { return found("text/x-perl", Evidence.language("Perl", "use strict or use warnings")) }
    if seen.gradleApply || (seen.gradleDependencies && seen.gradleConfiguration) {
      return found("text/x-gradle", Evidence.language("a Gradle build script", "apply plugin:, or dependencies with quoted configurations"))
    }
    if seen.schemeDefinition { return found("text/x-scheme", Evidence.language("Scheme", "(define (…) or module forms")) }
    if seen.gcodeLines >= 3, TextFamilies.isGCode(Substring(seen.firstCode)) {
      return found("text/x.gcode", Evidence.language("G-code", "G and M commands"))
    }
    if seen.first == "meta:", seen.kaitaiID {
      return found("text/x-kaitai-struct", Evidence.language("Kaitai Struct", "a meta key with an id first"))
    }
    // Before Kotlin and Java: neither writes Scala's imports, case classes or typed def lines.
    if seen.scalaTelltales >= 2 || (seen.scalaTelltales >= 1 && seen.scalaDefinitions >= 1) || seen.scalaDefinitions >= 3 {
      return found("text/x-scala", Evidence.language("Scala", "scala imports, case classes, implicits, an App object or a main method, or typed def lines"))
    }
    // Before Java: Java writes no `fun` declarations, and Kotlin may call System.out.
    if seen.kotlinFunctions >= 1, !seen.defLines {
      return found("text/x-kotlin", Evidence.language("Kotlin", "fun declarations"))
    }
    if seen.java { return found("text/x-java", Evidence.language("Java", "System.out, main(String[]) or java./android. imports")) }
    if seen.goPackage || seen.goImport, seen.goFunc {
      return found("text/x-go", Evidence.language("Go", "a package or import line and func declarations"))
    }
    if !seen.zigImport, seen.rustDeclarations >= 1, seen.rustDeclarations + seen.rustMacros >= 2 {
      return found("text/rust", Evidence.language("Rust", "fn, impl or use declarations and its macros"))
    }
    if seen.cmakeCommands >= 2, seen.cmakeDistinct {
      return found("text/x-cmake", Evidence.language("CMake", "project, add_executable or find_package commands"))
    }
    return nil
  }
}
