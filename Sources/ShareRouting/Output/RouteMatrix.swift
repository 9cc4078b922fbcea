/// Samples × handlers: which handler accepts which sample (and at which rank), and why each
/// refusal, for people who would rather look (`share-route matrix`). Rows are the samples in the
/// order given, columns the handlers in manifest order. Renderings: aligned text, GitHub
/// Markdown, and one self-contained HTML page (no script, no style sheet or font from the
/// network; the reasons on hover).
package struct RouteMatrix: Sendable {
  /// A handler column.
  package struct Column: Sendable {
    package var id: String
    package var label: String
    /// The values share-route made up, marked where the column is named.
    package var guessed: [GuessedValue]

    package init(id: String, label: String, guessed: [GuessedValue] = []) {
      self.id = id
      self.label = label
      self.guessed = guessed
    }

    /// The label as shown, marked when guessed.
    var shownLabel: String { OutputMessages.marked(label, .label, guessed: guessed) }
    /// The id as shown, marked when guessed.
    var shownID: String { OutputMessages.marked(id, .id, guessed: guessed) }
  }

  /// One cell.
  package enum Cell: Sendable, Equatable {
    /// Accepted, at this rank (1 is the pick); `custom` for a source's custom target.
    case accepted(rank: Int, custom: Bool)
    /// Refused, with every reason.
    case refused([Reason])
    /// The sample could not be used (its row says why).
    case none
  }

  /// A sample row.
  package struct Row: Sendable {
    package var name: String
    package var type: String?
    package var problem: String?
    package var cells: [Cell]
  }

  package var columns: [Column]
  package var rows: [Row] = []

  package init(columns: [Column]) { self.columns = columns }

  /// Adds a sample's row from its route (one share of that sample alone).
  package mutating func add(name: String, route: Route) {
    let rank = Dictionary(route.accepted.enumerated().map { ($1.id, ($0 + 1, $1.reason == .custom)) }) { first, _ in first }
    let refusals = Dictionary(route.rejected.map { ($0.id, $0.reasons) }) { first, _ in first }
    let cells = columns.map { column -> Cell in
      if let (position, custom) = rank[column.id] { return .accepted(rank: position, custom: custom) }
      if let reasons = refusals[column.id] { return .refused(reasons) }
      return .none
    }
    let type = route.items.map(\.type).joined(separator: ", ")
    let problem = route.errors.first?.message
    rows.append(Row(name: name, type: type.isEmpty ? nil : type, problem: route.items.isEmpty ? problem : nil, cells: cells))
  }

  // MARK: text

  /// Aligned columns: a sample per line, `1` … for the rank of an accepting handler, the first
  /// refusal code for a refusing one; the handlers numbered in a legend below.
  package var text: String {
    var table: [[String]] = [["sample", "type"] + columns.indices.map { "h\($0 + 1)" }]
    for row in rows {
      let cells = row.cells.map { cell -> String in
        switch cell {
        case .accepted(let rank, let custom): "\(rank)" + (custom ? "*" : "")
        case .refused(let reasons): reasons.first?.code.rawValue ?? "refused"
        case .none: "-"
        }
      }
      table.append([Printable.escaped(row.name), Printable.escaped(row.problem ?? row.type ?? "")] + cells)
    }
    var out = TextReport.table(table, indent: 0)
    out += MatrixMessages.legendHeading + "\n"
    for (index, column) in columns.enumerated() {
      out += "  h\(index + 1)  \(TextReport.named(column.label, column.id, guessed: column.guessed))\n"
    }
    return out + MatrixMessages.textKey + "\n"
  }

  // MARK: Markdown

  /// A GitHub Markdown table: ✅ and the rank, ❌ and the refusal codes.
  package var markdown: String {
    var out = "| sample | type | " + columns.map { Self.markdownCell("\($0.shownLabel) (\($0.shownID))") }.joined(separator: " | ") + " |\n"
    out += "|---|---|" + String(repeating: "---|", count: columns.count) + "\n"
    for row in rows {
      let cells = row.cells.map { cell -> String in
        switch cell {
        case .accepted(let rank, let custom): "✅ \(rank)" + (custom ? " (custom)" : "")
        case .refused(let reasons): "❌ " + Set(reasons.map(\.code.rawValue)).sorted().joined(separator: ", ")
        case .none: "–"
        }
      }
      out += "| " + Self.markdownCell(row.name) + " | " + Self.markdownCell(row.problem ?? row.type ?? "") + " | "
        + cells.joined(separator: " | ") + " |\n"
    }
    return out
  }

  /// A value in a Markdown table cell: escaped for the terminal, `|` and Markdown's own
  /// characters backslashed so that a name cannot open a link or break the table.
  static func markdownCell(_ value: String) -> String {
    var out = ""
    for character in Printable.escaped(value) {
      if "|\\*_[]<>#!".contains(character) { out.append("\\") }
      out.append(character)
    }
    return out
  }

  // MARK: HTML

  /// One self-contained HTML page: a table with a sticky header, accepted cells green with the
  /// rank, refused ones red with their codes, every reason in the cell's `title` (on hover) and
  /// in a `<details>` under the table; no script, no network.
  package var html: String {
    func e(_ value: String) -> String { XMLText.attribute(value) }
    var out = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8"/>
      <title>share-route matrix</title>
      <style>
      body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
      table { border-collapse: collapse; }
      th, td { border: 1px solid #ccc; padding: 4px 8px; text-align: center; white-space: nowrap; }
      thead th { position: sticky; top: 0; background: #f4f4f4; }
      th.sample, td.sample { text-align: left; }
      td.accepted { background: #d9f2d9; color: #145214; font-weight: 600; }
      td.pick { background: #9fdf9f; }
      td.refused { background: #f9dede; color: #7a1f1f; cursor: help; }
      td.none { color: #999; }
      .type { color: #666; font-size: 12px; }
      </style>
      </head>
      <body>
      <h1>share-route matrix</h1>
      <p>\(MatrixMessages.htmlIntroduction)</p>
      <table>
      <thead><tr><th class="sample">sample</th>
      """
    for column in columns {
      out += "<th title=\"\(e(column.shownID))\">\(e(column.shownLabel))<br/><span class=\"type\">\(e(column.shownID))</span></th>"
    }
    out += "</tr></thead>\n<tbody>\n"
    for row in rows {
      out += "<tr><td class=\"sample\">\(e(row.name))<br/><span class=\"type\">\(e(row.problem ?? row.type ?? ""))</span></td>"
      for (cell, column) in zip(row.cells, columns) {
        switch cell {
        case .accepted(let rank, let custom):
          let title = MatrixMessages.acceptedTitle(column.id, rank: rank, custom: custom)
          out += "<td class=\"accepted\(rank == 1 ? " pick" : "")\" title=\"\(e(title))\">✓ \(rank)</td>"
        case .refused(let reasons):
          let title = reasons.map { "\($0.area.rawValue) \($0.code.rawValue): \($0.message)" }.joined(separator: "\n")
          out += "<td class=\"refused\" title=\"\(e(title))\">✗ \(e(reasons.first?.code.rawValue ?? ""))</td>"
        case .none:
          out += "<td class=\"none\">–</td>"
        }
      }
      out += "</tr>\n"
    }
    out += "</tbody>\n</table>\n</body>\n</html>\n"
    return out
  }
}
