/// A set of byte values looked up by index (a table of 256 flags, built once): for the byte
/// loops that run on every file, where a `Set<UInt8>` hashes and a Foundation `CharacterSet`
/// is costly to build.
struct ByteSet: Sendable {
  private let members: [Bool]

  /// The bytes of `characters`' UTF-8 encoding.
  init(_ characters: String) {
    var members = [Bool](repeating: false, count: 256)
    for byte in characters.utf8 { members[Int(byte)] = true }
    self.members = members
  }

  /// Whether `byte` is in the set.
  func contains(_ byte: UInt8) -> Bool { members[Int(byte)] }
}
