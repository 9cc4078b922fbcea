import Foundation
import ShareRouteKit
import Testing

// A library user's view: this target depends on ShareRouteKit alone and imports nothing else, in
// Swift 6 language mode (strict concurrency). Every code block of the README's library section
// and of the DocC Getting Started article is here between markers, runs, and a test holds the
// documents to these lines (a file path is resolved against the repository instead of the
// working directory).

private let root = String(#filePath).components(separatedBy: "/Tests/").dropLast().joined(separator: "/Tests/")
private let repository = URL(fileURLWithPath: root + "/")

/// The documented examples print their answers, as a reader's program would; here `print` is this
/// file's own and writes nothing, so a test run prints only its results (the answers are checked
/// by the tests below).
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {}

@Suite struct DocumentedExamplesTests {
  static func routeAFile() throws -> Route {
    // block 1 begins
    let router = ShareRouter()  // the built-in default handler set
    let route = try router.route(files: [URL(fileURLWithPath: "samples/photo.jpg", relativeTo: repository)])
    print(route.pick ?? "nobody", route.accepted.map(\.id))
    // block 1 ends
    return route
  }

  static func yourOwnApps(_ file: URL) throws -> (ManifestSet, Route) {
    // block 2 begins
    let manifests = ShareRouter.loadManifests(["MyApp/"], includingBuiltin: true)
    for error in manifests.errors { print(error) }  // an id given twice names both files
    let mine = ShareRouter(manifests: manifests)
    let route = try mine.route(files: [file], reportedType: "text/plain", source: "chat")
    // block 2 ends
    return (manifests, route)
  }

  static func concurrent(_ router: ShareRouter, _ files: [URL]) async throws -> [Route] {
    // block 3 begins
    let routes = try await withThrowingTaskGroup(of: Route.self) { group in
      for file in files { group.addTask { try router.route(files: [file]) } }
      var routes: [Route] = []
      for try await route in group { routes.append(route) }
      return routes
    }
    // block 3 ends
    return routes
  }

  @Test func everyBlockRuns() async throws {
    let route = try Self.routeAFile()
    #expect(route.pick == "keep")
    let pdf = URL(fileURLWithPath: "samples/report.pdf", relativeTo: repository)
    let (manifests, mine) = try Self.yourOwnApps(pdf)
    #expect(manifests.errors.count == 1)  // MyApp/ is not here: an error of the set, never a throw
    #expect(mine.items.first?.type == "application/pdf")
    let files = ["photo.jpg", "report.pdf", "notes.txt"].map { URL(fileURLWithPath: "samples/" + $0, relativeTo: repository) }
    let routes = try await Self.concurrent(ShareRouter(), files)
    #expect(Set(routes.map { $0.items.first?.share.name ?? "" }) == ["photo.jpg", "report.pdf", "notes.txt"])
  }

  /// The lines of each block, as the documents show them.
  static func block(_ number: Int) throws -> [String] {
    let source = try String(contentsOfFile: #filePath, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    guard let begin = source.firstIndex(where: { $0.hasSuffix("// block \(number) begins") }),
      let end = source.firstIndex(where: { $0.hasSuffix("// block \(number) ends") })
    else { return [] }
    return source[(begin + 1)..<end].map {
      $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ", relativeTo: repository)", with: ")")
    }
  }

  @Test(arguments: [
    ("Sources/ShareRouteKit/ShareRouteKit.docc/GettingStarted.md", [1, 2, 3]),
    ("README.md", [1]),
  ])
  func theDocumentsShowTheseBlocks(_ document: String, _ blocks: [Int]) throws {
    let text = try String(contentsOfFile: root + "/" + document, encoding: .utf8)
    let shown = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    for number in blocks {
      let lines = try Self.block(number)
      #expect(!lines.isEmpty)
      // The whole block, in order, as consecutive lines of the document.
      let found = shown.indices.contains { start in
        start + lines.count <= shown.count && Array(shown[start..<(start + lines.count)]) == lines
      }
      #expect(found, "\(document) lacks block \(number): \(lines.joined(separator: " / "))")
    }
  }
}

/// Names as a library user meets them.
@Suite struct LibraryNamesTests {
  @Test func codesPrintAsTheirJSONStrings() {
    #expect("\(Reason.Code.noMatchType)" == "no-match-type")
    #expect("\(Reason.Area.ios)" == "ios")
    #expect("\(RouteProblem.Code.missing)" == "missing")
  }

  /// A decoded --accepted-only route says its refusals were not computed, not that nobody refused.
  @Test func notComputedIsNotNone() throws {
    let router = ShareRouter()
    let photo = URL(fileURLWithPath: "samples/photo.jpg", relativeTo: URL(fileURLWithPath: String(#filePath).components(separatedBy: "/Tests/")[0] + "/"))
    let omitted = try router.route(files: [photo], refusals: .omitted)
    let decoded = try JSONDecoder().decode(Route.self, from: Data(omitted.json(pretty: false).utf8))
    #expect(decoded.refusals == nil)
    let full = try JSONDecoder().decode(Route.self, from: Data(try router.route(files: [photo]).json(pretty: false).utf8))
    #expect(full.refusals?.isEmpty == false)
    // The pool is a pool: borrow a sniffer from it.
    #expect(try router.pool.withSniffer { try $0.item(url: photo, reportedType: nil) }.type == "image/jpeg")
  }
}
