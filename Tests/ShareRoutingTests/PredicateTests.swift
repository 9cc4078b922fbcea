import Testing

@testable import ShareRouting

// Type identifiers used below.
private let pdf = "com.adobe.pdf"
private let jpeg = "public.jpeg"
private let png = "public.png"
private let mov = "com.apple.quicktime-movie"
private let text = "public.plain-text"
private let url = "public.url"
private let fileURL = "public.file-url"
private let pkpass = "com.apple.pkpass"
private let custom = "com.example.custom"

/// One attachment per element; an element with several types is one attachment registering them.
private func share(_ attachments: [[String]]) -> [ShareRouting.Attachment] {
  attachments.enumerated().map { ShareRouting.Attachment(types: $0.element, label: "item\($0.offset)") }
}

private func any(_ type: String, _ variable: String = "attachment") -> String {
  "ANY $\(variable).registeredTypeIdentifiers UTI-CONFORMS-TO \"\(type)\""
}

private func anyOf(_ types: [String]) -> String { types.map { any($0) }.joined(separator: " || ") }

/// Apple's "every attachment of the (single) item" idiom, §2.3.
private func everyAttachment(_ inner: String, outer: String) -> String {
  "SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \(inner)).@count == $extensionItem.attachments.@count).@count \(outer)"
}

/// "N attachments of a kind" inside the item, §2.3.
private func counted(_ inner: String, _ comparison: String, outer: String) -> String {
  "SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \(inner)).@count \(comparison)).@count \(outer)"
}

/// A real rule of `docs/ios.md#predicate-strings` (rebuilt from its essence there), with shares it
/// must accept and shares it must refuse.
struct RealRule: CustomTestStringConvertible, Sendable {
  let number: String
  let rule: String
  let accepts: [[[String]]]
  let refuses: [[[String]]]
  var testDescription: String { "§2.4 #\(number)" }
}

private let realRules: [RealRule] = [
  RealRule(
    number: "1 Apple PDF",
    rule: """
      SUBQUERY (
          extensionItems,
          $extensionItem,
          SUBQUERY (
              $extensionItem.attachments,
              $attachment,
              ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf"
          ).@count == $extensionItem.attachments.@count
      ).@count == 1
      """,
    accepts: [[[pdf]], [[pdf], [pdf]]],
    refuses: [[[pdf], [jpeg]], [[jpeg]], [[text]]]),
  RealRule(
    number: "2 Apple custom types",
    rule: everyAttachment(
      any("org.appextension.action-one") + " || " + any("org.appextension.action-two"), outer: "== 1"),
    accepts: [[["org.appextension.action-one"]], [["org.appextension.action-one"], ["org.appextension.action-two"]]],
    refuses: [[[jpeg]], [["org.appextension.action-one"], [jpeg]]]),
  RealRule(
    number: "3 Telegram",
    rule: everyAttachment(
      anyOf([fileURL, "public.movie", "public.image", url, "public.text", "public.audio", "public.data", "public.vcard", pkpass]),
      outer: "> 0"),
    accepts: [[[jpeg]], [[pdf], [mov], [text]], [[url]], [[pkpass]]],
    refuses: [[[custom]], [[jpeg], [custom]]]),
  RealRule(
    number: "4 DuckDuckGo (<= 2 alone also passes zero matches)",
    rule: counted(anyOf([url, text]), "<= 2", outer: "== 1"),
    accepts: [[[url]], [[text]], [[url], [text]], [[jpeg]]],
    refuses: [[[url], [url], [text]]]),
  RealRule(
    number: "5 Signal",
    rule: counted(anyOf(["public.data", url]), ">= 1", outer: "== 1"),
    accepts: [[[jpeg]], [[url]], [[text]], [[jpeg], [pkpass]]],
    refuses: [[[pkpass]]]),
  RealRule(
    number: "6 Chromium (file URLs conform to public.url)",
    rule: counted(any(url), "== 1", outer: "== 1"),
    accepts: [[[url]], [[fileURL]], [[url], [jpeg]]],
    refuses: [[[url], [url]], [[text]], [[url, text]]]),
  RealRule(
    number: "7 Chromium test extension",
    rule: counted("(\(any(url))) AND (NOT (\(any(fileURL))))", "== 1", outer: "== 1"),
    accepts: [[[url]]],
    refuses: [[[fileURL]], [[url], [url]]]),
  RealRule(
    number: "8 share_handler",
    rule: counted(anyOf([fileURL, "public.image", "public.text", "public.movie", url]), "> 0", outer: "> 0"),
    accepts: [[[jpeg]], [[jpeg], [pdf]]],
    refuses: [[[pdf]], [[pkpass]]]),
  RealRule(
    number: "9 receive_sharing_intent",
    rule: everyAttachment(
      anyOf([fileURL, "public.image", "public.text", "public.movie", url, "public.data", "public.audio", "public.vcard"]),
      outer: "> 0"),
    accepts: [[[pdf]], [[jpeg], [pdf], [text]]],
    refuses: [[[pkpass]]]),
  RealRule(
    number: "10 BreckoEC generated (== 1)",
    rule: counted(anyOf(["public.image", "public.movie"]), "== 1", outer: "== 1"),
    accepts: [[[jpeg]], [[mov], [pdf]]],
    refuses: [[[jpeg], [jpeg]], [[pdf]]]),
  RealRule(
    number: "10 BreckoEC after PR #1 (>= 1)",
    rule: counted(anyOf(["public.image", "public.movie"]), ">= 1", outer: "== 1"),
    accepts: [[[jpeg]], [[jpeg], [jpeg]]],
    refuses: [[[pdf]]]),
  RealRule(
    number: "11 Firefox SendTo",
    rule: counted(any(url), "> 0", outer: "== 1"),
    accepts: [[[url]], [[url], [text]]],
    refuses: [[[text]], [[url, text]]]),
  RealRule(
    number: "12 one movie, no image",
    rule: "SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \(any("public.movie"))).@count == 1 AND SUBQUERY ($extensionItem.attachments, $attachment, \(any("public.image"))).@count == 0).@count == 1",
    accepts: [[[mov]]],
    refuses: [[[mov], [jpeg]], [[mov], [mov]], [[jpeg]]]),
  RealRule(
    number: "13 WordPress (< 3 images also passes zero)",
    rule: "SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, \(anyOf([jpeg, png, "com.compuserve.gif"]))).@count < 3 OR SUBQUERY ($extensionItem.attachments, $attachment, \(any("public.text"))).@count >= 1 OR SUBQUERY ($extensionItem.attachments, $attachment, \(any(url))).@count >= 1).@count == 1",
    accepts: [[[jpeg], [png]], [[text]], [[pdf]], [[jpeg], [jpeg], [jpeg], [url]]],
    refuses: [[[jpeg], [jpeg], [jpeg]]]),
  RealRule(
    number: "14 react-native-receive-sharing-intent #49",
    rule: "SUBQUERY (extensionItems, $extensionItem, (SUBQUERY ($extensionItem.attachments, $attachment, \(anyOf([jpeg, png]))).@count <= 4 AND SUBQUERY ($extensionItem.attachments, $attachment, \(any("public.movie"))).@count == 0) OR (SUBQUERY ($extensionItem.attachments, $attachment, \(anyOf([jpeg, png]))).@count == 0 AND SUBQUERY ($extensionItem.attachments, $attachment, \(any("public.movie"))).@count == 1) OR (SUBQUERY ($extensionItem.attachments, $attachment, \(any(url))).@count == 1)).@count == 1",
    accepts: [[[jpeg], [jpeg], [png], [png]], [[mov]], [[url]]],
    refuses: [[[jpeg], [jpeg], [jpeg], [png], [png]], [[jpeg], [mov]], [[mov], [mov]]]),
  RealRule(
    number: "15 PSPDFKit",
    rule: counted(anyOf([pdf, fileURL]), ">= 1", outer: ">= 1"),
    accepts: [[[pdf]], [[pdf], [jpeg]]],
    refuses: [[[jpeg]]]),
  RealRule(
    number: "16 precedence trap (NOT > AND > OR)",
    rule: counted("\(any(url)) || \(any("public.text")) || \(any("public.data")) AND NOT (\(any(jpeg))) AND NOT (\(any(png)))", ">= 1", outer: "== 1"),
    accepts: [[[text]], [[url]], [[pdf]], [[jpeg, text]]],
    refuses: [[[jpeg]], [[png]]]),
  RealRule(
    number: "17 image-only, every attachment",
    rule: everyAttachment(any("public.image"), outer: "== 1"),
    accepts: [[[jpeg], [png]]],
    refuses: [[[jpeg], [pdf]]]),
  RealRule(
    number: "17 one URL (== 1 == 1)",
    rule: "subquery(extensionItems, $e, subquery($e.attachments, $a, any $a.registeredTypeIdentifiers uti-conforms-to 'public.url').@count == 1).@count == 1",
    accepts: [[[url]]],
    refuses: [[[url], [url]], [[text]]]),
]

@Suite struct PredicateTests {
  @Test(arguments: realRules)
  func realRulesBehaveAsDescribed(_ row: RealRule) throws {
    let predicate = try ActivationPredicate.parse(row.rule)
    for accepted in row.accepts {
      #expect(predicate.evaluate(share(accepted)) == .accepted, "should accept \(accepted)")
    }
    for refused in row.refuses {
      let outcome = predicate.evaluate(share(refused))
      guard case .refused = outcome else {
        Issue.record("should refuse \(refused), got \(outcome)")
        continue
      }
    }
  }

  /// The explanation names the sub-expression that decided, down the subqueries.
  @Test func explanationsNameTheDecidingExpression() throws {
    let predicate = try ActivationPredicate.parse(realRules[0].rule)
    #expect(
      predicate.evaluate([ShareRouting.Attachment(types: [pdf], label: "a.pdf"), ShareRouting.Attachment(types: [jpeg], label: "b.jpg")])
        == .refused(
          "`SUBQUERY(extensionItems, $extensionItem, …).@count == 1` is false: the left side is 0; "
            + "$extensionItem 0 is left out: `SUBQUERY($extensionItem.attachments, $attachment, …).@count == "
            + "$extensionItem.attachments.@count` is false: the left side is 1, the right side 2; "
            + "$attachment 1 (b.jpg) is left out: `ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "
            + "\"com.adobe.pdf\"` is false: the left side is [public.jpeg]"))
    let or = try ActivationPredicate.parse("FALSEPREDICATE OR NOT TRUEPREDICATE OR extensionItems.@count == 2")
    #expect(
      or.evaluate(share([[jpeg]]))
        == .refused("`FALSEPREDICATE OR NOT TRUEPREDICATE OR extensionItems.@count == 2` is false: none of its 3 alternatives holds"))
    let and = try ActivationPredicate.parse("extensionItems.@count == 1 AND NOT (extensionItems.@count > 0)")
    #expect(
      and.evaluate(share([[jpeg]]))
        == .refused("`NOT extensionItems.@count > 0` is false: `extensionItems.@count > 0` holds"))
  }

  /// Expressions NSPredicate would raise on make the rule fail, with the reason.
  @Test(arguments: [
    (
      "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\").@count > 0).@count > 0",
      "UTI-CONFORMS-TO compares two type identifiers, found [public.jpeg] (a list needs ANY)"
    ),
    ("ANY extensionItems.@count == 1", "ANY needs a collection, but extensionItems.@count is 1"),
    ("extensionItems.@count > \"one\"", "cannot order 1 against one"),
    ("SUBQUERY(extensionItems.@count, $x, TRUEPREDICATE).@count == 0", "SUBQUERY needs a collection, but extensionItems.@count is 1"),
  ])
  func raisingExpressionsFail(_ rule: String, _ message: String) throws {
    #expect(try ActivationPredicate.parse(rule).evaluate(share([[jpeg]])) == .failed(message))
  }

  /// The grammar of §2.1 and NSPredicate's semantics for each operator and modifier.
  @Test(arguments: [
    ("TRUEPREDICATE", true), ("FALSEPREDICATE", false), ("truepredicate", true),
    ("NOT FALSEPREDICATE", true), ("! TRUEPREDICATE", false), ("TRUEPREDICATE && FALSEPREDICATE", false),
    ("FALSEPREDICATE || TRUEPREDICATE", true), ("FALSEPREDICATE OR TRUEPREDICATE AND FALSEPREDICATE", false),
    ("TRUEPREDICATE OR TRUEPREDICATE AND FALSEPREDICATE", true), ("NOT TRUEPREDICATE OR TRUEPREDICATE", true),
    ("extensionItems.@count == 1", true), ("extensionItems.@count = 1", true), ("extensionItems.@count != 1", false),
    ("extensionItems.@count <> 2", true), ("extensionItems.@count =< 1", true), ("extensionItems.@count => 2", false),
    ("extensionItems.@count < 1.5", true), ("extensionItems.@count >= -1", true),
    ("ANY extensionItems.attachments.@count == 1", false),  // attachments of each item: one list of 2
    ("SUBQUERY(extensionItems, $e, $e.attachments.@count == 2).@count == 1", true),
    ("ALL extensionItems.title == nil", true), ("NONE extensionItems.title != nil", true),
    ("extensionItems.title == nil", false),  // a list of one nil is not nil
    ("noSuchKey == nil", true), ("ANY noSuchKey == 1", false), ("ALL noSuchKey == 1", true),
    ("SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-EQUALS 'public.jpeg').@count == 1).@count == 1", true),
    ("SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-EQUALS 'public.image').@count == 1).@count == 1", false),
    ("SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ALL $a.registeredTypeIdentifiers UTI-CONFORMS-TO 'public.image').@count == 1).@count == 1", true),
    ("SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, NONE $a.registeredTypeIdentifiers UTI-CONFORMS-TO 'public.image').@count == 1).@count == 1", true),
    ("SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers CONTAINS[c] 'JPEG').@count == 1).@count == 1", true),
    ("SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers CONTAINS 'JPEG').@count == 1).@count == 1", false),
    ("SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers BEGINSWITH 'public.').@count == 2).@count == 1", true),
    ("SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers ENDSWITH 'text').@count == 1).@count == 1", true),
    ("SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers LIKE 'public.*e?t').@count == 1).@count == 1", true),
    ("SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers IN {'x'}).@count == 0).@count == 1", true),
    ("SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, 'public.jpeg' IN $a.registeredTypeIdentifiers).@count == 1).@count == 1", true),
    ("SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, $a.registeredTypeIdentifiers CONTAINS 'public.plain-text').@count == 1).@count == 1", true),
    ("'Café' ==[cd] 'CAFE'", true), ("'Café' ==[c] 'CAFE'", false), ("'Café' == 'café'", false),
  ])
  func operatorsFollowNSPredicate(_ rule: String, _ expected: Bool) throws {
    let outcome = try ActivationPredicate.parse(rule).evaluate(share([[jpeg], [text]]))
    #expect((outcome == .accepted) == expected, "\(outcome)")
  }

  /// §1.4: an attachment registering a URL and plain text matches as plain text only.
  @Test func attachmentTypesAreNormalised() throws {
    #expect(ShareRouting.Attachment(types: [url, text], label: "x").types == [text])
    #expect(ShareRouting.Attachment(types: ["public.data", pdf], label: "x").types == [pdf])
    #expect(ShareRouting.Attachment(types: [url, "com.apple.active-webpage"], label: "x").types == [url, "com.apple.active-webpage"])
    let urlOnly = try ActivationPredicate.parse(counted(any(url), "== 1", outer: "== 1"))
    let textOnly = try ActivationPredicate.parse(counted(any("public.text"), "== 1", outer: "== 1"))
    #expect(urlOnly.evaluate(share([[url, text]])) != .accepted)
    #expect(textOnly.evaluate(share([[url, text]])) == .accepted)
  }
}

/// A predicate that does not parse, and where the caret must point.
struct SyntaxCase: CustomTestStringConvertible, Sendable {
  let predicate: String
  let line: Int
  let column: Int
  let message: String
  var testDescription: String { message }
}

@Suite struct PredicateSyntaxTests {
  static let cases: [SyntaxCase] = [
    SyntaxCase(predicate: "", line: 1, column: 1, message: "the predicate is empty"),
    SyntaxCase(
      predicate: "SUBQUERY(extensionItems, $e, ANY $e.attachments == 1", line: 1, column: 53,
      message: "expected ')' to close the SUBQUERY, found the end of the predicate"),
    SyntaxCase(
      predicate: "$x.attachments.@count == 1", line: 1, column: 1, message: "'$x' is not a SUBQUERY variable here"),
    SyntaxCase(
      predicate: "extensionItems.@count === 1", line: 1, column: 25,
      message: "expected a key path, a string or a number, found '='"),
    SyntaxCase(
      predicate: "ANY extensionItems MATCHES 'x'", line: 1, column: 20,
      message: "share-route does not evaluate the operator 'MATCHES' (it evaluates ==, !=, <, <=, >, >=, UTI-CONFORMS-TO, UTI-EQUALS, CONTAINS, BEGINSWITH, ENDSWITH, LIKE and IN)"),
    // The Intune documentation's curly closing quote: the string never ends.
    SyntaxCase(
      predicate: "ANY $a.registeredTypeIdentifiers == 1 OR x UTI-CONFORMS-TO \"com.microsoft.intune.mam.public.text”",
      line: 1, column: 5, message: "'$a' is not a SUBQUERY variable here"),
    SyntaxCase(
      predicate: "x UTI-CONFORMS-TO \"com.microsoft.intune.mam.public.text”)", line: 1, column: 19,
      message: "this string is not closed"),
    SyntaxCase(predicate: "a == 1 AND", line: 1, column: 11, message: "expected a key path, a string or a number, found the end of the predicate"),
    SyntaxCase(predicate: "(a == 1", line: 1, column: 8, message: "expected ')' to close the '(' at 1:1, found the end of the predicate"),
    SyntaxCase(predicate: "a == 1 b", line: 1, column: 8, message: "expected the end of the predicate, found 'b'"),
    SyntaxCase(predicate: "a ~ 1", line: 1, column: 3, message: "unexpected character '~'"),
    SyntaxCase(predicate: "a.@sum == 1", line: 1, column: 4, message: "expected 'count' after '@' (the only collection operator activation rules use), found 'sum'"),
    SyntaxCase(predicate: "a == 1 AND TRUEPREDICATE == 1", line: 1, column: 26, message: "expected the end of the predicate, found '=='"),
    SyntaxCase(predicate: "SUBQUERY(extensionItems, e, TRUEPREDICATE).@count == 1", line: 1, column: 26, message: "expected a $variable as the second SUBQUERY argument, found 'e'"),
    SyntaxCase(predicate: "a ==[x] 1", line: 1, column: 6, message: "expected comparison options c, d or cd, found 'x'"),
    SyntaxCase(
      predicate: "SUBQUERY (\n    extensionItems,\n    $e,\n\t$e.attachments.@count > 0\n).@count > 0 )", line: 5, column: 14,
      message: "expected the end of the predicate, found ')'"),
    SyntaxCase(
      predicate: String(repeating: "(", count: 70) + "TRUEPREDICATE" + String(repeating: ")", count: 70), line: 1, column: 65,
      message: "the predicate nests deeper than 64 levels"),
    SyntaxCase(
      predicate: Array(repeating: "a == 1", count: 10_002).joined(separator: " OR "), line: 1, column: 100_011,
      message: "the predicate has more than 10000 AND/OR operands"),
    SyntaxCase(
      predicate: String(repeating: "NOT ", count: 100) + "TRUEPREDICATE", line: 1, column: 253,
      message: "the predicate nests deeper than 64 levels"),
  ]

  @Test(arguments: cases)
  func errorsPointAtTheColumn(_ row: SyntaxCase) {
    do {
      _ = try ActivationPredicate.parse(row.predicate)
      Issue.record("parsed")
    } catch {
      #expect(error.message == row.message)
      #expect(error.location(in: row.predicate) == SourceLocation(line: row.line, column: row.column))
    }
  }

  @Test func caretSitsUnderTheColumnAndKeepsTabs() throws {
    let predicate = "SUBQUERY (\n\textensionItems,\n\t$e,\n\t$e.attachments.@count >> 0\n).@count > 0"
    do {
      _ = try ActivationPredicate.parse(predicate)
      Issue.record("parsed")
    } catch {
      #expect(error.caret(in: predicate) == "\t$e.attachments.@count >> 0\n\t" + String(repeating: " ", count: 23) + "^")
    }
  }
}
