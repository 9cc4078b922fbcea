import Foundation

/// How much of the heavy differential tables a run covers: every case in CI (`.ci/run` sets
/// `SHARE_ROUTE_FULL_TESTS=1`), a fixed sample of them otherwise, so that `swift test` on a
/// developer's machine stays within a few minutes. The sample is the same at every run.
enum TestDepth {
  static let full = ProcessInfo.processInfo.environment["SHARE_ROUTE_FULL_TESTS"] == "1"

  /// `values` in CI; the first `count` of them otherwise.
  static func sample<T>(_ values: [T], _ count: Int) -> [T] { full ? values : Array(values.prefix(count)) }

  /// Every position in CI; every `step`th otherwise (the first and the last always).
  static func positions(_ count: Int, step: Int) -> [Int] {
    guard !full, count > 0 else { return Array(0..<count) }
    return Array(Set(Array(stride(from: 0, to: count, by: step)) + [count - 1])).sorted()
  }
}
