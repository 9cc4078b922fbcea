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

  /// The oracle: every top-level rule alone, described by its index, with the named set.
  static func oracle(_ database: MagicSubsets.Database) throws -> MagicCookie {
    let rules = database.rules
    let size = MagicRules.Layout.entrySize
    let alone = MagicBuffer(main: rules.rules.count, named: 0) { target in
      rules.bytes.withUnsafeBytes { source in
        for (index, rule) in rules.rules.enumerated() {
          let entry = UnsafeMutableRawBufferPointer(rebasing: target[(index * size)..<((index + 1) * size)])
          let start = MagicRules.entryOffset(rule.entry)
          entry.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[start..<(start + size)]))
          // The description is the index; no MIME type, extension or Apple type to stop at.
          let description = Array("R\(index)\u{0}".utf8)
          for offset in 160..<size { entry[offset] = 0 }
          for (offset, byte) in description.enumerated() { entry[160 + offset] = byte }
        }
      }
    }
    return try MagicCookie(buffers: [alone, database.named], describing: true)
  }

  @Test func candidatesCoverEveryRuleLibmagicPasses() throws {
    let database = try #require(Self.database)
    let rules = database.rules
    let oracle = try Self.oracle(database)
    var missed: [String] = []
    var checked = 0
    for (name, bytes) in try Self.buffers() {
      let described = try bytes.withUnsafeBytes { try oracle.mimeType(bytes: $0) }
      let passed = Set(described.split(separator: "R").compactMap { Int($0.prefix { $0.isNumber }) })
      let text = bytes.withUnsafeBytes { MagicRules.asciiText($0) }
      bytes.withUnsafeBytes { buffer in
        rules.patterns.withUnsafeBytes { pool in
          for index in passed.sorted() {
            let rule = rules.rules[index]
            let binary = rule.isBinaryTest && rules.mayPass(rule, buffer, pool)
            let asText =
              rule.isTextTest
              && (text.map { rules.mayPass(rule, UnsafeRawBufferPointer(rebasing: buffer[..<$0]), pool) } ?? true)
            if !binary && !asText { missed.append("\(name): rule \(index) (line \(rule.lineNumber)) passed in libmagic") }
            checked += 1
          }
        }
      }
    }
    #expect(checked > 1000)
    #expect(missed.count == 0, "\(missed.prefix(40).joined(separator: "\n"))")
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
}
