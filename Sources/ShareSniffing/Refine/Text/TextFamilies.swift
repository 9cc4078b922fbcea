import Foundation

/// Text formats told apart by their content, where libmagic 5.44 answers `text/plain`,
/// `text/csv`, `text/x-c`, `text/html` or `text/xml` (`docs/sniffing.md#libmagics-answers`).
///
/// A table of named detectors, one per family, tried in order from the most structural to the
/// most heuristic (``detectors``): `#!` lines, markup (SVG, HTML, XHTML, RSS, Atom, the XML
/// dialects, XML), vCard and iCalendar, mail headers (mailboxes, web archives), formats that
/// declare themselves (PlantUML, SPDX, PAC, STL, Excellon, X11 images, DXF), JSON (and its dialects),
/// Markdown with code fences, languages by lines only they write (Languages.swift), makefiles, source code
/// (Swift, Python, JavaScript), Org and reStructuredText, SQL, CSS, TOML, delimited records (CSV,
/// semicolon CSV, TSV; prose with commas is not CSV), YAML, Markdown. The first detector with an
/// answer decides. Only the head of the file is looked at; a partial last line is ignored. Each
/// family lives in its own file of this folder.
enum TextFamilies {
  /// What was found: the type and, in a few words, why (the signature layer's finding).
  typealias Finding = Signature.Finding

  /// Families found from telltale lines (code, SQL, TOML, YAML, Markdown) rather than from a
  /// structure that was parsed (markup, JSON, records, CSS rules, vCard, iCalendar): guesses, so
  /// a name that names another text type breaks the tie (``NameRule``).
  static let telltaleTypes: Set<String> = [
    "text/x-swift", "text/x-python", "text/javascript", "application/sql", "application/toml",
    "application/yaml", "text/markdown", "text/x-go", "text/rust", "text/x-csharp", "text/x-cmake", "text/x-lilypond",
    "text/x-gherkin", "application/x-godot-shader", "application/x-gdscript", "text/x-cobol", "text/csv-schema", "text/org",
    "text/turtle", "text/x-rst", "text/x-java", "text/x-perl", "text/x-gradle", "text/x-scheme", "text/x.gcode",
    "text/x-kaitai-struct", "text/x-kotlin", "text/x-scala", "text/x-makefile",
  ]

  /// Detectors whose findings are guesses from telltale lines though their type is also found
  /// from a structure: a shell script by its blocks (a `#!` line is no guess), so a `.yml`, `.md`
  /// or `.spec` name that quotes shell blocks breaks the tie.
  static let telltaleDetectors: Set<String> = ["shell"]

  /// Detectors that name text only where libmagic's full pass says plain text (shell scripts
  /// without a `#!` line): ``TextFirst`` does not let them decide without that pass.
  static let afterFullPass: Set<String> = ["zsh-function", "shell"]

  /// libmagic's text answers a guess from telltale lines never replaces: HTML is a structure
  /// libmagic found (a polyglot of HTML and script is still HTML to it and to a browser).
  static let keptFromGuesses: Set<String> = ["text/html"]

  /// Text answers from libmagic that may hide a more specific text family.
  static let libmagicAnswers: Set<String> = [
    "text/plain", "text/csv", "text/x-c", "text/x-c++", "text/html", "application/xml", "application/json",
    "text/javascript", "text/x-asm", "text/troff", "text/x-tex", "text/x-makefile", "text/x-java",
    "text/x-objective-c", "text/x-pascal", "text/x-fortran", "text/x-awk",
  ]

  /// What every detector looks at: the head as bytes (BOM removed), as text cut at its last
  /// whole line, as lines (at most 2,000, CR removed), the text from its first non-space, and
  /// libmagic's canonical answer. The text forms are built on first use (markup reads the
  /// bytes only), and Markdown's syntax is found once.
  final class Sample {
    let bytes: [UInt8]
    let isComplete: Bool
    let sniffed: String

    init(bytes: [UInt8], isComplete: Bool, sniffed: String) {
      self.bytes = bytes
      self.isComplete = isComplete
      self.sniffed = sniffed
    }

    lazy var text: String = {
      let text = String(decoding: bytes, as: UTF8.self)
      if !isComplete, let lastBreak = text.utf8.lastIndex(of: 0x0A) { return String(Substring(text.utf8[...lastBreak])) }
      return text
    }()

    /// The lines, cut at each LF byte with a CR before it removed. (On bytes: as Characters,
    /// CR LF is one Character that is not "\n", so a split on "\n" left CRLF text whole.)
    lazy var lines: [Substring] = {
      var lines: [Substring] = []
      let utf8 = text.utf8
      var start = utf8.startIndex
      while lines.count < 2000 {
        let end = utf8[start...].firstIndex(of: 0x0A) ?? utf8.endIndex
        var lineEnd = end
        if lineEnd > start, utf8[utf8.index(before: lineEnd)] == 0x0D { lineEnd = utf8.index(before: lineEnd) }
        lines.append(Substring(utf8[start..<lineEnd]))
        if end == utf8.endIndex { break }
        start = utf8.index(after: end)
      }
      return lines
    }()

    lazy var start: String = text.trimmingWhitespace()

    /// The text from its first non-space without its `/* … */` comments, read by CSS and then SCSS.
    lazy var uncommented: String = TextFamilies.strippingBlockComments(start)

    /// Whether the text from its first non-space starts with `prefix` (in capitals) when put in
    /// capitals. A capital is at least one character, so the capitals of as many characters as
    /// `prefix` has start as the whole text's do.
    func startsWith(capitals prefix: String) -> Bool {
      String(start.prefix(prefix.count)).uppercased().hasPrefix(prefix)
    }

    /// The Markdown constructs the lines hold (`heading`, `list`, `fence`, …).
    lazy var markdown: Set<String> = TextFamilies.markdownSyntax(lines)

    /// What the language telltales saw, read once for the two detectors that use it.
    lazy var languageLines = TextFamilies.LanguageLines(lines)

    /// A shell script without a `#!` line, where libmagic's full pass says plain text (read by
    /// the source-code telltales, which leave it to the formats after them, and by `shell`).
    lazy var shellScript: Finding? = sniffed == "text/plain" ? TextFamilies.shellScript(lines) : nil
  }

  /// A detector's answer: found, keep libmagic's answer, or try the next (the signature layer's).
  typealias Verdict = Signature.Verdict

  /// A named detector of one family.
  struct Detector: Sendable {
    /// The family's name, for people and tests.
    let name: String
    let detect: @Sendable (Sample) -> Verdict

    /// A detector that either finds its family or passes on.
    static func family(_ name: String, _ find: @escaping @Sendable (Sample) -> Finding?) -> Detector {
      Detector(name: name) { sample in find(sample).map(Verdict.found) ?? .next }
    }
  }

  /// The detectors, in the order they are tried: the structural ones, then the heuristic ones.
  static let detectors: [Detector] = structural + heuristic

  /// Families told by a structure that was parsed (a `#!` line, markup, a vCard, mail headers,
  /// JSON): they come before freedesktop's content rules.
  static let structural: [Detector] = [
    .family("shebang") { shebang($0.bytes) },
    .family("markup") { markup($0.bytes) },
    .family("vcard") { sample in
      sample.startsWith(capitals: "BEGIN:VCARD")
        ? Finding(type: "text/vcard", evidence: SniffMessages.Evidence.itStartsWithBeginVcard) : nil
    },
    .family("icalendar") { sample in
      sample.startsWith(capitals: "BEGIN:VCALENDAR")
        ? Finding(type: "text/calendar", evidence: SniffMessages.Evidence.itStartsWithBeginVcalendar) : nil
    },
    .family("mail-headers") { mailHeaders($0.lines) },
    .family("plantuml") { plantUML($0.lines, isComplete: $0.isComplete) },
    .family("spdx-tag-value") { spdxTagValue($0.lines) },
    .family("pem") { pem($0.lines, isComplete: $0.isComplete) },
    // The function's name is looked for in the bytes first: most text has none, and reading
    // its lines for the definition costs every text file.
    .family("proxy-auto-config") { sample in
      sample.bytes.firstIndex(of: "FindProxyForURL".bytes) == nil ? nil : proxyAutoConfig(sample.lines)
    },
    .family("stl-ascii") { asciiSTL($0.lines) },
    .family("excellon") { excellon($0.lines) },
    .family("x11-image") { x11Image($0.lines) },
    .family("dxf") { dxf($0.lines) },
    .family("dockerfile") { dockerfile($0.lines) },
    .family("json") { json($0.start, bytes: $0.bytes, isComplete: $0.isComplete, sniffed: $0.sniffed) },
  ]

  /// Families told from telltale lines and looser structures: after freedesktop's stronger
  /// content rules, which name more formats exactly.
  static let heuristic: [Detector] = [
    // Markdown with code blocks is documentation, not code.
    .family("markdown-with-code") { sample in
      sample.markdown.contains("fence") ? markdown(kinds: sample.markdown) : nil
    },
    // zsh's autoloaded functions by their first line's tag, where libmagic's full pass says
    // plain text (``TextFirst`` does not let it decide alone): its `elif` lines are no Python.
    .family("zsh-function") { $0.sniffed == "text/plain" ? zshFunction($0.lines) : nil },
    // Vim script has no type of its own: its `func` and `function Name(` lines are no Swift or
    // JavaScript, and its `endfunction` no Octave's.
    Detector(name: "vim-script") { isVimScript($0.lines) ? .keepLibmagic : .next },
    .family("languages") { language($0.languageLines) },
    // After the languages: a Perl module that writes makefiles holds their rules too.
    .family("makefile") { makefile($0.lines) },
    Detector(name: "source-code") { sample in
      // A shell script's `export NAME=` lines are no JavaScript, its `elif` no Python: it is left
      // to the formats below, whose files may quote shell blocks (a CI file's `run: |`).
      if sample.shellScript != nil { return .next }
      let code = sourceCode(sample.lines)
      // libmagic's C answers are often right; only the confusion it is known for (Swift) is undone.
      if ["text/x-c", "text/x-c++", "text/x-objective-c"].contains(sample.sniffed) {
        if case .language(let found)? = code, found.type == "text/x-swift" { return .found(found) }
        return .keepLibmagic
      }
      switch code {
      case .language(let found)?: return .found(found)
      // Code of a language these telltales do not name (C, Go, Java): no later guess (Markdown,
      // YAML) names it better than libmagic does.
      case .otherLanguage?: return .keepLibmagic
      case nil: return .next
      }
    },
    .family("markup-documents") { markupDocument($0.languageLines) },
    .family("sql") { sql($0.lines) },
    .family("css") { css(uncommented: $0.uncommented) },
    .family("scss") { scss(uncommented: $0.uncommented) },
    .family("sass") { sass($0.lines) },
    .family("toml") { toml($0.lines) },
    .family("delimited") { delimited($0.text, isComplete: $0.isComplete, sniffed: $0.sniffed) },
    .family("yaml") { yaml($0.lines) },
    // Shell scripts with no `#!` line, only where libmagic's full pass says plain text (``TextFirst``
    // does not let them decide alone): after the formats that quote shell blocks (YAML's block
    // scalars, Org's and reStructuredText's code blocks, makefiles' recipes), before Markdown,
    // which would take a script's `#` comments for headings.
    .family("shell") { $0.shellScript },
    .family("markdown") { markdown(kinds: $0.markdown) },
  ]

  /// The family of a text head, or `nil` when nothing specific was found (the detectors alone,
  /// without the extension's tie-break; the signature layer adds that).
  ///
  /// - Parameters:
  ///   - head: The first bytes of the file.
  ///   - isComplete: Whether `head` is the whole file.
  ///   - sniffed: libmagic's canonical answer (a `text/csv` answer on prose is taken back).
  static func identify(_ head: [UInt8], isComplete: Bool, sniffed: String) -> Finding? {
    guard let sample = Sample.of(head, isComplete: isComplete, sniffed: sniffed) else { return nil }
    for detector in detectors {
      switch detector.detect(sample) {
      case .found(let finding): return finding
      case .keepLibmagic: return nil
      case .next: continue
      }
    }
    return nil
  }
}

extension TextFamilies.Sample {
  /// The sample of a head (a UTF-8 BOM removed; UTF-16 text with its BOM read as the same text
  /// in UTF-8, so that both are judged alike), or `nil` for bytes that are not for these checks
  /// (a NUL: binary, or UTF-16 that is not valid text).
  static func of(_ head: [UInt8], isComplete: Bool, sniffed: String) -> TextFamilies.Sample? {
    var bytes = head
    if bytes.has([0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    if let text = utf8(fromUTF16: bytes) { bytes = text }
    guard !bytes.contains(0) else { return nil }
    return TextFamilies.Sample(bytes: bytes, isComplete: isComplete, sniffed: sniffed)
  }

  /// UTF-16 text that starts with its byte-order mark, as UTF-8 (a character the head cut in
  /// two is dropped); `nil` without a UTF-16 BOM (UTF-32's `FF FE 00 00` is none), or when the
  /// units are not text (an unpaired surrogate, a control character other than tab, line feed,
  /// form feed and carriage return).
  static func utf8(fromUTF16 bytes: [UInt8]) -> [UInt8]? {
    guard bytes.count >= 4 else { return nil }
    let little: Bool
    switch (bytes[0], bytes[1]) {
    case (0xFF, 0xFE) where !(bytes[2] == 0 && bytes[3] == 0): little = true
    case (0xFE, 0xFF): little = false
    default: return nil
    }
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var index = 2
    while index + 1 < bytes.count {
      let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
      units.append(little ? first | second << 8 : first << 8 | second)
      index += 2
    }
    // The head may end inside a surrogate pair.
    if let last = units.last, (0xD800...0xDBFF).contains(last) { units.removeLast() }
    var text: [UInt8] = []
    text.reserveCapacity(units.count)
    for scalar in decode(units) {
      guard let scalar, scalar.value >= 0x20 || [0x09, 0x0A, 0x0C, 0x0D].contains(scalar.value), scalar.value != 0x7F else { return nil }
      Unicode.UTF8.encode(scalar) { text.append($0) }
    }
    return text
  }

  /// The scalars of UTF-16 units, `nil` for each unit that is not part of one.
  private static func decode(_ units: [UInt16]) -> [Unicode.Scalar?] {
    var scalars: [Unicode.Scalar?] = []
    var decoder = Unicode.UTF16.ForwardParser()
    var iterator = units.makeIterator()
    while true {
      switch decoder.parseScalar(from: &iterator) {
      case .valid(let encoded): scalars.append(Unicode.UTF16.decode(encoded))
      case .error: scalars.append(nil)
      case .emptyInput: return scalars
      }
    }
  }
}

extension TextFamilies.Detector {
  /// The detector as an entry of the signature table: it sees the head as text (the sample is
  /// built once per file and shared by every text detector).
  var signature: Signature { signature(replacing: TextFamilies.libmagicAnswers) }

  /// The detector as an entry of the signature table that may replace these libmagic answers.
  func signature(replacing answers: Set<String>) -> Signature {
    let detect = self.detect
    return Signature(name, replaces: answers) { window, context in
      guard let sample = window.textSample(sniffed: context.sniffed) else { return .next }
      return detect(sample)
    }
  }
}
