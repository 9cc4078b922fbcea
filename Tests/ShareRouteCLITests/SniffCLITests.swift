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
    #expect(records.map { $0["path"] as? String } == paths)
    let codes = records.map { ($0["error"] as? [String: Any])?["code"] as? String }
    #expect(codes == ["not-regular-file", "dangling-symlink", "not-regular-file", "not-regular-file", nil])
    #expect(records.last?["type"] as? String == "audio/aac")
    let message = (records[1]["error"] as? [String: Any])?["message"] as? String
    #expect(message == directory + "/dangling: dangling symbolic link (its target does not exist, or the links loop)")
  }

  @Test func reportedTypesCountMustMatch() throws {
    let result = try CLI.run(["sniff", "--reported-type", "a/b", "--reported-type", "c/d", "samples/photo.jpg"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--reported-type was given 2 times for 1 file"))
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
}
