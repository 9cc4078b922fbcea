/// How far a misspelt word is from a known one, for "did you mean" suggestions (lint's type
/// identifiers, the command line's subcommands).
package enum Spelling {
  /// Levenshtein distance between two byte strings: insertions, deletions and substitutions of
  /// one byte each.
  package static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: b.count)
      for (j, y) in b.enumerated() {
        current[j + 1] = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
