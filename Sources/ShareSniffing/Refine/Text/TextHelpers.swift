/// Small text helpers of the detectors.
extension Substring {
  /// The line without leading and trailing spaces and tabs, as a String (no Foundation).
  func trimmedSpaces() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
      return ""
    }
    return String(self[first...last])
  }
}
