/// ISO base media files (MP4, M4A, 3GP, HEIF, …) by their `ftyp` brand and their tracks:
/// libmagic 5.44 misses a few brands, and calls a file by its brand's kind where the tracks may say
/// otherwise (an iTunes `M4P` song is `video/mp4` to it, a Sony PSP `MSNV` video `audio/mp4`). A
/// change of kind is made only from the tracks, never from a brand alone.
enum ISOMedia {
  /// The libmagic answers this reader may replace.
  static let answers: Set<String> = ["video/mp4", "audio/mp4", "application/octet-stream"]

  /// Major brands libmagic misses, and the type each one is. (Brands libmagic reads —
  /// `M4A `, `M4B `, `M4P `, `M4V `, `MSNV`, `isom`, `mp41`, `3gp*`, `heic`, `avif`, `qt  ` … —
  /// are not repeated; a test holds both lists to libmagic's answers.)
  static let brands: [String: String] = [
    "XAVC": "video/mp4",  // Sony XAVC video
    "caqv": "video/mp4",  // Casio digital camera video
    "kddi": "video/3gpp2",  // KDDI 3GPP2 video
    "mjp2": "video/mj2",  // Motion JPEG 2000
    "crx ": "image/x-canon-cr3",  // Canon raw image
  ]

  /// The type of an ISO media file from its major brand, or (for `video/mp4`) from its tracks.
  static func identify(_ window: inout FileWindow, sniffed: String) -> Signature.Finding? {
    guard window.head.has("ftyp".bytes, at: 4), let size = window.head.bigEndian(0, 4), size >= 12,
      window.head.count >= 12
    else { return nil }
    let brand = String(decoding: window.head[8..<12], as: UTF8.self)
    if let type = brands[brand] {
      return Signature.Finding(type: type, evidence: SniffMessages.Evidence.majorBrand(brand, type: type))
    }
    switch (sniffed, tracks(&window)) {
    case ("video/mp4", let kinds?) where kinds.contains("soun") && !kinds.contains("vide"):
      return Signature.Finding(type: "audio/mp4", evidence: SniffMessages.Evidence.allItsTracksAreSound)
    case ("audio/mp4", let kinds?) where kinds.contains("vide"):
      return Signature.Finding(type: "video/mp4", evidence: SniffMessages.Evidence.itHasAVideoTrack)
    default:
      return nil
    }
  }

  /// The handler types of the file's tracks (`soun`, `vide`, …), or `nil` when it has no movie box.
  ///
  /// Walks the top-level boxes by their sizes (skipping `mdat` without reading it), reads the
  /// `moov` box (bounded), and reads every `hdlr` handler type in it.
  static func tracks(_ window: inout FileWindow) -> Set<String>? {
    var offset = 0
    var boxes = 0
    while offset + 8 <= window.size, boxes < 64 {
      boxes += 1
      let header = window.bytes(at: offset, count: 16)
      guard var size = header.bigEndian(0, 4).map(Int.init) else { return nil }
      if size == 1 { size = Int(clamping: header.bigEndian(8, 8) ?? 0) }
      if size == 0 { size = window.size - offset }
      guard size >= 8, size <= window.size - offset else { return nil }
      if header.has("moov".bytes, at: 4) {
        let moov = window.bytes(at: offset, count: size)
        var handlers: Set<String> = []
        var search = 0
        while let found = moov.firstIndex(of: "hdlr".bytes, from: search) {
          if found + 16 <= moov.count {
            handlers.insert(String(decoding: moov[(found + 12)..<(found + 16)], as: UTF8.self))
          }
          search = found + 4
        }
        return handlers
      }
      offset += size
    }
    return nil
  }
}
