/// Formats whose first bytes decide libmagic's answer: for them share-route answers without
/// calling libmagic (issue 16 item 5), which saves libmagic's rule walk on every such file and,
/// for a one-shot command, loading libmagic at all.
///
/// Only formats where libmagic 5.44's answer follows from these bytes alone are here, and only
/// for files of at least ``minimumSize`` bytes (libmagic calls an 8-byte PNG signature
/// `application/octet-stream`). `BufferedSniffTests` holds every entry to libmagic's own answer on
/// every sample, fixture and signature file, on each of them cut to several lengths, and on the
/// corpus when it has been made: 100 % agreement, or the test fails.
enum DecisiveSignatures {
  /// Files shorter than this always go to libmagic.
  static let minimumSize = 64

  /// One entry: the bytes, and libmagic's (canonical) answer for them.
  struct Entry: Sendable {
    let name: String
    let type: String
    let matches: @Sendable ([UInt8]) -> Bool
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
  ]

  /// The bytes of a file's head every entry looks at, at most.
  static let headBytes = 16

  /// libmagic's answer for a file of `size` bytes starting with `head` (at least ``headBytes``
  /// of it when the file has them; more is fine), when an entry decides it.
  static func type(head: [UInt8], size: Int) -> String? {
    guard size >= minimumSize else { return nil }
    return entries.first { $0.matches(head) }?.type
  }
}
