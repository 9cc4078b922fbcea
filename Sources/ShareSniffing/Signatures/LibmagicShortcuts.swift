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

  /// The bytes of a file's head every entry looks at, at most.
  static let headBytes = 16

  /// libmagic's answer for a file of `size` bytes starting with `head` (at least ``headBytes``
  /// of it when the file has them; more is fine), when an entry decides it.
  static func type(head: [UInt8], size: Int) -> String? {
    decision(head: head, size: size)?.type
  }

  /// The entry that decides a file's type, and the type; `nil` when none does.
  static func decision(head: [UInt8], size: Int) -> (entry: String, type: String)? {
    guard size >= minimumSize else { return nil }
    for entry in entries {
      if let type = entry.decide(head) { return (entry.name, type) }
    }
    return nil
  }
}
