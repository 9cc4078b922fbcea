/// Shell scripts without a `#!` line, and Vim script.
///
/// libmagic names a shell script by its `#!` line alone. Files that other scripts source (X
/// session fragments, `/etc/profile.d`, Debian's init functions) and zsh's autoloaded functions
/// and completions have none, so they are plain text to it, and the telltale readers took their
/// `export NAME=` lines for JavaScript's exports, `elif` for Python and `#` comments for Markdown
/// headings. Vim script's `func` read as Swift and its `function Name(` as JavaScript; it has no
/// type of its own in freedesktop's database, so it stays plain text.
extension TextFamilies {
  /// A shell script: a compound command opened and closed as only the POSIX shell writes them
  /// (`if … then` and its `fi`, a loop's `do` and its `done`, `case … in` and its `esac`, each
  /// keyword ending a line or standing on its own), in code rather than in prose quoting it; or
  /// zsh's `#compdef` or `#autoload` tag on the first line. `nil` otherwise.
  static func shellScript(_ lines: [Substring]) -> Finding? {
    if let first = lines.first, zshTags.contains(where: { first == $0 || first.hasPrefix($0 + " ") }) {
      return Finding(type: "text/x-shellscript", evidence: SniffMessages.Evidence.zshTag(String(first.prefix(9))))
    }
    var opened: Set<String> = []
    var closed: Set<String> = []
    for raw in lines.prefix(400) {
      let line = raw.trimmedView()
      guard let first = line.utf8.first, first != UInt8(ascii: "#") else { continue }
      if let block = shellBlockOpened(line) { opened.insert(block) }
      if let block = shellBlockClosed(line) { closed.insert(block) }
    }
    let blocks = opened.intersection(closed)
    guard !blocks.isEmpty else { return nil }
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

  /// The first-line tags of zsh's autoloaded functions (`compinit` reads `#compdef`).
  static let zshTags = ["#compdef", "#autoload"]

  /// The compound command a line opens, by the closing keyword it needs: `fi` after `if …; then`
  /// or `elif …; then` (or a `then` of its own), `done` after a loop's `do`, `esac` after `case … in`.
  static func shellBlockOpened(_ line: Substring) -> String? {
    if line == "then" || line.hasSuffix("; then"), line.hasPrefix("if ") || line.hasPrefix("elif ") || line == "then" {
      return "fi"
    }
    if line == "do" || line.hasSuffix("; do"), line == "do" || ["for ", "while ", "until ", "select "].contains(where: { line.hasPrefix($0) }) {
      return "done"
    }
    if line.hasPrefix("case "), line.hasSuffix(" in") { return "esac" }
    return nil
  }

  /// The closing keyword a line starts with, alone or before `;`, `)`, a pipe, a redirection or
  /// a comment (`done < list`, `fi 2>/dev/null`, `esac;`).
  static func shellBlockClosed(_ line: Substring) -> String? {
    for keyword in ["fi", "done", "esac"] where line.hasPrefix(keyword) {
      let rest = line.dropFirst(keyword.count).trimmedView()
      guard let next = rest.utf8.first else { return keyword }
      if ";)|<>&#".utf8.contains(next) || rest.hasPrefix("2>") { return keyword }
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
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "-") || byte >= 0x80
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
  /// `function!`, `exists()`. Octave shares `endfunction`, never the rest.
  static func isVimScript(_ lines: [Substring]) -> Bool {
    var kinds: Set<String> = []
    // The comments and whole-line keywords first: most text has neither, and is done in one cheap pass.
    for raw in lines.prefix(400) {
      let line = raw.trimmedView()
      guard let first = line.utf8.first, first == UInt8(ascii: "\"") || first == UInt8(ascii: "e") || first == UInt8(ascii: "l")
        || first == UInt8(ascii: "v")
      else { continue }
      if first == UInt8(ascii: "\"") {
        if line == "\"" || line.hasPrefix("\" ") || line.hasPrefix("\"\t") { kinds.insert("comment") }
      } else if vimLines.contains(line) {
        kinds.insert(String(line))
      }
    }
    guard !kinds.isEmpty else { return false }
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
