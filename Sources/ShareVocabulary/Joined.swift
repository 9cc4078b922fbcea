extension [String] {
  /// The strings with `separator` between them: the same text as `joined(separator:)`, which
  /// takes the runtime's generic path. That path is slower where messages are built for every
  /// refusal, and on the start path it costs a conformance lookup (a scan of every conformance
  /// record of the binary).
  package func joinedText(_ separator: String) -> String {
    var text = ""
    for position in indices {
      if position > 0 { text += separator }
      text += self[position]
    }
    return text
  }
}
