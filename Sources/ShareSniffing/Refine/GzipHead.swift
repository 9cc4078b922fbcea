internal import CZlib

/// The first bytes of compressed data, decompressed in memory with zlib: enough to tell an SVG
/// (`.svgz`) from any other gzip file without `MAGIC_COMPRESS` (which forks decompressors,
/// `docs/sniffing.md#how-much-is-read`), and to read a deflated ZIP `mimetype` member. At most
/// ``FileWindow/headLimit`` bytes in and ``outputLimit`` out.
enum GzipHead {
  /// Decompressed bytes looked at: 8 KiB (an SVG's root element comes first).
  static let outputLimit = 8 * 1024

  /// The first decompressed bytes of a gzip file's head, or `nil` when it is not gzip or zlib
  /// fails before producing anything.
  static func inflate(_ compressed: [UInt8]) -> [UInt8]? {
    guard compressed.has([0x1F, 0x8B]) else { return nil }
    return inflate(compressed, windowBits: 15 + 16)  // a 32 KiB window and a gzip wrapper
  }

  /// The first decompressed bytes of raw deflate data (a ZIP member), or `nil`.
  static func inflate(raw compressed: [UInt8]) -> [UInt8]? {
    inflate(compressed, windowBits: -15)
  }

  private static func inflate(_ compressed: [UInt8], windowBits: Int32) -> [UInt8]? {
    var stream = z_stream()
    guard inflateInit2_(&stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      return nil
    }
    defer { inflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: outputLimit)
    var input = compressed
    let produced = input.withUnsafeMutableBufferPointer { inBuffer -> Int in
      output.withUnsafeMutableBufferPointer { outBuffer -> Int in
        stream.next_in = inBuffer.baseAddress
        stream.avail_in = uInt(inBuffer.count)
        stream.next_out = outBuffer.baseAddress
        stream.avail_out = uInt(outBuffer.count)
        let status = CZlib.inflate(&stream, Z_SYNC_FLUSH)
        guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { return 0 }
        return outBuffer.count - Int(stream.avail_out)
      }
    }
    return produced > 0 ? Array(output.prefix(produced)) : nil
  }
}
