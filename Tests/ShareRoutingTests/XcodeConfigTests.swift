import Foundation
import Testing

@testable import ShareRouting

private let repository = String(#filePath).components(separatedBy: "/Tests/").dropLast().joined(separator: "/Tests/")

/// `.xcconfig` files read as Xcode reads them, and build settings resolved level by level:
/// project `.xcconfig`, project settings, target `.xcconfig`, target settings.
@Suite struct XcodeConfigTests {
  /// One line of a file → what it is (`key[conditions]=value`, `include path`, `include? path`,
  /// or `problem`), nothing for blank and comment lines.
  @Test(arguments: [
    ("A = b", "A=b"),
    ("  A=b  ", "A=b"),
    ("A = b;", "A=b"),
    ("A =", "A="),
    ("A = $(inherited) -DX", "A=$(inherited) -DX"),
    ("A[sdk=iphoneos*] = x", "A[sdk=iphoneos*]=x"),
    ("A[sdk=iphoneos*][arch=arm64] = x", "A[sdk=iphoneos*][arch=arm64]=x"),
    ("A [config=Debug] = x", "A[config=Debug]=x"),
    ("URL = https://example.org/path // a comment", "URL=https://example.org/path"),
    ("// only a comment", nil),
    ("", nil),
    ("   ", nil),
    ("#include \"Base.xcconfig\"", "include Base.xcconfig"),
    ("#include? \"Local.xcconfig\" // optional", "include? Local.xcconfig"),
    ("#include Base.xcconfig", "problem"),
    ("just words", "problem"),
    ("A[sdk=iphoneos* = x", "problem"),
    ("A B = c", "problem"),
    ("= c", "problem"),
  ] as [(String, String?)])
  func linesReadAsXcodeReadsThem(_ line: String, _ expected: String?) {
    let file = XcodeConfigFile(bytes: Array(line.utf8))
    var found: [String] = file.problems.map { _ in "problem" }
    for entry in file.lines {
      switch entry {
      case .assignment(let assignment):
        let conditions = assignment.conditions.map { "[\($0.name)=\($0.pattern)]" }.joined()
        found.append("\(assignment.key)\(conditions)=\(assignment.value)")
      case .include(let include):
        found.append("include\(include.optional ? "?" : "") \(include.path)")
      }
    }
    #expect(found == (expected.map { [$0] } ?? []))
  }

  /// Conditions hold for an iOS device build of the configuration; unknown ones do not.
  @Test(arguments: [
    ("sdk", "iphoneos*", true), ("sdk", "iphonesimulator*", false), ("sdk", "*", true), ("sdk", "iphoneos", true),
    ("sdk", "macosx*", false), ("arch", "arm64", true), ("arch", "x86_64", false), ("arch", "arm*", true),
    ("config", "Release", true), ("config", "Debug", false), ("config", "Rel*", true), ("flavor", "x", false),
  ])
  func conditionsHoldForADeviceBuild(_ name: String, _ pattern: String, _ holds: Bool) {
    let condition = XcodeBuildCondition(configuration: "Release")
    #expect(condition.matches([.init(name: name, pattern: pattern)]) == holds)
  }

  /// The planner sample's project with `.xcconfig` texts given here instead of its folder.
  static func resolve(
    _ configs: [String: String], configuration: String = "Release", target: String = "PlannerShare"
  ) throws -> (settings: BuildSettings, problems: [XcodeProject.Failure]) {
    let path = repository + "/samples/projects/planner-ios/Planner.xcodeproj/project.pbxproj"
    let project = try XcodeProject(file: path, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    let found = try #require(project.targets.first { $0.name == target })
    let read = { (name: String) -> Result<XcodeConfigFile, XcodeProject.Failure> in
      guard let text = configs[name] else { return .failure(XcodeProject.Failure(file: name, location: nil, message: "no such file")) }
      return .success(XcodeConfigFile(bytes: Array(text.utf8)))
    }
    let resolved = try #require(project.settings(of: found, configuration: configuration, read: read))
    return (resolved.settings, resolved.problems)
  }

  /// Level order, `$(inherited)`, includes, conditional over plain, and what is reported.
  @Test(arguments: [
    // The target's file over the project's; the project's Base sets what the target's uses.
    (["Config/Base.xcconfig": "P = base", "Config/Share.xcconfig": "ID = $(P).share"], "Release", "ID", "base.share", 0),
    // $(inherited) is the level below: the project's value, then the include's.
    (["Config/Base.xcconfig": "F = a", "Config/Share.xcconfig": "#include \"More.xcconfig\"\nF = $(inherited) c",
      "Config/More.xcconfig": "F = $(inherited) b"], "Release", "F", "a b c", 0),
    // A later line wins; a conditional assignment that holds wins over a plain one.
    (["Config/Base.xcconfig": "", "Config/Share.xcconfig": "X = 1\nX = 2"], "Release", "X", "2", 0),
    (["Config/Base.xcconfig": "", "Config/Share.xcconfig": "X[config=Debug] = d\nX = plain"], "Debug", "X", "d", 0),
    (["Config/Base.xcconfig": "", "Config/Share.xcconfig": "X[config=Debug] = d\nX = plain"], "Release", "X", "plain", 0),
    (["Config/Base.xcconfig": "", "Config/Share.xcconfig": "X = plain\nX[sdk=iphonesimulator*] = sim"], "Release", "X", "plain", 0),
    // Includes are relative to the including file; a missing #include? is silent, #include is not.
    (["Config/Base.xcconfig": "", "Config/Share.xcconfig": "#include \"sub/A.xcconfig\"", "Config/sub/A.xcconfig": "#include \"../B.xcconfig\"",
      "Config/B.xcconfig": "X = deep"], "Release", "X", "deep", 0),
    (["Config/Base.xcconfig": "", "Config/Share.xcconfig": "#include? \"Local.xcconfig\"\nX = 1"], "Release", "X", "1", 0),
    (["Config/Base.xcconfig": "", "Config/Share.xcconfig": "#include \"Gone.xcconfig\"\nX = 1"], "Release", "X", "1", 1),
    // Not beside the including file, but in the project's folder (Xcode looks there too).
    (["Config/Base.xcconfig": "", "Config/Share.xcconfig": "#include \"Shared/Ids.xcconfig\"", "Shared/Ids.xcconfig": "X = root"],
      "Release", "X", "root", 0),
    // The bare `$NAME` form expands like `$(NAME)`.
    (["Config/Base.xcconfig": "ROOT = org.a", "Config/Share.xcconfig": "X = $ROOT.share"], "Release", "X", "org.a.share", 0),
    // A cycle is cut and reported once; the rest still counts.
    (["Config/Base.xcconfig": "", "Config/Share.xcconfig": "#include \"Share.xcconfig\"\nX = 1"], "Release", "X", "1", 1),
    // A line that is not a setting is reported, the next one still counts.
    (["Config/Base.xcconfig": "", "Config/Share.xcconfig": "nonsense\nX = 1"], "Release", "X", "1", 1),
    // Target-level settings in project.pbxproj stay over the target's file (PRODUCT_NAME).
    (["Config/Base.xcconfig": "", "Config/Share.xcconfig": "PRODUCT_NAME = FromConfig"], "Release", "PRODUCT_NAME", "PlannerShare", 0),
  ] as [([String: String], String, String, String, Int)])
  func settingsResolveLevelByLevel(
    _ configs: [String: String], _ configuration: String, _ key: String, _ value: String, _ problems: Int
  ) throws {
    let (settings, found) = try Self.resolve(configs, configuration: configuration)
    #expect((try? settings.expand("$(\(key))").get()) == value)
    #expect(found.count == problems, "\(found)")
  }

  /// Includes nested past the bound stop there, with one problem.
  @Test func includeDepthIsBounded() throws {
    var configs = ["Config/Base.xcconfig": "", "Config/Share.xcconfig": "#include \"c0.xcconfig\""]
    for level in 0..<40 { configs["Config/c\(level).xcconfig"] = "#include \"c\(level + 1).xcconfig\"\nX = \(level)" }
    let (settings, problems) = try Self.resolve(configs)
    #expect(problems.count == 1)
    #expect(settings.values["X"] == "0")
  }

  /// A variable a setting names and nothing defines is empty, as Xcode expands it, and the
  /// expansion says so; one the plist names directly must be defined.
  @Test func undefinedNestedVariablesAreEmpty() throws {
    let (settings, _) = try Self.resolve(["Config/Base.xcconfig": "", "Config/Share.xcconfig": "ID = org.a$(SUFFIX)"])
    var trace = BuildSettings.Trace()
    #expect(try settings.expand("$(ID)", trace: &trace).get() == "org.a")
    #expect(trace.used == ["ID"])
    #expect(trace.undefined == ["SUFFIX"])
    #expect(throws: BuildSettings.Unresolved.self) { _ = try settings.expand("$(SUFFIX)").get() }
  }

  /// The sample project: each configuration's id, where it came from, nothing guessed.
  @Test(arguments: [("Release", "com.example.planner.share"), ("Debug", "com.example.planner.debug.share")])
  func theSampleTakesItsIDFromXcconfigFiles(_ configuration: String, _ id: String) throws {
    let set = ManifestLoader.load(
      paths: [repository + "/samples/projects/planner-ios"], options: ImportOptions(configuration: configuration))
    #expect(set.handlers.map(\.id) == [id])
    #expect(set.handlers.first?.guessed == [])
    #expect(set.warnings.isEmpty)
    let chain = try #require(set.buildSettings.first?.description)
    #expect(chain.contains("PRODUCT_BUNDLE_IDENTIFIER from Config/Share.xcconfig:6"), "\(chain)")
    #expect(chain.contains("PLANNER_ENV from Config/Base.xcconfig:\(configuration == "Debug" ? 4 : 3)"), "\(chain)")
  }
}
