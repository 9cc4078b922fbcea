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
  let expected = try? whole.mimeType(bytes: buffer)
  guard let missed = try? database.missedRules(oracle, buffer) else {
    // libmagic fails on a few buffers itself (`file --mime-type` prints "ERROR: (null)" for
    // some UTF-32 text), and the oracle, libmagic too, with it.
    if let expected { fatalError("the oracle failed where the whole database answered \(expected)") }
    return
  }
  if !missed.isEmpty { fatalError("rules libmagic passes but MagicRules rules out: \(missed)") }
  let answer: String??
  do { answer = try subsets.mimeType(bytes: buffer) } catch { answer = .none }
  switch answer {
  case .none where expected != nil:
    fatalError("the subset failed, whole database \(expected ?? "")")  // the sniffer would fall back
  case .some(.some(let found)) where found != expected:
    fatalError("subset \(found), whole database \(expected ?? "an error")")
  default:
    break  // the same answer, the whole database asked (nil), or both failed
  }
}
