import Testing

@testable import ShareRouting
@testable import ShareVocabulary

/// One row: a rule, the attachments' UTIs, the expected refusal codes (empty = accepted).
struct ActivationCase: Sendable, CustomTestStringConvertible {
  let name: String
  let rule: [ActivationDictionary.Key: ActivationDictionary.Value]
  let utis: [String]
  let expected: [String]
  var testDescription: String { name }

  init(_ name: String, _ rule: [ActivationDictionary.Key: ActivationDictionary.Value], _ utis: [String], _ expected: [String]) {
    self.name = name
    self.rule = rule
    self.utis = utis
    self.expected = expected
  }
}

func code(_ refusal: ActivationRefusal) -> String {
  switch refusal {
  case .allZero: "all-zero"
  case .overMaxCount(let key, _, _): "over:\(key.rawValue.replacingOccurrences(of: "NSExtensionActivationSupports", with: ""))"
  case .underMinCount: "under-min"
  case .noAcceptedKind: "no-accepted"
  case .unsupportedAttachment(let attachment): "unsupported:\(attachment.types.joined())"
  case .noSupportedAttachment: "no-supported"
  case .rejectedAttachment(let attachment, _): "rejected:\(attachment.types.joined())"
  }
}

@Suite struct ActivationRuleTests {
  typealias K = ActivationDictionary.Key
  static let jpeg = "public.jpeg", png = "public.png", mp4 = "public.mpeg-4", pdf = "com.adobe.pdf"
  static let text = "public.plain-text", url = "public.url", fileURL = "public.file-url", csv = "public.comma-separated-values-text"
  static let mp3 = "public.mp3", page = "com.apple.active-webpage", svg = "public.svg-image"

  static let cases: [ActivationCase] = [
    // §3.5 (0): all-zero never matches, whatever the share.
    .init("empty dictionary", [:], [jpeg], ["all-zero"]),
    .init("all values 0 / false", [K.imageMaxCount: .integer(0), K.text: .boolean(false)], [jpeg], ["all-zero"]),
    // Image.
    .init("image max 1 takes one image", [K.imageMaxCount: .integer(1)], [jpeg], []),
    .init("image max 1 refuses two", [K.imageMaxCount: .integer(1)], [jpeg, png], ["over:ImageWithMaxCount"]),
    .init("image only refuses a PDF (strict)", [K.imageMaxCount: .integer(5)], [pdf], ["unsupported:\(pdf)"]),
    .init("svg is an image", [K.imageMaxCount: .integer(1)], [svg], []),
    // Movie.
    .init("movie max 2 takes a movie", [K.movieMaxCount: .integer(2)], [mp4], []),
    .init("movie max 1 refuses two", [K.movieMaxCount: .integer(1)], [mp4, mp4], ["over:MovieWithMaxCount"]),
    .init("movie-only refuses an image", [K.movieMaxCount: .integer(1)], [jpeg], ["unsupported:\(jpeg)"]),
    // Text: Boolean, text files count as text, no count limit.
    .init("text takes shared text", [K.text: .boolean(true)], [text], []),
    .init("text takes a CSV file (conforms to public.text)", [K.text: .boolean(true)], [csv], []),
    .init("text has no count", [K.text: .boolean(true)], [text, text, text], []),
    .init("text refuses an image", [K.text: .boolean(true)], [jpeg], ["unsupported:\(jpeg)"]),
    .init("text as integer 1 (intValue)", [K.text: .integer(1)], [text], []),
    .init("text as string '1' (intValue)", [K.text: .string("1")], [text], []),
    // Web URL: http URLs only.
    .init("web URL takes a URL", [K.webURLMaxCount: .integer(1)], [url], []),
    .init("web URL refuses a file URL", [K.webURLMaxCount: .integer(1)], [fileURL], ["unsupported:\(fileURL)"]),
    .init("web URL max 1 refuses two", [K.webURLMaxCount: .integer(1)], [url, url], ["over:WebURLWithMaxCount"]),
    // Web page.
    .init("web page takes an active web page", [K.webPageMaxCount: .integer(1)], [page], []),
    .init("web page refuses a plain URL", [K.webPageMaxCount: .integer(1)], [url], ["unsupported:\(url)"]),
    // File: file URLs and data that is neither URL nor text.
    .init("file takes a PDF", [K.fileMaxCount: .integer(1)], [pdf], []),
    .init("file takes an image (all types of files)", [K.fileMaxCount: .integer(1)], [jpeg], []),
    .init("file takes audio", [K.fileMaxCount: .integer(1)], [mp3], []),
    .init("file takes a file URL", [K.fileMaxCount: .integer(1)], [fileURL], []),
    .init("file refuses shared text", [K.fileMaxCount: .integer(1)], [text], ["unsupported:\(text)"]),
    .init("file refuses a web URL", [K.fileMaxCount: .integer(1)], [url], ["unsupported:\(url)"]),
    .init("file max 1 refuses two PDFs", [K.fileMaxCount: .integer(1)], [pdf, pdf], ["over:FileWithMaxCount"]),
    // Attachments.
    .init("attachments max takes anything", [K.attachmentsMaxCount: .integer(3)], [pdf, text, url], []),
    .init("attachments max 2 refuses three", [K.attachmentsMaxCount: .integer(2)], [pdf, text, url], ["over:AttachmentsWithMaxCount"]),
    .init("min count 2 refuses one", [K.attachmentsMinCount: .integer(2), K.imageMaxCount: .integer(5)], [jpeg], ["under-min"]),
    .init("min count 2 takes two", [K.attachmentsMinCount: .integer(2), K.imageMaxCount: .integer(5)], [jpeg, png], []),
    .init("min count alone accepts no type (strict)", [K.attachmentsMinCount: .integer(1)], [jpeg], ["no-accepted"]),
    // Version 1 strict vs version 2 fuzzy.
    .init("v1: mixed URL + text refused by URL-only rule", [K.webURLMaxCount: .integer(1)], [url, text], ["unsupported:\(text)"]),
    .init("v1: UsesStrictMatching=false has no effect", [K.webURLMaxCount: .integer(1), K.usesStrictMatching: .boolean(false)], [url, text], ["unsupported:\(text)"]),
    .init("v2: mixed URL + text accepted (fuzzy)", [K.webURLMaxCount: .integer(1), K.dictionaryVersion: .integer(2)], [url, text], []),
    .init("v2 + UsesStrictMatching: strict again", [K.webURLMaxCount: .integer(1), K.dictionaryVersion: .integer(2), K.usesStrictMatching: .boolean(true)], [url, text], ["unsupported:\(text)"]),
    .init("v2: nothing of an accepted kind", [K.webURLMaxCount: .integer(1), K.dictionaryVersion: .integer(2)], [pdf], ["no-supported"]),
    .init("v2: explicit 0 rejects its kind", [K.webURLMaxCount: .integer(1), K.imageMaxCount: .integer(0), K.dictionaryVersion: .integer(2)], [url, jpeg], ["rejected:\(jpeg)"]),
    .init("v2: absent key does not reject", [K.webURLMaxCount: .integer(1), K.dictionaryVersion: .integer(2)], [url, jpeg], []),
    .init("v2: negative behaves like absent", [K.webURLMaxCount: .integer(1), K.imageMaxCount: .integer(-1), K.dictionaryVersion: .integer(2)], [url, jpeg], []),
    .init("v2: 0 does not reject what an accepted key covers", [K.imageMaxCount: .integer(2), K.fileMaxCount: .integer(0), K.dictionaryVersion: .integer(2)], [jpeg], []),
    .init("v2: only rejects, share without them matches", [K.imageMaxCount: .integer(0), K.dictionaryVersion: .integer(2)], [pdf], []),
    .init("v2: only rejects, share with them refused", [K.imageMaxCount: .integer(0), K.dictionaryVersion: .integer(2)], [jpeg], ["rejected:\(jpeg)"]),
    .init("v1: explicit 0 equals absent", [K.webURLMaxCount: .integer(1), K.imageMaxCount: .integer(0)], [url], []),
    .init("counts still apply in v2", [K.imageMaxCount: .integer(1), K.dictionaryVersion: .integer(2)], [jpeg, png], ["over:ImageWithMaxCount"]),
    // Expensify's rule: several files refused, one accepted, text accepted.
    .init("expensify: one PDF", expensify, [pdf], []),
    .init("expensify: text", expensify, [text], []),
    .init("expensify: two PDFs", expensify, [pdf, pdf], ["over:FileWithMaxCount"]),
  ]

  static let expensify: [K: ActivationDictionary.Value] = [
    K.imageMaxCount: .integer(1), K.text: .boolean(true), K.webURLMaxCount: .integer(1), K.fileMaxCount: .integer(1),
  ]

  @Test(arguments: cases)
  func evaluates(_ row: ActivationCase) {
    let rule = ActivationDictionary(row.rule)
    let attachments = row.utis.map { Attachment(types: [$0], label: $0) }
    #expect(rule.evaluate(attachments).map(code) == row.expected)
  }

  @Test(arguments: [
    (ActivationDictionary.Value.integer(7), 7), (.boolean(true), 1), (.boolean(false), 0), (.string("1"), 1),
    (.string(" 12abc"), 12), (.string("abc"), 0), (.string("-3"), -3), (.real(2.9), 2),
    // Found by FuzzManifests: a huge real trapped in Int(_:); it saturates like -intValue.
    (.real(13e30), Int(Int32.max)), (.real(-13e30), Int(Int32.min)), (.real(.nan), 0), (.real(.infinity), 0),
  ] as [(ActivationDictionary.Value, Int)])
  func intValue(_ value: ActivationDictionary.Value, _ expected: Int) {
    #expect(value.intValue == expected)
  }

  @Test func strictnessFromVersion() {
    #expect(ActivationDictionary([:]).usesStrictMatching)
    #expect(ActivationDictionary([K.dictionaryVersion: .integer(1)]).usesStrictMatching)
    #expect(!ActivationDictionary([K.dictionaryVersion: .integer(2)]).usesStrictMatching)
    #expect(ActivationDictionary([K.dictionaryVersion: .integer(2), K.usesStrictMatching: .boolean(true)]).usesStrictMatching)
  }

  @Test func attachmentNormalisation() {
    // §1.4: a provider with URL + plain text matches as plain text only; data is dropped beside others.
    #expect(Attachment(types: [Self.url, Self.text], label: "").types == [Self.text])
    #expect(Attachment(types: [Self.url, Self.page], label: "").types == [Self.url, Self.page])
    #expect(Attachment(types: ["public.data", Self.pdf], label: "").types == [Self.pdf])
    #expect(Attachment(types: [Self.url], label: "").types == [Self.url])
  }
}

@Suite struct TypeIdentifierTests {
  @Test(arguments: [
    ("public.jpeg", "public.image", true), ("public.image", "public.jpeg", false),
    ("public.heic", "public.image", true), ("public.svg-image", "public.text", true),
    ("public.comma-separated-values-text", "public.plain-text", true), ("public.vcard", "public.text", true),
    ("com.apple.ical.ics", "public.text", true), ("com.netscape.javascript-source", "public.plain-text", true),
    ("public.file-url", "public.url", true), ("public.url", "public.file-url", false),
    ("com.apple.pkpass", "public.data", false), ("com.apple.m4a-audio", "public.audio", true),
    ("public.mpeg-4-audio", "public.movie", false), ("public.mpeg-4", "public.movie", true),
    ("org.openxmlformats.wordprocessingml.document", "public.data", true),
    ("public.zip-archive", "public.archive", true), ("org.appextension.custom", "org.appextension.custom", true),
    ("org.appextension.custom", "public.data", false), ("public.data", "public.item", true),
    ("public.opentype-font", "public.font", true), ("public.truetype-collection-font", "public.font", true),
    ("public.opentype-font", "public.truetype-font", false),
  ])
  func conformance(_ type: String, _ parent: String, _ expected: Bool) {
    #expect(TypeIdentifier.conforms(type, to: parent) == expected)
  }

  @Test(arguments: [
    ("image/jpeg", "public.jpeg"), ("image/jpg", "public.jpeg"), ("IMAGE/PNG", "public.png"),
    ("image/heic", "public.heic"), ("video/mp4", "public.mpeg-4"), ("video/quicktime", "com.apple.quicktime-movie"),
    ("audio/mpeg", "public.mp3"), ("audio/mp4", "public.mpeg-4-audio"), ("application/pdf", "com.adobe.pdf"),
    ("text/plain", "public.plain-text"), ("text/csv", "public.comma-separated-values-text"),
    ("text/vcard", "public.vcard"), ("text/x-vcard", "public.vcard"), ("text/calendar", "com.apple.ical.ics"),
    ("application/zip", "public.zip-archive"), ("font/ttf", "public.truetype-ttf-font"), ("font/otf", "public.opentype-font"),
    ("font/collection", "public.truetype-collection-font"),
    ("application/vnd.openxmlformats-officedocument.wordprocessingml.document", "org.openxmlformats.wordprocessingml.document"),
  ])
  func byMIMEType(_ mime: String, _ uti: String) {
    #expect(TypeIdentifier.forMIMEType(mime) == uti)
  }

  @Test(arguments: [("jpg", "public.jpeg"), ("JPEG", "public.jpeg"), ("mp4", "public.mpeg-4"), ("m4a", "com.apple.m4a-audio"), ("csv", "public.comma-separated-values-text")])
  func byExtension(_ ext: String, _ uti: String) {
    #expect(TypeIdentifier.forExtension(ext) == uti)
  }

  /// The generated lookups are searched by halving: each must be sorted by key, with no key
  /// twice, and the identifier lookup must give every row's identifier its first row.
  @Test func lookupsAreSorted() {
    let keys = [
      TypeIdentifier.rowByIdentifier.map(\.key), TypeIdentifier.identifierByMIME.map(\.key),
      TypeIdentifier.identifierByExtension.map(\.key),
    ]
    for lookup in keys {
      #expect(lookup.count > 100)
      for (before, after) in zip(lookup, lookup.dropFirst()) { #expect(before < after, "\(before) before \(after)") }
    }
    for (position, entry) in TypeIdentifier.table.enumerated() {
      let first = TypeIdentifier.table.firstIndex { $0.identifier == entry.identifier }
      #expect(TypeIdentifier.rowByIdentifier.first { $0.key == entry.identifier }?.row == first, "\(position)")
      #expect(TypeIdentifier.isKnown(entry.identifier))
    }
    #expect(!TypeIdentifier.isKnown("com.example.no-such-type"))
  }

  /// The MIME lookup gives the first row in table order that names a type, for every type the
  /// table names.
  @Test func mimeIndexIsTheFirstRow() {
    let types = Set(TypeIdentifier.table.flatMap(\.mimeTypes))
    #expect(types.count > 100)
    for type in types.sorted() {
      // A lookup normalises first (`text/plain;charset=utf-8` is `text/plain`).
      let key = MediaType.normalize(type)
      let first = TypeIdentifier.table.first { $0.mimeTypes.contains { $0 == key } }?.identifier
      #expect(TypeIdentifier.forMIMEType(type) == first, "\(type)")
    }
    #expect(TypeIdentifier.forMIMEType("application/x-no-such-type") == nil)
  }

  /// The extension index gives the first row in table order that names an extension.
  @Test func extensionIndexIsTheFirstRow() {
    let extensions = Set(TypeIdentifier.allExtensions)
    #expect(extensions.count > 100)
    for ext in extensions.sorted() {
      let first = TypeIdentifier.table.first { $0.extensions.contains(ext) }?.identifier
      #expect(TypeIdentifier.forExtension(ext.uppercased()) == first, "\(ext)")
    }
    #expect(TypeIdentifier.forExtension("no-such-extension") == nil)
  }

  @Test(arguments: [
    ("text/x-unknown", "public.plain-text"), ("application/x-unknown", "public.data"), ("image/jpeg", "public.jpeg"),
    ("application/x-unknown+xml", "public.xml"), ("application/x-unknown+json", "public.json"),
    // freedesktop's Visio types name the package's XML main part; the file is a ZIP package.
    ("application/vnd.ms-visio.template.main+xml", "public.data"), ("application/vnd.ms-visio.drawing.main+xml", "public.data"),
  ])
  func contentFallback(_ mime: String, _ uti: String) {
    #expect(TypeIdentifier.forContent(mimeType: mime) == uti)
  }

  @Test(arguments: [
    ("public.jpeg", ItemKind.image), ("public.mpeg-4", .movie), ("com.apple.m4a-audio", .audio), ("public.mp3", .audio),
    ("com.adobe.pdf", .file), ("public.plain-text", .file), ("public.svg-image", .image),
  ])
  func kinds(_ uti: String, _ kind: ItemKind) {
    #expect(ItemKind.forContent(uti: uti) == kind)
  }

  @Test func everyTableEntryConformsToItsAncestorsOnly() {
    for entry in TypeIdentifier.table {
      for ancestor in entry.ancestors { #expect(TypeIdentifier.conforms(entry.identifier, to: ancestor)) }
      #expect(TypeIdentifier.conforms(entry.identifier, to: entry.identifier))
    }
    #expect(TypeIdentifier.table.count >= 70)
  }

  /// The precomputed forms agree with the definitions: each key's ordinal is its place in
  /// `allCases`, and an attachment's coverage bits are exactly the keys that cover its types.
  @Test("precomputed key ordinals and coverage", arguments: [
    ["public.jpeg"], ["public.mpeg-4"], ["public.plain-text"], ["public.url"], ["public.file-url"],
    ["com.apple.active-webpage"], ["public.data"], ["com.adobe.pdf"], ["public.url", "public.plain-text"],
    ["org.example.custom"], ["public.jpeg", "public.data"],
  ])
  func coverage(types: [String]) {
    #expect(ActivationDictionary.Key.allCases.enumerated().allSatisfy { $0.offset == $0.element.ordinal })
    let attachment = Attachment(types: types, label: "x")
    for key in ActivationDictionary.Key.allCases {
      #expect((attachment.coverage & key.bit != 0) == key.covers(attachment.types), "\(key) on \(types)")
    }
  }
}
