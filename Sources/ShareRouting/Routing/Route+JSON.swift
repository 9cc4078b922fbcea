extension Route {
  /// The route as JSON (DESIGN §7), keys in the documented order, absent values as `null`.
  ///
  /// - Parameter pretty: Indented output for people; compact (one line) otherwise.
  /// - Returns: UTF-8 JSON text without a trailing newline.
  public func json(pretty: Bool) -> String {
    var writer = JSONWriter(pretty: pretty)
    writer.object {
      $0.member("schemaVersion") { $0.number(Route.schemaVersion) }
      if let id { $0.member("id") { $0.string(id) } }
      $0.member("intent") { writer in
        if let intent {
          writer.object {
            $0.member("action") { $0.optionalString(intent.action) }
            $0.member("type") { $0.optionalString(intent.type) }
          }
        } else {
          writer.null()
        }
      }
      $0.member("items") { writer in writer.array(items) { $0.item($1) } }
      $0.member("pick") { $0.optionalString(pick) }
      $0.member("accepted") { writer in
        writer.array(accepted) { writer, handler in
          writer.object {
            $0.member("id") { $0.string(handler.id) }
            $0.member("label") { $0.string(handler.label) }
            $0.member("reason") { $0.optionalString(handler.reason) }
          }
        }
      }
      $0.member("rejected") { writer in writer.array(rejected) { $0.rejection($1) } }
      $0.member("errors") { writer in writer.array(errors) { $0.problem($1) } }
    }
    return writer.output
  }
}

/// A minimal JSON writer with a fixed key order (Foundation's encoder sorts or scrambles keys).
struct JSONWriter {
  private(set) var output = ""
  let pretty: Bool
  private var depth = 0
  private var needsComma = [false]

  init(pretty: Bool) { self.pretty = pretty }

  private mutating func newline() {
    guard pretty else { return }
    output += "\n" + String(repeating: "  ", count: depth)
  }

  private mutating func beginValue() {
    if needsComma[needsComma.count - 1] { output += "," }
    needsComma[needsComma.count - 1] = true
  }

  mutating func object(_ body: (inout JSONWriter) -> Void) {
    output += "{"
    depth += 1
    needsComma.append(false)
    body(&self)
    let empty = !(needsComma.popLast() ?? false)
    depth -= 1
    if !empty { newline() }
    output += "}"
  }

  mutating func member(_ key: String, _ value: (inout JSONWriter) -> Void) {
    beginValue()
    newline()
    appendString(key)
    output += pretty ? ": " : ":"
    needsComma.append(false)
    value(&self)
    needsComma.removeLast()
  }

  mutating func array<Element>(_ elements: [Element], _ body: (inout JSONWriter, Element) -> Void) {
    output += "["
    guard !elements.isEmpty else {
      output += "]"
      return
    }
    depth += 1
    needsComma.append(false)
    for element in elements {
      beginValue()
      newline()
      needsComma.append(false)
      body(&self, element)
      needsComma.removeLast()
    }
    needsComma.removeLast()
    depth -= 1
    newline()
    output += "]"
  }

  mutating func string(_ value: String) { appendString(value) }
  mutating func optionalString(_ value: String?) {
    if let value { appendString(value) } else { null() }
  }
  mutating func number(_ value: Int) { output += String(value) }
  mutating func bool(_ value: Bool) { output += value ? "true" : "false" }
  mutating func null() { output += "null" }

  private mutating func appendString(_ value: String) {
    output += "\""
    // Most strings need no escape: append them whole. (0xE2 leads U+2028 and U+2029.)
    if !value.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }) {
      output += value
      output += "\""
      return
    }
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }

  mutating func item(_ item: ShareItem) {
    object {
      $0.member("share") { writer in
        writer.object {
          $0.member("isTextShare") { $0.bool(item.share.isTextShare) }
          $0.member("name") { $0.string(item.share.name) }
          $0.member("source") { $0.string(item.share.source) }
          $0.member("type") { $0.string(item.share.type) }
        }
      }
      $0.member("kind") { $0.string(item.kind.rawValue) }
      $0.member("uti") { $0.string(item.uti) }
      $0.member("reportedType") { $0.optionalString(item.reportedType) }
      $0.member("sniffedType") { $0.optionalString(item.sniffedType) }
      $0.member("typeSource") { $0.string(item.typeSource.rawValue) }
      $0.member("corrected") { $0.bool(item.corrected) }
      $0.member("reason") { $0.optionalString(item.reason) }
    }
  }

  mutating func rejection(_ rejection: Rejection) {
    object {
      $0.member("id") { $0.string(rejection.id) }
      $0.member("label") { $0.string(rejection.label) }
      $0.member("phase") { $0.number(rejection.phase.rawValue) }
      $0.member("reasons") { writer in
        writer.array(rejection.reasons) { writer, reason in
          writer.object {
            $0.member("platform") { $0.string(reason.platform) }
            $0.member("code") { $0.string(reason.code) }
            $0.member("phase") { $0.number(reason.phase.rawValue) }
            $0.member("message") { $0.string(reason.message) }
          }
        }
      }
    }
  }

  mutating func problem(_ problem: RouteProblem) {
    object {
      $0.member("code") { $0.string(problem.code) }
      $0.member("message") { $0.string(problem.message) }
      if let phase = problem.phase { $0.member("phase") { $0.number(phase.rawValue) } }
      if let item = problem.item { $0.member("item") { $0.number(item) } }
      if let path = problem.path { $0.member("path") { $0.string(path) } }
    }
  }
}
