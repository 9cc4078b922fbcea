internal import CZlib

/// Deflate data decompressed with zlib, never past a limit: the one place that drives zlib.
package enum Inflate {
  /// Why a stream could not be decompressed.
  package enum Failure: Error, Equatable, Sendable {
    /// zlib found the data damaged (or cut short).
    case corrupt
    /// More than the limit would come out: a compression bomb, or a member larger than allowed.
    case tooLarge(limit: Int)
  }

  /// The whole of a raw deflate stream (a ZIP member), at most `limit` bytes of output.
  ///
  /// - Throws: ``Failure/tooLarge(limit:)`` as soon as the output passes `limit` (decompression
  ///   stops there: a bomb costs at most `limit` bytes), ``Failure/corrupt`` when the stream is
  ///   damaged or ends early.
  package static func whole(raw compressed: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
    var stream = z_stream()
    guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      throw .corrupt
    }
    defer { inflateEnd(&stream) }
    let chunk = 64 * 1024
    var output: [UInt8] = []
    var input = compressed
    var status = Z_OK
    var buffer = [UInt8](repeating: 0, count: chunk)
    try input.withUnsafeMutableBufferPointer { (inBuffer) throws(Failure) in
      stream.next_in = inBuffer.baseAddress
      stream.avail_in = uInt(inBuffer.count)
      while status != Z_STREAM_END {
        let produced = buffer.withUnsafeMutableBufferPointer { outBuffer -> Int in
          stream.next_out = outBuffer.baseAddress
          stream.avail_out = uInt(outBuffer.count)
          status = CZlib.inflate(&stream, Z_NO_FLUSH)
          return outBuffer.count - Int(stream.avail_out)
        }
        guard status == Z_OK || status == Z_STREAM_END else { throw .corrupt }
        if output.count + produced > limit { throw .tooLarge(limit: limit) }
        output += buffer.prefix(produced)
        // No progress and no input left: the stream ended early.
        if status == Z_OK && produced == 0 && stream.avail_in == 0 { throw .corrupt }
      }
    }
    return output
  }

  /// The first bytes of a stream, at most `limit`, or `nil` when zlib fails before producing
  /// anything: enough to look at the start of a file (whatever follows may be damaged or cut).
  ///
  /// - Parameter gzip: A gzip stream (its wrapper is read), else raw deflate.
  package static func prefix(_ compressed: [UInt8], gzip: Bool, limit: Int) -> [UInt8]? {
    var stream = z_stream()
    // A 32 KiB window; 16 more reads the gzip wrapper, negative is raw deflate.
    guard inflateInit2_(&stream, gzip ? 15 + 16 : -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      return nil
    }
    defer { inflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: limit)
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

  /// The CRC-32 of bytes (ZIP's check of each member).
  package static func crc32(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
      UInt32(CZlib.crc32(0, buffer.baseAddress, uInt(buffer.count)))
    }
  }
}
