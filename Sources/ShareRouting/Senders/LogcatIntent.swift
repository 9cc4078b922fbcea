/// An Android intent as logcat prints it (`Intent.toString()`: `Intent { act=… cat=[…] dat=… typ=…
/// flg=0x… cmp=… clip={…} (has extras) }`, or ActivityTaskManager's `START u0 {act=… …}`), read
/// into a capture: the action, categories, data and type filters match on, and the ClipData's
/// items as the streams and text the receiver reads (`docs/hosts.md#captures`).
///
/// What logcat does not print is unknown and said so: the extras (`(has extras)` only), each
/// stream's display name and type, and the URIs and texts `ClipData.Item.toShortString`
/// redacts (`U(content)`, `T(12)`, `{...}`). `flg=`, `pkg=`, `cmp=`, `bnds=`, `id=` and `sel=`
/// are read past: the route answers who would be offered the share, not who was started.
enum LogcatIntent {
  /// Whether a capture's text is a logcat line rather than YAML or JSON: its first non-empty
  /// line that is not a `#` comment holds `Intent {` or `{act=`.
  static func looksLikeIntent(_ text: String) -> Bool {
    let lines = text.split(whereSeparator: \.isNewline).lazy.map { $0.drop(while: \.isWhitespace) }
    guard let line = lines.first(where: { !$0.isEmpty && !$0.hasPrefix("#") }) else { return false }
    return line.contains("Intent {") || line.contains("{act=")
  }

  /// The most characters of a line read (a logcat line is short; a capture file is bounded
  /// before, this bounds a `--intent` value).
  static let maxLength = 64 << 10

  /// Parses the one intent of a capture text; `columnShift` moves the columns errors name (for a
  /// line the caller wrapped).
  static func parse(_ text: String, file: String, columnShift: Int = 0) -> Result<SenderTemplate, ManifestError> {
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    var found: (line: Int, body: Substring, column: Int)?
    for (number, line) in lines.enumerated() where !line.drop(while: \.isWhitespace).hasPrefix("#") {
      guard let open = line.range(of: "Intent { ")?.upperBound ?? line.range(of: "{act=").map({ line.index(after: $0.lowerBound) }) else { continue }
      if let found {
        return .failure(
          ManifestError(
            file: file, location: SourceLocation(line: number + 1, column: 1), keyPath: "",
            problem: .invalidValue(String(line.prefix(80)), expected: "one intent (the first is on line \(found.line))")))
      }
      guard line.count <= maxLength else {
        return .failure(ManifestError(file: file, location: SourceLocation(line: number + 1, column: 1), keyPath: "", problem: .tooLarge(bytes: line.utf8.count)))
      }
      found = (number + 1, line[open...], line.distance(from: line.startIndex, to: open) + 1)
    }
    guard let found else {
      return .failure(ManifestError(file: file, location: nil, keyPath: "", problem: .invalidValue(String(text.prefix(80)), expected: "an 'Intent { act=… }' line")))
    }
    var reader = Reader(text: found.body, line: found.line, column: found.column + columnShift, file: file)
    return reader.intent()
  }

  /// A reader of one intent's body, after its opening brace.
  struct Reader {
    let text: Substring
    var index: Substring.Index
    let line: Int
    let startColumn: Int
    let file: String

    init(text: Substring, line: Int, column: Int, file: String) {
      self.text = text
      index = text.startIndex
      self.line = line
      startColumn = column
      self.file = file
    }

    func error(_ value: Substring, at position: Substring.Index, expected: String) -> ManifestError {
      ManifestError(
        file: file, location: SourceLocation(line: line, column: startColumn + text.distance(from: text.startIndex, to: position)),
        keyPath: "", problem: .invalidValue(String(value.prefix(80)), expected: expected))
    }

    /// Reads to the matching close of a bracket that was just passed; `nil` when it never closes.
    mutating func balanced(open: Character, close: Character) -> Substring? {
      var depth = 1
      let start = index
      while index < text.endIndex {
        let char = text[index]
        if char == open { depth += 1 }
        if char == close {
          depth -= 1
          if depth == 0 {
            defer { index = text.index(after: index) }
            return text[start..<index]
          }
        }
        index = text.index(after: index)
      }
      return nil
    }

    mutating func intent() -> Result<SenderTemplate, ManifestError> {
      var action: String?
      var categories: [String] = []
      var data: String?
      var type: String?
      var clip: (value: Substring, at: Substring.Index)?
      var hasExtras = false
      var closed = false
      while index < text.endIndex {
        let char = text[index]
        if char == " " {
          index = text.index(after: index)
          continue
        }
        if char == "}" {
          closed = true
          break
        }
        let rest = text[index...]
        if rest.hasPrefix("(has extras)") {
          hasExtras = true
          index = text.index(index, offsetBy: 12)
          continue
        }
        guard let equals = rest.firstIndex(of: "="), !rest[..<equals].contains(" ") else {
          let word = rest.prefix { $0 != " " }
          return .failure(error(word, at: index, expected: "'key=value', '(has extras)' or '}'"))
        }
        let key = rest[..<equals]
        let valueStart = text.index(after: equals)
        index = valueStart
        var value: Substring
        if key == "sel" {
          // The selector prints its own fields, then its `}` (`sel=act=… cat=[…]}`): read past
          // to that brace, counting the braces of its clip.
          guard balanced(open: "{", close: "}") != nil else {
            return .failure(error(text[valueStart...], at: valueStart, expected: "a selector whose '}' closes"))
          }
          continue
        }
        if index < text.endIndex && (text[index] == "{" || text[index] == "[") {
          let open = text[index]
          index = text.index(after: index)
          guard let inner = balanced(open: open, close: open == "{" ? "}" : "]") else {
            return .failure(error(text[valueStart...], at: valueStart, expected: "a value whose '\(open)' closes"))
          }
          value = inner
          // A rectangle is two groups (`bnds=[0,0][1080,2400]`): read past the second.
          while open == "[" && index < text.endIndex && text[index] == "[" {
            index = text.index(after: index)
            guard balanced(open: "[", close: "]") != nil else {
              return .failure(error(text[valueStart...], at: valueStart, expected: "a value whose '[' closes"))
            }
          }
        } else {
          let end = text[index...].firstIndex(where: { $0 == " " }) ?? text.endIndex
          value = text[index..<end]
          // The last value before the closing brace: `typ=image/png}` in a START line.
          if value.hasSuffix("}") && !value.contains("{") {
            value = value.dropLast()
            index = text.index(before: end)
          } else {
            index = end
          }
        }
        switch key {
        case "act": action = String(value)
        case "cat": categories = value.split(separator: ",").map { String($0.trimmingPrefix(" ")) }
        case "dat": data = String(value)
        case "typ":
          guard SenderFile.isMediaType(String(value)) else {
            return .failure(error(value, at: valueStart, expected: "a media type (typ=type/subtype)"))
          }
          type = String(value)
        case "clip": clip = (value, valueStart)
        default: break  // flg, pkg, cmp, bnds, id, sel, xflg, u…: not what filters match.
        }
      }
      guard closed || index == text.endIndex else { return .failure(error(text[index...], at: index, expected: "'}'")) }
      guard let action else {
        return .failure(error(text, at: text.startIndex, expected: "an intent with act= (a share is a SEND or SEND_MULTIPLE)"))
      }
      var template = SenderTemplate(host: SenderFile.defaultHost(file), platform: .android)
      var intent = SenderTemplate.IntentTemplate(action: action, type: type, categories: categories, data: data)
      if hasExtras { template.unknown.append(SenderMessages.logcatExtras) }
      if let clip {
        switch Self.clip(clip.value, intentType: type, action: action) {
        case .success(let parsed):
          intent.clip = parsed.clip
          intent.streams = parsed.streams
          intent.text = parsed.text
          template.unknown += parsed.unknown
        case .failure(let problem):
          return .failure(error(clip.value, at: clip.at, expected: problem.expected))
        }
      } else {
        template.unknown.append(SenderMessages.logcatNoClip)
      }
      template.intent = intent
      if intent.streams.isEmpty && intent.text == nil {
        // Nothing shown: a text share (`SEND text/plain`) or a stream of the intent's type.
        if type?.hasPrefix("text/") ?? true {
          intent.text = SenderTemplate.Content.none
        } else {
          intent.streams = [SenderTemplate.StreamTemplate(uri: nil, displayName: nil, type: nil, content: .none)]
        }
        template.intent = intent
      }
      return .success(template)
    }

    /// The parts of `clip={…}`: its description's MIME types, then items in braces
    /// (`ClipData.toShortString`), or, in the short form older releases print, the first item
    /// bare and ` ...` when there are more (`toShortStringShortItems`).
    static func clip(_ value: Substring, intentType: String?, action: String) -> Result<(clip: SenderTemplate.ClipTemplate, streams: [SenderTemplate.StreamTemplate], text: SenderTemplate.Content?, unknown: [String]), ClipError> {
      var mimeTypes: [String] = []
      var items: [AndroidIntent.ClipData.Item] = []
      var streams: [SenderTemplate.StreamTemplate] = []
      var text: SenderTemplate.Content?
      var unknown: [String] = []
      // `{...}` hides the item: a text for a SEND of text, else a stream.
      let hiddenIsText = action == IntentFilter.actionSend && (intentType?.hasPrefix("text/") ?? true)
      func add(_ inner: Substring) {
        var (item, hidden) = Self.item(inner)
        if hidden {
          if hiddenIsText { item.hiddenText = true } else { item.hasURI = true }
        }
        items.append(item)
        if item.hasURI {
          streams.append(SenderTemplate.StreamTemplate(uri: item.uri, displayName: nil, type: nil, content: .none))
          if item.uri == nil, !unknown.contains(SenderMessages.logcatRedactedURI) { unknown.append(SenderMessages.logcatRedactedURI) }
        }
        if text == nil, let value = item.text {
          text = (try? ShareItem.url(value)) != nil ? .url(value) : .text(value)
        } else if text == nil, item.hiddenText {
          text = SenderTemplate.Content.none
          if !hidden { unknown.append(SenderMessages.logcatRedactedText) }
        }
        if hidden { unknown.append(SenderMessages.logcatHiddenItem(items.count)) }
      }
      var rest = value[...]
      while let first = rest.first {
        if first == " " {
          rest = rest.dropFirst()
          continue
        }
        if first == "{" {
          var reader = Reader(text: rest.dropFirst(), line: 0, column: 0, file: "")
          guard let inner = reader.balanced(open: "{", close: "}") else { return .failure(ClipError("a clip item whose '{' closes")) }
          rest = rest[reader.index...]
          add(inner)
          continue
        }
        if items.isEmpty, ["U:", "T:", "H:"].contains(where: { rest.hasPrefix($0) }) {
          // The short form: the first item, bare, to the end or to ` ...`.
          var inner = rest
          let more = inner.hasSuffix(" ...")
          if more { inner = inner.dropLast(4) }
          add(inner)
          if more { unknown.append(SenderMessages.logcatMoreItems) }
          break
        }
        let word = rest.prefix { $0 != " " }
        rest = rest.dropFirst(word.count)
        if word == "..." {
          unknown.append(SenderMessages.logcatMoreItems)
        } else if word.contains("/") && !word.hasPrefix("\"") && !word.hasPrefix("I:") && !word.hasPrefix("<") {
          mimeTypes.append(String(word))
        }
        // A label ("…" or hasLabel(n)), a time (<…>) or an icon (I:…): not what a receiver routes on.
      }
      if !streams.isEmpty { unknown.append(SenderMessages.logcatStreamColumns) }
      return .success((SenderTemplate.ClipTemplate(mimeTypes: mimeTypes, items: items), streams, text, unknown))
    }

    /// One clip item (`ClipData.Item.toShortString`): `T:text`, `T(length)`, `U:uri`,
    /// `U(scheme)`, `H:…`/`H(length)`, `I:…`, or `...` (the short form that hides every part,
    /// `hidden`).
    static func item(_ inner: Substring) -> (item: AndroidIntent.ClipData.Item, hidden: Bool) {
      let trimmed = inner.drop { $0 == " " }
      var item = AndroidIntent.ClipData.Item(text: nil, uri: nil, hasURI: false)
      if trimmed.isEmpty || trimmed == "..." { return (item, true) }
      var textPart = trimmed
      func starts(_ marker: String) -> Range<Substring.Index>? {
        guard let range = trimmed.range(of: marker, options: .backwards),
          range.lowerBound == trimmed.startIndex || trimmed[trimmed.index(before: range.lowerBound)] == " "
        else { return nil }
        return range
      }
      if let range = starts("U:") {
        item.uri = String(trimmed[range.upperBound...].prefix { $0 != " " })
        item.hasURI = true
        textPart = trimmed[..<range.lowerBound]
      } else if let range = starts("U(") {
        item.hasURI = true
        textPart = trimmed[..<range.lowerBound]
      }
      textPart = textPart.drop { $0 == " " }
      if textPart.hasPrefix("T:") {
        var value = textPart.dropFirst(2)
        while value.last == " " { value = value.dropLast() }
        item.text = String(value)
      } else if textPart.hasPrefix("T(") || textPart.hasPrefix("H:") || textPart.hasPrefix("H(") {
        item.hiddenText = true
      }
      return (item, false)
    }
  }

  /// What a clip value should have been.
  struct ClipError: Error {
    let expected: String
    init(_ expected: String) { self.expected = expected }
  }
}

