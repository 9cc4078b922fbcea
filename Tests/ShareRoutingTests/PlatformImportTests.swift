import Foundation
import Testing

@testable import ShareRouting

private let repository = String(#filePath).components(separatedBy: "/Tests/").dropLast().joined(separator: "/Tests/")
private let platform = repository + "/samples/platform"

/// A fresh directory with the given files (relative path → contents).
func scratchDirectory(_ files: [String: Data]) throws -> String {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("share-route-tests-\(UUID().uuidString)").path
  for (path, data) in files {
    let full = directory + "/" + path
    try FileManager.default.createDirectory(
      atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try data.write(to: URL(fileURLWithPath: full))
  }
  return directory
}

func scratchDirectory(texts: [String: String]) throws -> String {
  try scratchDirectory(texts.mapValues { Data($0.utf8) })
}

/// A binary plist of a dictionary, written by Foundation.
func binaryPlist(_ object: [String: Any]) throws -> Data {
  try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
}

private let send = IntentFilter.actionSend
private let sendMultiple = IntentFilter.actionSendMultiple
private let defaultCategory = IntentFilter.defaultCategory

@Suite struct PlatformImportTests {
  @Test func androidManifestActivitiesAndAliasesBecomeHandlers() throws {
    let set = ManifestLoader.load(paths: [platform + "/android/AndroidManifest.xml"])
    #expect(set.errors.map(\.description) == [])
    #expect(
      set.handlers.map(\.id) == [
        "org.example.messenger/.share.ShareActivity", "org.example.messenger/.SaveToNote",
        "org.example.messenger/.ContactImportActivity",
      ])
    // @string labels from res/values/strings.xml; the importer's own label; the application's.
    #expect(set.handlers.map(\.label) == ["Send to a chat", "Save to note", "Messenger"])
    #expect(
      set.handlers[0].intentFilters == [
        try IntentFilter(actions: [send], categories: [defaultCategory], mimeTypes: ["image/*", "video/*", "audio/*", "text/plain"]),
        try IntentFilter(actions: [sendMultiple], categories: [defaultCategory], mimeTypes: ["image/*", "video/*"]),
      ])
    #expect(
      set.handlers[1].intentFilters == [
        try IntentFilter(actions: [send, sendMultiple], categories: [defaultCategory], mimeTypes: ["text/*", "application/pdf"])
      ])
    // Types verbatim (upper case kept), priority as written.
    #expect(
      set.handlers[2].intentFilters == [
        try IntentFilter(actions: [send], categories: [defaultCategory], mimeTypes: ["text/x-vCard", "text/vcard"], priority: 10)
      ])
    #expect(set.handlers.allSatisfy { $0.activationRule == nil && $0.order == nil })
  }

  @Test func infoPlistsXMLAndBinaryBecomeHandlers() throws {
    let set = ManifestLoader.load(paths: [platform + "/ios"])
    #expect(set.errors.map(\.description) == [])
    #expect(set.handlers.map(\.id) == ["org.example.messenger.photo-action", "org.example.messenger.share"])
    #expect(set.handlers.map(\.label) == ["Edit Photos", "Messenger"])
    #expect(
      set.handlers[0].activationRule
        == .dictionary(
          ActivationDictionary([.imageMaxCount: .integer(5), .movieMaxCount: .integer(1), .text: .integer(1)])))
    guard case .predicate(let predicate)? = set.handlers[1].activationRule else {
      Issue.record("expected a predicate")
      return
    }
    // The plist's &quot; and &gt; entities are decoded before the predicate is parsed.
    #expect(predicate.source.hasSuffix(").@count > 0"))
    #expect(predicate.typeIdentifierLiterals.map(\.identifier).contains("com.apple.pkpass"))
  }

  /// A route without the places of its rules (``Reason/place``, ``HandlerSummary/place``).
  static func withoutPlaces(_ route: Route) -> Route {
    var route = route
    for index in route.accepted.indices { route.accepted[index].place = nil }
    for index in route.rejected.indices {
      for reason in route.rejected[index].reasons.indices { route.rejected[index].reasons[reason].place = nil }
    }
    return route
  }

  /// The imported handlers route exactly like the same handlers written natively.
  @Test(arguments: [
    ["image/jpeg"], ["image/jpeg", "video/mp4"], ["application/pdf"], ["text/vcard"], ["application/pdf", "image/png"],
    ["audio/mpeg"], ["text/plain"], ["image/png", "image/png", "image/png", "image/png", "image/png", "image/png"],
    ["application/vnd.apple.pkpass"], ["application/zip"],
  ])
  func importedHandlersRouteLikeNativeOnes(_ types: [String]) throws {
    let imported = Router(ManifestLoader.load(paths: [platform + "/android/AndroidManifest.xml", platform + "/ios"]))
    let native = Router(ManifestLoader.load(paths: [platform + "/native"]))
    #expect(imported.handlers.count == 5 && native.handlers.count == 5)
    for items in [try types.map { try ShareItem.declared(mimeType: $0) }, [try ShareItem.text("hi"), try ShareItem.url("https://example.org/a")]] {
      // The same answers; only the places of the rules differ (other files).
      let a = Self.withoutPlaces(try imported.route(items: items))
      let b = Self.withoutPlaces(try native.route(items: items))
      #expect(a.accepted == b.accepted)
      #expect(a.intent == b.intent)
      #expect(a.rejected.sorted { $0.id < $1.id } == b.rejected.sorted { $0.id < $1.id })
    }
  }

  /// A directory walk skips platform files that describe no share target; named directly they
  /// are errors.
  @Test func filesWithoutShareTargetsAreSkippedInDirectories() throws {
    let directory = try scratchDirectory([
      "App/Info.plist": try binaryPlist(["CFBundleIdentifier": "org.example.app", "CFBundleName": "App"]),
      "Widget/Info.plist": Data(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>w</string>
        <key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.widgetkit-extension</string></dict></dict></plist>
        """.utf8),
      "lib/src/main/AndroidManifest.xml": Data(
        "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\"><application/></manifest>".utf8),
    ])
    let set = ManifestLoader.load(paths: [directory])
    // The app's own plist is left out without a word; a scan that finds no handler says so.
    #expect(set.handlers.isEmpty)
    #expect(set.errors.map(\.description) == ["\(directory): no handler found: none of the 3 files read declares a share target"])
    #expect(
      set.skipped.map(\.description) == [
        "\(directory)/Widget/Info.plist: skipped: NSExtensionPointIdentifier is 'com.apple.widgetkit-extension' and there is no NSExtensionActivationRule (not a share or action extension)",
        "\(directory)/lib/src/main/AndroidManifest.xml: skipped: no <activity> or <activity-alias> has a SEND or SEND_MULTIPLE intent filter",
      ])
    let direct = ManifestLoader.load(paths: [directory + "/App/Info.plist"])
    #expect(
      direct.errors.map(\.description) == [
        "\(directory)/App/Info.plist: not a share target: the plist has no NSExtension (it is not an app extension's Info.plist)"
      ])
  }

  /// Bad platform files: an error naming the file, the place and the value; the rest is kept.
  @Test(arguments: [
    (
      "AndroidManifest.xml",
      "<manifest>\n<application>\n  <activity android:name=\"A\">\n</application>\n</manifest>\n",
      "F:4:1: invalid XML: '</application>' does not close '<activity>' (opened at 3:3)"
    ),
    (
      "AndroidManifest.xml",
      "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n <!ENTITY lol2 \"&lol;&lol;&lol;\">\n]>\n<manifest>&lol2;</manifest>\n",
      "F:2:16: invalid XML: a DOCTYPE with an internal subset is not read (share-route never expands declared entities)"
    ),
    (
      "AndroidManifest.xml",
      "<manifest package=\"p\"><application><activity><intent-filter><action android:name=\"android.intent.action.SEND\"/></intent-filter></activity></application></manifest>",
      "F:1:36: <activity> has no android:name attribute\nF:1:1: Android does not install this package (1 problem in it), so none of its components is used"
    ),
    (
      "AndroidManifest.xml",
      "<manifest package=\"p\"><application><activity android:name=\".A\"><intent-filter>\n<action android:name=\"android.intent.action.SEND\"/>\n<data android:mimeType=\"image\"/></intent-filter></activity></application></manifest>",
      "F:3:7: 'image' is not a media type (expected 'type/subtype')\nF:1:1: Android does not install this package (1 problem in it), so none of its components is used"
    ),
    (
      "AndroidManifest.xml",
      "<manifest package=\"p\"><application><activity android:name=\".A\"><intent-filter android:priority=\"high\"><action android:name=\"android.intent.action.SEND\"/></intent-filter></activity></application></manifest>",
      "F:1:79: 'high' is not allowed (expected an integer)\nF:1:1: Android does not install this package (1 problem in it), so none of its components is used"
    ),
    (
      "AndroidManifest.xml", "<manifest><application>&bogus;</application></manifest>",
      "F:1:24: invalid XML: unknown entity '&bogus;'"
    ),
    (
      "AndroidManifest.xml", "<resources><string name=\"a\">A</string></resources>",
      "F:1:1: invalid plist: the root element is <resources>, not <plist> (share-route reads <manifest> and <plist>)"
    ),
    (
      "Info.plist",
      "<plist><dict><key>CFBundleIdentifier</key><string>x</string><key>NSExtension</key><dict><key>NSExtensionAttributes</key><dict><key>NSExtensionActivationRule</key><string>SUBQUERY(extensionItems, $e,\n  $e.attachments.@count &gt; 0).@count &gt;</string></dict></dict></dict></plist>",
      "F:1:163: NSExtension.NSExtensionAttributes.NSExtensionActivationRule: invalid predicate at 2:38 of the predicate: expected a key path, a string or a number, found the end of the predicate\n      $e.attachments.@count > 0).@count >\n    " + String(repeating: " ", count: 37) + "^"
    ),
    (
      "Info.plist",
      "<plist><dict><key>CFBundleIdentifier</key><string>x</string><key>NSExtension</key><dict><key>NSExtensionAttributes</key><dict><key>NSExtensionActivationRule</key><dict><key>NSExtensionActivationSupportsText</key><array/></dict></dict></dict></dict></plist>",
      "F:1:213: NSExtension.NSExtensionAttributes.NSExtensionActivationRule.NSExtensionActivationSupportsText: expected a number, a Boolean or a string, found a list 'a list'"
    ),
    (
      "Info.plist",
      "<plist><dict><key>CFBundleIdentifier</key><integer>7</integer><key>NSExtension</key><dict><key>NSExtensionAttributes</key><dict><key>NSExtensionActivationRule</key><string>TRUEPREDICATE</string></dict></dict></dict></plist>",
      "F:1:43: CFBundleIdentifier: expected a non-empty string, found an integer '7'"
    ),
    (
      "Info.plist", "<plist><dict><key>NSExtension</key><string>share</string></dict></plist>",
      "F:1:36: NSExtension: expected a dictionary, found a string 'share'"
    ),
    // A key written twice: the value written last is read, as CoreFoundation reads it.
    (
      "Info.plist", "<plist><dict><key>NSExtension</key><dict/><key>NSExtension</key><string>share</string></dict></plist>",
      "F:1:65: NSExtension: expected a dictionary, found a string 'share'"
    ),
    ("Info.plist", "bplist00\u{1}\u{2}garbage", "F: invalid binary plist: the binary property list is damaged (too short)"),
    ("Info.plist", "bplist01" + String(repeating: "\u{0}", count: 40), "F: invalid binary plist: the binary property list is damaged (only version 00 is read)"),
  ])
  func badPlatformFilesGetExactErrors(_ name: String, _ text: String, _ expected: String) throws {
    let directory = try scratchDirectory(texts: [name: text])
    let file = directory + "/" + name
    let set = ManifestLoader.load(paths: [file])
    #expect(set.errors.map(\.description).joined(separator: "\n") 
        == expected.replacingOccurrences(of: "F", with: file, options: .anchored)
        .replacingOccurrences(of: "\nF:", with: "\n" + file + ":"))
  }

  /// One bad activity keeps its whole package from installing (Android's manifest parser fails the
  /// package), and the other files still load; an id derived from a platform file that an explicit
  /// id already holds is kept, told apart by its folder, with a warning.
  @Test func oneBadActivityRefusesItsPackageAndDuplicatesAreNamed() throws {
    let good = """
      <activity a:name=".Good"><intent-filter><action a:name="android.intent.action.SEND"/><category a:name="android.intent.category.DEFAULT"/><data a:mimeType="image/*"/></intent-filter></activity>
      """
    let directory = try scratchDirectory(texts: [
      "a/AndroidManifest.xml": """
        <manifest xmlns:a="http://schemas.android.com/apk/res/android" package="org.x">
          <application>
            \(good)
            <activity a:name=".Bad"><intent-filter><action a:name="android.intent.action.SEND"/><data a:mimeType="/png"/></intent-filter></activity>
          </application>
        </manifest>
        """,
      "c/AndroidManifest.xml": """
        <manifest xmlns:a="http://schemas.android.com/apk/res/android" package="org.x">
          <application>
            \(good)
          </application>
        </manifest>
        """,
      "b.yaml": "id: org.x/.Good\nlabel: Again\n",
    ])
    let set = ManifestLoader.load(paths: [directory])
    #expect(set.handlers.map(\.id) == ["org.x/.Good", "org.x/.Good@c"])
    #expect(
      set.errors.map(\.description) == [
        "\(directory)/a/AndroidManifest.xml:4:95: '/png' is not a media type (expected 'type/subtype')",
        "\(directory)/a/AndroidManifest.xml:1:1: Android does not install this package (1 problem in it), so none of its components is used",
      ])
    #expect(set.idNotices.map(\.code) == [.ambiguousID])
  }

  /// Binary plists written by Foundation's PropertyListSerialization read back value for value.
  @Test func binaryPlistsReadEveryValueType() throws {
    let data = try binaryPlist([
      "ascii": "plain", "unicode": "Café ☕ 日本", "small": 7, "large": 5_000_000_000, "negative": -42,
      "real": 2.5, "yes": true, "no": false, "list": [1, "two", [3]] as [Any],
      "nested": ["inner": ["deeper": "x"]] as [String: Any], "bytes": Data([1, 2, 3]),
    ])
    let root = try PropertyList.parseBinary(Array(data))
    guard case .object(let members) = root.value else {
      Issue.record("not a dictionary")
      return
    }
    let byKey = Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) })
    func scalar(_ key: String) -> String { byKey[key].map { "\($0.typeName) \($0.displayValue)" } ?? "missing" }
    #expect(scalar("ascii") == "a string plain")
    #expect(scalar("unicode") == "a string Café ☕ 日本")
    #expect(scalar("small") == "an integer 7")
    #expect(scalar("large") == "an integer 5000000000")
    #expect(scalar("negative") == "an integer -42")
    #expect(scalar("real") == "a number 2.5")
    #expect(scalar("yes") == "a Boolean true")
    #expect(scalar("no") == "a Boolean false")
    #expect(scalar("bytes") == "a string <3 bytes>")
    guard case .array(let list)? = byKey["list"]?.value, list.count == 3, case .array(let inner) = list[2].value else {
      Issue.record("list")
      return
    }
    #expect(list[0].displayValue == "1" && list[1].displayValue == "two" && inner.first?.displayValue == "3")
    guard case .object(let nested)? = byKey["nested"]?.value, case .object(let deeper) = nested.first?.value.value else {
      Issue.record("nested")
      return
    }
    #expect(deeper.first?.key == "deeper" && deeper.first?.value.displayValue == "x")
  }

  /// Every truncation of a real binary plist is an error, never a crash; so is every single-byte change
  /// of its trailer and offset table.
  @Test func damagedBinaryPlistsAreErrors() throws {
    let data = Array(try Data(contentsOf: URL(fileURLWithPath: platform + "/ios/Action/Info.plist")))
    for length in 0..<data.count {
      #expect(throws: ConfigSyntaxError.self) { try PropertyList.parseBinary(Array(data[..<length])) }
    }
    for index in max(8, data.count - 64)..<data.count {
      for value: UInt8 in [0x00, 0x7F, 0xFF] {
        var copy = data
        copy[index] = value
        _ = try? PropertyList.parseBinary(copy)
      }
    }
    #expect(throws: Never.self) { try PropertyList.parseBinary(data) }
  }

  /// Values at the edges of 64 bits: an offset table at 2^64 - 1, a reference of 2^63, a UID of
  /// 8 bytes. Errors or values, never a trap.
  @Test func binaryPlistEdgeValuesDoNotTrap() throws {
    func plist(objects: [[UInt8]], referenceSize: UInt8 = 1, table: UInt64? = nil) -> [UInt8] {
      var data = Array("bplist00".utf8)
      var offsets: [UInt8] = []
      for object in objects {
        offsets.append(UInt8(data.count))
        data += object
      }
      let tableOffset = UInt64(data.count)
      data += offsets
      data += [0, 0, 0, 0, 0, 0, 1, referenceSize]
      for word in [UInt64(objects.count), 0, table ?? tableOffset] {
        data += (0..<8).reversed().map { UInt8(truncatingIfNeeded: word >> (8 * UInt64($0))) }
      }
      return data
    }
    #expect(throws: ConfigSyntaxError.self) { try PropertyList.parseBinary(plist(objects: [[0x09]], table: .max)) }
    #expect(throws: ConfigSyntaxError.self) {
      try PropertyList.parseBinary(plist(objects: [[0xA1, 0x80, 0, 0, 0, 0, 0, 0, 0]], referenceSize: 8))
    }
    let uid = try PropertyList.parseBinary(plist(objects: [[0x87, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]]))
    #expect(uid.displayValue == "-1")
  }
}

/// What keeps a package from installing, as `PackageParser` decides it
/// (`ParsedIntentInfoUtils.parseData`, `ParsedActivityUtils.parseActivityAlias`): the package
/// contributes nothing, and the error names the file, the place and the value.
@Suite struct PackageRefusalTests {
  static func manifest(_ body: String) -> String {
    """
    <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.x">
    <application>
    <activity android:name=".Share" android:exported="true"><intent-filter><action android:name="android.intent.action.SEND"/><category android:name="android.intent.category.DEFAULT"/><data android:mimeType="image/*"/></intent-filter></activity>
    \(body)
    </application>
    </manifest>
    """
  }

  @Test(arguments: [
    // AuthorityEntry: Integer.parseInt(port) throws.
    (#"<activity android:name=".A"><intent-filter><action android:name="a"/><data android:scheme="h" android:host="x" android:port="80x"/></intent-filter></activity>"#,
     "4:112: port '80x' is not a number"),
    // PatternMatcher(ADVANCED_GLOB) throws.
    (#"<activity android:name=".A"><intent-filter><action android:name="a"/><data android:scheme="h" android:host="x" android:pathAdvancedPattern="/[a-z"/></intent-filter></activity>"#,
     "4:112: pattern '/[a-z' is refused: a '[' set is not closed with ']'"),
    // A filter in a receiver is parsed by the same code.
    (#"<receiver android:name=".R"><intent-filter><action android:name="a"/><data android:mimeType="image"/></intent-filter></receiver>"#,
     "4:76: 'image' is not a media type (expected 'type/subtype')"),
    // An empty android:name (a deferred error that is fatal from targetSdk 30).
    (#"<activity android:name=".A"><intent-filter><action android:name=""/></intent-filter></activity>"#,
     "4:52: <action> has an empty android:name"),
    // The alias's target must be declared (the merger moves an alias after its target; a built
    // manifest must have it before).
    (#"<activity-alias android:name=".Alias" android:targetActivity=".Nowhere" android:exported="true"><intent-filter><action android:name="android.intent.action.SEND"/><data android:mimeType="*/*"/></intent-filter></activity-alias>"#,
     "4:39: the alias's target activity 'org.x.Nowhere' is not declared in the manifest"),
    // aapt2 refuses a \u escape without hex digits.
    (#"<activity android:name=".A"><intent-filter><action android:name="a\uZZZZ"/></intent-filter></activity>"#,
     #"4:52: 'a\uZZZZ' is not allowed (expected a value aapt2 compiles: '\u' followed by hex digits)"#),
  ])
  func aProblemRefusesTheWholePackage(_ body: String, _ expected: String) throws {
    let directory = try scratchDirectory(texts: ["AndroidManifest.xml": Self.manifest(body)])
    let file = directory + "/AndroidManifest.xml"
    let set = ManifestLoader.load(paths: [file])
    #expect(set.handlers.isEmpty)
    #expect(set.components.isEmpty)
    #expect(
      set.errors.map(\.description) == [
        file + ":" + expected,
        file + ":1:1: Android does not install this package (1 problem in it), so none of its components is used",
      ])
  }

  /// The same package without the problem installs: its share activity is a handler, and a
  /// component without a share filter is kept for `query` only.
  @Test func theSamePackageWithoutTheProblemInstalls() throws {
    let directory = try scratchDirectory(texts: [
      "AndroidManifest.xml": Self.manifest(
        #"<activity android:name=".Links" android:exported="true"><intent-filter><action android:name="android.intent.action.VIEW"/><data android:scheme="https" android:host="x.org" android:pathPattern="/a/.*\\.pdf"/></intent-filter></activity>"#)
    ])
    let set = ManifestLoader.load(paths: [directory + "/AndroidManifest.xml"])
    #expect(set.errors.isEmpty)
    #expect(set.handlers.map(\.id) == ["org.x/.Share"])
    #expect(set.components.map(\.id) == ["org.x/.Share", "org.x/.Links"])
    // aapt2 turned the written `\\.` into `\.`.
    #expect(set.components.last?.intentFilters?.first?.paths.map(\.pattern) == [#"/a/.*\.pdf"#])
    #expect(set.components.last?.intentFilters?.first?.authorities.map(\.host) == ["x.org"])
  }

  /// aapt2's escapes (`StringBuilder::AppendText` with spaces kept).
  @Test(arguments: [
    (#"/a/.*\\.pdf"#, #"/a/.*\.pdf"#), (#"\t\n"#, "\t\n"), (##"\@\?\#\"\'"##, #"@?#"'"#), (#"\u0041\u00e9"#, "Aé"),
    (#"a\"#, "a"), (#"\x"#, "x"), (#"say "hi" it's"#, #"say "hi" it's"#), ("plain", "plain"),
  ])
  func aaptEscapes(_ written: String, _ compiled: String) throws {
    #expect(try AaptText.compiled(written) == compiled)
  }
}
