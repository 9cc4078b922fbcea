/// The one way share-route shows a value that came from outside (a file name, a label, an id, a
/// text, a URL, a type, a file's contents) to a terminal: control characters escaped, and in
/// diagnostics only a short excerpt.
///
/// Escaped: C0 controls (ESC, CR, LF, TAB, BEL, …), DEL, C1 controls (including the 8-bit CSI
/// and OSC introducers), the Unicode line and paragraph separators, and the bidirectional
/// overrides and isolates that reorder what a terminal shows. So no value can move the cursor,
/// set the title, write the clipboard (OSC 52), overwrite a line or hide text. JSON output does
/// not use this: it stays exact.
package enum Printable {
  /// The most characters of a value a diagnostic quotes.
  package static let excerptLength = 80

  /// Whether a scalar is shown escaped.
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x2028, 0x2029: true  // line and paragraph separators
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true  // bidi controls
    default: false
    }
  }

  /// The value with every control character written as an escape (`\n`, `\r`, `\t`, `\u{1B}`).
  package static func escaped(_ value: String) -> String {
    guard value.unicodeScalars.contains(where: needsEscape) else { return value }
    var out = ""
    for scalar in value.unicodeScalars {
      if needsEscape(scalar) { out += scalar.escaped(asASCII: true) } else { out.unicodeScalars.append(scalar) }
    }
    return out
  }

  /// The value escaped, cut to ``excerptLength`` characters with `…` when longer: what a
  /// diagnostic may quote of a value, so that a manifest that is really another file (a symlink
  /// to a secret) never prints that file.
  package static func excerpt(_ value: String, limit: Int = excerptLength) -> String {
    var count = 0
    for index in value.indices {
      if count == limit { return escaped(String(value[..<index])) + "…" }
      count += 1
    }
    return escaped(value)
  }

  /// `'excerpt'`: a value quoted in a message.
  package static func quoted(_ value: String) -> String { "'" + excerpt(value) + "'" }

  /// A whole message for a terminal: every control character escaped but the line breaks the
  /// message itself is made of (values inside were escaped when it was worded).
  package static func message(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0 != "\n" && needsEscape($0) }) else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }
      .joined(separator: "\n")
  }
}
