import Foundation
import Testing

@testable import ShareSniffing

/// The one rule for names (`NameRule`), held on every real file of the repository: the samples,
/// the fixtures and the signature set.
@Suite struct NameRuleTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  /// Every sample, fixture and signature file.
  static let files: [String] = ["samples", "samples/fixtures", "samples/signatures"].flatMap { folder in
    ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []).sorted()
      .map { folder + "/" + $0 }
      .filter { path in
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory) && !isDirectory.boolValue
          && !path.hasSuffix(".tsv") && !path.hasSuffix(".sh") && !path.hasSuffix(".yaml")
      }
  }

  /// A copy of a file under another name, in a folder of its own.
  static func copy(_ path: String, as name: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("share-route-names-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let copy = directory + "/" + name
    try FileManager.default.copyItem(atPath: root + "/" + path, toPath: copy)
    return copy
  }

  /// What the bytes alone say: the refinement, else libmagic's answer.
  static func contentAnswer(_ report: Sniffer.ContentReport) -> String {
    report.refinement.map { TypePolicy.canonical($0.type) } ?? report.sniffed
  }

  /// Renamed to a bare name, every file gets what its bytes said under its own name: a name
  /// never changes what the content found, it only breaks a tie the content left.
  @Test(arguments: files)
  func aBareNameKeepsTheContentAnswer(_ path: String) throws {
    let sniffer = try Sniffer()
    let named = try sniffer.content(path: Self.root + "/" + path)
    let bare = try Self.copy(path, as: "shared-file")
    defer { try? FileManager.default.removeItem(atPath: (bare as NSString).deletingLastPathComponent) }
    let item = try sniffer.item(path: bare, reportedType: nil)
    #expect(item.type == Self.contentAnswer(named))
    #expect(item.typeSource == .content)
  }

  /// Extensions that name formats with a signature, a container or a structure.
  static let wrongExtensions = [
    "pdf", "png", "docx", "key", "mdb", "wad", "crt", "mod", "7z", "sqlite3", "ttf", "mp4", "eml", "vtt", "kml",
    "json", "xml", "html", "vcf", "ics", "rtf", "ps", "eps", "gpx", "svg",
  ]

  /// A text type with a fixed header (PostScript's `%!`, EPS's `EPSF`, RTF's `{\rtf`) is never
  /// the name's answer without that header, and an answer found by that header is no guess a
  /// name may overrule: EPS stays EPS under a text name, PostScript stays PostScript as `.eps`.
  @Test(arguments: [
    ("samples/fixtures/cairo.eps", "csv"), ("samples/fixtures/cairo.eps", "py"), ("samples/fixtures/cairo.eps", "txt"),
    ("samples/fixtures/cairo.eps", "rtf"), ("samples/fixtures/cairo.eps", "ps"), ("samples/fixtures/cairo.ps", "eps"),
    ("samples/fixtures/prose.txt", "eps"), ("samples/fixtures/prose.txt", "ps"), ("samples/fixtures/prose.txt", "rtf"),
    ("samples/notes.txt", "eps"), ("samples/fixtures/a.c", "rtf"),
  ])
  func aHeaderTypeNeedsItsHeader(_ path: String, _ ext: String) throws {
    let sniffer = try Sniffer()
    let bare = try Self.copy(path, as: "shared-file")
    defer { try? FileManager.default.removeItem(atPath: (bare as NSString).deletingLastPathComponent) }
    let truth = try sniffer.item(path: bare, reportedType: nil).type
    let renamed = (bare as NSString).deletingLastPathComponent + "/shared-file." + ext
    try FileManager.default.copyItem(atPath: bare, toPath: renamed)
    let item = try sniffer.item(path: renamed, reportedType: nil)
    #expect(item.type == truth, "\(path) named .\(ext): \(item.reason ?? "")")
    #expect(item.typeSource == .content)
  }

  /// Where a name does choose, copied under it:
  /// - an iWork package cut to its head (a ZIP whose first member is `Index/Document.iwa`) is one
  ///   only a name tells the app of: each app's extension chooses it, another extension nothing; a
  ///   whole package is read (Keynote's slides, the document's root object), whatever its name;
  /// - a specific answer the name's type is a kind of (freedesktop's sub-class-of) is refined when
  ///   the bytes hold the type's signature: a Word file cut short named `.dot` is a Word template
  ///   (a whole one says whether it is), a 7-Zip archive named `.cb7` a comic book archive; named
  ///   for a kind of something else, it stays.
  @Test(arguments: [
    ("samples/signatures/iwork-head.bin", "key", "application/vnd.apple.keynote"),
    ("samples/signatures/iwork-head.bin", "numbers", "application/vnd.apple.numbers"),
    ("samples/signatures/iwork-head.bin", "pages", "application/vnd.apple.pages"),
    ("samples/signatures/iwork-head.bin", "docx", "application/zip"),
    ("samples/signatures/iwork-head.bin", "epub", "application/zip"),
    ("samples/signatures/plan.numbers", "key", "application/vnd.apple.numbers"),
    ("samples/signatures/plan.numbers", "pages", "application/vnd.apple.numbers"),
    ("samples/signatures/memo.pages", "numbers", "application/vnd.apple.pages"),
    ("samples/signatures/talk.key", "numbers", "application/vnd.apple.keynote"),
    // A Word document whose File Information Block says it is none stays a document; one cut
    // before that block is a template by its name; a template named .doc stays one.
    ("samples/signatures/report.doc", "dot", "application/msword"),
    ("samples/signatures/report-cut2048.doc", "dot", "application/msword-template"),
    ("samples/signatures/minutes-template", "doc", "application/msword-template"),
    // A Mobipocket book's header says its version: named .azw3 it stays Mobipocket; KF8 named .mobi stays KF8.
    ("samples/signatures/poem-mobi6", "azw3", "application/x-mobipocket-ebook"),
    ("samples/signatures/poem-kf8", "mobi", "application/vnd.amazon.mobi8-ebook"),
    ("samples/signatures/notes.7z", "cb7", "application/x-cb7"),
    ("samples/signatures/notes.7z", "cbr", "application/x-7z-compressed"),
    ("samples/signatures/sheet.xls", "dot", "application/vnd.ms-excel"),
  ])
  func theNameChoosesWhereItMay(_ path: String, _ ext: String, _ type: String) throws {
    let copy = try Self.copy(path, as: "shared-file." + ext)
    defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
    let item = try Sniffer().item(path: copy, reportedType: nil)
    #expect(item.type == type, "\(path) named .\(ext): \(item.reason ?? "")")
  }

  /// Under a wrong name, every file keeps the answer of its bare bytes: the answer never follows
  /// a name against the bytes.
  @Test(arguments: files)
  func aWrongNameNeverWinsOverTheBytes(_ path: String) throws {
    let sniffer = try Sniffer()
    let bare = try Self.copy(path, as: "shared-file")
    defer { try? FileManager.default.removeItem(atPath: (bare as NSString).deletingLastPathComponent) }
    let truth = try sniffer.item(path: bare, reportedType: nil).type
    for ext in Self.wrongExtensions {
      // A file of that very format (or a kind of it, of the same kind: a script is a kind of
      // executable to freedesktop, but no binary is a script) is no wrong name.
      let named = NameRule.candidates(ext)
      if named.contains(where: {
        $0 == truth || NameRule.isKind(truth, of: $0)
          || NameRule.isKind($0, of: truth) && TypePolicy.isTextType($0) == TypePolicy.isTextType(truth)
      }) { continue }
      let renamed = (bare as NSString).deletingLastPathComponent + "/shared-file." + ext
      try FileManager.default.copyItem(atPath: bare, toPath: renamed)
      let item = try sniffer.item(path: renamed, reportedType: nil)
      #expect(item.type == truth, "\(path) named .\(ext): \(item.reason ?? "")")
    }
  }
}
