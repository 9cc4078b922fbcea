import Testing

@testable import ShareRouting

/// Shares as host apps build them (`docs/hosts.md`): attachments that register several types,
/// several extension items, Android streams with and without a name and a type, and the captures
/// a user replays (YAML, and logcat's `Intent { … }` line).
@Suite struct SenderShareTests {
  /// A dictionary rule over attachments as a host registers them. Apple counts attachments, not
  /// types: "It's not meant to be an array of alternative data formats or types"
  /// (NSExtensionItem.attachments), and its own PDF example is one attachment registering
  /// com.adobe.pdf and public.file-url. So a photo registering HEIC and JPEG is one image.
  @Test(arguments: [
    ("a photo registering HEIC and JPEG is one image", [(ActivationDictionary.Key.imageMaxCount, 1)], [["public.heic", "public.jpeg"]], [String]()),
    ("two such photos are two", [(.imageMaxCount, 1)], [["public.heic", "public.jpeg"], ["public.heic", "public.jpeg"]], ["overMaxCount"]),
    ("a Live Photo's three types are one image", [(.imageMaxCount, 1)], [["public.jpeg", "com.apple.live-photo", "public.heic"]], []),
    ("a PDF registering its file URL is one file", [(.fileMaxCount, 1)], [["com.adobe.pdf", "public.file-url"]], []),
    ("Finder's file URL alone is a file", [(.fileMaxCount, 1)], [["public.file-url"]], []),
    ("but not an image", [(.imageMaxCount, 1)], [["public.file-url"]], ["unsupportedAttachment"]),
    (
      "Maps' map item is no kind a key names: strict matching refuses it", [(.text, 1), (.webURLMaxCount, 1)],
      [["com.apple.mapkit.map-item"], ["public.url"], ["public.plain-text"]], ["unsupportedAttachment"]
    ),
    (
      "version 2 needs one accepted attachment", [(.dictionaryVersion, 2), (.text, 1), (.webURLMaxCount, 1)],
      [["com.apple.mapkit.map-item"], ["public.url"], ["public.plain-text"]], []
    ),
  ])
  func dictionaryCountsAttachments(
    _ name: String, _ rule: [(ActivationDictionary.Key, Int)], _ attachments: [[String]], _ refusals: [String]
  ) {
    let dictionary = ActivationDictionary(Dictionary(uniqueKeysWithValues: rule.map { ($0.0, ActivationDictionary.Value.integer($0.1)) }))
    let found = dictionary.evaluate(attachments.map { Attachment(types: $0, label: "a") }).map { refusal -> String in
      switch refusal {
      case .overMaxCount: "overMaxCount"
      case .unsupportedAttachment: "unsupportedAttachment"
      default: "\(refusal)"
      }
    }
    #expect(found == refusals, "\(name)")
  }

  /// What a dictionary key counts an attachment as, and by which registered type (the answer's
  /// `counts`): the first type that is of the key's kind on its own.
  @Test(arguments: [
    (["public.jpeg", "com.apple.live-photo", "public.heic"], ["fileMaxCount public.jpeg", "imageMaxCount public.jpeg"]),
    (["com.adobe.pdf", "public.file-url"], ["fileMaxCount com.adobe.pdf"]),
    (["public.file-url"], ["fileMaxCount public.file-url"]),
    (["public.url"], ["webURLMaxCount public.url"]),
    (["com.apple.mapkit.map-item"], []),
  ])
  func kindsNameTheDecidingType(_ types: [String], _ expected: [String]) {
    #expect(Attachment(types: types, label: "a").kinds.map { "\($0.key) \($0.by)" } == expected)
  }

  static let handlers = ManifestLoader.load(texts: [
    (
      "pdf.yaml",
      """
      id: pdf
      label: PDF
      ios:
        activationRule: 'SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf").@count >= 1).@count >= 1'
      """
    ),
    ("photo.yaml", "id: photo\nlabel: Photo\nios:\n  activationRule:\n    NSExtensionActivationSupportsImageWithMaxCount: 1\n"),
    (
      "titled.yaml",
      """
      id: titled
      label: Titled
      ios:
        activationRule: 'SUBQUERY(extensionItems, $e, $e.contentText != nil).@count == 1'
      """
    ),
    (
      "two-items.yaml",
      """
      id: two-items
      label: Two items
      ios:
        activationRule: 'extensionItems.@count == 2'
      """
    ),
    ("reader.yaml", "id: reader\nlabel: Reader\nandroid:\n  intentFilters:\n    - actions: [SEND]\n      mimeTypes: [application/pdf]\n"),
    ("many.yaml", "id: many\nlabel: Many\nandroid:\n  intentFilters:\n    - actions: [SEND_MULTIPLE]\n      mimeTypes: [\"image/*\"]\n"),
    (
      "media.yaml",
      "id: media\nlabel: Media\nandroid:\n  intentFilters:\n    - actions: [SEND]\n      schemes: [content]\n      mimeTypes: [\"image/*\"]\n"
    ),
  ])

  /// A host's share, made of declared parts, routed: which handlers accept.
  static func accepted(_ capture: String, files: Int = 0) throws -> (route: Route, share: SenderShare) {
    let template = try SenderFile.load(text: capture, file: "capture.yaml").get()
    let parts = template.parts(files: (0..<files).map { "f\($0)" })
    let items = try parts.map { part -> ShareItem? in
      switch part {
      case .uti(let uti): ShareItem.declared(uti: uti)
      case .mimeType(let type): try ShareItem.declared(mimeType: type)
      case .text(let text): try ShareItem.text(text)
      case .url(let url): try ShareItem.url(url)
      case .file(_, _): ShareItem.declared(uti: "public.jpeg")
      case .unseenText: nil
      }
    }
    let (routeItems, share) = template.share(items: items)
    return (try Router(handlers).route(items: routeItems, memo: nil, sender: share), share)
  }

  /// Captures routed whole: predicates see every registered type, each extension item and its
  /// content text; Android routes the sender's own intent (its action, type and data), and a
  /// SEND of several streams is a SEND_MULTIPLE.
  @Test(arguments: [
    ("platform: ios\nextensionItems:\n  - attachments:\n      - registeredTypeIdentifiers: [public.file-url]\n", [String]()),
    (
      "platform: ios\nextensionItems:\n  - attachments:\n      - registeredTypeIdentifiers: [public.file-url, com.adobe.pdf]\n",
      ["pdf"]
    ),
    (
      "platform: ios\nextensionItems:\n  - attachments:\n      - registeredTypeIdentifiers: [public.heic, public.jpeg]\n",
      ["photo"]
    ),
    (
      "platform: ios\nextensionItems:\n  - attributedContentText: A page\n    attachments:\n      - registeredTypeIdentifiers: [public.url]\n        url: https://example.com/\n",
      ["titled"]
    ),
    (
      "platform: ios\nextensionItems:\n  - attachments:\n      - registeredTypeIdentifiers: [com.adobe.pdf]\n  - attachments:\n      - registeredTypeIdentifiers: [public.url]\n        url: https://example.com/a.pdf\n",
      ["pdf", "two-items"]
    ),
    ("platform: android\nintent:\n  action: SEND\n  type: application/pdf\n  streams:\n    - uri: content://x/1\n", ["reader"]),
    (
      "platform: android\nintent:\n  action: SEND\n  type: application/octet-stream\n  streams:\n    - uri: content://x/1\n      file: '{file}'\n      sample: application/pdf\n",
      []
    ),
    (
      // A filter with a scheme needs data: EXTRA_STREAM alone does not match it (IntentFilter.matchData).
      "platform: android\nintent:\n  action: SEND\n  type: '{file}'\n  streams:\n    - uri: content://x/{n}\n      file: '{file}'\n      each: true\n      sample: image/png\n",
      []
    ),
    (
      "platform: android\nintent:\n  action: SEND\n  type: image/png\n  data: content://media/external/images/media/1\n  streams:\n    - uri: content://media/external/images/media/1\n",
      ["media"]
    ),
  ])
  func capturesRoute(_ capture: String, _ accept: [String]) throws {
    let (route, _) = try Self.accepted(capture)
    #expect(route.accepted.map(\.id).sorted() == accept.sorted(), "\(route.rejected.map { ($0.id, $0.reasons.map(\.message)) })")
    #expect(route.rejected.count + route.accepted.count == Self.handlers.handlers.count)
  }

  @Test func severalStreamsAreASendMultiple() throws {
    let capture = "platform: android\nintent:\n  action: SEND\n  type: '{file}'\n  streams:\n    - uri: content://x/{n}\n      file: '{file}'\n      each: true\n"
    let (route, share) = try Self.accepted(capture, files: 3)
    #expect(route.intent?.action == IntentFilter.actionSendMultiple)
    #expect(route.intent?.extras.streams == ["content://x/1", "content://x/2", "content://x/3"])
    #expect(share.streams.map(\.item) == [0, 1, 2])
    #expect(route.accepted.map(\.id) == ["many"])
    // What the receiver reads: no display name, no provider type: the intent's type.
    #expect(route.items.map(\.share.name) == ["", "", ""])
    #expect(route.items.map(\.share.type) == ["image/jpeg", "image/jpeg", "image/jpeg"])
  }

  @Test func anIOSHostShareHasNoAndroidIntent() throws {
    let (route, _) = try Self.accepted("platform: ios\nextensionItems:\n  - attachments:\n      - registeredTypeIdentifiers: [public.jpeg]\n")
    #expect(route.intent == nil)
    #expect(route.platforms == nil)
  }

  /// A handler that takes the items that fit is judged on the part of the share it receives.
  @Test func restrictedKeepsTheChosenItems() {
    var share = SenderShare(host: "h", platform: .ios)
    share.extensionItems = [
      .init(attachments: [.init(types: ["a"], item: 0), .init(types: ["b"], item: 1)]),
      .init(attachments: [.init(types: ["c"], item: 2)]),
    ]
    let kept = share.restricted(to: [2, 0])
    #expect(kept.extensionItems.map { $0.attachments.map(\.types) } == [[["a"]], [["c"]]])
    #expect(kept.extensionItems.flatMap { $0.attachments.map(\.item) } == [1, 0])
    #expect(share.restricted(to: [1]).extensionItems.count == 1)
  }

  /// How many files a profile takes (`slotProblem`): each slot one, a repeating slot any more;
  /// none when every slot has a sample.
  @Test(arguments: [
    ("file: '{file}'\n        sample: public.jpeg", 0, nil as String?),
    ("file: '{file}'\n        sample: public.jpeg", 1, nil),
    ("file: '{file}'\n        sample: public.jpeg", 2, "'h' takes 1 file (or none, for its sample types); 2 given"),
    ("file: '{file}'", 0, "'h' takes 1 file; 0 given"),
    ("file: '{file}'\n        each: true", 5, nil),
    ("file: '{file}'\n        each: true", 0, "'h' takes 1 or more files; 0 given"),
  ])
  func slots(_ content: String, _ files: Int, _ problem: String?) throws {
    let text = "host: h\nplatform: ios\nextensionItems:\n  - attachments:\n      - registeredTypeIdentifiers: ['{file}']\n        \(content)\n"
    let template = try SenderFile.load(text: text, file: "h.yaml").get()
    #expect(template.slotProblem(files: files) == problem)
  }

  /// A bad capture: every problem, each with the file, line and column, the key path and the value.
  @Test(arguments: [
    ("extensionItems: []\n", "c.yaml:1:1: missing required key 'platform'"),
    ("platform: ios\nintent:\n  action: SEND\nextensionItems: []\n", "c.yaml:3:3: intent: 'intent' is not allowed (expected extensionItems for an iOS share)"),
    (
      "platform: ios\nextensionItems:\n  - attachments:\n      - file: '{file}'\n",
      "c.yaml:4:9: extensionItems[0].attachments[0]: missing required key 'registeredTypeIdentifiers'"
    ),
    (
      "platform: ios\nextensionItems:\n  - attachments:\n      - registeredTypeIdentifiers: [public.url]\n        url: ftp://x/y\n",
      "c.yaml:5:14: extensionItems[0].attachments[0].url: 'ftp://x/y' is not allowed (expected an http or https URL)"
    ),
    (
      "platform: ios\nextensionItems:\n  - attachments:\n      - registeredTypeIdentifiers: [public.jpeg]\n        sample: public.jpeg\n",
      "c.yaml:5:17: extensionItems[0].attachments[0].sample: 'sample' is not allowed (expected 'sample' only with file: '{file}')"
    ),
    (
      "platform: android\nintent:\n  action: SEND\n  type: image\n  streams: []\n",
      "c.yaml:4:9: intent.type: 'image' is not a media type"
    ),
    (
      "platform: android\nintent:\n  type: image/png\n  streams:\n    - uri: content://x/1\n",
      "c.yaml:3:3: missing required key 'intent.action'"
    ),
    ("platform: mac\n", "c.yaml:1:11: platform:"),
    (
      "platform: android\nintent:\n  action: SEND\n  type: image/png\n  clipData:\n    mimeTypes: [image/png]\n    items:\n      - {}\n",
      "c.yaml:8:9: intent.clipData.items[0]: '{}' is not allowed (expected an item with a uri, a text or both)"
    ),
    ("platform: ios\nextensionItems:\n  - attachments: []\n", "c.yaml:1:1: 'c' is not allowed (expected a share with at least one attachment, stream or text)"),
    ("platform: ios\nextensionItem: []\n", "c.yaml:2:1: unknown key 'extensionItem'"),
    (
      "platform: ios\nextensionItems:\n  - attachments:\n      - registeredTypeIdentifiers: ['{file}']\n        file: '{file}'\n        each: true\n      - registeredTypeIdentifiers: ['{file}']\n        file: '{file}'\n",
      "c.yaml:1:1: 'each: true' is not allowed (expected the slot with each: true last of the file slots)"
    ),
  ])
  func badCapturesNameThePlace(_ text: String, _ expected: String) {
    switch SenderFile.load(text: text, file: "c.yaml") {
    case .success: Issue.record("accepted \(text)")
    case .failure(let errors):
      #expect(errors.errors.contains { $0.description.hasPrefix(expected) }, "\(errors.errors.map(\.description))")
    }
  }

  /// Logcat's forms of an intent (`Intent.toString`, ActivityTaskManager's `START u0 {…}`), read
  /// as `Intent.toShortString` and `ClipData.Item.toShortString` write them: `U:uri`, `U(scheme)`
  /// redacted, `T:text`, `T(length)`, and `{...}` for an item whose parts are hidden.
  @Test(arguments: [
    (
      "Intent { act=android.intent.action.SEND typ=image/png flg=0x1 clip={image/png {U:content://a/1}} (has extras) }",
      "android.intent.action.SEND", "image/png", ["content://a/1"] as [String?], nil as String?, 2
    ),
    (
      "11-27 10:00:00.000  1  2 I ActivityTaskManager: START u0 {act=android.intent.action.SEND_MULTIPLE typ=image/* flg=0x1 cmp=x/.Y clip={image/* {...} {...}} (has extras)} from uid 10123",
      "android.intent.action.SEND_MULTIPLE", "image/*", [nil, nil], nil, 5
    ),
    ("Intent { act=android.intent.action.SEND typ=text/plain clip={text/plain {T:hello world}} }", "android.intent.action.SEND", "text/plain", [], "hello world", 0),
    ("Intent { act=android.intent.action.SEND typ=text/plain clip={text/plain {T(11)}} (has extras) }", "android.intent.action.SEND", "text/plain", [], "", 2),
    (
      "Intent { act=android.intent.action.SEND typ=image/jpeg clip={image/jpeg hasLabel(3) {T:a caption U:content://x/2}} }",
      "android.intent.action.SEND", "image/jpeg", ["content://x/2"], "a caption", 1
    ),
    ("Intent { act=android.intent.action.SEND typ=application/pdf clip={application/pdf {U(content)}} }", "android.intent.action.SEND", "application/pdf", [nil], nil, 2),
    ("Intent { act=android.intent.action.SEND typ=image/png (has extras) }", "android.intent.action.SEND", "image/png", [nil], nil, 2),
    // Read past: the bounds (two groups) and the selector, whose own act= is not the share's.
    (
      "Intent { act=android.intent.action.SEND typ=image/png bnds=[0,0][1080,2400] clip={image/png {U:content://a/1}} sel=act=android.intent.action.MAIN cat=[android.intent.category.APP_GALLERY] typ=text/plain} }",
      "android.intent.action.SEND", "image/png", ["content://a/1"], nil, 1
    ),
    // The short form of older releases: the first item bare, ` ...` for the others.
    (
      "Intent { act=android.intent.action.SEND_MULTIPLE typ=image/jpeg clip={image/jpeg U:content://x/1 ...} }",
      "android.intent.action.SEND_MULTIPLE", "image/jpeg", ["content://x/1"], nil, 2
    ),
    ("Intent { act=android.intent.action.SEND typ=text/plain clip={text/plain T:hello there} }", "android.intent.action.SEND", "text/plain", [], "hello there", 0),
    ("# adb logcat, 27 Nov\n\nIntent { act=android.intent.action.SEND typ=text/plain clip={text/plain {T:hi}} }", "android.intent.action.SEND", "text/plain", [], "hi", 0),
    // A comment that quotes an intent is no intent.
    ("# was: Intent { act=android.intent.action.VIEW }\nIntent { act=android.intent.action.SEND typ=text/plain clip={text/plain {T:hi}} }", "android.intent.action.SEND", "text/plain", [], "hi", 0),
  ])
  func logcatLines(_ line: String, _ action: String, _ type: String, _ streams: [String?], _ text: String?, _ unknowns: Int) throws {
    let template = try SenderFile.load(text: line, file: "log.txt").get()
    let intent = try #require(template.intent)
    #expect(intent.action == action)
    #expect(intent.type == type)
    #expect(intent.streams.map(\.uri) == streams)
    switch intent.text {
    case .text(let value)?: #expect(value == text)
    case .url(let value)?: #expect(value == text)
    case .some(.none): #expect(text == "")
    default: #expect(text == nil)
    }
    #expect(template.unknown.count == unknowns, "\(template.unknown)")
  }

  /// The ClipData a capture shows, as the answer prints it: a hidden item of a text share is a
  /// text of unknown length (`T(?)`), of any other share a stream; a shown text keeps its length.
  @Test(arguments: [
    ("act=android.intent.action.SEND typ=text/plain clip={text/plain {...}}", "ClipData: text/plain {T(?)}"),
    ("act=android.intent.action.SEND typ=text/plain clip={text/plain {T(12)}}", "ClipData: text/plain {T(?)}"),
    ("act=android.intent.action.SEND typ=text/plain clip={text/plain {T:four}}", "ClipData: text/plain {T(4)}"),
    ("act=android.intent.action.SEND typ=image/png clip={image/png {...}}", "ClipData: image/png {U(?)}"),
    ("act=android.intent.action.SEND typ=image/png clip={image/png {U:file:///sdcard/a.png}}", "ClipData: image/png {U(file)}"),
    ("act=android.intent.action.SEND_MULTIPLE typ=image/* clip={image/* {U(content)} {U(content)}}", "ClipData: image/* 2 items: {U(?)} {U(?)}"),
  ])
  func logcatClipItems(_ line: String, _ printed: String) throws {
    let template = try SenderFile.loadIntent(text: line, name: "intent").get()
    let clip = try #require(template.intent?.clip)
    let data = AndroidIntent.ClipData(mimeTypes: clip.mimeTypes, items: clip.items, grantsRead: false)
    #expect(OutputMessages.clipData(data) == printed)
  }

  @Test func logcatCategoriesAndData() throws {
    let template = try SenderFile.loadIntent(
      text: "act=android.intent.action.SEND cat=[android.intent.category.DEFAULT,org.x.C] dat=content://media/external/images/media/5 typ=image/png",
      name: "intent"
    ).get()
    #expect(template.intent?.categories == ["android.intent.category.DEFAULT", "org.x.C"])
    #expect(template.intent?.data == "content://media/external/images/media/5")
  }

  @Test(arguments: [
    ("Intent { typ=image/png }", "log.txt:1:10: 'typ=image/png }' is not allowed (expected an intent with act="),
    ("Intent { act=android.intent.action.SEND clip={image/png {U:x }", "log.txt:1:46: "),
    ("Intent { act=android.intent.action.SEND typ=image }", "log.txt:1:45: 'image' is not allowed (expected a media type"),
    ("Intent { act=A }\nIntent { act=B }", "log.txt:2:1: "),
    ("Intent { act=A bogus }", "log.txt:1:16: 'bogus' is not allowed"),
    ("Intent { act=A bnds=[0,0][1,1 }", "log.txt:1:21: "),
    ("Intent { act=A sel=act=B", "log.txt:1:20: 'act=B' is not allowed (expected a selector whose '}' closes)"),
  ])
  func badLogcatLinesNameThePlace(_ line: String, _ expected: String) {
    switch SenderFile.load(text: line, file: "log.txt") {
    case .success: Issue.record("accepted \(line)")
    case .failure(let errors): #expect(errors.errors.first?.description.hasPrefix(expected) == true, "\(errors.errors.map(\.description))")
    }
  }
}
