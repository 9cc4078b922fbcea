/// Small text helpers of the detectors, on UTF-8 bytes: the standard library compares
/// Characters one by one (grapheme breaking on every line), which cost the detectors more than
/// their own logic. The patterns are ASCII, so a byte comparison finds the same lines.
extension Substring {
  /// The line without leading and trailing spaces and tabs, as a String (no Foundation).
  func trimmedSpaces() -> String { String(trimmedView()) }

  /// The line without leading and trailing spaces and tabs, as a view of the same text (no copy).
  func trimmedView() -> Substring {
    let bytes = utf8
    guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
      let last = bytes.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })
    else { return "" }
    return Substring(bytes[first...last])
  }

  /// Whether the line starts with `prefix`, byte for byte.
  func hasPrefix(_ prefix: String) -> Bool { utf8.starts(with: prefix.utf8) }

  /// Whether the line ends with `suffix`, byte for byte.
  func hasSuffix(_ suffix: String) -> Bool {
    let bytes = utf8
    let count = suffix.utf8.count
    guard bytes.count >= count else { return false }
    return bytes[bytes.index(bytes.endIndex, offsetBy: -count)...].elementsEqual(suffix.utf8)
  }
}
