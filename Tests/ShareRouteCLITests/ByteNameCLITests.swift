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
    #expect(lint.stdout.contains("/m/bad\\xE9.yaml:2:1: error: invalid YAML"), "\(lint.stdout)")
    #expect(lint.stdout.contains("1 handler, 1 error"), "\(lint.stdout)")
    let matrix = try CLI.run(["matrix", "--manifests", directory + "/m", directory + "/s"])
    #expect(matrix.stdout.contains("/s/ph\\xF6to.jpg  image/jpeg  1"), "\(matrix.stdout)")
  }

  @Test func aPathTypedWithSuchANameOpens() throws {
    let directory = try Self.tree()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let command = "exec \"$0\" lint \"$(printf '\(directory)/m/caf\\351.yaml')\""
    let result = try CLI.launch(URL(fileURLWithPath: "/bin/sh"), ["-c", command, CLI.binary.path])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("1 handler, 0 errors"), "\(result.stdout)")
  }
}
