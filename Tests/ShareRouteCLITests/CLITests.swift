import Foundation
import ShareRouteKit
import ShareRouting
import Testing

@testable import share_route

/// Runs the built `share-route` binary.
struct CLI {
  static let root = String(#filePath).components(separatedBy: "/Tests/").dropLast().joined(separator: "/Tests/")

  /// A route's JSON with the places of its reasons' rules (`file`, `line`, `column`) made null:
  /// for two handler sets that say the same in different files.
  static func withoutRulePlaces(_ json: String) -> String {
    json.replacingOccurrences(
      of: #""file": ?(null|"[^"]*"),\s*"line": ?(null|[0-9]+),\s*"column": ?(null|[0-9]+)"#,
      with: #""file": null, "line": null, "column": null"#, options: .regularExpression)
  }

  /// The binary next to the test bundle (SwiftPM builds it because this target depends on it).
  static let binary: URL = {
    var directory = Bundle.main.bundleURL
    if directory.pathExtension == "xctest" { directory.deleteLastPathComponent() }
    return directory.appendingPathComponent("share-route")
  }()

  struct Result {
    let status: Int32
    let stdout: String
    let stderr: String
    /// The child's peak resident set (Linux `VmHWM`), read just before it exits; 0 if unknown.
    var peakResidentKB = 0
  }

  static func run(
    _ arguments: [String], in directory: String = root, environment: [String: String] = [:], stdin: String? = nil
  ) throws -> Result {
    try launch(binary, arguments, in: directory, environment: environment, stdin: stdin)
  }

  /// Runs an executable (the binary, or a shell) without `SHARE_ROUTE_MANIFESTS`, capturing
  /// both outputs and the child's peak resident set.
  static func launch(
    _ executable: URL, _ arguments: [String], in directory: String = root, environment: [String: String] = [:],
    stdin: String? = nil
  ) throws -> Result {
    let process = Process()
    if let stdin { process.standardInput = FileHandle(forReadingAtPath: stdin) }
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var env = ProcessInfo.processInfo.environment
    env["SHARE_ROUTE_MANIFESTS"] = nil
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let peak = PeakSampler(pid: process.processIdentifier)
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self), peakResidentKB: peak.stop())
  }

  static func json(_ arguments: [String], in directory: String = root) throws -> (Int32, [String: Any]) {
    let result = try run(arguments + ["--format", "json"], in: directory)
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    return (result.status, object ?? [:])
  }
}

/// Samples a child's `VmHWM` (its peak resident set) from /proc every few milliseconds.
final class PeakSampler: @unchecked Sendable {
  // @unchecked: `peak` and `running` are only touched under `lock`.
  private let lock = NSLock()
  private var peak = 0
  private var running = true

  init(pid: Int32) {
    Thread.detachNewThread { [self] in
      while lock.withLock({ running }) {
        if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        {
          lock.withLock { peak = max(peak, kilobytes) }
        }
        usleep(5_000)
      }
    }
  }

  /// Stops sampling and returns the highest value seen (0 if none).
  func stop() -> Int {
    lock.withLock {
      running = false
      return peak
    }
  }
}

func ids(_ list: Any?) -> [String] {
  (list as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
}

@Suite struct CLITests {
  @Test func photoPrintsThePickFirst() throws {
    let result = try CLI.run(["samples/photo.jpg"])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    // Each platform's list under its own share, each with its own pick.
    let android = try #require(lines.firstIndex(of: "accepted on android, the pick first:"))
    #expect(lines[android - 3] == "android intent: SEND image/jpeg")
    #expect(lines[android + 1] == "  1.   Keep           keep")
    let ios = try #require(lines.firstIndex(of: "accepted on ios, the pick first:"))
    #expect(lines[ios - 1] == "ios extension item: 1 attachment (public.jpeg)")
    #expect(lines[ios + 1] == "  1.   Keep           keep")
    #expect(lines[ios - 2] == "  10.  New Expensify  com.expensify.chat")
    #expect(lines[ios + 11] == "  11.  One Image      com.example.oneimage")
    #expect(result.stdout.contains("photo.jpg  image/jpeg  image, public.jpeg, from content"))
    #expect(result.stdout.contains(#"{isTextShare: false, name: "photo.jpg", source: "file://\#(CLI.root)/samples/photo.jpg", type: "image/jpeg"}"#))
  }

  @Test func lyingPDFIsCorrectedAndExpensifyTakesItAsAFile() throws {
    let (status, json) = try CLI.json(["--reported-type", "text/plain", "samples/report.pdf"])
    #expect(status == 0)
    #expect(json["schemaVersion"] as? Int == 1)
    let item = try #require((json["items"] as? [[String: Any]])?.first)
    let share = try #require(item["share"] as? [String: Any])
    #expect(share["type"] as? String == "application/pdf")
    #expect(share["isTextShare"] as? Bool == false)
    #expect(item["corrected"] as? Bool == true)
    #expect(item["reportedType"] as? String == "text/plain")
    #expect(item["sniffedType"] as? String == "application/pdf")
    #expect(item["kind"] as? String == "file")
    #expect(item["uti"] as? String == "com.adobe.pdf")
    #expect(item["reason"] as? String == "reported text/plain, content is application/pdf")
    #expect(ids(json["accepted"]).contains("com.expensify.chat"))
    #expect(!ids(json["accepted"]).contains("tensor.buffer"))  // not routed as text
    #expect((json["intent"] as? [String: Any])?["type"] as? String == "application/pdf")
  }

  @Test func jsonKeysAreExactlyTheSchema() throws {
    let (_, json) = try CLI.json(["samples/photo.jpg", "--text", "hi"])
    #expect(Set(json.keys) == ["schemaVersion", "source", "intent", "items", "pick", "picks", "orders", "ordering", "accepted", "directShare", "rejected", "errors"])
    #expect((json["directShare"] as? [Any])?.isEmpty == true)
    #expect(json["ordering"] as? [String: String] == ["rule": "fresh-sheet", "locale": "en"])
    let items = try #require(json["items"] as? [[String: Any]])
    #expect(items.count == 2)
    #expect(Set(items[0].keys) == ["share", "kind", "uti", "reportedType", "sniffedType", "typeSource", "corrected", "reason"])
    #expect(Set((items[0]["share"] as? [String: Any] ?? [:]).keys) == ["isTextShare", "name", "source", "type"])
    #expect((items[1]["share"] as? [String: Any])?["isTextShare"] as? Bool == true)
    let rejected = try #require((json["rejected"] as? [[String: Any]])?.first)
    #expect(Set(rejected.keys) == ["id", "label", "guessed", "phase", "reasons"])
    #expect(Set(((rejected["reasons"] as? [[String: Any]])?.first ?? [:]).keys) == ["platform", "code", "phase", "message", "file", "line", "column"])
    let accepted = try #require((json["accepted"] as? [[String: Any]])?.first)
    #expect(Set(accepted.keys) == ["id", "label", "guessed", "reason", "items"])
    // The photo is the one stream, the text its EXTRA_TEXT; started, both are one clip item.
    let intent = try #require(json["intent"] as? [String: Any])
    #expect(Set(intent.keys) == ["action", "type", "extras", "clipData"])
    #expect(intent["action"] as? String == "android.intent.action.SEND")
    #expect(intent["type"] as? String == "image/jpeg")
    let photo = "file://" + CLI.root + "/samples/photo.jpg"
    #expect(intent["extras"] as? [String: String] == ["android.intent.extra.TEXT": "hi", "android.intent.extra.STREAM": photo])
    let clip = try #require(intent["clipData"] as? [String: Any])
    #expect(clip["mimeTypes"] as? [String] == ["image/jpeg"])
    #expect(clip["items"] as? [[String: String]] == [["text": "hi", "uri": photo]])
    #expect(clip["flags"] as? [String] == ["FLAG_GRANT_READ_URI_PERMISSION"])
  }

  /// Each real sample routes to the handlers its type calls for.
  @Test(arguments: [
    ("samples/photo.heic", "com.example.gallery", "com.example.pdf"),
    ("samples/clip.mov", "com.example.gallery", "tensor.preview"),
    ("samples/song.mp3", "com.example.music", "com.example.gallery"),
    ("samples/voice.m4a", "com.example.music", "album"),
    ("samples/report.pdf", "com.example.pdf", "com.example.music"),
    ("samples/contact.vcf", "com.example.contacts", "com.example.calendar"),
    ("samples/event.ics", "com.example.calendar", "com.example.contacts"),
    ("samples/letter.docx", "tensor.disk", "tensor.preview"),
    ("samples/scan.txt", "com.example.pdf", "tensor.buffer"),
    ("samples/cat.png", "tensor.preview", "com.example.pdf"),
  ])
  func samplesRouteByContent(_ path: String, _ accepts: String, _ refuses: String) throws {
    let (status, json) = try CLI.json([path])
    #expect(status == 0)
    #expect(ids(json["accepted"]).contains(accepts))
    #expect(ids(json["rejected"]).contains(refuses))
  }

  @Test func explainShowsEveryRefusal() throws {
    let result = try CLI.run(["--explain", "samples/photo.jpg", "samples/report.pdf"])
    #expect(result.status == 0)
    // Each reason at the line of the rule that decided: the filter, and the key that counted.
    #expect(
      result.stdout.contains(
        "  New Expensify (com.expensify.chat), phase 2\n"
          + "    android no-match-action: action SEND_MULTIPLE is not in [SEND]  at manifests/expensify.yaml:11:7\n"
          + "    ios over-max-count: 2 files, NSExtensionActivationSupportsFileWithMaxCount is 1  at manifests/expensify.yaml:18:5\n"))
  }

  @Test func missingFileIsAnItemErrorAndTheRestRoutes() throws {
    let result = try CLI.run(["samples/nope.jpg", "samples/photo.png", "--format", "json"])
    #expect(result.status == 66)
    #expect(result.stderr == "share-route: error: samples/nope.jpg: no such file\n")
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    #expect((json?["items"] as? [Any])?.count == 1)
    let error = try #require((json?["errors"] as? [[String: Any]])?.first)
    #expect(error["code"] as? String == "missing")
    #expect(error["item"] as? Int == 0)
    let accepted = ids(json?["accepted"] as Any)
    #expect(!accepted.isEmpty)
  }

  @Test func directoryAndFIFOAreErrorsNotHangs() throws {
    let dir = NSTemporaryDirectory() + "share-route-cli-\(getpid())"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(mkfifo(dir + "/pipe", 0o600) == 0)
    let result = try CLI.run([dir + "/pipe", dir, "/dev/zero", "samples/photo.jpg"])
    #expect(result.status == 66)
    #expect(
      result.stderr == """
        share-route: error: \(dir)/pipe: not a regular file (a FIFO)
        share-route: error: \(dir): not a regular file (a directory)
        share-route: error: /dev/zero: not a regular file (a character device)

        """)
    #expect(result.stdout.contains("accepted on android, the pick first:\n  1.   Keep "))
  }

  /// A value that is no share data is a phase-1 problem of its item, like a missing file: the
  /// other items still route, and the exit status is 65.
  @Test(arguments: [
    (["--url", "ftp://x"], "'ftp://x' is not an http or https URL (share other text as a text item)"),
    (["--type", "image"], "'image' is not a media type (expected 'type/subtype')"),
    (["--text", ""], "an empty text is nothing to share"),
    (["--url", ""], "an empty URL is nothing to share"),
  ])
  func invalidItemsArePhaseOneProblems(_ arguments: [String], _ message: String) throws {
    let alone = try CLI.run(arguments)
    #expect(alone.status == 65)
    #expect(alone.stderr == "share-route: error: items[0]: \(message)\n")
    #expect(alone.stdout == "no handler accepts this share\nnothing to share: no item could be used (the errors say why)\n")
    let (status, json) = try CLI.json(["samples/photo.jpg"] + arguments)
    #expect(status == 65)
    #expect(json["pick"] as? String == "keep")
    let errors = try #require(json["errors"] as? [[String: Any]])
    #expect(errors.count == 1)
    #expect(errors.first?["code"] as? String == "invalid-item")
    #expect(errors.first?["item"] as? Int == 1)
    #expect(errors.first?["phase"] as? Int == 1)
    #expect(errors.first?["message"] as? String == "items[1]: \(message)")
  }

  /// The usage lines after a usage error of `route`, found while parsing or while running.
  static let routeUsage = "Usage: share-route route [<options>] [<paths> ...]\n  See 'share-route route --help' for more information.\n"

  @Test(arguments: [
    ([String](), "nothing to share: give a file, --text, --url, --type or --uti", routeUsage),
    (["--reported-type", "a/b", "--reported-type", "c/d", "samples/photo.jpg"], "--reported-type was given 2 times for 1 file (give it once for all files, or once per file)", routeUsage),
    (["--source", "mail", "--text", "x"], "unknown source 'mail' (known: album, chat, keep, timeline)", routeUsage),
    (["--reported-type", "image/png", "--text", "x"], "--reported-type applies to files, and no file was given (text and URL items are always text/plain)", routeUsage),
  ])
  func usageErrorsExit64(_ arguments: [String], _ message: String, _ usage: String) throws {
    let result = try CLI.run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr == "share-route: error: \(message)\n" + usage)
    #expect(result.stdout == "")
  }

  /// An unknown option is suggested its near namesake only (at most two edits), and the usage
  /// is the subcommand's own, with the tool's one error prefix; it is said before a missing
  /// operand is (`share-route --bogus` alone is about `--bogus`, not about nothing to share).
  @Test(arguments: [
    (["--bogus", "samples/photo.jpg"], "Unknown option '--bogus'", routeUsage),
    (["--bogus"], "Unknown option '--bogus'", routeUsage),
    (["route", "--bogus"], "Unknown option '--bogus'", routeUsage),
    (["sniff", "--bogus"], "Unknown option '--bogus'",
     "Usage: share-route sniff [<paths> ...] [--jobs <jobs>] [--progress] [--no-progress] [--files-from <file> ...] [--null] [--reported-type <reported-type> ...] [--trust <trust>] [--format <format>] [--json] [--explain]\n  See 'share-route sniff --help' for more information.\n"),
    (["--acepted-only", "samples/photo.jpg"], "Unknown option '--acepted-only'. Did you mean '--accepted-only'?", routeUsage),
    (["check", "--fromat", "github"], "Unknown option '--fromat'. Did you mean '--format'?",
     "Usage: share-route check [<path>] [--format <format>] [--manifests <path> ...] [--configuration <name>] [--variant <name>] [--locale <locale>] [--privileged <package> ...] [--ios-version <version>] [--exclude <glob> ...] [--follow-links] [--assume-enabled]\n  See 'share-route check --help' for more information.\n"),
  ])
  func unknownOptionsSuggestOnlyNearNames(_ arguments: [String], _ message: String, _ usage: String) throws {
    let result = try CLI.run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr == "share-route: error: \(message)\n" + usage)
  }

  @Test func nothingAcceptedExits1() throws {
    let result = try CLI.run(["--type", "application/x-unknown-thing", "--platform", "ios", "--type", "application/x-other"])
    #expect(result.status == 0 || result.status == 1)
    let none = try CLI.run(["--uti", "com.apple.active-webpage", "--uti", "com.apple.active-webpage", "--platform", "android", "--manifests", "manifests/everyday/pdf-viewer.yaml"])
    #expect(none.status == 1)
    #expect(
      none.stdout == """
        items:
          (declared)  application/octet-stream  file, com.apple.active-webpage, from declared
          (declared)  application/octet-stream  file, com.apple.active-webpage, from declared
        android intent: SEND_MULTIPLE application/octet-stream
          EXTRA_STREAM: 2 URIs: ?, ?
          ClipData: application/octet-stream 2 items: {U(?)} {U(?)}, FLAG_GRANT_READ_URI_PERMISSION
        no handler accepts this share
        refused: 1 handler (--explain shows why)
        payload:
          {isTextShare: false, name: "", source: "", type: "application/octet-stream"}
          {isTextShare: false, name: "", source: "", type: "application/octet-stream"}

        """)
    #expect(none.stderr == "")
  }

  @Test func invalidManifestExits65AndKeepsTheRest() throws {
    let dir = NSTemporaryDirectory() + "share-route-manifests-\(getpid())"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try "id: good\nlabel: Good\nandroid:\n  intentFilters:\n    - actions: [SEND]\n      mimeTypes: [\"image/*\"]\n"
      .write(toFile: dir + "/good.yaml", atomically: true, encoding: .utf8)
    try "id: bad\nlabel: Bad\nandroid:\n  intentFilters:\n    - actions: [SEND]\n      mimeTypes: [image]\n"
      .write(toFile: dir + "/bad.yaml", atomically: true, encoding: .utf8)
    let result = try CLI.run(["--manifests", dir, "samples/photo.png"])
    #expect(result.status == 65)
    #expect(result.stderr == "share-route: error: \(dir)/bad.yaml:6:19: android.intentFilters[0].mimeTypes[0]: 'image' is not a media type (expected 'type/subtype')\n")
    #expect(
      result.stdout == """
        not loaded: 1 manifest problem (these handlers are missing from the answer below):
          \(dir)/bad.yaml:6:19: android.intentFilters[0].mimeTypes[0]: 'image' is not a media type (expected 'type/subtype')
        items:
          photo.png  image/png  image, public.png, from content
        android intent: SEND image/png
          EXTRA_STREAM: file://\(CLI.root)/samples/photo.png
          ClipData: image/png {U(file)}, FLAG_GRANT_READ_URI_PERMISSION
        accepted, the pick first:
          1.  Good  good
        payload:
          {isTextShare: false, name: "photo.png", source: "file://\(CLI.root)/samples/photo.png", type: "image/png"}

        """)
  }

  @Test func builtInManifestsMatchTheRepository() throws {
    var paths: [String] = []
    let enumerator = FileManager.default.enumerator(atPath: CLI.root + "/manifests")
    while let path = enumerator?.nextObject() as? String {
      guard ["yaml", "yml", "json"].contains((path as NSString).pathExtension) else { continue }
      paths.append("manifests/" + path)
    }
    paths.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    #expect(BuiltinManifests.files.map(\.path) == paths)
    // The embedded JSON decodes to exactly the handlers and sources of the YAML files.
    let repository = ManifestLoader.load(paths: [CLI.root + "/manifests"])
    let builtIn = ShareRouter.builtinManifests
    #expect(repository.errors.isEmpty && builtIn.errors.isEmpty)
    let withoutOrigin = { (handlers: [HandlerManifest]) in handlers.map { var copy = $0; copy.origin = ""; return copy } }
    #expect(withoutOrigin(builtIn.handlers) == withoutOrigin(repository.handlers))
    #expect(builtIn.sources.mapValues { [$0.name] + $0.offers + ["|"] + $0.custom }
      == repository.sources.mapValues { [$0.name] + $0.offers + ["|"] + $0.custom })
    // From a directory without manifests/, the built-in set gives the same route.
    let inRepo = try CLI.run([CLI.root + "/samples/photo.jpg", "--format", "json"])
    let elsewhere = try CLI.run([CLI.root + "/samples/photo.jpg", "--format", "json"], in: "/")
    #expect(inRepo.status == 0 && elsewhere.status == 0)
    // The reasons' rules are in ./manifests with their lines, or in the built-in copy without.
    #expect(CLI.withoutRulePlaces(inRepo.stdout) == CLI.withoutRulePlaces(elsewhere.stdout))
    #expect(inRepo.stdout.contains(#""file": "manifests/everyday/calendar.yaml""#))
    #expect(elsewhere.stdout.contains(#""file": "built-in:manifests/everyday/calendar.yaml","#))
  }

  @Test func queryUsesTheIntentExactlyAsGiven() throws {
    let (status, json) = try CLI.json(["query", "-a", "android.intent.action.SEND", "-t", "image/png", "-c", "android.intent.category.DEFAULT"])
    #expect(status == 0)
    #expect(ids(json["accepted"]).prefix(3) == ["album", "chat", "com.example.gallery"])
    #expect(ids(json["accepted"]).contains("tensor.preview"))
    let pdf = (json["rejected"] as? [[String: Any]])?.first { $0["id"] as? String == "com.example.pdf" }
    #expect(((pdf?["reasons"] as? [[String: Any]])?.first?["code"]) as? String == "no-match-type")
    // Upper case is not normalised: only */* filters take it.
    let (_, upper) = try CLI.json(["query", "-a", "SEND", "-t", "IMAGE/PNG", "-c", "android.intent.category.DEFAULT"])
    #expect(ids(upper["accepted"]) == ["chat", "com.expensify.chat", "keep", "other-apps"])
    // No type at all: */* filters do not match a null type.
    let (noneStatus, untyped) = try CLI.json(["query", "-a", "SEND", "-c", "android.intent.category.DEFAULT"])
    #expect(noneStatus == 1)
    #expect(ids(untyped["accepted"]).isEmpty)
    // An http data URI fails type-only filters on data.
    let (_, http) = try CLI.json(["query", "-a", "SEND", "-t", "image/png", "-d", "http://x/y.png"])
    let keep = (http["rejected"] as? [[String: Any]])?.first { $0["id"] as? String == "keep" }
    #expect(((keep?["reasons"] as? [[String: Any]])?.first?["code"]) as? String == "no-match-data")
  }
}

/// Completion through the generated scripts, in each shell: `route` is the default subcommand, so
/// its options and files complete at the top level as after `route`; subcommands still complete
/// there, and other subcommands keep their own options.
@Suite struct CompletionCLITests {
  static let cases: [([String], [String])] = [
    (["--pla"], ["--platform"]),
    (["samples/photo.jpg", "--accepted"], ["--accepted-only"]),
    (["route", "--pla"], ["--platform"]),
    (["--platform", "i"], ["ios"]),
    (["sni"], ["sniff"]),
    (["sniff", "--pla"], []),
    (["samples/photo.j"], ["samples/photo.jpg"]),
    (["--manifests", "samples/platform/andr"], ["samples/platform/android"]),
  ]

  /// Whether a shell is installed (CI installs zsh and fish; a machine without one skips its cases).
  static func has(_ shell: String) -> Bool {
    ["/usr/bin/", "/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].contains {
      FileManager.default.isExecutableFile(atPath: $0 + shell)
    }
  }

  /// The completions, one per line, sorted; zsh gives a file's name without its folder and
  /// shells differ on a folder's trailing slash, so each answer is compared by its last component.
  static func lastComponents(_ output: String) -> [String] {
    Set(output.split(separator: "\n").compactMap { $0.split(separator: "/").last.map(String.init) }).sorted()
  }

  @Test(arguments: cases)
  func bash(_ words: [String], _ expected: [String]) throws {
    let line = (["share-route"] + words).joined(separator: " ")
    let result = try CLI.shell(
      """
      source <("$BIN" --generate-completion-script bash) || exit 3
      COMP_WORDS=(share-route \(words.joined(separator: " "))); COMP_CWORD=\(words.count)
      COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
      _share-route share-route '\(words.last ?? "")' '\(words.dropLast().last ?? "share-route")'
      printf '%s\\n' "${COMPREPLY[@]}"
      """)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.lastComponents(result.stdout) == Self.lastComponents(expected.joined(separator: "\n")), "\(result.stderr)")
  }

  @Test(.enabled(if: has("fish")), arguments: cases)
  func fish(_ words: [String], _ expected: [String]) throws {
    let line = (["share-route"] + words).joined(separator: " ")
    let result = try CLI.shell(
      """
      script=$(mktemp); "$BIN" --generate-completion-script fish > "$script" || exit 3
      PATH="$(dirname "$BIN"):$PATH" fish -c "source $script; complete -C '\(line)'" | cut -f1
      status=$?; rm -f "$script"; exit $status
      """)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.lastComponents(result.stdout) == Self.lastComponents(expected.joined(separator: "\n")), "\(result.stderr)")
  }

  /// Zsh completes only in an interactive shell: a pseudo-terminal (`zpty`) runs one with the
  /// script on its `fpath`, types the line and a Tab, and `compadd` prints what it is given.
  static let zshHarness = #"""
    zmodload zsh/zpty zsh/zselect
    zpty z zsh -f -i
    zpty -w z "fpath=($1 \$fpath); autoload -U compinit; compinit -u -D; PROMPT=; RPROMPT="
    zpty -w z 'compadd () {
      if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi
      typeset -a hits; builtin compadd -A hits "$@"
      local h; for h in $hits; do echo -E - "<""<$h>"">"; done
    }'
    zpty -w z "bindkey '^I' complete-word; done-marker() { echo '<''<DONE>''>' }; zle -N done-marker; bindkey '^Y' done-marker"
    zpty -w z "cd ${(q)PWD}; print -r -- '<''<READY>''>'"
    # Every wait is bounded (at most 20 s, in steps of 50 ms): a busy machine is waited for, a
    # stuck shell fails the case instead of hanging the run.
    integer steps=0
    gathered=""
    while [[ $gathered != *'<<READY>>'* ]]; do
      if zpty -rt z out; then
        gathered+=$out
      else
        (( ++steps > 400 )) && { zpty -d z; exit 4 }
        zselect -t 5
      fi
    done
    # The shell has read the set-up: type the line, a Tab, and the marker's key (^Y: a key no
    # other binding starts with, so it acts at once). What comes back may arrive in pieces: it is
    # gathered, then read line by line.
    zpty -w z "$2"$'\t'$'\C-Y'
    steps=0
    gathered=""
    while [[ $gathered != *'<<DONE>>'* ]]; do
      if zpty -rt z out; then
        gathered+=$out
      else
        (( ++steps > 400 )) && { zpty -d z; exit 5 }
        zselect -t 5
      fi
    done
    zpty -d z
    for line in "${(@f)gathered}"; do
      [[ $line == *'<<'*'>>'* && $line != *'<<DONE>>'* ]] && print -r -- "${${line#*<<}%%>>*}"
    done
    exit 0
    """#

  @Test(.enabled(if: has("zsh")), .serialized, .timeLimit(.minutes(2)), arguments: cases)
  func zsh(_ words: [String], _ expected: [String]) throws {
    let line = (["share-route"] + words).joined(separator: " ")
    let harness = try CLI.scratchFile([Self.zshHarness])
    let result = try CLI.shell(
      """
      dir=$(mktemp -d); "$BIN" --generate-completion-script zsh > "$dir/_share-route" || exit 3
      PATH="$(dirname "$BIN"):$PATH" timeout -k 5 60 zsh -f '\(harness)' "$dir" '\(line)'
      status=$?; rm -rf "$dir" '\(harness)'; exit $status
      """)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.lastComponents(result.stdout) == Self.lastComponents(expected.joined(separator: "\n")), "\(result.stderr)")
  }
}
