import Foundation
import Testing

/// Paths from lists: `-` (standard input), `--files-from FILE`, `-0` / `--null`.
@Suite struct PathListCLITests {
  static func scratch(_ bytes: [UInt8]) throws -> String {
    let path = NSTemporaryDirectory() + "path-list-\(UUID().uuidString)"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  static let paths = ["samples/photo.jpg", "samples/report.pdf", "samples/fixtures/a.csv", "samples/nope.jpg"]

  @Test("a list gives the same answer as the operands", arguments: [
    ("newlines", ["-"], Array(paths.joined(separator: "\n").utf8) + [0x0A]),
    ("CRLF and empty lines", ["-"], Array(("\r\n" + paths.joined(separator: "\r\n\r\n") + "\r\n").utf8)),
    ("no final newline", ["-"], Array(paths.joined(separator: "\n").utf8)),
    ("NUL", ["-0", "-"], Array(paths.joined(separator: "\u{0}").utf8) + [0]),
  ] as [(String, [String], [UInt8])])
  func sameAsOperands(name: String, arguments: [String], input: [UInt8]) throws {
    let list = try Self.scratch(input)
    defer { try? FileManager.default.removeItem(atPath: list) }
    // A list alone is streamed: its text rows are not aligned with each other, so JSON is compared.
    // A streamed list ends with its summary; empty entries are no paths.
    for (command, summary) in [
      (["sniff", "--json"], "sniff: 4 paths: 3 sniffed, 1 unreadable\n"),
      (["route", "--each", "--json"], "route --each: 4 paths: 3 routed, 1 unrouted (1 unreadable)\n"),
      (["route", "--each"], "route --each: 4 paths: 3 routed, 1 unrouted (1 unreadable)\n"),
    ] {
      let fromList = try CLI.run(command + arguments, stdin: list)
      let fromOperands = try CLI.run(command + Self.paths)
      #expect(fromList.stdout == fromOperands.stdout, "\(name) \(command)")
      #expect(fromList.stderr == fromOperands.stderr + summary)
      #expect(fromList.status == fromOperands.status)
      let fromFile = try CLI.run(command + arguments.filter { $0 != "-" } + ["--files-from", list])
      #expect(fromFile.stdout == fromOperands.stdout)
    }
  }

  @Test func aLineLongerThanAPathIsAnErrorNamingTheList() throws {
    let list = try Self.scratch(Array("samples/photo.jpg\n".utf8) + [UInt8](repeating: 0x61, count: 5000) + [0x0A])
    defer { try? FileManager.default.removeItem(atPath: list) }
    let result = try CLI.run(["sniff", "--files-from", list])
    #expect(result.status == 64)
    // Streamed: the path before is answered, then the run stops at the bad entry.
    #expect(result.stdout == "samples/photo.jpg  image/jpeg  image  content\n")
    #expect(result.stderr == "share-route: error: \(list): path 2: longer than 4096 bytes (is it a path list? use -0 for NUL-separated lists)\n")
    // Beside an operand the list is read whole first, and nothing is answered.
    let whole = try CLI.run(["sniff", "samples/report.pdf", "--files-from", list])
    #expect(whole.status == 64)
    #expect(whole.stdout.isEmpty)
  }

  @Test func aNonUTF8NameFromAListOpensTheRightFile() throws {
    let directory = NSTemporaryDirectory() + "path-list-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".pdf".utf8)  // Latin-1 é
    let path = Array(directory.utf8) + [0x2F] + name
    let pdf = try Data(contentsOf: URL(fileURLWithPath: CLI.root + "/samples/report.pdf"))
    let fd = open((path + [0]).map { CChar(bitPattern: $0) }, O_CREAT | O_WRONLY, 0o644)
    try #require(fd >= 0)
    _ = pdf.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    let list = try Self.scratch(path + [0])
    defer { try? FileManager.default.removeItem(atPath: list) }
    let result = try CLI.run(["sniff", "-0", "--files-from", list, "--json"])
    #expect(result.status == 0)
    #expect(
      result.stdout == #"{"schemaVersion":1,"path":"\#(directory)/caf\\xE9.pdf","type":"application/pdf","kind":"file","uti":"com.adobe.pdf","reportedType":null,"sniffedType":"application/pdf","typeSource":"content","corrected":false,"reason":null,"error":null}"#
        + "\n")
    #expect(result.stderr == "sniff: 1 path: 1 sniffed, 0 unreadable\n")
  }

  @Test func aMissingListIsAUsageError() throws {
    let result = try CLI.run(["sniff", "--files-from", "/nonexistent/list"])
    #expect(result.status == 64)
    #expect(
      result.stderr == """
        share-route: error: cannot read the path list '/nonexistent/list' (No such file or directory)
        Usage: share-route sniff [<paths> ...] [--jobs <jobs>] [--progress] [--no-progress] [--files-from <file> ...] [--null] [--reported-type <reported-type> ...] [--trust <trust>] [--format <format>] [--json] [--explain]
          See 'share-route sniff --help' for more information.

        """)
    #expect(result.stdout == "")
  }

  @Test("a device as a path list ends with an error, never hangs", arguments: [
    (["-0", "--files-from", "/dev/zero"], "/dev/zero: more than 2000000 empty entries in a row (is it a path list?)"),
    (["--files-from", "/dev/zero"], "/dev/zero: path 1: longer than 4096 bytes (is it a path list? use -0 for NUL-separated lists)"),
  ])
  func device(arguments: [String], message: String) throws {
    let result = try CLI.run(["sniff"] + arguments)
    #expect(result.status == 64)
    #expect(result.stderr == "share-route: error: \(message)\n")
    #expect(result.stdout == "")
  }
}
