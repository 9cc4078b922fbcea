import Foundation

/// SQL: statements that start lines.
extension TextFamilies {
  static func sql(_ lines: [Substring]) -> Finding? {
    var statements = 0
    var terminated = false
    let text = lines.joined(separator: " ").uppercased()
    for raw in lines.prefix(400) {
      let line = raw.trimmedSpaces().uppercased()
      if line.hasSuffix(";") { terminated = true }
      let starts = [
        "CREATE TABLE", "CREATE INDEX", "CREATE UNIQUE INDEX", "CREATE VIEW", "CREATE DATABASE",
        "CREATE SCHEMA", "CREATE OR REPLACE", "INSERT INTO", "DELETE FROM", "DROP TABLE", "ALTER TABLE",
        "BEGIN TRANSACTION", "GRANT ",
      ]
      if starts.contains(where: { line.hasPrefix($0) }) { statements += 1 }
      if line.hasPrefix("SELECT ") && text.includes(" FROM ") { statements += 1 }
      if line.hasPrefix("UPDATE ") && text.includes(" SET ") { statements += 1 }
    }
    guard statements > 0, terminated else { return nil }
    return Finding(type: "application/sql", evidence: SniffMessages.Evidence.itHoldsSqlStatements)
  }
}
