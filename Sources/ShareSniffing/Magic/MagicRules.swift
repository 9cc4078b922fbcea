#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// libmagic's compiled database (`magic.mgc`) read as data: the top-level rules of its main set,
/// and for a buffer the rules whose first test can pass on it (``candidates(in:)``).
///
/// libmagic answers by walking every top-level rule of its database in order (about 3,500 in
/// 5.44) until one matches and names a type; on a file no rule names (most text) that walk is
/// its whole cost, 100 to 600 µs. A rule whose first test fails contributes nothing to the walk:
/// `match()` in `softmagic.c` skips its continuations and goes on to the next rule. So libmagic
/// given only the rules whose first test passes, in their order, gives the same answer
/// (``MagicSubsets`` builds such databases). Here each first test is evaluated as libmagic 5.44
/// evaluates it (`mget`, `mconvert` and `magiccheck` of `softmagic.c`, `file_strncmp`,
/// `file_signextend`); a test this code does not evaluate exactly is a candidate: the set is
/// always a superset of the rules that pass, which is all the answer needs. One exception is
/// kept out: an `indirect` test walks the whole database again on part of the buffer, so a
/// candidate that may reach one sends the buffer to the whole database (``Selection/whole``).
/// `MagicSubsetTests` checks the superset against libmagic itself on every sample.
///
/// The layout read here is libmagic 5.44's (`VERSIONNO` 18, 376-byte `struct magic`, native
/// little-endian); ``read(_:)`` refuses anything else, and share-route then walks the whole
/// database as before.
struct MagicRules: Sendable {
  /// `struct magic`'s size and field offsets in libmagic 5.44 (`file.h`).
  enum Layout {
    static let entrySize = 376
    static let magicNumber: UInt32 = 0xF11E_041C
    static let version: UInt32 = 18
    static let contLevel = 0, flag = 2, relation = 4, valueLength = 5, type = 6
    static let maskOperator = 9, offset = 12, lineNumber = 20, mask = 24, stringRange = 24, stringFlags = 28
    static let value = 32, valueSize = 128, description = 160
  }

  /// `struct magic`'s `flag` bits.
  enum Flag {
    static let indirectOffset: UInt8 = 0x01
    /// `&` offsets, relative to the previous level's match.
    static let relativeOffset: UInt8 = 0x02 | 0x04
    static let unsigned: UInt8 = 0x08
    static let binaryTest: UInt8 = 0x20
    static let textTest: UInt8 = 0x40
    static let negativeOffset: UInt8 = 0x80
  }

  /// `str_flags` bits (`STRING_*`, `REGEX_*` of `file.h`).
  enum StringFlag {
    static let compactWhitespace: UInt32 = 1 << 0
    static let optionalWhitespace: UInt32 = 1 << 1
    static let ignoreLowercase: UInt32 = 1 << 2
    static let ignoreUppercase: UInt32 = 1 << 3
    static let fullWord: UInt32 = 1 << 14
  }

  /// The `type` values this code reads (`FILE_*` of `file.h`).
  enum TypeCode {
    static let byte: UInt8 = 1, short: UInt8 = 2, long: UInt8 = 4, string: UInt8 = 5, beshort: UInt8 = 7
    static let belong: UInt8 = 8, leshort: UInt8 = 10, lelong: UInt8 = 11, regex: UInt8 = 17, search: UInt8 = 20
    static let melong: UInt8 = 23, quad: UInt8 = 24, lequad: UInt8 = 25, bequad: UInt8 = 26
    static let indirect: UInt8 = 41, name: UInt8 = 45, use: UInt8 = 46
  }

  /// How a rule's first test is evaluated.
  enum Test: Sendable {
    /// Not evaluated here: always a candidate.
    case unknown
    /// A number of `width` bytes read in `order` (`FILE_BYTE` … `FILE_BEQUAD`).
    case number(width: Int, order: ByteOrder, checksBounds: Bool)
    /// `FILE_STRING`.
    case string
    /// `FILE_SEARCH`.
    case search
    /// `FILE_REGEX` with `=`: it cannot match where one of its required literals is missing
    /// (``MagicRules/requirements``, at this index).
    case regex(requirements: Int32, ignoreCase: Bool)
  }

  enum ByteOrder: Sendable { case little, big, middle }

  /// One top-level rule of the main set, or one test of its continuations.
  struct Rule: Sendable {
    /// Its entry in the main set; a rule's continuations follow it.
    var entry: Int
    /// The entry and its continuations (a continuation: 1).
    var entries: Int
    var test: Test
    var flag: UInt8
    var relation: UInt8
    var offset: Int32
    var valueLength: Int
    var stringFlags: UInt32
    var stringRange: UInt32
    var number: UInt64
    var mask: UInt64
    var maskOperator: UInt8
    /// Where the value's bytes start in ``MagicRules/patterns`` (`valueLength` of them, at most 128).
    var pattern: Int32
    /// When the rule, or a named rule it uses, has an `indirect` test (which walks the whole
    /// database again, so a database of candidates would answer differently): its index in
    /// ``MagicRules/walkGuards``; otherwise -1.
    var walkGuards: Int32
    var walksAgain: Bool { walkGuards >= 0 }
    /// Its line in its magic source file (for messages).
    var lineNumber: UInt32

    var isBinaryTest: Bool { flag & Flag.binaryTest != 0 }
    var isTextTest: Bool { flag & Flag.textTest != 0 }
  }

  /// The whole compiled file, as libmagic reads it.
  let bytes: [UInt8]
  /// Entries in the main set (0) and the named set (1).
  let counts: (main: Int, named: Int)
  /// The top-level rules of the main set, in the database's order.
  let rules: [Rule]
  /// The values of the rules' tests, one after another (a rule has a trivial layout, so walking
  /// the rules retains nothing).
  let patterns: [UInt8]
  /// What each regular expression rule requires (``Test/regex(requirements:ignoreCase:)``).
  let requirements: [[RegexLiterals.Requirement]]
  /// For each rule that walks the database again, the ways to the tests that do: for each such
  /// test, the continuation tests above it (level 1 first). A way whose every test may pass is
  /// open; when none is, the buffer never reaches the walk.
  let walkGuards: [[[Rule]]]
  /// For each rule, a first byte its test cannot pass without (``QuickReject``).
  let quick: [QuickReject]
  /// Whether a text rule walks the database again: the text rules are then never taken whole.
  let textRulesWalkAgain: Bool

  /// The database read from `bytes`, or `nil` when its layout is not libmagic 5.44's.
  static func read(_ bytes: [UInt8]) -> MagicRules? {
    // The native number types are evaluated as little-endian.
    guard 1.littleEndian == 1 else { return nil }
    let size = Layout.entrySize
    guard bytes.count >= size, bytes.count % size == 0 else { return nil }
    let header = bytes.withUnsafeBytes { raw in (0..<4).map { raw.loadUnaligned(fromByteOffset: 4 * $0, as: UInt32.self) } }
    guard header[0] == Layout.magicNumber, header[1] == Layout.version else { return nil }
    let main = Int(header[2]), named = Int(header[3])
    guard main > 0, (1 + main + named) * size == bytes.count else { return nil }
    var parser = Parser(main: main, named: named)
    guard bytes.withUnsafeBytes({ parser.read($0) }) else { return nil }
    return MagicRules(
      bytes: bytes, counts: (main, named), rules: parser.rules, patterns: parser.patterns,
      requirements: parser.requirements, walkGuards: parser.walkGuards,
      quick: parser.rules.map { QuickReject($0, pattern: parser.patterns) },
      textRulesWalkAgain: parser.rules.contains { $0.isTextTest && $0.walksAgain })
  }

  /// The byte offset of entry `index` of the main set (named set: `counts.main + index`).
  static func entryOffset(_ index: Int) -> Int { (1 + index) * Layout.entrySize }

  // MARK: - Reading the rules

  /// Reads the rules of one compiled file (its bytes stay with the caller).
  private struct Parser {
    let main: Int
    let named: Int
    var rules: [Rule] = []
    var patterns: [UInt8] = []
    var requirements: [[RegexLiterals.Requirement]] = []
    var walkGuards: [[[Rule]]] = []

    init(main: Int, named: Int) {
      self.main = main
      self.named = named
    }

    static func field<T>(_ raw: UnsafeRawBufferPointer, _ entry: Int, _ at: Int, _ type: T.Type) -> T {
      raw.loadUnaligned(fromByteOffset: MagicRules.entryOffset(entry) + at, as: type)
    }

    /// An entry's value as a C string (up to its first NUL).
    static func string(_ raw: UnsafeRawBufferPointer, _ entry: Int) -> [UInt8] {
      let start = MagicRules.entryOffset(entry) + Layout.value
      return Array(raw[start..<(start + Layout.valueSize)].prefix { $0 != 0 })
    }

    /// A `use` value without its `^` (which only flips byte order).
    static func usedName(_ value: [UInt8]) -> [UInt8] {
      value.first == UInt8(ascii: "^") ? Array(value.dropFirst()) : value
    }

    /// The named rules (set 1) whose tests, or a named rule they use, hold an `indirect`.
    func namesThatWalkAgain(_ raw: UnsafeRawBufferPointer) -> Set<[UInt8]> {
      var uses: [[UInt8]: [[UInt8]]] = [:]
      var reaching: Set<[UInt8]> = []
      var current: [UInt8]?
      for index in main..<(main + named) {
        let type = Self.field(raw, index, Layout.type, UInt8.self)
        if Self.field(raw, index, Layout.contLevel, UInt16.self) == 0 && type == TypeCode.name {
          let name = Self.string(raw, index)
          current = name
          if uses[name] == nil { uses[name] = [] }
          continue
        }
        guard let name = current else { continue }
        if type == TypeCode.indirect { reaching.insert(name) }
        if type == TypeCode.use { uses[name, default: []].append(Self.usedName(Self.string(raw, index))) }
      }
      // Names that reach one with an `indirect` by any chain of uses: a fixed point, each pass
      // adding a name or ending, so at most one pass a name.
      for _ in 0...uses.count {
        let more = uses.filter { !reaching.contains($0.key) && $0.value.contains(where: reaching.contains) }.map(\.key)
        if more.isEmpty { break }
        reaching.formUnion(more)
      }
      return reaching
    }

    /// Reads every top-level rule of the main set; `false` when the set is not well formed.
    mutating func read(_ raw: UnsafeRawBufferPointer) -> Bool {
      let walking = namesThatWalkAgain(raw)
      var index = 0
      while index < main {
        guard Self.field(raw, index, Layout.contLevel, UInt16.self) == 0 else { return false }
        // The continuations, and for each test that walks the database again, its way down:
        // the nearest entry above it at each level (`match` evaluates an entry only when the
        // entry above it matched).
        var end = index + 1
        var above: [Int] = []
        var ways: [[Int]] = []
        while true {
          let entry = end - 1
          let level = Int(Self.field(raw, entry, Layout.contLevel, UInt16.self))
          if level > 0 {
            above.removeSubrange(min(above.count, level - 1)...)
            let type = Self.field(raw, entry, Layout.type, UInt8.self)
            if type == TypeCode.indirect
              || (type == TypeCode.use && walking.contains(Self.usedName(Self.string(raw, entry))))
            {
              ways.append(above.count == level - 1 ? above : [])
            }
            above.append(entry)
          } else if Self.field(raw, entry, Layout.type, UInt8.self) == TypeCode.use {
            ways.append([])  // a top-level `use`: left open
          }
          guard end < main, Self.field(raw, end, Layout.contLevel, UInt16.self) != 0 else { break }
          end += 1
        }
        var guards: Int32 = -1
        if !ways.isEmpty {
          guards = Int32(walkGuards.count)
          walkGuards.append(ways.map { way in way.map { test(raw, $0, entries: 1, walkGuards: -1) } })
        }
        rules.append(test(raw, index, entries: end - index, walkGuards: guards))
        index = end
      }
      return true
    }

    /// The test of one entry.
    mutating func test(_ raw: UnsafeRawBufferPointer, _ index: Int, entries: Int, walkGuards: Int32) -> Rule {
      let type = Self.field(raw, index, Layout.type, UInt8.self)
      let flag = Self.field(raw, index, Layout.flag, UInt8.self)
      let relation = Self.field(raw, index, Layout.relation, UInt8.self)
      let valueLength = Int(Self.field(raw, index, Layout.valueLength, UInt8.self))
      let stringFlags = Self.field(raw, index, Layout.stringFlags, UInt32.self)
      let maskOperator = Self.field(raw, index, Layout.maskOperator, UInt8.self)
      let mask = Self.field(raw, index, Layout.mask, UInt64.self)
      var test = MagicRules.test(
        type: type, relation: relation, valueLength: valueLength, maskOperator: maskOperator, mask: mask)
      if case .regex = test {
        if let found = RegexLiterals.requirements(Self.string(raw, index)) {
          test = .regex(
            requirements: Int32(requirements.count),
            ignoreCase: stringFlags & (StringFlag.ignoreLowercase | StringFlag.ignoreUppercase) != 0)
          requirements.append(found)
        } else {
          test = .unknown
        }
      }
      // An offset read from the file, relative to another match, or counted from the end is
      // left to libmagic.
      if flag & (Flag.indirectOffset | Flag.relativeOffset | Flag.negativeOffset) != 0 { test = .unknown }
      let valueStart = MagicRules.entryOffset(index) + Layout.value
      let pattern = Int32(patterns.count)
      patterns.append(contentsOf: raw[valueStart..<(valueStart + min(valueLength, Layout.valueSize - 1))])
      return Rule(
        entry: index, entries: entries, test: test, flag: flag, relation: relation,
        offset: Self.field(raw, index, Layout.offset, Int32.self), valueLength: valueLength,
        stringFlags: stringFlags, stringRange: Self.field(raw, index, Layout.stringRange, UInt32.self),
        number: Self.field(raw, index, Layout.value, UInt64.self), mask: mask, maskOperator: maskOperator,
        pattern: pattern, walkGuards: walkGuards, lineNumber: Self.field(raw, index, Layout.lineNumber, UInt32.self))
    }
  }

  /// How a first test of `type` is evaluated.
  static func test(type: UInt8, relation: UInt8, valueLength: Int, maskOperator: UInt8, mask: UInt64) -> Test {
    guard Relation.known.contains(relation) else { return .unknown }
    switch type {
    case TypeCode.byte, TypeCode.short, TypeCode.beshort, TypeCode.leshort, TypeCode.long, TypeCode.belong,
      TypeCode.lelong, TypeCode.melong, TypeCode.quad, TypeCode.lequad, TypeCode.bequad:
      let width: Int
      switch type {
      case TypeCode.byte: width = 1
      case TypeCode.short, TypeCode.beshort, TypeCode.leshort: width = 2
      case TypeCode.quad, TypeCode.lequad, TypeCode.bequad: width = 8
      default: width = 4
      }
      // mconvert fails (an error, not a mismatch) on a zero divisor: left to libmagic.
      let divides = [MaskOperator.divide, MaskOperator.modulo].contains(maskOperator & MaskOperator.operators)
      if mask != 0 && divides && Numbers.truncate(mask, width: width) == 0 { return .unknown }
      let order: ByteOrder
      switch type {
      case TypeCode.beshort, TypeCode.belong, TypeCode.bequad: order = .big
      case TypeCode.melong: order = .middle
      default: order = .little  // the native types: share-route runs on little-endian machines only
      }
      // mget checks the bounds of 1-, 2- and 4-byte numbers, not of quads (read as zeros past the end).
      return .number(width: width, order: order, checksBounds: width != 8)
    case TypeCode.string:
      return valueLength < Layout.valueSize ? .string : .unknown
    case TypeCode.search:
      return valueLength < Layout.valueSize ? .search : .unknown
    case TypeCode.regex:
      // The requirements are read by the parser; without any, libmagic decides.
      return relation == Relation.equal ? .regex(requirements: -1, ignoreCase: false) : .unknown
    default:
      return .unknown
    }
  }

  /// The relations of `magiccheck`.
  enum Relation {
    static let any = UInt8(ascii: "x"), notEqual = UInt8(ascii: "!"), equal = UInt8(ascii: "=")
    static let greater = UInt8(ascii: ">"), less = UInt8(ascii: "<"), allSet = UInt8(ascii: "&")
    static let notAllSet = UInt8(ascii: "^")
    static let known: Set<UInt8> = [any, notEqual, equal, greater, less, allSet, notAllSet]
  }

  /// `mask_op` (`FILE_OP*`).
  enum MaskOperator {
    static let operators: UInt8 = 0x07
    static let and: UInt8 = 0, or: UInt8 = 1, xor: UInt8 = 2, add: UInt8 = 3, minus: UInt8 = 4
    static let multiply: UInt8 = 5, divide: UInt8 = 6, modulo: UInt8 = 7
    static let inverse: UInt8 = 0x40
  }
}

// MARK: - Candidates

extension MagicRules {
  /// Which rules a buffer is checked against.
  enum Selection: Hashable, Sendable {
    /// The whole database: a candidate walks the database again (`indirect`), or a rule of both
    /// passes is a candidate while the text rules are taken whole.
    case whole
    /// The candidates (indexes into ``rules``, in order); `allText`: every text rule is added as
    /// well (the buffer is not ASCII text, so libmagic's text pass, if it runs, reads converted
    /// bytes this code does not evaluate).
    case subset([Int32], allText: Bool)
  }

  /// The rules whose first test may pass on `buffer` in libmagic's binary pass, and, when the
  /// buffer is ASCII text, in its text pass (``Selection``).
  ///
  /// libmagic runs the binary-test rules on the buffer (`file_softmagic(…, BINTEST, …)`), then,
  /// when `file_encoding` finds text, the text-test rules on the text converted to UTF-8, after
  /// trailing NULs are trimmed (`file_ascmagic`). For ASCII that conversion changes nothing, so
  /// the text rules are evaluated on the trimmed bytes; for anything else they are all kept.
  func candidates(in buffer: UnsafeRawBufferPointer) -> Selection {
    let text = Self.asciiText(buffer)
    if text == nil && textRulesWalkAgain { return .whole }
    var chosen: [Int32] = []
    let whole: Bool = patterns.withUnsafeBytes { pool in
      rules.withUnsafeBufferPointer { rules in
        quick.withUnsafeBufferPointer { quick in
          for index in rules.indices {
            // The trimmed text is the buffer's prefix, and what was trimmed is NULs: a byte the
            // buffer rules out, it rules out for the text pass too.
            if quick[index].rejects(buffer) { continue }
            let rule = rules[index]
            var candidate = rule.isBinaryTest && mayPass(rule, buffer, pool)
            if rule.isTextTest {
              if let text {
                if !candidate { candidate = mayPass(rule, UnsafeRawBufferPointer(rebasing: buffer[..<text]), pool) }
              } else if candidate {
                return true  // a rule of both passes: its place among the text rules taken whole would change
              }
            }
            guard candidate else { continue }
            if rule.walksAgain {
              // Its walk is reached only through tests of the buffer's binary pass.
              if rule.isTextTest || mayWalkAgain(rule, buffer, pool) { return true }
            }
            chosen.append(Int32(index))
          }
          return false
        }
      }
    }
    return whole ? .whole : .subset(chosen, allText: text == nil)
  }

  /// Whether a candidate that walks the database again may reach that walk on `buffer`: one of
  /// its ways (``walkGuards``) has no test that fails.
  func mayWalkAgain(_ rule: Rule, _ buffer: UnsafeRawBufferPointer, _ pool: UnsafeRawBufferPointer) -> Bool {
    walkGuards[Int(rule.walkGuards)].contains { way in way.allSatisfy { mayPass($0, buffer, pool) } }
  }

  /// The length libmagic's text pass reads (`trim_nuls`, and the odd-length rule of
  /// `file_ascmagic`), when those bytes are ASCII text as `looks_ascii` has it; `nil` otherwise.
  static func asciiText(_ buffer: UnsafeRawBufferPointer) -> Int? {
    var length = buffer.count
    while length > 1 && buffer[length - 1] == 0 { length -= 1 }
    if length & 1 == 1 && buffer.count & 1 == 0 { length += 1 }
    for byte in buffer[..<length] where !isText(byte) { return nil }
    return length
  }

  /// `text_chars` of libmagic's `encoding.c`: the bytes `looks_ascii` accepts.
  static func isText(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x07...0x0D, 0x1B, 0x20...0x7E: return true
    default: return false
    }
  }

  /// Whether `rule`'s first test may pass on `buffer` (`false` only when it certainly fails);
  /// `pool` is ``patterns``.
  func mayPass(_ rule: Rule, _ buffer: UnsafeRawBufferPointer, _ pool: UnsafeRawBufferPointer) -> Bool {
    // mget reads `ms->offset`, an int32, as a uint32.
    let offset = Int(UInt32(bitPattern: rule.offset))
    let count = buffer.count
    let pattern = UnsafeRawBufferPointer(
      rebasing: pool[Int(rule.pattern)..<(Int(rule.pattern) + min(rule.valueLength, Layout.valueSize - 1))])
    switch rule.test {
    case .unknown:
      return true
    case .number(let width, let order, let checksBounds):
      // OFFSET_OOB: mget gives up, and only `!` goes on.
      if checksBounds && (count < width || offset > count - width) { return rule.relation == Relation.notEqual }
      var value: UInt64 = 0
      for position in 0..<width {
        let at = offset + Self.byteIndex(position, width: width, order: order)
        let byte = at < count ? UInt64(buffer[at]) : 0  // mcopy pads with zeros
        value |= byte << UInt64(8 * position)
      }
      value = Numbers.convert(value, width: width, mask: rule.mask, operator: rule.maskOperator)
      let unsigned = rule.flag & Flag.unsigned != 0
      if !unsigned { value = Numbers.signExtend(value, width: width) }
      return Self.relate(value, rule.number, relation: rule.relation, unsigned: unsigned)
    case .string:
      return Self.stringMayPass(rule, pattern, buffer, offset: offset)
    case .search:
      return Self.searchMayPass(rule, pattern, buffer, offset: offset)
    case .regex(let index, let ignoreCase):
      // mget gives up past the end; otherwise regexec sees at most regex_max (8,192) bytes.
      guard offset <= count else { return false }
      let region = UnsafeRawBufferPointer(rebasing: buffer[offset..<min(count, offset + 8192)])
      return requirements[Int(index)].allSatisfy { $0.isMet(in: region, ignoringCase: ignoreCase) }
    }
  }

  /// The file byte that is byte `position` (least significant first) of a number.
  static func byteIndex(_ position: Int, width: Int, order: ByteOrder) -> Int {
    switch order {
    case .little: return position
    case .big: return width - 1 - position
    case .middle: return position < 2 ? position + 2 : position - 2  // ME32: b1 b0 b3 b2, most significant first
    }
  }

  /// `magiccheck`'s relations, after `file_signextend`.
  static func relate(_ value: UInt64, _ expected: UInt64, relation: UInt8, unsigned: Bool) -> Bool {
    switch relation {
    case Relation.any: return true
    case Relation.notEqual: return value != expected
    case Relation.equal: return value == expected
    case Relation.greater: return unsigned ? value > expected : Int64(bitPattern: value) > Int64(bitPattern: expected)
    case Relation.less: return unsigned ? value < expected : Int64(bitPattern: value) < Int64(bitPattern: expected)
    case Relation.allSet: return value & expected == expected
    case Relation.notAllSet: return value & expected != expected
    default: return true
    }
  }

  typealias Source = FileStrncmp.Source

  /// mget's `OFFSET_OOB` for strings and searches: fewer than the value's bytes after the
  /// offset. mget then gives up, and only `!` goes on.
  static func valueOutOfBounds(_ rule: Rule, count: Int, offset: Int) -> Bool {
    count < rule.valueLength || offset > count - rule.valueLength
  }

  /// `FILE_STRING`: mcopy copies at most 128 bytes (or the rule's range) and pads with zeros,
  /// mget gives up when fewer than the value's bytes are left, and magiccheck compares with
  /// `file_strncmp`.
  static func stringMayPass(
    _ rule: Rule, _ pattern: UnsafeRawBufferPointer, _ buffer: UnsafeRawBufferPointer, offset: Int
  ) -> Bool {
    let count = buffer.count
    let length = rule.valueLength
    if valueOutOfBounds(rule, count: count, offset: offset) { return rule.relation == Relation.notEqual }
    let unsigned = rule.flag & Flag.unsigned != 0
    // The common case, exactly: `=` without flags, on bytes inside the copy.
    if rule.relation == Relation.equal && rule.stringFlags == 0
      && (rule.stringRange == 0 || Int(rule.stringRange) >= length)
    {
      guard length > 0, let base = buffer.baseAddress, let wanted = pattern.baseAddress else { return true }
      if buffer[offset] != pattern[0] { return false }
      return memcmp(wanted, base + offset, length) == 0
    }
    var size = Layout.valueSize
    if rule.stringRange != 0 && Int(rule.stringRange) < size { size = Int(rule.stringRange) }
    // The copy: at most `size` bytes of the buffer, zeros up to 128, the last one a NUL.
    let copy = Source(
      UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + min(size, count - offset))]),
      padded: Layout.valueSize, terminator: Layout.valueSize - 1)
    if rule.relation == Relation.equal, length > 0, let first = copy[0],
      !FileStrncmp.FirstByte(pattern[0], flags: rule.stringFlags).mayMatch(first)
    {
      return false
    }
    let difference = FileStrncmp.compare(
      pattern, copy, length: length, maxLength: Layout.valueSize, flags: rule.stringFlags)
    guard let difference else { return true }
    return relate(difference, 0, relation: rule.relation, unsigned: unsigned)
  }

  /// `FILE_SEARCH`: the value looked for from the offset on, within the rule's range.
  static func searchMayPass(
    _ rule: Rule, _ pattern: UnsafeRawBufferPointer, _ buffer: UnsafeRawBufferPointer, offset: Int
  ) -> Bool {
    let count = buffer.count
    let length = rule.valueLength
    if valueOutOfBounds(rule, count: count, offset: offset) { return rule.relation == Relation.notEqual }
    let region = UnsafeRawBufferPointer(rebasing: buffer[min(offset, count)...])
    let range = Int(rule.stringRange)
    var found = false
    if length > 0 && rule.stringFlags == 0 {
      // libmagic's own memmem window for a search without flags: `range + length` bytes, so a
      // match may start at `range` itself, one place further than its loop below would try.
      var limit = range + length
      if range == 0 || region.count < limit { limit = region.count }
      found = ByteSearch.contains(pattern, in: UnsafeRawBufferPointer(rebasing: region[..<limit]))
    } else {
      // file_strncmp's first step, done here with memchr: most places fail on it.
      let first = FileStrncmp.FirstByte(pattern.first ?? 0, flags: rule.stringFlags)
      // The places tried: below the range, and with the value's length left.
      var last = region.count - length
      if range != 0 { last = min(last, range - 1) }
      var start = 0
      while start <= last {
        if length > 0 && !first.open {
          guard let next = first.next(in: region, from: start, through: last) else { break }
          start = next
        }
        let difference = FileStrncmp.compare(
          pattern, Source(UnsafeRawBufferPointer(rebasing: region[start...])), length: length,
          maxLength: region.count - start, flags: rule.stringFlags)
        guard let difference else { return true }
        if difference == 0 {
          found = true
          break
        }
        start += 1
      }
    }
    return relate(found ? 0 : 1, 0, relation: rule.relation, unsigned: rule.flag & Flag.unsigned != 0)
  }
}

/// A byte a rule's first test cannot pass without: the value's first byte for a `=` test of a
/// string without flags or of a number without mask, at the rule's offset.
struct QuickReject: Sendable {
  /// 0: nothing known; 1: the byte is needed inside the buffer; 2: the byte, or 0 past the end
  /// (quads, which libmagic reads padded with zeros).
  let mode: UInt8
  let byte: UInt8
  let offset: Int

  init(_ rule: MagicRules.Rule, pattern: [UInt8]) {
    offset = Int(UInt32(bitPattern: rule.offset))
    switch rule.test {
    case .string
    where rule.relation == MagicRules.Relation.equal && rule.stringFlags == 0 && rule.valueLength > 0
      && (rule.stringRange == 0 || Int(rule.stringRange) >= rule.valueLength):
      mode = 1
      byte = pattern[Int(rule.pattern)]
    case .number(let width, let order, let checksBounds)
    where rule.relation == MagicRules.Relation.equal && rule.mask == 0
      && rule.maskOperator & MagicRules.MaskOperator.inverse == 0:
      // The number's byte that the file holds first.
      let position = (0..<width).first { MagicRules.byteIndex($0, width: width, order: order) == 0 } ?? 0
      mode = checksBounds ? 1 : 2
      byte = UInt8(truncatingIfNeeded: rule.number >> UInt64(8 * position))
    default:
      mode = 0
      byte = 0
    }
  }

  /// Whether the rule certainly fails on `buffer`.
  @inline(__always) func rejects(_ buffer: UnsafeRawBufferPointer) -> Bool {
    switch mode {
    case 1: return offset >= buffer.count || buffer[offset] != byte
    case 2: return (offset < buffer.count ? buffer[offset] : 0) != byte
    default: return false
    }
  }
}

/// `memmem`, which Glibc's module does not export.
enum ByteSearch {
  /// Whether `needle` occurs in `haystack` (an empty needle occurs everywhere).
  static func contains(_ needle: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer) -> Bool {
    guard let first = needle.first else { return true }
    guard needle.count <= haystack.count, let base = haystack.baseAddress, let rest = needle.baseAddress else {
      return false
    }
    var offset = 0
    let last = haystack.count - needle.count
    while offset <= last {
      guard let hit = memchr(base + offset, Int32(first), last - offset + 1) else { return false }
      let at = base.distance(to: UnsafeRawPointer(hit))
      if memcmp(base + at, rest, needle.count) == 0 { return true }
      offset = at + 1
    }
    return false
  }
}

/// Integer steps of `mconvert` (`DO_CVT`) and `file_signextend`.
enum Numbers {
  static func truncate(_ value: UInt64, width: Int) -> UInt64 {
    width == 8 ? value : value & ((1 << UInt64(8 * width)) - 1)
  }

  /// The mask operation, in the number's width (`DO_CVT`), then `~` for an inverse mask.
  static func convert(_ value: UInt64, width: Int, mask: UInt64, operator op: UInt8) -> UInt64 {
    var result = value
    if mask != 0 {
      let operand = truncate(mask, width: width)
      switch op & MagicRules.MaskOperator.operators {
      case MagicRules.MaskOperator.and: result &= operand
      case MagicRules.MaskOperator.or: result |= operand
      case MagicRules.MaskOperator.xor: result ^= operand
      case MagicRules.MaskOperator.add: result &+= operand
      case MagicRules.MaskOperator.minus: result &-= operand
      case MagicRules.MaskOperator.multiply: result &*= operand
      case MagicRules.MaskOperator.divide: result = operand == 0 ? result : result / operand
      default: result = operand == 0 ? result : result % operand
      }
    }
    if op & MagicRules.MaskOperator.inverse != 0 { result = ~result }
    return truncate(result, width: width)
  }

  /// A signed number of `width` bytes widened with its sign.
  static func signExtend(_ value: UInt64, width: Int) -> UInt64 {
    switch width {
    case 1: return UInt64(bitPattern: Int64(Int8(truncatingIfNeeded: value)))
    case 2: return UInt64(bitPattern: Int64(Int16(truncatingIfNeeded: value)))
    case 4: return UInt64(bitPattern: Int64(Int32(truncatingIfNeeded: value)))
    default: return value
    }
  }
}

/// `file_strncmp` of libmagic 5.44. libmagic calls the C library's `islower`, `isupper`,
/// `isspace`, `tolower` and `toupper`; this code uses their ASCII meaning, which
/// ``cLibraryIsASCII`` checks against the C library (``MagicSubsets`` is not used otherwise).
enum FileStrncmp {
  /// Whether the C library's character classes are ASCII's for every byte (the C locale, which
  /// share-route never changes).
  static var cLibraryIsASCII: Bool {
    (0...255).allSatisfy { (c: Int32) in
      let byte = UInt8(c)
      return (islower(c) != 0) == isLower(byte) && (isupper(c) != 0) == isUpper(byte)
        && (isspace(c) != 0) == isSpace(byte) && tolower(c) == Int32(lower(byte)) && toupper(c) == Int32(upper(byte))
    }
  }

  @inline(__always) static func isLower(_ byte: UInt8) -> Bool { byte &- 0x61 < 26 }
  @inline(__always) static func isUpper(_ byte: UInt8) -> Bool { byte &- 0x41 < 26 }
  @inline(__always) static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte &- 0x09 < 5 }
  @inline(__always) static func lower(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte + 32 : byte }
  @inline(__always) static func upper(_ byte: UInt8) -> UInt8 { isLower(byte) ? byte - 32 : byte }

  /// The bytes compared against: a buffer, read as zeros from `count` up to `padded` (mcopy's
  /// padding of a string's copy), with `terminator` read as zero (mconvert's); past `padded`
  /// libmagic would read memory that is not the file's, and the comparison is left to it.
  struct Source {
    let bytes: UnsafeRawBufferPointer
    var padded: Int
    var terminator = -1

    init(_ bytes: UnsafeRawBufferPointer, padded: Int? = nil, terminator: Int = -1) {
      self.bytes = bytes
      self.padded = padded ?? bytes.count
      self.terminator = terminator
    }

    @inline(__always) subscript(_ index: Int) -> UInt8? {
      if index < bytes.count && index != terminator { return bytes[index] }
      return index < padded ? 0 : nil
    }
  }

  /// The first step of a comparison, for skipping places quickly.
  struct FirstByte {
    let byte: UInt8
    /// The other byte that passes the first step (the other case), or `byte`.
    let other: UInt8
    /// Whether the first step decides nothing (whitespace that may stretch).
    let open: Bool

    init(_ byte: UInt8, flags: UInt32) {
      self.byte = byte
      let whitespace = flags & (MagicRules.StringFlag.compactWhitespace | MagicRules.StringFlag.optionalWhitespace)
      open = whitespace != 0 && FileStrncmp.isSpace(byte)
      if flags & MagicRules.StringFlag.ignoreLowercase != 0 && FileStrncmp.isLower(byte) {
        other = byte - 32
      } else if flags & MagicRules.StringFlag.ignoreUppercase != 0 && FileStrncmp.isUpper(byte) {
        other = byte + 32
      } else {
        other = byte
      }
    }

    /// Whether a comparison starting at `candidate` gets past its first step.
    @inline(__always) func mayMatch(_ candidate: UInt8) -> Bool { open || candidate == byte || candidate == other }

    /// The first place from `start` through `last` in `bytes` that gets past the first step.
    func next(in bytes: UnsafeRawBufferPointer, from start: Int, through last: Int) -> Int? {
      guard start <= last, let base = bytes.baseAddress else { return nil }
      func find(_ value: UInt8) -> Int? {
        memchr(base + start, Int32(value), last - start + 1).map { base.distance(to: UnsafeRawPointer($0)) }
      }
      let one = find(byte)
      guard other != byte, let two = find(other) else { return one }
      return one.map { min($0, two) } ?? two
    }
  }

  /// The comparison's result as libmagic computes it (a byte difference widened to 64 bits, 0 for
  /// equal), or `nil` when libmagic would read past the given bytes (left to libmagic).
  static func compare(
    _ pattern: UnsafeRawBufferPointer, _ bytes: Source, length: Int, maxLength: Int, flags: UInt32
  ) -> UInt64? {
    let whitespace = flags & (MagicRules.StringFlag.compactWhitespace | MagicRules.StringFlag.optionalWhitespace)
    let end = whitespace != 0 ? maxLength : length
    var a = 0, b = 0
    var difference: UInt64 = 0
    @inline(__always) func patternByte(_ index: Int) -> UInt8 { index < pattern.count ? pattern[index] : 0 }
    @inline(__always) func widened(_ c: UInt8, _ p: UInt8) -> UInt64 {
      UInt64(bitPattern: Int64(Int32(c) - Int32(p)))
    }
    var remaining = length + 1
    if flags == 0 {
      while true {
        remaining -= 1
        guard remaining > 0 else { break }
        guard let next = bytes[b] else { return nil }
        difference = widened(next, patternByte(a))
        b += 1
        a += 1
        if difference != 0 { break }
      }
      return difference
    }
    while true {
      remaining -= 1
      guard remaining > 0 else { break }
      if b >= end {
        difference = 1
        break
      }
      let p = patternByte(a)
      guard let c = bytes[b] else { return nil }
      if flags & MagicRules.StringFlag.ignoreLowercase != 0 && isLower(p) {
        difference = widened(lower(c), p)
        a += 1
        b += 1
        if difference != 0 { break }
      } else if flags & MagicRules.StringFlag.ignoreUppercase != 0 && isUpper(p) {
        difference = widened(upper(c), p)
        a += 1
        b += 1
        if difference != 0 { break }
      } else if flags & MagicRules.StringFlag.compactWhitespace != 0 && isSpace(p) {
        a += 1
        if isSpace(c) {
          b += 1
          if !isSpace(patternByte(a)) {
            while b < end {
              guard let next = bytes[b] else { return nil }
              if !isSpace(next) { break }
              b += 1
            }
          }
        } else {
          difference = 1
          break
        }
      } else if flags & MagicRules.StringFlag.optionalWhitespace != 0 && isSpace(p) {
        a += 1
        while b < end {
          guard let next = bytes[b] else { return nil }
          if !isSpace(next) { break }
          b += 1
        }
      } else {
        difference = widened(c, p)
        a += 1
        b += 1
        if difference != 0 { break }
      }
    }
    if remaining == 0 && difference == 0 && flags & MagicRules.StringFlag.fullWord != 0 {
      guard let next = bytes[b] else { return nil }
      if next != 0 && !isSpace(next) { difference = 1 }
    }
    return difference
  }
}
