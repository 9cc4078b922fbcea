import ShareArchives

/// A problem in a built artifact's binary data: the member it is in, the byte offset in that
/// member, and what is wrong (worded in ``ArtifactMessages``).
struct ArtifactFailure: Error, Sendable {
  var offset: Int?
  var message: String
}

/// Little-endian reads inside one member's bytes, each checked against its end: Android's
/// chunked formats (compiled XML, `resources.arsc`) and protocol buffers are read through it.
struct ChunkReader {
  let bytes: [UInt8]

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var count: Int { bytes.count }

  /// An unsigned little-endian number of `width` bytes at `offset`.
  func number(_ offset: Int, _ width: Int) throws(ArtifactFailure) -> Int {
    guard offset >= 0, width <= bytes.count, offset <= bytes.count - width else {
      throw ArtifactFailure(offset: offset, message: ArtifactMessages.pastEnd(width: width, size: bytes.count))
    }
    return LittleEndian.number(bytes, at: offset, width: width)
  }

  func u8(_ offset: Int) throws(ArtifactFailure) -> Int { try number(offset, 1) }
  func u16(_ offset: Int) throws(ArtifactFailure) -> Int { try number(offset, 2) }
  func u32(_ offset: Int) throws(ArtifactFailure) -> Int { try number(offset, 4) }

  /// A chunk header at `offset` (`ResChunk_header`: type, header size, size), checked to lie
  /// inside `end` and to be at least as large as its header.
  func chunk(at offset: Int, end: Int) throws(ArtifactFailure) -> (type: Int, headerSize: Int, size: Int) {
    let type = try u16(offset)
    let headerSize = try u16(offset + 2)
    let size = try u32(offset + 4)
    guard headerSize >= 8, size >= headerSize, offset + size <= end else {
      throw ArtifactFailure(offset: offset, message: ArtifactMessages.badChunk(type: type, headerSize: headerSize, size: size, room: end - offset))
    }
    return (type, headerSize, size)
  }
}

/// A string pool (`ResStringPool_header`): UTF-8 or UTF-16 strings, decoded one at a time when
/// asked (a `resources.arsc` pool may hold 100,000 strings; a label needs one).
struct StringPool {
  private let reader: ChunkReader
  private let offsetsStart: Int
  private let stringsStart: Int
  private let end: Int
  private let utf8: Bool
  /// How many strings the pool holds.
  let count: Int

  /// Reads the pool chunk at `offset`.
  init(_ reader: ChunkReader, at offset: Int) throws(ArtifactFailure) {
    let header = try reader.chunk(at: offset, end: reader.count)
    guard header.type == 0x0001, header.headerSize >= 28 else {
      throw ArtifactFailure(offset: offset, message: ArtifactMessages.expectedChunk("string pool", found: header.type))
    }
    self.reader = reader
    count = try reader.u32(offset + 8)
    utf8 = try reader.u32(offset + 16) & 0x100 != 0
    offsetsStart = offset + header.headerSize
    stringsStart = offset + (try reader.u32(offset + 20))
    end = offset + header.size
    // Each string needs an offset entry of four bytes: a count larger than the chunk is a lie.
    guard count <= (header.size - header.headerSize) / 4, stringsStart <= end else {
      throw ArtifactFailure(offset: offset, message: ArtifactMessages.poolTooLarge(count, size: header.size))
    }
  }

  /// The string at `index`.
  func string(_ index: Int) throws(ArtifactFailure) -> String {
    guard index >= 0, index < count else {
      throw ArtifactFailure(offset: offsetsStart, message: ArtifactMessages.stringIndex(index, count: count))
    }
    var position = stringsStart + (try reader.u32(offsetsStart + index * 4))
    func fail() -> ArtifactFailure { ArtifactFailure(offset: position, message: ArtifactMessages.stringPastPool(index)) }
    if utf8 {
      // Two lengths (UTF-16 units, then bytes), each one byte or two with the high bit set.
      var lengths: [Int] = []
      for _ in 0..<2 {
        let first = try reader.u8(position)
        if first & 0x80 != 0 {
          lengths.append((first & 0x7F) << 8 | (try reader.u8(position + 1)))
          position += 2
        } else {
          lengths.append(first)
          position += 1
        }
      }
      let length = lengths[1]
      guard position + length <= end else { throw fail() }
      return String(decoding: reader.bytes[position..<(position + length)], as: UTF8.self)
    }
    var length = try reader.u16(position)
    if length & 0x8000 != 0 {
      length = (length & 0x7FFF) << 16 | (try reader.u16(position + 2))
      position += 4
    } else {
      position += 2
    }
    guard length <= (end - position) / 2 else { throw fail() }
    var units: [UInt16] = []
    units.reserveCapacity(length)
    for unit in 0..<length { units.append(UInt16(try reader.u16(position + unit * 2))) }
    return String(decoding: units, as: UTF16.self)
  }
}
