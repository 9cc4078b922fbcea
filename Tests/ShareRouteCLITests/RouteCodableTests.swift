import Foundation
import ShareRouteKit
import ShareRouting
import Testing

/// `Route` is `Decodable` from share-route's own JSON (`docs/output.md#route-json`), which has one
/// writer: for every kind of route, the JSON (pretty or compact) decodes back to a route that
/// writes the same bytes again.
@Suite struct RouteCodableTests {
  static let router = ShareRouter()

  static func file(_ name: String) -> URL { URL(fileURLWithPath: CLI.root + "/samples/" + name) }

  static var files: [String] {
    let fixtures = (try? FileManager.default.contentsOfDirectory(atPath: CLI.root + "/samples/fixtures")) ?? []
    let signatures = (try? FileManager.default.contentsOfDirectory(atPath: CLI.root + "/samples/signatures")) ?? []
    return ["photo.jpg", "report.pdf", "notes.txt", "scan.txt", "contact.vcf", "event.ics"]
      + fixtures.sorted().map { "fixtures/" + $0 } + signatures.sorted().filter { !$0.hasSuffix(".tsv") }.map { "signatures/" + $0 }
  }

  static func sameJSON(_ route: Route, _ comment: Comment) throws {
    let compact = route.json(pretty: false)
    let pretty = route.json(pretty: true)
    for text in [compact, pretty] {
      let decoded = try JSONDecoder().decode(Route.self, from: Data(text.utf8))
      #expect(decoded.json(pretty: false) == compact, comment)
      #expect(decoded.json(pretty: true) == pretty, comment)
    }
  }

  @Test func everySampleAsItsOwnShare() throws {
    #expect(Self.files.count > 200)
    for (index, name) in Self.files.enumerated() {
      try Self.sameJSON(try Self.router.route(files: [Self.file(name)]), "\(name)")
      if index % 4 == 0 {  // the lying sender: corrected items and their reasons
        try Self.sameJSON(try Self.router.route(files: [Self.file(name)], reportedType: "text/plain"), "\(name) as text/plain")
      }
    }
  }

  @Test func routesOfEveryShape() throws {
    let shapes: [(String, Route)] = [
      ("several items", try Self.router.route(files: [Self.file("photo.jpg"), Self.file("cat.png")], texts: ["hi"])),
      ("a missing file", try Self.router.route(files: [Self.file("nowhere.jpg")], texts: ["hi"])),
      ("nothing usable", try Self.router.route(files: [Self.file("nowhere.jpg")])),
      ("accepted only", try Self.router.route(files: [Self.file("report.pdf")], refusals: .omitted)),
      ("a source's custom target", try Self.router.route(urls: ["https://example.com/a"], source: "chat")),
      ("ios only", try Self.router.route(files: [Self.file("photo.jpg")], platform: .ios)),
      ("declared", try Self.router.route(ShareInput(mimeTypes: ["image/png"], utis: ["public.url"]))),
    ]
    #expect(shapes.contains { $0.1.rejected.isEmpty == false })
    #expect(shapes.contains { $0.1.refusalsOmitted })
    #expect(shapes.contains { $0.1.accepted.contains { $0.reason == .custom } })
    #expect(shapes.contains { $0.1.intent == nil })
    #expect(shapes.contains { !$0.1.errors.isEmpty })
    for (name, route) in shapes { try Self.sameJSON(route, "\(name)") }
  }

  @Test func anotherSchemaVersionIsRefused() throws {
    var json = try Self.router.route(texts: ["hi"]).json(pretty: false)
    json = json.replacingOccurrences(of: #""schemaVersion":1"#, with: #""schemaVersion":2"#)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Route.self, from: Data(json.utf8)) }
  }
}
