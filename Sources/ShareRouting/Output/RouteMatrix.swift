/// Samples × handlers: which handler accepts which sample (and at which rank), and why each
/// refusal, for people who would rather look (`share-route matrix`). Rows are the shares in the
/// order given (files, then texts and links), columns the handlers grouped by platform (Android
/// first, then iOS; manifest order within each), because on a device Android activities and iOS
/// extensions never compete: a rank is the rank on that platform, and a handler with rules for
/// both platforms has a column in each group. Renderings: aligned text, GitHub Markdown, and one
/// self-contained HTML page (no script, no style sheet or font from the network; the reasons on
/// hover).
package struct RouteMatrix: Sendable {
  /// A handler column: a handler on one platform.
  package struct Column: Sendable {
    package var id: String
    package var label: String
    /// The platform whose rules the column shows (``Platform/android`` or ``Platform/ios``).
    package var platform: Platform
    /// The values share-route made up, marked where the column is named.
    package var guessed: [GuessedValue]

    package init(id: String, label: String, platform: Platform, guessed: [GuessedValue] = []) {
      self.id = id
      self.label = label
      self.platform = platform
      self.guessed = guessed
    }

    /// The label as shown, marked when guessed.
    var shownLabel: String { OutputMessages.marked(label, .label, guessed: guessed) }
    /// The id as shown, marked when guessed.
    var shownID: String { OutputMessages.marked(id, .id, guessed: guessed) }
  }

  /// One cell.
  package enum Cell: Sendable, Equatable {
    /// Accepted, at this rank on the column's platform (1 is that platform's pick); `custom` for
    /// a source's custom target.
    case accepted(rank: Int, custom: Bool)
    /// Refused, with every reason.
    case refused([Reason])
    /// The sample could not be used (its row says why).
    case none
  }

  /// A share row.
  package struct Row: Sendable {
    /// The sample as named: a path, or a text or link as ``MatrixMessages`` words it.
    package var name: String
    package var type: String?
    package var problem: String?
    package var cells: [Cell]
  }

  /// The columns, Android's first, then iOS's.
  package private(set) var columns: [Column]
  package var rows: [Row] = []

  /// Creates an empty matrix of these handlers: a column for each platform a handler has rules
  /// for, among `platforms`, grouped by platform.
  package init(handlers: [HandlerManifest], platforms: [Platform]) {
    var columns: [Column] = []
    for platform in [Platform.android, .ios] where platforms.contains(platform) || platforms.contains(.all) {
      for handler in handlers where platform == .android ? handler.intentFilters != nil : handler.activationRule != nil {
        columns.append(Column(id: handler.id, label: handler.label, platform: platform, guessed: handler.guessed))
      }
    }
    self.columns = columns
  }

  /// The platforms that have a column, Android first: the routes ``add(name:routes:)`` needs.
  package var platforms: [Platform] {
    [Platform.android, .ios].filter { platform in columns.contains { $0.platform == platform } }
  }

  /// The columns of each platform that has any, in order, with the position of the first.
  var groups: [(platform: Platform, start: Int, count: Int)] {
    platforms.map { platform in
      (platform, columns.firstIndex { $0.platform == platform } ?? 0, columns.count { $0.platform == platform })
    }
  }

  /// Adds a share's row from its routes, one per platform of ``platforms`` (each routed for that
  /// platform alone; a missing route leaves that platform's cells empty).
  package mutating func add(name: String, routes: [Platform: Route]) {
    var ranks: [Platform: [String: (Int, Bool)]] = [:]
    var refusals: [Platform: [String: [Reason]]] = [:]
    for (platform, route) in routes {
      ranks[platform] = Dictionary(route.accepted.enumerated().map { ($1.id, ($0 + 1, $1.reason == .custom)) }) { first, _ in first }
      refusals[platform] = Dictionary(route.rejected.map { ($0.id, $0.reasons) }) { first, _ in first }
    }
    let cells = columns.map { column -> Cell in
      if let (position, custom) = ranks[column.platform]?[column.id] { return .accepted(rank: position, custom: custom) }
      if let reasons = refusals[column.platform]?[column.id] { return .refused(reasons) }
      return .none
    }
    let route = platforms.lazy.compactMap { routes[$0] }.first ?? routes.values.first
    let type = route.map { $0.items.map(\.type).joined(separator: ", ") } ?? ""
    let problem = route.flatMap { $0.items.isEmpty ? $0.errors.first?.message : nil }
    rows.append(Row(name: name, type: type.isEmpty ? nil : type, problem: problem, cells: cells))
  }

  /// The columns' short names in text: `a1` … for Android's, `i1` … for iOS's.
  var shortNames: [String] {
    var seen: [Platform: Int] = [:]
    return columns.map { column in
      seen[column.platform, default: 0] += 1
      return (column.platform == .ios ? "i" : "a") + "\(seen[column.platform, default: 0])"
    }
  }

  // MARK: text

  /// Aligned columns: a sample per line, `1` … for the rank of an accepting handler on its
  /// platform, the first refusal code for a refusing one; the handlers named in a legend below,
  /// by platform (`a1` … Android, `i1` … iOS).
  package var text: String {
    let names = shortNames
    var table: [[String]] = [["sample", "type"] + names]
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
    for group in groups {
      out += MatrixMessages.legendHeading(group.platform) + "\n"
      for index in group.start..<(group.start + group.count) {
        let column = columns[index]
        out += "  \(names[index])  \(TextReport.named(column.label, column.id, guessed: column.guessed))\n"
      }
    }
    return out + MatrixMessages.textKey + "\n"
  }

  // MARK: Markdown

  /// A GitHub Markdown table: each handler column headed by its platform, ✅ and the rank on that
  /// platform, ❌ and the refusal codes.
  package var markdown: String {
    let headers = columns.map { Self.markdownCell("\(MatrixMessages.platformName($0.platform)): \($0.shownLabel) (\($0.shownID))") }
    var out = "| sample | type | " + headers.joined(separator: " | ") + " |\n"
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
      if "|\\*_[]<>#!`".contains(character) { out.append("\\") }
      out.append(character)
    }
    return out
  }

  // MARK: HTML

  /// One self-contained HTML page: a table whose header groups the handler columns by platform,
  /// the header row and the sample column sticky, accepted cells green with the rank on their
  /// platform (the platform's pick darker), refused ones red with their first code, every reason
  /// in the cell's `title` (on hover); no script, no network. Values from outside are escaped as
  /// in text and Markdown first (controls and bidirectional overrides as `\u{…}`: a name cannot
  /// reorder what the page shows), then for HTML.
  package var html: String {
    func e(_ value: String) -> String { XMLText.attribute(Printable.escaped(value)) }
    var out = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8"/>
      <title>share-route matrix</title>
      <style>
      body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
      table { border-collapse: separate; border-spacing: 0; }
      th, td { border-right: 1px solid #ccc; border-bottom: 1px solid #ccc; padding: 3px 6px; text-align: center; white-space: nowrap; background: #fff; }
      thead { position: sticky; top: 0; z-index: 2; }
      thead th { background: #f4f4f4; font-size: 12px; }
      thead th.platform { font-size: 14px; letter-spacing: 0.03em; text-align: left; padding-left: 12px; }
      .android.first, th.platform.android { border-left: 3px solid #3ddc84; }
      .ios.first, th.platform.ios { border-left: 3px solid #147efb; }
      th.sample, td.sample { position: sticky; left: 0; z-index: 1; text-align: left; white-space: normal; min-width: 16em; max-width: 24em; overflow-wrap: break-word; }
      thead th.sample { z-index: 3; }
      td.accepted { background: #d9f2d9; color: #145214; font-weight: 600; }
      td.pick { background: #9fdf9f; }
      td.refused { background: #fbeaea; color: #7a1f1f; cursor: help; font-size: 11px; }
      td.none { color: #999; }
      .type { color: #666; font-size: 11px; font-weight: normal; }
      </style>
      </head>
      <body>
      <h1>share-route matrix</h1>
      <p>\(MatrixMessages.htmlIntroduction)</p>
      <table>
      <thead>
      <tr><th class="sample" rowspan="2">sample</th>
      """
    for group in groups {
      out += "<th class=\"platform \(group.platform.rawValue)\" colspan=\"\(group.count)\">\(e(MatrixMessages.platformHeading(group.platform, handlers: group.count)))</th>"
    }
    out += "</tr>\n<tr>"
    let firsts = Set(groups.map(\.start))
    func classes(_ index: Int) -> String {
      columns[index].platform.rawValue + (firsts.contains(index) ? " first" : "")
    }
    for (index, column) in columns.enumerated() {
      out += "<th class=\"\(classes(index))\" title=\"\(e(column.shownID))\">\(e(column.shownLabel))<br/><span class=\"type\">\(e(column.shownID))</span></th>"
    }
    out += "</tr>\n</thead>\n<tbody>\n"
    for row in rows {
      out += "<tr><td class=\"sample\">\(e(row.name))<br/><span class=\"type\">\(e(row.problem ?? row.type ?? ""))</span></td>"
      for (index, (cell, column)) in zip(row.cells, columns).enumerated() {
        switch cell {
        case .accepted(let rank, let custom):
          let title = MatrixMessages.acceptedTitle(column.id, platform: column.platform, rank: rank, custom: custom)
          out += "<td class=\"accepted\(rank == 1 ? " pick" : "") \(classes(index))\" title=\"\(e(title))\">✓ \(rank)</td>"
        case .refused(let reasons):
          let title = reasons.map { "\($0.area.rawValue) \($0.code.rawValue): \($0.message)" }.joined(separator: "\n")
          out += "<td class=\"refused \(classes(index))\" title=\"\(e(title))\">✗ \(e(reasons.first?.code.rawValue ?? ""))</td>"
        case .none:
          out += "<td class=\"none \(classes(index))\">–</td>"
        }
      }
      out += "</tr>\n"
    }
    out += "</tbody>\n</table>\n</body>\n</html>\n"
    return out
  }
}
