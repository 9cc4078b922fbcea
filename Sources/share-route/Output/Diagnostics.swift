import ShareRouting

/// Diagnostics on standard error, prefixed with the tool's name.
enum Diagnostics {
  static func error(_ message: String) {
    StandardStream.diagnostic("share-route: error: \(Printable.message(message))\n")
  }

  /// A warning that changes what the output shows (ids told apart).
  static func warning(_ message: String) {
    StandardStream.diagnostic("share-route: \(Printable.message(message))\n")
  }
}
