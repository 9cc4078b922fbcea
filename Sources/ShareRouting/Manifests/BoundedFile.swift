import ShareVocabulary

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads small text files (manifests, requests) without ever blocking on a FIFO or device and
/// without reading more than a limit.
enum BoundedFile {
  #if canImport(Glibc)
    private static let systemRead = Glibc.read
  #else
    private static let systemRead = Darwin.read
  #endif

  enum Failure: Error {
    case unreadable(String)
    case notRegularFile
    case tooLarge(Int)
  }

  /// Whether the path (symlinks followed) is a directory.
  static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return PathBytes.withCPath(path, { $0.map { stat($0, &info) } ?? -1 }) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Reads the whole file when it is a regular file of at most `limit` bytes.
  static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
    let fd = PathBytes.withCPath(path) { $0.map { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) } ?? -1 }
    guard fd >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
    guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notRegularFile }
    guard Int(info.st_size) <= limit else { throw .tooLarge(Int(info.st_size)) }
    // Room for the size fstat gave plus one byte (to see a file that grew past the limit); a
    // larger buffer only when the file grows while it is read. Never a whole limit's worth of
    // zeroes for a small file: 5,000 manifests would clear 5 GB.
    var capacity = min(limit, max(Int(info.st_size), 0)) + 1
    var bytes = [UInt8](repeating: 0, count: capacity)
    var total = 0
    while total <= limit {
      if total == capacity {
        capacity = min(limit + 1, capacity * 2)
        bytes += [UInt8](repeating: 0, count: capacity - bytes.count)
      }
      let count = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return systemRead(fd, base + total, capacity - total)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(String(cString: strerror(errno)))
      }
      if count == 0 { break }
      total += count
    }
    guard total <= limit else { throw .tooLarge(total) }
    return Array(bytes[..<total])
  }
}
