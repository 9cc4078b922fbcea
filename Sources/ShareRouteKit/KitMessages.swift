import ShareRouting

// Wording in the house style (docs/architecture.md): location first, lower case, user values
// escaped, no trailing period.

/// Every message of ShareRouteKit about one item or one request, worded in one place.
package enum KitMessages {
  /// An item that cannot be used, its path first.
  package static func itemError(_ path: String, _ message: String) -> String { "\(Printable.escaped(path)): \(message)" }

  /// An item that is not valid share data, by its position in the share.
  static func invalidItem(_ index: Int, _ message: String) -> String { "items[\(index)]: \(message)" }

  /// A request whose host's share cannot be had (`from`, `capture`, `intent`).
  static func hostShareError(line: Int, _ message: String) -> String { "line \(line): \(message)" }

  /// A request that parsed but cannot be routed: the key it is about, then why.
  static func routingError(line: Int, _ error: RoutingError) -> String {
    switch error {
    case .unknownSource: "line \(line): source: \(error.description)"
    case .tooManyItems: "line \(line): items: \(error.description)"
    }
  }
}
