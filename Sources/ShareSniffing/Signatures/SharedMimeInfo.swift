import ShareVocabulary

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// freedesktop.org's shared MIME database (Debian's `shared-mime-info`, the table behind
/// xdg-mime and GLib), as far as share-route needs it: which types claim a filename extension,
/// which types are text and what they are kinds of, which names are aliases, and its content rules
/// (`SharedMimeInfo+Magic.swift`).
///
/// The data is generated at development time by `.ci/gen-mime-info.py`
/// (`SharedMimeInfo+Table.swift`): the content rules are parsed from their text on first use, so
/// a start that never asks pays nothing; the extension table is searched in its text, and the
/// parents, types and aliases are Swift lists sorted by their key, searched by halving.
enum SharedMimeInfo {
  /// Calls `body` with each non-empty line of a generated table, as UTF-8 bytes, its leading
  /// spaces (the generator's indentation) dropped: the one walk over the tables' text.
  static func lines(_ text: String, _ body: (Slice<UnsafeBufferPointer<UInt8>>) -> Void) {
    var text = text
    text.withUTF8 { bytes in
      // Integer positions over the buffer (the slice's generic index walk looked its witnesses
      // up at run time), each line's end found with memchr.
      guard let base = bytes.baseAddress else { return }
      let count = bytes.count
      var start = 0
      while start < count {
        let end = memchr(base + start, 0x0A, count - start).map { UnsafeRawPointer(base).distance(to: $0) } ?? count
        var first = start
        while first < end && bytes[first] == 0x20 { first += 1 }
        if end > first { body(bytes[first..<end]) }
        start = end + 1
      }
    }
  }

  /// The text of some bytes of a table.
  private static func string(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
  }

  /// The first field of every row (up to its first tab), without reading the rest: a start that
  /// only asks which answers a table names does not split its long rows.
  static func firstFields(_ text: String) -> [String] {
    var found: [String] = []
    lines(text) { line in
      var end = line.startIndex
      while end < line.endIndex && line.base[end] != 0x09 { end += 1 }
      if end > line.startIndex { found.append(string(line.base[line.startIndex..<end])) }
    }
    return found
  }

  /// Calls `body` with the tab-separated fields of each line that has `fields` of them
  /// (the last field keeps any further tabs), cut on the UTF-8 bytes.
  static func rows(_ text: String, fields count: Int, _ body: ([String]) -> Void) {
    var fields: [String] = []
    fields.reserveCapacity(count)
    lines(text) { line in
      fields.removeAll(keepingCapacity: true)
      let base = line.base
      var fieldStart = line.startIndex
      var index = line.startIndex
      while index < line.endIndex {
        if base[index] == 0x09 && fields.count < count - 1 {
          fields.append(string(base[fieldStart..<index]))
          fieldStart = index + 1
        }
        index += 1
      }
      fields.append(string(base[fieldStart..<line.endIndex]))
      if fields.count == count { body(fields) }
    }
  }

  /// Every type that claims a filename extension (any case, no dot) with its glob weight, the
  /// heaviest first.
  ///
  /// The generator writes the rows sorted by extension (UTF-8 byte order), so the rows of one
  /// extension are found by a binary search over the table's text: a start that asks for one
  /// name reads a dozen rows, not the 1,000 of a table built first.
  static func claims(forExtension ext: String) -> [(type: String, weight: Int)] {
    let key = Array(ext.lowercased().utf8)
    guard !key.isEmpty else { return [] }
    var found: [(type: String, weight: Int)] = []
    var text = globRows
    text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return }
      let count = bytes.count
      /// The start of the line holding `offset`, its first field's range (leading spaces
      /// skipped) and the start of the next line.
      func line(at offset: Int) -> (start: Int, field: Range<Int>, next: Int) {
        var start = offset
        while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
        let end = memchr(base + start, 0x0A, count - start).map { UnsafeRawPointer(base).distance(to: $0) } ?? count
        var first = start
        while first < end && bytes[first] == 0x20 { first += 1 }
        var tab = first
        while tab < end && bytes[tab] != 0x09 { tab += 1 }
        return (start, first..<tab, end + 1)
      }
      func precedes(_ field: Range<Int>) -> Bool {
        UnsafeBufferPointer(rebasing: bytes[field]).lexicographicallyPrecedes(key)
      }
      // The first line whose extension is not below the key.
      var low = 0
      var high = count
      while low < high {
        let probe = line(at: (low + high) / 2)
        if precedes(probe.field) { low = probe.next } else { high = probe.start }
      }
      var position = low
      while position < count {
        let row = line(at: position)
        guard UnsafeBufferPointer(rebasing: bytes[row.field]).elementsEqual(key) else { break }
        let rest = row.field.upperBound + 1..<max(row.field.upperBound + 1, row.next - 1)
        let fields = UnsafeBufferPointer(rebasing: bytes[rest]).split(separator: 0x09, omittingEmptySubsequences: false)
        if fields.count == 2, let weight = Int(String(decoding: fields[1], as: UTF8.self)) {
          found.append((String(decoding: fields[0], as: UTF8.self), weight))
        }
        position = row.next
      }
    }
    return found
  }

  /// A type's direct parents (sub-class-of).
  static func parents(of type: String) -> [String] {
    parentsByType.position(ofKey: type) { $0.type }.map { parentsByType[$0].parents } ?? []
  }

  /// The database's own name for a type (an alias resolved).
  static func unaliased(_ type: String) -> String {
    typeByAlias.position(ofKey: type) { $0.alias }.map { typeByAlias[$0].type } ?? type
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
      pending += parents(of: next).map(unaliased)
    }
    return false
  }

  /// Whether a type is text (a kind of `text/plain`).
  static func isText(_ type: String) -> Bool { isKind(type, of: "text/plain") }

  /// Whether the database knows a type, by its own name or an alias.
  static func isKnown(_ type: String) -> Bool {
    typeNames.position(ofKey: unaliased(type)) { $0 } != nil
  }
}
