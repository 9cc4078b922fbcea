/// Substring search on UTF-8 bytes, for the text checks: Foundation's `contains` and `range(of:)`
/// go through NSString and cost more than the checks themselves.
extension StringProtocol {
  /// The first occurrence of `needle` at or after `start`, or `nil`.
  func find(_ needle: String, from start: String.Index? = nil) -> Range<String.Index>? {
    let haystack = utf8
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
