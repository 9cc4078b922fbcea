import Foundation
import Testing

@testable import ShareSniffing

/// The text-first stage (``TextFirst``): libmagic's soft magic is left out only where share-route's
/// text layer names the format or libmagic's earlier checks settle it, and that changes no answer.
/// Compared on every file of samples/ and of the corpus (when made), and on renamed copies.
@Suite struct TextFirstTests {
  static let root = BufferedSniffTests.root

  /// Every small file the stage may see.
  static let files = BufferedSniffTests.files(under: root + "/samples") + BufferedSniffTests.files(under: root + "/.build/corpus")

  /// Each file's type, where it came from and why, with the stage and without it (libmagic's full
  /// pass on every file): the same. `sniffed` differs only where the stage decided (then it is
  /// libmagic's answer without soft magic).
  /// The detectors that wait for libmagic's full pass are text families, and none of them decides alone.
  @Test func detectorsAfterTheFullPassAreNoDeciders() {
    let names = Set(TextFamilies.detectors.map(\.name))
    #expect(TextFamilies.afterFullPass.isSubset(of: names))
    #expect(TextFamilies.afterFullPass.isDisjoint(with: TextFirst.deciders))
  }

  @Test func theStageChangesNoAnswer() throws {
    let quick = try Sniffer()
    let full = try Sniffer(textFirst: false)
    var decided = 0
    var settled = 0
    var differ: [String] = []
    for path in Self.files {
      let a = try quick.item(path: path, reportedType: nil)
      let b = try full.item(path: path, reportedType: nil)
      if a.type != b.type || a.typeSource != b.typeSource {
        differ.append("\(path): \(a.type) (\(a.typeSource)) with the stage, \(b.type) (\(b.typeSource)) without")
      }
      let report = try quick.content(path: path)
      if report.withoutSoftMagic {
        if TextFirst.settled.contains(report.sniffed) {
          settled += 1
          // Checked before soft magic: the full pass says the same.
          if report.sniffed != b.sniffedType { differ.append("\(path): settled \(report.sniffed), full pass \(b.sniffedType ?? "none")") }
        } else {
          decided += 1
          #expect(report.sniffed == TextFirst.textAnswer)
          #expect(report.refinement.map { TextFirst.deciders.contains($0.detector) } == true, "\(path)")
        }
      } else if a.sniffedType != b.sniffedType {
        differ.append("\(path): libmagic \(a.sniffedType ?? "none") with the stage, \(b.sniffedType ?? "none") without, and the stage did not decide")
      }
    }
    #expect(differ.isEmpty, "\(differ.joined(separator: "\n"))")
    // The samples alone hold more than 100 text files the text layer names, and CSV and JSON.
    #expect(decided >= 100, "decided \(decided)")
    #expect(settled >= 5, "settled \(settled)")
  }

  /// Speed never comes from names: a text file copied under no extension, and under a name that
  /// says another type, has the same content report (libmagic's answer, the detector, the stage).
  @Test(arguments: ["plain", "renamed.jpg", "renamed.txt"])
  func namesDoNotDecideTheStage(_ name: String) throws {
    let sniffer = try Sniffer()
    let scratch = NSTemporaryDirectory() + "text-first-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    var checked = 0
    for path in Self.files where path.contains("/samples/fixtures/") {
      let original = try sniffer.content(path: path)
      guard original.withoutSoftMagic else { continue }
      let copy = scratch + "/" + name
      try? FileManager.default.removeItem(atPath: copy)
      try FileManager.default.copyItem(atPath: path, toPath: copy)
      let renamed = try sniffer.content(path: copy)
      #expect(renamed.sniffed == original.sniffed, "\(path)")
      #expect(renamed.refinement == original.refinement, "\(path)")
      #expect(renamed.withoutSoftMagic, "\(path)")
      checked += 1
    }
    #expect(checked >= 30, "checked \(checked)")
  }

  /// Binary files are never decided by the stage, and a NUL in the head keeps libmagic's full pass.
  @Test func binaryFilesRunTheFullPass() throws {
    let sniffer = try Sniffer()
    for path in Self.files where path.contains("/samples/fixtures/") {
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)).prefix(4096))
      guard bytes.contains(0) else { continue }
      #expect(try !sniffer.content(path: path).withoutSoftMagic, "\(path)")
    }
  }
}
