import Testing

@testable import ShareRouting
@testable import ShareVocabulary

/// The one escaping function for values from outside, and the excerpts diagnostics quote.
@Suite struct PrintableTests {
  @Test(arguments: [
    ("plain.jpg", "plain.jpg"),
    ("café ☕ 日本", "café ☕ 日本"),
    ("a\nb", "a\\nb"),
    ("a\rb", "a\\rb"),
    ("tab\there", "tab\\there"),
    ("\u{1B}]52;c;cHduZWQ=\u{07}", "\\u{1B}]52;c;cHduZWQ=\\u{07}"),
    ("\u{1B}[2J", "\\u{1B}[2J"),
    ("\u{9B}31m", "\\u{009B}31m"),
    ("\u{9D}0;title\u{9C}", "\\u{009D}0;title\\u{009C}"),
    ("\u{7F}", "\\u{7F}"),
    ("line\u{2028}sep", "line\\u{2028}sep"),
    ("\u{202E}gpj.exe", "\\u{202E}gpj.exe"),
    ("\u{2066}isolate\u{2069}", "\\u{2066}isolate\\u{2069}"),
    ("back\\slash", "back\\slash"),
  ])
  func controlCharactersAreEscaped(_ value: String, _ shown: String) {
    #expect(Printable.escaped(value) == shown)
    #expect(!Printable.escaped(value).unicodeScalars.contains { Printable.needsEscape($0) })
  }

  @Test(arguments: [
    (String(repeating: "a", count: 80), String(repeating: "a", count: 80)),
    (String(repeating: "a", count: 81), String(repeating: "a", count: 80) + "…"),
    ("root:x:0:0:root:/root:/bin/bash\n" + String(repeating: "secret", count: 5000), "root:x:0:0:root:/root:/bin/bash\\n" + String(repeating: "secret", count: 8) + "…"),
    (String(repeating: "é", count: 100), String(repeating: "é", count: 80) + "…"),
    ("short", "short"),
  ])
  func excerptsAreShortAndEscaped(_ value: String, _ excerpt: String) {
    #expect(Printable.excerpt(value) == excerpt)
  }

  /// A message keeps its own line breaks; controls inside are escaped.
  @Test func messagesKeepTheirLines() {
    #expect(Printable.message("error at 1:2\n    ANY x\n    ^") == "error at 1:2\n    ANY x\n    ^")
    #expect(Printable.message("name \u{1B}[31mred\nnext") == "name \\u{1B}[31mred\nnext")
  }

  /// A manifest that is another file (a symlink to a secret) is quoted, not printed.
  @Test func aManifestThatIsASecretIsQuotedShort() throws {
    let secret = "TOP" + String(repeating: "secret-line\n", count: 2000)
    let directory = try scratchDirectory(texts: ["x.yaml": secret])
    let set = ManifestLoader.load(paths: [directory])
    let message = try #require(set.errors.first?.description)
    #expect(message.count < 300, "\(message)")
    // YAML folds the lines of a plain scalar; 80 characters of it are quoted, no more.
    let quoted = try #require(message.split(separator: "'").dropFirst().first)
    #expect(quoted.count == 81 && quoted.hasPrefix("TOPsecret-line secret-line") && quoted.hasSuffix("…"))
  }

  /// A one-line predicate of 30,000 characters: the caret shows a window around the column.
  @Test func caretsShowAWindowOfLongLines() {
    let source = String(repeating: "x", count: 30_000) + " ==\u{1B} "
    let caret = PredicateText.caret(at: 30_001, in: source)
    let lines = caret.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines[0].count < 100 && lines[0].hasPrefix("…"))
    #expect(lines[1].count == 32 && lines[1].hasSuffix("^"))
  }
}

/// Work budgets: one rule's cost over one share is bounded, and so is a share's size.
@Suite struct PredicateBudgetTests {
  /// A rule that compares every attachment with every other (parsed in each test: a static
  /// parsed tree would outlive the run and read as a leak under ASan).
  static func pairwise() throws -> ActivationPredicate {
    try ActivationPredicate.parse(
      "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, SUBQUERY($e.attachments, $b, "
        + "ANY $b.registeredTypeIdentifiers IN $a.registeredTypeIdentifiers).@count > 1).@count > 0).@count == 1")
  }

  @Test(arguments: [(10, false), (200, false), (3000, true)])
  func pairwiseRulesStopAtTheBudget(_ count: Int, _ overBudget: Bool) throws {
    let attachments = (0..<count).map { Attachment(types: ["public.jpeg"], label: "p\($0).jpg") }
    let outcome = try Self.pairwise().evaluate(attachments)
    if overBudget {
      guard case .overBudget(let why) = outcome else {
        Issue.record("\(outcome)")
        return
      }
      #expect(why.contains("more than 1000000 evaluation steps"))
    } else {
      #expect(outcome == .accepted)
    }
  }

  @Test func overBudgetRulesRefuseWithTheirOwnCodeAndTheRestRoutes() throws {
    let handlers = [
      HandlerManifest(id: "pairwise", label: "Pairwise", activationRule: .predicate(try Self.pairwise())),
      HandlerManifest(id: "images", label: "Images", activationRule: .dictionary(ActivationDictionary([.imageMaxCount: .integer(10_000)]))),
    ]
    let items = (0..<3000).map { _ in ShareItem.declared(uti: "public.jpeg") }
    let route = try Router(handlers: handlers).route(items: items)
    #expect(route.accepted.map(\.id) == ["images"])
    #expect(route.rejected.first?.reasons.map(\.code) == [.predicateBudget])
  }

  @Test func aShareHoldsAtMostTenThousandItems() throws {
    let router = Router(handlers: [])
    #expect(throws: RoutingError.tooManyItems(10_001, limit: 10_000)) {
      try router.route(items: Array(repeating: try ShareItem.text("t"), count: 10_001))
    }
    #expect(throws: Never.self) { try router.route(items: Array(repeating: try ShareItem.text("t"), count: 10_000)) }
  }

  /// `utf8Precedes` orders as `utf8.lexicographicallyPrecedes` does, on every pair of a set of
  /// names with prefixes, cases, non-ASCII and empty names.
  @Test func utf8PrecedesIsByteOrder() {
    let names = ["", "a", "A", "a.yaml", "a.yml", "ab", "b", "café.yaml", "cafe\u{301}.yaml", "Ω", "z", "zz", "😀", "a\u{0}b"]
    for left in names {
      for right in names {
        #expect(left.utf8Precedes(right) == left.utf8.lexicographicallyPrecedes(right.utf8), "\(left) \(right)")
      }
    }
  }
}
