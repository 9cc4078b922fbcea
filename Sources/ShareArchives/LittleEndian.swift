/// Little-endian numbers in bytes, for the binary formats read here and in ShareRouting (ZIP,
/// Android's chunks).
package enum LittleEndian {
  /// The unsigned number of `width` bytes (at most 8) at `offset`; the caller has checked that
  /// they are there. Eight bytes with the top bit set come out negative.
  package static func number(_ bytes: [UInt8], at offset: Int, width: Int) -> Int {
    var value = 0
    for index in stride(from: width - 1, through: 0, by: -1) { value = value << 8 | Int(bytes[offset + index]) }
    return value
  }
}
