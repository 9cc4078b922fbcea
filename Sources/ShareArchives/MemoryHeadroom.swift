#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How much more address space the process may take under its limit (`ulimit -v`), so that a
/// member too large for what is left is that member's error, not an allocation failure that ends
/// the whole run (Swift cannot recover from one).
package enum MemoryHeadroom {
  /// The bytes the process may still map, or `nil` when there is no limit (or it cannot be told).
  package static func available() -> Int? {
    var limit = rlimit()
    #if canImport(Glibc)
      guard getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
      // The first field of /proc/self/statm: the pages mapped now.
      let descriptor = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      var buffer = [UInt8](repeating: 0, count: 64)
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { return nil }
      let digits = buffer.prefix(count).prefix { $0 >= 0x30 && $0 <= 0x39 }
      guard let pages = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
      let used = pages * Int(sysconf(Int32(_SC_PAGESIZE)))
      return max(0, Int(clamping: limit.rlim_cur) - used)
    #else
      return nil
    #endif
  }

  /// What reading a member of `size` bytes (`compressed` in the archive) may take at once: its
  /// compressed and decompressed bytes, a copy as it is parsed, and the parsers' own budgets.
  package static func needed(size: Int, compressed: Int) -> Int { compressed + 2 * size + (4 << 20) }
}
