import Foundation
#if canImport(FoundationXML)
  import FoundationXML
#endif
import Testing

/// `share-route check`, run as CI runs it.
@Suite struct CheckCLITests {
  static func write(_ text: String) throws -> (directory: String, file: String) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("share-route-check-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: CLI.root + "/samples/photo.jpg", toPath: directory + "/photo.jpg")
    let file = directory + "/cases.yaml"
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    return (directory, file)
  }

  @Test func shippedExpectationsPass() throws {
    let result = try CLI.run(["check"])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.hasSuffix(" passed, 0 failed\n"))
    #expect(result.stdout.split(separator: "\n").count == 1)
  }

  @Test func aWrongExpectationPrintsTheDifferenceAndExits1() throws {
    let (directory, file) = try Self.write(
      """
      cases:
        - name: right
          files: [photo.jpg]
          expect: {accept: [com.example.gallery]}
        - name: wrong on purpose
          files: [photo.jpg]
          expect:
            refuse: [com.example.gallery]
            types: [image/png]
      """)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try CLI.run(["check", file])
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        \(file):5:5: wrong on purpose: com.example.gallery accepted, expected it to refuse; types [image/jpeg], expected [image/png]
          manifests/everyday/gallery.yaml:6:7: com.example.gallery: accepted by the rule here
        1 passed, 1 failed

        """)
  }

  /// A handler refused by both platforms' rules: each reason at its own rule's line (the
  /// filter's `<data>` types, the activation rule), in text and as one annotation each.
  @Test func eachReasonIsAtTheLineOfItsRule() throws {
    let (directory, file) = try Self.write(
      """
      cases:
        - name: a declared PDF reaches the gallery
          mimeTypes: [application/pdf]
          expect: {accept: [com.example.gallery]}
      """)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let text = try CLI.run(["check", file])
    #expect(
      text.stdout == """
        \(file):2:5: a declared PDF reaches the gallery: com.example.gallery refused (no-match-type, unsupported-item), expected it to accept
          manifests/everyday/gallery.yaml:7:19: com.example.gallery: android no-match-type: application/pdf does not match image/*, video/*
          manifests/everyday/gallery.yaml:10:5: com.example.gallery: ios unsupported-item: application/pdf (com.adobe.pdf) is not accepted by any key, and strict matching needs every attachment accepted
        0 passed, 1 failed

        """)
    let github = try CLI.run(["check", "--format", "github", file])
    #expect(
      github.stdout.split(separator: "\n").filter { $0.contains("file=manifests/") } == [
        "::error file=manifests/everyday/gallery.yaml,line=7,col=19,title=share-route check::a declared PDF reaches the gallery: com.example.gallery: android no-match-type: application/pdf does not match image/*, video/*",
        "::error file=manifests/everyday/gallery.yaml,line=10,col=5,title=share-route check::a declared PDF reaches the gallery: com.example.gallery: ios unsupported-item: application/pdf (com.adobe.pdf) is not accepted by any key, and strict matching needs every attachment accepted",
      ])
    let json = try CLI.run(["check", "--format", "json", file])
    #expect(json.stdout.contains(#""handler": "com.example.gallery",\#n          "kind": "decision",\#n          "setting": null,\#n          "file": "manifests/everyday/gallery.yaml",\#n          "line": 7,\#n          "column": 19"#), "\(json.stdout)")
  }

  @Test func anInvalidCaseExits65AndTheOthersStillRun() throws {
    let (directory, file) = try Self.write(
      """
      cases:
        - name: fine
          files: [photo.jpg]
          expect: {pick: keep}
        - name: broken
          files: [photo.jpg]
          expect: {pik: keep}
      """)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try CLI.run(["check", file])
    #expect(result.status == 65)
    #expect(result.stdout == "1 passed, 0 failed\n")
    #expect(
      result.stderr == """
        share-route: error: \(file):7:14: cases[1].expect: unknown key 'pik' (expected one of: accept, refuse, order, pick, types, corrected, errors, receives, phases, share)
        share-route: error: \(file):7:13: cases[1].expect: '{}' is not allowed (expected at least one of: accept, refuse, order, pick, types, corrected, errors, receives, phases, share)

        """)
  }

  @Test func aMissingFileExits65() throws {
    let result = try CLI.run(["check", "no/such/expectations.yaml"])
    #expect(result.status == 65)
    #expect(result.stderr == "share-route: error: no/such/expectations.yaml: cannot read the file (No such file or directory)\n")
    #expect(result.stdout == "0 passed, 0 failed\n")
  }

  // MARK: CI formats

  static let mixedCases = """
    cases:
      - name: right
        files: [photo.jpg]
        expect: {accept: [com.example.gallery]}
      - name: wrong on purpose
        files: [photo.jpg]
        expect:
          refuse: [com.example.gallery]
          types: [image/png]
      - name: broken
        files: [photo.jpg]
        expect: {pik: keep}
    """

  /// The elements and attributes of an XML document, read with Foundation's parser (so the
  /// output is well-formed XML, or the test fails).
  final class XMLElements: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var text: [String: String] = [:]
    private var current = ""
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
      elements.append((name, attributes))
      current = name
    }
    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
      current = ""
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if !current.isEmpty { text[current, default: ""] += string }
    }

    static func parse(_ xml: String) throws -> XMLElements {
      let parser = XMLParser(data: Data(xml.utf8))
      let elements = XMLElements()
      parser.delegate = elements
      guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
      return elements
    }
  }

  @Test func junitHasACasePerExpectationAFailurePerDifferenceAndAnErrorPerInvalidCase() throws {
    let (directory, file) = try Self.write(Self.mixedCases)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try CLI.run(["check", "--format", "junit", file])
    #expect(result.status == 65)  // an invalid case wins over a failed one, as in text
    let xml = try XMLElements.parse(result.stdout)
    let suites = xml.elements.filter { $0.name == "testsuites" }
    #expect(suites.count == 1)
    // The broken case has two errors: the unknown key, and the expectation left empty without it.
    #expect(suites.first?.attributes["tests"] == "4")
    #expect(suites.first?.attributes["failures"] == "1")
    #expect(suites.first?.attributes["errors"] == "2")
    let cases = xml.elements.filter { $0.name == "testcase" }
    #expect(cases.map { $0.attributes["name"] } == ["right", "wrong on purpose", "cases[2].expect", "cases[2].expect"])
    #expect(cases.map { $0.attributes["line"] } == ["2", "5", "12", "12"])
    #expect(cases.allSatisfy { $0.attributes["file"] == file })
    let failure = try #require(xml.elements.first { $0.name == "failure" })
    #expect(failure.attributes["message"] == "com.example.gallery accepted, expected it to refuse")
    #expect(
      xml.text["failure"]
        == "com.example.gallery accepted, expected it to refuse\ntypes [image/jpeg], expected [image/png]\n"
        + "manifests/everyday/gallery.yaml:6:7: com.example.gallery: accepted by the rule here")
    let error = try #require(xml.elements.first { $0.name == "error" })
    #expect(error.attributes["message"]?.hasPrefix("unknown key 'pik' (expected one of: accept, ") == true)
  }

  @Test func githubAnnotatesTheLineOfEachFailingCase() throws {
    let (directory, file) = try Self.write(Self.mixedCases)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try CLI.run(["check", "--format", "github", file])
    #expect(result.status == 65)
    let escapedFile = file.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    #expect(
      result.stdout == """
        ::error file=\(escapedFile),line=5,col=5,title=share-route check::wrong on purpose: com.example.gallery accepted, expected it to refuse; types [image/jpeg], expected [image/png]
        ::error file=manifests/everyday/gallery.yaml,line=6,col=7,title=share-route check::wrong on purpose: com.example.gallery: accepted by the rule here
        ::error file=\(escapedFile),line=12,col=14,title=share-route check%3A invalid::cases[2].expect: unknown key 'pik' (expected one of: accept, refuse, order, pick, types, corrected, errors, receives, phases, share)
        ::error file=\(escapedFile),line=12,col=13,title=share-route check%3A invalid::cases[2].expect: '{}' is not allowed (expected at least one of: accept, refuse, order, pick, types, corrected, errors, receives, phases, share)
        1 passed, 1 failed

        """)
  }

  /// Values from the file cannot break the XML document or start a workflow command of their own.
  /// Each name as YAML writes it (in double quotes `\e` is ESC and `\n` a line break), as the
  /// text shows it (control characters escaped), and in a GitHub annotation's message (`%` too).
  @Test(arguments: [
    (#"'a <b> & "c" ''d'''"#, #"a <b> & "c" 'd'"#, #"a <b> & "c" 'd'"#),
    (#""line\nbreak\n::error::x""#, #"line\nbreak\n::error::x"#, #"line\nbreak\n::error::x"#),
    (#""tab\tand \e[31mred""#, #"tab\tand \u{1B}[31mred"#, #"tab\tand \u{1B}[31mred"#),
    (#"'100% sure, or: not'"#, "100% sure, or: not", "100%25 sure, or: not"),
  ])
  func caseNamesAreEscaped(_ yamlName: String, _ shown: String, _ annotated: String) throws {
    let (directory, file) = try Self.write(
      """
      cases:
        - name: \(yamlName)
          files: [photo.jpg]
          expect: {pick: nobody-at-all}
      """)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let junit = try CLI.run(["check", "--format", "junit", file])
    #expect(junit.status == 1)
    let xml = try XMLElements.parse(junit.stdout)
    let testcase = try #require(xml.elements.first { $0.name == "testcase" })
    let decoded = try #require(testcase.attributes["name"])
    #expect(!decoded.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" && $0 != "\n" })
    let github = try CLI.run(["check", "--format", "github", file])
    let escapedFile = file.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    // One annotation and the summary: no escape character, no line break of the name's own.
    #expect(
      github.stdout == """
        ::error file=\(escapedFile),line=2,col=5,title=share-route check::\(annotated): pick is keep, expected nobody-at-all
        0 passed, 1 failed

        """)
    let text = try CLI.run(["check", file])
    // The failure stays on one line.
    #expect(
      text.stdout == """
        \(file):2:5: \(shown): pick is keep, expected nobody-at-all
        0 passed, 1 failed

        """)
  }
}

/// A failing case says what to fix: the refusing handler's manifest line, the refusal as
/// `route --explain` words it, and lint's fix; in GitHub format the manifest gets annotated too.
@Suite struct CheckCauseCLITests {
  static let manifest = """
    <?xml version="1.0" encoding="utf-8"?>
    <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.example.app">
      <application android:label="App">
        <activity android:name=".ShareActivity" android:exported="true" android:label="Share">
          <intent-filter>
            <action android:name="android.intent.action.SEND"/>
            <action android:name="android.intent.action.SEND_MULTIPLE"/>
            <category android:name="android.intent.category.DEFAULT"/>
            <data android:mimeType="Image/*"/>
          </intent-filter>
        </activity>
      </application>
    </manifest>

    """
  static let cases = """
    manifests: [app]
    cases:
      - name: a photo reaches the share activity
        files: [photo.jpg]
        expect:
        accept: [org.example.app/.ShareActivity]
      - name: a typo and a missing file
        files: [nowhere.jpg, photo.jpg]
        expect:
          accept: [org.example.app/.ShareActivty]

    """.replacingOccurrences(of: "    expect:\n    accept", with: "    expect:\n      accept")

  static func project() throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("share-route-cause-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory + "/app/src/main", withIntermediateDirectories: true)
    try manifest.write(toFile: directory + "/app/src/main/AndroidManifest.xml", atomically: true, encoding: .utf8)
    try cases.write(toFile: directory + "/cases.yaml", atomically: true, encoding: .utf8)
    try FileManager.default.copyItem(atPath: CLI.root + "/samples/photo.jpg", toPath: directory + "/photo.jpg")
    return directory
  }

  /// `exclude:` leaves folders out of the walks of the file's own manifests, as --exclude does:
  /// a broken manifest left there makes the run exit 65 until it is excluded.
  @Test(arguments: [("", 65), ("exclude: [old]\n", 0), ("exclude: ['/old/']\n", 0), ("exclude: [other]\n", 65)])
  func excludeLeavesFoldersOut(_ exclude: String, _ status: Int32) throws {
    let directory = try Self.project()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileManager.default.createDirectory(atPath: directory + "/old", withIntermediateDirectories: true)
    try "<manifest><application><activity android:name=\".Old\"><intent-filter><action android:name=\"android.intent.action.SEND\"/>"
      .write(toFile: directory + "/old/AndroidManifest.xml", atomically: true, encoding: .utf8)
    let fixed = Self.manifest.replacingOccurrences(of: "Image/*", with: "image/*")
    try fixed.write(toFile: directory + "/app/src/main/AndroidManifest.xml", atomically: true, encoding: .utf8)
    let cases = exclude + "manifests: [.]\ncases:\n  - {name: a photo, files: [photo.jpg], expect: {accept: [org.example.app/.ShareActivity]}}\n"
    try cases.write(toFile: directory + "/cases.yaml", atomically: true, encoding: .utf8)
    let result = try CLI.run(["check", "cases.yaml"], in: directory)
    #expect(result.status == status, "\(result.stdout)\(result.stderr)")
    #expect(result.stderr.contains("old/AndroidManifest.xml") == (status == 65))
  }

  @Test func theCauseIsNamedWhereItIs() throws {
    let directory = try Self.project()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try CLI.run(["check", "cases.yaml"], in: directory)
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        cases.yaml:3:5: a photo reaches the share activity: org.example.app/.ShareActivity refused (no-match-type), expected it to accept
          app/src/main/AndroidManifest.xml:9:15: org.example.app/.ShareActivity: android no-match-type: image/jpeg does not match Image/*
          app/src/main/AndroidManifest.xml:9:15: org.example.app/.ShareActivity: warning: 'Image/*' has upper-case letters; Android matches types case-sensitively and senders use lower case, so it never matches; fix: write 'image/*' [uppercase-mime-type]
        cases.yaml:7:5: a typo and a missing file: org.example.app/.ShareActivty is not a handler of this manifest set; did you mean org.example.app/.ShareActivity?; sample not found: nowhere.jpg
          app/src/main/AndroidManifest.xml:4:15: org.example.app/.ShareActivity: the id, written here
        0 passed, 2 failed

        """)
    let github = try CLI.run(["check", "--format", "github", "cases.yaml"], in: directory)
    let lines = github.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains(
      "::error file=app/src/main/AndroidManifest.xml,line=9,col=15,title=share-route check::a photo reaches the share activity: "
        + "org.example.app/.ShareActivity: android no-match-type: image/jpeg does not match Image/*"))
    // Lint's finding about the handler is a warning, annotated as one.
    #expect(lines.contains { $0.hasPrefix("::warning file=app/src/main/AndroidManifest.xml,line=9,col=15,") && $0.contains("fix: write 'image/*'") })
    #expect(!lines.contains { $0.hasPrefix("::error") && $0.contains("warning:") })
  }

  /// `lint --format github|junit` for CI: annotations at each finding's line (errors, warnings,
  /// notes at their own level) and a JUnit document where a warning fails only with --strict.
  @Test(arguments: [false, true])
  func lintWritesCIFormats(_ strict: Bool) throws {
    let directory = try Self.project()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let strictFlag = strict ? ["--strict"] : []
    let github = try CLI.run(["lint", "--format", "github", "app"] + strictFlag, in: directory)
    #expect(github.status == (strict ? 1 : 0))
    #expect(
      github.stdout == """
        ::notice file=app/src/main/AndroidManifest.xml,line=5,col=7,title=share-route lint [multiple-receives-mixed]::a SEND_MULTIPLE filter of 'Image/*' also receives shares of mixed types (a SEND_MULTIPLE of */*: an image and a PDF), as IntentFilter.matchData lets */* through; fix: read each item's type (ContentResolver.getType) and skip what the activity cannot take
        ::warning file=app/src/main/AndroidManifest.xml,line=9,col=15,title=share-route lint [uppercase-mime-type]::'Image/*' has upper-case letters; Android matches types case-sensitively and senders use lower case, so it never matches; fix: write 'image/*'
        1 handler, 0 errors, 1 warning, 1 note

        """)
    let junit = try CLI.run(["lint", "--format", "junit", "app"] + strictFlag, in: directory)
    #expect(junit.status == (strict ? 1 : 0))
    let failure = strict
      ? "      <failure message=\"&apos;Image/*&apos; has upper-case letters; Android matches types case-sensitively and senders use lower case, so it never matches\" type=\"uppercase-mime-type\">"
      : "      <system-out>"
    // A note never fails; the warning does with --strict.
    #expect(junit.stdout.hasPrefix("""
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="share-route lint" tests="3" failures="\(strict ? 1 : 0)" errors="0">
        <testsuite name="share-route lint" tests="3" failures="\(strict ? 1 : 0)" errors="0">
          <testcase name="org.example.app/.ShareActivity" classname="app/src/main/AndroidManifest.xml" file="app/src/main/AndroidManifest.xml"/>
          <testcase name="multiple-receives-mixed" classname="app/src/main/AndroidManifest.xml" file="app/src/main/AndroidManifest.xml" line="5">
            <system-out>app/src/main/AndroidManifest.xml:5:7: note: a SEND_MULTIPLE filter
      """), "\(junit.stdout)")
    #expect(junit.stdout.contains(
      "<testcase name=\"uppercase-mime-type\" classname=\"app/src/main/AndroidManifest.xml\" file=\"app/src/main/AndroidManifest.xml\" line=\"9\">\n" + failure))
    // An error: ::error at its line, <error> in JUnit, exit 65.
    try "<manifest><application>".write(toFile: directory + "/app/src/main/AndroidManifest.xml", atomically: true, encoding: .utf8)
    let broken = try CLI.run(["lint", "--format", "github", "app/src/main/AndroidManifest.xml"], in: directory)
    #expect(broken.status == 65)
    #expect(broken.stdout.hasPrefix("::error file=app/src/main/AndroidManifest.xml,line=1,"), "\(broken.stdout)")
    #expect(try CLI.run(["lint", "--format", "junit", "app/src/main/AndroidManifest.xml"], in: directory).stdout.contains("<error message="))
  }

  @Test func withoutAFileOutsideAProjectCheckSaysWhatToPass() throws {
    let directory = try Self.project()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try CLI.run(["check"], in: directory)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix(
      "share-route: error: no expectations file given, and there is no samples/expectations.yaml here: give one (share-route check FILE)\n"))
  }
}

/// A mistyped id's suggestion comes with where the suggested id is written: the build setting's
/// line in the project file it came from (`project.pbxproj`, an `.xcconfig`, a `.csproj`, Expo's
/// `app.json`), else the handler's own line, in text, GitHub annotations and JSON.
@Suite struct SuggestedIDCLITests {
  @Test(arguments: [
    ("chat/ios", "org.example.chat.shar", "chat/ios/Chat.xcodeproj/project.pbxproj:173:5: org.example.chat.share: the id, from PRODUCT_BUNDLE_IDENTIFIER here", "PRODUCT_BUNDLE_IDENTIFIER"),
    ("mail/ios", "org.example.mail.compos", "mail/ios/Mail.xcodeproj/project.pbxproj:165:5: org.example.mail.compose: the id, from PRODUCT_BUNDLE_IDENTIFIER here", "PRODUCT_BUNDLE_IDENTIFIER"),
    ("planner-ios", "com.example.planner.shar", "planner-ios/Config/Share.xcconfig:6:1: com.example.planner.share: the id, from PRODUCT_BUNDLE_IDENTIFIER here", "PRODUCT_BUNDLE_IDENTIFIER"),
    ("pinboard-maui", "com.example.pinboard.ShareExt", "pinboard-maui/PinBoard.ShareExtension/PinBoard.ShareExtension.csproj:8:5: com.example.pinboard.ShareExtension: the id, from ApplicationId here", "ApplicationId"),
    ("board-expo", "io.example.pinboard.ShareExt", "board-expo/app.json:5:34: io.example.pinboard.ShareExtension: the id, from ios.bundleIdentifier here", "ios.bundleIdentifier"),
    ("shelf-xcodegen", "io.example.shelf.ShelfShar", "shelf-xcodegen/project.yml: io.example.shelf.ShelfShare: the id, from options.bundleIdPrefix here", "options.bundleIdPrefix"),
    // Android: a typo in the package points at Gradle's applicationId, one in the class at the activity.
    ("chat/android", "org.example.chta/.share.ShareActivity", "chat/android/app/build.gradle.kts:14:9: org.example.chat/.share.ShareActivity: the id's package, from applicationId here", "applicationId"),
    ("chat/android", "org.example.chat/.share.ShareActivty", "chat/android/app/src/main/AndroidManifest.xml:36:13: org.example.chat/.share.ShareActivity: the id, written here", nil),
  ] as [(String, String, String, String?)])
  func theSuggestedIDIsShownWhereItIsWritten(_ project: String, _ typo: String, _ cause: String, _ setting: String?) throws {
    let projects = CLI.root + "/samples/projects/"
    let file = try CLI.scratchFile([
      "manifests: [\(projects + project)]",
      "cases:",
      "  - name: typo",
      "    texts: [hi]",
      "    expect: {refuse: [\(typo)]}",
    ])
    defer { try? FileManager.default.removeItem(atPath: file) }
    let text = try CLI.run(["check", file])
    #expect(text.status == 1, "\(text.stderr)")
    let lines = text.stdout.split(separator: "\n").map(String.init)
    #expect(lines.dropFirst().first == "  " + projects + cause, "\(text.stdout)")
    let github = try CLI.run(["check", "--format", "github", file])
    let notices = github.stdout.split(separator: "\n").filter { $0.hasPrefix("::notice ") }
    #expect(notices.count == 1 && notices.first?.contains("file=" + projects + project) == true, "\(github.stdout)")
    let json = try CLI.run(["check", "--format", "json", file])
    let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let causes = ((document?["cases"] as? [[String: Any]])?.first?["causes"] as? [[String: Any]]) ?? []
    #expect(causes.count == 1 && causes.first?["kind"] as? String == "id", "\(json.stdout)")
    #expect(causes.first?["setting"] as? String == setting)
  }

  /// A handler whose id is written in the manifest: its own line, and no setting.
  @Test func anIDWrittenInTheManifestIsShownAtTheHandler() throws {
    let file = try CLI.scratchFile([
      "manifests: [\(CLI.root)/manifests]",
      "cases:",
      "  - name: typo",
      "    texts: [hi]",
      "    expect: {refuse: [com.example.galery]}",
    ])
    defer { try? FileManager.default.removeItem(atPath: file) }
    let text = try CLI.run(["check", file])
    #expect(text.stdout.split(separator: "\n").dropFirst().first == "  \(CLI.root)/manifests/everyday/gallery.yaml:2:5: com.example.gallery: the id, written here", "\(text.stdout)")
  }
}
