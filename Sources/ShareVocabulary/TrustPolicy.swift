/// How much the sender's reported type is trusted.
public enum TrustPolicy: String, Hashable, Sendable, CaseIterable {
  /// The content wins unless it allows the reported type (default).
  case content
  /// The reported type is used whenever there is one.
  case reported
}
