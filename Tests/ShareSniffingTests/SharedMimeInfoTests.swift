import Testing

@testable import ShareSniffing

/// The freedesktop tables as share-route reads them.
@Suite struct SharedMimeInfoTests {
  /// Lookups find the rows of the generated table: an extension's claims in row order, an
  /// alias resolved, and nothing for keys no row has.
  @Test func lookupsReadTheRows() {
    #expect(SharedMimeInfo.claims(forExtension: "PDF").map(\.type) == ["application/pdf"])
    #expect(SharedMimeInfo.claims(forExtension: "jp").isEmpty)
    #expect(SharedMimeInfo.claims(forExtension: "no-such-extension").isEmpty)
    #expect(SharedMimeInfo.typeByAlias.count > 250)
    #expect(SharedMimeInfo.unaliased("application/acrobat") == "application/pdf")
    #expect(SharedMimeInfo.unaliased("application/acro") == "application/acro")
    #expect(SharedMimeInfo.unaliased("image/jpeg") == "image/jpeg")
  }

  /// The generated lists are searched by halving: each must be sorted by its key, with no key
  /// twice, and every row must be found by its key (and a key between two rows by none).
  @Test func listsAreSortedAndFound() {
    let lists: [(name: String, keys: [String])] = [
      ("parentsByType", SharedMimeInfo.parentsByType.map(\.type)), ("typeNames", SharedMimeInfo.typeNames),
      ("typeByAlias", SharedMimeInfo.typeByAlias.map(\.alias)),
    ]
    for list in lists {
      #expect(list.keys.count > 250, "\(list.name)")
      for (before, after) in zip(list.keys, list.keys.dropFirst()) {
        #expect(before < after, "\(list.name): \(before) before \(after)")
      }
    }
    for row in SharedMimeInfo.parentsByType {
      #expect(SharedMimeInfo.parents(of: row.type) == row.parents)
      #expect(SharedMimeInfo.parents(of: row.type + "~").isEmpty)
    }
    for alias in SharedMimeInfo.typeByAlias {
      #expect(SharedMimeInfo.unaliased(alias.alias) == alias.type)
      #expect(SharedMimeInfo.isKnown(alias.alias), "\(alias.alias)")
    }
    for type in SharedMimeInfo.typeNames {
      #expect(SharedMimeInfo.isKnown(type))
      #expect(!SharedMimeInfo.isKnown(type + "~"))
    }
  }

  /// The binary search over the table's text finds every extension's rows, in row order, and
  /// nothing between or around them: each of the table's extensions, each with a letter more
  /// or less, and names before the first row and after the last.
  @Test func everyExtensionIsFoundByItsSearch() {
    var expected: [String: [String]] = [:]
    var order: [String] = []
    SharedMimeInfo.rows(SharedMimeInfo.globRows, fields: 3) { fields in
      if expected[fields[0]] == nil { order.append(fields[0]) }
      expected[fields[0], default: []].append(fields[1] + " " + fields[2])
    }
    #expect(order.count > 500)
    for ext in order {
      #expect(SharedMimeInfo.claims(forExtension: ext).map { "\($0.type) \($0.weight)" } == expected[ext], "\(ext)")
      for near in [ext + "~", String(ext.dropLast()) + "~", "~" + ext] where expected[near] == nil {
        #expect(SharedMimeInfo.claims(forExtension: near).isEmpty, "\(near)")
      }
    }
    #expect(SharedMimeInfo.claims(forExtension: "").isEmpty)
    #expect(SharedMimeInfo.claims(forExtension: "0").isEmpty)
    #expect(SharedMimeInfo.claims(forExtension: "\u{10FFFF}").isEmpty)
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
