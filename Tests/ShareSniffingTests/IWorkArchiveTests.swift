import Testing

@testable import ShareSniffing

/// `IWorkArchive`: the app of an iWork document from its `Index/Document.iwa` stream.
@Suite struct IWorkArchiveTests {
  /// A protobuf varint.
  static func varint(_ value: UInt64) -> [UInt8] {
    var value = value
    var bytes: [UInt8] = []
    repeat {
      bytes.append(UInt8(value & 0x7F) | (value > 0x7F ? 0x80 : 0))
      value >>= 7
    } while value > 0
    return bytes
  }

  /// An IWA stream of one chunk: its Snappy block holds `raw` (1 to 60 bytes: the literal's length
  /// in its tag) as one literal.
  static func stream(raw: [UInt8], chunkType: UInt8 = 0) -> [UInt8] {
    precondition((1...60).contains(raw.count))
    let block = varint(UInt64(raw.count)) + [UInt8(raw.count - 1) << 2] + raw
    return [chunkType, UInt8(block.count & 0xFF), UInt8(block.count >> 8 & 0xFF), 0] + block
  }

  /// An ArchiveInfo (identifier 1) whose MessageInfo is `messageInfo`, length-prefixed.
  static func archiveInfo(_ messageInfo: [UInt8]) -> [UInt8] {
    let info = [0x08, 0x01, 0x12] + varint(UInt64(messageInfo.count)) + messageInfo
    return varint(UInt64(info.count)) + info
  }

  @Test(arguments: [
    // Pages' and Numbers' document archives, with a version and a length after the type.
    (stream(raw: archiveInfo([0x08] + varint(10_000) + [0x12, 0x03, 0x01, 0x00, 0x05, 0x18, 0x00])), UInt64?(10_000)),
    (stream(raw: archiveInfo([0x08, 0x01, 0x18, 0x8C, 0x01])), UInt64?(1)),
    // A varint field before the type is skipped; a length-delimited one first is no MessageInfo we read.
    (stream(raw: archiveInfo([0x20, 0x05, 0x08, 0x01])), 1),
    (stream(raw: archiveInfo([0x12, 0x01, 0x01, 0x08, 0x01])), nil),
    // Not a chunk of this framing, or cut short.
    (stream(raw: archiveInfo([0x08, 0x01]), chunkType: 1), nil),
    ([0x00, 0x10, 0x00], nil),
    (stream(raw: [0x05, 0x08, 0x01, 0x12]), nil),
    // Lengths as large as a varint holds: cut at the block's end, never added past it.
    (stream(raw: [UInt8](repeating: 0xFF, count: 9) + [0x01]), nil),
    (stream(raw: [0x0C, 0x12] + [UInt8](repeating: 0xFF, count: 9) + [0x01]), nil),
    (stream(raw: [0x0C, 0x12] + [UInt8](repeating: 0xFF, count: 9) + [0x01, 0x08, 0x07]), 7),
    // A chunk length past the stream's end (its third byte set) reads what is there.
    ([0x00, 0x00, 0x00, 0x01] + Array(stream(raw: archiveInfo([0x08, 0x01])).dropFirst(4)), 1),
  ] as [([UInt8], UInt64?)])
  func rootMessageType(_ bytes: [UInt8], _ expected: UInt64?) {
    #expect(IWorkArchive.rootMessageType(bytes) == expected)
  }

  @Test(arguments: [
    // A literal, then a copy of it (offset 4, length 4); a copy with a 2-byte offset, one that
    // overlaps itself (offset 1: a run).
    ([8, 12] + Array("abcd".utf8) + [1, 4], Array("abcdabcd".utf8)),
    ([8, 12] + Array("abcd".utf8) + [14, 4, 0], Array("abcdabcd".utf8)),
    ([6, 0, UInt8(ascii: "z"), 5, 1], Array("zzzzzz".utf8)),
    // Long literals: their length less one in the 1–4 bytes after the tag (tags 60–63 << 2).
    ([70, 240, 69] + [UInt8](repeating: 7, count: 70), [UInt8](repeating: 7, count: 70)),
    ([70, 244, 69, 0] + [UInt8](repeating: 7, count: 70), [UInt8](repeating: 7, count: 70)),
    ([70, 248, 69, 0, 0] + [UInt8](repeating: 7, count: 70), [UInt8](repeating: 7, count: 70)),
    ([3, 252, 2, 0, 0, 0] + Array("abc".utf8), Array("abc".utf8)),
    // A literal longer than the block: what is there.
    ([9, 252, 0xFF, 0xFF, 0xFF, 0xFF] + Array("abc".utf8), Array("abc".utf8)),
    // A copy with a 4-byte offset.
    ([8, 12] + Array("abcd".utf8) + [15, 4, 0, 0, 0], Array("abcdabcd".utf8)),
  ] as [([UInt8], [UInt8])])
  func snappy(_ block: [UInt8], _ expected: [UInt8]) {
    #expect(IWorkArchive.snappyPrefix(block, limit: 256) == expected)
  }

  /// A copy that reaches before the output's start (by a little, or by 2^32 - 1), a copy cut short
  /// or a long literal's length cut short is malformed.
  @Test(arguments: [
    [4, 1, 4], [8, 12] + Array("abcd".utf8) + [14, 4], [8, 12] + Array("abcd".utf8) + [15, 0xFF, 0xFF, 0xFF, 0xFF],
    [70, 244, 69],
  ] as [[UInt8]])
  func malformedSnappy(_ block: [UInt8]) {
    #expect(IWorkArchive.snappyPrefix(block, limit: 256) == nil)
  }

  /// Only the first `limit` bytes are decompressed, however long the block says it is.
  @Test func theLimitBoundsTheOutput() {
    // "x", then thirty copies of eleven bytes at offset 1: 331 bytes.
    let run: [UInt8] = [0xFF, 0xFF, 0x03, 0, UInt8(ascii: "x")] + Array([[UInt8]](repeating: [29, 1], count: 30).joined())
    #expect(IWorkArchive.snappyPrefix(run, limit: 256)?.count == 256)
  }
}

extension IWorkArchiveTests {
  /// Arbitrary bytes never trap the reader: 3,000 streams from a fixed seed, each a chunk header
  /// (a zero byte and a length, often past the end) and random bytes, many of them copy tags with
  /// offsets and lengths past what was written; a third hold one literal of random protobuf bytes, and
  /// a third a record whose MessageInfo is random, so that the record reader runs too. A type is only ever read from a block that decodes.
  @Test func arbitraryBytesNeverTrap() {
    var state: UInt64 = 0x5EED_1DEA
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    var answered = 0
    for round in 0..<3000 {
      let count = Int(next() % 50)
      var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: next() % 4 == 0 ? next() % 24 : next()) }
      if round % 3 == 0 {
        bytes = Self.stream(raw: Self.archiveInfo(bytes))
      } else if round % 3 == 1, !bytes.isEmpty {
        bytes = Self.stream(raw: bytes)
      } else if bytes.count > 4 {
        bytes[0] = 0
      }
      guard let type = IWorkArchive.rootMessageType(bytes) else { continue }
      answered += 1
      let length = Int(bytes[1]) | Int(bytes[2]) << 8 | Int(bytes[3]) << 16
      #expect(IWorkArchive.snappyPrefix(Array(bytes[4..<min(bytes.count, 4 + length)]), limit: 256) != nil, "type \(type)")
    }
    #expect(answered > 0)
  }
}
