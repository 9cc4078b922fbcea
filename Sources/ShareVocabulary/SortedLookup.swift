extension Array {
  /// The position of the row whose key is `key` in rows sorted by that key with no key twice
  /// (the generated lookups of the type tables), found by halving, or `nil`: such a table is
  /// compiled as a constant and searched in place, so a start builds no index from it.
  @inlinable
  package func position(ofKey key: String, _ rowKey: (Element) -> String) -> Int? {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if rowKey(self[middle]) < key { low = middle + 1 } else { high = middle }
    }
    return low < count && rowKey(self[low]) == key ? low : nil
  }
}
