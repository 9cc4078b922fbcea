import Foundation
import Testing

/// `share-route check`, run as CI runs it.
@Suite struct CheckCLITests {
  static func write(_ text: String) throws -> (directory: String, file: String) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("share-route-check-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: CLI.root + "/samples/photo.jpg", toPath: directory + "/photo.jpg")
    let file = directory + "/cases.yaml"
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    return (directory, file)
  }

  @Test func shippedExpectationsPass() throws {
    let result = try CLI.run(["check"])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.hasSuffix(" passed, 0 failed\n"))
    #expect(result.stdout.split(separator: "\n").count == 1)
  }

  @Test func aWrongExpectationPrintsTheDifferenceAndExits1() throws {
    let (directory, file) = try Self.write(
      """
      cases:
        - name: right
          files: [photo.jpg]
          expect: {accept: [com.example.gallery]}
        - name: wrong on purpose
          files: [photo.jpg]
          expect:
            refuse: [com.example.gallery]
            types: [image/png]
      """)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try CLI.run(["check", file])
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        \(file):5:5: wrong on purpose: com.example.gallery accepted, expected it to refuse; types [image/jpeg], expected [image/png]
        1 passed, 1 failed

        """)
  }

  @Test func anInvalidCaseExits65AndTheOthersStillRun() throws {
    let (directory, file) = try Self.write(
      """
      cases:
        - name: fine
          files: [photo.jpg]
          expect: {pick: keep}
        - name: broken
          files: [photo.jpg]
          expect: {pik: keep}
      """)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try CLI.run(["check", file])
    #expect(result.status == 65)
    #expect(result.stdout == "1 passed, 0 failed\n")
    #expect(result.stderr.contains("\(file):7:14: cases[1].expect: unknown key 'pik'"))
  }

  @Test func aMissingFileExits65() throws {
    let result = try CLI.run(["check", "no/such/expectations.yaml"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("no/such/expectations.yaml: cannot read the file"))
  }
}
