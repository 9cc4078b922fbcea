/// Microsoft compound files (OLE2 / CFB, [MS-CFB]) told apart by their directory: libmagic 5.44
/// names the document only when its own CDF reader gets through the file, and otherwise answers
/// `application/x-ole-storage` (a document cut short, or laid out by another writer).
///
/// Reads the 512-byte header, then follows the directory's sector chain through the FAT, at most
/// ``directorySectorLimit`` sectors and within ``FileWindow``'s bounds, and looks at the root
/// entry's CLSID and the stream and storage names. When the directory cannot be read (the file
/// is cut short before it), nothing is decided here: a name may break the tie (`NameRule`).
enum CompoundFile {
  /// The answers libmagic gives a compound file it could not name.
  static let containerAnswers: Set<String> = [
    "application/x-ole-storage", "application/CDFV2", "application/octet-stream", "application/vnd.ms-office",
  ]

  static let magic: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]

  /// Directory sectors read at most (4,096 entries of 128 bytes at 512-byte sectors).
  static let directorySectorLimit = 1024

  /// A compound-file format: its type, and what in the directory shows it.
  struct Format: Sendable {
    let type: String
    /// Root-entry CLSIDs, as text (`00020906-0000-0000-C000-000000000046`).
    let clsids: [String]
    /// Entry names (exact), or name prefixes ending in `*`.
    let names: [String]

    init(type: String, clsids: [String], names: [String]) {
      self.type = type
      self.clsids = clsids
      self.names = names
    }
  }

  /// The formats, most specific first (an Outlook message may hold an attached Word document's
  /// storage; its own property streams come first here).
  static let formats: [Format] = [
    Format(
      type: "application/vnd.ms-outlook", clsids: ["00020D0B-0000-0000-C000-000000000046"],
      names: ["__substg1.0_*", "__properties_version1.0", "__nameid_version1.0"]),
    Format(type: "application/x-ms-patch", clsids: ["000C1086-0000-0000-C000-000000000046"], names: []),
    Format(
      type: "application/x-msi",
      clsids: ["000C1084-0000-0000-C000-000000000046", "000C1082-0000-0000-C000-000000000046"],
      names: []),
    Format(
      type: "application/vnd.ms-publisher", clsids: ["00021201-0000-0000-00C0-000000000046"],
      names: ["Quill"]),
    Format(
      type: "application/vnd.visio", clsids: ["00021A14-0000-0000-C000-000000000046"],
      names: ["VisioDocument"]),
    Format(
      type: "application/vnd.ms-powerpoint", clsids: ["64818D10-4F9B-11CF-86EA-00AA00B929E8"],
      names: ["PowerPoint Document"]),
    // Works spreadsheets hold a Workbook stream too: they come before Excel.
    Format(
      type: "application/vnd.ms-works", clsids: ["0EA45AB2-9E0A-11D1-A407-00C04FB932BA"],
      names: ["WksSSWorkBook", "MatOST"]),
    Format(
      type: "application/vnd.ms-excel",
      clsids: ["00020820-0000-0000-C000-000000000046", "00020810-0000-0000-C000-000000000046"],
      names: ["Workbook", "Book"]),
    Format(
      type: "application/msword",
      clsids: ["00020906-0000-0000-C000-000000000046", "00020900-0000-0000-C000-000000000046"],
      names: ["WordDocument"]),
    // StarOffice 5, 4 and 3 by their root class (the first is StarOffice 5's, as freedesktop names
    // them; 3 and 4 have names of their own).
    Format(type: "application/vnd.stardivision.writer", clsids: ["C20CF9D1-85AE-11D1-AAB4-006097DA561A"], names: []),
    Format(type: "application/vnd.stardivision.writer-global", clsids: ["C20CF9D3-85AE-11D1-AAB4-006097DA561A"], names: []),
    Format(type: "application/vnd.stardivision.calc", clsids: ["C6A5B861-85D6-11D1-89CB-008029E4B0B1"], names: []),
    Format(type: "application/vnd.stardivision.impress", clsids: ["565C7221-85BC-11D1-89D0-008029E4B0B1"], names: []),
    Format(type: "application/vnd.stardivision.draw", clsids: ["2E8905A0-85BD-11D1-89D0-008029E4B0B1"], names: []),
    Format(type: "application/vnd.stardivision.chart", clsids: ["BF884321-85DD-11D1-89D0-008029E4B0B1"], names: []),
    Format(type: "application/vnd.stardivision.math", clsids: ["FFB5E640-85DE-11D1-89D0-008029E4B0B1"], names: []),
    Format(type: "application/vnd.stardivision.mail", clsids: ["C24CC4E0-73DF-101B-804C-FDFDFDFDFDFD"], names: []),
    Format(
      type: "application/x-starwriter",
      clsids: ["8B04E9B0-420E-11D0-A45E-00A0249D57B1", "DC5C7E40-B35C-101B-9961-04021C007002"], names: []),
    Format(type: "application/x-starwriter-global", clsids: ["340AC970-E30D-11D0-A53F-00A0249D57B1"], names: []),
    Format(
      type: "application/x-starcalc",
      clsids: ["6361D441-4235-11D0-89CB-008029E4B0B1", "3F543FA0-B6A6-101B-9961-04021C007002"], names: []),
    Format(
      type: "application/x-starimpress",
      clsids: ["012D3CC0-4216-11D0-89CB-008029E4B0B1", "AF10AAE0-B36D-101B-9961-04021C007002"], names: []),
    Format(
      type: "application/x-starchart",
      clsids: ["02B3B7E0-4225-11D0-89CA-008029E4B0B1", "FB9C99E0-2C6D-101C-8E2C-00001B4CC711"], names: []),
    Format(
      type: "application/x-starmath",
      clsids: ["02B3B7E1-4225-11D0-89CA-008029E4B0B1", "D4590460-35FD-101C-B12A-04021C007002"], names: []),
    Format(
      type: "application/vnd.wordperfect", clsids: ["519873FF-2DAD-0220-1937-0000929679CD"],
      names: ["PerfectOffice_MAIN"]),
    Format(type: "application/x-quattropro", clsids: ["0002B400-0000-0000-C000-000000000046"], names: ["NativeContent_MAIN"]),
    Format(type: "image/vnd.fpx", clsids: ["56616700-C154-11CE-8553-00AA00A1F95B"], names: []),
    Format(type: "application/x-pagemaker", clsids: [], names: ["PageMaker"]),
  ]

  /// One directory entry: its name, object type (1 storage, 2 stream, 5 root), CLSID, and where
  /// its stream starts (a sector) and how long it is.
  struct Entry: Equatable {
    var name: String
    var objectType: UInt8
    var clsid: String
    var startSector: UInt64 = 0
    var size: UInt64 = 0
  }

  /// What a compound file's directory showed: the format, and whether a Word document's File
  /// Information Block was read (it then said whether the document is a template).
  struct Identified {
    var finding: Signature.Finding
    var fileInformationBlockRead = false
  }

  /// The format of a compound file; `application/x-ole-storage` when its directory was read and
  /// shows no known document; `nil` when it is not one, or its directory is out of reach (cut
  /// short: then only a name can break the tie, see ``NameRule``).
  static func identify(_ window: inout FileWindow) -> Identified? {
    guard window.head.has(magic) else { return nil }
    guard let entries = directory(&window) else { return nil }
    guard let finding = classify(entries) else {
      let unknown = Signature.Finding(type: "application/x-ole-storage", evidence: SniffMessages.Evidence.compoundFileUnknown)
      return Identified(finding: unknown)
    }
    if finding.type == "application/msword", let template = isWordTemplate(&window, entries) {
      let read = template
        ? Signature.Finding(type: "application/msword-template", evidence: SniffMessages.Evidence.wordTemplate)
        : Signature.Finding(type: "application/msword", evidence: SniffMessages.Evidence.wordDocumentNoTemplate)
      return Identified(finding: read, fileInformationBlockRead: true)
    }
    return Identified(finding: finding)
  }

  /// Whether the `WordDocument` stream's File Information Block says the document is a template
  /// ([MS-DOC] 2.5.2 `FibBase`: `wIdent` 0xA5EC, or 0xA5DC for Word 6 and 7, then `fDot`, the
  /// lowest bit of the flags at byte 10). Word and LibreOffice save a `.dot` with the bit set, and
  /// a `.doc` without. `nil` when the block is out of reach (a file cut short).
  static func isWordTemplate(_ window: inout FileWindow, _ entries: [Entry]) -> Bool? {
    guard let word = entries.first(where: { $0.name == "WordDocument" && $0.objectType == 2 }), word.size >= 12,
      word.startSector < 0xFFFF_FFFA, let cutoff = window.head.littleEndian(0x38, 4),
      let miniShift = window.head.littleEndian(0x20, 2), miniShift == 6,  // 64-byte mini sectors, as [MS-CFB] requires
      var allocation = Allocation(window.head)
    else { return nil }
    let offset: Int?
    if word.size >= cutoff {
      offset = (Int(word.startSector) + 1) * allocation.sectorSize
    } else {
      // A short stream lives in the mini stream, which is the root entry's stream: its first
      // mini sector is that many mini sectors into it.
      guard let root = entries.first(where: { $0.objectType == 5 }), root.startSector < 0xFFFF_FFFA else { return nil }
      offset = allocation.fileOffset(of: Int(word.startSector) << Int(miniShift), inStreamAt: root.startSector, in: &window)
    }
    guard let offset else { return nil }
    let fib = window.bytes(at: offset, count: 12)
    guard fib.count == 12, let ident = fib.littleEndian(0, 2), ident == 0xA5EC || ident == 0xA5DC,
      let flags = fib.littleEndian(10, 2)
    else { return nil }
    return flags & 1 == 1
  }

  /// The format the entries show, or `nil`.
  static func classify(_ entries: [Entry]) -> Signature.Finding? {
    let root = entries.first { $0.objectType == 5 }
    for format in formats {
      if let root, format.clsids.contains(root.clsid) {
        return Signature.Finding(type: format.type, evidence: SniffMessages.Evidence.rootClass(root.clsid))
      }
      for entry in entries where entry.objectType == 1 || entry.objectType == 2 {
        if format.names.contains(where: { matches(entry.name, $0) }) {
          return Signature.Finding(type: format.type, evidence: SniffMessages.Evidence.compoundEntry(entry.name))
        }
      }
    }
    return nil
  }

  private static func matches(_ name: String, _ pattern: String) -> Bool {
    pattern.hasSuffix("*") ? name.hasPrefix(pattern.dropLast()) : name == pattern
  }

  /// Every directory entry, or `nil` when the header is not a compound file's or the directory
  /// chain leaves the file.
  static func directory(_ window: inout FileWindow) -> [Entry]? {
    guard var allocation = Allocation(window.head), let firstDirectory = window.head.littleEndian(0x30, 4) else {
      return nil
    }
    let sectorSize = allocation.sectorSize
    var entries: [Entry] = []
    var sector = firstDirectory
    var visited: Set<UInt64> = []
    while sector < 0xFFFF_FFFA, visited.count < directorySectorLimit {
      guard visited.insert(sector).inserted else { break }  // a loop in the chain
      let offset = (Int(sector) + 1) * sectorSize
      guard offset < window.size else { return entries.isEmpty ? nil : entries }
      let bytes = window.bytes(at: offset, count: sectorSize)
      guard bytes.count == sectorSize else { return entries.isEmpty ? nil : entries }
      for start in stride(from: 0, to: sectorSize, by: 128) {
        if let entry = entry(bytes, at: start) { entries.append(entry) }
      }
      guard let following = allocation.next(sector, in: &window) else { break }
      sector = following
    }
    return entries.isEmpty ? nil : entries
  }

  /// The file allocation table: which sector follows which in a stream's chain.
  struct Allocation {
    let sectorSize: Int
    /// The FAT's sectors: the first 109 are listed in the header (enough for files up to about
    /// 7 MB at 512-byte sectors, 448 MB at 4 KiB; beyond that a chain is followed while it
    /// stays in the listed part).
    private var fatSectors: [UInt64] = []
    private var cache: [Int: [UInt8]] = [:]

    /// The table a compound file's header describes, or `nil` when the header is not one.
    init?(_ header: [UInt8]) {
      guard header.count >= 512, header.littleEndian(0x1C, 2) == 0xFFFE,  // little-endian byte order mark
        let shift = header.littleEndian(0x1E, 2), shift == 9 || shift == 12,
        let fatCount = header.littleEndian(0x2C, 4)
      else { return nil }
      sectorSize = 1 << Int(shift)
      for index in 0..<min(Int(fatCount), 109) {
        guard let sector = header.littleEndian(0x4C + 4 * index, 4) else { return nil }
        fatSectors.append(sector)
      }
    }

    /// The sector after `sector` in its chain, or `nil` when the table is out of reach.
    mutating func next(_ sector: UInt64, in window: inout FileWindow) -> UInt64? {
      let perSector = sectorSize / 4
      let fatIndex = Int(sector) / perSector
      guard fatIndex < fatSectors.count else { return nil }
      if cache[fatIndex] == nil {
        let bytes = window.bytes(at: (Int(fatSectors[fatIndex]) + 1) * sectorSize, count: sectorSize)
        guard bytes.count == sectorSize else { return nil }
        cache[fatIndex] = bytes
      }
      return cache[fatIndex]?.littleEndian((Int(sector) % perSector) * 4, 4)
    }

    /// The file offset of byte `offset` of the stream whose chain starts at `start`, following at
    /// most ``CompoundFile/directorySectorLimit`` links; `nil` when the chain ends or leaves reach.
    mutating func fileOffset(of offset: Int, inStreamAt start: UInt64, in window: inout FileWindow) -> Int? {
      var sector = start
      let steps = offset / sectorSize
      guard steps < directorySectorLimit else { return nil }
      for _ in 0..<steps {
        guard let following = next(sector, in: &window), following < 0xFFFF_FFFA else { return nil }
        sector = following
      }
      return (Int(sector) + 1) * sectorSize + offset % sectorSize
    }
  }

  /// The entry at `start` of a directory sector, or `nil` for an unused one.
  static func entry(_ bytes: [UInt8], at start: Int) -> Entry? {
    guard let length = bytes.littleEndian(start + 64, 2), length >= 2, length <= 64, length % 2 == 0 else {
      return nil
    }
    let objectType = bytes[start + 66]
    guard [1, 2, 5].contains(objectType) else { return nil }
    var units: [UInt16] = []
    for index in stride(from: 0, to: Int(length) - 2, by: 2) {
      units.append(UInt16(bytes[start + index]) | UInt16(bytes[start + index + 1]) << 8)
    }
    return Entry(
      name: String(decoding: units, as: UTF16.self), objectType: objectType, clsid: clsid(bytes, at: start + 80),
      startSector: bytes.littleEndian(start + 116, 4) ?? 0xFFFF_FFFE, size: bytes.littleEndian(start + 120, 4) ?? 0)
  }

  /// A GUID stored little-endian (its first three fields), as upper-case text.
  static func clsid(_ bytes: [UInt8], at start: Int) -> String {
    let hex = Array("0123456789ABCDEF")
    func text(_ indices: [Int]) -> String {
      String(indices.flatMap { [hex[Int(bytes[start + $0] >> 4)], hex[Int(bytes[start + $0] & 0xF)]] })
    }
    return [text([3, 2, 1, 0]), text([5, 4]), text([7, 6]), text([8, 9]), text(Array(10...15))].joined(separator: "-")
  }
}
