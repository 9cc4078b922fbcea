import ShareVocabulary

/// The central directory of a ZIP file (PKWARE APPNOTE 4.3.12–4.3.16, ZIP64 4.3.14–4.3.15 and
/// 4.5.3), read through the caller's bytes: the one ZIP directory reader, behind the artifact
/// importer (``ZipArchive``, every entry or an error) and the sniffer (the members a type is told
/// by, within a byte bound, whatever damage follows them).
package enum ZipDirectory {
  /// Reads exactly `count` bytes at `offset` of the file, or throws (``ZipArchive/Failure/truncated(_:offset:)``
  /// past its end, ``ZipArchive/Failure/unreadable(_:)`` on a read error).
  package typealias Source = (_ offset: Int, _ count: Int, _ what: String) throws(ZipArchive.Failure) -> [UInt8]

  /// How much of the directory is read.
  package enum Extent: Sendable {
    /// Every entry the end record counts, at most ``ZipArchive/maxEntries`` in at most
    /// ``ZipArchive/maxDirectorySize`` bytes; any damage is an error, and so is any ambiguity
    /// (as strict ZIP readers treat them): a name twice, members whose data overlap or share
    /// bytes, data past the start of the directory.
    case whole
    /// The entries within the first `bytes` of the directory, up to the first damaged one: what a
    /// file's type is told by (its members' names), not the archive's integrity.
    case prefix(bytes: Int)
  }

  /// The largest 64-bit size or offset taken from a ZIP64 record: larger ones (or negative ones,
  /// read as `Int`) are damage, and would overflow the arithmetic on them.
  static let maxZip64Value = 1 << 48

  /// The directory's entries, in directory order, their local header offsets corrected for data
  /// before the archive (a self-extractor stub: the directory ends where the end record starts).
  ///
  /// - Parameters:
  ///   - size: The file's size.
  ///   - extent: How much is read, and whether damage is an error.
  ///   - read: The file's bytes.
  /// - Throws: ``ZipArchive/Failure/notZip`` without an end record, and for ``Extent/whole``
  ///   every other ``ZipArchive/Failure`` of the directory.
  package static func entries(size: Int, extent: Extent, read: Source) throws(ZipArchive.Failure) -> [ZipArchive.Entry] {
    guard size >= 22 else { throw .notZip }
    let tailLength = min(size, 65_535 + 22)
    let tailStart = size - tailLength
    let tail = try read(tailStart, tailLength, "end record")
    var position = tail.count - 22
    var found: Int?
    while position >= 0 {
      if tail[position] == 0x50, tail[position + 1] == 0x4B, tail[position + 2] == 0x05, tail[position + 3] == 0x06 {
        found = position
        break
      }
      position -= 1
    }
    guard let record = found else { throw .notZip }
    var count = number(tail, record + 10, 2)
    var directorySize = number(tail, record + 12, 4)
    var directoryOffset = number(tail, record + 16, 4)
    // ZIP64: a locator just before the record points at the ZIP64 end record. A count of 0xFFFF
    // alone may be a true count (the locator says which); a size or offset of 0xFFFFFFFF needs it.
    let locator = record - 20
    let hasLocator =
      locator >= 0 && tail[locator] == 0x50 && tail[locator + 1] == 0x4B && tail[locator + 2] == 0x06
      && tail[locator + 3] == 0x07
    if directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF || (count == 0xFFFF && hasLocator) {
      guard hasLocator else { throw .truncated("ZIP64 locator", offset: tailStart + max(locator, 0)) }
      let zip64Offset = number(tail, locator + 8, 8)
      guard (0...maxZip64Value).contains(zip64Offset), zip64Offset <= size - 56 else {
        throw .truncated("ZIP64 end record", offset: zip64Offset)
      }
      let zip64 = try read(zip64Offset, 56, "ZIP64 end record")
      guard zip64.starts(with: [0x50, 0x4B, 0x06, 0x06]) else { throw .truncated("ZIP64 end record", offset: zip64Offset) }
      count = number(zip64, 32, 8)
      directorySize = number(zip64, 40, 8)
      directoryOffset = number(zip64, 48, 8)
      for value in [count, directorySize, directoryOffset] where !(0...maxZip64Value).contains(value) {
        throw .truncated("ZIP64 end record", offset: zip64Offset)
      }
    }
    let readable: Int
    switch extent {
    case .whole:
      guard count <= ZipArchive.maxEntries else { throw .tooManyEntries(limit: ZipArchive.maxEntries) }
      guard directorySize <= ZipArchive.maxDirectorySize else {
        throw .directoryTooLarge(directorySize, limit: ZipArchive.maxDirectorySize)
      }
      readable = directorySize
    case .prefix(let bytes):
      readable = min(directorySize, bytes)
    }
    // Data before the archive (a stub) shifts every offset: the directory ends where the end
    // record starts, or the ZIP64 end record (56 bytes before its locator) when there is one.
    var recordOffset = tailStart + record
    if hasLocator, locator >= 56, tail[locator - 56] == 0x50, tail[locator - 55] == 0x4B, tail[locator - 54] == 0x06,
      tail[locator - 53] == 0x06
    {
      recordOffset = tailStart + locator - 56
    }
    var start = directoryOffset
    if start < 0 || start + directorySize != recordOffset, recordOffset >= directorySize {
      start = recordOffset - directorySize
    }
    let shift = start - directoryOffset
    guard start >= 0, start <= size, directorySize <= size - start else {
      throw .truncated("central directory", offset: directoryOffset)
    }
    let directory = try read(start, readable, "central directory")
    var entries: [ZipArchive.Entry] = []
    entries.reserveCapacity(min(count, readable / 46))
    var cursor = 0
    while entries.count < count && entries.count < ZipArchive.maxEntries {
      do throws(ZipArchive.Failure) {
        var entry = try self.entry(in: directory, at: cursor, number: entries.count, start: start)
        entry.localHeaderOffset += shift
        entries.append(entry)
        cursor += 46 + number(directory, cursor + 28, 2) + number(directory, cursor + 30, 2)
          + number(directory, cursor + 32, 2)
      } catch {
        guard case .whole = extent else { break }
        throw error
      }
    }
    if case .whole = extent { try strict(&entries, directoryStart: start) }
    return entries
  }

  /// The checks of a whole directory: no name twice, and each member's local header and data
  /// (at least its fixed header and its compressed bytes) before the next member's local
  /// header, the last one's before the directory. Each entry gets the end its data must keep
  /// within (``ZipArchive/Entry/dataLimit``), which ``dataOffset(of:read:)`` checks against the
  /// local header's own lengths.
  private static func strict(_ entries: inout [ZipArchive.Entry], directoryStart: Int) throws(ZipArchive.Failure) {
    // By their bytes: Swift's string equality would take two spellings of "é" for one name.
    var names = Set<[UInt8]>()
    names.reserveCapacity(entries.count)
    for entry in entries where !names.insert(Array(entry.name.utf8)).inserted { throw .duplicateName(entry.name) }
    let order = entries.indices.sorted { entries[$0].localHeaderOffset < entries[$1].localHeaderOffset }
    for (position, index) in order.enumerated() {
      let next = position + 1 < order.count ? entries[order[position + 1]] : nil
      let limit = next?.localHeaderOffset ?? directoryStart
      let entry = entries[index]
      // The local header's own name length is checked when the member is read (it must be the
      // directory's): here only what cannot differ.
      guard entry.localHeaderOffset + 30 + entry.compressedSize <= limit else {
        if let next { throw .overlapping(entry.name, next.name) }
        throw .truncated("data of \(Printable.quoted(entry.name))", offset: entry.localHeaderOffset)
      }
      entries[index].dataLimit = limit
    }
  }

  /// The entry at `cursor` of the directory's bytes (the directory starts at byte `start` of the file).
  private static func entry(in directory: [UInt8], at cursor: Int, number index: Int, start: Int) throws(ZipArchive.Failure)
    -> ZipArchive.Entry
  {
    guard cursor + 46 <= directory.count,
      directory[cursor] == 0x50, directory[cursor + 1] == 0x4B, directory[cursor + 2] == 0x01, directory[cursor + 3] == 0x02
    else { throw .truncated("central directory entry \(index)", offset: start + cursor) }
    let nameLength = number(directory, cursor + 28, 2)
    let extraLength = number(directory, cursor + 30, 2)
    let commentLength = number(directory, cursor + 32, 2)
    guard cursor + 46 + nameLength + extraLength + commentLength <= directory.count else {
      throw .truncated("central directory entry \(index)", offset: start + cursor)
    }
    var entry = ZipArchive.Entry(
      name: PathBytes.name(Array(directory[(cursor + 46)..<(cursor + 46 + nameLength)])),
      method: number(directory, cursor + 10, 2), flags: number(directory, cursor + 8, 2),
      crc: UInt32(number(directory, cursor + 16, 4)),
      compressedSize: number(directory, cursor + 20, 4), size: number(directory, cursor + 24, 4),
      localHeaderOffset: number(directory, cursor + 42, 4), nameLength: nameLength)
    // ZIP64 extra field: the 64-bit values of the fields set to 0xFFFFFFFF, in this order.
    var extra = cursor + 46 + nameLength
    let extraEnd = extra + extraLength
    while extra + 4 <= extraEnd {
      let id = number(directory, extra, 2)
      let length = number(directory, extra + 2, 2)
      guard extra + 4 + length <= extraEnd else { break }
      if id == 1 {
        var field = extra + 4
        for path in [\ZipArchive.Entry.size, \.compressedSize, \.localHeaderOffset] where entry[keyPath: path] == 0xFFFF_FFFF {
          guard field + 8 <= extra + 4 + length else { break }
          let value = number(directory, field, 8)
          guard (0...maxZip64Value).contains(value) else {
            throw .truncated("ZIP64 field of central directory entry \(index)", offset: start + field)
          }
          entry[keyPath: path] = value
          field += 8
        }
      }
      extra += 4 + length
    }
    guard entry.size >= 0, entry.compressedSize >= 0, entry.localHeaderOffset >= 0 else {
      throw .truncated("central directory entry \(index)", offset: start + cursor)
    }
    return entry
  }

  /// Where a member's data starts: after its local header (APPNOTE 4.3.7), whose extra field
  /// length may differ from the directory's. For an entry of a whole directory (one with a
  /// ``ZipArchive/Entry/dataLimit``), the local header must name the member as the directory
  /// does, and its data must end before the limit.
  ///
  /// - Throws: ``ZipArchive/Failure/corruptMember(_:offset:)`` when no local header is there,
  ///   ``ZipArchive/Failure/localNameDiffers(_:local:)`` and ``ZipArchive/Failure/overlapping(_:_:)``.
  package static func dataOffset(of entry: ZipArchive.Entry, read: Source) throws(ZipArchive.Failure) -> Int {
    let what = "local header of \(Printable.quoted(entry.name))"
    let header = try read(entry.localHeaderOffset, 30, what)
    guard header.starts(with: [0x50, 0x4B, 0x03, 0x04]) else {
      throw .corruptMember(entry.name, offset: entry.localHeaderOffset)
    }
    let nameLength = number(header, 26, 2)
    let start = entry.localHeaderOffset + 30 + nameLength + number(header, 28, 2)
    if let limit = entry.dataLimit {
      let local = nameLength == entry.nameLength ? PathBytes.name(try read(entry.localHeaderOffset + 30, nameLength, what)) : nil
      guard let local, local == entry.name else {
        var shown = local
        if shown == nil { shown = PathBytes.name(try read(entry.localHeaderOffset + 30, min(nameLength, 1024), what)) }
        throw .localNameDiffers(entry.name, local: shown ?? "")
      }
      guard start + entry.compressedSize <= limit else { throw .overlapping(entry.name, nil) }
    }
    return start
  }

  /// A little-endian number of `width` bytes at `offset` (the caller checked the length).
  static func number(_ bytes: [UInt8], _ offset: Int, _ width: Int) -> Int {
    LittleEndian.number(bytes, at: offset, width: width)
  }
}
