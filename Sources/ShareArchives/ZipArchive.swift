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
    /// The length of its name in the directory, in bytes.
    package var nameLength: Int
    /// Where its data must end (the next member's local header, or the directory): set for the
    /// entries of a whole directory, whose members may not overlap.
    package var dataLimit: Int?
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
    /// Two directory entries with one name (which one a reader takes is ambiguous).
    case duplicateName(String)
    /// A member whose local header or data runs into the next member's (named when known).
    case overlapping(String, String?)
    /// A member whose local header names it differently from the central directory.
    case localNameDiffers(String, local: String)
    /// A member the process has too little address space left to read (`ulimit -v`): the bytes
    /// reading it may take, and those left.
    case notEnoughMemory(String, needed: Int, available: Int)
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
      entries = try ZipDirectory.entries(size: size, extent: .whole) { (offset, count, what) throws(Failure) in
        try Self.pread(fd, offset: offset, count: count, what: what)
      }
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
  ///   refused before any read, one producing more (a bomb) when decompression passes it. A
  ///   member that would not fit in the address space left under the process's limit is refused
  ///   before any read too (``MemoryHeadroom``).
  package func read(_ entry: Entry, limit: Int) throws(Failure) -> [UInt8] {
    guard entry.flags & 1 == 0 else { throw .encrypted(entry.name) }
    guard entry.method == 0 || entry.method == 8 else { throw .unsupportedMethod(entry.name, method: entry.method) }
    guard entry.size <= limit else { throw .memberTooLarge(entry.name, size: entry.size, limit: limit) }
    if entry.method == 0 && entry.compressedSize != entry.size { throw .corruptMember(entry.name, offset: entry.localHeaderOffset) }
    // Incompressible data grows a little when deflated (stored blocks): never more than this.
    guard entry.compressedSize <= limit + limit / 8 + 1024 else {
      throw .memberTooLarge(entry.name, size: entry.compressedSize, limit: limit)
    }
    let needed = MemoryHeadroom.needed(size: entry.size, compressed: entry.compressedSize)
    if let available = MemoryHeadroom.available(), needed > available {
      throw .notEnoughMemory(entry.name, needed: needed, available: available)
    }
    let dataOffset = try ZipDirectory.dataOffset(of: entry) { (offset, count, what) throws(Failure) in
      try bytes(at: offset, count: count, what: what)
    }
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
}
