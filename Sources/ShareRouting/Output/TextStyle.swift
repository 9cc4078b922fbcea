/// Colour for the text report on a terminal: the pick in bold green, refusals in red, reason
/// codes in yellow (SGR escape sequences). ``plain`` adds nothing; the command line decides
/// when to colour (`--color`, `NO_COLOR`, a terminal on standard output). Only share-route's own
/// escape sequences are added: values from outside were escaped before they are painted.
package struct TextStyle: Sendable {
  /// Whether escape sequences are written.
  package var enabled: Bool

  package init(enabled: Bool) { self.enabled = enabled }

  /// No colour.
  package static let plain = TextStyle(enabled: false)

  /// The pick's line.
  package func pick(_ text: String) -> String { paint(text, "1;32") }
  /// A refused handler, or the count of refusals.
  package func refused(_ text: String) -> String { paint(text, "31") }
  /// A reason code.
  package func code(_ text: String) -> String { paint(text, "33") }

  private func paint(_ text: String, _ sgr: String) -> String {
    enabled ? "\u{1B}[\(sgr)m" + text + "\u{1B}[0m" : text
  }
}
