/// The implicit types of YAML 1.1's plain scalars, as Yams's default resolver gives them, without
/// its regular expressions: Yams compiles and runs those through Foundation and ICU, which cost a
/// one-shot command more than reading its manifests (bench/RESULTS.md). Manifests
/// are parsed with Yams's `basic` resolver (every plain scalar a string) and typed here; a test
/// holds this to Yams's default resolver on thousands of scalars.
enum YAMLScalars {
  /// The implicit tag of a plain scalar: Yams's default rules in their order (bool, int, float,
  /// merge, null, timestamp, value); only the ones a manifest reads are named.
  enum Kind: Equatable {
    case bool(Bool)
    case int
    case float
    case null
    /// A string (merge keys, timestamps and `=` are strings to share-route too).
    case string
  }

  static func kind(_ text: String) -> Kind {
    let bytes = Array(text.utf8)
    if let flag = bool(text) { return .bool(flag) }
    if isInt(bytes[...]) { return .int }
    if isFloat(bytes[...]) { return .float }
    if text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL" { return .null }
    return .string
  }

  /// `yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF`.
  static func bool(_ text: String) -> Bool? {
    // Every spelling has two to five letters and starts with one of these (most scalars are
    // neither: no string comparisons for them).
    let utf8 = text.utf8
    guard (2...5).contains(utf8.count), let first = utf8.first, Self.boolInitials.contains(first) else { return nil }
    return switch text {
    case "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON": true
    case "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF": false
    default: nil
    }
  }

  /// The first letters of the boolean spellings.
  private static let boolInitials: [UInt8] = Array("yYtToOnNfF".utf8)

  private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
  private static let underscore = UInt8(ascii: "_")

  /// Drops one leading `+` or `-`.
  private static func unsigned(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes
  }

  /// One or more bytes, each digit-like by `allowed` or `_`.
  private static func all(_ bytes: ArraySlice<UInt8>, _ allowed: (UInt8) -> Bool) -> Bool {
    !bytes.isEmpty && bytes.allSatisfy { allowed($0) || $0 == underscore }
  }

  /// `(?::[0-5]?[0-9])+`: one or more sexagesimal parts, all of the rest.
  private static func sexagesimal(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard bytes.first == UInt8(ascii: ":") else { return false }
    var rest = bytes
    while let colon = rest.first, colon == UInt8(ascii: ":") {
      rest = rest.dropFirst()
      let digits = rest.prefix { isDigit($0) }
      guard let first = digits.first else { return false }
      // [0-5]?[0-9]: two digits when the first is 0 to 5, else one; a digit after them ends the
      // part where neither `:` nor the end may follow (the regex cannot match there either).
      rest = rest.dropFirst(digits.count >= 2 && first <= UInt8(ascii: "5") ? 2 : 1)
    }
    return rest.isEmpty
  }

  /// `[-+]?0b[0-1_]+ | [-+]?0o?[0-7_]+ | [-+]?(?:0|[1-9][0-9_]*) | [-+]?0x[0-9a-fA-F_]+ |
  /// [-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+`.
  static func isInt(_ bytes: ArraySlice<UInt8>) -> Bool {
    let body = unsigned(bytes)
    guard let first = body.first else { return false }
    if first == UInt8(ascii: "0") {
      let rest = body.dropFirst()
      if rest.isEmpty { return true }
      if rest.first == UInt8(ascii: "b") { return all(rest.dropFirst()) { $0 == 0x30 || $0 == 0x31 } }
      if rest.first == UInt8(ascii: "x") {
        return all(rest.dropFirst()) { isDigit($0) || (0x41...0x46).contains($0) || (0x61...0x66).contains($0) }
      }
      let octal = rest.first == UInt8(ascii: "o") ? rest.dropFirst() : rest
      return all(octal) { (0x30...0x37).contains($0) }
    }
    guard (0x31...0x39).contains(first) else { return false }
    let run = body.dropFirst().prefix { isDigit($0) || $0 == underscore }
    let rest = body.dropFirst(1 + run.count)
    return rest.isEmpty || sexagesimal(rest)
  }

  /// `[-+]?(?:[0-9][0-9_]*)(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)? | \.[0-9_]+(?:[eE][-+][0-9]+)? |
  /// [-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]* | [-+]?\.(?:inf|Inf|INF) | \.(?:nan|NaN|NAN)`.
  static func isFloat(_ bytes: ArraySlice<UInt8>) -> Bool {
    let text = String(decoding: bytes, as: UTF8.self)
    if [".nan", ".NaN", ".NAN"].contains(text) { return true }
    let body = unsigned(bytes)
    if [".inf", ".Inf", ".INF"].contains(String(decoding: body, as: UTF8.self)) { return true }
    // \.[0-9_]+(?:[eE][-+][0-9]+)? (no sign before the point)
    if bytes.first == UInt8(ascii: ".") {
      let rest = bytes.dropFirst()
      let run = rest.prefix { isDigit($0) || $0 == underscore }
      guard !run.isEmpty else { return false }
      return exponent(rest.dropFirst(run.count), signRequired: true)
    }
    guard let first = body.first, isDigit(first) else { return false }
    let run = body.dropFirst().prefix { isDigit($0) || $0 == underscore }
    var rest = body.dropFirst(1 + run.count)
    // [0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*
    if rest.first == UInt8(ascii: ":") {
      guard let point = rest.lastIndex(of: UInt8(ascii: ".")) else { return false }
      let fraction = rest[(point + 1)...]
      return sexagesimal(rest[..<point]) && fraction.allSatisfy { isDigit($0) || $0 == underscore }
    }
    if rest.first == UInt8(ascii: ".") {
      rest = rest.dropFirst()
      rest = rest.drop { isDigit($0) || $0 == underscore }
    }
    return exponent(rest, signRequired: false)
  }

  /// The end, or `[eE][-+]?[0-9]+` (the sign required when `signRequired`) and the end.
  private static func exponent(_ bytes: ArraySlice<UInt8>, signRequired: Bool) -> Bool {
    guard let e = bytes.first else { return true }
    guard e == UInt8(ascii: "e") || e == UInt8(ascii: "E") else { return false }
    var rest = bytes.dropFirst()
    if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") {
      rest = rest.dropFirst()
    } else if signRequired {
      return false
    }
    return !rest.isEmpty && rest.allSatisfy(isDigit)
  }
}
