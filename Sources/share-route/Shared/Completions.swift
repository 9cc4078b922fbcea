import ArgumentParser

/// `--generate-completion-script bash|zsh|fish`: the parser's script, with what `route` completes
/// (its options and files) offered at the top level too, since `route` is the default subcommand:
/// `share-route --pla<TAB>` completes as `share-route route --pla<TAB>` does, and
/// `share-route photo.jpg --acc<TAB>` as `share-route route photo.jpg --acc<TAB>`. Each patch
/// looks for the shape the parser writes and leaves the script as it is when that shape is not there.
enum Completions {
  /// The script `arguments` ask for; `nil` when they ask for none (or for a shell the parser
  /// answers alone).
  static func script(_ arguments: [String]) -> String? {
    let name: String?
    switch arguments.count {
    case 2 where arguments[0] == "--generate-completion-script": name = arguments[1]
    case 1 where arguments[0].hasPrefix("--generate-completion-script="):
      name = String(arguments[0].dropFirst("--generate-completion-script=".count))
    default: name = nil
    }
    let script: String
    switch name.flatMap(CompletionShell.init(rawValue:)) {
    case .bash?: script = bash(ShareRoute.completionScript(for: .bash))
    case .zsh?: script = zsh(ShareRoute.completionScript(for: .zsh))
    case .fish?: script = fish(ShareRoute.completionScript(for: .fish))
    default: return nil
    }
    // Whole lines, as the parser prints it.
    return script.hasSuffix("\n") ? script : script + "\n"
  }

  /// The words that name a subcommand at the top level (the parser adds `help`).
  static var subcommandNames: [String] { ShareRoute.configuration.subcommands.map { $0._commandName } + ["help"] }

  /// Bash: the top level's fallback branch (a word that is no subcommand) also runs `route`'s
  /// completion over the words after the command name.
  static func bash(_ script: String) -> String {
    let marker = "        # Offer subcommand completions\n"
    guard let start = script.range(of: marker), let end = script.range(of: "        ;;\n", range: start.upperBound..<script.endIndex)
    else { return script }
    let addition = """
              # route is the default subcommand: its options and files complete here too.
              unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")
              "_share-route_route"

      """
    var patched = script
    patched.insert(contentsOf: addition, at: end.lowerBound)
    return patched
  }

  /// Zsh: the first word offers `route`'s completions beside the subcommands, and words after a
  /// first word that names no subcommand are completed as `route`'s (the command name put back
  /// in front, so an option's value is still seen as one).
  static func zsh(_ script: String) -> String {
    let describe = "        _describe -V subcommand subcommands && ret=0\n"
    let dispatch = "            \"_share-route_${words[1]}\" && ret=0\n            ;;\n"
    guard let first = script.range(of: describe), let other = script.range(of: dispatch) else { return script }
    var patched = script
    patched.insert(
      contentsOf: """
                *)
                    # route is the default subcommand: these words are route's.
                    words=("${command_name}" "${words[@]}")
                    (( CURRENT++ ))
                    _share-route_route && ret=0
                    ;;

        """, at: other.upperBound)
    patched.insert(
      contentsOf: """
                # route is the default subcommand: its options and files complete here too.
                _share-route_route && ret=0

        """, at: first.upperBound)
    return patched
  }

  /// Fish: the tokens are read as `share-route route …` when the first one names no subcommand
  /// (or the word being completed is an option), and the first word offers files too.
  static func fish(_ script: String) -> String {
    let tokens = "    set -l unparsed_tokens (__share-route_tokens -pc)\n"
    let lastSubcommand = "-fa 'help' -d 'Show subcommand help information.'\n"
    guard let read = script.range(of: tokens), let files = script.range(of: lastSubcommand) else { return script }
    let topLevel = (subcommandNames + ["--version", "-h", "--help"]).joined(separator: " ")
    var patched = script
    patched.insert(
      contentsOf: """
        complete -c 'share-route' -n '__share-route_should_offer_completions_for_positional "share-route" -eq 1' -F

        """, at: files.upperBound)
    patched.insert(
      contentsOf: """
            # route is the default subcommand: words that name none are route's (share-route --pla<TAB>).
            set -l first $unparsed_tokens[2]
            set -q unparsed_tokens[2]; or set first (string match -- '-*' (commandline -ct))
            if test -n "$first"; and not contains -- $first \(topLevel)
                set unparsed_tokens $unparsed_tokens[1] route $unparsed_tokens[2..]
            end

        """, at: read.upperBound)
    return patched
  }
}
