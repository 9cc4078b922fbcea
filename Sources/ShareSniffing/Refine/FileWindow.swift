#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Bounded, positioned reads from one open regular file, for share-route's own refinements.
///
/// The bounds are what make a 10 GB file as cheap as a 10 KB one:
/// - the head: at most ``headLimit`` bytes, read once;
/// - any other region (the ZIP end record and central directory, an MP4 `moov` box, an ASF
///   header, the start of a gzip stream): at most ``regionLimit`` bytes per read, found from the
///   file's own structure, never by scanning;
/// - at most ``readLimit`` such reads per file.
///
/// The descriptor is borrowed (the caller opened it and closes it); reads use `pread`, so the
/// file offset libmagic restores is never moved.
struct FileWindow {
  /// Bytes read from the start of the file: 64 KiB.
  static let headLimit = 64 * 1024
  /// The largest single read elsewhere in the file: 1 MiB.
  static let regionLimit = 1 << 20
  /// How many region reads one file may cost.
  static let readLimit = 64

  /// The file's size when it was opened.
  let size: Int
  /// The first `min(size, headLimit)` bytes.
  let head: [UInt8]
  private let descriptor: Int32
  private var reads = 0
  /// The head as text for the text families, built on first use and shared by their detectors.
  private var sample: TextFamilies.Sample??

  /// Reads the head of an open file.
  ///
  /// - Parameters:
  ///   - descriptor: An open, readable regular file (not closed here).
  ///   - size: Its size from `fstat`.
  init(descriptor: Int32, size: Int) {
    self.descriptor = descriptor
    self.size = size
    head = Self.pread(descriptor, offset: 0, count: min(size, Self.headLimit))
  }

  /// The first `count` bytes of an open file (fewer when it is shorter), read with one `pread`.
  static func head(of descriptor: Int32, count: Int) -> [UInt8] {
    pread(descriptor, offset: 0, count: count)
  }

  /// Bytes in memory, for refinements that work on decompressed data.
  init(bytes: [UInt8]) {
    descriptor = -1
    size = bytes.count
    head = Array(bytes.prefix(Self.headLimit))
  }

  /// The head as a text sample (``TextFamilies/Sample``), or `nil` when it holds a NUL byte.
  mutating func textSample(sniffed: String) -> TextFamilies.Sample? {
    if let sample { return sample }
    let made = TextFamilies.Sample.of(head, isComplete: isComplete, sniffed: sniffed)
    sample = .some(made)
    return made
  }

  /// Whether the whole file is in ``head``.
  var isComplete: Bool { head.count == size }

  /// Up to `count` bytes at `offset`, clamped to the file and to ``regionLimit``; fewer (or
  /// none) at the end of the file, on a read error, or once ``readLimit`` reads were made.
  mutating func bytes(at offset: Int, count: Int) -> [UInt8] {
    guard offset >= 0, count > 0, offset < size else { return [] }
    let wanted = min(count, size - offset, Self.regionLimit)
    if offset + wanted <= head.count { return Array(head[offset..<offset + wanted]) }
    guard descriptor >= 0, reads < Self.readLimit else { return [] }
    reads += 1
    return Self.pread(descriptor, offset: offset, count: wanted)
  }

  private static func pread(_ descriptor: Int32, offset: Int, count: Int) -> [UInt8] {
    guard count > 0 else { return [] }
    var buffer = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let got = buffer.withUnsafeMutableBytes { raw -> Int in
        guard let base = raw.baseAddress else { return -1 }
        #if canImport(Glibc)
          return Glibc.pread(descriptor, base + filled, count - filled, off_t(offset + filled))
        #else
          return Darwin.pread(descriptor, base + filled, count - filled, off_t(offset + filled))
        #endif
      }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { break }  // end of file (the file shrank) or an error: what we have
      filled += got
    }
    return filled == count ? buffer : Array(buffer.prefix(filled))
  }
}

extension Array where Element == UInt8 {
  /// A little-endian unsigned integer at `offset`, or `nil` past the end.
  func littleEndian(_ offset: Int, _ width: Int) -> UInt64? {
    guard offset >= 0, offset + width <= count else { return nil }
    var value: UInt64 = 0
    for index in (0..<width).reversed() { value = value << 8 | UInt64(self[offset + index]) }
    return value
  }

  /// A big-endian unsigned integer at `offset`, or `nil` past the end.
  func bigEndian(_ offset: Int, _ width: Int) -> UInt64? {
    guard offset >= 0, offset + width <= count else { return nil }
    var value: UInt64 = 0
    for index in 0..<width { value = value << 8 | UInt64(self[offset + index]) }
    return value
  }

  /// Whether the bytes at `offset` are `prefix`.
  func has(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
    guard offset >= 0, offset + prefix.count <= count else { return false }
    return self[offset..<offset + prefix.count].elementsEqual(prefix)
  }

  /// The first index of `needle` at or after `start`, or `nil`.
  func firstIndex(of needle: [UInt8], from start: Int = 0) -> Int? {
    guard let first = needle.first, needle.count <= count else { return nil }
    var index = Swift.max(start, 0)
    while index + needle.count <= count {
      if self[index] == first && has(needle, at: index) { return index }
      index += 1
    }
    return nil
  }
}

extension String {
  /// The ASCII bytes of a literal signature.
  var bytes: [UInt8] { Array(utf8) }
}
