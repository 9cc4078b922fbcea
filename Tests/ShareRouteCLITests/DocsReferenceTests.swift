import Foundation
import Testing

/// Every reference resolves: a `docs/…` file (and `#section`) cited in the code, the tests, the README
/// or the docs exists, and nothing cites what the repository does not hold (a design document or a
/// platform spec kept elsewhere, an issue number).
@Suite struct DocsReferenceTests {
  /// The files that may cite docs: sources, tests, the README, the docs, the scripts.
  static func citingFiles() throws -> [String] {
    var found: [String] = []
    let manager = FileManager.default
    for folder in ["Sources", "Tests", "docs", "corpus", ".ci", "bench", "hostile", "Fuzz/Sources"] {
      guard let walker = manager.enumerator(atPath: CLI.root + "/" + folder) else { continue }
      while let relative = walker.nextObject() as? String {
        let path = folder + "/" + relative
        guard [".swift", ".md", ".py", ".sh"].contains(where: path.hasSuffix), !path.contains("/.build/") else { continue }
        found.append(path)
      }
    }
    return found + ["README.md"]
  }

  /// GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens.
  static func slug(_ heading: String) -> String {
    String(heading.lowercased().compactMap { character -> Character? in
      if character == " " { return "-" }
      return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
    })
  }

  static func anchors(of file: String) throws -> Set<String> {
    let text = try String(contentsOfFile: CLI.root + "/" + file, encoding: .utf8)
    return Set(text.split(separator: "\n").filter { $0.hasPrefix("#") }.map { line in
      slug(String(line.drop { $0 == "#" }.drop { $0 == " " }))
    })
  }

  @Test func citedDocsAndSectionsExist() throws {
    let pattern = try NSRegularExpression(pattern: #"docs/([A-Za-z0-9_./-]+\.md)(#[a-z0-9_-]+)?"#)
    var missing: [String] = []
    var cited = 0
    for file in try Self.citingFiles() {
      let text = try String(contentsOfFile: CLI.root + "/" + file, encoding: .utf8)
      for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        guard let target = Range(match.range(at: 1), in: text) else { continue }
        let doc = "docs/" + text[target]
        cited += 1
        guard FileManager.default.fileExists(atPath: CLI.root + "/" + doc) else {
          missing.append("\(file): \(doc)")
          continue
        }
        if let anchor = Range(match.range(at: 2), in: text) {
          let name = String(text[anchor].dropFirst())
          if try !Self.anchors(of: doc).contains(name) { missing.append("\(file): \(doc)#\(name)") }
        }
      }
    }
    #expect(missing == [])
    #expect(cited > 20)
  }

  /// No citation of what is not in the repository.
  @Test func nothingCitesWhatTheRepositoryDoesNotHold() throws {
    let forbidden = try NSRegularExpression(pattern: #"DESIGN §|DESIGN's|specs/[a-z-]+\.(md|json)|\bissue [0-9]+|\.\./shared/"#)
    var found: [String] = []
    for file in try Self.citingFiles() where !file.hasSuffix("DocsReferenceTests.swift") && !file.hasPrefix("bench/RESULTS") {
      let text = try String(contentsOfFile: CLI.root + "/" + file, encoding: .utf8)
      for match in forbidden.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        guard let range = Range(match.range, in: text) else { continue }
        found.append("\(file): \(text[range])")
      }
    }
    #expect(found == [])
  }

  @Test(arguments: [
    ("1. libmagic, or the first bytes", "1-libmagic-or-the-first-bytes"), ("libmagic's answers", "libmagics-answers"),
    ("How share-route evaluates a dictionary rule", "how-share-route-evaluates-a-dictionary-rule"),
  ])
  func anchorsAreGitHubs(_ heading: String, _ anchor: String) {
    #expect(Self.slug(heading) == anchor)
  }
}
