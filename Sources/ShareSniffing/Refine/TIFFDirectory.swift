/// The first image file directory of a TIFF file (TIFF 6.0 §2): the byte order (`II` or `MM`, then
/// 42), the offset of the first directory, and in it a count of 12-byte entries, each starting
/// with its tag.
enum TIFFDirectory {
  /// The most entries read from a directory.
  static let maxEntries = 1000

  /// The tags of the first directory, or `nil` when the head is no TIFF header or ends before
  /// the directory does.
  static func firstTags(_ head: [UInt8]) -> [UInt16]? {
    let little: Bool
    if head.has([0x49, 0x49, 0x2A, 0x00]) {
      little = true
    } else if head.has([0x4D, 0x4D, 0x00, 0x2A]) {
      little = false
    } else {
      return nil
    }
    func number(_ offset: Int, _ width: Int) -> Int? {
      (little ? head.littleEndian(offset, width) : head.bigEndian(offset, width)).map { Int($0) }
    }
    guard let directory = number(4, 4), directory >= 8, let count = number(directory, 2), count <= maxEntries,
      directory + 2 + 12 * count <= head.count
    else { return nil }
    return (0..<count).compactMap { number(directory + 2 + 12 * $0, 2).map(UInt16.init) }
  }

  /// DNG's own tag, `DNGVersion` (Adobe's DNG specification 1.7, chapter 4): in the first
  /// directory of every DNG file.
  static let dngVersion: UInt16 = 0xC612
}
