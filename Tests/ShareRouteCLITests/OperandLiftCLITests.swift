import Foundation
import Testing

@testable import share_route

/// Long argument lists taken past swift-argument-parser: the same answer as a short command
/// line or a batch request would give, and option lists that match the parser's own.
@Suite struct OperandLiftCLITests {
  /// The lifted lists keep their order; options and their values stay with the parser.
  @Test func liftingKeepsOrderAndOptions() {
    let files = (0..<70).map { "f\($0)" }
    let arguments =
      ["--manifests", "m", "--text", "one", "--uti=public.url", "--explain"] + files
      + ["--text", "two", "--platform", "ios", "--reported-type", "image/png", "--", "-dash.jpg"]
    let kept = OperandLift.lift(arguments)
    let lifted = OperandLift.lifted
    OperandLift.lifted = .init()
    #expect(kept == ["--manifests", "m", "--explain", "--platform", "ios"])
    #expect(lifted.paths == files + ["-dash.jpg"])
    #expect(lifted.texts == ["one", "two"])
    #expect(lifted.utis == ["public.url"])
    #expect(lifted.reportedTypes == ["image/png"])
    // Short command lines and other commands are left to the parser as they are.
    #expect(OperandLift.lift(["a.jpg", "--text", "x"]) == ["a.jpg", "--text", "x"])
    let lint = ["lint"] + files
    #expect(OperandLift.lift(lint) == lint)
  }

  /// The option lists match what the parser declares (`--experimental-dump-help`).
  @Test(arguments: ["route", "sniff"])
  func valueOptionsMatchTheParser(_ command: String) throws {
    let result = try CLI.run([command, "--experimental-dump-help"])
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let arguments = (object?["command"] as? [String: Any])?["arguments"] as? [[String: Any]] ?? []
    var options: Set<String> = []
    for argument in arguments where argument["kind"] as? String == "option" {
      for name in argument["names"] as? [[String: Any]] ?? [] {
        if let text = name["name"] as? String { options.insert("--" + text) }
      }
    }
    #expect(options == OperandLift.valueOptions[command])
  }

  /// 70 files with options between them route exactly as the same share sent to `batch`.
  @Test func aLongCommandLineRoutesLikeBatch() throws {
    let samples = ["samples/photo.jpg", "samples/report.pdf", "samples/notes.txt", "samples/cat.png", "samples/song.mp3"]
    let files = (0..<70).map { samples[$0 % samples.count] }
    let long = try CLI.run(["--json"] + files[..<35] + ["--text", "hi", "--uti", "public.url"] + files[35...])
    let request = [
      "items": files.map { ["path": CLI.root + "/" + $0] } + [["text": "hi"], ["uti": "public.url"]]
    ]
    let file = try CLI.scratchFile([String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self)])
    let batch = try CLI.run(["batch"], stdin: file)
    func parsed(_ text: String) throws -> NSDictionary {
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary ?? [:]
    }
    #expect(try parsed(long.stdout) == parsed(batch.stdout))
    #expect((try parsed(long.stdout)["items"] as? [Any])?.count == 72)
  }
}
