import Foundation
import Testing

@testable import ShareSniffing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Small files are sniffed from memory (`magic_buffer`) instead of through their descriptor
/// (`magic_descriptor`). For a file read whole both give the same answer, but for one kind of
/// rule: libmagic reads offsets from the end of a file only through its descriptor (`buffer_fill`
/// in 5.44 needs a regular file), so a ZIP archive after other data, which its end record names,
/// is unknown data in memory; share-route's `zip-end-record` detector reads that record itself.
/// This compares both ways on every file of samples/ (fixtures, platform files, projects) and on
/// the corpus when it has been made (`corpus/make_corpus.py .build/corpus`), plus cut-down copies
/// of the binary samples: where they differ, the sniffer must answer as the descriptor does.
@Suite struct BufferedSniffTests {
  static let root = String(#filePath).components(separatedBy: "/Tests/").dropLast().joined(separator: "/Tests/")

  static func files(under directory: String) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
    var found: [String] = []
    while let relative = enumerator.nextObject() as? String {
      let path = directory + "/" + relative
      var info = stat()
      guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
      if info.st_size > 0 && Int(info.st_size) <= Sniffer.bufferedSniffLimit { found.append(path) }
    }
    return found.sorted()
  }

  static func bothWays(_ cookie: borrowing MagicCookie, _ path: String) throws -> (descriptor: String, buffer: String) {
    let fd = open(path, O_RDONLY)
    try #require(fd >= 0)
    defer { close(fd) }
    let fromDescriptor = try cookie.mimeType(descriptor: fd)
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    let fromBuffer = try bytes.withUnsafeBytes { raw in try Result { () throws(SniffError) in try cookie.mimeType(bytes: raw) }.get() }
    return (fromDescriptor, fromBuffer)
  }

  /// Every file of samples/ and of the corpus (when made), plus copies of every sample cut to
  /// each length, as a file cut short would be: the scratch folder (the caller removes it) and
  /// the paths.
  static func everyFile(cutTo cuts: [Int]) throws -> (scratch: String, paths: [String]) {
    var paths = files(under: root + "/samples") + files(under: root + "/.build/corpus")
    let scratch = NSTemporaryDirectory() + "buffered-sniff-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    for (index, path) in files(under: root + "/samples").enumerated() {
      let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      for cut in cuts where bytes.count > cut {
        let copy = scratch + "/\(index)-\(cut)"
        try bytes.prefix(cut).write(to: URL(fileURLWithPath: copy))
        paths.append(copy)
      }
    }
    return (scratch, paths)
  }

  @Test func sameAnswerOnEveryFile() throws {
    let cookie = try MagicCookie()
    let sniffer = try Sniffer()
    let (scratch, paths) = try Self.everyFile(cutTo: [16, 300, 4096])
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    #expect(paths.count > 400)
    var differ: [String] = []
    var fromTheEnd: [String] = []
    for path in paths {
      let (descriptor, buffer) = try Self.bothWays(cookie, path)
      guard descriptor != buffer else { continue }
      let report = try sniffer.content(path: path)
      let ours = report.refinement.map { TypePolicy.canonical($0.type) } ?? report.sniffed
      if ours == TypePolicy.canonical(descriptor) {
        fromTheEnd.append(path)
      } else {
        differ.append("\(path): descriptor \(descriptor), buffer \(buffer), share-route \(ours)")
      }
    }
    #expect(differ.isEmpty, "\(differ.joined(separator: "\n"))")
    // The fixtures of that rule (a split archive's last part, an archive after other data) were met.
    #expect(fromTheEnd.count >= 2, "files whose answers differ in memory: \(fromTheEnd)")
  }

  /// The differential test of the libmagic bypass (`docs/sniffing.md`, section 1): wherever a decisive
  /// signature answers, libmagic gives the same canonical answer — on every file of samples/
  /// (fixtures and signature files included; the bench set is copies of them), the corpus when it
  /// has been made, and every binary sample cut to 8, 16, 32, 64, 65, 128, 1,024 and 4,096 bytes.
  @Test func decisiveSignaturesAgreeWithLibmagic() throws {
    let cookie = try MagicCookie()
    let (scratch, paths) = try Self.everyFile(cutTo: [8, 16, 32, 64, 65, 128, 1024, 4096])
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    var decided: [String: Int] = [:]
    var differ: [String] = []
    for path in paths {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      guard
        let (entry, ours) = LibmagicShortcuts.decision(
          head: Array(bytes.prefix(LibmagicShortcuts.headBytes)), size: bytes.count)
      else { continue }
      decided[entry, default: 0] += 1
      let theirs = TypePolicy.canonical(try Self.bothWays(cookie, path).descriptor)
      if ours != theirs { differ.append("\(path): signature \(ours), libmagic \(theirs)") }
    }
    #expect(differ.isEmpty, "\(differ.joined(separator: "\n"))")
    // Every entry was exercised.
    for entry in LibmagicShortcuts.entries {
      #expect(decided[entry.name, default: 0] >= 3, "\(entry.name) was decided \(decided[entry.name, default: 0]) times")
    }
  }

  /// The ISO base media brands, each written into every real ISO media sample (MP4, MOV, M4A,
  /// HEIC, AVIF from ffmpeg and ImageMagick) as its major brand, whole and cut to 64, 100 and 300
  /// bytes: libmagic names the same type as the decisive signature every time. A brand with a
  /// type libmagic does not give (or that another rule overrides) fails here.
  @Test(arguments: LibmagicShortcuts.isoMediaBrands.map(\.brand))
  func isoMediaBrandAgreesWithLibmagic(brand: String) throws {
    let cookie = try MagicCookie()
    let scratch = NSTemporaryDirectory() + "iso-brand-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let samples = try Self.files(under: Self.root + "/samples").filter { path in
      let head = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(12))
      return head.count == 12 && head.has("ftyp".bytes, at: 4)
    }
    #expect(samples.count >= 8, "ISO media samples: \(samples.count)")
    var checked = 0
    var differ: [String] = []
    for (index, path) in samples.enumerated() {
      var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      bytes.replaceSubrange(8..<12, with: brand.bytes)
      for cut in [64, 100, 300, bytes.count] where cut <= bytes.count {
        let copy = scratch + "/\(index)-\(cut)"
        try Data(bytes.prefix(cut)).write(to: URL(fileURLWithPath: copy))
        guard let ours = LibmagicShortcuts.type(head: Array(bytes.prefix(LibmagicShortcuts.headBytes)), size: cut) else {
          differ.append("\(path) cut to \(cut): the brand was not decided")
          continue
        }
        let theirs = TypePolicy.canonical(try Self.bothWays(cookie, copy).descriptor)
        checked += 1
        if ours != theirs { differ.append("\(path) cut to \(cut): signature \(ours), libmagic \(theirs)") }
      }
    }
    #expect(checked >= 30)
    #expect(differ.isEmpty, "\(differ.joined(separator: "\n"))")
  }
}
