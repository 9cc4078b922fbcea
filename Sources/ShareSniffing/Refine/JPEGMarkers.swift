/// The markers of a JPEG stream's head (ITU-T T.81 §B.1.1.2): start of image, then segments, each
/// a marker (`FF` and a code, fill `FF`s allowed before it) and, except for the standalone ones, a
/// two-byte big-endian length that counts itself.
enum JPEGMarkers {
  /// The most segments walked before the first frame.
  static let maxSegments = 64

  /// The code of the first start-of-frame marker (`C0`–`CF` but `C4`, `C8`, `CC`, or JPEG-LS's
  /// `F7`), or `nil` when the head is no JPEG stream or ends before a frame starts.
  static func firstFrame(_ head: [UInt8]) -> UInt8? {
    guard head.count >= 4, head[0] == 0xFF, head[1] == 0xD8 else { return nil }
    var index = 2
    for _ in 0..<maxSegments {
      guard index < head.count, head[index] == 0xFF else { return nil }
      while index < head.count, head[index] == 0xFF { index += 1 }
      guard index < head.count else { return nil }
      let code = head[index]
      index += 1
      if code == 0xF7 || ((0xC0...0xCF).contains(code) && ![0xC4, 0xC8, 0xCC].contains(code)) { return code }
      // Standalone markers (restart, start and end of image, TEM) have no length.
      if (0xD0...0xD9).contains(code) || code == 0x01 { continue }
      guard index + 1 < head.count else { return nil }
      let length = Int(head[index]) << 8 | Int(head[index + 1])
      guard length >= 2 else { return nil }
      index += length
    }
    return nil
  }
}
