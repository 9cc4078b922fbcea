/// Shell scripts without a `#!` line, and Vim script.
///
/// libmagic names a shell script by its `#!` line alone. Files that other scripts source (X
/// session fragments, `/etc/profile.d`, Debian's init functions) and zsh's autoloaded functions
/// and completions have none, so they are plain text to it, and the telltale readers took their
/// `export NAME=` lines for JavaScript's exports, `elif` for Python and `#` comments for Markdown
/// headings. Vim script's `func` read as Swift and its `function Name(` as JavaScript; it has no
/// type of its own in freedesktop's database, so it keeps libmagic's answer.
extension TextFamilies {
  /// A shell script: a compound command opened and closed as only the POSIX shell writes them
  /// (`then` and its `fi`, a loop's `do` and its `done`, `case … in` and its `esac`: the opening
  /// keyword ends a line or stands alone, the closing one starts a line, or a one-line `if` or
  /// loop holds both), with a block closed or a function defined at the margin (a snippet in
  /// another language's string is indented), in code rather than in prose quoting it. `nil`
  /// otherwise.
  static func shellScript(_ lines: [Substring]) -> Finding? {
    var opened: Set<String> = []
    var closed: Set<String> = []
    // A script's own code starts at the margin: a block closed there, or a function defined there
    // (`name() {`); a snippet inside another language's string or block is indented.
    var atMargin = false
    for raw in lines.prefix(400) {
      let line = withoutComment(raw.trimmedView())
      guard let first = line.utf8.first, first != UInt8(ascii: "#") else { continue }
      let margin = raw.utf8.first == first
      if let block = shellBlockOpened(line) {
        opened.insert(block)
        // A one-line `if …; then …; fi` or loop closes what it opens.
        if line.hasSuffix("; " + block) || line.hasSuffix(";" + block) {
          closed.insert(block)
          atMargin = atMargin || margin
        }
      }
      if let block = shellBlockClosed(line) {
        closed.insert(block)
        atMargin = atMargin || margin
      }
      if margin && !atMargin && (line.hasSuffix("() {") || line.hasPrefix("function ")) { atMargin = true }
    }
    let blocks = opened.intersection(closed)
    guard !blocks.isEmpty, atMargin else { return nil }
    // Prose that quotes a snippet is mostly sentences; a script is mostly commands (counted only
    // for the few texts that have blocks: it splits every line into words).
    var code = 0
    var prose = 0
    for raw in lines.prefix(400) {
      let line = raw.trimmedView()
      guard let first = line.utf8.first, first != UInt8(ascii: "#") else { continue }
      code += 1
      if isProse(line) { prose += 1 }
    }
    guard prose * 4 < code else { return nil }
    return Finding(type: "text/x-shellscript", evidence: SniffMessages.Evidence.shellBlocks(blocks.sorted()))
  }

  /// A zsh function that zsh autoloads: its first line is the `#compdef` or `#autoload` tag
  /// (`compinit` reads it), alone or before a space or tab. `nil` otherwise.
  static func zshFunction(_ lines: [Substring]) -> Finding? {
    guard let first = lines.first, let tag = zshTags.first(where: { tag in
      let after = first.utf8.dropFirst(tag.utf8.count).first
      return first.hasPrefix(tag) && (after == nil || after == 0x20 || after == 0x09)
    })
    else { return nil }
    return Finding(type: "text/x-shellscript", evidence: SniffMessages.Evidence.zshTag(tag))
  }

  /// The first-line tags of zsh's autoloaded functions.
  static let zshTags = ["#compdef", "#autoload"]

  /// The line without a trailing comment: ` #` and what follows (a `#` inside a word, as in
  /// `${#list}` or `$#`, stays).
  static func withoutComment(_ line: Substring) -> Substring {
    guard let hash = line.utf8.firstIndex(where: { $0 == UInt8(ascii: "#") }), hash != line.utf8.startIndex,
      [0x20, 0x09].contains(line.utf8[line.utf8.index(before: hash)])
    else { return line }
    return Substring(line.utf8[..<hash]).trimmedView()
  }

  /// The compound command a line opens, by the closing keyword it needs: `fi` after `then` (at
  /// the end of an `if`, an `elif` or a condition continued from the line before), `done` after
  /// a loop's `do`, `esac` after `case … in`.
  static func shellBlockOpened(_ line: Substring) -> String? {
    if line == "then" || line.hasSuffix("; then") || line.hasSuffix(";then") { return "fi" }
    if line == "do" || line.hasSuffix("; do") || line.hasSuffix(";do") { return "done" }
    if line.hasPrefix("case "), line.hasSuffix(" in") { return "esac" }
    // One-line blocks: `if …; then …; fi`, `for …; do …; done`.
    if line.hasPrefix("if "), line.hasSuffix("; fi") || line.hasSuffix(";fi"), line.includes("then") { return "fi" }
    if ["for ", "while ", "until "].contains(where: { line.hasPrefix($0) }), line.hasSuffix("; done") || line.hasSuffix(";done"),
      line.includes("do")
    {
      return "done"
    }
    return nil
  }

  /// The closing keyword a line starts with, alone or before `;`, `)`, a pipe, a redirection or
  /// a comment (`done < list`, `fi 2>/dev/null`, `done 1>&2`, `esac;`).
  static func shellBlockClosed(_ line: Substring) -> String? {
    for keyword in ["fi", "done", "esac"] where line.hasPrefix(keyword) {
      let rest = line.dropFirst(keyword.count).trimmedView()
      guard let next = rest.utf8.first else { return keyword }
      if ";)|<>&#".utf8.contains(next) { return keyword }
      // A redirection of a numbered descriptor: `2>/dev/null`, `1>&2`.
      if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next),
        let redirection = rest.utf8.dropFirst().first, redirection == UInt8(ascii: "<") || redirection == UInt8(ascii: ">")
      {
        return keyword
      }
    }
    return nil
  }

  /// A line of prose: six words or more, at least four in five of them plain words (letters,
  /// with an apostrophe or hyphen inside, punctuation or quotes around them). A command line has
  /// options, paths, variables and operators among its words.
  static func isProse(_ line: Substring) -> Bool {
    var words = 0
    var plain = 0
    for word in line.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
      words += 1
      let core = word.utf8.drop { "\"'(".utf8.contains($0) }.reversed().drop { ".,;:!?\"')".utf8.contains($0) }
      if !core.isEmpty, core.allSatisfy({ byte in
        isASCIILetter(byte) || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "-") || byte >= 0x80
      }) {
        plain += 1
      }
    }
    return words >= 6 && plain * 5 >= words * 4
  }

  /// Vim script: its `"` comments or a line that only Vim writes whole (`endfunction`, `endfunc`,
  /// `enddef`, a keymap's `loadkeymap`, `vim9script`), and statements only Vim writes, of at
  /// least three kinds in all (or two besides the comments): a scoped `let` (`g:`, `s:`, `b:`,
  /// `&option`), `call`, `execute`, `setlocal`, autocommands, mappings, `command!`, highlighting,
  /// `function!`, `exists()`; and no Markdown heading. Octave shares `endfunction`, never the rest.
  static func isVimScript(_ lines: [Substring]) -> Bool {
    var kinds: Set<String> = []
    var heading = false
    // The comments and whole-line keywords first: most text has neither, and is done in one cheap pass.
    for raw in lines.prefix(400) {
      let line = raw.trimmedView()
      guard let first = line.utf8.first, first == UInt8(ascii: "\"") || first == UInt8(ascii: "e") || first == UInt8(ascii: "l")
        || first == UInt8(ascii: "v") || first == UInt8(ascii: "#")
      else { continue }
      // A Markdown heading at the margin (`# Install`): a plugin's README quoting its settings,
      // not the script (legacy Vim script writes no such line; Vim9 script's comments start
      // with `#`, and a keymap maps the `#` key, but those say `vim9script` or `loadkeymap`).
      if first == UInt8(ascii: "#") {
        let title = line.utf8.drop(while: { $0 == UInt8(ascii: "#") })
        if raw.utf8.first == first, title.first == 0x20, let letter = title.dropFirst().first, isASCIILetter(letter) {
          heading = true
        }
        continue
      }
      if first == UInt8(ascii: "\"") {
        if line == "\"" || line.hasPrefix("\" ") || line.hasPrefix("\"\t") { kinds.insert("comment") }
      } else if vimLines.contains(line) {
        kinds.insert(String(line))
      }
    }
    guard !kinds.isEmpty, !heading || kinds.contains("vim9script") || kinds.contains("loadkeymap") else { return false }
    for raw in lines.prefix(400) {
      let line = raw.trimmedView()
      // The command's name, not a variable of that name (Octave's `hi = image (…)`).
      if let statement = vimStatements.first(where: { line.hasPrefix($0.prefix) }),
        !"=(".utf8.contains(line.utf8.dropFirst(statement.prefix.utf8.count).first ?? 0)
      {
        kinds.insert(statement.kind)
      }
      if kinds.count >= 3 { break }
    }
    return kinds.count >= 3 || (kinds.count == 2 && !kinds.contains("comment"))
  }

  /// Lines only Vim script writes whole.
  static let vimLines: Set<Substring> = ["endfunction", "endfunc", "enddef", "loadkeymap", "vim9script"]

  /// Line starts only Vim script writes, by kind.
  static let vimStatements: [(prefix: String, kind: String)] = [
    ("let g:", "let"), ("let s:", "let"), ("let b:", "let"), ("let w:", "let"), ("let t:", "let"), ("let l:", "let"),
    ("let &", "let"), ("call ", "call"), ("exe ", "execute"), ("execute ", "execute"), ("setlocal ", "setlocal"),
    ("autocmd ", "autocmd"), ("au ", "autocmd"), ("augroup ", "autocmd"), ("nnoremap ", "mapping"), ("noremap ", "mapping"),
    ("inoremap ", "mapping"), ("vnoremap ", "mapping"), ("xnoremap ", "mapping"), ("onoremap ", "mapping"),
    ("command! ", "command"), ("com! ", "command"), ("syn ", "syntax"), ("syntax ", "syntax"), ("hi ", "syntax"),
    ("hi! ", "syntax"), ("highlight ", "syntax"), ("func! ", "function"), ("function! ", "function"),
    ("if exists(", "exists"), ("if !exists(", "exists"),
  ]
}
