import ArgumentParser

/// `--generate-completion-script bash`: the parser's script, with what `route` completes (its
/// options and files) offered at the top level too, since `route` is the default subcommand:
/// `share-route --pla<TAB>` completes as `share-route route --pla<TAB>` does. Other shells get
/// the parser's script as it is (there, `route`'s options complete after `share-route route`).
enum Completions {
  /// The script `arguments` ask for, when they ask for bash's; `nil` otherwise (the parser
  /// answers).
  static func script(_ arguments: [String]) -> String? {
    let shell: String?
    switch arguments.count {
    case 2 where arguments[0] == "--generate-completion-script": shell = arguments[1]
    case 1 where arguments[0].hasPrefix("--generate-completion-script="):
      shell = String(arguments[0].dropFirst("--generate-completion-script=".count))
    default: shell = nil
    }
    guard shell == "bash" else { return nil }
    return withRouteAtTheTop(ShareRoute.completionScript(for: .bash))
  }

  /// The top level's fallback branch (a word that is no subcommand) also runs `route`'s
  /// completion over the words after the command name. The script as given when its shape is
  /// not the one expected.
  static func withRouteAtTheTop(_ script: String) -> String {
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
}
