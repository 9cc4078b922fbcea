/// Scripts by their `#!` line: the interpreter named (directly or through `env`, with its
/// options and `NAME=value` settings skipped, `-S` too) decides the script's type.
extension TextFamilies {
  /// Interpreter names (version digits removed: `python3.12` → `python`) and their types.
  static let interpreters: [String: String] = [
    "python": "text/x-python", "pypy": "text/x-python",
    "sh": "text/x-shellscript", "bash": "text/x-shellscript", "dash": "text/x-shellscript",
    "zsh": "text/x-shellscript", "ksh": "text/x-shellscript", "mksh": "text/x-shellscript",
    "ash": "text/x-shellscript", "busybox": "text/x-shellscript",
    "perl": "text/x-perl", "ruby": "text/x-ruby", "php": "text/x-php",
    "lua": "text/x-lua", "luajit": "text/x-lua",
    "tclsh": "text/x-tcl", "tcl": "text/x-tcl", "wish": "text/x-tcl", "expect": "text/x-tcl",
    "node": "text/javascript", "nodejs": "text/javascript",
  ]

  /// The script type a first line `#!…` names, or `nil`.
  static func shebang(_ bytes: [UInt8]) -> Finding? {
    guard bytes.has("#!".bytes) else { return nil }
    let lineEnd = bytes.firstIndex(of: [0x0A]) ?? min(bytes.count, 4096)
    guard lineEnd <= 4096 else { return nil }
    let line = String(decoding: bytes[2..<lineEnd], as: UTF8.self)
    var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)[...]
    guard let program = words.popFirst() else { return nil }
    var name = baseName(program)
    if name == "env" {
      // env [-i] [-u NAME] [-S] [NAME=value]… program
      while let word = words.first, word.hasPrefix("-") || word.contains("=") {
        words.removeFirst()
        if word == "-u" || word == "--unset" || word == "-C" || word == "--chdir" { _ = words.popFirst() }
      }
      guard let program = words.first else { return nil }
      name = baseName(program)
    }
    let stem = String(name.reversed().drop { $0.isNumber || $0 == "." }.reversed())
    guard let type = interpreters[stem] ?? interpreters[name] else { return nil }
    return Finding(type: type, evidence: SniffMessages.Evidence.shebang(name))
  }

  private static func baseName(_ path: String) -> String {
    String(path.split(separator: "/").last ?? Substring(path))
  }
}
