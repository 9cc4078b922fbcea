/// Audio and video formats libmagic 5.44 misses or gets the wrong kind for
/// (`docs/sniffing.md#libmagics-answers`), and the PDF header it misses behind leading bytes.
enum MediaContainers {
  // MARK: ASF (WMA / WMV)

  static let asfHeader: [UInt8] = [
    0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11, 0xA6, 0xD9, 0x00, 0xAA, 0x00, 0x62, 0xCE, 0x6C,
  ]
  /// ASF_Audio_Media F8699E40-5B4D-11CF-A8FD-00805F5C442B, as stored (little-endian fields).
  static let asfAudioStream: [UInt8] = [
    0x40, 0x9E, 0x69, 0xF8, 0x4D, 0x5B, 0xCF, 0x11, 0xA8, 0xFD, 0x00, 0x80, 0x5F, 0x5C, 0x44, 0x2B,
  ]
  /// ASF_Video_Media BC19EFC0-5B4D-11CF-A8FD-00805F5C442B.
  static let asfVideoStream: [UInt8] = [
    0xC0, 0xEF, 0x19, 0xBC, 0x4D, 0x5B, 0xCF, 0x11, 0xA8, 0xFD, 0x00, 0x80, 0x5F, 0x5C, 0x44, 0x2B,
  ]

  /// Audio-only ASF is WMA; ASF with a video stream stays ASF (a `.wmv` name may then break the
  /// tie, see ``NameRule``).
  static func asf(_ window: inout FileWindow) -> Signature.Finding? {
    guard window.head.has(asfHeader), let headerSize = window.head.littleEndian(16, 8) else { return nil }
    let header = window.bytes(at: 0, count: Int(clamping: headerSize))
    let hasVideo = header.firstIndex(of: asfVideoStream) != nil
    let hasAudio = header.firstIndex(of: asfAudioStream) != nil
    if hasAudio && !hasVideo { return Signature.Finding(type: "audio/x-ms-wma", evidence: SniffMessages.Evidence.itsAsfHeaderListsOnlyAudio) }
    return nil
  }

  // MARK: Animated PNG

  /// Whether a PNG is animated: an `acTL` chunk before the first `IDAT` (APNG 1.0, "Structure"),
  /// found by walking the chunks of the head (at most 1,000 of them).
  static func isAnimatedPNG(_ head: [UInt8]) -> Bool {
    guard head.has(ByteSignatures.png) else { return false }
    var offset = ByteSignatures.png.count
    for _ in 0..<1000 {
      guard let length = head.bigEndian(offset, 4), offset + 8 <= head.count else { return false }
      if head.has("acTL".bytes, at: offset + 4) { return true }
      if head.has("IDAT".bytes, at: offset + 4) || head.has("IEND".bytes, at: offset + 4) { return false }
      // length, type, data, CRC
      offset += 12 + Int(length)
    }
    return false
  }

  // MARK: Core Audio Format, MPEG transport stream

  /// `caff` followed by file version 1.
  static func isCAF(_ head: [UInt8]) -> Bool {
    head.has("caff".bytes) && head.bigEndian(4, 2) == 1
  }

  /// Sync bytes 0x47 every 188 bytes (TS) or every 192 bytes after a 4-byte timestamp (M2TS),
  /// for every whole packet in the head, at least three.
  static func isTransportStream(_ head: [UInt8]) -> Bool {
    for (start, stride) in [(0, 188), (4, 192)] {
      let packets = min((head.count - start) / stride, 40)
      guard packets >= 3 else { continue }
      if (0..<packets).allSatisfy({ head[start + $0 * stride] == 0x47 }) { return true }
    }
    return false
  }

  // MARK: PDF

  /// `%PDF-` within the first 1,024 bytes: readers accept a header there (PDF 1.7 Implementation
  /// Note 13), and libmagic only looks at offset 0.
  static func pdfHeaderOffset(_ head: [UInt8]) -> Int? {
    guard let found = Array(head.prefix(1024)).firstIndex(of: "%PDF-".bytes), found > 0 else { return nil }
    return found
  }
}
