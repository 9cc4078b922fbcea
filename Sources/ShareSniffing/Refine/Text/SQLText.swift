import Foundation

/// SQL: statements that start lines.
extension TextFamilies {
  static func sql(_ lines: [Substring]) -> Finding? {
    var statements = 0
    var terminated = false
    // The whole text in capitals, made only when a line starts with SELECT or UPDATE.
    var text: String?
    func wholeText() -> String {
      if let text { return text }
      let made = lines.joined(separator: " ").uppercased()
      text = made
      return made
    }
    let starts = [
      "CREATE TABLE", "CREATE INDEX", "CREATE UNIQUE INDEX", "CREATE VIEW", "CREATE DATABASE",
      "CREATE SCHEMA", "CREATE OR REPLACE", "INSERT INTO", "DELETE FROM", "DROP TABLE", "ALTER TABLE",
      "BEGIN TRANSACTION",
    ]
    for raw in lines.prefix(400) {
      let trimmed = raw.trimmedSpaces()
      if trimmed.hasSuffix(";") { terminated = true }
      // Every keyword is at most 20 characters, and a capital is at least one character: the
      // capitals of the first 24 characters start as the whole line's do.
      let line = String(trimmed.prefix(24)).uppercased()
      if starts.contains(where: { line.hasPrefix($0) }) { statements += 1 }
      // GRANT privileges ON an object TO a role, or a role TO a user with its semicolon: a
      // licence's "grant any rights to …" and a Java policy's `grant {` are neither.
      if line.hasPrefix("GRANT "), isGrant(trimmed.uppercased()) { statements += 1 }
      if line.hasPrefix("SELECT ") && wholeText().includes(" FROM ") { statements += 1 }
      if line.hasPrefix("UPDATE ") && wholeText().includes(" SET ") { statements += 1 }
    }
    guard statements > 0, terminated else { return nil }
    return Finding(type: "application/sql", evidence: SniffMessages.Evidence.itHoldsSqlStatements)
  }

  /// Whether a line in capitals is a whole GRANT statement: ` ON ` before ` TO `, or ` TO ` and
  /// the semicolon that ends it.
  static func isGrant(_ line: String) -> Bool {
    guard let to = line.find(" TO ") else { return false }
    if let on = line.find(" ON "), on.lowerBound < to.lowerBound { return true }
    return line.hasSuffix(";")
  }
}
