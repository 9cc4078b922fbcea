/// An attribute value as a device has it: a manifest's string attributes are compiled by aapt2,
/// which processes `\` escapes (`StringBuilder::AppendText` with spaces preserved): `\t` and `\n`
/// become a tab and a newline, `\uXXXX` a code point, any other `\c` the character `c` (so a
/// `pathPattern` written `.*\\.pdf` reaches the device as `.*\.pdf`), and a trailing lone `\`
/// is dropped. Quotes and apostrophes are kept as they are.
///
/// Source: aapt2 `tools/aapt2/ResourceUtils.cpp` (`StringBuilder::AppendText`,
/// `AppendUnicodeEscapeSequence`), used by `XmlFlattener` for attributes without a compiled value.
enum AaptText {
  /// A value aapt2 refuses to compile.
  struct Refused: Error {
    /// Why, worded for `ManifestError.Problem.invalidValue`'s `expected`.
    let reason: String
  }

  /// The compiled value of an attribute.
  ///
  /// - Throws: ``Refused`` for a `\u` escape that is not followed by hex digits (aapt2 stops the
  ///   build).
  static func compiled(_ value: String) throws(Refused) -> String {
    guard value.utf8.contains(UInt8(ascii: "\\")) else { return value }
    var scalars = value.unicodeScalars.makeIterator()
    var out = String.UnicodeScalarView()
    while let scalar = scalars.next() {
      guard scalar == "\\" else {
        out.append(scalar)
        continue
      }
      guard let escaped = scalars.next() else { break }
      switch escaped {
      case "t": out.append("\t")
      case "n": out.append("\n")
      case "u":
        var code: UInt32 = 0
        for _ in 0..<4 {
          guard let digit = scalars.next() else { break }
          guard let value = hexValue(digit) else {
            throw Refused(reason: PlistMessages.badUnicodeEscape)
          }
          code = code << 4 | value
        }
        guard let decoded = Unicode.Scalar(code) else { throw Refused(reason: PlistMessages.badUnicodeEscape) }
        out.append(decoded)
      default: out.append(escaped)
      }
    }
    return String(out)
  }

  static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
    switch scalar.value {
    case 0x30...0x39: scalar.value - 0x30
    case 0x41...0x46: scalar.value - 0x41 + 10
    case 0x61...0x66: scalar.value - 0x61 + 10
    default: nil
    }
  }
}
