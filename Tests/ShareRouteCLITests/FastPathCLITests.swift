import Foundation
import Testing

@testable import share_route

/// The common command lines run without the parser (`FastPath`); their output, errors and exit
/// status are those of the same command through the parser.
@Suite struct FastPathCLITests {
  static let shares: [[String]] = [
    ["samples/photo.jpg"],
    ["samples/photo.jpg", "samples/report.pdf", "samples/song.mp3"],
    ["samples/nope.jpg"],
    ["samples/fixtures"],
    ["/dev/null", "samples/photo.png"],
    ["samples/fixtures/pdf-named.txt"],
  ]

  @Test("share-route FILE... is route through the parser", arguments: shares)
  func route(paths: [String]) throws {
    let fast = try CLI.run(paths)
    let parsed = try CLI.run(["route", "--format", "text"] + paths)
    let named = try CLI.run(["route"] + paths)
    for other in [parsed, named] {
      #expect(fast.stdout == other.stdout)
      #expect(fast.stderr == other.stderr)
      #expect(fast.status == other.status)
    }
  }

  @Test("share-route sniff FILE... is sniff through the parser", arguments: shares)
  func sniff(paths: [String]) throws {
    let fast = try CLI.run(["sniff"] + paths)
    let parsed = try CLI.run(["sniff", "--format", "text"] + paths)
    #expect(fast.stdout == parsed.stdout)
    #expect(fast.stderr == parsed.stderr)
    #expect(fast.status == parsed.status)
  }

  @Test("which command lines take the fast path", arguments: [
    (["photo.jpg"], FastPath.Plan.route(["photo.jpg"])),
    (["route", "a", "b"], .route(["a", "b"])),
    (["sniff", "a"], .sniff(["a"])),
    (["--version"], .version(json: false)), (["--version", "--json"], .version(json: true)),
    (["--json", "--version"], .version(json: true)),
    ([], nil), (["route"], nil), (["sniff"], nil), (["help"], nil), (["lint", "x"], nil), (["check"], nil),
    (["batch"], nil), (["query"], nil), (["a.jpg", "--explain"], nil), (["-"], nil), (["--", "a"], nil),
    (["--version", "a"], nil), (["a", "-x"], nil),
  ] as [([String], FastPath.Plan?)])
  func plans(arguments: [String], plan: FastPath.Plan?) {
    #expect(FastPath.plan(arguments) == plan)
  }

  @Test func theSubcommandsAreTheRootCommandsOwn() {
    #expect(FastPath.subcommands == ShareRoute.configuration.subcommands.map { $0.configuration.commandName ?? "" })
  }

  @Test func versionIsTheParsersVersion() throws {
    let result = try CLI.run(["--version"])
    #expect(result.stdout == ShareRoute.configuration.version + "\n")
    // share-route's version, then the libmagic it runs on (as `file --version` numbers it) and
    // the database it loads, a file that is there.
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let file = try CLI.launch(URL(fileURLWithPath: "/usr/bin/file"), ["--version"])
    let libmagic = file.stdout.split(separator: "\n").first.map { String($0.dropFirst("file-".count)) } ?? "?"
    #expect(lines.count == 2)
    #expect(lines.first == "share-route " + VersionReport.version)
    let prefix = "libmagic \(libmagic), database "
    #expect(lines.last?.hasPrefix(prefix) == true, "\(lines)")
    let database = String(lines.last?.dropFirst(prefix.count) ?? "")
    #expect(FileManager.default.fileExists(atPath: database), "\(database)")
  }

  @Test("a misspelt subcommand is a usage error with a suggestion", arguments: [
    ("snif", "sniff"), ("rout", "route"), ("chek", "check"), ("qeury", "query"), ("btach", "batch"), ("lnit", "lint"),
    ("sniff", nil), ("photo.jpg", nil), ("sn", nil), ("./snif", nil), ("-snif", nil), ("zzzz", nil),
    ("exists", nil),
  ] as [(String, String?)])
  func misspelt(word: String, meant: String?) {
    #expect(FastPath.misspeltSubcommand([word, "a.jpg"], exists: { $0 == "exists" }) == meant)
  }

  @Test func snifPhotoSaysDidYouMeanSniff() throws {
    let result = try CLI.run(["snif", "samples/photo.jpg"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "share-route: error: 'snif' is neither a file nor a command; did you mean 'sniff'?\n")
    // A file of that name is routed as before.
    let directory = NSTemporaryDirectory() + "snif-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Data("hello\n".utf8).write(to: URL(fileURLWithPath: directory + "/snif"))
    let routed = try CLI.run(["snif"], in: directory)
    #expect(routed.status == 0)
    #expect(routed.stdout.contains("text/plain"))
  }
}
