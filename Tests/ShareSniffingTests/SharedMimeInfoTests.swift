import Testing

@testable import ShareSniffing

/// The freedesktop tables' quick paths read the same rows as the tables they stand in for.
@Suite struct SharedMimeInfoTests {
  /// Every extension's claims read from the glob rows equal the built table's, in order; an
  /// unknown extension has none.
  @Test func claimsFromRowsAreTheTables() {
    #expect(SharedMimeInfo.claimTable.count > 500)
    for (ext, claims) in SharedMimeInfo.claimTable {
      let read = SharedMimeInfo.claimsFromRows(ext)
      #expect(read.map(\.type) == claims.map(\.type), "\(ext)")
      #expect(read.map(\.weight) == claims.map(\.weight), "\(ext)")
    }
    #expect(SharedMimeInfo.claimsFromRows("no-such-extension").isEmpty)
    // A prefix of an extension is not that extension.
    #expect(SharedMimeInfo.claimsFromRows("jp").map(\.type) == (SharedMimeInfo.claimTable["jp"] ?? []).map(\.type))
  }

  /// A key that no row can have (empty, after a space, holding a tab or a line break) reads no
  /// rows, as the tables have no such key, even where its bytes occur in the text.
  @Test(arguments: [
    ("", ""), (" jpg", " application/acrobat"), ("  jpg", "  application/acrobat"),
    ("jpg\timage/jpeg", "application/acrobat\tapplication/pdf"), ("jp\ng", "application/\nacrobat"),
    ("\tjpg", "\tapplication/acrobat"),
  ])
  func keysNoRowHasReadNothing(ext: String, alias: String) {
    #expect(SharedMimeInfo.claimTable[ext] == nil)
    #expect(SharedMimeInfo.claimsFromRows(ext).isEmpty, "\(ext.debugDescription)")
    #expect(SharedMimeInfo.aliasTable[alias] == nil)
    #expect(SharedMimeInfo.aliasFromRows(alias) == nil, "\(alias.debugDescription)")
  }

  /// Every alias read from the alias rows resolves as the built table resolves it; a type that
  /// is no alias, or a prefix of one, has no row.
  @Test func aliasesFromRowsAreTheTable() {
    #expect(SharedMimeInfo.aliasTable.count > 250)
    for (alias, type) in SharedMimeInfo.aliasTable {
      #expect(SharedMimeInfo.aliasFromRows(alias) == type, "\(alias)")
      #expect(SharedMimeInfo.aliasFromRows(type) == SharedMimeInfo.aliasTable[type], "\(type)")
    }
    #expect(SharedMimeInfo.aliasFromRows("application/acrobat") == "application/pdf")
    #expect(SharedMimeInfo.aliasFromRows("application/acro") == nil)
    #expect(SharedMimeInfo.aliasFromRows("image/jpeg") == nil)
  }

  /// The answers freedesktop's rules may refine are the first field of every refining row: text,
  /// unknown data, the containers.
  @Test func refinableAnswersAreEveryRowsFirstField() {
    var expected: Set<String> = []
    SharedMimeInfo.rows(SharedMimeInfo.refiningRows, fields: 2) { expected.insert($0[0]) }
    #expect(SharedMimeInfo.refinableAnswers.isSuperset(of: expected))
    #expect(SharedMimeInfo.refinableAnswers.isSuperset(of: ["text/plain", "application/octet-stream", "text/troff"]))
    #expect(!SharedMimeInfo.refinableAnswers.contains(""))
    #expect(SharedMimeInfo.refinableAnswers.count == SharedMimeInfo.refiningRows.split(separator: "\n").count)
  }
}
