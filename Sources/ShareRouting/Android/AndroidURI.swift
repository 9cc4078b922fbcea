/// A data URI as Android's `Uri.parse` reads it (`android.net.Uri.StringUri`): the parts intent
/// filters look at, each found the way AOSP finds it.
///
/// - `scheme`: the text before the first `:` (case kept), `nil` without a `:`.
/// - `schemeSpecificPart`: everything after that `:` up to the first `#`, percent-decoded.
/// - The authority exists only when `//` follows the `:` and ends at `/`, `\`, `?` or `#`; the
///   `host` is what follows its last `@`, up to the port separator, percent-decoded; the `port`
///   is the number after the last `:` when only ASCII digits follow it (else -1).
/// - `path`: `nil` for an opaque URI (`mailto:x`, `scheme:` alone); after an authority it starts
///   at `/` or `\` (empty when `?` or `#` comes first); it ends at `?` or `#`; percent-decoded.
///
/// Decoding is `UriCodec.decode(s, convertPlus: false, UTF-8, throwOnFailure: false)`: `+` stays,
/// bytes are decoded as UTF-8 with U+FFFD for malformed input, and a broken escape appends U+FFFD
/// and then the byte gathered so far (`%zz` → U+FFFD, U+0000, `z`), as AOSP does. All positions are
/// UTF-16 code units, as in Java.
///
/// Source: `core/java/android/net/Uri.java` (`StringUri`, `AbstractHierarchicalUri`) and
/// `UriCodec.java`, Android 14.
package struct AndroidURI: Hashable, Sendable {
  /// The scheme, or `nil` when the text has no `:`.
  package let scheme: String?
  /// The scheme-specific part, decoded.
  package let schemeSpecificPart: String
  /// The host, decoded, or `nil` without an authority.
  package let host: String?
  /// The port, or -1.
  package let port: Int
  /// The path, decoded, or `nil` for an opaque URI.
  package let path: String?

  /// Parses a URI string like `Uri.parse`.
  package init(_ text: String) {
    let units = Array(text.utf16)
    let colon = units.firstIndex(of: Self.colon)
    scheme = colon.map { String(decoding: units[..<$0], as: UTF16.self) }
    let ssi = colon ?? -1
    // findFragmentSeparator: the first '#' from the scheme separator (from 0 without one).
    let fragment = units[max(0, ssi)...].firstIndex(of: Self.hash)
    schemeSpecificPart = Self.decode(units[(ssi + 1)..<(fragment ?? units.count)])
    let authority = Self.authority(units, ssi: ssi)
    if let authority {
      let at = authority.lastIndex(of: Self.at)
      let portSeparator = Self.portSeparator(authority)
      let hostStart = at.map { authority.index(after: $0) } ?? authority.startIndex
      host = Self.decode(authority[hostStart..<(portSeparator ?? authority.endIndex)])
      if let portSeparator {
        port = Self.javaParseInt(Self.decode(authority[authority.index(after: portSeparator)...])) ?? -1
      } else {
        port = -1
      }
    } else {
      host = nil
      port = -1
    }
    if ssi >= 0 && (ssi + 1 == units.count || units[ssi + 1] != Self.slash) {
      path = nil  // opaque
    } else {
      path = Self.decode(Self.path(units, ssi: ssi))
    }
  }

  static let colon = UInt16(UInt8(ascii: ":"))
  static let hash = UInt16(UInt8(ascii: "#"))
  static let slash = UInt16(UInt8(ascii: "/"))
  static let backslash = UInt16(UInt8(ascii: "\\"))
  static let question = UInt16(UInt8(ascii: "?"))
  static let at = UInt16(UInt8(ascii: "@"))
  static let percent = UInt16(UInt8(ascii: "%"))

  /// `StringUri.parseAuthority`: after `//`, up to `/`, `\`, `?` or `#`.
  static func authority(_ units: [UInt16], ssi: Int) -> ArraySlice<UInt16>? {
    guard units.count > ssi + 2, units[ssi + 1] == slash, units[ssi + 2] == slash else { return nil }
    var end = ssi + 3
    while end < units.count, ![slash, backslash, question, hash].contains(units[end]) { end += 1 }
    return units[(ssi + 3)..<end]
  }

  /// `StringUri.parsePath(uriString, ssi)`.
  static func path(_ units: [UInt16], ssi: Int) -> ArraySlice<UInt16> {
    var start: Int
    if units.count > ssi + 2, units[ssi + 1] == slash, units[ssi + 2] == slash {
      start = ssi + 3
      while start < units.count {
        let unit = units[start]
        if unit == question || unit == hash { return [] }
        if unit == slash || unit == backslash { break }
        start += 1
      }
    } else {
      start = ssi + 1
    }
    var end = start
    while end < units.count, units[end] != question, units[end] != hash { end += 1 }
    return units[min(start, units.count)..<end]
  }

  /// `AbstractHierarchicalUri.findPortSeparator`: the last `:` when only ASCII digits follow it.
  static func portSeparator(_ authority: ArraySlice<UInt16>) -> ArraySlice<UInt16>.Index? {
    var index = authority.endIndex
    while index > authority.startIndex {
      index = authority.index(before: index)
      let unit = authority[index]
      if unit == colon { return index }
      if unit < 0x30 || unit > 0x39 { return nil }
    }
    return nil
  }

  /// Java's `Integer.parseInt`: an optional sign, then decimal digits, within `Int32`.
  static func javaParseInt(_ text: String) -> Int? {
    var units = Substring(text).utf8[...]
    var negative = false
    if let first = units.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
      negative = first == UInt8(ascii: "-")
      units = units.dropFirst()
    }
    guard !units.isEmpty else { return nil }
    var value = 0
    for unit in units {
      guard (0x30...0x39).contains(unit) else { return nil }
      value = value * 10 + Int(unit - 0x30)
      if value > Int(Int32.max) + 1 { return nil }
    }
    value = negative ? -value : value
    return (Int(Int32.min)...Int(Int32.max)).contains(value) ? value : nil
  }

  /// `UriCodec.decode(s, false, UTF_8, false)`.
  static func decode(_ units: ArraySlice<UInt16>) -> String {
    var out: [UInt16] = []
    out.reserveCapacity(units.count)
    var bytes: [UInt8] = []
    func flush() {
      guard !bytes.isEmpty else { return }
      out.append(contentsOf: String(decoding: bytes, as: UTF8.self).utf16)
      bytes.removeAll(keepingCapacity: true)
    }
    var index = units.startIndex
    while index < units.endIndex {
      let unit = units[index]
      index += 1
      guard unit == percent else {
        flush()
        out.append(unit)
        continue
      }
      var value: UInt8 = 0
      for _ in 0..<2 {
        guard index < units.endIndex else {
          // Unexpected end of input: U+FFFD, and decoding stops.
          flush()
          out.append(0xFFFD)
          return String(decoding: out, as: UTF16.self)
        }
        let digit = hexValue(units[index])
        index += 1
        guard let digit else {
          flush()
          out.append(0xFFFD)
          break
        }
        value = value &* 16 &+ digit
      }
      // Also after a bad digit: the byte gathered so far (AOSP's loop falls through to put it).
      bytes.append(value)
    }
    flush()
    return String(decoding: out, as: UTF16.self)
  }

  static func hexValue(_ unit: UInt16) -> UInt8? {
    switch unit {
    case 0x30...0x39: UInt8(unit - 0x30)
    case 0x41...0x46: UInt8(unit - 0x41 + 10)
    case 0x61...0x66: UInt8(unit - 0x61 + 10)
    default: nil
    }
  }
}
