import Foundation
import Testing

@testable import ShareRouting

/// ``PlainYAML`` reads plain manifests without Yams; whenever it gives a tree, that tree must be
/// the one Yams's path gives (values, keys and every position), and where Yams finds an error it
/// must give none. These hold it to Yams on every YAML file of the repository, on damaged and
/// reindented variants of them, and on the cases of its subset's edges.
@Suite struct PlainYAMLTests {
  static let root = String(#filePath).components(separatedBy: "/Tests/").dropLast().joined(separator: "/Tests/")

  /// Every YAML file of the repository (manifests, samples, fixtures), by relative path: the
  /// folders that hold them, walked without the build folders.
  static let files: [String] = {
    var found: [String] = []
    for folder in ["manifests", "samples", "Fuzz/seeds", "corpus", "Tests"] {
      let base = URL(fileURLWithPath: root + "/" + folder)
      guard let walk = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
      for case let url as URL in walk {
        let path = folder + "/" + String(url.path.dropFirst(base.path.count + 1))
        if path.hasSuffix(".yaml") || path.hasSuffix(".yml") { found.append(path) }
      }
    }
    return found.sorted()
  }()

  static func text(_ path: String) -> String? {
    guard let data = FileManager.default.contents(atPath: root + "/" + path), data.count <= 1 << 20 else { return nil }
    return String(data: data, encoding: .utf8)
  }

  /// What Yams's path gives: the tree, or `nil` for an error or an empty document.
  static func yams(_ text: String) -> ConfigNode? {
    (try? ConfigParser.parseWithYams(text)) ?? nil
  }

  /// The difference between the two readers on a text, or `nil` when they agree.
  static func disagreement(_ text: String) -> String? {
    guard let plain = PlainYAML.parse(text) else { return nil }
    guard let expected = yams(text) else { return "Yams refuses it, PlainYAML reads it" }
    return plain == expected ? nil : "trees differ:\nPlainYAML \(plain)\nYams      \(expected)"
  }

  @Test func theRepositoryHasYAMLFiles() {
    #expect(Self.files.count >= 30, "\(Self.files.count) files")
  }

  @Test(arguments: files) func everyRepositoryFileReadsAsYamsReadsIt(_ path: String) throws {
    let text = try #require(Self.text(path))
    #expect(Self.disagreement(text) == nil, "\(path)")
  }

  /// The default handler set is plain YAML: every file of it is read without Yams, so the fast
  /// path is the one people's manifests take.
  @Test func plainManifestsAreReadWithoutYams() throws {
    let manifests = Self.files.filter { $0.hasPrefix("manifests/") }
    #expect(manifests.count >= 15)
    for path in manifests {
      #expect(PlainYAML.parse(try #require(Self.text(path))) != nil, "\(path)")
    }
  }

  /// Variants of each repository file: cut at every line, every line removed, indented one space
  /// more or less, given a trailing comment or trailing spaces, a tab put in. Many are errors or
  /// other trees; the readers must still agree on each.
  @Test(arguments: files) func variantsReadAsYamsReadsThem(_ path: String) throws {
    let text = try #require(Self.text(path))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.count <= 400 else { return }
    var variants: [String] = []
    for index in lines.indices {
      variants.append(lines[..<index].joined(separator: "\n"))
      var removed = lines
      removed.remove(at: index)
      variants.append(removed.joined(separator: "\n"))
      for change in [" " + lines[index], String(lines[index].dropFirst()), lines[index] + " # note", lines[index] + "  ",
        lines[index].replacingOccurrences(of: ": ", with: ":\t"), lines[index].replacingOccurrences(of: "\"", with: "'")]
      {
        var changed = lines
        changed[index] = change
        variants.append(changed.joined(separator: "\n"))
      }
    }
    var differ: [String] = []
    for variant in variants {
      if let problem = Self.disagreement(variant) { differ.append(problem + "\n--- text:\n" + variant) }
    }
    #expect(differ.isEmpty, "\(path): \(differ.count) of \(variants.count) variants differ; first: \(differ.first ?? "")")
  }

  /// The edges of the subset: each text, whether PlainYAML reads it, and (when it does) that it
  /// reads it as Yams does.
  @Test(arguments: [
    ("id: a\nlabel: PDF Viewer\norder: 3", true),
    ("a: 'it''s'\nb: \"x\\ty\\\"z\\\\\"", true),
    ("a: [1, 2.5, yes, ~, \"s\", 'q', image/*]", true),
    ("a: []\nb: [ x ]", true),
    ("a:\n- x\n- y\nb: 1", true),
    ("a:\n  - k: v\n    l: w\n  - m\n  -   n: 1\n      o: [p]", true),
    ("label: Ålbum # comment\nx: [ü, \"ö\"]\ny: 日本語 text", true),
    ("# head\n\na:   b   # c\n  # indented comment\nc: d#e", true),
    ("a:\n  b:\n    c: -1\n    d: 0x1F\n  e: off", true),
    ("a: b: c", false),
    ("a: &x 1\nb: *x", false),
    ("a: >\n  folded\n  lines\n    more\n  end\nb: 1", true),
    ("a: >-\n  folded\n  lines", true),
    ("a: |\n  literal\n   lines  \n# comment\nb: |-\n  x\n", true),
    ("a:\n  - k: >\n      in a list\n  - |\n    literal", true),
    ("a: >\n  folded\n\n  gap", false),
    ("a: >+\n  kept", false),
    ("a: >2\n  indicated", false),
    ("a: > # c\n  commented", false),
    ("a: >\nb: 1", false),
    ("a:", false),
    ("a:\nb: 1", false),
    ("a: 1\na: 2", false),
    ("a: [x,\n  y]", false),
    ("a:\tb", false),
    ("- a\n- b", false),
    ("a: plain\n  continued", false),
    ("a: \"open\n  quote\"", false),
    ("a: {b: c}", false),
    ("a: !!str 1", false),
    ("---\na: 1", false),
    ("a: [b, c,]", false),
    ("\u{FEFF}a: 1", false),
    ("a: 1\r\nb: 2", false),
    ("\"a\": 1", false),
    ("a: \"\\u00e9\"", false),
    ("  a: 1\nb: 2", false),
    ("a:\n  - x\n  y: 1", false),
    ("@a: 1", false),
    // Found by review against libyaml: a line of spaces deeper than a block after a gap is text
    // there; NEL, LS and PS are line breaks to libyaml.
    ("a:\n  desc: >-\n    Opens files\n\n      \n  id: x\n", false),
    ("k: |\n  a\n\n   \nj: x\n", false),
    ("k: |\n  a\n\n  \nj: x\n", true),
    ("k: a\u{85}b\n", false),
    ("k: a\u{2028}\nj: b\n", false),
    ("# x\u{2029}# y\nk: v\n", false),
    ("k: 'a\u{85}b'\n", false),
  ]) func subsetEdges(_ text: String, _ plain: Bool) {
    #expect((PlainYAML.parse(text) != nil) == plain, "\(text.debugDescription)")
    #expect(Self.disagreement(text) == nil, "\(text.debugDescription)")
  }

  /// A key written twice is left to Yams in a small mapping (searched) and a large one (a set).
  @Test(arguments: [3, 15, 16, 17, 40]) func repeatedKeysAreLeftToYams(_ count: Int) {
    let keys = (0..<count).map { "k\($0): \($0)" }
    #expect(PlainYAML.parse(keys.joined(separator: "\n")) != nil)
    #expect(PlainYAML.parse((keys + ["k0: again"]).joined(separator: "\n")) == nil)
    #expect(PlainYAML.parse((keys + ["k\(count - 1): again"]).joined(separator: "\n")) == nil)
    #expect(Self.disagreement(keys.joined(separator: "\n")) == nil)
  }

  /// Nesting and size bounds are Yams's path's: at the bound PlainYAML leaves the text to Yams,
  /// which reports it.
  @Test func boundsAreLeftToYams() {
    var deep = ""
    for level in 0..<70 { deep += String(repeating: " ", count: level) + "k\(level):\n" }
    deep += String(repeating: " ", count: 70) + "v: 1"
    #expect(PlainYAML.parse(deep) == nil)
    #expect(throws: ConfigSyntaxError.self) { try ConfigParser.parseYAML(deep) }
    // A block scalar at the bound, as a value and as a list item.
    let nested = (0..<63).map { String(repeating: " ", count: $0) + "k\($0):\n" }.joined()
    let deepBlock = nested + String(repeating: " ", count: 63) + "v: |\n" + String(repeating: " ", count: 64) + "x\n"
    #expect(PlainYAML.parse(deepBlock) == nil)
    #expect(throws: ConfigSyntaxError.self) { try ConfigParser.parseYAML(deepBlock) }
    let deepItem = nested + String(repeating: " ", count: 63) + "- |\n" + String(repeating: " ", count: 65) + "x\n"
    #expect(PlainYAML.parse(deepItem) == nil)
    #expect(Self.disagreement(deepItem) == nil)
    // libyaml's simple keys end at 1,024 characters.
    for length in [1_024, 1_025] {
      let key = String(repeating: "a", count: length)
      for text in [key + ": 1\n", "x: 1\n" + key + ": 1\n", "k:\n- " + key + ": 1\n"] {
        #expect((PlainYAML.parse(text) != nil) == (length == 1_024), "\(length)")
        #expect(Self.disagreement(text) == nil, "\(length)")
      }
    }
    let wide = "a: [" + Array(repeating: "1", count: ConfigParser.maxValues + 1).joined(separator: ", ") + "]"
    #expect(PlainYAML.parse(wide) == nil)
  }
}
