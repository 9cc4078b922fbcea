/// MPEG audio Layer I streams (ISO/IEC 11172-3 §2.4.2.3, 13818-3 for the lower sampling rates):
/// frames one after another, each a 4-byte header (sync `FFF` in 11 bits, version, layer `11`, a
/// bitrate and a sampling rate) and a body whose length those give. libmagic 5.44 knows Layer II
/// and III streams but calls a Layer I stream unknown data.
enum MPEGAudio {
  /// The frames that must follow each other from the file's first byte.
  static let framesRequired = 3

  /// Whether the head starts with `framesRequired` Layer I frames of one version and sampling
  /// rate, each where the one before ends.
  static func isLayerI(_ head: [UInt8]) -> Bool {
    var offset = 0
    var first: (version: UInt8, rate: UInt8)?
    for _ in 0..<framesRequired {
      guard let frame = layerIFrame(head, at: offset) else { return false }
      if let first, first != (frame.version, frame.rate) { return false }
      first = (frame.version, frame.rate)
      offset += frame.length
    }
    return true
  }

  /// The Layer I frame header at `offset`: its version and sampling-rate bits and the frame's length.
  private static func layerIFrame(_ head: [UInt8], at offset: Int) -> (version: UInt8, rate: UInt8, length: Int)? {
    guard offset + 4 <= head.count, head[offset] == 0xFF, head[offset + 1] & 0xE0 == 0xE0 else { return nil }
    let version = (head[offset + 1] >> 3) & 0x03  // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5, 1: reserved
    let layer = (head[offset + 1] >> 1) & 0x03  // 3: Layer I
    let bitrateIndex = Int(head[offset + 2] >> 4)
    let rateIndex = (head[offset + 2] >> 2) & 0x03
    let padding = Int((head[offset + 2] >> 1) & 0x01)
    guard version != 1, layer == 3, (1...14).contains(bitrateIndex), rateIndex != 3 else { return nil }
    let kbps = (version == 3 ? mpeg1Kbps : mpeg2Kbps)[bitrateIndex]
    let rate = [44_100, 48_000, 32_000][Int(rateIndex)] >> (version == 3 ? 0 : version == 2 ? 1 : 2)
    return (version, rateIndex, (12 * kbps * 1000 / rate + padding) * 4)
  }

  /// Layer I bitrates (kbit/s) by index, MPEG-1 and MPEG-2/2.5.
  private static let mpeg1Kbps = [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448]
  private static let mpeg2Kbps = [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256]
}
