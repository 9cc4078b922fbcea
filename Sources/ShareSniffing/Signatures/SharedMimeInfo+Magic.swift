#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// shared-mime-info's content rules (`<magic>` and `<root-XML>`), generated from the database
/// (`SharedMimeInfo+Table.swift`) and matched as the specification says: a `<magic>` block
/// matches when one of its top-level matches does, and a match holds when its value (under its
/// mask) is found at one of its offsets and, if it has nested matches, one of them holds too.
/// Of every block that matches, the one with the highest priority names the type (ties: the
/// order `update-mime-database` sorts them in, by type name).
///
/// Source: the Shared MIME-info Database specification, "Magic rules" and "XML namespaces";
/// `update-mime-database`'s `cmp_magic`.
extension SharedMimeInfo {
  /// One `<match>`: bytes (under a mask) at any offset of a range, and the nested matches.
  struct MagicMatch: Sendable {
    let start: Int
    let end: Int
    let value: [UInt8]
    let mask: [UInt8]
    var children: [MagicMatch] = []

    /// Whether the match, and one of its nested matches if it has any, holds on `data`.
    func holds(on data: UnsafeBufferPointer<UInt8>) -> Bool {
      guard found(in: data) else { return false }
      return children.isEmpty || children.contains { $0.holds(on: data) }
    }

    private func found(in data: UnsafeBufferPointer<UInt8>) -> Bool {
      let count = value.count
      guard count > 0, start >= 0, start + count <= data.count, let base = data.baseAddress else { return false }
      let last = min(end, data.count - count)
      guard last >= start else { return false }
      return value.withUnsafeBufferPointer { value in
        guard let pattern = value.baseAddress else { return false }
        if mask.isEmpty {
          // Find the first byte with memchr, then compare the rest.
          var offset = start
          while offset <= last {
            guard let hit = memchr(base + offset, Int32(pattern[0]), last - offset + 1) else { return false }
            offset = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
            if memcmp(pattern, base + offset, count) == 0 { return true }
            offset += 1
          }
          return false
        }
        for offset in start...last {
          var equal = true
          for index in 0..<count where (base[offset + index] & mask[index]) != (pattern[index] & mask[index]) {
            equal = false
            break
          }
          if equal { return true }
        }
        return false
      }
    }
  }

  /// The `<magic>` blocks of one type at one priority.
  struct MagicRule: Sendable {
    let type: String
    let priority: Int
    var matches: [MagicMatch]

    /// Whether one of the top-level matches holds.
    func holds(on data: UnsafeBufferPointer<UInt8>) -> Bool { matches.contains { $0.holds(on: data) } }
  }

  /// Every rule, highest priority first (ties by type name, as `update-mime-database` writes them).
  static let magicRules: [MagicRule] = {
    var rules: [MagicRule] = []
    // The last match at each depth, as a path of indexes into the rule being built.
    var path: [Int] = []
    rows(magicRows, fields: 7) { fields in
      guard let priority = Int(fields[1]), let depth = Int(fields[2]), let start = Int(fields[3]),
        let end = Int(fields[4])
      else { return }
      let type = fields[0]
      let match = MagicMatch(start: start, end: end, value: hexBytes(fields[5]), mask: hexBytes(fields[6]))
      if depth == 0 {
        if let last = rules.last, last.type == type, last.priority == priority {
          rules[rules.count - 1].matches.append(match)
        } else {
          rules.append(MagicRule(type: type, priority: priority, matches: [match]))
        }
        path = [rules[rules.count - 1].matches.count - 1]
      } else if depth <= path.count {
        path.removeLast(path.count - depth)
        path.append(insert(match, into: &rules[rules.count - 1].matches, at: path))
      }
    }
    return rules.enumerated().sorted {
      ($0.element.priority, $1.element.type, $1.offset) > ($1.element.priority, $0.element.type, $0.offset)
    }.map(\.element)
  }()

  /// Appends `match` as a child of the match at `path`, returning its index there.
  private static func insert(_ match: MagicMatch, into matches: inout [MagicMatch], at path: [Int]) -> Int {
    guard let first = path.first, first < matches.count else { return 0 }
    if path.count == 1 {
      matches[first].children.append(match)
      return matches[first].children.count - 1
    }
    return insert(match, into: &matches[first].children, at: Array(path.dropFirst()))
  }

  private static func hexBytes(_ text: String) -> [UInt8] {
    guard text != "-" else { return [] }
    let digits = Array(text.utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    func value(_ digit: UInt8) -> UInt8 { digit <= 0x39 ? digit &- 0x30 : (digit | 0x20) &- 0x61 &+ 10 }
    var index = 0
    while index + 1 < digits.count {
      bytes.append(value(digits[index]) << 4 | value(digits[index + 1]))
      index += 2
    }
    return bytes
  }

  /// The rules of each type (its own `<magic>` blocks).
  private static let rulesByType: [String: [MagicRule]] = Dictionary(grouping: magicRules, by: \.type)

  /// The highest-priority rule that holds on a file's head and names a type more specific than
  /// `answer` — a text type for `text/plain`, a binary one for `application/octet-stream`, else
  /// a kind of `answer` — within the priority range; or `nil`.
  static func refinement(of answer: String, head: [UInt8], priorities: ClosedRange<Int>) -> MagicRule? {
    guard let rules = refiningRules[answer] else { return nil }
    return head.withUnsafeBufferPointer { data in
      rules.first { priorities.contains($0.priority) && $0.holds(on: data) }
    }
  }

  /// Whether a type's content is text as far as the database's rules say: a kind of `text/plain`,
  /// or a type whose rules are printable text (PEM certificates and keys).
  static func isTextual(_ type: String) -> Bool {
    isText(type) || textualTypes.contains(unaliased(type))
  }

  private static let textualTypes: Set<String> = Set((refiningRules["text/plain"] ?? []).map(\.type))

  /// For each answer rules may refine, the rules that name a more specific type, highest priority
  /// first (which types those are is worked out by the generator: `refiningRows`).
  private static let refiningRules: [String: [MagicRule]] = {
    var table: [String: [MagicRule]] = [:]
    rows(refiningRows, fields: 2) { fields in
      let types = Set(fields[1].split(separator: " ").map(String.init))
      table[fields[0]] = magicRules.filter { types.contains($0.type) }
    }
    return table
  }()

  /// Answers a rule may refine: the generic ones (plain text, unknown binary data, libmagic's
  /// one-character troff guess) and every type some type with rules is a kind of — a plain
  /// container, Ogg (whose codec libmagic does not name), TIFF (camera raw), PostScript (EPS), …:
  /// a rule only ever makes an answer more specific, never different.
  static let refinableAnswers: Set<String> = Set(firstFields(refiningRows))

  /// Whether the bytes fit what the database knows of a type's content: `nil` when neither the
  /// type nor an ancestor (other than `text/plain` and `application/octet-stream`, which every
  /// type descends from) has a `<magic>` rule; otherwise whether a rule of the type, or of its
  /// nearest ancestors that have rules, holds.
  static func contentFits(_ type: String, head: [UInt8]) -> Bool? {
    var level = [unaliased(type)]
    var seen: Set<String> = []
    while !level.isEmpty, seen.count < 64 {
      let rules = level.flatMap { rulesByType[$0] ?? [] }
      if !rules.isEmpty {
        return head.withUnsafeBufferPointer { data in rules.contains { $0.holds(on: data) } }
      }
      seen.formUnion(level)
      level = level.flatMap { parents(of: $0) }.map(unaliased).filter {
        !seen.contains($0) && $0 != "text/plain" && $0 != "application/octet-stream"
      }
    }
    return nil
  }

  /// Whether a type's own `<magic>` rules for its variant in `container` hold, or `nil` when it
  /// has none. In a binary container (ZIP, OLE) only the rules that start with the container's
  /// own signature describe that variant (`application/msword`'s rules for Word 6 files say
  /// nothing of Word in OLE); in XML and JSON every rule does.
  static func ownRulesFit(_ type: String, head: [UInt8], within container: String) -> Bool? {
    guard var rules = rulesByType[unaliased(type)] else { return nil }
    if let signatures = rulesByType[container].map({ $0.flatMap(\.matches).map(\.value) }), !isText(container) {
      rules = rules.compactMap { rule in
        var kept = rule
        kept.matches = rule.matches.filter { match in signatures.contains { match.value.starts(with: $0) } }
        return kept.matches.isEmpty ? nil : kept
      }
      guard !rules.isEmpty else { return nil }
    }
    return head.withUnsafeBufferPointer { data in rules.contains { $0.holds(on: data) } }
  }

  /// The type a `<root-XML>` rule gives an XML document's root element, or `nil`.
  static func rootXMLType(namespace: String?, localName: String) -> String? {
    rootXML[RootKey(namespace: namespace ?? "", localName: localName)]
  }

  private struct RootKey: Hashable {
    let namespace: String
    let localName: String
  }

  private static let rootXML: [RootKey: String] = {
    var table: [RootKey: String] = [:]
    rows(rootXMLRows, fields: 3) { fields in
      let key = RootKey(namespace: fields[0], localName: fields[1])
      if table[key] == nil { table[key] = fields[2] }
    }
    return table
  }()
}
