import Foundation

/// Delimited records: CSV, semicolon CSV and TSV with a steady field count (prose with commas is not CSV).
extension TextFamilies {
  /// CSV (comma or semicolon) and TSV: at least two records, every one with the same number
  /// (two or more) of fields, quotes honoured. Lines whose fields start with a space or end in a
  /// full stop are prose, not records.
  static func delimited(_ text: String, isComplete: Bool, sniffed: String) -> Finding? {
    for (delimiter, type, name) in [
      (UInt8(ascii: "\t"), "text/tab-separated-values", "tab"),
      (UInt8(ascii: ","), "text/csv", "comma"),
      (UInt8(ascii: ";"), "text/csv", "semicolon"),
    ] {
      let records = parseRecords(Array(text.utf8), delimiter: delimiter, uniform: true)
      guard records.count >= 2, let width = records.first?.count, width >= 2,
        records.allSatisfy({ $0.count == width })
      else { continue }
      let fields = records.flatMap { $0.dropFirst() }
      let padded = fields.filter { $0.first == UInt8(ascii: " ") && !$0.allSatisfy { $0 == UInt8(ascii: " ") } }.count
      let sentences = records.filter { $0.last?.last == UInt8(ascii: ".") }.count
      if delimiter != UInt8(ascii: "\t"), padded * 2 > fields.count || sentences * 2 > records.count {
        continue  // prose with commas
      }
      return Finding(type: type, evidence: SniffMessages.Evidence.records(records.count, width: width, delimiter: name))
    }
    if sniffed == "text/csv" { return Finding(type: "text/plain", evidence: SniffMessages.Evidence.itsLinesAreProseNotRecords) }
    return nil
  }

  /// Records split on `delimiter`, with RFC 4180 quoting (a quoted field may hold the delimiter,
  /// line breaks and doubled quotes). Empty lines are skipped; fields keep their raw bytes.
  /// `uniform` gives up (no records) at the first record narrower than two fields or of another
  /// width than the first: records that could not be CSV are not parsed to the end.
  static func parseRecords(_ bytes: [UInt8], delimiter: UInt8, uniform: Bool = false) -> [[[UInt8]]] {
    var records: [[[UInt8]]] = []
    var record: [[UInt8]] = []
    var field: [UInt8] = []
    var quoted = false
    var index = 0
    func endRecord() {
      record.append(field)
      field = []
      if !(record.count == 1 && record[0].isEmpty) { records.append(record) }
      record = []
    }
    /// Whether the records so far can no longer be uniform records of two or more fields.
    func broken() -> Bool {
      guard uniform, let last = records.last else { return false }
      return last.count < 2 || last.count != records[0].count
    }
    while index < bytes.count, records.count < 500 {
      let byte = bytes[index]
      if quoted {
        if byte == UInt8(ascii: "\"") {
          if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
            field.append(byte)
            index += 1
          } else {
            quoted = false
          }
        } else {
          field.append(byte)
        }
      } else if byte == UInt8(ascii: "\"") && field.isEmpty {
        quoted = true
      } else if byte == delimiter {
        record.append(field)
        field = []
      } else if byte == 0x0A {
        if field.last == 0x0D { field.removeLast() }
        endRecord()
        if broken() { return [] }
      } else {
        field.append(byte)
      }
      index += 1
    }
    if quoted { return [] }  // an unterminated quote: not well-formed records
    if !field.isEmpty || !record.isEmpty { endRecord() }
    return records
  }
}
