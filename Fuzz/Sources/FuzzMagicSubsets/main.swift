import FuzzDriver
@testable import ShareSniffing

/// libmagic asked with only the rules that can match a buffer (`MagicSubsets`) against libmagic
/// with its whole database, on any bytes: the same answer, and every rule libmagic passes is
/// among the candidates (the oracle of `MagicSubsetTests`). A difference stops the run.
guard let path = MagicCookie.database(nil), let database = MagicSubsets.Database.shared(path: path),
  let whole = try? MagicCookie(), let oracle = try? database.oracle()
else { fatalError("the system's magic database cannot be read as libmagic 5.44's") }
let subsets = MagicSubsets(database: database)
runFuzzer { input in
  let buffer = UnsafeRawBufferPointer(input)
  guard !buffer.isEmpty else { return }
  guard let missed = try? database.missedRules(oracle, buffer) else { fatalError("the oracle failed") }
  if !missed.isEmpty { fatalError("rules libmagic passes but MagicRules rules out: \(missed)") }
  let expected = try? whole.mimeType(bytes: buffer)
  if let answer = try? subsets.mimeType(bytes: buffer), answer != expected {
    fatalError("subset \(answer), whole database \(expected ?? "an error")")
  }
}
