/// Formats whose first bytes decide libmagic's answer: for them share-route answers without
/// calling libmagic, which saves libmagic's rule walk on every such file and,
/// for a one-shot command, loading libmagic at all.
///
/// Only formats where libmagic 5.44's answer follows from these bytes alone are here, and only
/// for files of at least ``minimumSize`` bytes (libmagic calls an 8-byte PNG signature
/// `application/octet-stream`). `BufferedSniffTests` holds every entry to libmagic's own answer on
/// every sample, fixture and signature file, on each of them cut to several lengths, and on the
/// corpus when it has been made: 100 % agreement, or the test fails.
enum LibmagicShortcuts {
  /// Files shorter than this always go to libmagic.
  static let minimumSize = 64

  /// One entry: the bytes it decides, and libmagic's (canonical) answer for them.
  struct Entry: Sendable {
    let name: String
    /// libmagic's canonical answer for a head, or `nil` when the entry does not decide it.
    let decide: @Sendable ([UInt8]) -> String?

    /// An entry with one answer, for the heads that `matches` accepts.
    init(name: String, type: String, matches: @escaping @Sendable ([UInt8]) -> Bool) {
      self.name = name
      decide = { head in matches(head) ? type : nil }
    }

    /// An entry whose answer depends on the head.
    init(name: String, decide: @escaping @Sendable ([UInt8]) -> String?) {
      self.name = name
      self.decide = decide
    }
  }

  /// The bytes after `FF D8 FF` that start a JPEG segment libmagic reads as JPEG: APPn, DQT,
  /// SOFn, DHT, COM.
  static let jpegMarkers: Set<UInt8> = Set(0xE0...0xEF).union([0xDB, 0xC0, 0xC1, 0xC2, 0xC4, 0xFE])

  static let entries: [Entry] = [
    Entry(name: "png", type: "image/png") { head in
      head.has(ByteSignatures.png) && head.has("IHDR".bytes, at: 12)
    },
    Entry(name: "jpeg", type: "image/jpeg") { head in
      head.has(ByteSignatures.jpeg) && head.count > 3 && jpegMarkers.contains(head[3])
    },
    Entry(name: "gif", type: "image/gif") { head in head.has("GIF87a".bytes) || head.has("GIF89a".bytes) },
    Entry(name: "pdf", type: "application/pdf") { head in head.has("%PDF-".bytes) },
    Entry(name: "webp", type: "image/webp") { head in head.has("RIFF".bytes) && head.has("WEBPVP8".bytes, at: 8) },
    Entry(name: "gzip", type: "application/gzip") { head in head.has([0x1F, 0x8B, 0x08]) },
    Entry(name: "flac", type: "audio/flac") { head in head.has("fLaC".bytes) && head.count > 4 && head[4] & 0x7F == 0 },
    Entry(name: "iso-media") { head in
      guard head.has("ftyp".bytes, at: 4), head.count >= 12 else { return nil }
      return isoMediaTypes[Array(head[8..<12])]
    },
    // `Magdir/animation`: after an ID3v2 tag (its synchsafe size at 6), libmagic names what
    // follows; an MPEG layer III frame header (sync, a version that is not reserved, a bitrate
    // index 1 to 14) is audio/mpeg. A tag longer than the head, or anything else after it, goes
    // to libmagic (ADTS and FLAC behind a tag are other types; a bitrate index of 0 or 15 is not MPEG to it).
    Entry(name: "id3-mp3", type: "audio/mpeg") { head in
      guard head.has("ID3".bytes), head.count >= 10 else { return false }
      let size = head[6..<10].reduce(0) { $0 << 7 | Int($1 & 0x7F) }
      let frame = 10 + size
      guard frame + 3 <= head.count, head[frame] == 0xFF else { return false }
      let version = head[frame + 1] >> 3 & 0b11, layer = head[frame + 1] >> 1 & 0b11, bitrate = head[frame + 2] >> 4
      return head[frame + 1] & 0xE0 == 0xE0 && version != 0b01 && layer == 0b01 && (1...14).contains(bitrate)
    },
    // `Magdir/vorbis`: an Ogg page whose first packet names a codec libmagic knows.
    Entry(name: "ogg") { head in
      guard head.has("OggS".bytes) else { return nil }
      for (codec, type) in oggCodecs where head.has(codec, at: 28) { return type }
      return nil
    },
    Entry(name: "wav", type: "audio/x-wav") { head in head.has("RIFF".bytes) && head.has("WAVE".bytes, at: 8) },
    Entry(name: "avi", type: "video/x-msvideo") { head in head.has("RIFF".bytes) && head.has("AVI ".bytes, at: 8) },
    Entry(name: "aiff", type: "audio/x-aiff") { head in
      head.has("FORM".bytes) && (head.has("AIFF".bytes, at: 8) || head.has("AIFC".bytes, at: 8))
    },
    // `Magdir/matroska`: the EBML magic, then the first DocType element (42 82) within 4,096
    // bytes, its one size byte, and `webm` or `matroska`; any other DocType goes to libmagic.
    Entry(name: "matroska") { head in
      guard head.has([0x1A, 0x45, 0xDF, 0xA3]), head.count > 4 else { return nil }
      let window = head[4..<min(head.count, 4 + 4096)]
      guard let id = window.indices.first(where: { $0 + 1 < head.count && head[$0] == 0x42 && head[$0 + 1] == 0x82 }) else {
        return nil
      }
      if head.has("webm".bytes, at: id + 3) { return "video/webm" }
      if head.has("matroska".bytes, at: id + 3) { return "video/x-matroska" }
      return nil
    },
    // `Magdir/images`: a DIB header of one of the sizes Windows and OS/2 write.
    Entry(name: "bmp", type: "image/bmp") { head in
      guard head.has("BM".bytes), head.count >= 18 else { return false }
      let header = Int(head[14]) | Int(head[15]) << 8 | Int(head[16]) << 16 | Int(head[17]) << 24
      return [12, 40, 52, 56, 64, 108, 124].contains(header)
    },
    // TIFF, but not a Canon CR2 (`CR` at 8), which libmagic names on its own.
    Entry(name: "tiff", type: "image/tiff") { head in
      (head.has([0x49, 0x49, 0x2A, 0x00]) || head.has([0x4D, 0x4D, 0x00, 0x2A])) && head.count >= 10
        && !head.has("CR".bytes, at: 8)
    },
    Entry(name: "7z", type: "application/x-7z-compressed") { head in head.has([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C]) },
    Entry(name: "xz", type: "application/x-xz") { head in head.has([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) },
    Entry(name: "zstd", type: "application/zstd") { head in head.has([0x28, 0xB5, 0x2F, 0xFD]) },
    Entry(name: "bzip2", type: "application/x-bzip2") { head in
      head.has("BZh".bytes) && head.count > 3 && (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(head[3])
    },
  ]

  /// The codecs of an Ogg stream's first packet (at byte 28) and libmagic's type for each.
  static let oggCodecs: [(codec: [UInt8], type: String)] = [
    ([0x01] + "vorbis".bytes, "audio/ogg"), ("OpusHead".bytes, "audio/ogg"), ([0x7F] + "FLAC".bytes, "audio/ogg"),
    ("Speex   ".bytes, "audio/ogg"), ([0x80] + "theora".bytes, "video/ogg"),
  ]

  /// ISO base media files (MP4, QuickTime, M4A, HEIF, AVIF, 3GPP): libmagic 5.44 names the type
  /// from the major brand alone (`Magdir/animation`: `4 string ftyp`, then one `>8 string` rule
  /// with a MIME type per brand). Only brands whose rule sets a MIME type, that no other brand
  /// rule also matches with another type, and that phones and cameras write are listed; the
  /// differential test writes each of them into real files and asks libmagic.
  static let isoMediaBrands: [(brand: String, type: String)] = [
    ("isom", "video/mp4"), ("iso2", "video/mp4"), ("iso4", "video/mp4"), ("iso5", "video/mp4"),
    ("iso6", "video/mp4"), ("mp41", "video/mp4"), ("mp42", "video/mp4"), ("avc1", "video/mp4"),
    ("dash", "video/mp4"), ("M4A ", "audio/x-m4a"), ("M4B ", "audio/mp4"), ("M4V ", "video/x-m4v"),
    ("qt  ", "video/quicktime"), ("heic", "image/heic"), ("heix", "image/heic"), ("mif1", "image/heif"),
    ("msf1", "image/heif-sequence"), ("hevc", "image/heic-sequence"), ("avif", "image/avif"),
    ("avis", "image/avif"), ("3gp4", "video/3gpp"), ("3gp5", "video/3gpp"), ("3gp6", "video/3gpp"),
    ("3g2a", "video/3gpp2"),
  ]

  /// ``isoMediaBrands`` by the brand's bytes, with canonical types.
  static let isoMediaTypes: [[UInt8]: String] = Dictionary(
    uniqueKeysWithValues: isoMediaBrands.map { (Array($0.brand.utf8), TypePolicy.canonical($0.type)) })

  /// The bytes of a file's head the entries look at, at most (a Matroska DocType may be 4 KiB in;
  /// an ID3 tag longer than this leaves its file to libmagic).
  static let headBytes = 4 + 4096 + 16

  /// libmagic's answer for a file of `size` bytes starting with `head` (at least ``headBytes``
  /// of it when the file has them; more is fine), when an entry decides it.
  static func type(head: [UInt8], size: Int) -> String? {
    decision(head: head, size: size)?.type
  }

  /// The entry that decides a file's type, and the type; `nil` when none does.
  static func decision(head: [UInt8], size: Int) -> (entry: String, type: String)? {
    guard size >= minimumSize else { return nil }
    for entry in entries {
      if let type = entry.decide(head) { return (entry.name, TypePolicy.canonical(type)) }
    }
    return nil
  }
}
