import Foundation
import Testing

@testable import ShareSniffing

/// libmagic's specific answers are kept: on every sample, fixture and signature file, share-route's
/// content answer is libmagic's, a kind of it (freedesktop's sub-class-of, a structured suffix
/// such as `+xml`, a format share-route knows is built on it), or an answer libmagic gives only
/// generically (`text/plain`, unknown data, `text/troff` for a leading dot). The few places where
/// libmagic 5.44 names the wrong format are listed below, each with the detector that knows
/// better; any other change of family fails.
@Suite struct LibmagicKeptTests {
  /// libmagic's answer, share-route's, and why libmagic's is wrong for that file.
  static let knownWrong: [(libmagic: String, ours: String, why: String)] = [
    ("video/mp4", "audio/mp4", "iso-media: every track is sound (an M4A or M4P under a video brand)"),
    ("audio/mp4", "video/mp4", "iso-media: it has a video track (a PSP video under its MSNV brand)"),
    ("audio/x-mod", "audio/x-xm", "xm: libmagic names every tracker module audio/x-mod; the header names FastTracker 2's format"),
    ("audio/x-mod", "audio/x-it", "it: libmagic names every tracker module audio/x-mod; the header names Impulse Tracker's format"),
    ("application/zlib", "application/x-apple-diskimage", "dmg: a disk image starts with its first compressed chunk; its koly trailer names it"),
    ("application/gzip", "image/svg+xml", "svgz: the gzip stream holds an SVG document, which receivers take as SVG"),
    ("application/vnd.ms-excel", "application/vnd.ms-works", "compound-file: a Works spreadsheet's directory"),
    ("font/ttf", "font/collection", "ttc: ttcf is a collection of fonts"),
    ("text/x-c", "text/x-swift", "source-code: Swift's import, func and let lines, which libmagic's C rules take"),
    ("text/x-c", "text/x-go", "languages: Go's package/import and func lines, which libmagic's C rules take"),
    ("text/x-c", "text/rust", "languages: Rust's fn, use std:: and macro lines, which libmagic's C rules take"),
    ("text/x-c++", "text/x-kotlin", "languages: Kotlin's fun declarations, in a class block libmagic's C++ rules take"),
    ("text/x-c++", "text/x-scala", "languages: Scala's class, trait and typed def lines, which libmagic's C++ rules take"),
    ("text/x-java", "text/x-scala", "languages: Scala's imports, case classes and typed def lines; libmagic's Java rules take its main method"),
    ("image/jpeg", "image/jls", "jpeg-ls: the first frame is JPEG-LS (SOF55), which a JPEG decoder cannot read"),
    ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
     "application/vnd.openxmlformats-officedocument.spreadsheetml.template", "zip-container: the main part is a template's"),
    ("application/vnd.ms-visio.drawing.main+xml", "application/vnd.ms-visio.template.main+xml",
     "zip-container: libmagic names every Visio package a drawing; the main part is a template's"),
    ("application/vnd.ms-visio.drawing.main+xml", "application/vnd.ms-visio.stencil.main+xml",
     "zip-container: libmagic names every Visio package a drawing; the main part is a stencil's"),
  ]

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  static let files: [String] = ["samples", "samples/fixtures", "samples/signatures"].flatMap { folder in
    ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []).sorted().map { folder + "/" + $0 }
      .filter { path in
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory) && !isDirectory.boolValue
      }
  }

  /// Whether `type` keeps `libmagic`'s answer: the same, a kind of it, or a correction listed above.
  static func keeps(_ type: String, _ libmagic: String) -> Bool {
    // libmagic's generic answers, and its "some audio" (a Creative Voice File is audio/x-unknown).
    if type == libmagic || Signature.generic.contains(libmagic) || ["application/x-empty", "audio/x-unknown"].contains(libmagic) {
      return true
    }
    if NameRule.isKind(type, of: libmagic) { return true }
    // An XML dialect (told by its root element) is XML.
    if SharedMimeInfo.unaliased(libmagic) == "application/xml", TextFamilies.xmlDialects.contains(where: { $0.type == type }) {
      return true
    }
    // A structured suffix names the syntax it is built on (RFC 6839): +xml, +json, +zip.
    for (suffix, base) in [("+xml", "application/xml"), ("+json", "application/json"), ("+zip", "application/zip")]
    where type.hasSuffix(suffix) && SharedMimeInfo.unaliased(libmagic) == base {
      return true
    }
    return knownWrong.contains { $0.libmagic == libmagic && $0.ours == type }
  }

  /// libmagic's whole answer for a file: all its rules run on the descriptor, as `file` does (the
  /// sniffer's own answer may come from a shortcut that skips them).
  static func libmagic(_ path: String) throws -> String {
    let descriptor = open(path, O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    return TypePolicy.canonical(try MagicCookie().mimeType(descriptor: descriptor))
  }

  @Test(arguments: files)
  func libmagicsSpecificAnswerIsKept(_ path: String) throws {
    let report = try Sniffer().content(path: Self.root + "/" + path)
    let ours = report.refinement.map { TypePolicy.canonical($0.type) } ?? report.sniffed
    #expect(Self.keeps(ours, report.sniffed), "\(path): libmagic \(report.sniffed), share-route \(ours)")
    let whole = try Self.libmagic(Self.root + "/" + path)
    #expect(Self.keeps(ours, whole), "\(path): libmagic with all its rules \(whole), share-route \(ours)")
  }

  /// XML that libmagic's rules name (they run only on the descriptor path; share-route's text
  /// shortcut skips them), written as the tools write it: share-route gives the same type.
  @Test(arguments: [
    ("scene.dae", "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<COLLADA xmlns=\"http://www.collada.org/2005/11/COLLADASchema\" version=\"1.4.1\"><asset/></COLLADA>\n"),
    ("part.amf", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<amf unit=\"millimeter\" version=\"1.1\"><object id=\"0\"><mesh><vertices/></mesh></object></amf>\n"),
    ("3dmodel.model", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<model unit=\"millimeter\" xml:lang=\"en-US\" xmlns=\"http://schemas.microsoft.com/3dmanufacturing/core/2015/02\"><resources/><build/></model>\n"),
  ])
  func xmlThatLibmagicNamesKeepsItsName(_ name: String, _ text: String) throws {
    let directory = NSTemporaryDirectory() + "share-route-kept-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let whole = try Self.libmagic(path)
    #expect(whole != "application/xml" && whole != "text/xml" && whole != "text/plain", "\(whole)")
    #expect(try Sniffer().item(path: path, reportedType: nil).type == whole)
  }

  /// The check can fail: a parent or a sibling of libmagic's answer is not kept.
  @Test(arguments: [
    ("application/xml", "model/vnd.collada+xml"), ("video/mp4", "audio/mpeg"), ("application/x-sharedlib", "application/x-pie-executable"),
    ("text/plain", "image/x-eps"), ("application/zip", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
  ])
  func aParentOrASiblingIsNotKept(_ ours: String, _ libmagic: String) {
    #expect(!Self.keeps(ours, libmagic))
  }
}
