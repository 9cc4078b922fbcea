import Foundation
import Testing

@testable import ShareRouting

/// Files with platform pitfalls, and the warnings lint must give: `file:line:col code` (or
/// `file key.path code` where the format has no positions).
struct LintCase: CustomTestStringConvertible, Sendable {
  let name: String
  /// Text files by relative path; `LintTests.binaryPlistFile` stands for the binary plist made in the test.
  let files: [String: String]
  let expected: [String]
  var testDescription: String { name }
}

private let androidPitfalls = """
  <manifest xmlns:android="http://schemas.android.com/apk/res/android">
  <application>
  <activity android:name=".Pitfalls" android:exported="false">
  <intent-filter android:priority="5">
  <action android:name="android.intent.action.SEND"/>
  <data android:mimeType="IMAGE/*"/>
  <data android:mimeType="text/plain; charset=utf-8"/>
  <data android:mimeType="*/jpeg"/>
  <data android:scheme="content"/>
  </intent-filter>
  </activity>
  <activity android:name="org.x.Multi">
  <intent-filter>
  <action android:name="android.intent.action.SEND"/>
  <category android:name="android.intent.category.DEFAULT"/>
  <data android:mimeType="image/*"/>
  <data android:mimeType="audio/*"/>
  </intent-filter>
  <intent-filter>
  <action android:name="android.intent.action.SEND_MULTIPLE"/>
  <category android:name="android.intent.category.DEFAULT"/>
  <data android:mimeType="image/*"/>
  </intent-filter>
  </activity>
  </application>
  </manifest>
  """

private let yamlPitfalls = """
  id: y
  label: Y
  order: 5
  android:
    intentFilters:
      - actions: [SEND, SEND_MULTIPLE]
        categories: []
        mimeTypes: ["Image/PNG"]
  ios:
    activationRule:
      NSExtensionActivationSupportsText: 1
      NSExtensionActivationUsesStrictMatching: false
  """

private let predicatePitfalls = """
  <?xml version="1.0" encoding="UTF-8"?>
  <plist version="1.0">
  <dict>
  <key>CFBundleIdentifier</key>
  <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
  <key>NSExtension</key>
  <dict>
  <key>NSExtensionActivationSupportsImageWithMaxCount</key>
  <integer>1</integer>
  <key>NSExtensionAttributes</key>
  <dict>
  <key>NSExtensionActivationRule</key>
  <string>TRUEPREDICATE OR ANY NSExtensionItems.attachments.contentTypeUTI == "public.url"
  OR SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a,
  ANY $a.contentTypeUTI UTI-CONFORMS-TO "public.jpg").@count &lt;= 2).@count == 1</string>
  </dict>
  <key>NSExtensionPointIdentifier</key>
  <string>com.apple.share-services</string>
  </dict>
  </dict>
  </plist>
  """

@Suite struct LintTests {
  static let binaryPlistFile = "binary"

  /// A binary Info.plist written by Foundation, with a rule key outside the rule, an unknown
  /// key, and only zeros (made inside the test: static Data would outlive the test run).
  static func binaryPitfalls() throws -> Data {
    try binaryPlist([
      "CFBundleIdentifier": "org.x.action",
      "NSExtension": [
        "NSExtensionPointIdentifier": "com.apple.ui-services",
        "NSExtensionAttributes": [
          "NSExtensionActivationSupportsAttachmentsWithMaxCount": 3,
          "NSExtensionActivationRule": [
            "NSExtensionActivationSupportsImageWithMaxCount": 0,
            "NSExtensionActivationSupportsAttachmentsWithMatchingTypeIdentifiers": 1,
          ] as [String: Any],
        ] as [String: Any],
      ] as [String: Any],
    ])
  }

  static let cases: [LintCase] = {
    return [
      LintCase(
        name: "AndroidManifest.xml pitfalls",
        files: ["AndroidManifest.xml": androidPitfalls],
        expected: [
          "AndroidManifest.xml:3:11 relative-name-without-package",
          "AndroidManifest.xml:3:36 not-exported",
          "AndroidManifest.xml:4:1 no-default-category",
          "AndroidManifest.xml:4:1 send-without-send-multiple",
          "AndroidManifest.xml:4:16 priority-on-share-filter",
          "AndroidManifest.xml:6:7 uppercase-mime-type",
          "AndroidManifest.xml:7:7 parameterized-mime-type",
          "AndroidManifest.xml:8:7 wildcard-base-mime-type",
          "AndroidManifest.xml:9:7 scheme-on-share-filter",
          "AndroidManifest.xml:19:1 send-multiple-types-differ",
        ]),
      LintCase(
        name: "YAML pitfalls and an order tie",
        files: [
          "y.yaml": yamlPitfalls,
          "z.yaml": "id: z\nlabel: Z\norder: 5\nios:\n  activationRule:\n    NSExtensionActivationSupportsImageWithMaxCount: 0\n",
        ],
        expected: [
          "y.yaml:7:19 no-default-category",
          "y.yaml:8:19 uppercase-mime-type",
          "y.yaml:11:5 non-boolean-supports-text",
          "y.yaml:12:5 strict-flag-ignored",
          "z.yaml:3:8 order-tie",
          "z.yaml:6:5 all-zero-rule",
        ]),
      LintCase(
        name: "Info.plist predicate pitfalls",
        files: ["Share/Info.plist": predicatePitfalls],
        expected: [
          "Share/Info.plist:4:1 build-setting-identity",
          "Share/Info.plist:8:1 key-outside-rule",
          "Share/Info.plist:13:1 count-at-most-only",
          "Share/Info.plist:13:1 truepredicate",
          "Share/Info.plist:13:1 unknown-key-path",
          "Share/Info.plist:13:1 unknown-key-path",
          "Share/Info.plist:13:1 unknown-type-identifier",
        ]),
      LintCase(
        name: "binary Info.plist dictionary pitfalls",
        files: ["Action/Info.plist": binaryPlistFile],
        expected: [
          "Action/Info.plist NSExtension.NSExtensionAttributes.NSExtensionActivationRule all-zero-rule",
          "Action/Info.plist NSExtension.NSExtensionAttributes.NSExtensionActivationRule.NSExtensionActivationSupportsAttachmentsWithMatchingTypeIdentifiers unknown-rule-key",
          "Action/Info.plist NSExtension.NSExtensionAttributes.NSExtensionActivationSupportsAttachmentsWithMaxCount key-outside-rule",
        ]),
    ]
  }()

  static func render(_ warning: ManifestWarning, under directory: String) -> String {
    let file = String(warning.file.dropFirst(directory.count + 1))
    if let location = warning.location { return "\(file):\(location) \(warning.code.rawValue)" }
    return "\(file) \(warning.keyPath) \(warning.code.rawValue)"
  }

  @Test(arguments: cases)
  func pitfallsAreWarnedAbout(_ row: LintCase) throws {
    var files = row.files.mapValues { Data($0.utf8) }
    for (path, text) in row.files where text == Self.binaryPlistFile { files[path] = try Self.binaryPitfalls() }
    let directory = try scratchDirectory(files)
    let set = ManifestLoader.load(paths: [directory])
    #expect(set.errors.map(\.description) == [])
    #expect(set.warnings.map { Self.render($0, under: directory) }.sorted() == row.expected.sorted())
  }

  @Test func everyWarningCodeIsCovered() {
    let covered = Set(Self.cases.flatMap(\.expected).compactMap { $0.split(separator: " ").last.map(String.init) })
    #expect(covered == Set(ManifestWarning.Code.allCases.map(\.rawValue)))
  }

  /// Exact wording, location first, fix last, code in brackets.
  @Test func warningsReadAsOneLineWithTheirFix() throws {
    let directory = try scratchDirectory(["Share/Info.plist": Data(predicatePitfalls.utf8)])
    let set = ManifestLoader.load(paths: [directory])
    let text = Set(set.warnings.map { String($0.description.dropFirst(directory.count + 1)) })
    #expect(text.contains(
      "Share/Info.plist:13:1: NSExtension.NSExtensionAttributes.NSExtensionActivationRule: warning: predicate 3:39: 'public.jpg' is not a type identifier share-route knows; it conforms only to itself; fix: did you mean 'public.jpeg'? (ignore this for a type your app declares) [unknown-type-identifier]"))
    #expect(text.contains(
      "Share/Info.plist:13:1: NSExtension.NSExtensionAttributes.NSExtensionActivationRule: warning: predicate 2:33: `SUBQUERY($e.attachments, $a, …).@count <= 2` also holds when no attachment matches, so shares with none of these types pass; fix: add a lower bound in the same AND, such as `… .@count >= 1` [count-at-most-only]"))
    #expect(text.contains(
      "Share/Info.plist:4:1: CFBundleIdentifier: warning: CFBundleIdentifier is the build setting '$(PRODUCT_BUNDLE_IDENTIFIER)', which share-route cannot expand; it uses 'Share', the folder's name; fix: ignore this, or write the final value in a copy of the plist for share-route [build-setting-identity]"))
    #expect(set.handlers.map(\.id) == ["Share"])
  }

  /// An order tie names the other handler and the order the ids give (UTF-16, not load order).
  @Test func orderTiesSayWhoComesFirst() throws {
    let directory = try scratchDirectory(texts: ["a.yaml": "id: zeta\nlabel: Zeta\norder: 1\n", "b.yaml": "id: alpha\nlabel: Alpha\norder: 1\n"])
    let set = ManifestLoader.load(paths: [directory])
    #expect(
      set.warnings.map(\.description) == [
        "\(directory)/b.yaml:3:8: order: warning: order 1 is also Zeta's (\(directory)/a.yaml); the tie is broken by id, so 'alpha' comes before 'zeta'; fix: give each handler its own order [order-tie]"
      ])
  }

  /// The shipped handler sets: the default set has only the deliberate SEND-only handlers.
  @Test func shippedManifestsLintAsExpected() {
    let set = defaultManifests()
    #expect(set.errors.isEmpty)
    #expect(Set(set.warnings.map(\.code)) == [.sendWithoutSendMultiple])
  }
}
