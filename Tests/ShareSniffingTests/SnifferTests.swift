import Foundation
import ShareRouting
import Testing

@testable import ShareSniffing

let repositoryRoot: String = String(#filePath).components(separatedBy: "/Tests/").dropLast().joined(separator: "/Tests/")

let samplesDirectory: String = repositoryRoot + "/samples"

/// One real sample and what share-route must find in it.
struct SampleCase: Sendable, CustomTestStringConvertible {
  let file: String
  let type: String
  let sniffed: String
  let kind: ItemKind
  let uti: String
  let source: TypeSource
  var testDescription: String { file }

  init(_ file: String, _ type: String, sniffed: String? = nil, _ kind: ItemKind, _ uti: String, _ source: TypeSource = .content) {
    self.file = file
    self.type = type
    self.sniffed = sniffed ?? type
    self.kind = kind
    self.uti = uti
    self.source = source
  }
}

@Suite struct SnifferTests {
  static let samples: [SampleCase] = [
    .init("photo.jpg", "image/jpeg", .image, "public.jpeg"),
    .init("photo.png", "image/png", .image, "public.png"),
    .init("photo.heic", "image/heic", .image, "public.heic"),
    .init("animation.gif", "image/gif", .image, "com.compuserve.gif"),
    .init("clip.mp4", "video/mp4", .movie, "public.mpeg-4"),
    .init("clip.mov", "video/quicktime", .movie, "com.apple.quicktime-movie"),
    .init("song.mp3", "audio/mpeg", .audio, "public.mp3"),
    .init("voice.m4a", "audio/mp4", .audio, "public.mpeg-4-audio"),  // libmagic says audio/x-m4a
    .init("report.pdf", "application/pdf", .file, "com.adobe.pdf"),
    .init("notes.txt", "text/plain", .file, "public.plain-text"),
    .init("table.csv", "text/csv", .file, "public.comma-separated-values-text"),
    .init("contact.vcf", "text/vcard", .file, "public.vcard"),
    .init("event.ics", "text/calendar", .file, "com.apple.ical.ics"),
    .init("archive.zip", "application/zip", .file, "public.zip-archive"),
    .init(
      "letter.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", .file,
      "org.openxmlformats.wordprocessingml.document"),
    .init("scan.txt", "application/pdf", .file, "com.adobe.pdf"),  // a PDF named .txt stays a PDF
    .init("cat.png", "image/jpeg", .image, "public.jpeg"),  // a JPEG named .png stays a JPEG
  ]

  /// Small ELF files built by the toolchain's C compiler (read from memory, not through a
  /// descriptor) get libmagic's answer from its ELF reader: a position-independent executable is
  /// not a shared library.
  @Test(arguments: [
    (["-fPIE", "-pie"], "application/x-pie-executable"), (["-no-pie"], "application/x-executable"),
    (["-shared", "-fPIC"], "application/x-sharedlib"),
  ])
  func smallELFFilesAsLibmagicReadsThem(_ flags: [String], _ expected: String) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("elf-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try "int main(void) { return 0; }\n".write(toFile: directory + "/main.c", atomically: true, encoding: .utf8)
    let compiler = Process()
    compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    compiler.arguments = ["cc", "-O2", "-s"] + flags + ["-o", directory + "/program", directory + "/main.c"]
    try compiler.run()
    compiler.waitUntilExit()
    try #require(compiler.terminationStatus == 0)
    let size = try #require(try FileManager.default.attributesOfItem(atPath: directory + "/program")[.size] as? Int)
    #expect(size <= Sniffer.bufferedSniffLimit)
    #expect(try Sniffer().sniffedType(path: directory + "/program") == expected)
  }

  @Test(arguments: samples)
  func sniffsRealSamples(_ row: SampleCase) throws {
    let sniffer = try Sniffer()
    let item = try sniffer.item(path: samplesDirectory + "/" + row.file, reportedType: nil)
    // libmagic's full answer, from a sniffer that never leaves its soft magic out.
    let full = try Sniffer(textFirst: false).item(path: samplesDirectory + "/" + row.file, reportedType: nil)
    #expect(item.type == row.type)
    #expect(full.type == row.type)
    #expect(full.sniffedType == row.sniffed || row.file == "voice.m4a")
    #expect(item.sniffedType == full.sniffedType || item.sniffedType == TextFirst.textAnswer)
    #expect(item.kind == row.kind)
    #expect(item.uti == row.uti)
    #expect(item.typeSource == row.source)
    #expect(item.corrected == false)
    #expect(item.share.isTextShare == false)
    #expect(item.share.name == row.file)
    #expect(item.share.source == "file://" + samplesDirectory + "/" + row.file)
  }

  /// Every binary sample reported as text/plain is corrected to its content type.
  @Test(arguments: samples.filter { !$0.type.hasPrefix("text/") })
  func lyingTextPlainIsCorrected(_ row: SampleCase) throws {
    let item = try Sniffer().item(path: samplesDirectory + "/" + row.file, reportedType: "text/plain")
    #expect(item.type == row.type)
    #expect(item.corrected)
    #expect(item.reportedType == "text/plain")
    #expect(item.reason == "reported text/plain, content is \(row.type)")
  }

  @Test func realTextReportedAsTextIsKept() throws {
    let item = try Sniffer().item(path: samplesDirectory + "/notes.txt", reportedType: "text/plain")
    #expect(item.type == "text/plain")
    #expect(!item.corrected)
    let csv = try Sniffer().item(path: samplesDirectory + "/notes.txt", reportedType: "Text/CSV; charset=utf-8")
    #expect(csv.type == "text/csv")
    #expect(csv.typeSource == .reported)
    #expect(!csv.corrected)
  }

  @Test func genericReportIsRefinedSilently() throws {
    let item = try Sniffer().item(path: samplesDirectory + "/report.pdf", reportedType: "application/octet-stream")
    #expect(item.type == "application/pdf")
    #expect(item.corrected)
    #expect(item.reason == "reported application/octet-stream is generic, content is application/pdf")
  }

  @Test func trustReportedKeepsTheClaim() throws {
    let item = try Sniffer().item(path: samplesDirectory + "/report.pdf", reportedType: "text/plain", trust: .reported)
    #expect(item.type == "text/plain")
    #expect(item.typeSource == .reported)
    #expect(!item.corrected)
  }

  @Test func aliasReportIsNotACorrection() throws {
    let item = try Sniffer().item(path: samplesDirectory + "/photo.jpg", reportedType: "image/jpg")
    #expect(item.type == "image/jpeg")
    #expect(!item.corrected)
  }

  @Test func nonRegularAndMissingFilesAreErrorsWithoutBlocking() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("share-route-\(getpid())-\(UUID())").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(mkfifo(dir + "/fifo", 0o600) == 0)
    #expect(symlink(dir + "/nowhere", dir + "/dangling") == 0)
    let sniffer = try Sniffer()
    #expect(throws: SniffError.notRegularFile("a FIFO")) { try sniffer.sniffedType(path: dir + "/fifo") }
    #expect(throws: SniffError.notRegularFile("a directory")) { try sniffer.sniffedType(path: dir) }
    #expect(throws: SniffError.notRegularFile("a character device")) { try sniffer.sniffedType(path: "/dev/zero") }
    #expect(throws: SniffError.danglingSymlink) { try sniffer.sniffedType(path: dir + "/dangling") }
    #expect(throws: SniffError.missing) { try sniffer.sniffedType(path: dir + "/absent.jpg") }
    _ = FileManager.default.createFile(atPath: dir + "/empty.bin", contents: Data())
    #expect(try sniffer.item(path: dir + "/empty.bin", reportedType: nil).type == "application/x-empty")
  }

  /// The same URLs Foundation's `URL(fileURLWithPath:).standardizedFileURL` gives (checked with
  /// swift-corelibs-foundation on this machine), without Foundation on the hot path.
  @Test(arguments: [
    ("/a b/c#d?.jpg", "file:///a%20b/c%23d%3F.jpg"),
    ("/x/./y/../z%.png", "file:///x/z%25.png"),
    ("/ü/日本.txt", "file:///%C3%BC/%E6%97%A5%E6%9C%AC.txt"),
    ("/a/b;c=d@e:f", "file:///a/b;c=d@e:f"),
    ("/t/[x]{y}|z^`\\.txt", "file:///t/%5Bx%5D%7By%7D%7Cz%5E%60%5C.txt"),
    ("//double//slash/", "file:///double/slash"),
  ])
  func fileURLs(_ path: String, _ url: String) {
    #expect(FilePaths.fileURL(path) == url)
  }

  @Test(arguments: [
    ("a/b.JPG", "JPG"), ("photo", nil), (".bashrc", nil), ("archive.tar.gz", "gz"), ("dir.d/file", nil), ("x.", nil),
  ] as [(String, String?)])
  func fileExtensions(_ path: String, _ ext: String?) {
    #expect(FilePaths.fileExtension(path) == ext)
  }

  @Test(arguments: [
    ("audio/x-m4a", "audio/mp4"), ("audio/x-wav", "audio/wav"), ("text/xml", "application/xml"),
    ("inode/x-empty", "application/x-empty"), ("image/png", "image/png"),
  ])
  func canonicalNames(_ alias: String, _ name: String) {
    #expect(TypePolicy.canonical(alias) == name)
  }

  /// The policy, in order: the bytes (libmagic, then share-route's refinement), a report the
  /// bytes allow, then a name the bytes are consistent with (`NameRule`). Each row is libmagic's
  /// answer, the head, whether a detector examined the container, the report, the extension,
  /// and the expected type, source and correction.
  struct PolicyCase: Sendable, CustomTestStringConvertible {
    let sniffed: String
    let head: String
    var examined = false
    let reported: String?
    let fileExtension: String?
    let type: String
    let source: TypeSource
    let corrected: Bool
    var testDescription: String { "\(sniffed) '\(head.prefix(12))' reported \(reported ?? "-") .\(fileExtension ?? "-")" }
  }

  static let policyCases: [PolicyCase] = [
    // A text extension breaks the tie for text.
    PolicyCase(sniffed: "text/plain", head: "a,b\n1,2\n", reported: nil, fileExtension: "csv", type: "text/csv", source: .extension, corrected: false),
    // A name never makes text an image, nor binary data text.
    PolicyCase(sniffed: "text/plain", head: "hello", reported: nil, fileExtension: "jpg", type: "text/plain", source: .content, corrected: false),
    PolicyCase(sniffed: "application/octet-stream", head: "\u{1}\u{2}\u{3}", reported: nil, fileExtension: "txt", type: "application/octet-stream", source: .content, corrected: false),
    // A binary format with a signature needs it: unknown bytes named .mp4, .mdb, .wad are none of them.
    PolicyCase(sniffed: "application/octet-stream", head: "\u{1}\u{2}\u{3}\u{4}", reported: nil, fileExtension: "mp4", type: "application/octet-stream", source: .content, corrected: false),
    PolicyCase(sniffed: "application/octet-stream", head: "\u{0}\u{1}\u{0}\u{0}Standard Jet DB\u{0}", reported: nil, fileExtension: "mdb", type: "application/vnd.ms-access", source: .extension, corrected: false),
    PolicyCase(sniffed: "application/octet-stream", head: "\u{0}\u{0}LMDB-ish", reported: nil, fileExtension: "mdb", type: "application/octet-stream", source: .content, corrected: false),
    PolicyCase(sniffed: "application/octet-stream", head: "IWAD\u{2}\u{0}", reported: nil, fileExtension: "wad", type: "application/x-doom-wad", source: .extension, corrected: false),
    PolicyCase(sniffed: "application/octet-stream", head: "WII!\u{0}\u{0}", reported: nil, fileExtension: "wad", type: "application/octet-stream", source: .content, corrected: false),
    // A type built on a container needs the container: words named .kml are no KML.
    PolicyCase(sniffed: "text/plain", head: "just words\n", reported: nil, fileExtension: "kml", type: "text/plain", source: .content, corrected: false),
    // A ZIP whose members were read and show no document stays a ZIP, whatever its name.
    PolicyCase(sniffed: "application/zip", head: "PK\u{3}\u{4}", examined: true, reported: nil, fileExtension: "docx", type: "application/zip", source: .content, corrected: false),
    // Several formats claim .m: the content rules choose.
    PolicyCase(sniffed: "text/plain", head: "function y = f(x)\n", reported: nil, fileExtension: "m", type: "text/x-matlab", source: .extension, corrected: false),
    PolicyCase(sniffed: "text/plain", head: "#import <Foundation/Foundation.h>\n", reported: nil, fileExtension: "m", type: "text/x-objcsrc", source: .extension, corrected: false),
    PolicyCase(sniffed: "text/plain", head: "just words\n", reported: nil, fileExtension: "m", type: "text/plain", source: .content, corrected: false),
    // Never over a confident signature.
    PolicyCase(sniffed: "application/pdf", head: "%PDF-1.4", reported: nil, fileExtension: "txt", type: "application/pdf", source: .content, corrected: false),
    // A truthful text/plain for text is kept: never "corrected" by a name.
    PolicyCase(sniffed: "text/plain", head: "12:00 started\n", reported: "text/plain", fileExtension: "log", type: "text/plain", source: .content, corrected: false),
    // An empty file: a text name decides.
    PolicyCase(sniffed: "application/x-empty", head: "", reported: nil, fileExtension: "txt", type: "text/plain", source: .extension, corrected: false),
    PolicyCase(sniffed: "application/x-empty", head: "", reported: nil, fileExtension: "doc", type: "application/x-empty", source: .content, corrected: false),
    PolicyCase(sniffed: "application/x-empty", head: "", reported: nil, fileExtension: nil, type: "application/x-empty", source: .content, corrected: false),
    PolicyCase(sniffed: "application/x-empty", head: "", reported: "application/pdf", fileExtension: nil, type: "application/pdf", source: .reported, corrected: false),
    // Reports.
    PolicyCase(sniffed: "application/octet-stream", head: "\u{1}", reported: "video/mp2t", fileExtension: nil, type: "video/mp2t", source: .reported, corrected: false),
    PolicyCase(sniffed: "application/octet-stream", head: "\u{1}", reported: "text/plain", fileExtension: nil, type: "application/octet-stream", source: .content, corrected: true),
    PolicyCase(sniffed: "image/jpeg", head: "\u{FF}", reported: "*/*", fileExtension: nil, type: "image/jpeg", source: .content, corrected: true),
    PolicyCase(sniffed: "image/jpeg", head: "\u{FF}", reported: "application/*", fileExtension: nil, type: "image/jpeg", source: .content, corrected: true),
    PolicyCase(sniffed: "image/jpeg", head: "\u{FF}", reported: "", fileExtension: nil, type: "image/jpeg", source: .content, corrected: true),
    PolicyCase(sniffed: "image/jpeg", head: "\u{FF}", reported: "image/png", fileExtension: nil, type: "image/jpeg", source: .content, corrected: true),
    // A specific answer the name's type is a kind of (freedesktop's sub-class-of), its signature there: the name refines it.
    PolicyCase(sniffed: "application/x-7z-compressed", head: "7z\u{BC}\u{AF}\u{27}\u{1C}\u{0}\u{4}", reported: nil, fileExtension: "cb7", type: "application/x-cb7", source: .extension, corrected: false),
    PolicyCase(sniffed: "application/x-mobipocket-ebook", head: String(repeating: "\u{0}", count: 60) + "BOOKMOBI", reported: nil, fileExtension: "azw3", type: "application/vnd.amazon.mobi8-ebook", source: .extension, corrected: false),
    // Not a kind of the answer, or not its signature: the bytes' answer stays.
    PolicyCase(sniffed: "image/jpeg", head: "\u{FF}\u{D8}\u{FF}", reported: nil, fileExtension: "cb7", type: "image/jpeg", source: .content, corrected: false),
    PolicyCase(sniffed: "application/x-7z-compressed", head: "PK\u{3}\u{4}", reported: nil, fileExtension: "cb7", type: "application/x-7z-compressed", source: .content, corrected: false),
  ]

  @Test(arguments: policyCases)
  func policy(_ row: PolicyCase) {
    let head = Array(row.head.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
    let report = Sniffer.ContentReport(
      sniffed: row.sniffed, size: head.count,
      name: Sniffer.nameChoice(row.fileExtension, content: row.sniffed, examined: row.examined) { head })
    let decision = TypePolicy.decide(report, reported: row.reported, trust: .content)
    #expect(decision.type == row.type)
    #expect(decision.source == row.source)
    #expect(decision.corrected == row.corrected)
  }
}

/// libmagic may write a note after the type (`file` prints it too); the type is what leads it.
@Suite struct LibmagicAnswerTests {
  @Test(arguments: [
    ("application/x-sharedlib, can't read elf program headers at 120", "application/x-sharedlib"),
    ("application/x-executable, bad note name size 0x0", "application/x-executable"),
    ("image/svg+xml", "image/svg+xml"),
    ("application/vnd.openxmlformats-officedocument.wordprocessingml.document", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    ("text/plain", "text/plain"),
    ("cannot open `x' (No such file or directory)", "application/octet-stream"),
    ("", "application/octet-stream"),
    ("application/", "application/octet-stream"),
  ])
  func theTypeLeadsTheAnswer(_ answer: String, _ type: String) {
    #expect(MagicCookie.mediaType(answer) == type)
  }

  /// An ELF cut short (the head of this test's own executable, made by the Swift toolchain):
  /// libmagic notes that it cannot read the program headers; the type stays a type.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/exe")))
  func aTruncatedExecutableHasAPlainType() throws {
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/exe"))
    defer { try? handle.close() }
    let executable = try handle.read(upToCount: 120) ?? Data()
    try #require(executable.starts(with: [0x7F, 0x45, 0x4C, 0x46]))
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("share-route-elf-\(UUID()).json").path
    try executable.write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let item = try Sniffer().item(path: path, reportedType: nil)
    #expect(["application/x-sharedlib", "application/x-executable", "application/x-pie-executable"].contains(item.type), "\(item.type)")
  }
}
