/// Helpers for MIME media types as Android and share senders use them.
///
/// Android treats MIME types as plain, case-sensitive strings (`IntentFilter` class documentation:
/// "MIME type matching here is case sensitive, unlike formal RFC MIME types!"). share-route follows it:
/// the types of shared items are normalised like `Intent.normalizeMimeType` before routing, while the
/// types written in filters are kept verbatim.
package enum MediaType {
  /// Normalises a sender's type exactly like Android's `Intent.normalizeMimeType`.
  ///
  /// The value is trimmed, lower-cased (`Locale.ROOT`) and cut at the first `;`. Nothing else is
  /// trimmed afterwards, so `"text/plain ; charset=utf-8"` becomes `"text/plain "`, as on Android.
  ///
  /// - Parameter type: A reported MIME type, or `nil`.
  /// - Returns: The normalised type, or `nil` for `nil`.
  package static func normalize(_ type: String?) -> String? {
    guard let type else { return nil }
    var value = javaTrim(type).lowercased()
    if let semicolon = value.firstIndex(of: ";") {
      value = String(value[..<semicolon])
    }
    return value
  }

  /// Trims like Java's `String.trim()`: every leading and trailing character `<= U+0020`.
  static func javaTrim(_ value: String) -> String {
    let scalars = value.unicodeScalars
    guard let first = scalars.firstIndex(where: { $0.value > 0x20 }),
      let last = scalars.lastIndex(where: { $0.value > 0x20 })
    else { return "" }
    return String(scalars[first...last])
  }

  /// Checks a filter type the way `IntentFilter.addDataType` does (`processMimeType`).
  ///
  /// A type is malformed when it has no `/`, starts with `/`, or has nothing after the `/`:
  /// `"image"`, `"/png"`, `"image/"` and `"*"` are rejected. Everything else is accepted verbatim,
  /// including upper case, parameters and `*/jpeg`.
  ///
  /// - Parameter type: The type as written in a manifest.
  /// - Returns: `true` when Android would accept the type.
  package static func isValidFilterType(_ type: String) -> Bool {
    // In UTF-16 units as AOSP counts them: a character before the first `/` and one after it,
    // which the UTF-8 bytes tell as well (`/` is one unit in both).
    let utf8 = type.utf8
    guard let slash = utf8.firstIndex(of: 0x2F), slash != utf8.startIndex else { return false }
    return utf8.index(after: slash) != utf8.endIndex
  }

  /// The type a sender puts on a share of several items, following share_plus `reduceMimeTypes`.
  ///
  /// No types gives `*/*`, one gives itself; otherwise equal types keep the type, types with the
  /// same base give `base/*`, and anything else gives `*/*`. The base is the text before the first
  /// `/`, or `*` when there is none (so a malformed type always widens to `*/*`).
  ///
  /// - Parameter types: The normalised types of the items, in share order.
  /// - Returns: The intent type for `ACTION_SEND_MULTIPLE`.
  package static func commonType(of types: [String]) -> String {
    guard var common = types.first else { return "*/*" }
    for type in types.dropFirst() where type != common {
      let base = baseType(of: type)
      if base != "*", base == baseType(of: common) {
        common = base + "/*"
      } else {
        return "*/*"
      }
    }
    return common
  }

  /// The top-level type: the text before the first `/`, or `*` when there is no `/`.
  package static func baseType(of type: String) -> String {
    guard let slash = type.firstIndex(of: "/") else { return "*" }
    return String(type[..<slash])
  }

  /// The structured-syntax suffix of a type (RFC 6839 §3: the text after the last `+` of the
  /// subtype, lower case), e.g. `xml` for `application/gpx+xml`, or `nil` when there is none.
  package static func structuredSuffix(_ type: String) -> String? {
    // On the UTF-8 bytes: `/` and `+` are ASCII, and most types have no `+` (this runs for
    // every item and every refusal of a type).
    let utf8 = type.utf8
    guard let slash = utf8.firstIndex(of: UInt8(ascii: "/")) else { return nil }
    let subtype = utf8[utf8.index(after: slash)...]
    guard let plus = subtype.lastIndex(of: UInt8(ascii: "+")), plus != subtype.startIndex else { return nil }
    let suffix = subtype[subtype.index(after: plus)...]
    return suffix.isEmpty ? nil : String(Substring(suffix)).lowercased()
  }

  /// The type a structured-syntax suffix names as the syntax of a type (`application/xml` for
  /// `…+xml`, `application/json` for `…+json`; RFC 6839 §3.1–3.2), or `nil`.
  package static func structuredSyntaxBase(of type: String) -> String? {
    guard type.utf8.contains(UInt8(ascii: "+")) else { return nil }
    switch structuredSuffix(type) {
    case "xml": return "application/xml"
    case "json": return "application/json"
    default: return nil
    }
  }
}
