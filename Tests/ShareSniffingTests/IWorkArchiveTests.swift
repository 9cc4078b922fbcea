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

  /// An IWA stream of one chunk: its Snappy block holds `raw` as one literal.
  static func stream(raw: [UInt8], chunkType: UInt8 = 0) -> [UInt8] {
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
    // A long literal: its length in the byte after the tag (60 << 2).
    ([70, 240, 69] + [UInt8](repeating: 7, count: 70), [UInt8](repeating: 7, count: 70)),
  ] as [([UInt8], [UInt8])])
  func snappy(_ block: [UInt8], _ expected: [UInt8]) {
    #expect(IWorkArchive.snappyPrefix(block, limit: 256) == expected)
  }

  /// A copy that reaches before the output's start, or a copy cut short, is malformed.
  @Test(arguments: [[4, 1, 4], [8, 12] + Array("abcd".utf8) + [14, 4]] as [[UInt8]])
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
