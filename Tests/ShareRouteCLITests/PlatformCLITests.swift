import Foundation
import Testing

/// `share-route lint` and routing against imported AndroidManifest.xml and Info.plist files, run
/// as a user runs them.
@Suite struct PlatformCLITests {
  static let android = "samples/platform/android/AndroidManifest.xml"
  static let share = "samples/platform/ios/Share/Info.plist"
  static let action = "samples/platform/ios/Action/Info.plist"

  /// The platform files given with --manifests route a photo.
  @Test func platformFilesRouteAPhoto() throws {
    let (status, route) = try CLI.json(
      ["--manifests", Self.android, "--manifests", Self.share, "--manifests", Self.action, "samples/photo.jpg"])
    #expect(status == 0)
    let accepted = (route["accepted"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
    #expect(
      accepted == [
        "org.example.messenger.photo-action", "org.example.messenger.share",
        "org.example.messenger/.share.ShareActivity",
      ])
    let rejected = (route["rejected"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
    #expect(rejected == ["org.example.messenger/.SaveToNote", "org.example.messenger/.ContactImportActivity"])
  }

  /// The same handlers written natively give the same JSON route (rejections in load order aside).
  @Test(arguments: [["samples/photo.jpg"], ["samples/letter.docx", "samples/photo.jpg"], ["--text", "hello"], ["samples/contact.vcf"]])
  func nativeAndImportedGiveTheSameRoute(_ share: [String]) throws {
    let imported = try CLI.run(["--manifests", Self.android, "--manifests", "samples/platform/ios", "--format", "json"] + share)
    let native = try CLI.run(["--manifests", "samples/platform/native", "--format", "json"] + share)
    #expect(imported.status == native.status)
    // The rules' places differ (other files); everything else is the same.
    func normalised(_ text: String) throws -> NSDictionary {
      var object = try JSONSerialization.jsonObject(with: Data(CLI.withoutRulePlaces(text).utf8)) as? [String: Any] ?? [:]
      let rejected = object["rejected"] as? [[String: Any]] ?? []
      object["rejected"] = rejected.sorted { ($0["id"] as? String ?? "") < ($1["id"] as? String ?? "") }
      return object as NSDictionary
    }
    #expect(try normalised(imported.stdout) == normalised(native.stdout))
  }

  /// --explain names the predicate's deciding sub-expression.
  @Test func explainShowsThePredicate() throws {
    let directory = try scratch([
      "pdf.yaml": """
        id: pdf
        label: PDF only
        ios:
          activationRule: >-
            SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a,
            ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf").@count
            == $e.attachments.@count).@count == 1
        """
    ])
    let result = try CLI.run(["--manifests", directory, "--explain", "samples/photo.jpg"])
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        items:
          photo.jpg  image/jpeg  image, public.jpeg, from content
        android intent: SEND image/jpeg
          EXTRA_STREAM: file://\(CLI.root)/samples/photo.jpg
          ClipData: image/jpeg {U(file)}, FLAG_GRANT_READ_URI_PERMISSION
        no handler accepts this share
        refused:
          PDF only (pdf), phase 2
            ios predicate-false: the activation predicate is false: `SUBQUERY(extensionItems, $e, …).@count == 1` is false: \
        the left side is 0; $e 0 is left out: `SUBQUERY($e.attachments, $a, …).@count == $e.attachments.@count` \
        is false: the left side is 0, the right side 1; $a 0 (photo.jpg) is left out: \
        `ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf"` is false: the left side is [public.jpeg]  at \(directory)/pdf.yaml:4:19
        payload:
          {isTextShare: false, name: "photo.jpg", source: "file://\(CLI.root)/samples/photo.jpg", type: "image/jpeg"}

        """)
    #expect(result.stderr == "")
  }

  @Test func lintExitCodes() throws {
    let clean = try scratch([
      "a.yaml": "id: a\nlabel: A\nandroid:\n  intentFilters:\n    - actions: [SEND, SEND_MULTIPLE]\n      mimeTypes: [\"image/*\"]\n"
    ])
    let cleanRun = try CLI.run(["lint", clean])
    #expect(cleanRun.status == 0)
    // What lint found comes first: each handler's id, label, platforms and file.
    #expect(
      cleanRun.stdout
        == "handlers:\n  a  A  android  \(clean)/a.yaml\n"
        + "\(clean)/a.yaml:5:7: android.intentFilters[0]: note: a SEND_MULTIPLE filter of 'image/*' also receives shares of mixed types (a SEND_MULTIPLE of */*: an image and a PDF), as IntentFilter.matchData lets */* through; fix: read each item's type (ContentResolver.getType) and skip what the activity cannot take [multiple-receives-mixed]\n"
        + "1 handler, 0 errors, 0 warnings, 1 note\n")
    #expect(try CLI.run(["lint", "--strict", clean]).status == 0)

    let warned = try CLI.run(["lint", Self.android])
    #expect(warned.status == 0)
    #expect(
      warned.stdout == """
        handlers:
          org.example.messenger/.share.ShareActivity    Send to a chat  android  \(Self.android)
          org.example.messenger/.SaveToNote             Save to note    android  \(Self.android)
          org.example.messenger/.ContactImportActivity  Messenger       android  \(Self.android)
        \(Self.android):39:13: note: a SEND_MULTIPLE filter of 'image/*', 'video/*' also receives shares of mixed types (a SEND_MULTIPLE of */*: an image and a PDF), as IntentFilter.matchData lets */* through; fix: read each item's type (ContentResolver.getType) and skip what the activity cannot take [multiple-receives-mixed]
        \(Self.android):39:13: warning: the SEND and SEND_MULTIPLE filters accept different types (SEND_MULTIPLE lacks 'audio/*'), so the handler comes and goes with the item count; fix: give both actions the same types [send-multiple-types-differ]
        \(Self.android):53:13: note: a SEND_MULTIPLE filter of 'text/*', 'application/pdf' also receives shares of mixed types (a SEND_MULTIPLE of */*: an image and a PDF), as IntentFilter.matchData lets */* through; fix: read each item's type (ContentResolver.getType) and skip what the activity cannot take [multiple-receives-mixed]
        \(Self.android):66:28: warning: android:priority 10 on a SEND or SEND_MULTIPLE filter has no effect: Android installs it as 0 (a privileged system app's too, on these protected actions), and the share sheet lists targets by label, then by use; fix: remove android:priority (a Direct Share target or a pinned target is how an app comes first) [priority-on-share-filter]
        \(Self.android):69:23: warning: 'text/x-vCard' has upper-case letters; Android matches types case-sensitively and senders use lower case, so it never matches; fix: write 'text/x-vcard' [uppercase-mime-type]
        3 handlers, 0 errors, 3 warnings, 2 notes

        """)
    #expect(try CLI.run(["lint", "--strict", Self.android]).status == 1)

    let broken = try scratch(["b.yaml": "id: b\nlabel: B\nios:\n  activationRule: \"ANY extensionItems ==\"\n"])
    let brokenRun = try CLI.run(["lint", broken, Self.share])
    #expect(brokenRun.status == 65)
    #expect(
      brokenRun.stdout == """
        handlers:
          org.example.messenger.share  Messenger  ios  \(Self.share)
        \(broken)/b.yaml:4:19: ios.activationRule: error: invalid predicate at 1:22 of the predicate: expected a key path, a string or a number, found the end of the predicate
            ANY extensionItems ==
            \(String(repeating: " ", count: 21))^
        1 handler, 1 error, 0 warnings

        """)
  }

  @Test func lintJSON() throws {
    let result = try CLI.run(["lint", "--format", "json", Self.action])
    #expect(result.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    #expect(object?.keys.sorted() == ["buildSettings", "errors", "handlerList", "handlers", "schemaVersion", "skipped", "warnings"])
    let warnings = object?["warnings"] as? [[String: Any]] ?? []
    #expect(warnings.count == 1)
    #expect(warnings.first?.keys.sorted() == ["code", "column", "file", "fix", "keyPath", "line", "message", "severity"])
    #expect(warnings.first?["severity"] as? String == "warning")
    #expect(warnings.first?["code"] as? String == "non-boolean-supports-text")
    #expect(warnings.first?["line"] is NSNull)
  }

  private func scratch(_ files: [String: String]) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("share-route-platform-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for (name, text) in files { try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8) }
    return directory
  }
}
