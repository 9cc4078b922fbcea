/// The first image file directory of a TIFF file (TIFF 6.0 §2): the byte order (`II` or `MM`, then
/// 42), the offset of the first directory, and in it a count of 12-byte entries, each starting
/// with its tag.
enum TIFFDirectory {
  /// The most entries read from a directory.
  static let maxEntries = 1000

  /// One 12-byte entry: its tag, field type, count, the offset of its value (the entry's own
  /// last four bytes when the value fits there), and its first SHORT or LONG value, read in the
  /// file's byte order.
  struct Field {
    let tag: UInt16
    let type: Int
    let count: Int
    let valueOffset: Int
    let number: Int?
  }

  /// The entries of the first directory, or `nil` when the head is no TIFF header or ends before
  /// the directory does.
  static func firstFields(_ head: [UInt8]) -> [Field]? {
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
    let fields = (0..<count).compactMap { index -> Field? in
      let entry = directory + 2 + 12 * index
      guard let tag = number(entry, 2), let type = number(entry + 2, 2), let count = number(entry + 4, 4) else { return nil }
      // ASCII and BYTE values of up to four bytes, and SHORT values of up to two, sit in the entry.
      let size = count * (type == 3 ? 2 : type == 4 ? 4 : 1)
      let valueOffset = size <= 4 ? entry + 8 : (number(entry + 8, 4) ?? -1)
      let first = (type == 3 || type == 4) && valueOffset >= 0 ? number(valueOffset, type == 3 ? 2 : 4) : nil
      return Field(tag: UInt16(tag), type: type, count: count, valueOffset: valueOffset, number: first)
    }
    return fields
  }

  /// The tags of the first directory, or `nil` (``firstFields(_:)``).
  static func firstTags(_ head: [UInt8]) -> [UInt16]? {
    firstFields(head).map { $0.map(\.tag) }
  }

  /// The camera's maker (`Make`, tag 271) from the first directory, when the head holds it, and
  /// whether the directory has `SubIFDs` (tag 330) and its own compression (tag 259).
  static func camera(_ head: [UInt8]) -> (make: String, hasSubIFDs: Bool, compression: Int?)? {
    guard let fields = firstFields(head), let make = fields.first(where: { $0.tag == 271 && $0.type == 2 }),
      make.valueOffset >= 0, make.count <= 64, make.valueOffset + make.count <= head.count
    else { return nil }
    let text = head[make.valueOffset..<(make.valueOffset + make.count)].prefix { $0 != 0 }
    let compression = fields.first(where: { $0.tag == 259 && $0.type == 3 })?.number
    return (String(decoding: text, as: UTF8.self), fields.contains { $0.tag == 330 }, compression)
  }

  /// Camera raw formats built on TIFF/EP that have no header of their own: the maker's name, the
  /// first word of `Make` in capitals, and the type (freedesktop's names). Nikon's compact cameras write NRW,
  /// told from NEF as ExifTool tells it: the first directory holds a JPEG (compression 6).
  static let rawMakers: [(make: String, type: String)] = [
    ("NIKON", "image/x-nikon-nef"), ("SONY", "image/x-sony-arw"), ("PENTAX", "image/x-pentax-pef"),
  ]

  /// The camera raw type of a TIFF/EP file: a known maker and `SubIFDs` (where the raw image
  /// and its previews are; a TIFF a camera or an editor writes as a picture has none), or `nil`.
  static func cameraRaw(_ head: [UInt8]) -> (type: String, make: String)? {
    guard let camera = camera(head), camera.hasSubIFDs,
      let word = camera.make.split(separator: " ").first.map({ $0.uppercased() }),
      let maker = rawMakers.first(where: { $0.make == word })
    else { return nil }
    if maker.type == "image/x-nikon-nef", camera.compression == 6 { return ("image/x-nikon-nrw", camera.make) }
    return (maker.type, camera.make)
  }

  /// DNG's own tag, `DNGVersion` (Adobe's DNG specification 1.7, chapter 4): in the first
  /// directory of every DNG file.
  static let dngVersion: UInt16 = 0xC612
}
