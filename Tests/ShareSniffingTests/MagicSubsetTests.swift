import Foundation
import Testing

@testable import ShareSniffing

/// libmagic asked with only the rules that can match a buffer (`MagicRules`, `MagicSubsets`)
/// gives the answer of the whole database. Two tests hold it, both against libmagic itself:
///
/// - the candidates are a superset of the rules whose first test passes: libmagic lists those
///   when given every top-level rule alone (continuations cut, each described by its number,
///   `MAGIC_CONTINUE`);
/// - the answer from the subset equals the whole database's, on every file of samples/ and of
///   the corpus (when made), on each cut to several lengths, and on copies with bytes changed.
@Suite struct MagicSubsetTests {
  static let database: MagicSubsets.Database? = MagicCookie.database(nil).flatMap(MagicSubsets.Database.shared(path:))

  /// Every buffer the tests look at: each file whole, cut, and with bytes changed at fixed places.
  static func buffers() throws -> [(name: String, bytes: [UInt8])] {
    let root = BufferedSniffTests.root
    let paths = BufferedSniffTests.files(under: root + "/samples") + BufferedSniffTests.files(under: root + "/.build/corpus")
    var buffers: [(String, [UInt8])] = []
    for path in paths {
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
      buffers.append((path, bytes))
      for cut in [1, 2, 3, 8, 17, 64, 300, 511, 4096] where bytes.count > cut {
        buffers.append(("\(path) cut to \(cut)", Array(bytes.prefix(cut))))
      }
      // A NUL, a high byte and a control byte early on; the last byte dropped into a NUL.
      for (at, byte) in [(3, UInt8(0)), (10, UInt8(0xE9)), (1, UInt8(0x01))] where bytes.count > at {
        var changed = bytes
        changed[at] = byte
        buffers.append(("\(path) with \(byte) at \(at)", changed))
      }
      if var last = bytes.last.map({ _ in bytes }) {
        last[last.count - 1] = 0
        buffers.append(("\(path) ending in NUL", last))
      }
    }
    return buffers
  }

  @Test func databaseIsRead() throws {
    let database = try #require(Self.database, "the system's magic.mgc is libmagic 5.44's")
    #expect(database.rules.rules.count > 3000)
    #expect(database.rules.rules.contains { $0.walksAgain })
    #expect(database.rules.rules.contains { $0.isTextTest })
  }

  @Test func candidatesCoverEveryRuleLibmagicPasses() throws {
    let database = try #require(Self.database)
    let oracle = try database.oracle()
    var missed: [String] = []
    var checked = 0
    for (name, bytes) in try Self.buffers() {
      let rules = try bytes.withUnsafeBytes { try database.missedRules(oracle, $0) }
      missed += rules.map { "\(name): rule \($0) (line \(database.rules.rules[$0].lineNumber)) passed in libmagic" }
      checked += 1
    }
    #expect(checked > 1000)
    #expect(missed.count == 0, "\(missed.prefix(40).joined(separator: "\n"))")
  }

  /// The oracle lists what libmagic passes: a JPEG's rule and the always-passing weak rules are
  /// among them (so an empty list of misses means something).
  @Test func oracleNamesPassingRules() throws {
    let database = try #require(Self.database)
    let oracle = try database.oracle()
    let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0, count: 60)
    let described = try jpeg.withUnsafeBytes { try oracle.answer(bytes: $0) }
    #expect(described.split(separator: "R").count > 2, "\(described)")
  }

  @Test func subsetsAnswerAsTheWholeDatabase() throws {
    let database = try #require(Self.database)
    let whole = try MagicCookie()
    let subsets = MagicSubsets(database: database)
    var differ: [String] = []
    var bySubset = 0
    for (name, bytes) in try Self.buffers() {
      let expected = try bytes.withUnsafeBytes { try whole.mimeType(bytes: $0) }
      guard let answer = try bytes.withUnsafeBytes({ try subsets.mimeType(bytes: $0) }) else { continue }
      bySubset += 1
      if answer != expected { differ.append("\(name): whole \(expected), subset \(answer)") }
    }
    #expect(bySubset > 1000)
    #expect(differ.count == 0, "\(differ.prefix(40).joined(separator: "\n"))")
  }

  /// Rules compiled by `file -C` from a few lines of magic source: only the rules whose string
  /// is there are candidates, and their answer is the whole database's. A top-level `indirect`
  /// is no candidate: libmagic 5.44 gives it neither the binary nor the text test bit
  /// (`set_test_type`), so its walk never runs it.
  @Test(arguments: [
    (Self.withIndirect, "HELLO there", MagicRules.Selection.subset([0], allText: false), "text/x-hello"),
    (Self.withIndirect, "other", .subset([], allText: false), "text/plain"),
    (Self.twoStrings, "HELLO there", .subset([0], allText: false), "text/x-hello"),
    (Self.twoStrings, "BYE now", .subset([1], allText: false), "text/x-bye"),
    (Self.twoStrings, "other", .subset([], allText: false), "text/plain"),
    // libmagic's memmem window for a search without flags reaches one place past the range
    // (FuzzMagicSubsets found a value at that place once the window was cut to the range).
    (Self.nearSearch, "'\\\"type", .subset([0], allText: false), "text/x-quote"),
    (Self.nearSearch, "''\\\"type", .subset([], allText: false), "text/plain"),
  ])
  func compiledRules(source: String, buffer: String, expected: MagicRules.Selection, type: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("magic-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(source.utf8).write(to: folder.appendingPathComponent("rules"))
    let compile = Process()
    compile.executableURL = URL(fileURLWithPath: "/usr/bin/file")
    compile.arguments = ["-C", "-m", "rules"]
    compile.currentDirectoryURL = folder
    try compile.run()
    compile.waitUntilExit()
    #expect(compile.terminationStatus == 0)
    let path = folder.appendingPathComponent("rules.mgc").path
    let database = try #require(MagicSubsets.Database.shared(path: path), "file -C wrote libmagic 5.44's layout")
    let bytes = Array(buffer.utf8)
    #expect(bytes.withUnsafeBytes { database.rules.candidates(in: $0) } == expected)
    let whole = try bytes.withUnsafeBytes { try MagicCookie(databasePath: path).mimeType(bytes: $0) }
    let subset = try bytes.withUnsafeBytes { try MagicSubsets(database: database).mimeType(bytes: $0) }
    #expect(whole == type)
    #expect(subset == whole)
  }

  static let nearSearch = "0\tsearch/1\t\\\\\"\tquote\n!:mime\ttext/x-quote\n"
  static let withIndirect = "0\tstring\tHELLO\thello\n!:mime\ttext/x-hello\n0\tindirect\tx\n"
  static let twoStrings =
    "0\tstring\tHELLO\thello\n!:mime\ttext/x-hello\n0\tstring\tBYE\tbye\n!:mime\ttext/x-bye\n"
}
