import Foundation

/// Sniffers for concurrent code: each task or thread borrows one for the length of a closure,
/// so no cookie is ever used by two at once, and cookies are made one after another (libmagic's
/// `magic_load` touches process-wide state) and reused.
///
/// The pool is `Sendable`: share one across tasks.
///
/// ```swift
/// let pool = SnifferPool()
/// let items = try await withThrowingTaskGroup(of: ShareItem.self) { group in
///   for path in paths { group.addTask { try pool.withSniffer { try $0.item(path: path, reportedType: nil) } } }
///   return try await group.reduce(into: []) { $0.append($1) }
/// }
/// ```
public final class SnifferPool: Sendable {
  /// A sniffer held by the pool. The pool hands each one to one borrower at a time and takes it
  /// back before lending it again, which is what makes moving it between threads safe; the
  /// compiler cannot see that protocol, hence the unchecked conformance, kept to this type.
  private struct Held: @unchecked Sendable {
    let sniffer: Sniffer
  }

  /// The idle sniffers, guarded by `lock` (a pthread mutex: ThreadSanitizer sees its ordering).
  private nonisolated(unsafe) var idle: [Held] = []
  private let lock = NSLock()
  private let databasePath: String?
  /// How many idle sniffers are kept for reuse (more are made when more tasks ask at once, and
  /// closed when they come back to a full pool).
  public let capacity: Int

  /// Creates a pool; no cookie is opened until the first borrower asks.
  ///
  /// - Parameters:
  ///   - databasePath: A compiled magic database, or `nil` for the system's.
  ///   - capacity: Idle sniffers kept for reuse (at least 1).
  public init(databasePath: String? = nil, capacity: Int = 8) {
    self.databasePath = databasePath
    self.capacity = max(1, capacity)
  }

  /// Runs `body` with a sniffer no one else uses meanwhile, then takes it back.
  ///
  /// - Parameter body: The work; it must not keep the sniffer.
  /// - Returns: What `body` returns.
  /// - Throws: ``SniffError/magicUnavailable(_:)`` when no sniffer can be made, or what `body`
  ///   throws.
  public func withSniffer<Result>(_ body: (Sniffer) throws -> Result) throws -> Result {
    let held = try take()
    defer { give(held) }
    return try body(held.sniffer)
  }

  private func take() throws(SniffError) -> Held {
    lock.lock()
    let reused = idle.popLast()
    lock.unlock()
    if let reused { return reused }
    // A new sniffer loads libmagic on first use, serialised process-wide by MagicCookie.
    return Held(sniffer: try Sniffer(databasePath: databasePath))
  }

  private func give(_ held: Held) {
    lock.lock()
    if idle.count < capacity { idle.append(held) }
    lock.unlock()
  }
}
