import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `share-route matrix`: samples × handlers in text, Markdown and one
/// self-contained HTML page, each cell agreeing with the route of that sample alone.
@Suite struct MatrixCLITests {
  static let samples = ["samples/photo.jpg", "samples/report.pdf", "samples/notes.txt", "samples/contact.vcf"]

  /// Each sample's route (JSON, with every refusal) as the matrix must show it.
  static func routes(_ samples: [String]) throws -> [[String: Any]] {
    let result = try CLI.run(["route", "--each", "--json", "--explain"] + samples)
    return result.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  /// The handler ids in manifest order, from lint's JSON-free listing: the matrix's legend.
  static func handlerIDs(_ text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("  h"), let open = line.lastIndex(of: "("), line.hasSuffix(")") else { return nil }
      return String(line[line.index(after: open)..<line.index(before: line.endIndex)])
    }
  }

  /// Table cells of the HTML page, read with Foundation's XML parser (so the page is well formed).
  final class Cells: NSObject, XMLParserDelegate {
    var headers: [[String: String]] = []
    var rows: [[(attributes: [String: String], text: String)]] = []
    var forbidden: [String] = []
    private var inCell = false
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
      if ["script", "link", "img", "iframe", "object"].contains(name) || attributes["src"] != nil || attributes["href"] != nil {
        forbidden.append(name)
      }
      if name == "th" { headers.append(attributes) }
      if name == "tr", !headers.isEmpty { rows.append([]) }
      if name == "td" { rows[rows.count - 1].append((attributes, "")); inCell = true }
    }
    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
      if name == "td" { inCell = false }
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) {
      guard inCell, !rows.isEmpty, !rows[rows.count - 1].isEmpty else { return }
      let last = rows[rows.count - 1].count - 1
      rows[rows.count - 1][last].text += string
    }
  }

  @Test func htmlIsOneSelfContainedPageThatAgreesWithTheRoutes() throws {
    let result = try CLI.run(["matrix", "--format", "html"] + Self.samples)
    #expect(result.status == 0, "\(result.stderr)")
    let parser = XMLParser(data: Data(result.stdout.utf8))
    let cells = Cells()
    parser.delegate = cells
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    #expect(cells.forbidden.isEmpty)
    #expect(!result.stdout.contains("url(") && !result.stdout.contains("@import") && !result.stdout.contains("http"))
    let ids = cells.headers.dropFirst().compactMap { $0["title"] }
    #expect(ids.count == 18)
    let routes = try Self.routes(Self.samples)
    #expect(cells.rows.count == Self.samples.count)
    for (row, route) in zip(cells.rows, routes) {
      #expect(row.count == ids.count + 1)
      let accepted = (route["accepted"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
      let rejected = route["rejected"] as? [[String: Any]] ?? []
      for (cell, id) in zip(row.dropFirst(), ids) {
        if let rank = accepted.firstIndex(of: id) {
          #expect(cell.attributes["class"]?.hasPrefix("accepted") == true)
          #expect(cell.text == "✓ \(rank + 1)")
        } else {
          let refusal = try #require(rejected.first { $0["id"] as? String == id })
          let reasons = refusal["reasons"] as? [[String: Any]] ?? []
          #expect(cell.attributes["class"] == "refused")
          for reason in reasons {
            #expect(cell.attributes["title"]?.contains(reason["message"] as? String ?? "?") == true)
          }
          #expect(cell.text == "✗ \(reasons.first?["code"] as? String ?? "")")
        }
      }
    }
  }

  @Test func markdownAndTextHaveARowPerSampleAndACellPerHandler() throws {
    let markdown = try CLI.run(["matrix", "--format", "markdown"] + Self.samples)
    #expect(markdown.status == 0)
    let lines = markdown.stdout.split(separator: "\n")
    #expect(lines.count == Self.samples.count + 2)
    for line in lines where !line.hasPrefix("|---") {
      // Cells are separated by " | "; a "|" inside a value is escaped as "\|".
      #expect(line.replacingOccurrences(of: "\\|", with: "").components(separatedBy: " | ").count == 18 + 2)
    }
    let text = try CLI.run(["matrix"] + Self.samples)
    #expect(Self.handlerIDs(text.stdout).count == 18)
    #expect(text.stdout.split(separator: "\n").filter { $0.hasPrefix("samples/") }.count == Self.samples.count)
  }

  @Test func aDirectoryStandsForItsFiles() throws {
    let fixtures = try FileManager.default.contentsOfDirectory(atPath: CLI.root + "/samples/fixtures").filter { !$0.hasPrefix(".") }
    let result = try CLI.run(["matrix", "--format", "markdown", "samples/fixtures"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.split(separator: "\n").count == fixtures.count + 2)
  }

  /// A name that is markup in every format stays a value: the page parses, the table keeps its cells.
  @Test func namesAreEscapedInEveryFormat() throws {
    let directory = NSTemporaryDirectory() + "share-route-matrix-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let name = directory + "/a <b> & |c| [x](y) \u{1B}[31m.txt"
    try Data("hello\n".utf8).write(to: URL(fileURLWithPath: name))
    let html = try CLI.run(["matrix", "--format", "html", name])
    let parser = XMLParser(data: Data(html.stdout.utf8))
    #expect(parser.parse())
    #expect(!html.stdout.contains("\u{1B}"))
    let markdown = try CLI.run(["matrix", "--format", "markdown", name])
    let row = try #require(markdown.stdout.split(separator: "\n").last)
    #expect(row.replacingOccurrences(of: "\\|", with: "").components(separatedBy: " | ").count == 18 + 2)
    #expect(!markdown.stdout.contains("\u{1B}"))
    #expect(markdown.stdout.contains(#"\[x\](y)"#))  // no link: the brackets are escaped
  }

  @Test func anUnreadableSampleExits66AndTheOthersAreShown() throws {
    let result = try CLI.run(["matrix", "samples/photo.jpg", "samples/nowhere.jpg"])
    #expect(result.status == 66)
    #expect(result.stderr.contains("samples/nowhere.jpg: no such file"))
    #expect(result.stdout.contains("samples/photo.jpg"))
  }
}
