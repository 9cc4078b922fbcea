import ShareArchives

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
    return Inflate.prefix(compressed, gzip: true, limit: outputLimit)
  }

  /// The first decompressed bytes of raw deflate data (a ZIP member), or `nil`.
  static func inflate(raw compressed: [UInt8]) -> [UInt8]? {
    Inflate.prefix(compressed, gzip: false, limit: outputLimit)
  }
}
