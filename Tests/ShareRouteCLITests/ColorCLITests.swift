import Foundation
import Testing

/// `--color`: the pick and the refusals in colour on a terminal, never in pipes, `NO_COLOR`
/// honoured.
@Suite struct ColorCLITests {
  static let pickColour = "\u{1B}[1;32m"
  static let refusedColour = "\u{1B}[31m"

  /// Through a pipe (as the tests run it): colour only when asked for with `always`.
  @Test(arguments: [
    ([String](), [String: String](), false),
    (["--color", "auto"], [:], false),
    (["--color", "never"], [:], false),
    (["--color", "always"], [:], true),
    (["--color", "always"], ["NO_COLOR": "1"], true),  // an explicit option wins over the variable
    (["route", "--color", "always", "--each"], [:], true),
  ])
  func inAPipe(_ options: [String], _ environment: [String: String], _ coloured: Bool) throws {
    let result = try CLI.run(options + ["--explain", "samples/photo.jpg"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(Self.pickColour) == coloured)
    #expect(result.stdout.contains(Self.refusedColour) == coloured)
    if coloured {
      #expect(result.stdout.contains("  \(Self.pickColour)1.   Keep"))
      #expect(result.stdout.contains("android \u{1B}[33mno-match-type\u{1B}[0m: "))
    }
  }

  /// JSON is never coloured.
  @Test func jsonIsNeverColoured() throws {
    let result = try CLI.run(["--color", "always", "--json", "samples/photo.jpg"])
    #expect(!result.stdout.contains("\u{1B}"))
  }

  /// On a terminal (`script` gives the command one): colour by default, none with `NO_COLOR` set
  /// or `TERM=dumb`.
  @Test(arguments: [
    ([String: String](), true), (["NO_COLOR": "1"], false), (["NO_COLOR": ""], true), (["TERM": "dumb"], false),
  ])
  func onATerminal(_ environment: [String: String], _ coloured: Bool) throws {
    let script = URL(fileURLWithPath: "/usr/bin/script")
    guard FileManager.default.isExecutableFile(atPath: script.path) else { return }
    var env = ["TERM": "xterm"]
    env.merge(environment) { $1 }
    // The test runner may have NO_COLOR set itself: unset it unless the case sets it.
    let unset = environment["NO_COLOR"] == nil ? "env -u NO_COLOR " : ""
    let command = "\(unset)'\(CLI.binary.path)' samples/photo.jpg"
    let result = try CLI.launch(script, ["-qec", command, "/dev/null"], environment: env)
    #expect(result.stdout.contains("Keep"), "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains(Self.pickColour) == coloured)
  }

  @Test func aWrongValueIsAUsageError() throws {
    let result = try CLI.run(["--color", "sometimes", "samples/photo.jpg"])
    #expect(result.status == 64)
    #expect(
      result.stderr == """
        share-route: error: The value 'sometimes' is invalid for '--color <when>'. Please provide one of 'auto', 'always' or 'never'.
        Help:  --color <when>  Colour the pick and the refusals: auto (on a terminal, unless NO_COLOR is set), always or never.
        Usage: share-route route [<options>] [<paths> ...]
          See 'share-route route --help' for more information.

        """)
    #expect(result.stdout == "")
  }
}
