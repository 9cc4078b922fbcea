import Foundation
import Testing

/// `share-route sniff`, run as a user runs it.
@Suite struct SniffCLITests {
  static func records(_ stdout: String) throws -> [[String: Any]] {
    try stdout.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  @Test func textIsOneAlignedLinePerFile() throws {
    let result = try CLI.run(["sniff", "samples/fixtures/a.wma", "samples/fixtures/semicolon.csv", "samples/photo.jpg"])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    // Columns: path, type, kind, type source, reason; each as wide as its widest cell, two spaces apart.
    let path = { (text: String) in text.padding(toLength: 32, withPad: " ", startingAt: 0) }
    #expect(lines[0].hasPrefix(path("samples/fixtures/a.wma") + "audio/x-ms-wma  audio  content  libmagic said video/x-ms-asf; "))
    #expect(lines[1].hasPrefix(path("samples/fixtures/semicolon.csv") + "text/csv        file   content  libmagic said text/plain; "))
    #expect(lines[2] == path("samples/photo.jpg") + "image/jpeg      image  content")
  }

  @Test func jsonIsOneObjectPerLineWithProvenance() throws {
    let result = try CLI.run([
      "sniff", "--format", "json", "--reported-type", "text/plain", "samples/fixtures/reordered.epub",
    ])
    #expect(result.status == 0)
    let records = try Self.records(result.stdout)
    #expect(records.count == 1)
    let record = try #require(records.first)
    #expect(
      Array(record.keys).sorted()
        == ["corrected", "error", "kind", "path", "reason", "reportedType", "schemaVersion", "sniffedType", "type", "typeSource", "uti"])
    #expect(record["path"] as? String == "samples/fixtures/reordered.epub")
    #expect(record["type"] as? String == "application/epub+zip")
    #expect(record["sniffedType"] as? String == "application/zip")
    #expect(record["reportedType"] as? String == "text/plain")
    #expect(record["typeSource"] as? String == "content")
    #expect(record["corrected"] as? Bool == true)
    #expect(record["kind"] as? String == "file")
    #expect(record["uti"] as? String == "org.idpf.epub-container")
    #expect((record["reason"] as? String)?.hasPrefix("reported text/plain, content is application/epub+zip (") == true)
    #expect(record["error"] is NSNull)
  }

  /// A directory stands for the regular files below it, sorted, as `matrix` walks one: hidden
  /// entries, links and build folders left out; the same through the parser and without it.
  @Test func aDirectoryStandsForItsFiles() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("share-route-walk-\(UUID())").path
    for folder in ["b", "node_modules", ".hidden"] {
      try FileManager.default.createDirectory(atPath: directory + "/" + folder, withIntermediateDirectories: true)
    }
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for (sample, name) in [("photo.jpg", "z.jpg"), ("report.pdf", "b/a.pdf"), ("song.mp3", "node_modules/x.mp3"), ("photo.png", ".hidden/y.png"), ("notes.txt", ".n.txt")] {
      try FileManager.default.copyItem(atPath: CLI.root + "/samples/" + sample, toPath: directory + "/" + name)
    }
    #expect(symlink(CLI.root + "/samples/cat.png", directory + "/link.png") == 0)
    let expected = """
      \(directory)/b/a.pdf  application/pdf  file   content
      \(directory)/z.jpg    image/jpeg       image  content

      """
    for arguments in [["sniff", directory], ["sniff", "--format", "text", directory]] {
      let result = try CLI.run(arguments)
      #expect(result.status == 0)
      #expect(result.stdout == expected)
      #expect(result.stderr == "")
    }
  }

  /// Unreadable paths are error records in place; the other files are still sniffed; exit 66.
  @Test func unreadablePathsAreErrorRecordsAndTheRestIsSniffed() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("share-route-sniff-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(mkfifo(directory + "/fifo", 0o600) == 0)
    #expect(symlink(directory + "/nowhere", directory + "/dangling") == 0)
    #expect(symlink(CLI.root + "/samples/fixtures/a.aac", directory + "/link.aac") == 0)
    let paths = [directory + "/fifo", directory + "/dangling", directory, "/dev/zero", directory + "/link.aac"]
    let result = try CLI.run(["sniff", "--json"] + paths)
    #expect(result.status == 66)
    let records = try Self.records(result.stdout)
    // The directory stands for its regular files: it has none (a FIFO and links are left out).
    #expect(records.map { $0["path"] as? String } == paths.filter { $0 != directory })
    let codes = records.map { ($0["error"] as? [String: Any])?["code"] as? String }
    #expect(codes == ["not-regular-file", "dangling-symlink", "not-regular-file", nil])
    #expect(records.last?["type"] as? String == "audio/aac")
    let message = (records[1]["error"] as? [String: Any])?["message"] as? String
    #expect(message == directory + "/dangling: dangling symbolic link (its target does not exist, or the links loop)")
  }

  @Test func reportedTypesCountMustMatch() throws {
    let result = try CLI.run(["sniff", "--reported-type", "a/b", "--reported-type", "c/d", "samples/photo.jpg"])
    #expect(result.status == 64)
    #expect(
      result.stderr == """
        share-route: error: --reported-type was given 2 times for 1 file (give it once for all files, or once per file)
        Usage: share-route sniff [<paths> ...] [--jobs <jobs>] [--progress] [--no-progress] [--files-from <file> ...] [--null] [--reported-type <reported-type> ...] [--trust <trust>] [--format <format>] [--json] [--explain]
          See 'share-route sniff --help' for more information.

        """)
    #expect(result.stdout == "")
  }

  /// A name that is not UTF-8 still opens the right file (the command line's own bytes are
  /// used); the payload's source percent-encodes those bytes exactly.
  @Test func aNameThatIsNotUTF8IsStillSniffed() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("share-route-bytes-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let script = """
      cd "$1" && cp "$2" "$(printf 'bad\\377.jpg')" && "$3" --json "$(printf 'bad\\377.jpg')"
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, "sh", directory, CLI.root + "/samples/photo.jpg", CLI.binary.path]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = Pipe()
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let route = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let share = try #require((route["items"] as? [[String: Any]])?.first?["share"] as? [String: Any])
    #expect(share["type"] as? String == "image/jpeg")
    #expect((share["source"] as? String)?.hasSuffix("/bad%FF.jpg") == true)
    #expect(share["name"] as? String == "bad\u{FFFD}.jpg")
  }

  /// `--explain` shows every step of a decision: libmagic's answer, the detector, the name (used,
  /// not used and why, or not asked), the report, the result.
  @Test func explainShowsEveryStep() throws {
    let result = try CLI.run(["sniff", "--explain", "samples/fixtures/v.wmv", "samples/scan.txt", "samples/signatures/words.kml"])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        samples/fixtures/v.wmv  video/x-ms-wmv  movie  extension  content is video/x-ms-asf; the extension .wmv decided video/x-ms-wmv
          libmagic said video/x-ms-asf
          no detector changed it
          name: content is video/x-ms-asf; the extension .wmv decided video/x-ms-wmv
          result: video/x-ms-wmv, from extension
        samples/scan.txt  application/pdf  file  content
          libmagic's answer, from the first bytes without libmagic: application/pdf
          no detector changed it
          name not asked: the content answer is specific, and a name only breaks a tie (.txt was not read)
          result: application/pdf, from content
        samples/signatures/words.kml  text/plain  file  content
          libmagic said text/plain
          no detector changed it
          name not used: the extension .kml names application/vnd.google-earth.kml+xml, which the content (text/plain) is not
          result: text/plain, from content

        """)
    let json = try CLI.run(["sniff", "--json", "--explain", "--reported-type", "text/plain", "samples/fixtures/reordered.epub"])
    let record = try #require(try Self.records(json.stdout).first)
    let explain = try #require(record["explain"] as? [String: Any])
    #expect(explain["libmagic"] as? String == "application/zip")
    #expect(explain["withoutLibmagic"] as? Bool == false)
    #expect((explain["detector"] as? [String: Any])?["name"] as? String == "zip-container")
    #expect(explain["name"] is NSNull)
  }
}
