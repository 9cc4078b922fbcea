/// iWork 2013 and later: which app's document an `Index/Document.iwa` stream holds.
///
/// An IWA stream is a run of chunks, each a zero byte, a 3-byte little-endian length and a raw
/// Snappy block (Apple's framing: no stream identifier, no checksums). The block holds
/// length-prefixed `ArchiveInfo` protobuf messages; the first describes the document's root
/// object, and its `MessageInfo.type` is the app's document archive: `TP.DocumentArchive` is 10000
/// in Pages' type registry, `TN.DocumentArchive` and `KN.DocumentArchive` are 1 in Numbers' and
/// Keynote's (a Keynote document also holds slides).
enum IWorkArchive {
  /// Pages' `TP.DocumentArchive`.
  static let pagesDocument: UInt64 = 10_000
  /// Numbers' `TN.DocumentArchive` (and Keynote's `KN.DocumentArchive`).
  static let numbersOrKeynoteDocument: UInt64 = 1

  /// The message type of the root object of an IWA stream's first chunk, or `nil` when the bytes
  /// are no IWA chunk (only the chunk's first ``decodeLimit`` bytes are decompressed).
  static func rootMessageType(_ stream: [UInt8]) -> UInt64? {
    guard stream.count > 4, stream[0] == 0, let length = stream.littleEndian(1, 3) else { return nil }
    let chunk = stream[4..<4 + Int(min(length, UInt64(stream.count - 4)))]
    guard let block = snappyPrefix(Array(chunk), limit: decodeLimit) else { return nil }
    // ArchiveInfo: its length, then field 1 (identifier, a varint) and field 2 (a MessageInfo,
    // length-delimited) whose field 1 is the type.
    var index = 0
    guard let infoLength = varint(block, &index) else { return nil }
    let infoEnd = end(of: infoLength, from: index, within: block.count)
    while index < infoEnd {
      guard let key = varint(block, &index) else { return nil }
      switch (key >> 3, key & 7) {
      case (2, 2):
        guard let messageLength = varint(block, &index) else { return nil }
        let messageEnd = end(of: messageLength, from: index, within: infoEnd)
        while index < messageEnd {
          guard let field = varint(block, &index) else { return nil }
          if field == 1 << 3 { return varint(block, &index) }
          guard field & 7 == 0, varint(block, &index) != nil else { return nil }  // the type comes first
        }
        return nil
      case (_, 0):
        guard varint(block, &index) != nil else { return nil }
      default:
        return nil
      }
    }
    return nil
  }

  /// Where `length` bytes from `start` end, never past `limit` (a length read from the bytes may be
  /// any 64-bit number).
  static func end(of length: UInt64, from start: Int, within limit: Int) -> Int {
    start >= limit ? limit : start + Int(min(length, UInt64(limit - start)))
  }

  /// How much of a chunk is decompressed: the root object's `ArchiveInfo` is a few dozen bytes.
  static let decodeLimit = 256

  /// The first `limit` bytes a raw Snappy block decompresses to, or `nil` when it is malformed
  /// before them (a copy reaching before the output's start).
  static func snappyPrefix(_ block: [UInt8], limit: Int) -> [UInt8]? {
    var index = 0
    guard varint(block, &index) != nil else { return nil }  // the block's whole length
    var output: [UInt8] = []
    while index < block.count, output.count < limit {
      let tag = block[index]
      index += 1
      let length: Int
      let offset: UInt64
      switch tag & 3 {
      case 0:  // a literal: its length less one in the tag, or in the 1–4 bytes after it
        var lengthLessOne = UInt64(tag >> 2)
        if lengthLessOne >= 60 {
          let count = Int(lengthLessOne) - 59
          guard let value = block.littleEndian(index, count) else { return nil }
          lengthLessOne = value
          index += count
        }
        let literalEnd = end(of: lengthLessOne + 1, from: index, within: block.count)
        output += block[index..<literalEnd]
        index = literalEnd
        continue
      case 1:  // a copy: length 4–11 and an 11-bit offset
        guard let low = block.littleEndian(index, 1) else { return nil }
        length = Int((tag >> 2) & 7) + 4
        offset = UInt64(tag >> 5) << 8 | low
        index += 1
      default:  // a copy: length 1–64 and a 2- or 4-byte offset
        let width = tag & 3 == 2 ? 2 : 4
        guard let value = block.littleEndian(index, width) else { return nil }
        length = Int(tag >> 2) + 1
        offset = value
        index += width
      }
      guard offset > 0, offset <= UInt64(output.count) else { return nil }
      let distance = Int(offset)
      for _ in 0..<min(length, limit - output.count) { output.append(output[output.count - distance]) }
    }
    return Array(output.prefix(limit))
  }

  /// A protobuf varint at `index` (advanced past it), or `nil` when the bytes end first or it
  /// runs past 10 bytes.
  static func varint(_ bytes: [UInt8], _ index: inout Int) -> UInt64? {
    var value: UInt64 = 0
    for shift in stride(from: 0, to: 70, by: 7) {
      guard index < bytes.count else { return nil }
      let byte = bytes[index]
      index += 1
      value |= UInt64(byte & 0x7F) << UInt64(shift)
      if byte < 0x80 { return value }
    }
    return nil
  }
}
