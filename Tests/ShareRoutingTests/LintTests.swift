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
  /// The Gradle variant asked for (`--variant`), when the case needs one.
  var variant: String? = nil
  var testDescription: String { name }
}

/// The sample project for iPhone and Mac (samples/projects/clipper).
private let clipperSample = String(#filePath).components(separatedBy: "/Tests/").dropLast().joined(separator: "/Tests/")
  + "/samples/projects/clipper"

/// A Gradle build: an app and a library with a share activity that the app does not depend on.
private let unmergedLibraryBuild: [String: String] = [
  "settings.gradle": "include ':app', ':lib'\n",
  "app/build.gradle": "plugins { id 'com.android.application' }\nandroid {\n  namespace 'org.app'\n  defaultConfig { applicationId 'org.app' }\n}\n",
  "app/src/main/AndroidManifest.xml": """
    <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application android:label="App">
    <activity android:name=".Main"><intent-filter><action android:name="android.intent.action.MAIN"/></intent-filter></activity>
    </application></manifest>
    """,
  "lib/build.gradle": "plugins { id 'com.android.library' }\nandroid { namespace 'org.lib' }\n",
  "lib/src/main/AndroidManifest.xml": """
    <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application>
    <activity android:name=".Share" android:label="Share"><intent-filter><action android:name="android.intent.action.SEND"/><action android:name="android.intent.action.SEND_MULTIPLE"/><category android:name="android.intent.category.DEFAULT"/><data android:mimeType="image/*"/></intent-filter></activity>
    </application></manifest>
    """,
]

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
  <activity android:name="org.x.Odd" android:exported="true">
  <intent-filter>
  <action android:name="android.intent.action.SEND"/>
  <category android:name="android.intent.category.DEFAULT"/>
  <data android:mimeType="image/jpg"/>
  <data android:host="example.org"/>
  </intent-filter>
  <meta-data android:name="android.service.chooser.chooser_target_service" android:value=".TargetService"/>
  </activity>
  <activity android:name="org.x.Main" android:exported="true">
  <intent-filter><action android:name="android.intent.action.MAIN"/><category android:name="android.intent.category.LAUNCHER"/></intent-filter>
  <meta-data android:name="android.app.shortcuts" android:resource="@xml/shortcuts"/>
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

/// A project tree whose identity and labels cannot all be resolved: a computed Gradle namespace,
/// a missing string, a disabled application, a module without any package, and two modules
/// that derive the same component name.
private let androidProjectFiles: [String: String] = [
  "app/build.gradle": "android {\n    namespace = computeNamespace()\n}\n",
  "app/src/main/AndroidManifest.xml": """
    <manifest xmlns:android="http://schemas.android.com/apk/res/android">
    <application android:enabled="false">
    <activity android:name=".Share" android:label="@string/missing">
    <intent-filter>
    <action android:name="android.intent.action.SEND"/>
    <category android:name="android.intent.category.DEFAULT"/>
    <data android:mimeType="text/plain"/>
    </intent-filter>
    </activity>
    </application>
    </manifest>
    """,
  "app/src/main/res/values/strings.xml": "<resources><string name=\"other\">Other</string></resources>",
  "lib/AndroidManifest.xml": """
    <manifest xmlns:android="http://schemas.android.com/apk/res/android">
    <application android:label="Lib">
    <activity android:name="Share"><intent-filter><action android:name="android.intent.action.SEND"/><action android:name="android.intent.action.SEND_MULTIPLE"/><category android:name="android.intent.category.DEFAULT"/><data android:mimeType="*/*"/></intent-filter></activity>
    </application>
    </manifest>
    """,
  "one/src/main/AndroidManifest.xml": sameComponent,
  "two/src/main/AndroidManifest.xml": sameComponent,
]

private let sameComponent = """
  <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.same">
  <application android:label="Same">
  <activity android:name=".Share"><intent-filter><action android:name="android.intent.action.SEND"/><action android:name="android.intent.action.SEND_MULTIPLE"/><category android:name="android.intent.category.DEFAULT"/><data android:mimeType="image/*"/></intent-filter></activity>
  </application>
  </manifest>
  """

/// An Xcode project that does not parse, beside an extension that needs its build settings and
/// names a third-party type.
private let iosProjectFiles: [String: String] = [
  "Broken.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n\t\tABC = {isa = PBXProject\n",
  "Share/Info.plist": """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    <key>CFBundleIdentifier</key>
    <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    <key>NSExtension</key>
    <dict>
    <key>NSExtensionAttributes</key>
    <dict>
    <key>NSExtensionActivationRule</key>
    <string>SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "com.example.board").@count == 1).@count == 1</string>
    </dict>
    <key>NSExtensionPointIdentifier</key>
    <string>com.apple.share-services</string>
    </dict>
    </dict>
    </plist>
    """,
]

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
        files: [
          "AndroidManifest.xml": androidPitfalls,
          // A share target without a category: Android drops it.
          "res/xml/shortcuts.xml": """
            <shortcuts xmlns:android="http://schemas.android.com/apk/res/android">
            <share-target android:targetClass="org.x.Odd"><data android:mimeType="image/*"/></share-target>
            </shortcuts>
            """,
        ],
        expected: [
          "AndroidManifest.xml:1:1 package-not-found",
          "AndroidManifest.xml:3:36 not-exported",
          // The filter never matches a share (a scheme, no DEFAULT): those findings, and none
          // about its missing SEND_MULTIPLE, which would say the same thing again.
          "AndroidManifest.xml:4:1 no-default-category",
          "AndroidManifest.xml:4:16 priority-on-share-filter",
          "AndroidManifest.xml:6:7 uppercase-mime-type",
          "AndroidManifest.xml:7:7 parameterized-mime-type",
          "AndroidManifest.xml:8:7 wildcard-base-mime-type",
          "AndroidManifest.xml:9:7 scheme-on-share-filter",
          "AndroidManifest.xml:19:1 send-multiple-types-differ",
          "AndroidManifest.xml:19:1 multiple-receives-mixed",
          // image/jpg (senders send image/jpeg), a host without a scheme, the old service.
          "AndroidManifest.xml:29:7 unsent-mime-type",
          "AndroidManifest.xml:26:1 data-without-scheme",
          "AndroidManifest.xml:26:1 send-without-send-multiple",
          "AndroidManifest.xml:32:1 chooser-target-service",
          "res/xml/shortcuts.xml:2:1 shortcuts-problem",
        ]),
      LintCase(
        name: "an @xml/ reference that is a path names no file",
        files: [
          "AndroidManifest.xml": """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.t">
            <application><activity android:name=".Main" android:exported="true">
            <intent-filter><action android:name="android.intent.action.MAIN"/><category android:name="android.intent.category.LAUNCHER"/></intent-filter>
            <meta-data android:name="android.app.shortcuts" android:resource="@xml/../outside"/>
            </activity>
            <activity android:name=".Share" android:exported="true"><intent-filter><action android:name="android.intent.action.SEND"/><action android:name="android.intent.action.SEND_MULTIPLE"/><category android:name="android.intent.category.DEFAULT"/><data android:mimeType="image/*"/></intent-filter></activity>
            </application></manifest>
            """,
          // Read as res/xml/../outside.xml, its share target without a category would be a finding there.
          "res/outside.xml": """
            <shortcuts xmlns:android="http://schemas.android.com/apk/res/android">
            <share-target android:targetClass="org.t.Odd"><data android:mimeType="image/*"/></share-target>
            </shortcuts>
            """,
        ],
        expected: ["AndroidManifest.xml:4:49 shortcuts-problem", "AndroidManifest.xml:6:57 multiple-receives-mixed"]),
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
        name: "Android project tree: identity, labels, disabled, forks",
        files: androidProjectFiles,
        expected: [
          "app/build.gradle:2:5 unresolved-project-file",
          "app/src/main/AndroidManifest.xml:2:14 disabled-component",
          "app/src/main/AndroidManifest.xml:3:33 unresolved-label",
          "lib/AndroidManifest.xml:1:1 package-not-found",
          "one/src/main/AndroidManifest.xml:3:11 ambiguous-id",
          "two/src/main/AndroidManifest.xml:3:11 ambiguous-id", "one/src/main/AndroidManifest.xml:3:33 multiple-receives-mixed",
          "two/src/main/AndroidManifest.xml:3:33 multiple-receives-mixed",
        ]),
      LintCase(
        name: "Xcode project that does not parse, third-party type",
        files: iosProjectFiles,
        expected: [
          "Broken.xcodeproj/project.pbxproj:6:1 unresolved-project-file",
          "Share/Info.plist:4:1 build-setting-identity",
          "Share/Info.plist:11:1 third-party-type-identifier",
        ]),
      LintCase(
        name: "a SEND filter for images without SEND_MULTIPLE",
        files: [
          "AndroidManifest.xml": """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.a"><application>
            <activity android:name=".Share" android:label="Share"><intent-filter><action android:name="android.intent.action.SEND"/><category android:name="android.intent.category.DEFAULT"/><data android:mimeType="image/*"/></intent-filter></activity>
            </application></manifest>
            """
        ],
        expected: ["AndroidManifest.xml:2:55 send-without-send-multiple"]),
      LintCase(
        name: "a library module no application merges",
        files: unmergedLibraryBuild,
        expected: ["lib/src/main/AndroidManifest.xml  unmerged-library", "lib/src/main/AndroidManifest.xml:2:55 multiple-receives-mixed"]),
      LintCase(
        name: "a variant the application does not have",
        files: unmergedLibraryBuild.merging(["app/build.gradle": unmergedLibraryBuild["app/build.gradle", default: ""] + "dependencies { implementation project(':lib') }\n"]) { $1 },
        expected: ["app/build.gradle  unknown-variant", "lib/src/main/AndroidManifest.xml:2:55 multiple-receives-mixed"],
        variant: "paidRelease"),
      LintCase(
        name: "an extension above its app's deployment target, with a key written twice",
        files: Dictionary(
          uniqueKeysWithValues: ["Clipper.xcodeproj/project.pbxproj", "ClipperShare/Info.plist"].map { path in
            (path, (try? String(contentsOfFile: clipperSample + "/" + path, encoding: .utf8)) ?? "")
          }),
        expected: [
          "ClipperShare/Info.plist IPHONEOS_DEPLOYMENT_TARGET deployment-target", "ClipperShare/Info.plist:11:2 repeated-plist-key",
        ]),
      LintCase(
        name: "an app whose flavours come from the build's own plugin",
        files: [
          "settings.gradle.kts": "pluginManagement { includeBuild(\"build-logic\") }\ninclude(\":app\")\n",
          "build-logic/conventions/build.gradle.kts": "gradlePlugin { plugins { register(\"app\") { id = \"org.app.application\" } } }\n",
          "app/build.gradle.kts": "plugins {\n  id(\"com.android.application\")\n  id(\"org.app.application\")\n}\nandroid { defaultConfig { applicationId = \"org.app\" } }\n",
          "app/src/main/AndroidManifest.xml": "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\"><application android:label=\"A\"><activity android:name=\".S\" android:exported=\"true\"><intent-filter><action android:name=\"android.intent.action.SEND\"/><action android:name=\"android.intent.action.SEND_MULTIPLE\"/><category android:name=\"android.intent.category.DEFAULT\"/><data android:mimeType=\"*/*\"/></intent-filter></activity></application></manifest>",
        ],
        expected: ["app/build.gradle.kts:3:3 convention-plugin"]),
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
    let set = ManifestLoader.load(paths: [directory], options: ImportOptions(variant: row.variant))
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
      "Share/Info.plist:13:1: NSExtension.NSExtensionAttributes.NSExtensionActivationRule: warning: predicate 3:39: 'public.jpg' is not a system type identifier share-route knows; it conforms only to itself; fix: did you mean 'public.jpeg'? [unknown-type-identifier]"))
    #expect(text.contains(
      "Share/Info.plist:13:1: NSExtension.NSExtensionAttributes.NSExtensionActivationRule: warning: predicate 2:33: `SUBQUERY($e.attachments, $a, …).@count <= 2` also holds when no attachment matches, so shares with none of these types pass; fix: add a lower bound in the same AND, such as `… .@count >= 1` [count-at-most-only]"))
    // No Xcode project above the plist: the id falls back to the app's folder and the plist's.
    let app = String(directory.split(separator: "/").last ?? "")
    #expect(text.contains(
      "Share/Info.plist:4:1: CFBundleIdentifier: warning: CFBundleIdentifier is '$(PRODUCT_BUNDLE_IDENTIFIER)', and PRODUCT_BUNDLE_IDENTIFIER is not defined in any Xcode project found above the plist, so share-route uses '\(app).Share'; fix: define PRODUCT_BUNDLE_IDENTIFIER in the target's build settings or its .xcconfig, or pick another configuration with --configuration [build-setting-identity]"))
    #expect(set.handlers.map(\.id) == ["\(app).Share"])
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
    #expect(Set(set.warnings.map(\.code)) == [.sendWithoutSendMultiple, .multipleReceivesMixed])
    #expect(set.warnings.filter { $0.code == .multipleReceivesMixed }.allSatisfy { $0.severity == .note })
  }
}

/// Every type identifier the SDK's UniformTypeIdentifiers constants name (UTCoreTypes.h) is
/// known, with the parents the header declares: lint never calls one unknown, and a type the
/// header gives no parent conforms to nothing else.
@Suite struct SystemTypeIdentifierTests {
  static let constants = [
    "com.adobe.pdf", "com.apple.alias-file", "com.apple.applescript.script", "com.apple.applescript.script-bundle",
    "com.apple.applescript.text", "com.apple.application", "com.apple.application-and-system-extension",
    "com.apple.application-bundle", "com.apple.archive", "com.apple.arobject", "com.apple.binary-property-list",
    "com.apple.bookmark", "com.apple.bundle", "com.apple.flat-rtfd", "com.apple.framework", "com.apple.icns",
    "com.apple.internet-location", "com.apple.live-photo", "com.apple.metadata-importer", "com.apple.mount-point",
    "com.apple.package", "com.apple.plugin", "com.apple.property-list", "com.apple.protected-mpeg-4-audio",
    "com.apple.protected-mpeg-4-video", "com.apple.quicklook-generator", "com.apple.quicktime-movie",
    "com.apple.reality", "com.apple.resolvable", "com.apple.rtfd", "com.apple.scenekit.scene",
    "com.apple.systempreference.prefpane", "com.apple.webarchive", "com.apple.xml-property-list",
    "com.apple.xpc-service", "com.compuserve.gif", "com.microsoft.bmp", "com.microsoft.ico",
    "com.microsoft.internet-shortcut", "com.microsoft.waveform-audio", "com.microsoft.windows-executable",
    "com.netscape.javascript-source", "com.pixar.universal-scene-description",
    "com.pixar.universal-scene-description-mobile", "com.rsa.pkcs-12", "org.gnu.gnu-zip-archive",
    "org.idpf.epub-container", "org.webmproject.webp", "public.3d-content", "public.aiff-audio", "public.archive",
    "public.assembly-source", "public.audio", "public.audiovisual-content", "public.avi", "public.bookmark",
    "public.bzip2-archive", "public.c-header", "public.c-plus-plus-header", "public.c-plus-plus-source",
    "public.c-source", "public.calendar-event", "public.camera-raw-image", "public.comma-separated-values-text",
    "public.composite-content", "public.contact", "public.content", "public.data", "public.database",
    "public.delimited-values-text", "public.directory", "public.disk-image", "public.email-message",
    "public.executable", "public.file-url", "public.folder", "public.font", "public.heic", "public.heif",
    "public.html", "public.image", "public.item", "public.jpeg", "public.json", "public.log", "public.m3u-playlist",
    "public.message", "public.midi-audio", "public.movie", "public.mp3", "public.mpeg",
    "public.mpeg-2-transport-stream", "public.mpeg-2-video", "public.mpeg-4", "public.mpeg-4-audio",
    "public.objective-c-plus-plus-source", "public.objective-c-source", "public.perl-script", "public.php-script",
    "public.plain-text", "public.playlist", "public.png", "public.presentation", "public.python-script", "public.rtf",
    "public.ruby-script", "public.script", "public.shell-script", "public.source-code", "public.spreadsheet",
    "public.svg-image", "public.swift-source", "public.symlink", "public.tab-separated-values-text", "public.text",
    "public.tiff", "public.to-do-item", "public.unix-executable", "public.url", "public.utf16-external-plain-text",
    "public.utf16-plain-text", "public.utf8-plain-text", "public.utf8-tab-separated-values-text", "public.vcard",
    "public.video", "public.volume", "public.x509-certificate", "public.xml", "public.yaml", "public.zip-archive"
  ]

  @Test func everyConstantIsKnown() {
    #expect(Self.constants.count == 130)
    #expect(Self.constants.filter { !TypeIdentifier.isKnown($0) } == [])
  }

  @Test(arguments: [
    ("public.vcard", "public.contact", true), ("public.email-message", "public.message", true),
    ("public.contact", "public.data", false), ("public.calendar-event", "public.content", false),
    ("com.pixar.universal-scene-description-mobile", "public.3d-content", true),
    ("com.pixar.universal-scene-description-mobile", "public.data", true), ("com.apple.live-photo", "public.image", false),
    ("public.objective-c-source", "public.plain-text", true), ("com.apple.application-bundle", "com.apple.bundle", true),
    ("public.utf8-tab-separated-values-text", "public.utf8-plain-text", true), ("public.volume", "public.directory", true),
  ])
  func conformanceIsTheHeaders(_ type: String, _ parent: String, _ conforms: Bool) {
    #expect(TypeIdentifier.conforms(type, to: parent) == conforms)
  }

  @Test func lintKnowsThem() {
    let rule = "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.contact\" || ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.message\" || ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"com.apple.live-photo\").@count >= 1).@count == 1"
    let yaml = "id: contacts\nlabel: Contacts\nios:\n  activationRule: '\(rule)'\n"
    let set = ManifestLoader.load(texts: [("contacts.yaml", yaml)])
    #expect(set.errors.isEmpty, "\(set.errors)")
    #expect(set.warnings.map(\.code) == [])
  }
}

/// "Did you mean" only for a typo of a known identifier, never between two different types.
@Suite struct TypeIdentifierSuggestionTests {
  @Test(arguments: [
    ("public.jpg", "public.jpeg"), ("public.jepg", "public.jpeg"), ("public.plain-txt", "public.plain-text"),
    ("com.apple.quicktime-movi", "com.apple.quicktime-movie"), ("PUBLIC.PNGG", "public.png"),
    ("public.opml", nil), ("public.xyz", nil), ("public.markdown", nil), ("org.jpeg", nil), ("public", nil),
  ] as [(String, String?)])
  func suggestionsAreTyposOnly(_ written: String, _ suggestion: String?) {
    #expect(TypeIdentifier.closest(to: written) == suggestion)
  }
}
