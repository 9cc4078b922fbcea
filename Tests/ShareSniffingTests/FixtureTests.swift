import Foundation
import ShareRouting
import Testing

@testable import ShareSniffing

let fixturesDirectory = samplesDirectory + "/fixtures"

/// The fixtures of samples/fixtures (made by samples/make-fixtures.sh with real tools) and what
/// share-route must find in each. `sniffed` is libmagic 5.44's answer, canonicalised; where it
/// differs from `type`, share-route's own refinement or the extension decided.
@Suite struct FixtureTests {
  static let fixtures: [SampleCase] = [
    .init("ID.csv", "text/csv", .file, "public.comma-separated-values-text"),
    .init("a.aac", "audio/aac", .audio, "public.aac-audio"),
    .init("a.apk", "application/vnd.android.package-archive", .file, "public.data"),
    .init("a.c", "text/x-c", .file, "public.c-source"),
    .init("a.css", "text/css", sniffed: "text/plain", .file, "public.css"),
    .init("a.csv", "text/csv", .file, "public.comma-separated-values-text"),
    .init("a.epub", "application/epub+zip", .file, "org.idpf.epub-container"),
    .init("a.flac", "audio/flac", .audio, "org.xiph.flac"),
    .init("a.ics", "text/calendar", .file, "com.apple.ical.ics"),
    .init("a.ipa", "application/x-ios-app", .file, "public.data"),
    .init("a.jar", "application/java-archive", sniffed: "application/zip", .file, "public.data"),
    .init("a.js", "text/javascript", .file, "com.netscape.javascript-source"),
    .init("a.json", "application/json", .file, "public.json"),
    .init("a.m4a", "audio/mp4", .audio, "public.mpeg-4-audio"),
    .init("a.md", "text/markdown", sniffed: "text/plain", .file, "net.daringfireball.markdown"),
    .init("a.mp3", "audio/mpeg", .audio, "public.mp3"),
    .init("a.odt", "application/vnd.oasis.opendocument.text", .file, "org.oasis-open.opendocument.text"),
    // freedesktop's content rules name the codec libmagic leaves out.
    .init("a.ogg", "audio/x-vorbis+ogg", sniffed: "audio/ogg", .audio, "public.data"),
    .init("a.py", "text/x-python", .file, "public.python-script"),
    .init("a.sh", "text/x-shellscript", .file, "public.shell-script"),
    .init("a.swift", "text/x-swift", sniffed: "text/x-c", .file, "public.swift-source"),
    .init("a.tar.gz", "application/gzip", .file, "org.gnu.gnu-zip-archive"),
    .init("a.toml", "application/toml", sniffed: "text/plain", .file, "public.data"),
    .init("a.tsv", "text/tab-separated-values", sniffed: "text/plain", .file, "public.tab-separated-values-text"),
    .init("a.vcf", "text/vcard", .file, "public.vcard"),
    .init("a.wma", "audio/x-ms-wma", sniffed: "video/x-ms-asf", .audio, "com.microsoft.windows-media-wma"),
    // Text formats that declare themselves: a PlantUML diagram, a proxy auto-config script, and an
    // SPDX document in tag-value form (spdx-tools wrote it).
    .init("share.puml", "text/vnd.plantuml", sniffed: "text/plain", .file, "public.plain-text"),
    .init("proxy.pac", "application/x-ns-proxy-autoconfig", sniffed: "text/plain", .file, "public.data"),
    .init("sbom.spdx", "text/spdx", sniffed: "text/plain", .file, "public.plain-text"),
    // pycollada's scene has no XML declaration: libmagic says text; its root names the format.
    .init("triangle.dae", "model/vnd.collada+xml", sniffed: "text/plain", .file, "public.xml"),
    // openpyxl's template: the main part's type in [Content_Types].xml says so; libmagic says workbook.
    .init("a.xltx", "application/vnd.openxmlformats-officedocument.spreadsheetml.template",
          sniffed: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", .file, "public.data"),
    .init("a.xhtml", "application/xhtml+xml", sniffed: "application/xml", .file, "public.xhtml"),
    .init("a.xml", "application/xml", .file, "public.xml"),
    .init("a.yaml", "application/yaml", sniffed: "text/plain", .file, "public.yaml"),
    .init("a.zip", "application/zip", .file, "public.zip-archive"),
    .init("anim.gif", "image/gif", .image, "com.compuserve.gif"),
    .init("audio-only.mp4", "audio/mp4", sniffed: "video/mp4", .audio, "public.mpeg-4-audio"),
    .init("b.caf", "audio/x-caf", sniffed: "application/octet-stream", .audio, "com.apple.coreaudio-format"),
    // freedesktop's header rule (EPSF) names the PostScript libmagic leaves generic; cairo wrote both.
    .init("cairo.eps", "image/x-eps", sniffed: "application/postscript", .image, "public.data"),
    .init("cairo.ps", "application/postscript", .file, "public.data"),
    .init("cls.py", "text/x-python", .file, "public.python-script"),
    .init("comment.svg", "image/svg+xml", sniffed: "text/plain", .image, "public.svg-image"),
    .init("compose.yml", "application/yaml", sniffed: "text/plain", .file, "public.yaml"),
    .init("cover.mp3", "audio/mpeg", .audio, "public.mp3"),
    .init("crlf-before.pdf", "application/pdf", sniffed: "application/octet-stream", .file, "com.adobe.pdf"),
    .init("doc.yaml", "application/yaml", sniffed: "text/plain", .file, "public.yaml"),
    .init("docx-last-types.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", sniffed: "application/octet-stream", .file, "org.openxmlformats.wordprocessingml.document"),
    .init("dom.js", "text/javascript", sniffed: "text/plain", .file, "com.netscape.javascript-source"),
    .init("empty.txt", "text/plain", sniffed: "application/x-empty", .file, "public.plain-text", .extension),
    .init("favicon.ico", "image/vnd.microsoft.icon", .image, "com.microsoft.ico"),
    .init("feed.atom", "application/atom+xml", sniffed: "application/xml", .file, "public.xml"),
    .init("feed.rss", "application/rss+xml", sniffed: "application/xml", .file, "public.xml"),
    .init("fragment.html", "text/html", sniffed: "text/plain", .file, "public.html"),
    .init("heic-named.jpg", "image/heic", .image, "public.heic"),
    .init("img.avif", "image/avif", .image, "public.avif"),
    .init("img.bmp", "image/bmp", .image, "com.microsoft.bmp"),
    .init("img.heic", "image/heic", .image, "public.heic"),
    .init("img.tiff", "image/tiff", .image, "public.tiff"),
    .init("img0.jpg", "image/jpeg", .image, "public.jpeg"),
    .init("img0.png", "image/png", .image, "public.png"),
    .init("img0.webp", "image/webp", .image, "org.webmproject.webp"),
    .init("inkscape.svg", "image/svg+xml", .image, "public.svg-image"),
    .init("jpeg-named.png", "image/jpeg", .image, "public.jpeg"),
    .init("list.txt", "text/plain", .file, "public.plain-text"),
    .init("media.css", "text/css", sniffed: "text/plain", .file, "public.css"),
    .init("mimetype-last.odt", "application/vnd.oasis.opendocument.text", sniffed: "application/zip", .file, "org.oasis-open.opendocument.text"),
    .init("mov-named.mp4", "video/quicktime", .movie, "com.apple.quicktime-movie"),
    .init("nodecl.xml", "application/xml", sniffed: "text/plain", .file, "public.xml"),
    .init("nodoctype.html", "text/html", .file, "public.html"),
    .init("noimport.swift", "text/x-swift", sniffed: "text/plain", .file, "public.swift-source"),
    .init("notes-colon.txt", "text/plain", .file, "public.plain-text"),
    .init("one-byte.bin", "application/octet-stream", .file, "public.data"),
    .init("page.html", "text/html", .file, "public.html"),
    .init("pdf-named.txt", "application/pdf", .file, "com.adobe.pdf"),
    .init("plain.svgz", "image/svg+xml", sniffed: "application/gzip", .image, "public.svg-image"),
    .init("pretty.json", "application/json", .file, "public.json"),
    .init("prose-commas.txt", "text/plain", .file, "public.plain-text"),
    .init("prose.txt", "text/plain", .file, "public.plain-text"),
    .init("query.sql", "application/sql", sniffed: "text/plain", .file, "public.data"),
    .init("quoted.csv", "text/csv", .file, "public.comma-separated-values-text"),
    .init("readme.md", "text/markdown", sniffed: "text/plain", .file, "net.daringfireball.markdown"),
    .init("reordered.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", .file, "org.openxmlformats.wordprocessingml.document"),
    .init("reordered.epub", "application/epub+zip", sniffed: "application/zip", .file, "org.idpf.epub-container"),
    .init("reordered.pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation", .file, "org.openxmlformats.presentationml.presentation"),
    .init("reordered.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", .file, "org.openxmlformats.spreadsheetml.sheet"),
    .init("schema.sql", "application/sql", sniffed: "text/plain", .file, "public.data"),
    .init("semicolon.csv", "text/csv", sniffed: "text/plain", .file, "public.comma-separated-values-text"),
    .init("soi.jpg", "image/jpeg", sniffed: "text/plain", .image, "public.jpeg"),
    .init("starts-mz.txt", "text/plain", .file, "public.plain-text"),
    .init("starts-pk.txt", "text/plain", .file, "public.plain-text"),
    .init("table.md", "text/markdown", sniffed: "text/plain", .file, "net.daringfireball.markdown"),
    .init("v.m2ts", "video/mp2t", sniffed: "application/octet-stream", .movie, "public.mpeg-2-transport-stream"),
    .init("v.mkv", "video/x-matroska", .movie, "public.data"),
    .init("v.mp4", "video/mp4", .movie, "public.mpeg-4"),
    .init("v.ts", "video/mp2t", sniffed: "application/octet-stream", .movie, "public.mpeg-2-transport-stream"),
    .init("v.webm", "video/webm", .movie, "public.data"),
    // Only the name tells WMV video from other ASF video: ASF is a container the name may refine.
    .init("v.wmv", "video/x-ms-wmv", sniffed: "video/x-ms-asf", .movie, "com.microsoft.windows-media-wmv", .extension),
    .init("webp-named.jpg", "image/webp", .image, "org.webmproject.webp"),
    // One byte of text: too few for libmagic, not for share-route's short-text detector.
    .init("x.txt", "text/plain", sniffed: "application/octet-stream", .file, "public.plain-text"),
    .init("zip-named.docx", "application/zip", .file, "public.zip-archive"),
    .init("zip-named.epub", "application/zip", .file, "public.zip-archive"),
  ]

  /// Types whose content is text: a text/plain report on them may be right.
  static let textTypes: Set<String> = [
    "application/json", "application/xml", "application/yaml", "application/toml", "application/sql",
    "application/rss+xml", "application/atom+xml", "application/xhtml+xml", "image/svg+xml",
  ]

  static func isText(_ row: SampleCase) -> Bool {
    row.type.hasPrefix("text/") || textTypes.contains(row.type)
  }

  /// Each fixture's type, and libmagic's full answer (`row.sniffed`, its weak spots written
  /// down) from a sniffer that always runs libmagic's full pass; the default sniffer, which may
  /// leave libmagic's soft magic out for text (``TextFirst``), decides the same type the same way.
  @Test(arguments: fixtures)
  func eachFixtureHasItsType(_ row: SampleCase) throws {
    let item = try Sniffer().item(path: fixturesDirectory + "/" + row.file, reportedType: nil)
    let full = try Sniffer(textFirst: false).item(path: fixturesDirectory + "/" + row.file, reportedType: nil)
    #expect(item.type == row.type)
    #expect(item.share.type == row.type)
    #expect(full.sniffedType == row.sniffed)
    #expect(item.sniffedType == row.sniffed || item.sniffedType == TextFirst.textAnswer)
    #expect(full.type == row.type)
    #expect(item.kind == row.kind)
    #expect(item.uti == row.uti)
    #expect(item.typeSource == row.source)
    #expect(full.typeSource == row.source)
    #expect(item.reportedType == nil)
    #expect(!item.corrected)
    if row.source == .content && row.sniffed != row.type {
      #expect(full.reason?.hasPrefix("libmagic said \(row.sniffed); ") == true, "\(full.reason ?? "no reason")")
      #expect(full.reason?.hasSuffix(")") == true && full.reason?.contains("(detector ") == true)
    }
  }

  /// The iOS bug: every binary file reported as text/plain gets its content type back.
  @Test(arguments: fixtures.filter { !isText($0) })
  func binaryReportedAsTextPlainIsCorrected(_ row: SampleCase) throws {
    let item = try Sniffer().item(path: fixturesDirectory + "/" + row.file, reportedType: "text/plain")
    #expect(item.type == row.type)
    #expect(item.corrected)
    #expect(item.reportedType == "text/plain")
    #expect(item.reason?.hasPrefix("reported text/plain, content is \(row.type)") == true, "\(item.reason ?? "")")
  }

  /// Plain prose reported as text/plain is left alone.
  @Test(arguments: fixtures.filter { $0.type == "text/plain" })
  func plainTextReportedAsTextPlainIsKept(_ row: SampleCase) throws {
    let item = try Sniffer().item(path: fixturesDirectory + "/" + row.file, reportedType: "text/plain")
    #expect(item.type == "text/plain")
    #expect(!item.corrected)
  }

  /// Text families the content names (CSV, Markdown, YAML, …) reported as text/plain are
  /// corrected: that is the lie react-native-share-menu tells for CSVs.
  @Test(arguments: fixtures.filter { isText($0) && $0.type != "text/plain" && $0.source == .content })
  func textFamilyReportedAsTextPlainIsCorrected(_ row: SampleCase) throws {
    let item = try Sniffer().item(path: fixturesDirectory + "/" + row.file, reportedType: "text/plain")
    #expect(item.type == row.type)
    #expect(item.corrected)
  }

  @Test(arguments: [
    // file, reported, expected type, source, corrected
    ("a.epub", "application/epub+zip", "application/epub+zip", TypeSource.content, false),
    ("reordered.epub", "application/epub+zip", "application/epub+zip", .content, false),
    ("zip-named.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
     "application/zip", .content, true),  // a ZIP is never upgraded by a claim or a name
    ("prose.txt", "text/csv", "text/csv", .reported, false),  // more specific, text allows it
    ("prose.txt", "image/jpeg", "text/plain", .content, true),
    ("a.m4a", "audio/x-m4a", "audio/mp4", .content, false),  // an alias is not a correction
    ("a.wma", "*/*", "audio/x-ms-wma", .content, true),
    ("a.wma", "application/*", "audio/x-ms-wma", .content, true),
    ("a.wma", "video/x-ms-asf", "audio/x-ms-wma", .content, true),  // WMA is audio, not a movie
    ("a.aac", "audio/x-hx-aac-adts", "audio/aac", .content, false),
    ("plain.svgz", "application/gzip", "image/svg+xml", .content, true),
    ("one-byte.bin", "application/x-foo", "application/x-foo", .reported, false),  // unknown bytes allow any binary type
  ] as [(String, String, String, TypeSource, Bool)])
  func reportedTypePolicy(_ file: String, _ reported: String, _ type: String, _ source: TypeSource, _ corrected: Bool)
    throws
  {
    // A fixture that is missing fails the row (it is not a case of its own: see the next test).
    try #require(FileManager.default.fileExists(atPath: fixturesDirectory + "/" + file), "missing fixture \(file)")
    let item = try Sniffer().item(path: fixturesDirectory + "/" + file, reportedType: reported)
    #expect(item.type == type)
    #expect(item.typeSource == source)
    #expect(item.corrected == corrected)
  }

  /// A file that is not there is missing whatever the sender reported.
  @Test(arguments: ["", "audio/x-wav", "*/*"])
  func aMissingFileIsMissingWhateverItsReport(_ reported: String) {
    #expect(throws: SniffError.missing) {
      try Sniffer().item(path: fixturesDirectory + "/a.wav.missing", reportedType: reported.isEmpty ? nil : reported)
    }
  }

  /// A 10 GB sparse file: bounded reads, so milliseconds and flat memory, not 10 GB of I/O.
  @Test func hugeSparseFileIsSniffedFromItsHeadAndTail() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("share-route-sparse-\(UUID()).ts").path
    try FileManager.default.copyItem(atPath: fixturesDirectory + "/v.ts", toPath: path)
    defer { unlink(path) }
    // The real MPEG-TS head, then 10 GB of holes.
    #expect(truncate(path, 10_000_000_000) == 0)
    let clock = ContinuousClock()
    let started = clock.now
    let item = try Sniffer().item(path: path, reportedType: nil)
    #expect(item.type == "video/mp2t")
    #expect(clock.now - started < .seconds(5))  // a full read would take minutes
  }
}
