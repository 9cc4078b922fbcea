import Testing
import Yams

@testable import ShareRouting

/// Manifests are parsed with Yams's basic resolver and typed by ``YAMLScalars``; these hold that
/// typing to Yams's default resolver (its regular expressions) on every short scalar of the
/// characters its rules look at and on thousands of longer ones.
@Suite struct YAMLScalarsTests {
  /// The kind Yams's default resolver gives a plain scalar, or `nil` when `text` is not one.
  static func yamsKind(_ text: String) -> YAMLScalars.Kind? {
    guard let node = try? Yams.compose(yaml: "v: " + text), case .scalar(let scalar)? = node["v"],
      scalar.style == .plain, scalar.string == text
    else { return nil }
    switch node["v"]?.tag.rawValue {
    case Tag.Name.bool.rawValue: return node["v"]?.bool.map(YAMLScalars.Kind.bool)
    case Tag.Name.int.rawValue: return .int
    case Tag.Name.float.rawValue: return .float
    case Tag.Name.null.rawValue: return .null
    default: return .string
    }
  }

  static let alphabet = Array("019_+-.:eExbo8aAfinNIlTtrusyO~<= ")

  /// Every string of up to three characters of ``alphabet``, and the words of the rules.
  static let short: [String] = {
    var all = [""]
    var level = [""]
    for _ in 0..<3 {
      level = level.flatMap { prefix in alphabet.map { prefix + String($0) } }
      all += level
    }
    return all + [
      "yes", "No", "TRUE", "off", "On", "y", "n", "null", "Null", "NULL", "~", ".inf", "-.Inf", "+.INF", ".nan", ".NaN",
      "0x1F", "0o17", "017", "0b101", "1_000", "190:20:30", "1:5", "1:60", "1:123", "-1:30", "0:30", "1.5e+3", "1.5e3",
      ".5e+3", ".5e3", "1:30.5", "0:30.5", "+1:30.", "6.8523015e+5", "685.230_15e+03", "685_230.15", "12e03",
      "2001-12-14", "<<", "=", "0.", "-0", "+0", "0x", "0b", "0o", "._", "1__", "1:5:7", "1:5:", "12:345",
    ]
  }()

  @Test func shortScalarsAreTypedAsYamsTypesThem() {
    var checked = 0
    var differ: [String] = []
    for text in Self.short {
      guard let expected = Self.yamsKind(text) else { continue }
      checked += 1
      if YAMLScalars.kind(text) != expected { differ.append("\(text.debugDescription): Yams \(expected), ours \(YAMLScalars.kind(text))") }
    }
    #expect(differ.isEmpty, "\(differ.prefix(40).joined(separator: "\n"))")
    #expect(checked > 20_000, "checked \(checked)")
  }

  /// Longer random scalars of the same characters (a fixed seed).
  @Test func longerScalarsAreTypedAsYamsTypesThem() {
    var state: UInt64 = 0x5EED
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33)
    }
    var differ: [String] = []
    var checked = 0
    let digits = Array("0123456789_:.eE+-")
    for _ in 0..<20_000 {
      let pool = next() % 3 == 0 ? Self.alphabet : digits
      let text = String((0..<(4 + next() % 8)).map { _ in pool[next() % pool.count] })
      guard let expected = Self.yamsKind(text) else { continue }
      checked += 1
      if YAMLScalars.kind(text) != expected { differ.append("\(text.debugDescription): Yams \(expected), ours \(YAMLScalars.kind(text))") }
    }
    #expect(differ.isEmpty, "\(differ.prefix(40).joined(separator: "\n"))")
    #expect(checked > 10_000, "checked \(checked)")
  }

  /// Quoted scalars and explicit tags are not typed again: `"yes"` and `!!str 5` stay strings.
  @Test(arguments: [
    ("k: \"yes\"", ConfigNode.Value.string("yes")), ("k: '5'", .string("5")), ("k: !!str 5", .string("5")),
    ("k: yes", .bool(true)), ("k: 5", .integer(5)), ("k: 1.5", .real(1.5)), ("k: ~", .null), ("k: 0x1F", .string("0x1F")),
    ("k: !!int 7", .integer(7)), ("k: 1:30", .string("1:30")),
  ])
  func taggedAndQuotedScalars(yaml: String, expected: ConfigNode.Value) throws {
    let node = try #require(try ConfigParser.parseYAML(yaml))
    guard case .object(let members) = node.value else { Issue.record("not an object"); return }
    #expect(members.first.map { String(describing: $0.value.value) } == String(describing: expected))
  }
}
