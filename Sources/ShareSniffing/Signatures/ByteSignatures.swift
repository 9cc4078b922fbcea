/// Formats whose first bytes decide them, where libmagic 5.44 gives a generic answer on small
/// or cut-short files (`text/plain`, `application/octet-stream`, even `text/troff` for a file
/// starting with `.`): a table in the manner of Go's `net/http` sniffer, each entry a name, the
/// type and the bytes, with a check of the bytes after the magic where a prefix alone could be
/// ordinary text.
enum ByteSignatures {
  /// One entry: the magic at an offset, and an optional check of what follows.
  struct Entry: Sendable {
    let name: String
    let type: String
    let magic: [UInt8]
    let offset: Int
    /// A further condition on the head (e.g. a version field), when the magic alone is not enough.
    let accepts: @Sendable ([UInt8]) -> Bool
    /// The libmagic answers it may replace: the generic ones, and any it is known to get wrong
    /// for this format.
    let replaces: Set<String>
    /// What the evidence says, when the magic bytes alone say too little (`it starts with "0"`).
    let evidence: String?

    init(_ name: String, _ type: String, _ magic: [UInt8], at offset: Int = 0, alsoReplaces: Set<String> = [],
         evidence: String? = nil, accepts: @escaping @Sendable ([UInt8]) -> Bool = { _ in true }) {
      self.evidence = evidence
      self.name = name
      self.type = type
      self.magic = magic
      self.offset = offset
      self.accepts = accepts
      replaces = Signature.generic.union(alsoReplaces)
    }

    init(_ name: String, _ type: String, _ text: String, at offset: Int = 0, alsoReplaces: Set<String> = [],
         evidence: String? = nil, accepts: @escaping @Sendable ([UInt8]) -> Bool = { _ in true }) {
      self.init(name, type, Array(text.utf8), at: offset, alsoReplaces: alsoReplaces, evidence: evidence, accepts: accepts)
    }

    /// Whether a head starts with this format.
    func matches(_ head: [UInt8]) -> Bool {
      head.has(magic, at: offset) && accepts(head)
    }

    /// The entry as a detector of the signature table, for libmagic's generic answers.
    var signature: Signature {
      let entry = self
      return Signature(name, replaces: replaces) { window, _ in
        entry.matches(window.head)
          ? Signature.Finding(
            type: entry.type, evidence: entry.evidence ?? SniffMessages.Evidence.magic(entry.magic, at: entry.offset))
          : nil
      }
    }
  }

  /// The byte after the magic, when the file goes on: one of `allowed` (or the file ends).
  static func followedBy(_ length: Int, _ allowed: Set<UInt8>) -> @Sendable ([UInt8]) -> Bool {
    { head in head.count == length || allowed.contains(head[length]) }
  }

  /// Line ends and blanks: what may follow a text signature such as `WEBVTT`.
  static let lineBreakOrBlank: Set<UInt8> = [0x0A, 0x0D, 0x20, 0x09]

  /// The PNG signature (PNG §5.2).
  static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  /// A JPEG's start of image and the first marker's `FF`.
  static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF]

  /// Every entry, in the order tried.
  static let entries: [Entry] = [
    Entry("png", "image/png", png),
    Entry("jpeg", "image/jpeg", jpeg),
    // ID3v2: "ID3", then a major version 2–4 and a revision below 0xFF (ID3v2.4 §3.1).
    Entry("mp3-id3", "audio/mpeg", "ID3") { head in
      head.count == 3 || ((2...4).contains(head[3]) && (head.count == 4 || head[4] != 0xFF))
    },
    Entry("7z", "application/x-7z-compressed", [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C]),
    // Photoshop: "8BPS", then version 1 (PSD) or 2 (PSB).
    Entry("psd", "image/vnd.adobe.photoshop", "8BPS") { head in
      head.count < 6 || (head[4] == 0 && (head[5] == 1 || head[5] == 2))
    },
    Entry("rtf", "text/rtf", "{\\rtf"),
    // WebVTT: "WEBVTT" alone on its line or followed by a blank (W3C WebVTT §4.1), after an optional BOM.
    Entry("webvtt", "text/vtt", "WEBVTT", accepts: followedBy(6, lineBreakOrBlank)),
    Entry("webvtt-bom", "text/vtt", [0xEF, 0xBB, 0xBF] + Array("WEBVTT".utf8), accepts: followedBy(9, lineBreakOrBlank)),
    // Extended M3U: "#EXTM3U" on the first line; a playlist with HLS tags is an HLS playlist (RFC 8216).
    Entry("m3u-hls", "application/vnd.apple.mpegurl", "#EXTM3U") { head in
      (head.count == 7 || lineBreakOrBlank.contains(head[7])) && head.firstIndex(of: Array("#EXT-X-".utf8)) != nil
    },
    Entry("m3u", "audio/x-mpegurl", "#EXTM3U", accepts: followedBy(7, lineBreakOrBlank)),
    // Sun/NeXT audio: ".snd", then a header size of at least 24 (big-endian) when present.
    Entry("sun-au", "audio/basic", ".snd") { head in
      head.count < 8 || (head.bigEndian(4, 4).map { $0 >= 24 } ?? false)
    },
    Entry("realmedia", "application/vnd.rn-realmedia", ".RMF"),
    Entry("realaudio", "audio/x-pn-realaudio", [0x2E, 0x72, 0x61, 0xFD]),
    Entry("xpm", "image/x-xpixmap", "/* XPM */"),
    Entry("radiance-hdr", "image/vnd.radiance", "#?RADIANCE"),
    Entry("radiance-rgbe", "image/vnd.radiance", "#?RGBE"),
    // Cabinet: "MSCF" and four reserved zero bytes (MS-CAB §2.1).
    Entry("cab", "application/vnd.ms-cab-compressed", [0x4D, 0x53, 0x43, 0x46, 0, 0, 0, 0]),
    Entry("deb", "application/vnd.debian.binary-package", "!<arch>\ndebian-binary"),
    Entry("ar", "application/x-archive", "!<arch>\n"),
    Entry("zstd", "application/zstd", [0x28, 0xB5, 0x2F, 0xFD]),
    // A zstd skippable frame: 0x184D2A50–5F, little-endian.
    Entry("zstd-skippable", "application/zstd", [0x2A, 0x4D, 0x18], at: 1) { head in head[0] & 0xF0 == 0x50 },
    Entry("jpeg-xr", "image/jxr", [0x49, 0x49, 0xBC, 0x01]),
    // Embedded OpenType: the "LP" magic at byte 34 and a known version (EOT §2).
    Entry("eot", "application/vnd.ms-fontobject", [0x4C, 0x50], at: 34) { head in
      [0x0001_0000, 0x0002_0001, 0x0002_0002].contains(head.littleEndian(8, 4) ?? 0)
    },
    // Shell link: header size 0x4C and the link CLSID 00021401-0000-0000-C000-000000000046 (MS-SHLLINK §2.1).
    Entry(
      "windows-shortcut", "application/x-ms-shortcut",
      [0x4C, 0, 0, 0, 0x01, 0x14, 0x02, 0, 0, 0, 0, 0, 0xC0, 0, 0, 0, 0, 0, 0, 0x46]),
    // TrueType/OpenType collection: "ttcf", then version 1.0 or 2.0 (OpenType, "TTC Header");
    // libmagic 5.44 calls it font/sfnt (font/ttf).
    Entry("ttc", "font/collection", "ttcf", alsoReplaces: ["font/ttf"]) { head in
      head.count < 8 || (head.bigEndian(4, 4).map { $0 == 0x0001_0000 || $0 == 0x0002_0000 } ?? false)
    },
    // WebAssembly: "\0asm", then a little-endian version (WebAssembly Core §5.5.16): 1 since the
    // MVP, 0x0B–0x0D in the 2016 previews browsers shipped; nothing else follows NUL "asm".
    Entry("wasm", "application/wasm", [0x00, 0x61, 0x73, 0x6D]) { head in
      head.count == 4 || (head.count >= 8 && head[4] != 0 && head[5] == 0 && head[6] == 0 && head[7] == 0)
    },
    // Time-zone information: "TZif", then a version of NUL, '2', '3' or '4' (RFC 8536 §3.1).
    Entry("tzif", "application/tzif", "TZif") { head in head.count < 5 || [0x00, 0x32, 0x33, 0x34].contains(head[4]) },
    // ESRI shapefile and its index: file code 9994 (big-endian) and version 1000 (little-endian at
    // byte 28); the main file's first record header starts with record number 1, the index's first
    // entry with the offset 50 (ESRI Shapefile Technical Description, "Main File Header").
    Entry("shapefile", "application/vnd.shp", [0x00, 0x00, 0x27, 0x0A], evidence: SniffMessages.Evidence.shapefile) { head in
      head.count >= 108 && head.littleEndian(28, 4) == 1000 && head.bigEndian(100, 4) == 1
    },
    Entry("shapefile-index", "application/vnd.shx", [0x00, 0x00, 0x27, 0x0A], evidence: SniffMessages.Evidence.shapefileIndex) { head in
      head.count >= 108 && head.littleEndian(28, 4) == 1000 && head.bigEndian(100, 4) == 50
    },
    // SGI image (libmagic knows it but gives no type): magic 474, storage 0 (verbatim) or 1 (RLE),
    // 1 or 2 bytes per channel, 1–3 dimensions, a width and a height, 1–4 channels, and a
    // colormap ID of 0–3 at byte 104 (Haeberli's "The SGI Image File Format", version 1.0).
    Entry("sgi", "image/x-sgi", [0x01, 0xDA], evidence: SniffMessages.Evidence.sgiHeader) { head in
      guard head.count >= 108, head[2] <= 1, (1...2).contains(head[3]),
        let dimension = head.bigEndian(4, 2), (1...3).contains(dimension),
        let width = head.bigEndian(6, 2), width > 0, let height = head.bigEndian(8, 2), height > 0,
        let channels = head.bigEndian(10, 2), (1...4).contains(channels), let colormap = head.bigEndian(104, 4)
      else { return false }
      return colormap <= 3
    },
    // MARC 21 record: a five-digit record length, "22" indicator and subfield-code counts at byte
    // 10, and the entry map "4500" at byte 20 (MARC 21 Format, "Leader").
    Entry("marc", "application/marc", "22", at: 10, evidence: SniffMessages.Evidence.marcLeader) { head in
      head.count >= 24 && head[0..<5].allSatisfy { (0x30...0x39).contains($0) } && head.has(Array("4500".utf8), at: 20)
    },
    // Columnar and serialisation formats, which libmagic 5.44 does not know. Parquet: "PAR1", then
    // the first page header, a Thrift compact struct whose first field (the page type, an i32) is
    // 0x15 (parquet-format, "File Format"). Arrow IPC file (Feather 2): "ARROW1" and two bytes of
    // padding (Arrow columnar format, "IPC File Format"). Avro object container: "Obj" and version
    // 1 (Avro specification, "Object Container Files"). ORC: "ORC", then stripe data, binary (a NUL
    // within its first 64 bytes; ORC specification, "File Tail").
    Entry("parquet", "application/vnd.apache.parquet", "PAR1") { head in head.count == 4 || head[4] == 0x15 },
    Entry("arrow", "application/vnd.apache.arrow.file", "ARROW1".bytes + [0, 0]),
    Entry("avro", "application/avro", "Obj".bytes + [0x01]),
    Entry("orc", "application/vnd.apache.orc", "ORC") { head in head.prefix(64).dropFirst(3).contains(0) },
    // Creative Voice File: its 19-character name and EOF (libmagic: "some audio", audio/x-unknown).
    Entry("voc", "audio/x-voc", "Creative Voice File\u{1A}", alsoReplaces: ["audio/x-unknown"], evidence: SniffMessages.Evidence.creativeVoice),
    // Tracker modules libmagic names only as modules (audio/x-mod), where freedesktop's database
    // has a type for each tracker: FastTracker 2's "Extended Module: ", a 20-byte module name and
    // 0x1A (XM.TXT; text that starts with those words has no 0x1A there), Impulse Tracker's
    // "IMPM" then a NUL-padded song name (ITTECH.TXT).
    Entry("xm", "audio/x-xm", "Extended Module: ", alsoReplaces: ["audio/x-mod"]) { head in head.count > 37 && head[37] == 0x1A },
    Entry("it", "audio/x-it", "IMPM", alsoReplaces: ["audio/x-mod"]) { head in head.prefix(64).dropFirst(4).contains(0) },
    // QCELP audio (RFC 3625, "QCP file format"): a RIFF file of form "QLCM".
    Entry("qcp", "audio/qcelp", "QLCM", at: 8) { head in head.has("RIFF".bytes) },
    // Python 3 bytecode: a magic number of 3000–3999 (little-endian), CR LF, then (3.7 and later)
    // a flags word of 0–3 (PEP 552); libmagic 5.44 knows the numbers of the versions before it.
    Entry("python-bytecode", "application/x-bytecode.python", [0x0D, 0x0A], at: 2) { head in
      guard let magic = head.littleEndian(0, 2), (3000...3999).contains(magic) else { return false }
      return head.count < 8 || (head.littleEndian(4, 4).map { $0 <= 3 } ?? false)
    },
    // OneNote section: the file format GUID {7B5C52E4-D88C-4DA7-AEB1-5378D02996D3} (MS-ONESTORE §2.3.1).
    Entry(
      "onenote", "application/onenote",
      [0xE4, 0x52, 0x5C, 0x7B, 0x8C, 0xD8, 0xA7, 0x4D, 0xAE, 0xB1, 0x53, 0x78, 0xD0, 0x29, 0x96, 0xD3]),
  ]
}
