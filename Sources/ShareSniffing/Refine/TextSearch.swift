import Foundation

/// Substring search on UTF-8 bytes, for the text checks: Foundation's `contains` and `range(of:)`
/// go through NSString and cost more than the checks themselves.
extension StringProtocol {
  /// The first occurrence of `needle` at or after `start`, or `nil`.
  func find(_ needle: String, from start: String.Index? = nil) -> Range<String.Index>? {
    let haystack = utf8
    // Native strings are contiguous UTF-8: search the bytes with memchr and memcmp.
    var needle = needle
    needle.makeContiguousUTF8()
    let from = start.map { haystack.distance(from: haystack.startIndex, to: $0) } ?? 0
    let found: Range<Int>?? = haystack.withContiguousStorageIfAvailable { hay in
      needle.utf8.withContiguousStorageIfAvailable { pattern -> Range<Int>? in  // contiguous: made so above
        guard let first = pattern.baseAddress, !pattern.isEmpty, let base = hay.baseAddress, from <= hay.count else {
          return nil
        }
        // memchr finds each candidate first byte, memcmp checks the rest.
        var offset = from
        while hay.count - offset >= pattern.count {
          guard let hit = memchr(base + offset, Int32(first.pointee), hay.count - offset - pattern.count + 1) else {
            return nil
          }
          offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
          if memcmp(base + offset, first, pattern.count) == 0 { return offset..<(offset + pattern.count) }
          offset += 1
        }
        return nil
      } ?? nil
    }
    if let found {
      return found.map {
        haystack.index(haystack.startIndex, offsetBy: $0.lowerBound)..<haystack.index(haystack.startIndex, offsetBy: $0.upperBound)
      }
    }
    let pattern = Array(needle.utf8)
    guard let first = pattern.first else { return nil }
    var index = start ?? haystack.startIndex
    while index < haystack.endIndex {
      if haystack[index] == first {
        var cursor = index
        var matched = 0
        while matched < pattern.count, cursor < haystack.endIndex, haystack[cursor] == pattern[matched] {
          cursor = haystack.index(after: cursor)
          matched += 1
        }
        if matched == pattern.count { return index..<cursor }
      }
      index = haystack.index(after: index)
    }
    return nil
  }

  /// Whether `needle` occurs.
  func includes(_ needle: String) -> Bool { find(needle) != nil }
}
