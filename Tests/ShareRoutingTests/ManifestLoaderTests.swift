import Foundation
import Testing

@testable import ShareRouting

/// An invalid manifest and the exact message it must produce.
struct InvalidManifest: Sendable, CustomTestStringConvertible {
  let name: String
  let file: String
  let text: String
  let messages: [String]
  var testDescription: String { name }
}

@Suite struct ManifestLoaderTests {
  static let invalid: [InvalidManifest] = [
    InvalidManifest(
      name: "malformed type without slash", file: "m/a.yaml",
      text: "id: a\nlabel: A\nandroid:\n  intentFilters:\n    - actions: [SEND]\n      mimeTypes: [image/png, image]\n",
      messages: ["m/a.yaml:6:30: android.intentFilters[0].mimeTypes[1]: 'image' is not a media type (expected 'type/subtype')"]),
    InvalidManifest(
      name: "malformed types /png and image/", file: "m/b.yaml",
      text: "id: b\nlabel: B\nandroid:\n  intentFilters:\n    - actions: [SEND]\n      mimeTypes: [/png, image/]\n",
      messages: [
        "m/b.yaml:6:19: android.intentFilters[0].mimeTypes[0]: '/png' is not a media type (expected 'type/subtype')",
        "m/b.yaml:6:25: android.intentFilters[0].mimeTypes[1]: 'image/' is not a media type (expected 'type/subtype')",
      ]),
    InvalidManifest(
      name: "unknown key", file: "m/c.yaml",
      text: "id: c\nlabel: C\nandroid:\n  intentFilters:\n    - actions: [SEND]\n      mimetype: [image/png]\n",
      messages: [
        "m/c.yaml:6:7: android.intentFilters[0]: unknown key 'mimetype' (expected one of: actions, categories, mimeTypes, schemes, priority)"
      ]),
    InvalidManifest(
      name: "wrong type", file: "m/d.yaml", text: "id: d\nlabel: D\norder: first\n",
      messages: ["m/d.yaml:3:8: order: expected an integer, found a string 'first'"]),
    InvalidManifest(
      name: "missing label", file: "m/e.yaml", text: "id: e\n",
      messages: ["m/e.yaml:1:1: missing required key 'label'"]),
    InvalidManifest(
      name: "json wrong type in list", file: "m/f.json",
      text: "{\"id\": \"f\", \"label\": \"F\", \"android\": {\"intentFilters\": [{\"actions\": [\"SEND\", 3]}]}}",
      messages: ["m/f.json:1:78: android.intentFilters[0].actions[1]: expected a string, found an integer '3'"]),
    InvalidManifest(
      name: "json syntax", file: "m/g.json", text: "{\"id\": \"g\",\n \"label\": \"G\",\n}",
      messages: ["m/g.json:3:1: invalid JSON: expected a quoted key"]),
    InvalidManifest(
      name: "json duplicate key", file: "m/h.json", text: "{\"id\": \"h\", \"id\": \"i\", \"label\": \"H\"}",
      messages: ["m/h.json:1:13: invalid JSON: duplicate key 'id'"]),
    InvalidManifest(
      name: "unknown activation key", file: "m/i.yaml",
      text: "id: i\nlabel: I\nios:\n  activationRule:\n    NSExtensionActivationSupportsAttachmentsWithMatchingTypeIdentifiers: 1\n",
      messages: [
        "m/i.yaml:5:5: ios.activationRule: unknown key 'NSExtensionActivationSupportsAttachmentsWithMatchingTypeIdentifiers' (expected one of: "
          + ActivationDictionary.Key.allCases.map(\.rawValue).joined(separator: ", ") + ")"
      ]),
    InvalidManifest(
      name: "limit below 1", file: "m/j.yaml", text: "id: j\nlabel: J\nlimits:\n  image: 0\n",
      messages: ["m/j.yaml:4:10: limits.image: '0' is not allowed (expected a count of at least 1)"]),
    InvalidManifest(
      name: "unknown limit kind", file: "m/k.yaml", text: "id: k\nlabel: K\nlimits:\n  photo: 3\n",
      messages: ["m/k.yaml:4:3: limits: unknown key 'photo' (expected one of: image, movie, audio, text, url, file)"]),
    InvalidManifest(
      name: "top level not a mapping", file: "m/l.yaml", text: "- id: l\n",
      messages: ["m/l.yaml:1:1: expected a mapping, found a list 'a list'"]),
    InvalidManifest(
      name: "yaml syntax", file: "m/m.yaml", text: "id: m\nlabel: [unclosed\n",
      messages: ["m/m.yaml:3:1: invalid YAML: while parsing a flow sequence did not find expected ',' or ']'"]),
    InvalidManifest(
      name: "empty id", file: "m/n.yaml", text: "id: ''\nlabel: N\n",
      messages: ["m/n.yaml:1:5: id: '' is not allowed (expected a non-empty string)"]),
    InvalidManifest(
      name: "empty document", file: "m/o.yaml", text: "# nothing\n", messages: ["m/o.yaml: the document is empty"]),
    InvalidManifest(
      name: "a Boolean activation rule", file: "m/p.yaml", text: "id: p\nlabel: P\nios:\n  activationRule: true\n",
      messages: ["m/p.yaml:4:19: ios.activationRule: a Boolean (true) is not an activation rule: Apple documents a dictionary or a predicate string, a device offers no extension whose rule is neither, and App Store upload refuses it ('Invalid Info.plist value'); write the dictionary of the types the extension takes (TRUEPREDICATE is for development only and rejected in review)"]),
    InvalidManifest(
      name: "a false activation rule", file: "m/q.json", text: "{\"id\": \"q\", \"label\": \"Q\", \"ios\": {\"activationRule\": false}}",
      messages: ["m/q.json:1:53: ios.activationRule: a Boolean (false) is not an activation rule: Apple documents a dictionary or a predicate string, a device offers no extension whose rule is neither, and App Store upload refuses it ('Invalid Info.plist value'); write the dictionary of the types the extension takes (TRUEPREDICATE is for development only and rejected in review)"]),
    InvalidManifest(
      name: "an unknown selection", file: "m/r.yaml", text: "id: r\nlabel: R\nselect: some\n",
      messages: ["m/r.yaml:3:9: select: 'some' is not allowed (expected one of: all, any)"]),
  ]

  /// The same Boolean rule in an Info.plist: refused with why, the handler left out.
  @Test func aBooleanRuleInAnInfoPlistSaysWhy() {
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>CFBundleIdentifier</key><string>org.example.share</string>
      <key>NSExtension</key><dict>
      <key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string>
      <key>NSExtensionAttributes</key><dict><key>NSExtensionActivationRule</key><true/></dict>
      </dict></dict></plist>
      """
    let set = ManifestLoader.load(platformFiles: [("Share/Info.plist", Array(plist.utf8))])
    #expect(set.handlers.isEmpty)
    #expect(set.errors.map(\.description) == ["Share/Info.plist:6:75: NSExtension.NSExtensionAttributes.NSExtensionActivationRule: a Boolean (true) is not an activation rule: Apple documents a dictionary or a predicate string, a device offers no extension whose rule is neither, and App Store upload refuses it ('Invalid Info.plist value'); write the dictionary of the types the extension takes (TRUEPREDICATE is for development only and rejected in review)"])
  }

  @Test(arguments: invalid)
  func invalidManifestsNameFileLocationAndValue(_ row: InvalidManifest) {
    let set = ManifestLoader.load(texts: [(row.file, row.text)])
    #expect(set.handlers.isEmpty)
    #expect(set.errors.map(\.description) == row.messages)
  }

  @Test func shortNamesExpandAndCategoriesDefault() throws {
    let text = """
      id: x
      label: X
      android:
        intentFilters:
          - actions: [SEND, com.example.action.CUSTOM]
            mimeTypes: ["image/*"]
          - actions: [SEND_MULTIPLE]
            categories: []
          - actions: [SEND]
            categories: [DEFAULT, BROWSABLE]
            schemes: [content]
            priority: 5
      """
    let set = ManifestLoader.load(texts: [("x.yaml", text)])
    #expect(set.errors.isEmpty)
    let filters = try #require(set.handlers.first?.intentFilters)
    #expect(filters[0].actions == ["android.intent.action.SEND", "com.example.action.CUSTOM"])
    #expect(filters[0].categories == ["android.intent.category.DEFAULT"])
    #expect(filters[1].categories == [])
    #expect(filters[2].categories == ["android.intent.category.DEFAULT", "android.intent.category.BROWSABLE"])
    #expect(filters[2].schemes == ["content"])
    #expect(filters[2].priority == 5)
    // Installed, a priority above 0 is 0 for a package that is not a privileged system app.
    #expect(set.handlers.first?.androidPriority == 0)
  }

  @Test func filterTypesAreKeptVerbatim() throws {
    let set = ManifestLoader.load(
      texts: [("v.yaml", "id: v\nlabel: V\nandroid:\n  intentFilters:\n    - actions: [SEND]\n      mimeTypes: [Image/JPEG, \"text/plain; charset=utf-8\"]\n")])
    #expect(set.errors.isEmpty)
    #expect(set.handlers.first?.intentFilters?.first?.declaredTypes == ["Image/JPEG", "text/plain; charset=utf-8"])
  }

  @Test func duplicateIDsAcrossFormatsKeepTheFirst() {
    let set = ManifestLoader.load(texts: [
      ("a.yaml", "id: same\nlabel: First\n"), ("b.json", "{\"id\": \"same\", \"label\": \"Second\"}"),
      ("c.yaml", "id: other\nlabel: Other\n"),
    ])
    #expect(set.handlers.map(\.label) == ["First", "Other"])
    #expect(set.errors.map(\.description) == ["b.json:1:8: id: duplicate id 'same' (first defined in a.yaml)"])
  }

  @Test func oneBadManifestLosesNothingElse() {
    let set = ManifestLoader.load(texts: [
      ("good.yaml", "id: good\nlabel: Good\n"), ("bad.yaml", "id: bad\nlabel: Bad\norder: x\n"),
      ("also-good.yaml", "id: fine\nlabel: Fine\n"),
    ])
    #expect(set.handlers.map(\.id) == ["good", "fine"])
    #expect(set.errors.count == 1)
  }

  @Test func activationValuesAreRead() throws {
    let set = ManifestLoader.load(texts: [(
      "r.yaml",
      "id: r\nlabel: R\nios:\n  activationRule:\n    NSExtensionActivationSupportsText: \"1\"\n    NSExtensionActivationSupportsImageWithMaxCount: 3\n    NSExtensionActivationUsesStrictMatching: false\n"
    )])
    #expect(set.errors.isEmpty)
    guard case .dictionary(let rule)? = set.handlers.first?.activationRule else {
      Issue.record("expected a dictionary rule")
      return
    }
    #expect(rule.values[.text] == .string("1"))
    #expect(rule.values[.imageMaxCount] == .integer(3))
    #expect(rule.values[.usesStrictMatching] == .boolean(false))
  }

  @Test func predicateStringsAreParsed() {
    let set = ManifestLoader.load(texts: [(
      "p.yaml", "id: p\nlabel: P\nios:\n  activationRule: \"TRUEPREDICATE\"\n"
    )])
    #expect(set.errors.isEmpty)
    guard case .predicate(let predicate)? = set.handlers.first?.activationRule else {
      Issue.record("expected a predicate rule")
      return
    }
    #expect(predicate.usesTruePredicate)
  }

  @Test func invalidPredicatesPointAtTheColumn() {
    let set = ManifestLoader.load(texts: [(
      "p.yaml", "id: p\nlabel: P\nios:\n  activationRule: |\n    SUBQUERY(extensionItems, $e,\n      $e.attachments.@count >== 1).@count == 1\n"
    )])
    #expect(
      set.errors.map(\.description) == [
        "p.yaml:4:19: ios.activationRule: invalid predicate at 2:27 of the predicate: expected a key path, a string or a number, found '='\n"
          + "      $e.attachments.@count >== 1).@count == 1\n"
          + "    " + String(repeating: " ", count: 26) + "^"
      ])
  }

  @Test func sourceProfilesMustNameHandlers() {
    let set = ManifestLoader.load(texts: [
      ("h.yaml", "id: keep\nlabel: Keep\n"),
      ("s.yaml", "source: chat\noffers: [keep, nope]\ncustom: []\n"),
    ])
    #expect(set.sources.isEmpty)
    #expect(set.errors.map(\.description) == ["s.yaml: offers[1]: 'nope' is not the id of any handler"])
  }

  @Test func jsonParserHandlesEscapesAndNumbers() throws {
    let node = try ConfigParser.parseJSON(#"{"a": "x\u00e9\ud83d\ude00\n", "b": -1.5e2, "c": [true, false, null, 0]}"#)
    guard case .object(let members) = node.value else {
      Issue.record("not an object")
      return
    }
    #expect(members.map(\.key) == ["a", "b", "c"])
    guard case .string(let text) = members[0].value.value else {
      Issue.record("not a string")
      return
    }
    #expect(text == "xé😀\n")
    guard case .real(let number) = members[1].value.value else {
      Issue.record("not a number")
      return
    }
    #expect(number == -150)
  }

  @Test(arguments: ["{\"a\": 1,}", "[1 2]", "{\"a\" 1}", "tru", "\"\\x\"", "01", "{} x", "\"a\nb\""])
  func jsonParserRefusesInvalidJSON(_ text: String) {
    #expect(throws: ConfigSyntaxError.self) { try ConfigParser.parseJSON(text) }
  }

  /// A "billion laughs" document (9 levels of 9 aliases) is refused quickly, not expanded;
  /// found by hostile/run.py, which timed out on it before the value budget.
  @Test func aliasBombIsRefused() {
    var text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    for (name, previous) in zip("bcdefghij", "abcdefghi") {
      text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
    }
    let set = ManifestLoader.load(texts: [("bomb.yaml", text + "id: x\nlabel: y\n")])
    #expect(set.handlers.isEmpty)
    #expect(set.errors.map(\.description).first?.hasSuffix("more than 200000 values once aliases are expanded") == true,
      "\(set.errors)")
  }

  /// 50,000 keys in one JSON object: duplicate detection stays linear.
  @Test func manyKeysParseQuickly() throws {
    let text = "{" + (0..<50_000).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}"
    let clock = ContinuousClock()
    let started = clock.now
    _ = try ConfigParser.parseJSON(text)
    #expect(clock.now - started < .seconds(5))
  }

  /// Crashers found by Fuzz/run.sh (FuzzManifests): YAML 1.1 base-60 integers overflowed inside
  /// Yams. They are strings now, and the loader reports them.
  @Test(arguments: [
    ("id: x\nlabel: y\norder: 999999999999999999:0\n",
     "f.yaml:3:8: order: expected an integer, found a string '999999999999999999:0'"),
    ("# LIt.\u{FFFD}\u{FFFD}endocum{ent.tege: 4404\n244444444444444442:0\n",
     "f.yaml:2:1: expected a mapping, found a string '244444444444444442:0'"),
    ("id: x\nlabel: y\norder: 0x10\n", "f.yaml:3:8: order: expected an integer, found a string '0x10'"),
  ])
  func fuzzCrashersAreErrors(_ text: String, _ message: String) {
    let set = ManifestLoader.load(texts: [("f.yaml", text)])
    #expect(set.errors.map(\.description) == [message])
  }

  /// Crasher found by Fuzz/run.sh (FuzzManifests, 2026-11-22, second run): a rule value of 13e30
  /// trapped when the route read it as an integer. The file loads and routes.
  @Test func hugeRealRuleValuesRoute() throws {
    let text = """
      id: notes
      label: Notes
      ios:
        activationRule:
          NSExtensionActivationSupportsImageWithMaxCount: 13e30
          NSExtensionActivationSupportsText: true
      """
    let set = ManifestLoader.load(texts: [("f.yaml", text)])
    #expect(set.errors.isEmpty)
    let route = try Router(set).route(items: [try ShareItem.text("hi"), try ShareItem.declared(mimeType: "image/png")])
    #expect(route.accepted.map(\.id) == ["notes"])
  }
}

/// An expectations file kept beside the manifests (the README's quick start writes one into the
/// project it checks) is skipped by a walk, and still an error when named as a manifest.
@Suite struct ExpectationsBesideManifestsTests {
  @Test func aWalkSkipsItANamedFileIsAnError() throws {
    let directory = NSTemporaryDirectory() + "share-route-cases-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try "id: a\nlabel: A\nandroid:\n  intentFilters:\n    - actions: [SEND]\n      mimeTypes: [\"*/*\"]\n"
      .write(toFile: directory + "/a.yaml", atomically: true, encoding: .utf8)
    try "manifests: [.]\ncases:\n  - {name: x, texts: [hi], expect: {accept: [a]}}\n"
      .write(toFile: directory + "/cases.yaml", atomically: true, encoding: .utf8)
    let walked = ManifestLoader.load(paths: [directory])
    #expect(walked.errors.isEmpty, "\(walked.errors)")
    #expect(walked.handlers.map(\.id) == ["a"])
    #expect(walked.skipped.map(\.description) == ["\(directory)/cases.yaml: skipped: an expectations file (share-route check), not a manifest"])
    let named = ManifestLoader.load(paths: [directory + "/cases.yaml"])
    #expect(!named.errors.isEmpty)
  }
}
