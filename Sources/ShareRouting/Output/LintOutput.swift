/// The two renderings of a lint report: lines for people and one JSON object.
extension LintReport {
  /// The lines for people: the handlers found (a table: id, label, platforms, file), errors
  /// (`…: error: …`), warnings, skipped files, then the summary.
  package var text: String {
    var lines: [String] = []
    if !identities.isEmpty {
      lines.append(OutputMessages.lintHandlersHeading)
      let rows = identities.map { identity in
        [
          OutputMessages.handlerValue(identity.id, .id, guessed: identity.guessed),
          OutputMessages.handlerValue(identity.label, .label, guessed: identity.guessed),
          identity.platforms.isEmpty ? OutputMessages.noPlatform : identity.platforms.map(\.rawValue).joined(separator: ", "),
          Printable.escaped(identity.file),
        ]
      }
      lines.append(String(TextReport.table(rows, indent: 2).dropLast()))
    }
    lines += errors.map { $0.description(tag: "error") }
    lines += warnings.map(\.description)
    lines += skipped.map(\.description)
    lines += buildSettings.map(\.line)
    lines.append(summary)
    return lines.joined(separator: "\n") + "\n"
  }

  /// The report as one JSON object: `schemaVersion`, `handlers` (the count), `handlerList` (each
  /// handler's `id`, `label`, `file`, `guessed` and `platforms`), `errors`, `warnings` (with `code` and `fix`),
  /// `skipped` and `buildSettings`.
  package func json(pretty: Bool) -> String {
    var writer = JSONWriter(pretty: pretty)
    writer.object { w in
      w.member("schemaVersion") { $0.number(Route.schemaVersion) }
      w.member("handlers") { $0.number(handlerCount) }
      w.member("handlerList") {
        $0.array(identities) { w, identity in
          w.object { w in
            w.member("id") { $0.string(identity.id) }
            w.member("label") { $0.string(identity.label) }
            w.member("file") { $0.string(identity.file) }
            w.guessed(identity.guessed)
            w.member("platforms") { $0.array(identity.platforms) { $0.string($1.rawValue) } }
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
      w.member("warnings") {
        $0.array(warnings) { w, warning in
          w.object { w in
            w.place(warning.file, warning.location, warning.keyPath)
            w.member("code") { $0.string(warning.code.rawValue) }
            w.member("severity") { $0.string(warning.severity.rawValue) }
            w.member("message") { $0.string(warning.message) }
            w.member("fix") { $0.string(warning.fix) }
          }
        }
      }
      w.member("skipped") {
        $0.array(skipped) { w, skipped in
          w.object { w in
            w.member("file") { $0.string(skipped.file) }
            w.member("reason") { $0.string(skipped.reason) }
          }
        }
      }
      w.member("buildSettings") {
        $0.array(buildSettings) { w, use in
          w.object { w in
            w.member("file") { $0.string(use.file) }
            w.member("description") { $0.string(use.description) }
          }
        }
      }
    }
    return writer.output
  }
}

extension JSONWriter {
  /// `"file"`, `"line"`, `"column"` (null without a position) and `"keyPath"` of a finding.
  mutating func place(_ file: String, _ location: SourceLocation?, _ keyPath: String) {
    member("file") { $0.string(file) }
    member("line") { w in location.map { w.number($0.line) } ?? w.null() }
    member("column") { w in location.map { w.number($0.column) } ?? w.null() }
    member("keyPath") { $0.string(keyPath) }
  }
}
