import Testing

@testable import ShareSniffing

/// The freedesktop tables as share-route reads them.
@Suite struct SharedMimeInfoTests {
  /// Lookups find the rows of the generated table: an extension's claims in row order, an
  /// alias resolved, and nothing for keys no row has.
  @Test func lookupsReadTheRows() {
    #expect(SharedMimeInfo.claimTable.count > 500)
    #expect(SharedMimeInfo.claims(forExtension: "PDF").map(\.type) == ["application/pdf"])
    #expect(SharedMimeInfo.claims(forExtension: "jp").isEmpty)
    #expect(SharedMimeInfo.claims(forExtension: "no-such-extension").isEmpty)
    #expect(SharedMimeInfo.aliasTable.count > 250)
    #expect(SharedMimeInfo.unaliased("application/acrobat") == "application/pdf")
    #expect(SharedMimeInfo.unaliased("application/acro") == "application/acro")
    #expect(SharedMimeInfo.unaliased("image/jpeg") == "image/jpeg")
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
