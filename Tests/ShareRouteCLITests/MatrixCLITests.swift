import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `share-route matrix`: shares × handlers in text, Markdown and one self-contained HTML page,
/// columns grouped by platform, each cell agreeing with the route of that share alone on that
/// platform, and with the per-platform order of the route over every rule.
@Suite struct MatrixCLITests {
  static let samples = ["samples/photo.jpg", "samples/report.pdf", "samples/notes.txt", "samples/contact.vcf"]
  /// The default rows after the samples (the command's `defaultText` and `defaultURL`).
  static let defaultShares = [["--text", "Hello from share-route"], ["--url", "https://example.com/"]]

  /// Each row's route on one platform (JSON, with every refusal) as the matrix must show it:
  /// the samples one by one, then the default text and link.
  static func routes(_ samples: [String], platform: String) throws -> [[String: Any]] {
    let result = try CLI.run(["route", "--each", "--json", "--explain", "--platform", platform] + samples)
    var routes = result.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    for share in defaultShares {
      routes.append(try CLI.json(["route", "--explain", "--platform", platform] + share).1)
    }
    return routes
  }

  /// Each handler's platforms, in manifest order, from lint's JSON.
  static func handlerPlatforms() throws -> [(id: String, platforms: [String])] {
    let (_, lint) = try CLI.json(["lint"])
    return (lint["handlerList"] as? [[String: Any]] ?? []).map {
      ($0["id"] as? String ?? "", $0["platforms"] as? [String] ?? [])
    }
  }

  /// The handler ids of the text legend, by platform heading.
  static func legend(_ text: String) -> [String: [String]] {
    var result: [String: [String]] = [:]
    var heading = ""
    for line in text.split(separator: "\n") {
      if line.hasSuffix(" handlers:") { heading = String(line.dropLast(" handlers:".count)); continue }
      guard line.hasPrefix("  "), let open = line.lastIndex(of: "("), line.hasSuffix(")") else { continue }
      result[heading, default: []].append(String(line[line.index(after: open)..<line.index(before: line.endIndex)]))
    }
    return result
  }

  /// Table cells of the HTML page, read with Foundation's XML parser (so the page is well formed).
  final class Cells: NSObject, XMLParserDelegate {
    var headers: [[String: String]] = []
    var rows: [[(attributes: [String: String], text: String)]] = []
    var forbidden: [String] = []
    private var inCell = false
    private var inBody = false
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
      if ["script", "link", "img", "iframe", "object"].contains(name) || attributes["src"] != nil || attributes["href"] != nil {
        forbidden.append(name)
      }
      if name == "th" { headers.append(attributes) }
      if name == "tbody" { inBody = true }
      if name == "tr", inBody { rows.append([]) }
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

  /// Without operands outside a project with samples/: a usage error saying what to pass (as
  /// check's), not a row for a folder that is not there.
  @Test func withoutSamplesMatrixSaysWhatToPass() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("share-route-matrix-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try CLI.run(["matrix"], in: directory)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix(
      "share-route: error: no sample given, and there is no samples/ folder here: give files or folders (share-route matrix PATH...)\nUsage: share-route matrix "))
    // A text alone is a matrix of its own.
    let text = try CLI.run(["matrix", "--text", "hi"], in: directory)
    #expect(text.status == 0)
    #expect(!text.stdout.contains("samples"))
  }

  @Test func htmlIsOneSelfContainedPageThatAgreesWithTheRoutesOfEachPlatform() throws {
    let result = try CLI.run(["matrix", "--format", "html"] + Self.samples)
    #expect(result.status == 0, "\(result.stderr)")
    let parser = XMLParser(data: Data(result.stdout.utf8))
    let cells = Cells()
    parser.delegate = cells
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    #expect(cells.forbidden.isEmpty)
    #expect(!result.stdout.contains("url(") && !result.stdout.contains("@import") && !result.stdout.contains("http:"))
    // The header: the sample, one heading per platform spanning its columns, then the columns.
    let handlers = try Self.handlerPlatforms()
    let expected = ["android", "ios"].map { platform in (platform, handlers.filter { $0.platforms.contains(platform) }.map(\.id)) }
    let groups = cells.headers.filter { $0["class"]?.hasPrefix("platform ") == true }
    #expect(groups.map { $0["class"] } == ["platform android", "platform ios"])
    #expect(groups.map { Int($0["colspan"] ?? "") } == expected.map { $0.1.count })
    let columns = cells.headers.filter { $0["title"] != nil }
    #expect(columns.compactMap { $0["title"] } == expected.flatMap(\.1))
    #expect(columns.map { $0["class"]?.split(separator: " ").first.map(String.init) } == expected.flatMap { group in group.1.map { _ in group.0 } })
    // Every row: a sample, then the default text and link, each cell as that platform's route says.
    let all = try Self.routes(Self.samples, platform: "all")
    #expect(cells.rows.count == Self.samples.count + Self.defaultShares.count)
    var offset = 0
    for (platform, ids) in expected {
      let routes = try Self.routes(Self.samples, platform: platform)
      #expect(routes.count == cells.rows.count)
      for ((row, route), whole) in zip(zip(cells.rows, routes), all) {
        #expect(row.count == columns.count + 1)
        let accepted = (route["accepted"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        // The platform's order in the route over every rule is the same list.
        #expect((whole["orders"] as? [String: [String]])?[platform] == accepted, "\(platform) \(row.first?.text ?? "")")
        let rejected = route["rejected"] as? [[String: Any]] ?? []
        for (cell, id) in zip(row.dropFirst(1 + offset), ids) {
          #expect(cell.attributes["class"]?.split(separator: " ").contains(Substring(platform)) == true)
          if let rank = accepted.firstIndex(of: id) {
            #expect(cell.attributes["class"]?.hasPrefix("accepted") == true)
            #expect(cell.text == "✓ \(rank + 1)")
            #expect(cell.attributes["class"]?.contains("pick") == (rank == 0))
          } else {
            let refusal = try #require(rejected.first { $0["id"] as? String == id }, "\(platform) \(id)")
            let reasons = refusal["reasons"] as? [[String: Any]] ?? []
            #expect(cell.attributes["class"]?.hasPrefix("refused") == true)
            for reason in reasons {
              #expect(cell.attributes["title"]?.contains(reason["message"] as? String ?? "?") == true)
            }
            #expect(cell.text == "✗ \(reasons.first?["code"] as? String ?? "")")
          }
        }
      }
      offset += ids.count
    }
  }

  @Test func markdownAndTextHaveARowPerShareAndACellPerHandlerAndPlatform() throws {
    let handlers = try Self.handlerPlatforms()
    let android = handlers.filter { $0.platforms.contains("android") }.map(\.id)
    let ios = handlers.filter { $0.platforms.contains("ios") }.map(\.id)
    let markdown = try CLI.run(["matrix", "--format", "markdown"] + Self.samples)
    #expect(markdown.status == 0)
    let lines = markdown.stdout.split(separator: "\n")
    #expect(lines.count == Self.samples.count + Self.defaultShares.count + 2)
    for line in lines where !line.hasPrefix("|---") {
      // Cells are separated by " | "; a "|" inside a value is escaped as "\|".
      #expect(line.replacingOccurrences(of: "\\|", with: "").components(separatedBy: " | ").count == android.count + ios.count + 2)
    }
    let header = lines[0].components(separatedBy: " | ").dropFirst(2)
    #expect(header.map { $0.hasPrefix("Android: ") } == android.map { _ in true } + ios.map { _ in false })
    #expect(header.filter { $0.hasPrefix("iOS: ") }.count == ios.count)
    let text = try CLI.run(["matrix"] + Self.samples)
    #expect(Self.legend(text.stdout) == ["Android": android, "iOS": ios])
    let header2 = try #require(text.stdout.split(separator: "\n").first).split(separator: " ")
    #expect(header2.filter { $0.hasPrefix("a") && Int($0.dropFirst()) != nil }.count == android.count)
    #expect(header2.filter { $0.hasPrefix("i") && Int($0.dropFirst()) != nil }.count == ios.count)
    #expect(text.stdout.split(separator: "\n").filter { $0.hasPrefix("samples/") }.count == Self.samples.count)
  }

  /// The rows after the samples: the default text and link, those asked for instead, or none.
  @Test(arguments: [
    (["--files-only"], [String]()),
    ([], ["text 'Hello from share-route'", "link https://example.com/"]),
    (["--text", "hi", "--text", "two words"], ["text 'hi'", "text 'two words'"]),
    (["--url", "https://example.org/a"], ["link https://example.org/a"]),
    (["--text", "hi", "--url", "https://example.org/a", "--files-only"], ["text 'hi'", "link https://example.org/a"]),
  ])
  func textAndLinkRows(arguments: [String], rows: [String]) throws {
    let result = try CLI.run(["matrix", "--format", "markdown"] + arguments + ["samples/photo.jpg"])
    #expect(result.status == 0, "\(result.stderr)")
    let names = result.stdout.split(separator: "\n").dropFirst(2).map { line in
      String(line.dropFirst(2).components(separatedBy: " | ")[0])
    }
    #expect(names == ["samples/photo.jpg"] + rows.map { $0.replacingOccurrences(of: "_", with: "\\_") })
  }

  @Test func anInvalidURLExits65AndTheOtherRowsAreShown() throws {
    let result = try CLI.run(["matrix", "--url", "ftp://example.org/x", "--text", "hi", "samples/photo.jpg"])
    #expect(result.status == 65)
    #expect(result.stderr == "share-route: error: items[0]: 'ftp://example.org/x' is not an http or https URL (share other text as a text item)\n")
    #expect(result.stdout.contains("samples/photo.jpg") && result.stdout.contains("text 'hi'"))
  }

  /// Under a directory operand: build folders left out by default, `--include` / `--exclude` by
  /// name or by path below the operand.
  @Test(arguments: [
    ([], ["papers/deep/note.md", "papers/readme.txt", "photo.jpg"]),
    (["--no-default-excludes"], ["build/out.jpg", "papers/deep/note.md", "papers/readme.txt", "node_modules/m/x.txt", "photo.jpg", "Pods/P/y.txt"]),
    (["--exclude", "papers"], ["photo.jpg"]),
    (["--exclude", "papers/"], ["photo.jpg"]),
    (["--exclude", "*.txt"], ["papers/deep/note.md", "photo.jpg"]),
    (["--exclude", "papers/deep/*"], ["papers/readme.txt", "photo.jpg"]),
    (["--include", "*.jpg"], ["photo.jpg"]),
    (["--include", "*.jpg", "--no-default-excludes"], ["build/out.jpg", "photo.jpg"]),
    (["--include", "papers/*"], ["papers/deep/note.md", "papers/readme.txt"]),
    (["--include", "*.md", "--include", "*.jpg", "--exclude", "deep"], ["photo.jpg"]),
  ])
  func directoriesAreFilteredLikeRipgrep(arguments: [String], expected: [String]) throws {
    let directory = NSTemporaryDirectory() + "share-route-matrix-walk-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let files = ["photo.jpg", "build/out.jpg", "node_modules/m/x.txt", "Pods/P/y.txt", "papers/readme.txt", "papers/deep/note.md"]
    for file in files {
      let path = directory + "/tree/" + file
      try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: CLI.root + (file.hasSuffix(".jpg") ? "/samples/photo.jpg" : "/samples/notes.txt"), toPath: path)
    }
    let result = try CLI.run(["matrix", "--format", "markdown", "--files-only"] + arguments + ["tree"], in: directory)
    #expect(result.status == 0, "\(result.stderr)")
    let names = result.stdout.split(separator: "\n").dropFirst(2).map { line in
      String(line.dropFirst(2).components(separatedBy: " | ")[0]).replacingOccurrences(of: "\\_", with: "_")
    }
    #expect(names == expected.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { "tree/" + $0 })
  }

  @Test func aDirectoryStandsForItsFiles() throws {
    let fixtures = try FileManager.default.contentsOfDirectory(atPath: CLI.root + "/samples/fixtures").filter { !$0.hasPrefix(".") }
    let result = try CLI.run(["matrix", "--format", "markdown", "--files-only", "samples/fixtures"])
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
    let row = try #require(markdown.stdout.split(separator: "\n").dropFirst(2).first)
    let columns = try Self.handlerPlatforms().map(\.platforms.count).reduce(0, +)
    #expect(row.replacingOccurrences(of: "\\|", with: "").components(separatedBy: " | ").count == columns + 2)
    #expect(!markdown.stdout.contains("\u{1B}"))
    #expect(markdown.stdout.contains(#"\[x\](y)"#))  // no link: the brackets are escaped
  }

  @Test func anUnreadableSampleExits66AndTheOthersAreShown() throws {
    let result = try CLI.run(["matrix", "samples/photo.jpg", "samples/nowhere.jpg"])
    #expect(result.status == 66)
    #expect(result.stderr == "share-route: error: samples/nowhere.jpg: no such file\n")
    #expect(result.stdout.contains("samples/photo.jpg"))
  }
}
