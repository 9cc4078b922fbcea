import Foundation
import Testing

/// Built artifacts through the binary: the routes a source tree gives, `check` and `lint` on an
/// artifact, `--locale`.
@Suite struct ArtifactCLITests {
  /// An artifact and the source tree it was built from route every share the same, byte for
  /// byte (route JSON names no manifest file; a Direct Share target names its shortcuts file: the
  /// source's with its line, the artifact's member without one).
  @Test(arguments: [
    ("samples/artifacts/browser.apk", "samples/projects/browser", ["--text", "hi", "--platform", "android"]),
    ("samples/artifacts/browser.aab", "samples/projects/browser", ["samples/photo.jpg", "--explain"]),
    ("samples/artifacts/chat.apk", "samples/projects/chat/android", ["samples/photo.jpg", "samples/report.pdf", "--explain"]),
    ("samples/artifacts/chat.apk", "samples/projects/chat/android", ["--url", "https://example.com/", "--explain"]),
    ("samples/artifacts/media.apk", "samples/projects/media", ["samples/song.mp3", "samples/clip.mp4"]),
    ("samples/artifacts/Chat.ipa", "samples/projects/chat/ios", ["samples/photo.jpg", "--explain"]),
    ("samples/artifacts/PhotoBox.app", "samples/projects/photos-ios", ["samples/photo.jpg", "samples/photo.png", "--explain"]),
  ])
  func artifactRoutesAsItsSource(_ artifact: String, _ source: String, _ share: [String]) throws {
    let built = try CLI.run(["--manifests", artifact, "--json"] + share)
    let tree = try CLI.run(["--manifests", source, "--json"] + share)
    #expect(built.status == tree.status)
    #expect(built.stderr == "")
    let shortcuts = try NSRegularExpression(pattern: #""file": "[^"]*shortcuts\.xml",\n *"line": [0-9a-z]+"#)
    func sameShortcuts(_ text: String) -> String {
      shortcuts.stringByReplacingMatches(
        in: text, range: NSRange(text.startIndex..., in: text), withTemplate: #""file": "shortcuts.xml", "line": null"#)
    }
    // The rules are the same; their places are the artifact's (no lines) or the tree's.
    #expect(CLI.withoutRulePlaces(sameShortcuts(built.stdout)) == CLI.withoutRulePlaces(sameShortcuts(tree.stdout)))
    #expect(built.stdout.contains("\"accepted\""))
  }

  /// The chat app's Direct Share target, from the source tree and from the APK (compiled
  /// res/xml/shortcuts.xml): shown for an image, not for a PDF.
  /// The second column is where the shortcuts file is: the source's with its line, the APK's member.
  @Test(arguments: [
    ("samples/projects/chat/android", "samples/projects/chat/android/app/src/main/res/xml/shortcuts.xml:5"),
    ("samples/artifacts/chat.apk", "samples/artifacts/chat.apk!/res/xml/shortcuts.xml"),
  ])
  func directShareTargetsFitTheShare(_ manifests: String, _ shortcuts: String) throws {
    let image = try CLI.run(["--manifests", manifests, "samples/photo.jpg"])
    #expect(image.status == 0)
    #expect(
      image.stdout == """
        items:
          photo.jpg  image/jpeg  image, public.jpeg, from content
        android intent: SEND image/jpeg
          EXTRA_STREAM: file://\(CLI.root)/samples/photo.jpg
          ClipData: image/jpeg {U(file)}, FLAG_GRANT_READ_URI_PERMISSION
        accepted, the pick first:
          1.  Send in a chat  org.example.chat/.share.ShareActivity
        direct share (a row of its own: the shortcuts these apps publish at run time with these categories):
          Send in a chat  org.example.chat/.share.ShareActivity  categories org.example.chat.category.SHARE_CONVERSATION; types image/*, text/plain; \(shortcuts)
        refused: 1 handler (--explain shows why)
        payload:
          {isTextShare: false, name: "photo.jpg", source: "file://\(CLI.root)/samples/photo.jpg", type: "image/jpeg"}

        """)
    #expect(image.stderr == "")
    let pdf = try CLI.run(["--manifests", manifests, "samples/report.pdf"])
    #expect(pdf.status == 0)
    #expect(
      pdf.stdout == """
        items:
          report.pdf  application/pdf  file, com.adobe.pdf, from content
        android intent: SEND application/pdf
          EXTRA_STREAM: file://\(CLI.root)/samples/report.pdf
          ClipData: application/pdf {U(file)}, FLAG_GRANT_READ_URI_PERMISSION
        accepted, the pick first:
          1.  Send in a chat  org.example.chat/.share.ShareActivity
        refused: 1 handler (--explain shows why)
        payload:
          {isTextShare: false, name: "report.pdf", source: "file://\(CLI.root)/samples/report.pdf", type: "application/pdf"}

        """)
    #expect(pdf.stderr == "")
    let json = try CLI.run(["--manifests", manifests, "--json", "samples/photo.jpg"])
    let route = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let targets = try #require(route["directShare"] as? [[String: Any]])
    #expect(targets.count == 1)
    #expect(targets.first?["targetClass"] as? String == "org.example.chat.share.ShareActivity")
    #expect(targets.first?["categories"] as? [String] == ["org.example.chat.category.SHARE_CONVERSATION"])
  }

  @Test func localeChoosesLabels() throws {
    let german = try CLI.run(["--manifests", "samples/artifacts/chat.apk", "--manifests", "samples/artifacts/Chat.ipa", "--locale", "de", "--text", "hi"])
    #expect(german.status == 0)
    #expect(
      german.stdout == """
        items:
          hi  text/plain  text, public.plain-text, from text
        android intent: SEND text/plain
          EXTRA_TEXT: 'hi'
          ClipData: text/plain {T(2)}
        accepted on android, the pick first:
          1.  Als Status posten     org.example.chat/.share.PostStatusAlias
          2.  In einem Chat senden  org.example.chat/.share.ShareActivity
        direct share (a row of its own: the shortcuts these apps publish at run time with these categories):
          In einem Chat senden  org.example.chat/.share.ShareActivity  categories org.example.chat.category.SHARE_CONVERSATION; types image/*, text/plain; samples/artifacts/chat.apk!/res/xml/shortcuts.xml
        ios extension item: 1 attachment (public.plain-text)
        accepted on ios, the pick first:
          1.  An Chat senden  org.example.chat.share
        order: a fresh phone's share sheet (declared orders first, then labels in de order); a used phone ranks by use
        payload:
          {isTextShare: true, name: "hi", source: "hi", type: "text/plain"}

        """)
    #expect(german.stderr == "")
    let source = try CLI.run(["--manifests", "samples/projects/chat/android", "--locale", "de", "--text", "hi"])
    #expect(
      source.stdout == """
        items:
          hi  text/plain  text, public.plain-text, from text
        android intent: SEND text/plain
          EXTRA_TEXT: 'hi'
          ClipData: text/plain {T(2)}
        accepted, the pick first:
          1.  Als Status posten     org.example.chat/.share.PostStatusAlias
          2.  In einem Chat senden  org.example.chat/.share.ShareActivity
        order: a fresh phone's share sheet (declared orders first, then labels in de order); a used phone ranks by use
        direct share (a row of its own: the shortcuts these apps publish at run time with these categories):
          In einem Chat senden  org.example.chat/.share.ShareActivity  categories org.example.chat.category.SHARE_CONVERSATION; types image/*, text/plain; samples/projects/chat/android/app/src/main/res/xml/shortcuts.xml:5
        payload:
          {isTextShare: true, name: "hi", source: "hi", type: "text/plain"}

        """, "the source tree's res/values-de too")
    let bad = try CLI.run(["--manifests", "samples/artifacts/chat.apk", "--locale", "deutsch", "--text", "hi"])
    #expect(bad.status == 64)
    #expect(
      bad.stderr == """
        share-route: error: --locale takes a language with an optional region (de, pt-BR, pt-rBR), not 'deutsch'
        Usage: share-route route [<options>] [<paths> ...]
          See 'share-route route --help' for more information.

        """)
    #expect(bad.stdout == "")
  }

  /// `check` against an artifact names the place in it of a handler it is wrong about.
  @Test func checkAgainstAnArtifact() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("share-route-artifact-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try Data("""
      cases:
        - name: a photo reaches the chat
          files: [\(CLI.root)/samples/photo.jpg]
          platform: android
          expect: {accept: [org.example.chat/.share.ShareActivity]}
        - name: a photo reaches the status alias
          files: [\(CLI.root)/samples/photo.jpg]
          platform: android
          expect: {accept: [org.example.chat/.share.PostStatusAlias]}
      """.utf8).write(to: URL(fileURLWithPath: directory + "/cases.yaml"))
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try CLI.run(["check", "--manifests", "samples/artifacts/chat.apk", directory + "/cases.yaml"])
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        \(directory)/cases.yaml:6:5: a photo reaches the status alias: org.example.chat/.share.PostStatusAlias refused (no-match-type), expected it to accept
          samples/artifacts/chat.apk: /manifest/application[@android:name='org.example.chat.ChatApplication']/activity-alias[@android:name='org.example.chat.share.PostStatusAlias']/@android:name: org.example.chat/.share.PostStatusAlias: android no-match-type: image/jpeg does not match text/plain
        1 passed, 1 failed

        """)
    #expect(result.stderr == "")
  }

  /// Key paths stand in for lines only in artifacts: a cause from the built-in set (no
  /// positions) names the file and the handler, as before artifacts were read.
  @Test func causesOutsideArtifactsHaveNoKeyPath() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("share-route-builtin-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Data("""
      cases:
        - name: wrong on purpose
          files: [\(CLI.root)/samples/photo.jpg]
          expect: {accept: [com.example.pdf]}
      """.utf8).write(to: URL(fileURLWithPath: directory + "/cases.yaml"))
    let result = try CLI.run(["check", directory + "/cases.yaml"], in: directory)
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        \(directory)/cases.yaml:2:5: wrong on purpose: com.example.pdf refused (no-match-type), expected it to accept
          built-in:manifests/everyday/pdf-viewer.yaml: com.example.pdf: android no-match-type: image/jpeg does not match application/pdf
          built-in:manifests/everyday/pdf-viewer.yaml: com.example.pdf: warning: the handler accepts SEND but not SEND_MULTIPLE, so it disappears when two or more files are shared (a text or link beside one file is still a SEND: it rides as EXTRA_TEXT); fix: add android.intent.action.SEND_MULTIPLE with the same types (or ignore this if it takes one item only) [send-without-send-multiple]
        0 passed, 1 failed

        """)
    #expect(result.stderr == "")
  }

  /// A hostile artifact beside good ones: its error, and the others still loaded.
  @Test func lintKeepsTheRestBesideAHostileArtifact() throws {
    let result = try CLI.run(["lint", "--manifests", "samples/artifacts/hostile/bomb-lying.apk", "--manifests", "samples/artifacts/media.apk"])
    #expect(result.status == 65)
    #expect(
      result.stdout == """
        handlers:
          org.example.player.free/org.example.player.gui.StartActivity  Player  android  samples/artifacts/media.apk
        samples/artifacts/hostile/bomb-lying.apk: error: member 'AndroidManifest.xml' decompresses to more than the 2000 bytes it claims: a compression bomb or damage, not read further
        samples/artifacts/media.apk: /manifest/application[@android:name='org.example.player.PlayerApp']/activity[@android:name='org.example.player.gui.StartActivity']/intent-filter[2]: note: a SEND_MULTIPLE filter of 'audio/*', 'video/*' also receives shares of mixed types (a SEND_MULTIPLE of */*: an image and a PDF), as IntentFilter.matchData lets */* through; fix: read each item's type (ContentResolver.getType) and skip what the activity cannot take [multiple-receives-mixed]
        1 handler, 1 error, 0 warnings, 1 note

        """)
    #expect(result.stderr == "")
  }
}
