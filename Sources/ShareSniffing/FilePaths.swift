import Foundation

/// The path and URL arithmetic sniffing needs: a `file:` URL's path bytes, a path's last
/// component and extension, and a path's absolute `file://` URL (an item's `source`).
package enum FilePaths {
  /// The file-system path of a `file:` URL, as the bytes the system uses; any other URL is an
  /// ``SniffError/unreadable(_:)`` error.
  package static func pathBytes(of url: URL) throws(SniffError) -> [UInt8] {
    guard url.isFileURL else { throw .unreadable(SniffMessages.notAFileURL(url.scheme ?? "")) }
    return url.withUnsafeFileSystemRepresentation { pointer in
      guard let pointer else { return [] }
      return Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
    }
  }

  /// The last component of a path (`a/b.jpg` → `b.jpg`; trailing slashes ignored).
  static func lastComponent(_ path: String) -> String {
    // On the UTF-8 bytes (`/` is ASCII, so the cuts fall on whole scalars).
    let utf8 = path.utf8
    let slash = UInt8(ascii: "/")
    var end = utf8.endIndex
    while end > utf8.startIndex, utf8[utf8.index(before: end)] == slash { end = utf8.index(before: end) }
    guard end > utf8.startIndex else { return path }  // empty, or slashes only
    var start = end
    while start > utf8.startIndex, utf8[utf8.index(before: start)] != slash { start = utf8.index(before: start) }
    return String(Substring(utf8[start..<end]))
  }

  /// The extension of a path's last component, without the dot, or `nil` (none for `.bashrc`).
  package static func fileExtension(_ path: String) -> String? {
    let name = lastComponent(path)
    let utf8 = name.utf8
    guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")), dot != utf8.startIndex else { return nil }
    let ext = utf8[utf8.index(after: dot)...]
    return ext.isEmpty ? nil : String(Substring(ext))
  }

  /// The working directory, read once (a relative path is resolved against it).
  private static let workingDirectory: String = {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return "/" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }()

  /// Bytes a `file://` URL path keeps as they are (RFC 3986 `pchar` and `/`), by byte value.
  private static let pathAllowed = ByteSet("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/")

  /// The absolute `file://` URL of a path: relative paths resolved against the working
  /// directory, `.` and `..` removed lexically (symbolic links are not resolved), and every
  /// byte outside RFC 3986's path characters percent-encoded (as Foundation's `URL` does).
  static func fileURL(_ path: String) -> String { fileURL(bytes: Array(path.utf8)) }

  /// ``fileURL(_:)`` for a path given as raw bytes.
  static func fileURL(bytes path: [UInt8]) -> String {
    let slash = UInt8(ascii: "/")
    let absolute = path.first == slash ? path : Array(workingDirectory.utf8) + [slash] + path
    var parts: [ArraySlice<UInt8>] = []
    for part in absolute.split(separator: slash) {
      if part.elementsEqual([UInt8(ascii: ".")]) { continue }
      if part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
        if !parts.isEmpty { parts.removeLast() }
        continue
      }
      parts.append(part)
    }
    let hex: StaticString = "0123456789ABCDEF"
    var bytes = Array("file://".utf8)
    bytes.reserveCapacity(absolute.count + 16)
    if parts.isEmpty { bytes.append(slash) }
    for part in parts {
      bytes.append(slash)
      for byte in part {
        if pathAllowed.contains(byte) {
          bytes.append(byte)
        } else {
          bytes.append(UInt8(ascii: "%"))
          bytes.append(hex.utf8Start[Int(byte >> 4)])
          bytes.append(hex.utf8Start[Int(byte & 0xF)])
        }
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
