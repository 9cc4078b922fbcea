import Foundation
import ShareRouteKit
import ShareRouting
import ShareSniffing
import Testing

private let root = String(#filePath).components(separatedBy: "/Tests/").dropLast().joined(separator: "/Tests/")

private func sample(_ name: String) -> URL { URL(fileURLWithPath: root + "/samples/" + name) }

/// The one-stop API: the built-in set, merged sets with the
/// duplicate-id check, the sniffer pool, `file:` URLs.
/// The documented examples print their answers, as a reader's program would; here `print` is this
/// file's own and writes nothing, so a test run prints only its results (the answers are checked
/// by the tests below).
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {}

@Suite struct ShareRouterTests {
  /// The README's library example, as written there (a test below holds the README to it).
  static func readmeExample() throws -> (pick: String?, accepted: [String]) {
    // README example begins
    let router = ShareRouter()  // the built-in default handler set
    let route = try router.route(files: [URL(fileURLWithPath: "samples/photo.jpg", relativeTo: URL(fileURLWithPath: root + "/"))])
    print(route.pick ?? "nobody", route.accepted.map(\.id))
    // README example ends
    return (route.pick, route.accepted.map(\.id))
  }

  @Test func theReadmeExampleRunsAndTheReadmeShowsIt() throws {
    let answer = try Self.readmeExample()
    #expect(answer.pick == "keep")
    #expect(answer.accepted.contains("com.example.gallery"))
    let source = try String(contentsOfFile: #filePath, encoding: .utf8)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    guard let begin = lines.firstIndex(where: { $0.contains("// README example begins") }),
      let end = lines.firstIndex(where: { $0.contains("// README example ends") })
    else { Issue.record("markers missing"); return }
    let readme = try String(contentsOfFile: root + "/README.md", encoding: .utf8)
    for line in lines[(begin + 1)..<end] {
      // The README names the file plainly; the test resolves it against the repository.
      let shown = line.trimmingCharacters(in: .whitespaces)
        .replacingOccurrences(of: #", relativeTo: URL(fileURLWithPath: root + "/"))"#, with: ")")
      #expect(readme.contains(shown), "README lacks: \(shown)")
    }
  }

  /// The built-in set routes every sample exactly as the repository's manifests/ do.
  @Test(arguments: ["photo.jpg", "report.pdf", "notes.txt", "cat.png", "song.mp3", "archive.zip", "contact.vcf"])
  func theBuiltInSetRoutesLikeTheRepositorysManifests(_ file: String) throws {
    let route = try ShareRouter().route(files: [sample(file)])
    let items = [try Sniffer().item(path: sample(file).path, reportedType: nil)]
    let expected = try Router(ManifestLoader.load(paths: [root + "/manifests"])).route(items: items)
    #expect(route.items == expected.items)
    #expect(route.accepted.map(\.id) == expected.accepted.map(\.id))
    #expect(route.rejected.map(\.id) == expected.rejected.map(\.id))
    #expect(route.pick != nil)
  }

  @Test func aFileThatCannotBeUsedIsAPhaseOneProblemAndTheRestRoutes() throws {
    let route = try ShareRouter().route(files: [sample("nowhere.jpg")], texts: ["hello"])
    #expect(route.items.map(\.type) == ["text/plain"])
    #expect(route.errors.map(\.code) == [.missing])
    #expect(route.pick != nil)
  }

  @Test func aURLThatIsNotAFileIsRefused() {
    #expect(throws: SniffError.self) {
      try ShareRouter().route(files: [URL(string: "https://example.com/a.jpg")!])
    }
    #expect(throws: SniffError.self) {
      try Sniffer().item(url: URL(string: "https://example.com/a.jpg")!, reportedType: nil)
    }
  }

  @Test(arguments: ["photo.jpg", "report.pdf", "table.csv", "scan.txt", "voice.m4a"])
  func urlAndPathGiveTheSameItem(_ file: String) throws {
    let sniffer = try Sniffer()
    #expect(try sniffer.item(url: sample(file), reportedType: "text/plain") == sniffer.item(path: sample(file).path, reportedType: "text/plain"))
    #expect(try sniffer.content(url: sample(file)) == sniffer.content(path: sample(file).path))
  }

  // MARK: merging

  static func directory(_ files: [String: String]) throws -> String {
    let directory = NSTemporaryDirectory() + "share-router-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + name)) }
    return directory
  }

  @Test func mergingWithTheBuiltInSetRefusesADuplicateIdAndKeepsTheRest() throws {
    let directory = try Self.directory([
      "mine.yaml": "id: org.example.mine\nlabel: Mine\nandroid:\n  intentFilters:\n    - actions: [SEND]\n      mimeTypes: [\"image/*\"]\n",
      "keep.yaml": "id: keep\nlabel: Another Keep\nandroid:\n  intentFilters:\n    - actions: [SEND]\n      mimeTypes: [\"*/*\"]\n",
    ])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let set = ShareRouter.loadManifests([directory], includingBuiltin: true)
    #expect(set.handlers.count == ShareRouter.builtinManifests.handlers.count + 1)
    #expect(set.handlers.filter { $0.id == "keep" }.map(\.label) == ["Keep"])
    let duplicate = try #require(set.errors.first)
    #expect(set.errors.count == 1)
    #expect(duplicate.file == directory + "/keep.yaml")
    #expect(duplicate.description.contains("keep"))
    #expect(duplicate.description.contains("built-in:manifests/line/keep.yaml"))
    let route = try ShareRouter(manifests: set).route(files: [sample("photo.jpg")])
    #expect(route.accepted.map(\.id).contains("org.example.mine"))
    // Without the built-in set, the same directory loads alone, cleanly.
    let alone = ShareRouter.loadManifests([directory])
    #expect(alone.errors.isEmpty && alone.handlers.count == 2)
  }

  @Test func aSourceNameGivenTwiceIsAnError() throws {
    let directory = try Self.directory(["chat.yaml": "source: chat\noffers: [keep]\ncustom: []\n"])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let set = ShareRouter.loadManifests([directory], includingBuiltin: true)
    #expect(set.errors.count == 1)
    #expect(set.errors.first?.description.contains("chat") == true)
    #expect(set.sources["chat"]?.custom == ["copy-link"])  // the first one stays
  }

  // MARK: the pool

  /// Many tasks at once, each borrowing a sniffer: the same answers as one sniffer in turn.
  @Test func concurrentTasksGetTheSameAnswersAsOneSniffer() async throws {
    let files = ["photo.jpg", "report.pdf", "table.csv", "scan.txt", "voice.m4a", "clip.mp4", "letter.docx", "event.ics"]
    let serial = try files.map { try Sniffer().item(path: sample($0).path, reportedType: nil).type }
    let pool = SnifferPool(capacity: 2)
    let router = ShareRouter(pool: pool)
    let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
      for round in 0..<8 {
        for (index, file) in files.enumerated() {
          group.addTask {
            let type = round % 2 == 0
              ? try pool.withSniffer { try $0.item(url: sample(file), reportedType: nil).type }
              : try router.item(file: sample(file)).type
            return (index, type)
          }
        }
      }
      var answers: [Int: Set<String>] = [:]
      for try await (index, type) in group { answers[index, default: []].insert(type) }
      return answers
    }
    for (index, file) in files.enumerated() {
      #expect(answers[index] == [serial[index]], "\(file)")
    }
  }

  @Test func aPoolWithABadDatabaseThrowsOnBorrowing() {
    let pool = SnifferPool(databasePath: "/nonexistent/magic.mgc")
    #expect(throws: SniffError.self) { try pool.withSniffer { _ in 1 } }
  }

  /// One share and the status its verdict gives, counted every way the commands count, against a
  /// one-image iOS extension.
  struct VerdictCase: Sendable, CustomTestStringConvertible {
    let name: String
    let input: ShareInput
    /// route and `--each`; `batch --strict`.
    let status: Verdict.Status
    /// `matrix`: a share nobody accepts is a result.
    let matrix: Verdict.Status
    /// `batch` without `--strict`: only invalid lines and manifests count.
    let batch: Verdict.Status
    var testDescription: String { name }
  }

  static let verdictCases: [VerdictCase] = [
    .init(name: "accepted", input: ShareInput(paths: [root + "/samples/photo.jpg"]), status: .accepted, matrix: .accepted, batch: .accepted),
    .init(
      name: "nobody accepts", input: ShareInput(mimeTypes: ["application/pdf"]), status: .noneAccepted,
      matrix: .accepted, batch: .accepted),
    .init(
      name: "unreadable", input: ShareInput(paths: [root + "/samples/no-such-file.jpg"], texts: ["hi"]),
      status: .unreadableInput, matrix: .unreadableInput, batch: .accepted),
    .init(
      name: "invalid item", input: ShareInput(paths: [root + "/samples/no-such-file.jpg"], texts: [""]),
      status: .invalidInput, matrix: .invalidInput, batch: .accepted),
  ]

  @Test(arguments: verdictCases)
  func verdicts(_ row: VerdictCase) throws {
    let router = ShareRouter(loading: [root + "/manifests/one-image.yaml"])
    let route = try router.route(row.input)
    let verdict = router.verdict([route])
    #expect(verdict.status() == row.status)
    #expect(verdict.status(unrouted: false) == row.matrix)
    #expect(verdict.status(items: false, unrouted: false) == row.batch)
    // An invalid handler set outranks every share's own status.
    let broken = ShareRouter(manifests: ShareRouter.loadManifests([root + "/samples/no-such-folder"]))
    #expect(broken.verdict([route]).status() == .invalidInput)
    #expect(broken.verdict([route]).status(items: false, unrouted: false) == .invalidInput)
    // Several shares: the most severe status wins, whatever the order.
    let accepted = try router.route(ShareInput(paths: [root + "/samples/photo.png"]))
    #expect(router.verdict([accepted, route]).status() == row.status)
    #expect(router.verdict([route, accepted]).status() == row.status)
  }
}
