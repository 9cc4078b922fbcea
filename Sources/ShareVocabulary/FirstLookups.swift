import Synchronization

/// Counts a table's lookups so that the first few look through the table itself and later ones
/// use an index built once: a one-shot command asks a table a few times, and building its index
/// at every start cost more than those lookups; a process that keeps asking gets the index.
///
/// Both ways must give the same answer. Tests compare them for every key of TypeIdentifier's
/// extension and MIME tables and of freedesktop's claims and aliases; Refiner's index is, by its
/// definition, the union of the sets its scan reads.
package struct FirstLookups: ~Copyable, Sendable {
  private let count = Atomic<Int>(0)
  private let scanned: Int

  /// A counter whose first `scanned` lookups look through the table.
  package init(scanned: Int) {
    self.scanned = scanned
  }

  /// Counts a lookup; whether it should use the index (the first `scanned` should not).
  package func useIndex() -> Bool {
    count.add(1, ordering: .relaxed).oldValue >= scanned
  }
}
