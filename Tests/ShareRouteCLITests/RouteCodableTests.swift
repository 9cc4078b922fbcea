import Foundation
import ShareRouteKit
import ShareRouting
import Testing

/// `Route` is `Codable` as share-route's own JSON (`docs/output.md#route-json`), which has one
/// writer: for every kind of route, the JSON (pretty or compact) decodes back to a route that
/// writes the same bytes again, and `JSONEncoder` writes the document the command prints.
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

  /// A JSON document with its keys sorted and nothing escaped that need not be: the form in
  /// which two writers' documents are compared byte for byte.
  static func canonical(_ data: Data) throws -> String {
    let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    let sorted = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
    return String(decoding: sorted, as: UTF8.self)
  }

  /// `JSONEncoder` writes, for a route and for each of its parts, the document the built binary
  /// prints for the same share (keys sorted on both sides: Foundation's encoder reorders them).
  @Test(arguments: [
    ["samples/photo.jpg"], ["--reported-type", "text/plain", "samples/report.pdf"],
    ["samples/photo.jpg", "samples/cat.png", "--text", "hi \u{2028} \"quoted\" a/b"], ["samples/nowhere.jpg", "--url", "https://example.com/a"],
    ["--source", "chat", "--url", "https://example.com/a"], ["--platform", "ios", "samples/clip.mp4"],
    ["--type", "image/png", "--uti", "public.url"], ["--accepted-only", "samples/notes.txt"],
  ])
  func encoderWritesWhatTheCommandPrints(_ arguments: [String]) throws {
    let printed = try CLI.run(arguments + ["--json"])
    #expect([0, 1, 66].contains(printed.status))
    let cli = try JSONSerialization.jsonObject(with: Data(printed.stdout.utf8)) as? [String: Any]
    let route = try JSONDecoder().decode(Route.self, from: Data(printed.stdout.utf8))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    #expect(try Self.canonical(encoder.encode(route)) == Self.canonical(Data(printed.stdout.utf8)))
    // Each part as the route holds it.
    let members = try #require(cli)
    for (index, item) in route.items.enumerated() {
      let shown = try #require((members["items"] as? [Any])?[index])
      #expect(try Self.canonical(encoder.encode(item)) == Self.canonical(JSONSerialization.data(withJSONObject: shown)))
      let share = try #require((shown as? [String: Any])?["share"])
      #expect(try Self.canonical(encoder.encode(item.share)) == Self.canonical(JSONSerialization.data(withJSONObject: share)))
    }
    for (index, rejection) in route.rejected.enumerated() {
      let shown = try #require((members["rejected"] as? [Any])?[index])
      #expect(try Self.canonical(encoder.encode(rejection)) == Self.canonical(JSONSerialization.data(withJSONObject: shown)))
    }
    for (index, problem) in route.errors.enumerated() {
      let shown = try #require((members["errors"] as? [Any])?[index])
      #expect(try Self.canonical(encoder.encode(problem)) == Self.canonical(JSONSerialization.data(withJSONObject: shown)))
    }
    for handler in route.accepted {
      // A handler alone names its items only when it receives part of the share.
      let again = try JSONDecoder().decode(HandlerSummary.self, from: encoder.encode(handler))
      #expect(again == handler)
    }
    #expect(try JSONDecoder().decode(Route.self, from: encoder.encode(route)).json(pretty: false) == route.json(pretty: false))
  }
}
