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
    #expect(sameShortcuts(built.stdout) == sameShortcuts(tree.stdout))
    #expect(built.stdout.contains("\"accepted\""))
  }

  /// The chat app's Direct Share target, from the source tree and from the APK (compiled
  /// res/xml/shortcuts.xml): shown for an image, not for a PDF.
  @Test(arguments: ["samples/projects/chat/android", "samples/artifacts/chat.apk"])
  func directShareTargetsFitTheShare(_ manifests: String) throws {
    let image = try CLI.run(["--manifests", manifests, "samples/photo.jpg"])
    #expect(image.status == 0)
    #expect(
      image.stdout.contains(
        "direct share (a row of its own: the shortcuts these apps publish at run time with these categories):\n"
          + "  Send in a chat  org.example.chat/.share.ShareActivity  categories org.example.chat.category.SHARE_CONVERSATION; types image/*, text/plain; "))
    let pdf = try CLI.run(["--manifests", manifests, "samples/report.pdf"])
    #expect(pdf.status == 0)
    #expect(pdf.stdout.contains("  1.  Send in a chat  org.example.chat/.share.ShareActivity"))
    #expect(!pdf.stdout.contains("direct share"))
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
    #expect(german.stdout.contains("In einem Chat senden"))
    #expect(german.stdout.contains("Als Status posten"))
    #expect(german.stdout.contains("An Chat senden"))
    let source = try CLI.run(["--manifests", "samples/projects/chat/android", "--locale", "de", "--text", "hi"])
    #expect(source.stdout.contains("Als Status posten"), "the source tree's res/values-de too")
    let bad = try CLI.run(["--manifests", "samples/artifacts/chat.apk", "--locale", "deutsch", "--text", "hi"])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("--locale takes a language with an optional region"))
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
    #expect(result.stdout.contains(
      "  samples/artifacts/chat.apk: /manifest/application[@android:name='org.example.chat.ChatApplication']/activity-alias[@android:name='org.example.chat.share.PostStatusAlias']/@android:name: org.example.chat/.share.PostStatusAlias: android no-match-type"))
    #expect(result.stdout.hasSuffix("1 passed, 1 failed\n"))
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
    #expect(result.stdout.contains("\n  built-in:manifests/everyday/pdf-viewer.yaml: com.example.pdf: warning: the handler accepts SEND but not SEND_MULTIPLE"))
  }

  /// A hostile artifact beside good ones: its error, and the others still loaded.
  @Test func lintKeepsTheRestBesideAHostileArtifact() throws {
    let result = try CLI.run(["lint", "--manifests", "samples/artifacts/hostile/bomb-lying.apk", "--manifests", "samples/artifacts/media.apk"])
    #expect(result.status == 65)
    #expect(result.stdout.contains("org.example.player.free/org.example.player.gui.StartActivity"))
    #expect(result.stdout.contains("samples/artifacts/hostile/bomb-lying.apk: error: member 'AndroidManifest.xml' decompresses to more than the 2000 bytes it claims"))
  }
}
