import ShareVocabulary

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A ZIP file (an APK, an AAB, an IPA) read in place: its central directory once, then single
/// members on request, each within a size bound (PKWARE APPNOTE 4.3).
///
/// The archive owns its file descriptor from ``init(path:)`` to `deinit`. Nothing is read whole:
/// the end record from the last 64 KiB, the directory (at most ``maxDirectorySize`` bytes and
/// ``maxEntries`` entries), then each member asked for, never more than the caller's limit after
/// decompression, with its CRC-32 checked. A FIFO or device is refused before any read.
package final class ZipArchive {
  /// The largest central directory read: 32 MiB.
  package static let maxDirectorySize = 32 << 20
  /// The most entries read from a directory.
  package static let maxEntries = 200_000

  /// One member, as the central directory describes it.
  package struct Entry: Sendable {
    /// Its path inside the archive (`AndroidManifest.xml`, `Payload/App.app/Info.plist`).
    package var name: String
    /// 0 stored, 8 deflated.
    package var method: Int
    /// General purpose flags (bit 0: encrypted).
    package var flags: Int
    package var crc: UInt32
    package var compressedSize: Int
    package var size: Int
    package var localHeaderOffset: Int
  }

  /// Why an archive or a member cannot be read; ``ArchiveMessages`` words each.
  package enum Failure: Error, Equatable, Sendable {
    case unreadable(String)
    case notRegularFile
    /// No end of central directory record: not a ZIP file (or cut short).
    case notZip
    /// A structure runs past the end of the file: what, and at which offset.
    case truncated(String, offset: Int)
    case tooManyEntries(limit: Int)
    case directoryTooLarge(Int, limit: Int)
    /// A member larger than the caller allows: its name, its size, the limit.
    case memberTooLarge(String, size: Int, limit: Int)
    /// A member that decompresses past the size it claims (a compression bomb, or damage).
    case inflatesPastClaim(String, claimed: Int)
    case encrypted(String)
    case unsupportedMethod(String, method: Int)
    /// A member whose data does not decompress, or whose CRC or size is wrong.
    case corruptMember(String, offset: Int)
  }

  /// Every member, in directory order.
  package let entries: [Entry]
  private let descriptor: Int32
  private let size: Int

  /// Opens a ZIP file and reads its central directory.
  package init(path: String) throws(Failure) {
    let fd = PathBytes.withCPath(path) { $0.map { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) } ?? -1 }
    guard fd >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let reason = String(cString: strerror(errno))
      close(fd)
      throw .unreadable(reason)
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      close(fd)
      throw .notRegularFile
    }
    descriptor = fd
    size = Int(info.st_size)
    do {
      entries = try Self.directory(descriptor: fd, size: size)
    } catch {
      close(fd)
      throw error
    }
  }

  deinit { close(descriptor) }

  /// The first entry with this exact name.
  package func entry(_ name: String) -> Entry? { entries.first { $0.name == name } }

  /// The bytes of one member, decompressed and checked.
  ///
  /// - Parameter limit: The most bytes it may have decompressed; a member declaring more is
  ///   refused before any read, one producing more (a bomb) when decompression passes it.
  package func read(_ entry: Entry, limit: Int) throws(Failure) -> [UInt8] {
    guard entry.flags & 1 == 0 else { throw .encrypted(entry.name) }
    guard entry.method == 0 || entry.method == 8 else { throw .unsupportedMethod(entry.name, method: entry.method) }
    guard entry.size <= limit else { throw .memberTooLarge(entry.name, size: entry.size, limit: limit) }
    if entry.method == 0 && entry.compressedSize != entry.size { throw .corruptMember(entry.name, offset: entry.localHeaderOffset) }
    // Incompressible data grows a little when deflated (stored blocks): never more than this.
    guard entry.compressedSize <= limit + limit / 8 + 1024 else {
      throw .memberTooLarge(entry.name, size: entry.compressedSize, limit: limit)
    }
    let header = try bytes(at: entry.localHeaderOffset, count: 30, what: "local header of \(Printable.quoted(entry.name))")
    guard header.starts(with: [0x50, 0x4B, 0x03, 0x04]) else { throw .corruptMember(entry.name, offset: entry.localHeaderOffset) }
    let dataOffset = entry.localHeaderOffset + 30 + Self.number(header, 26, 2) + Self.number(header, 28, 2)
    let data = try bytes(at: dataOffset, count: entry.compressedSize, what: "data of \(Printable.quoted(entry.name))")
    let content: [UInt8]
    if entry.method == 0 {
      content = data
    } else {
      do {
        // The size must match the directory's anyway: never inflate past it.
        content = try Inflate.whole(raw: data, limit: entry.size)
      } catch {
        switch error {
        case .tooLarge: throw .inflatesPastClaim(entry.name, claimed: entry.size)
        case .corrupt: throw .corruptMember(entry.name, offset: dataOffset)
        }
      }
    }
    guard content.count == entry.size, Inflate.crc32(content) == entry.crc else {
      throw .corruptMember(entry.name, offset: dataOffset)
    }
    return content
  }

  // MARK: Reading

  private func bytes(at offset: Int, count: Int, what: String) throws(Failure) -> [UInt8] {
    guard offset >= 0, count >= 0, offset <= size, count <= size - offset else { throw .truncated(what, offset: offset) }
    return try Self.pread(descriptor, offset: offset, count: count, what: what)
  }

  private static func pread(_ fd: Int32, offset: Int, count: Int, what: String) throws(Failure) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: count)
    var total = 0
    while total < count {
      let got = buffer.withUnsafeMutableBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        #if canImport(Glibc)
          return Glibc.pread(fd, base + total, count - total, off_t(offset + total))
        #else
          return Darwin.pread(fd, base + total, count - total, off_t(offset + total))
        #endif
      }
      if got < 0 {
        if errno == EINTR { continue }
        throw .unreadable(String(cString: strerror(errno)))
      }
      if got == 0 { throw .truncated(what, offset: offset + total) }
      total += got
    }
    return buffer
  }

  /// A little-endian number of `width` bytes at `offset` (the caller checked the length).
  private static func number(_ bytes: [UInt8], _ offset: Int, _ width: Int) -> Int {
    LittleEndian.number(bytes, at: offset, width: width)
  }

  /// The largest 64-bit size or offset taken from a ZIP64 record: larger ones (or negative ones,
  /// read as `Int`) are damage, and would overflow the arithmetic on them.
  private static let maxZip64Value = 1 << 48

  private static func directory(descriptor fd: Int32, size: Int) throws(Failure) -> [Entry] {
    guard size >= 22 else { throw .notZip }
    let tailLength = min(size, 65_535 + 22)
    let tailStart = size - tailLength
    let tail = try pread(fd, offset: tailStart, count: tailLength, what: "end record")
    var position = tail.count - 22
    var record: Int?
    while position >= 0 {
      if tail[position] == 0x50, tail[position + 1] == 0x4B, tail[position + 2] == 0x05, tail[position + 3] == 0x06 {
        record = position
        break
      }
      position -= 1
    }
    guard let record else { throw .notZip }
    var count = number(tail, record + 10, 2)
    var directorySize = number(tail, record + 12, 4)
    var directoryOffset = number(tail, record + 16, 4)
    if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
      // ZIP64: a locator just before the record points at the ZIP64 end record.
      let locator = record - 20
      guard locator >= 0, tail[locator] == 0x50, tail[locator + 1] == 0x4B, tail[locator + 2] == 0x06,
        tail[locator + 3] == 0x07
      else { throw .truncated("ZIP64 locator", offset: tailStart + max(locator, 0)) }
      let zip64Offset = number(tail, locator + 8, 8)
      guard (0...maxZip64Value).contains(zip64Offset), zip64Offset <= size - 56 else { throw .truncated("ZIP64 end record", offset: zip64Offset) }
      let zip64 = try pread(fd, offset: zip64Offset, count: 56, what: "ZIP64 end record")
      guard zip64.starts(with: [0x50, 0x4B, 0x06, 0x06]) else { throw .truncated("ZIP64 end record", offset: zip64Offset) }
      count = number(zip64, 32, 8)
      directorySize = number(zip64, 40, 8)
      directoryOffset = number(zip64, 48, 8)
      for value in [count, directorySize, directoryOffset] where !(0...maxZip64Value).contains(value) {
        throw .truncated("ZIP64 end record", offset: zip64Offset)
      }
    }
    guard count <= maxEntries else { throw .tooManyEntries(limit: maxEntries) }
    guard directorySize <= maxDirectorySize else { throw .directoryTooLarge(directorySize, limit: maxDirectorySize) }
    // Data before the archive (a signing block is inside it; a stub before it) shifts offsets:
    // the directory ends where the end record starts.
    let recordOffset = tailStart + record
    var start = directoryOffset
    if start < 0 || start + directorySize != recordOffset, recordOffset >= directorySize {
      start = recordOffset - directorySize
    }
    let shift = start - directoryOffset
    guard start >= 0, start <= size, directorySize <= size - start else {
      throw .truncated("central directory", offset: directoryOffset)
    }
    let directory = try pread(fd, offset: start, count: directorySize, what: "central directory")
    var entries: [Entry] = []
    entries.reserveCapacity(min(count, directorySize / 46))
    var cursor = 0
    while entries.count < count {
      guard cursor + 46 <= directory.count,
        directory[cursor] == 0x50, directory[cursor + 1] == 0x4B, directory[cursor + 2] == 0x01, directory[cursor + 3] == 0x02
      else { throw .truncated("central directory entry \(entries.count)", offset: start + cursor) }
      let nameLength = number(directory, cursor + 28, 2)
      let extraLength = number(directory, cursor + 30, 2)
      let commentLength = number(directory, cursor + 32, 2)
      let end = cursor + 46 + nameLength + extraLength + commentLength
      guard end <= directory.count else { throw .truncated("central directory entry \(entries.count)", offset: start + cursor) }
      var entry = Entry(
        name: PathBytes.name(Array(directory[(cursor + 46)..<(cursor + 46 + nameLength)])),
        method: number(directory, cursor + 10, 2), flags: number(directory, cursor + 8, 2),
        crc: UInt32(number(directory, cursor + 16, 4)),
        compressedSize: number(directory, cursor + 20, 4), size: number(directory, cursor + 24, 4),
        localHeaderOffset: number(directory, cursor + 42, 4))
      // ZIP64 extra field: the 64-bit values of the fields set to 0xFFFFFFFF, in this order.
      var extra = cursor + 46 + nameLength
      let extraEnd = extra + extraLength
      while extra + 4 <= extraEnd {
        let id = number(directory, extra, 2)
        let length = number(directory, extra + 2, 2)
        guard extra + 4 + length <= extraEnd else { break }
        if id == 1 {
          var field = extra + 4
          for path in [\Entry.size, \Entry.compressedSize, \Entry.localHeaderOffset] where entry[keyPath: path] == 0xFFFF_FFFF {
            guard field + 8 <= extra + 4 + length else { break }
            let value = number(directory, field, 8)
            guard (0...maxZip64Value).contains(value) else {
              throw .truncated("ZIP64 field of central directory entry \(entries.count)", offset: start + field)
            }
            entry[keyPath: path] = value
            field += 8
          }
        }
        extra += 4 + length
      }
      guard entry.size >= 0, entry.compressedSize >= 0, entry.localHeaderOffset >= 0 else {
        throw .truncated("central directory entry \(entries.count)", offset: start + cursor)
      }
      entry.localHeaderOffset += shift
      entries.append(entry)
      cursor = end
    }
    return entries
  }
}
