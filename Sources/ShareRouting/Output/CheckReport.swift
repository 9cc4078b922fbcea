/// What `share-route check` found, and its renderings for people and for CI systems: plain
/// lines, JUnit XML, and GitHub Actions annotations on the line of the failing case.
package struct CheckReport: Sendable {
  /// One case and what differed (nothing when it passed).
  package struct CaseResult: Sendable {
    package var name: String
    package var location: SourceLocation?
    package var differences: [String]
    /// The handler ids the case names that share-route made up (``Expectation/guessedIDs(in:)``).
    package var guessed: [String]
    /// For each handler the case is wrong about, where it is declared and why it did what it did.
    package var causes: [Cause] = []

    package init(name: String, location: SourceLocation?, differences: [String], guessed: [String] = []) {
      self.name = name
      self.location = location
      self.differences = differences
      self.guessed = guessed
    }
  }

  /// A handler a failing case is wrong about: the manifest that declares it (file, line and
  /// column), its refusal's reasons as `route --explain` words them (none when it accepted), and
  /// the lint findings about it with their fixes.
  package struct Cause: Sendable {
    package var handler: String
    package var file: String
    package var location: SourceLocation?
    /// `platform code: message`, one per reason.
    package var reasons: [String]
    /// `warning: message; fix: … [code]`, one per lint finding, with the finding's own place in
    /// the same file (a key path in a file without lines, else empty).
    package var findings: [(location: SourceLocation?, keyPath: String, text: String)]
    /// Where in a file without lines (a built artifact) the handler is declared:
    /// `/manifest/application[1]/activity[@android:name='…']`; empty otherwise.
    package var keyPath: String
    /// The place of the rule each reason is about (the refusing `<intent-filter>` or `<data>`,
    /// the activation rule's key or predicate), by reason; `nil` where there is none.
    package var reasonLocations: [SourceLocation?] = []
    /// For a handler that accepted, the place of the rule that accepted (its standing filter,
    /// else its activation rule).
    package var acceptedAt: SourceLocation?
    /// Set for the handler a mistyped id's suggestion names: the cause is then where its id is
    /// written (``file`` and ``location``), with the build setting it came from when it did.
    package var suggestion: Suggestion?

    /// A suggested handler's id: the build setting it came from, if any, and whether that
    /// setting gives only its package (Gradle's `applicationId`).
    package struct Suggestion: Sendable, Equatable {
      package var setting: String?
      package var package = false
    }

    /// A cause that says where a suggested handler's id is written.
    package static func suggested(
      handler: String, file: String, location: SourceLocation?, keyPath: String, setting: String?, package: Bool = false
    ) -> Cause {
      var cause = Cause(handler: handler, file: file, location: location, reasons: [], findings: [], keyPath: keyPath)
      cause.suggestion = Suggestion(setting: setting, package: package)
      return cause
    }

    /// The reasons grouped by the place of their rule, in the order met (the accepting rule's
    /// place, with no reason, for a handler that accepted).
    var reasonsByPlace: [(location: SourceLocation?, reasons: [String])] {
      guard !reasons.isEmpty else { return [(acceptedAt ?? location, [])] }
      var groups: [(location: SourceLocation?, reasons: [String])] = []
      for (index, reason) in reasons.enumerated() {
        let place = place(ofReason: index)
        if let group = groups.firstIndex(where: { $0.location == place }) {
          groups[group].reasons.append(reason)
        } else {
          groups.append((place, [reason]))
        }
      }
      return groups
    }

    /// Where the reason at `index` is shown: at its rule, else at the handler's declaration.
    func place(ofReason index: Int) -> SourceLocation? {
      (reasonLocations.indices.contains(index) ? reasonLocations[index] : nil) ?? location
    }

    /// The line that decided: the first reason's rule, else the accepting rule, else the
    /// handler's declaration.
    package var decidingLocation: SourceLocation? {
      reasonLocations.lazy.compactMap { $0 }.first ?? acceptedAt ?? location
    }

    package init(
      handler: String, file: String, location: SourceLocation?, reasons: [String],
      findings: [(location: SourceLocation?, keyPath: String, text: String)], keyPath: String = ""
    ) {
      self.handler = handler
      self.file = file
      self.location = location
      self.reasons = reasons
      self.findings = findings
      self.keyPath = keyPath
    }

    /// The lines under the case: each reason at its rule's place (or that it accepted, at the
    /// rule that accepted), then each finding at its own.
    var lines: [String] {
      if let suggestion {
        return [CheckMessages.cause(file: file, location: location, keyPath: keyPath, handler: handler, CheckMessages.idWrittenHere(setting: suggestion.setting, package: suggestion.package))]
      }
      let decided =
        reasons.isEmpty
        ? [CheckMessages.cause(file: file, location: acceptedAt ?? location, keyPath: keyPath, handler: handler, CheckMessages.acceptedHere)]
        : reasons.indices.map {
          CheckMessages.cause(file: file, location: place(ofReason: $0), keyPath: keyPath, handler: handler, reasons[$0])
        }
      return decided
        + findings.map {
          CheckMessages.cause(file: file, location: $0.location ?? location, keyPath: $0.keyPath, handler: handler, $0.text)
        }
    }
  }

  /// The expectations file, as given.
  package var file: String
  /// Every case that was run, in file order.
  package var results: [CaseResult] = []
  /// Invalid cases of the file and invalid manifests (their valid neighbours still ran).
  package var errors: [ManifestError] = []

  package init(file: String) { self.file = file }

  package var passed: Int { results.filter(\.differences.isEmpty).count }
  package var failed: Int { results.count - passed }

  // MARK: text

  /// The lines for people: one per failing case, one note per case that names a guessed id,
  /// then `N passed, M failed`. (Errors go to the diagnostics stream, not here.)
  package var text: String {
    var out = ""
    for result in results where !result.differences.isEmpty {
      out += Printable.message(CheckMessages.failure(file: file, name: result.name, location: result.location, result.differences)) + "\n"
      for cause in result.causes {
        for line in cause.lines { out += "  " + Printable.message(line) + "\n" }
      }
    }
    for result in results where !result.guessed.isEmpty {
      out += Printable.message(CheckMessages.guessedNote(file: file, name: result.name, location: result.location, result.guessed)) + "\n"
    }
    return out + CheckMessages.summary(passed: passed, failed: failed) + "\n"
  }

  // MARK: JSON

  /// The report as one JSON object: `schemaVersion`, `file`, `passed`, `failed`, `cases` (each
  /// with `name`, `line`, `column`, `passed`, its `differences` and the `guessed` ids it names)
  /// and `errors` (as `lint`
  /// writes them: `file`, `line`, `column`, `keyPath`, `message`).
  package func json(pretty: Bool) -> String {
    var writer = JSONWriter(pretty: pretty)
    writer.object { w in
      w.member("schemaVersion") { $0.number(Route.schemaVersion) }
      w.member("file") { $0.string(file) }
      w.member("passed") { $0.number(passed) }
      w.member("failed") { $0.number(failed) }
      w.member("cases") {
        $0.array(results) { w, result in
          w.object { w in
            w.member("name") { $0.string(result.name) }
            w.member("line") { w in result.location.map { w.number($0.line) } ?? w.null() }
            w.member("column") { w in result.location.map { w.number($0.column) } ?? w.null() }
            w.member("passed") { $0.bool(result.differences.isEmpty) }
            w.member("differences") { $0.array(result.differences) { $0.string($1) } }
            w.member("guessed") { $0.array(result.guessed) { $0.string($1) } }
            w.member("causes") {
              $0.array(result.causes) { w, cause in
                w.object { w in
                  w.member("handler") { $0.string(cause.handler) }
                  w.member("kind") { $0.string(cause.suggestion == nil ? "decision" : "id") }
                  w.member("setting") { $0.optionalString(cause.suggestion?.setting) }
                  w.member("file") { $0.string(cause.file) }
                  w.member("line") { w in cause.decidingLocation.map { w.number($0.line) } ?? w.null() }
                  w.member("column") { w in cause.decidingLocation.map { w.number($0.column) } ?? w.null() }
                  w.member("reasons") { $0.array(cause.reasons) { $0.string($1) } }
                  w.member("findings") {
                    $0.array(cause.findings) { w, finding in
                      w.object { w in
                        w.member("line") { w in finding.location.map { w.number($0.line) } ?? w.null() }
                        w.member("column") { w in finding.location.map { w.number($0.column) } ?? w.null() }
                        w.member("message") { $0.string(finding.text) }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
      w.member("errors") {
        $0.array(errors) { w, error in
          w.object { w in
            w.place(error.file, error.location, error.keyPath)
            w.member("message") { $0.string(error.problemDescription) }
          }
        }
      }
    }
    return writer.output
  }

  // MARK: JUnit XML

  /// One JUnit XML document (the schema Jenkins, GitLab and most CI systems read): a test suite
  /// named after the file, a test case per case with its line, a `<failure>` with every
  /// difference, and an `<error>` test case per invalid case or manifest.
  package var junit: String {
    let tests = results.count + errors.count
    let counts = "tests=\"\(tests)\" failures=\"\(failed)\" errors=\"\(errors.count)\""
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites name=\"share-route check\" \(counts)>\n"
    out += "  <testsuite name=\"\(XMLText.attribute(file))\" \(counts)>\n"
    for result in results {
      var attributes = "name=\"\(XMLText.attribute(result.name))\" classname=\"\(XMLText.attribute(file))\" file=\"\(XMLText.attribute(file))\""
      if let location = result.location { attributes += " line=\"\(location.line)\"" }
      guard let first = result.differences.first else {
        out += "    <testcase \(attributes)/>\n"
        continue
      }
      out += "    <testcase \(attributes)>\n"
      out += "      <failure message=\"\(XMLText.attribute(first))\" type=\"expectation\">"
      out += XMLText.escaped((result.differences + result.causes.flatMap(\.lines)).joined(separator: "\n")) + "</failure>\n"
      out += "    </testcase>\n"
    }
    for error in errors {
      var attributes = "name=\"\(XMLText.attribute(error.keyPath.isEmpty ? error.file : error.keyPath))\" classname=\"\(XMLText.attribute(error.file))\" file=\"\(XMLText.attribute(error.file))\""
      if let location = error.location { attributes += " line=\"\(location.line)\"" }
      out += "    <testcase \(attributes)>\n"
      out += "      <error message=\"\(XMLText.attribute(error.problemDescription))\" type=\"invalid\">"
      out += XMLText.escaped(error.description) + "</error>\n"
      out += "    </testcase>\n"
    }
    out += "  </testsuite>\n</testsuites>\n"
    return out
  }

  // MARK: GitHub Actions

  /// GitHub Actions workflow commands: an `::error` annotation per failing case on the line of
  /// its YAML and on the line of each handler it is wrong about (lint's findings there as
  /// `::warning`s), one per invalid case or manifest, then the summary line.
  package var github: String {
    var out = ""
    for result in results where !result.differences.isEmpty {
      out += GitHubAnnotation.error(
        file: file, location: result.location, title: "share-route check",
        message: "\(result.name): \(result.differences.joined(separator: "; "))") + "\n"
      // The manifest a pull request changed gets its own annotation, on the handler's line.
      for cause in result.causes {
        // A suggested id: a notice where it is written (nothing there is wrong).
        if let suggestion = cause.suggestion {
          out += GitHubAnnotation.annotation(
            .notice, file: cause.file, location: cause.location, title: "share-route check",
            message: CheckMessages.causeAnnotation(
              name: result.name, handler: cause.handler, [CheckMessages.idWrittenHere(setting: suggestion.setting, package: suggestion.package)])) + "\n"
          continue
        }
        // Each reason on the line of the rule that decided it; reasons at one place, together.
        for (location, reasons) in cause.reasonsByPlace {
          out += GitHubAnnotation.error(
            file: cause.file, location: location, title: "share-route check",
            message: CheckMessages.causeAnnotation(name: result.name, handler: cause.handler, reasons)) + "\n"
        }
        // Lint's findings about the handler are warnings, annotated as such.
        for finding in cause.findings {
          out += GitHubAnnotation.annotation(
            .warning, file: cause.file, location: finding.location ?? cause.location, title: "share-route check",
            message: CheckMessages.causeAnnotation(name: result.name, handler: cause.handler, [finding.text])) + "\n"
        }
      }
    }
    for error in errors {
      out += GitHubAnnotation.error(
        file: error.file, location: error.location, title: "share-route check: invalid",
        message: (error.keyPath.isEmpty ? "" : error.keyPath + ": ") + error.problemDescription) + "\n"
    }
    return out + CheckMessages.summary(passed: passed, failed: failed) + "\n"
  }
}

/// Text and attribute values for XML 1.0: the five special characters as entities, and the
/// characters XML 1.0 does not allow (C0 controls but tab, LF and CR; C1 controls; U+FFFE,
/// U+FFFF) written as `\u{…}` escapes, so that no value from outside can break the document.
/// Inside attributes, tab, LF and CR are character references (a parser would turn them into
/// spaces otherwise).
package enum XMLText {
  package static func escaped(_ value: String) -> String { escaped(value, attribute: false) }

  /// An attribute value (in double quotes).
  package static func attribute(_ value: String) -> String { escaped(value, attribute: true) }

  private static func escaped(_ value: String, attribute: Bool) -> String {
    var out = ""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\t", "\n", "\r":
        if attribute { out += "&#\(scalar.value);" } else { out.unicodeScalars.append(scalar) }
      default:
        if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF || (0x7F...0x9F).contains(scalar.value) {
          out += scalar.escaped(asASCII: true)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}

/// GitHub Actions `::error` workflow commands, escaped as the runner reads them: `%`, CR and
/// LF in the message; also `:` and `,` in properties. Control characters from outside are
/// escaped first (``Printable/escaped(_:)``), so a value cannot start a command of its own.
package enum GitHubAnnotation {
  /// The annotation's level: `::error`, `::warning` or `::notice`.
  package enum Level: String, Sendable {
    case error, warning, notice
  }

  package static func error(file: String, location: SourceLocation?, title: String, message: String) -> String {
    annotation(.error, file: file, location: location, title: title, message: message)
  }

  package static func annotation(_ level: Level, file: String, location: SourceLocation?, title: String, message: String) -> String {
    var properties = "file=\(property(file))"
    if let location { properties += ",line=\(location.line),col=\(location.column)" }
    properties += ",title=\(property(title))"
    return "::\(level.rawValue) \(properties)::\(data(Printable.escaped(message)))"
  }

  static func data(_ value: String) -> String {
    value.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
  }

  static func property(_ value: String) -> String {
    data(Printable.escaped(value)).replacingAll(":", "%3A").replacingAll(",", "%2C")
  }
}

extension String {
  /// Every occurrence of `target` replaced (no Foundation).
  fileprivate func replacingAll(_ target: Character, _ replacement: String) -> String {
    var out = ""
    for character in self {
      if character == target { out += replacement } else { out.append(character) }
    }
    return out
  }
}
