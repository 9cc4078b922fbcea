internal import CMagic
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Compiled rules in memory, for `magic_load_buffers`: the one owner of the allocation, which
/// libmagic reads for as long as a cookie made from it lives (``MagicCookie`` keeps it).
final class MagicBuffer: @unchecked Sendable {
  // @unchecked: written once in `init`, then only read (by libmagic too).
  let base: UnsafeMutableRawPointer
  let count: Int

  /// A compiled file of `main` entries of the main set and `named` of the named set, whose
  /// entries `fill` writes after the header (into the given space, `main + named` entries long).
  init(main: Int, named: Int, fill: (UnsafeMutableRawBufferPointer) -> Void) {
    let size = MagicRules.Layout.entrySize
    count = (1 + main + named) * size
    // struct magic holds 64-bit fields: libmagic reads the entries in place.
    base = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
    base.initializeMemory(as: UInt8.self, repeating: 0, count: size)
    let header: [UInt32] = [MagicRules.Layout.magicNumber, MagicRules.Layout.version, UInt32(main), UInt32(named)]
    for (index, field) in header.enumerated() { base.storeBytes(of: field, toByteOffset: index * 4, as: UInt32.self) }
    fill(UnsafeMutableRawBufferPointer(start: base + size, count: count - size))
  }

  deinit { base.deallocate() }
}

/// libmagic asked with only the rules that can match a buffer (``MagicRules``): the same answer
/// as the whole database, for a fraction of its walk. One per ``Sniffer``, like its cookie, and
/// not thread-safe either.
///
/// The buffer's candidate rules, in the database's order, become a compiled file of their own;
/// the named rules (`use` targets) and, for buffers that are not ASCII text, every text rule
/// come from buffers made once per process. A cookie is loaded for each set of candidates and
/// kept for the next buffer with the same set (the most recently used ``capacity``).
final class MagicSubsets {
  /// The rules of a database and the buffers every subset shares, read once per process.
  final class Database: Sendable {
    let rules: MagicRules
    /// The named set alone.
    let named: MagicBuffer
    /// Every text rule, in order, with its continuations.
    let text: MagicBuffer

    init(rules: MagicRules) {
      self.rules = rules
      let size = MagicRules.Layout.entrySize
      let bytes = rules.bytes
      named = MagicBuffer(main: 0, named: rules.counts.named) { target in
        bytes.withUnsafeBytes { source in
          let start = MagicRules.entryOffset(rules.counts.main)
          target.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[start..<(start + rules.counts.named * size)]))
        }
      }
      let textRules = rules.rules.filter(\.isTextTest)
      text = MagicBuffer(main: textRules.reduce(0) { $0 + $1.entries }, named: 0) { target in
        Self.copy(textRules, from: bytes, into: target)
      }
    }

    /// Writes the rules' entries one after another.
    static func copy(_ chosen: [MagicRules.Rule], from bytes: [UInt8], into target: UnsafeMutableRawBufferPointer) {
      let size = MagicRules.Layout.entrySize
      bytes.withUnsafeBytes { source in
        var written = 0
        for rule in chosen {
          let start = MagicRules.entryOffset(rule.entry)
          let length = rule.entries * size
          UnsafeMutableRawBufferPointer(rebasing: target[written..<(written + length)])
            .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[start..<(start + length)]))
          written += length
        }
      }
    }

    /// A cookie that checks ``MagicRules`` against libmagic itself (tests and fuzzing): every
    /// top-level rule alone, its continuations cut, described by its index in ``MagicRules/rules``
    /// (`R12`), with the named set, opened to list every match (`MAGIC_CONTINUE`). Its description
    /// of a buffer names each rule whose first test passes there.
    func oracle() throws(SniffError) -> MagicCookie {
      let size = MagicRules.Layout.entrySize
      let rules = self.rules
      let alone = MagicBuffer(main: rules.rules.count, named: 0) { target in
        rules.bytes.withUnsafeBytes { source in
          for (index, rule) in rules.rules.enumerated() {
            let entry = UnsafeMutableRawBufferPointer(rebasing: target[(index * size)..<((index + 1) * size)])
            let start = MagicRules.entryOffset(rule.entry)
            entry.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[start..<(start + size)]))
            // The description is the index; no MIME type, extension or Apple type to stop at.
            let description = Array("R\(index)\u{0}".utf8)
            for offset in MagicRules.Layout.description..<size { entry[offset] = 0 }
            for (offset, byte) in description.enumerated() { entry[MagicRules.Layout.description + offset] = byte }
          }
        }
      }
      return try MagicCookie(buffers: [alone, named], describing: true)
    }

    /// The rules libmagic's oracle (``oracle()``) says pass on `buffer` that ``MagicRules`` calls
    /// certain failures: empty when the candidates cover them (for a text rule, on ASCII text).
    func missedRules(_ oracle: borrowing MagicCookie, _ buffer: UnsafeRawBufferPointer) throws(SniffError) -> [Int] {
      let described = try oracle.answer(bytes: buffer)
      let passed = Set(described.split(separator: "R").compactMap { Int($0.prefix { $0.isNumber }) })
      let text = MagicRules.asciiText(buffer)
      return rules.patterns.withUnsafeBytes { pool in
        passed.sorted().filter { index in
          guard index < rules.rules.count else { return false }
          let rule = rules.rules[index]
          let binary = rule.isBinaryTest && rules.mayPass(rule, buffer, pool)
          let asText =
            rule.isTextTest
            && (text.map { rules.mayPass(rule, UnsafeRawBufferPointer(rebasing: buffer[..<$0]), pool) } ?? true)
          return !binary && !asText
        }
      }
    }

    /// The libmagic version whose rule evaluation ``MagicRules`` follows.
    static let version: Int32 = 544

    /// The largest compiled database read (Debian's 5.44 file is 8 MB).
    static let maxBytes = 64 << 20

    /// Databases already read, by path (`nil`: not usable, so the whole database is used).
    private nonisolated(unsafe) static var read: [String: Database?] = [:]
    private static let lock = NSLock()

    /// `path` when libmagic reads that very file as a compiled database: one file (no `:` list)
    /// named `….mgc` (for any other name, `magic_load` opens the name with `.mgc` added, or
    /// reads it as rules in text), else `nil`, and the whole database answers.
    static func readablePath(_ path: String) -> String? {
      path.hasSuffix(".mgc") && !path.utf8.contains(UInt8(ascii: ":")) ? path : nil
    }

    /// The database at `path`, read on first use; `nil` when it cannot be read or is not
    /// libmagic 5.44's format, when the linked libmagic is another version, or when the C
    /// library's character classes are not ASCII's (``FileStrncmp``).
    static func shared(path: String) -> Database? {
      lock.withLock {
        if let known = read[path] { return known }
        let usable = magic_version() == version && FileStrncmp.cLibraryIsASCII
        let made = usable ? load(path).flatMap(MagicRules.read).map(Database.init) : nil
        read[path] = made
        return made
      }
    }

    /// The file's bytes, or `nil` when it cannot be read whole within ``maxBytes``.
    static func load(_ path: String) -> [UInt8]? {
      let fd = open(path, O_RDONLY | O_CLOEXEC)
      guard fd >= 0 else { return nil }
      defer { close(fd) }
      var info = stat()
      guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0,
        Int(info.st_size) <= maxBytes
      else { return nil }
      let size = Int(info.st_size)
      var bytes = [UInt8](repeating: 0, count: size)
      var done = 0
      while done < size {
        let got = bytes.withUnsafeMutableBytes { buffer in
          buffer.baseAddress.map { pread(fd, $0 + done, size - done, off_t(done)) } ?? 0
        }
        if got < 0 && errno == EINTR { continue }
        guard got > 0 else { return nil }
        done += got
      }
      return bytes
    }
  }

  /// A cookie for one set of candidates, with when it was last used.
  private final class Held {
    let cookie: MagicCookie
    var used: Int
    init(cookie: consuming MagicCookie, used: Int) {
      self.cookie = cookie
      self.used = used
    }
  }

  let database: Database
  private var cookies: [MagicRules.Selection: Held] = [:]
  private var clock = 0

  /// Full passes a sniffer makes with the whole database before it reads it as data: the
  /// reading costs about as much as a dozen whole walks.
  static let warmUp = 8

  /// The cookies kept, at most (each holds its rules, about 10 to 50 KB, and libmagic's compiled
  /// regular expressions).
  static let capacity = 24

  init(database: Database) { self.database = database }

  /// libmagic's answer for `bytes` (`MAGIC_MIME_TYPE`, as ``MagicCookie/mimeType(bytes:softMagic:)``),
  /// or `nil` when the whole database must answer (``MagicRules/Selection/whole``).
  func mimeType(bytes: UnsafeRawBufferPointer) throws(SniffError) -> String? {
    let selection = database.rules.candidates(in: bytes)
    guard case .subset(let indexes, let allText) = selection else { return nil }
    clock += 1
    if let held = cookies[selection] {
      held.used = clock
      return try held.cookie.mimeType(bytes: bytes)
    }
    let held = Held(cookie: try cookie(indexes, allText: allText), used: clock)
    if cookies.count >= Self.capacity, let oldest = cookies.min(by: { $0.value.used < $1.value.used })?.key {
      cookies[oldest] = nil
    }
    cookies[selection] = held
    return try held.cookie.mimeType(bytes: bytes)
  }

  /// A cookie loaded with the candidates' rules, then the shared buffers.
  private func cookie(_ indexes: [Int32], allText: Bool) throws(SniffError) -> MagicCookie {
    let chosen = indexes.map { database.rules.rules[Int($0)] }
    let bytes = database.rules.bytes
    let own = MagicBuffer(main: chosen.reduce(0) { $0 + $1.entries }, named: 0) { target in
      Database.copy(chosen, from: bytes, into: target)
    }
    return try MagicCookie(buffers: allText ? [own, database.text, database.named] : [own, database.named])
  }
}
