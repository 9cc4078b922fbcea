import Foundation
import Testing

@testable import ShareRouting

/// The expectations file of `share-route check`: strict decoding, and the differences printed.
@Suite struct ExpectationTests {
  static let router: Router = {
    let root = String(#filePath).components(separatedBy: "/Tests/").dropLast().joined(separator: "/Tests/")
    return Router(ManifestLoader.load(paths: [root + "/manifests"]))
  }()

  @Test func decodesEveryKey() throws {
    let file = ExpectationFile.load(
      text: """
        manifests: [m]
        cases:
          - name: all keys
            files: a.jpg
            reportedType: [text/plain]
            trust: reported
            texts: [hi]
            urls: [https://x.example/a]
            mimeTypes: [image/png]
            utis: [public.jpeg]
            source: chat
            platform: ios
            expect:
              accept: [keep]
              refuse: {album: unsupported-item}
              order: [keep]
              pick: null
              types: [text/plain]
              corrected: [false]
              errors: []
        """, file: "dir/cases.yaml")
    #expect(file.errors.isEmpty)
    #expect(file.manifests == ["dir/m"])
    let only = try #require(file.cases.first)
    #expect(only.files == ["dir/a.jpg"])
    #expect(only.reportedTypes == ["text/plain"])
    #expect(only.trust == "reported")
    #expect(only.platform == .ios)
    #expect(only.refuse.map(\.id) == ["album"])
    #expect(only.refuse.map(\.code) == ["unsupported-item"])
    #expect(only.pick == .some(nil))
    #expect(only.corrected == [false])
    #expect(only.location == SourceLocation(line: 3, column: 5))
  }

  /// Paths in the file are read against its folder, and printed without `./` in front however
  /// the file was named.
  @Test(arguments: [
    ("cases.yaml", ["m", "/abs/m"], ["a.jpg"]), ("./cases.yaml", ["m", "/abs/m"], ["a.jpg"]),
    ("././cases.yaml", ["m", "/abs/m"], ["a.jpg"]), ("./dir/cases.yaml", ["dir/m", "/abs/m"], ["dir/a.jpg"]),
    ("dir/sub/cases.yaml", ["dir/sub/m", "/abs/m"], ["dir/sub/a.jpg"]),
  ])
  func pathsAreReadAgainstTheFilesFolder(_ name: String, _ manifests: [String], _ files: [String]) throws {
    let file = ExpectationFile.load(
      text: "manifests: [m, /abs/m]\ncases:\n  - name: t\n    files: [a.jpg]\n    expect: {pick: null}\n", file: name, followLinks: true)
    #expect(file.errors.isEmpty, "\(file.errors)")
    #expect(file.manifests == manifests)
    #expect(file.cases.first?.files == files)
  }

  @Test(arguments: [
    ("cases: []", "f.yaml:1:8: cases: '[]' is not allowed (expected at least one case)"),
    ("cases:\n  - name: x\n    texts: [a]\n", "f.yaml:2:5: cases[0]: missing required key 'expect'"),
    ("cases:\n  - name: x\n    expect: {pick: a}\n",
     "f.yaml:2:5: cases[0]: 'x' is not allowed (expected a case with files, texts, urls, mimeTypes, utis, from, capture or intent)"),
    ("cases:\n  - name: x\n    texts: [a]\n    platform: web\n    expect: {pick: a}\n",
     "f.yaml:4:15: cases[0].platform: 'web' is not allowed (expected one of: android, ios, all)"),
    ("cases:\n  - name: x\n    texts: [a]\n    expect: {picks: a}\n",
     "f.yaml:4:14: cases[0].expect: unknown key 'picks' (expected one of: accept, refuse, order, pick, types, corrected, errors, receives, phases, share)"),
    ("cases:\n  - name: x\n    texts: [a]\n    expect: {corrected: [yes please]}\n",
     "f.yaml:4:26: cases[0].expect.corrected[0]: expected a Boolean, found a string 'yes please'"),
    ("nothing: here", "f.yaml:1:1: unknown key 'nothing' (expected one of: manifests, exclude, cases)"),
    ("cases:\n  - name: x\n    from: maps\n    capture: c.yaml\n    expect: {pick: a}\n",
     "f.yaml:2:5: cases[0]: 'from, capture' is not allowed (expected at most one of: from, capture, intent)"),
    ("cases:\n  - name: x\n    texts: [a]\n    from: maps\n    expect: {pick: a}\n",
     "f.yaml:4:11: cases[0].from: 'maps' is not allowed (expected a host's share filled by files only (no texts, urls, mimeTypes or utis))"),
  ])
  func invalidFilesNameThePlace(_ text: String, _ message: String) {
    let file = ExpectationFile.load(text: text, file: "f.yaml")
    #expect(file.errors.map(\.description).contains(message), "\(file.errors.map(\.description))")
  }

  /// Manifests and captures an expectations file names are read only where they really lie inside
  /// its folder or the working directory (links resolved), unless links are followed: a file
  /// from elsewhere (a token) never reaches a report through their errors.
  @Test(arguments: [
    ("inside.yaml", false, true), ("link-out.yaml", false, false), ("/OUTSIDE/secret.yaml", false, false),
    ("link-out.yaml", true, true), ("/OUTSIDE/secret.yaml", true, true), ("missing.yaml", false, true),
  ])
  func namedFilesStayInside(_ named: String, _ followLinks: Bool, _ read: Bool) throws {
    let base = NSTemporaryDirectory() + "share-route-inside-\(UUID().uuidString)"
    let folder = base + "/tests"
    let outside = base + "/outside"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: base) }
    try "secret: TOPSECRET\n".write(toFile: outside + "/secret.yaml", atomically: true, encoding: .utf8)
    try "id: a\nlabel: A\n".write(toFile: folder + "/inside.yaml", atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: folder + "/link-out.yaml", withDestinationPath: outside + "/secret.yaml")
    let path = named.replacingOccurrences(of: "/OUTSIDE", with: outside)
    let text = "manifests: [\(path)]\ncases:\n  - name: c\n    files: [x.jpg]\n    capture: \(path)\n    expect: {accepted: []}\n"
    let file = ExpectationFile.load(text: text, file: folder + "/expectations.yaml", followLinks: followLinks)
    let refusals = file.errors.filter { $0.description.contains("links resolved") }
    #expect(refusals.count == (read ? 0 : 2), "\(file.errors.map(\.description))")
    #expect(file.manifests.count == (read ? 1 : 0))
    #expect(!file.errors.contains { $0.description.contains("TOPSECRET") })
  }

  @Test func oneBadCaseLeavesTheOthers() {
    let file = ExpectationFile.load(
      text: "cases:\n  - name: bad\n    texts: 3\n    expect: {pick: a}\n  - name: good\n    texts: [a]\n    expect: {pick: a}\n",
      file: "f.yaml")
    #expect(file.errors.count == 1)
    #expect(file.cases.map(\.name) == ["good"])
  }

  @Test(arguments: [
    ("expect: {accept: [com.example.gallery]}", "com.example.gallery refused (no-match-type, unsupported-item), expected it to accept"),
    ("expect: {refuse: [keep]}", "keep accepted, expected it to refuse"),
    ("expect: {refuse: {album: not-offered}}", "album refused with no-match-type, unsupported-item, expected not-offered"),
    ("expect: {accept: [nobody.here]}", "nobody.here is not a handler of this manifest set"),
    ("expect: {pick: notes}", "pick is keep, expected notes"),
    ("expect: {pick: null}", "pick is keep, expected nobody"),
    ("expect: {types: [image/png]}", "types [text/plain], expected [image/png]"),
    ("expect: {corrected: [true]}", "corrected [false], expected [true]"),
    ("expect: {corrected: true}", "corrected [false], expected [true]"),
    ("expect: {errors: [missing]}", "item errors [], expected [missing]"),
    ("expect: {receives: {keep: [hi, x]}}", "keep receives [hi], expected [hi, x]"),
    ("expect: {phases: {album: 1}}", "album refused in phase 2, expected phase 1"),
    ("expect: {phases: {keep: 2}}", "keep accepted, expected it to refuse"),
    ("expect: {accept: [kep]}", "kep is not a handler of this manifest set; did you mean keep?"),
    ("expect: {refuse: [com.example.galery]}", "com.example.galery is not a handler of this manifest set; did you mean com.example.gallery?"),
    ("expect: {share: [{isTextShare: false}]}", "payloads [{isTextShare: true, name: hi, source: hi, type: text/plain}], expected [{isTextShare: false}]"),
    ("expect: {receives: {album: [hi]}}", "album is not accepted, expected it to receive [hi]"),
    ("expect: {order: [keep]}",
     "accepted [keep, timeline, notes, chat, other-apps, tensor.communicator, tensor.disk, tensor.buffer, com.expensify.chat, com.example.oneimage], expected [keep]"),
  ])
  func differencesAreWordedExactly(_ expect: String, _ difference: String) throws {
    let file = ExpectationFile.load(text: "cases:\n  - name: t\n    texts: [hi]\n    \(expect)\n", file: "f.yaml")
    let expectation = try #require(file.cases.first, "\(file.errors)")
    let route = try Self.router.route(items: [try ShareItem.text("hi")])
    #expect(expectation.differences(from: route) == [difference])
  }

  @Test func aMatchingCaseHasNoDifferences() throws {
    let file = ExpectationFile.load(
      text: "cases:\n  - name: t\n    texts: [hi]\n    expect: {accept: [keep], refuse: {album: no-match-type}, pick: keep, types: [text/plain], "
        + "phases: {album: 2}, corrected: false, share: [{isTextShare: true, name: hi, type: text/plain}]}\n",
      file: "f.yaml")
    let expectation = try #require(file.cases.first)
    #expect(expectation.differences(from: try Self.router.route(items: [try ShareItem.text("hi")])).isEmpty)
  }
}
