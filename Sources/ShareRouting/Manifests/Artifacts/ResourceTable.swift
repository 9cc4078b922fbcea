/// The resources of an APK (`resources.arsc`, `ResTable` in AOSP's `ResourceTypes.h`), read for
/// what a manifest refers to: strings, Booleans and numbers by resource id, in the default
/// configuration or a chosen locale.
///
/// The table is indexed once (packages, and per type the offsets of its configurations'
/// chunks); an entry is decoded only when asked. Dense, 16-bit-offset and sparse entry tables
/// and compact entries are read. Following references stops after ``maxSteps`` or at a cycle.
struct ResourceTable {
  /// The most references followed for one value.
  static let maxSteps = 16
  /// The most type chunks indexed (a large app has a few thousand).
  static let maxTypeChunks = 100_000

  /// One configuration chunk of a type: where its entries are, and its locale.
  private struct TypeChunk {
    var offset: Int
    /// Where the chunk ends: its entries and values must lie before.
    var end: Int
    var entryCount: Int
    var entriesStart: Int
    var flags: Int
    var headerSize: Int
    var locale: AndroidLocale?
    /// Whether every qualifier but the locale is unset (density, SDK version, screen…).
    var otherwiseDefault: Bool
  }

  /// What a reference leads to.
  enum Value: Equatable {
    case string(String)
    case bool(Bool)
    case integer(Int)
    /// Another kind of value (a color, a dimension, a style): its type code.
    case other(dataType: Int)
  }

  /// Why a reference leads nowhere.
  enum Miss: Error, Equatable {
    /// No package, type or entry with this id, or no configuration that applies.
    case missing(UInt32)
    /// Only locale-specific values, none for the locale asked: the locales there are.
    case noDefault(UInt32, locales: [String])
    case cycle([UInt32])
    case tooLong
  }

  /// One value of an entry in one configuration.
  struct Candidate {
    var locale: AndroidLocale?
    /// Whether every qualifier but the locale is unset (density, SDK version, screen…).
    var otherwiseDefault: Bool
    var value: Raw
  }

  /// A value before references are followed.
  enum Raw {
    case reference(UInt32)
    case value(Value)
  }

  /// Where the values are.
  private enum Storage {
    /// A `resources.arsc` indexed in place: its bytes, its global string pool, and its type
    /// chunks by package id and type id (`package << 16 | type`).
    case arsc(ChunkReader, strings: StringPool, types: [Int: [TypeChunk]])
    /// Every entry's values, read whole (an App Bundle's `resources.pb`: it is small).
    case entries([UInt32: [Candidate]])
  }

  private let storage: Storage

  /// A table of entries read elsewhere (``ProtoResources``).
  init(entries: [UInt32: [Candidate]]) {
    storage = .entries(entries)
  }

  /// Indexes a `resources.arsc`.
  init(_ bytes: [UInt8]) throws(ArtifactFailure) {
    let reader = ChunkReader(bytes)
    let table = try reader.chunk(at: 0, end: bytes.count)
    guard table.type == 0x0002 else {
      throw ArtifactFailure(offset: 0, message: ArtifactMessages.expectedChunk("resource table", found: table.type))
    }
    var strings: StringPool?
    var position = table.headerSize
    var chunks = 0
    var types: [Int: [TypeChunk]] = [:]
    while position < table.size {
      let chunk = try reader.chunk(at: position, end: table.size)
      switch chunk.type {
      case 0x0001 where strings == nil:
        strings = try StringPool(reader, at: position)
      case 0x0200:
        try Self.indexPackage(reader, at: position, header: chunk, chunks: &chunks, into: &types)
      default: break
      }
      position += chunk.size
    }
    guard let strings else { throw ArtifactFailure(offset: 0, message: ArtifactMessages.noStringPool) }
    storage = .arsc(reader, strings: strings, types: types)
  }

  private static func indexPackage(
    _ reader: ChunkReader, at start: Int, header: (type: Int, headerSize: Int, size: Int), chunks: inout Int,
    into types: inout [Int: [TypeChunk]]
  ) throws(ArtifactFailure) {
    let packageID = try reader.u32(start + 8)
    // Type ids are 1-based; `typeIdOffset` (a shared library's) shifts them.
    let typeIDOffset = header.headerSize >= 288 ? try reader.u32(start + 284) : 0
    var position = start + header.headerSize
    let end = start + header.size
    while position < end {
      let chunk = try reader.chunk(at: position, end: end)
      if chunk.type == 0x0201 {
        chunks += 1
        guard chunks <= maxTypeChunks else {
          throw ArtifactFailure(offset: position, message: ArtifactMessages.tooManyTypeChunks(maxTypeChunks))
        }
        let typeID = try reader.u8(position + 8) + typeIDOffset
        let config = position + 20
        let configSize = try reader.u32(config)
        guard configSize >= 12, 20 + configSize <= chunk.headerSize else {
          throw ArtifactFailure(offset: config, message: ArtifactMessages.badConfig(configSize))
        }
        var otherwiseDefault = true
        for offset in stride(from: 12, to: configSize, by: 1) where try reader.u8(config + offset) != 0 {
          otherwiseDefault = false
          break
        }
        if try reader.u32(config + 4) != 0 { otherwiseDefault = false }  // mcc, mnc
        let entry = TypeChunk(
          offset: position, end: position + chunk.size, entryCount: try reader.u32(position + 12), entriesStart: try reader.u32(position + 16),
          flags: try reader.u8(position + 9), headerSize: chunk.headerSize,
          locale: try AndroidLocale(config: reader, at: config), otherwiseDefault: otherwiseDefault)
        types[packageID << 16 | typeID, default: []].append(entry)
      }
      position += chunk.size
    }
  }

  /// The value a resource id has in the configuration that applies to `locale` (the default
  /// configuration when `nil`), references followed; `lookups` counts the configurations read
  /// (the caller bounds it: scanning stops once it passes ``CompiledTree/maxLookups``).
  func value(_ id: UInt32, locale: AndroidLocale?, lookups: inout Int) -> Result<Value, Miss> {
    var seen: [UInt32] = []
    var current = id
    while seen.count < Self.maxSteps {
      if seen.contains(current) { return .failure(.cycle(seen + [current])) }
      seen.append(current)
      switch entry(current, locale: locale, lookups: &lookups) {
      case .success(.reference(let next)): current = next
      case .success(.value(let value)): return .success(value)
      case .failure(let miss): return .failure(miss)
      }
    }
    return .failure(.tooLong)
  }

  /// The raw value of one entry: the best configuration for the locale.
  private func entry(_ id: UInt32, locale: AndroidLocale?, lookups: inout Int) -> Result<Raw, Miss> {
    // Candidates, best first: the locale's language and region, its language alone, another
    // region of it, then no locale; within each, the one with no other qualifier first.
    var best: (rank: Int, value: Raw)?
    var locales: Set<String> = []
    for candidate in candidates(id, lookups: &lookups) {
      let rank: Int
      if let candidateLocale = candidate.locale {
        locales.insert(candidateLocale.description)
        guard let locale, candidateLocale.language == locale.language else { continue }
        rank = candidateLocale.region == locale.region ? 0 : candidateLocale.region == nil ? 2 : 4
      } else {
        rank = 6
      }
      let ranked = rank + (candidate.otherwiseDefault ? 0 : 1)
      if best.map({ ranked < $0.rank }) ?? true { best = (ranked, candidate.value) }
    }
    if let best { return .success(best.value) }
    if !locales.isEmpty { return .failure(.noDefault(id, locales: locales.sorted())) }
    return .failure(.missing(id))
  }

  /// A `Res_value` (type code and data) as a value, its strings from `string` (the pool of the
  /// table or of the compiled XML it is in); `nil` for a string the pool does not have.
  static func raw(dataType: Int, data: Int, string: (Int) -> String?) -> Raw? {
    switch dataType {
    case 0x01, 0x07: .reference(UInt32(truncatingIfNeeded: data))  // TYPE_(DYNAMIC_)REFERENCE
    case 0x03: string(data).map { .value(.string($0)) }
    case 0x12: .value(.bool(data != 0))
    case 0x10, 0x11: .value(.integer(Int(Int32(truncatingIfNeeded: data))))  // decimal and hex: a number
    default: .value(.other(dataType: dataType))
    }
  }

  /// Every configuration's value of an entry.
  private func candidates(_ id: UInt32, lookups: inout Int) -> [Candidate] {
    let (reader, strings, types): (ChunkReader, StringPool, [Int: [TypeChunk]])
    switch storage {
    case .entries(let entries):
      lookups += entries[id]?.count ?? 0
      return entries[id] ?? []
    case .arsc(let arscReader, let arscStrings, let arscTypes): (reader, strings, types) = (arscReader, arscStrings, arscTypes)
    }
    let packageID = Int(id >> 24)
    let typeID = Int(id >> 16 & 0xFF)
    guard let chunks = types[packageID << 16 | typeID] else { return [] }
    var found: [Candidate] = []
    for chunk in chunks {
      lookups += 1
      if lookups > CompiledTree.maxLookups { break }
      guard let pair = try? Self.rawEntry(reader, chunk, index: Int(id & 0xFFFF)) else { continue }
      guard let raw = Self.raw(dataType: pair.0, data: pair.1, string: { try? strings.string($0) }) else { continue }
      found.append(Candidate(locale: chunk.locale, otherwiseDefault: chunk.otherwiseDefault, value: raw))
    }
    return found
  }

  /// Entry `index` of one type chunk, or `nil` when the chunk has none (or it is complex).
  private static func rawEntry(_ reader: ChunkReader, _ chunk: TypeChunk, index: Int) throws(ArtifactFailure) -> (Int, Int)? {
    let table = chunk.offset + chunk.headerSize
    var entryOffset: Int?
    if chunk.flags & 0x01 != 0 {
      // Sparse: (index, offset / 4) pairs sorted by index.
      var low = 0
      var high = chunk.entryCount - 1
      while low <= high {
        let middle = (low + high) / 2
        let candidate = try reader.u16(table + middle * 4)
        if candidate == index {
          entryOffset = try reader.u16(table + middle * 4 + 2) * 4
          break
        }
        if candidate < index { low = middle + 1 } else { high = middle - 1 }
      }
    } else {
      guard index < chunk.entryCount else { return nil }
      if chunk.flags & 0x02 != 0 {
        let offset = try reader.u16(table + index * 2)
        entryOffset = offset == 0xFFFF ? nil : offset * 4
      } else {
        let offset = try reader.u32(table + index * 4)
        entryOffset = offset == 0xFFFF_FFFF ? nil : offset
      }
    }
    guard let entryOffset else { return nil }
    let entry = chunk.offset + chunk.entriesStart + entryOffset
    // ResTable_entry is 8 bytes; a simple one is followed by an 8-byte Res_value, all inside the chunk.
    guard entry + 8 <= chunk.end else {
      throw ArtifactFailure(offset: entry, message: ArtifactMessages.entryPastChunk(entry, end: chunk.end))
    }
    let size = try reader.u16(entry)
    let flags = try reader.u16(entry + 2)
    if flags & 0x08 != 0 {
      // A compact entry: the type in the flags' high byte, the data where the key would be.
      return (flags >> 8, try reader.u32(entry + 4))
    }
    if flags & 0x01 != 0 { return nil }  // a map (style, plurals): no single value
    guard size >= 8, entry + size + 8 <= chunk.end else {
      throw ArtifactFailure(offset: entry, message: ArtifactMessages.entryPastChunk(entry, end: chunk.end))
    }
    return (try reader.u8(entry + size + 3), try reader.u32(entry + size + 4))
  }
}

/// A locale as Android's resource configurations hold it: a language and an optional region
/// (`de`, `pt-BR`; `--locale` also takes Android's `pt-rBR` and `pt_BR`).
struct AndroidLocale: Hashable, Sendable, CustomStringConvertible {
  var language: String
  var region: String?
  /// A BCP-47 script (`Hant`), kept for `.lproj` names (`zh-Hant`); resource configurations
  /// are matched without it.
  var script: String?

  /// Parses `de`, `de-DE`, `de_DE`, `de-rDE`, BCP-47 tags with a script or variant
  /// (`zh-Hant-TW`, `ca-ES-valencia`: the script and variant are not compared) and Android's
  /// `b+sr+Latn` (case-insensitive); `nil` for anything else.
  init?(_ text: String) {
    let tag = text.hasPrefix("b+") ? String(text.dropFirst(2)) : text
    let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == "+" }).map(String.init)
    guard (1...4).contains(parts.count), (2...3).contains(parts[0].count), parts[0].allSatisfy({ $0.isASCII && $0.isLetter })
    else { return nil }
    language = Self.resourceLanguage(parts[0].lowercased())
    for part in parts.dropFirst() {
      guard part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
      var candidate = part
      if candidate.count == 3, candidate.first == "r" || candidate.first == "R", region == nil { candidate.removeFirst() }
      if candidate.count == 2 || (candidate.count == 3 && candidate.allSatisfy(\.isNumber)) {
        guard region == nil else { return nil }
        region = candidate.uppercased()
      } else if part.count == 4, part.allSatisfy(\.isLetter), script == nil {
        script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
      } else if !(5...8).contains(part.count) {
        return nil  // neither a region, a script (4 letters) nor a variant (5 to 8)
      }
    }
  }

  /// Android keeps three languages under their old ISO 639 codes in resources (`values-iw`):
  /// `he`, `id` and `yi` are read as `iw`, `in` and `ji`, as `Locale` does.
  static func resourceLanguage(_ code: String) -> String {
    switch code {
    case "he": "iw"
    case "id": "in"
    case "yi": "ji"
    default: code
    }
  }

  init(language: String, region: String?) {
    self.language = language
    self.region = region
  }

  /// The locale of a `ResTable_config` at `offset` (language at +8, country at +10), or `nil`
  /// for none. Three-letter codes are packed into two bytes with the high bit set.
  init?(config reader: ChunkReader, at offset: Int) throws(ArtifactFailure) {
    func code(_ at: Int, base: UInt8) throws(ArtifactFailure) -> String? {
      let first = UInt8(try reader.u8(at))
      let second = UInt8(try reader.u8(at + 1))
      if first == 0 { return nil }
      if first & 0x80 != 0 {
        let letters = [second & 0x1F, (second & 0xE0) >> 5 | (first & 0x03) << 3, (first & 0x7C) >> 2]
        return String(decoding: letters.map { $0 &+ base }, as: UTF8.self)
      }
      return String(decoding: [first, second], as: UTF8.self)
    }
    guard let language = try code(offset + 8, base: UInt8(ascii: "a")) else { return nil }
    self.language = Self.resourceLanguage(language.lowercased())
    region = try code(offset + 10, base: UInt8(ascii: "0"))?.uppercased()
  }

  /// `de`, `pt-BR`.
  var description: String { region.map { language + "-" + $0 } ?? language }
}
