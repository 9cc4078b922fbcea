import Foundation
import ShareRouting

/// Text output for people: short, the pick first.
enum TextReport {
  static func route(_ route: Route, explain: Bool) -> String {
    var out = ""
    let notLoaded = route.errors.filter { $0.code == "invalid-manifest" }
    if !notLoaded.isEmpty {
      out += CLIMessages.notLoaded(notLoaded.count) + "\n"
      for problem in notLoaded { out += "  " + printable(problem.message.split(separator: "\n").first.map(String.init) ?? "") + "\n" }
    }
    if !route.items.isEmpty {
      let rows = route.items.map { item -> [String] in
        let name = item.share.name.isEmpty ? "(declared)" : item.share.name
        var detail = "\(item.kind.rawValue), \(item.uti), from \(item.typeSource.rawValue)"
        if item.corrected { detail += ", corrected" }
        return [name, item.type, detail]
      }
      out += "items:\n" + table(rows, indent: 2)
      for item in route.items where item.reason != nil {
        out += "  \(item.share.name.isEmpty ? item.type : item.share.name): \(item.reason ?? "")\n"
      }
    }
    if let intent = route.intent {
      out += "android intent: \(IntentFilter.shortName(intent.action ?? "")) \(intent.type ?? "")\n"
    }
    if route.accepted.isEmpty {
      out += CLIMessages.noneAccepted + "\n"
    } else {
      out += "accepted, the pick first:\n"
      out += table(
        route.accepted.enumerated().map {
          ["\($0.offset + 1).", $0.element.label, $0.element.id] + ($0.element.reason.map { ["(\($0))"] } ?? [])
        },
        indent: 2)
    }
    if explain {
      if !route.rejected.isEmpty { out += "refused:\n" }
      for rejection in route.rejected {
        out += "  \(rejection.label) (\(rejection.id)), phase \(rejection.phase.rawValue)\n"
        for reason in rejection.reasons {
          out += "    \(reason.platform) \(reason.code): \(reason.message)\n"
        }
      }
    } else if !route.rejected.isEmpty {
      out += CLIMessages.refusedSummary(route.rejected.count) + "\n"
    }
    if !route.items.isEmpty {
      out += "payload:\n"
      for item in route.items {
        let share = item.share
        out += "  {isTextShare: \(share.isTextShare), name: \(quoted(share.name)), "
          + "source: \(quoted(share.source)), type: \(quoted(share.type))}\n"
      }
    }
    return out
  }

  static func query(intent: AndroidIntent, matches: [Resolver.Match], rejected: [Rejection]) -> String {
    var out = "intent: action \(intent.action ?? "(none)"), type \(intent.type ?? "(none)")"
    out += intent.data.map { ", data \($0)" } ?? ""
    out += ", categories [\(intent.categories.joined(separator: ", "))]\n"
    if matches.isEmpty {
      out += "no filter matches\n"
    } else {
      out += "matches, resolver order:\n"
      out += table(
        matches.enumerated().map {
          [
            "\($0.offset + 1).", $0.element.handler.label, $0.element.handler.id,
            "filter \($0.element.filterIndex + 1)", "priority \($0.element.priority)",
            "match 0x\(String($0.element.match, radix: 16))",
          ]
        }, indent: 2)
    }
    for rejection in rejected {
      out += "  no match: \(rejection.label) (\(rejection.id))\n"
      for reason in rejection.reasons { out += "    \(reason.code): \(reason.message)\n" }
    }
    return out
  }

  /// One line of `share-route sniff`: path, type, kind, where the type came from, and why.
  static func sniffRow(path: String, item: ShareItem) -> [String] {
    var row = [printable(path), item.type, item.kind.rawValue, item.typeSource.rawValue]
    if let reason = item.reason { row.append((item.corrected ? "corrected: " : "") + reason) }
    return row
  }

  /// A path with control characters escaped, so that one file is one line.
  static func printable(_ path: String) -> String {
    guard path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return path }
    return String(String.UnicodeScalarView(path.unicodeScalars.flatMap { scalar -> [Unicode.Scalar] in
      scalar.properties.generalCategory == .control ? Array(scalar.escaped(asASCII: true).unicodeScalars) : [scalar]
    }))
  }

  static func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "\n", with: "\\n") + "\""
  }

  /// Left-aligned columns.
  static func table(_ rows: [[String]], indent: Int) -> String {
    guard let columns = rows.map(\.count).max() else { return "" }
    var widths = [Int](repeating: 0, count: columns)
    for row in rows {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
    }
    return rows.map { row in
      String(repeating: " ", count: indent)
        + row.enumerated().map { index, cell in
          index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
        }.joined(separator: "  ")
    }.joined(separator: "\n") + "\n"
  }
}
