/// The CRC-64 .NET for Android names generated Java packages with (java-interop's `Crc64`,
/// "crc-64-jones" with changes of its own): the Jones polynomial reflected, started at all ones,
/// ended by an XOR with the input's length in bytes (not with all ones), written as its
/// little-endian bytes in lower-case hex. An activity without `Name` is `crc64` + this hash of
/// `Namespace:AssemblyName` + `.` + its class name.
enum CRC64 {
  /// The byte table of the reflected polynomial (0xad93d23594c935a9 reflected).
  static let table: [UInt64] = (0..<256).map { index in
    var value = UInt64(index)
    for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ 0x95AC_9329_AC4B_C9B5 : value >> 1 }
    return value
  }

  /// The hash of the UTF-8 bytes of `text`: 16 lower-case hex digits, lowest byte first.
  static func hex(_ text: String) -> String {
    var crc = UInt64.max
    var length: UInt64 = 0
    for byte in text.utf8 {
      crc = table[Int((crc ^ UInt64(byte)) & 0xFF)] ^ (crc >> 8)
      length &+= 1
    }
    crc ^= length
    let digits = Array("0123456789abcdef")
    var out = ""
    for shift in stride(from: 0, to: 64, by: 8) {
      let byte = Int((crc >> UInt64(shift)) & 0xFF)
      out.append(digits[byte >> 4])
      out.append(digits[byte & 0xF])
    }
    return out
  }
}
