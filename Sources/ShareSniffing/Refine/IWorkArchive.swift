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
    guard stream.count > 4, stream[0] == 0 else { return nil }
    let length = Int(stream[1]) | Int(stream[2]) << 8 | Int(stream[3]) << 16
    guard let block = snappyPrefix(Array(stream[4..<min(stream.count, 4 + length)]), limit: decodeLimit) else { return nil }
    // ArchiveInfo: its length, then field 1 (identifier, a varint) and field 2 (a MessageInfo,
    // length-delimited) whose field 1 is the type.
    var index = 0
    guard let infoLength = varint(block, &index) else { return nil }
    let infoEnd = min(block.count, index + Int(clamping: infoLength))
    while index < infoEnd {
      guard let key = varint(block, &index) else { return nil }
      switch (key >> 3, key & 7) {
      case (2, 2):
        guard let messageLength = varint(block, &index) else { return nil }
        let messageEnd = min(infoEnd, index + Int(clamping: messageLength))
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
      var length: Int
      let offset: Int
      switch tag & 3 {
      case 0:  // a literal: its length in the tag, or in the 1–4 bytes after it
        length = Int(tag >> 2)
        if length >= 60 {
          let count = length - 59
          guard index + count <= block.count else { return nil }
          length = (0..<count).reduce(0) { $0 | Int(block[index + $1]) << (8 * $1) }
          index += count
        }
        length += 1
        let end = min(block.count, index + length)
        output += block[index..<end]
        index = end
        continue
      case 1:
        guard index < block.count else { return nil }
        length = Int((tag >> 2) & 7) + 4
        offset = Int(tag >> 5) << 8 | Int(block[index])
        index += 1
      case 2:
        guard index + 2 <= block.count else { return nil }
        length = Int(tag >> 2) + 1
        offset = Int(block[index]) | Int(block[index + 1]) << 8
        index += 2
      default:
        guard index + 4 <= block.count else { return nil }
        length = Int(tag >> 2) + 1
        offset = (0..<4).reduce(0) { $0 | Int(block[index + $1]) << (8 * $1) }
        index += 4
      }
      guard offset > 0, offset <= output.count else { return nil }
      for _ in 0..<min(length, limit - output.count) { output.append(output[output.count - offset]) }
    }
    return output
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
