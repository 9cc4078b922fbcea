import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Names that are not UTF-8 (Latin-1 `café.yaml`) are found, opened and shown escaped by every
/// command that walks folders or takes paths; nothing is skipped silently.
@Suite struct ByteNameCLITests {
  /// Writes `text` to a file whose name is `directory` + the raw bytes `name`.
  static func write(_ text: String, in directory: String, name: [UInt8]) throws {
    let path = Array(directory.utf8) + [0x2F] + name + [0]
    let file = path.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { fopen($0.baseAddress, "w") }
    }
    guard let file else { throw CocoaError(.fileWriteUnknown) }
    fputs(text, file)
    fclose(file)
  }

  static let manifest = "id: cafe\nlabel: Cafe\nandroid:\n  intentFilters:\n    - actions: [SEND, SEND_MULTIPLE]\n      categories: [DEFAULT]\n      mimeTypes: [image/*]\n"

  /// The note `lint` gives the manifest's SEND_MULTIPLE filter.
  static let mixedNote =
    "android.intentFilters[0]: note: a SEND_MULTIPLE filter of 'image/*' also receives shares of mixed types (a SEND_MULTIPLE of */*: an image and a PDF), as IntentFilter.matchData lets */* through; fix: read each item's type (ContentResolver.getType) and skip what the activity cannot take [multiple-receives-mixed]"

  static func tree() throws -> String {
    let directory = NSTemporaryDirectory() + "share-route-bytes-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory + "/m", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: directory + "/s", withIntermediateDirectories: true)
    try write(manifest, in: directory + "/m", name: Array("caf".utf8) + [0xE9] + Array(".yaml".utf8))
    try write("id: [broken\n", in: directory + "/m", name: Array("bad".utf8) + [0xE9] + Array(".yaml".utf8))
    // The photo's bytes, under a Latin-1 name (fopen/fputs would stop at a NUL: copy instead).
    let copy = "cp '\(CLI.root)/samples/photo.jpg' \"$(printf '\(directory)/s/ph\\366to.jpg')\""
    _ = try CLI.launch(URL(fileURLWithPath: "/bin/sh"), ["-c", copy])
    return directory
  }

  @Test func aWalkFindsOpensAndShowsThem() throws {
    let directory = try Self.tree()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let lint = try CLI.run(["lint", directory + "/m"])
    #expect(lint.status == 65, "the broken one is not skipped")
    #expect(
      lint.stdout == """
        handlers:
          cafe  Cafe  android  \(directory)/m/caf\\xE9.yaml
        \(directory)/m/bad\\xE9.yaml:2:1: error: invalid YAML: while parsing a flow sequence did not find expected ',' or ']'
        \(directory)/m/caf\\xE9.yaml:5:7: \(Self.mixedNote)
        1 handler, 1 error, 0 warnings, 1 note

        """)
    #expect(lint.stderr == "")
    let matrix = try CLI.run(["matrix", "--manifests", directory + "/m", directory + "/s"])
    // The sample column is as wide as its longest cell: the photo's path (the temporary
    // directory's), or the text sample.
    let photo = directory + "/s/ph\\xF6to.jpg"
    let width = max(photo.count, "text 'Hello from share-route'".count)
    func cell(_ text: String) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
    #expect(
      matrix.stdout == """
        \(cell("sample"))  type        a1
        \(cell(photo))  image/jpeg  1
        \(cell("text 'Hello from share-route'"))  text/plain  no-match-type
        \(cell("link https://example.com/"))  text/plain  no-match-type
        Android handlers:
          a1  Cafe (cafe)
        a number is the rank among the handlers that accept on that platform (1 is its pick; * a source's custom target), a code the first reason of a refusal, - a sample that could not be used

        """)
    #expect(matrix.status == 65)
    #expect(matrix.stderr == "share-route: error: \(directory)/m/bad\\xE9.yaml:2:1: invalid YAML: while parsing a flow sequence did not find expected ',' or ']'\n")
  }

  @Test func aPathTypedWithSuchANameOpens() throws {
    let directory = try Self.tree()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let command = "exec \"$0\" lint \"$(printf '\(directory)/m/caf\\351.yaml')\""
    let result = try CLI.launch(URL(fileURLWithPath: "/bin/sh"), ["-c", command, CLI.binary.path])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(
      result.stdout == """
        handlers:
          cafe  Cafe  android  \(directory)/m/caf\\xE9.yaml
        \(directory)/m/caf\\xE9.yaml:5:7: \(Self.mixedNote)
        1 handler, 0 errors, 0 warnings, 1 note

        """)
    #expect(result.stderr == "")
  }
}
