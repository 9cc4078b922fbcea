/// Java's string comparisons where Android uses them on UTF-16 code units.
enum JavaText {
  /// `String.compareToIgnoreCase(other) == 0`: each pair of units equal, or equal upper-cased,
  /// or equal lower-cased after upper-casing (simple, one-to-one case mappings).
  static func equalIgnoringCase(_ left: [UInt16], _ right: [UInt16]) -> Bool {
    guard left.count == right.count else { return false }
    for (a, b) in zip(left, right) where a != b {
      let upperA = upper(a)
      let upperB = upper(b)
      if upperA != upperB && lower(upperA) != lower(upperB) { return false }
    }
    return true
  }

  /// `Character.toUpperCase(char)`: the one-unit upper case, or the unit itself.
  static func upper(_ unit: UInt16) -> UInt16 {
    if unit < 0x80 { return (0x61...0x7A).contains(unit) ? unit - 0x20 : unit }
    return mapped(unit) { $0.properties.uppercaseMapping }
  }

  /// `Character.toLowerCase(char)`: the one-unit lower case, or the unit itself.
  static func lower(_ unit: UInt16) -> UInt16 {
    if unit < 0x80 { return (0x41...0x5A).contains(unit) ? unit + 0x20 : unit }
    return mapped(unit) { $0.properties.lowercaseMapping }
  }

  private static func mapped(_ unit: UInt16, _ mapping: (Unicode.Scalar) -> String) -> UInt16 {
    guard let scalar = Unicode.Scalar(unit) else { return unit }  // a surrogate
    let result = Array(mapping(scalar).utf16)
    return result.count == 1 ? result[0] : unit
  }
}
