import ShareVocabulary

/// freedesktop.org's shared MIME database (Debian's `shared-mime-info`, the table behind
/// xdg-mime and GLib), as far as share-route needs it: which type a filename extension names,
/// which types are text, and which names are aliases.
///
/// The data is generated at development time by `.ci/gen-mime-info.py`
/// (`SharedMimeInfo+Table.swift`) and parsed on first use, so a start that never asks pays
/// nothing. It is a fallback behind the UTI table, which keeps share-route's canonical names.
enum SharedMimeInfo {
  private struct Tables: Sendable {
    var extensions: [String: String] = [:]
    var parents: [String: [String]] = [:]
    var aliases: [String: String] = [:]
    var types: Set<String> = []
  }

  private static let tables: Tables = {
    var tables = Tables()
    for (key, value) in rows(extensionRows) { tables.extensions[key] = value }
    for (key, value) in rows(parentRows) { tables.parents[key] = value.split(separator: " ").map(String.init) }
    for (key, value) in rows(aliasRows) { tables.aliases[key] = value }
    tables.types = Set(typeRows.split(separator: "\n").map(String.init))
    return tables
  }()

  private static func rows(_ text: String) -> [(String, String)] {
    text.split(separator: "\n").compactMap { line in
      guard let tab = line.firstIndex(of: "\t") else { return nil }
      return (String(line[..<tab]), String(line[tab...].dropFirst()))
    }
  }

  /// The type shared-mime-info gives a filename extension (any case, no dot), or `nil`.
  static func type(forExtension ext: String) -> String? {
    tables.extensions[ext.lowercased()]
  }

  /// The database's own name for a type (an alias resolved).
  static func unaliased(_ type: String) -> String {
    tables.aliases[type] ?? type
  }

  /// Whether a type is, or descends from, `ancestor` along sub-class-of relations (aliases
  /// resolved; every `text/*` type is a kind of `text/plain`, as the specification says).
  static func isKind(_ type: String, of ancestor: String) -> Bool {
    var seen: Set<String> = []
    var pending = [unaliased(type)]
    while let next = pending.popLast(), seen.count < 64 {
      if next == ancestor { return true }
      guard seen.insert(next).inserted else { continue }
      if ancestor == "text/plain" && next.hasPrefix("text/") { return true }
      pending += tables.parents[next, default: []].map(unaliased)
    }
    return false
  }

  /// Whether a type is text (a kind of `text/plain`).
  static func isText(_ type: String) -> Bool { isKind(type, of: "text/plain") }

  /// Whether the database knows a type, by its own name or an alias.
  static func isKnown(_ type: String) -> Bool {
    tables.types.contains(unaliased(type))
  }
}
