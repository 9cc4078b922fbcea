import Foundation
import Testing

@testable import ShareRouting

private let repository = String(#filePath).components(separatedBy: "/Tests/").dropLast().joined(separator: "/Tests/")

/// XcodeGen specs read as XcodeGen generates the project from them (its ProjectSpec): includes
/// merged, templates under the target, settings by configuration, the settings XcodeGen adds.
@Suite struct XcodeGenTests {
  static func spec(_ text: String, includes: [String: String] = [:]) throws -> XcodeGenSpec {
    let root = try #require(try ConfigParser.parseYAML(text))
    var problems: [ManifestError] = []
    let spec = XcodeGenSpec(
      file: "/p/project.yml", root: root,
      read: { path in
        guard let text = includes[path], let node = try? ConfigParser.parseYAML(text) else {
          return .failure(ManifestError(file: path, location: nil, keyPath: "", problem: .unreadable("no such file")))
        }
        return .success(node)
      }, problems: &problems)
    #expect(problems.isEmpty, "\(problems)")
    return spec
  }

  /// A setting of a target, expanded, in a configuration.
  @Test(arguments: [
    // bundleIdPrefix when no level sets the id: `_` becomes `-`, other characters are dropped.
    ("options: {bundleIdPrefix: io.x}\ntargets:\n  My_Share Ext:\n    type: app-extension\n    platform: iOS\n", "My_Share Ext", "Release", "PRODUCT_BUNDLE_IDENTIFIER", "io.x.My-ShareExt"),
    // A configs key applies to every configuration containing it, unless it names another exactly.
    ("configs: {Debug: debug, Release: release, Staging Release: release}\ntargets:\n  S:\n    type: app-extension\n    platform: iOS\n    settings:\n      base: {A: base}\n      configs:\n        staging: {A: staged}\n        release: {B: rel}\n",
      "S", "Staging Release", "A", "staged"),
    // Named exactly as written: that configuration only; a key in another case matches by containment.
    ("configs: {Debug: debug, Release: release, Staging Release: release}\ntargets:\n  S:\n    type: app-extension\n    platform: iOS\n    settings:\n      base: {B: base}\n      configs:\n        Release: {B: rel}\n",
      "S", "Staging Release", "B", "base"),
    ("configs: {Debug: debug, Release: release, Staging Release: release}\ntargets:\n  S:\n    type: app-extension\n    platform: iOS\n    settings:\n      base: {B: base}\n      configs:\n        release: {B: rel}\n",
      "S", "Staging Release", "B", "rel"),
    // A multi-platform copy keeps the target's name as its product name.
    ("targets:\n  S:\n    type: app-extension\n    platform: [iOS, macOS]\n", "S_iOS", "Release", "PRODUCT_NAME", "S"),
    // The platform's SDK is the target's preset, over the project's settings.
    ("settings: {SDKROOT: macosx}\ntargets:\n  S:\n    type: app-extension\n    platform: iOS\n", "S", "Release", "SDKROOT", "iphoneos"),
    ("configs: {Debug: debug, Release: release}\ntargets:\n  S:\n    type: app-extension\n    platform: iOS\n    settings:\n      base: {A: base}\n      configs:\n        release: {A: rel}\n",
      "S", "Debug", "A", "base"),
    // A plain map is base settings; Booleans are YES/NO; lists are joined.
    ("targets:\n  S:\n    type: app-extension\n    platform: iOS\n    settings:\n      SKIP_INSTALL: true\n      OTHER: [a, b]\n", "S", "Release", "SKIP_INSTALL", "YES"),
    ("targets:\n  S:\n    type: app-extension\n    platform: iOS\n    settings:\n      SKIP_INSTALL: true\n      OTHER: [a, b]\n", "S", "Release", "OTHER", "a b"),
    // The platform gives SDKROOT; the deployment target from options, the target's own over it.
    ("options: {deploymentTarget: {iOS: '15.0'}}\ntargets:\n  S:\n    type: app-extension\n    platform: macOS\n", "S", "Release", "SDKROOT", "macosx"),
    ("options: {deploymentTarget: {iOS: '15.0'}}\ntargets:\n  S:\n    type: app-extension\n    platform: iOS\n", "S", "Release", "IPHONEOS_DEPLOYMENT_TARGET", "15.0"),
    ("options: {deploymentTarget: {iOS: '15.0'}}\ntargets:\n  S:\n    type: app-extension\n    platform: iOS\n    deploymentTarget: 16.4\n", "S", "Release", "IPHONEOS_DEPLOYMENT_TARGET", "16.4"),
    // info.path is INFOPLIST_FILE unless the settings name one; PRODUCT_NAME is the target's name.
    ("targets:\n  S:\n    type: app-extension\n    platform: iOS\n    info: {path: S/Info.plist}\n", "S", "Release", "INFOPLIST_FILE", "S/Info.plist"),
    ("targets:\n  S:\n    type: app-extension\n    platform: iOS\n    settings: {INFOPLIST_FILE: X.plist}\n    info: {path: S/Info.plist}\n", "S", "Release", "INFOPLIST_FILE", "X.plist"),
    ("targets:\n  S:\n    type: app-extension\n    platform: iOS\n", "S", "Release", "PRODUCT_NAME", "S"),
    // Templates under the target's own keys; groups before base.
    ("targetTemplates:\n  T:\n    type: app-extension\n    settings: {base: {A: t, B: t}}\ntargets:\n  S:\n    templates: [T]\n    platform: iOS\n    settings: {base: {B: s}}\n", "S", "Release", "A", "t"),
    ("targetTemplates:\n  T:\n    type: app-extension\n    settings: {base: {A: t, B: t}}\ntargets:\n  S:\n    templates: [T]\n    platform: iOS\n    settings: {base: {B: s}}\n", "S", "Release", "B", "s"),
    ("settingGroups:\n  G: {A: g, B: g}\ntargets:\n  S:\n    type: app-extension\n    platform: iOS\n    settings:\n      groups: [G]\n      base: {B: s}\n", "S", "Release", "A", "g"),
    // A multi-platform target is one target per platform, named with its suffix.
    ("targets:\n  S:\n    type: app-extension\n    platform: [iOS, macOS]\n    info: {path: 'S/${platform}/Info.plist'}\n", "S_iOS", "Release", "INFOPLIST_FILE", "S/iOS/Info.plist"),
    ("targets:\n  S:\n    type: app-extension\n    platform: [iOS, macOS]\n", "S_macOS", "Release", "SDKROOT", "macosx"),
  ])
  func settingsAreXcodeGens(_ text: String, _ target: String, _ configuration: String, _ key: String, _ value: String) throws {
    let spec = try Self.spec(text)
    let found = try #require(spec.targets.first { $0.name == target }, "\(spec.targets.map(\.name))")
    let settings = spec.buildSettings(of: found, configuration: spec.configuration(configuration))
    #expect(try settings.expand("$(\(key))").get() == value)
  }

  /// Includes are merged under the spec: mappings key by key, lists appended, `KEY:REPLACE`.
  @Test func includesMergeUnderTheSpec() throws {
    let spec = try Self.spec(
      "include: [base.yml, {path: off.yml, enable: false}]\nname: App\nsettings:\n  base: {B: own}\ntargets:\n  S:\n    type: app-extension\n    platform: iOS\n    dependencies: [{target: Own}]\n",
      includes: [
        "/p/base.yml": "settings:\n  base: {A: included, B: included}\ntargets:\n  S:\n    dependencies: [{target: Included}]\n    settings:\n      base: {C: x}\n",
        "/p/off.yml": "name: Off\n",
      ])
    #expect(spec.name == "App")
    let target = try #require(spec.targets.first)
    #expect(target.dependencies == ["Included", "Own"])
    let settings = spec.buildSettings(of: target, configuration: "Release")
    #expect(settings.values["A"] == "included")
    #expect(settings.values["B"] == "own")
    #expect(settings.values["C"] == "x")
    let replaced = XcodeGenSpec.merge(
      try #require(try ConfigParser.parseYAML("a: [1, 2]\nb: {x: 1}\n")), try #require(try ConfigParser.parseYAML("a: [3]\nb:REPLACE: {y: 2}\n")))
    guard case .object(let members) = replaced.value, case .array(let list) = members[0].value.value, case .object(let b) = members[1].value.value else {
      Issue.record("not merged: \(replaced)")
      return
    }
    #expect(list.count == 3)
    #expect(b.map(\.key) == ["y"])
  }

  /// The XcodeGen sample: the share extension read from the spec's info.properties (the plist
  /// XcodeGen wrote beside it skipped), the Safari action from its own plist with the spec's
  /// settings, the Mac extension skipped; the configuration chooses the id.
  @Test(arguments: [("Release", "io.example.shelf.ShelfShare"), ("Debug", "io.example.shelf.debug.share")])
  func theSampleIsReadFromItsSpec(_ configuration: String, _ id: String) throws {
    let folder = repository + "/samples/projects/shelf-xcodegen"
    let set = ManifestLoader.load(paths: [folder], options: ImportOptions(configuration: configuration))
    #expect(set.errors.map(\.description) == [])
    #expect(set.handlers.map(\.id) == ["io.example.shelf.safari", id])
    #expect(set.handlers.map(\.label) == ["Read on Shelf", "Add to Shelf"])
    #expect(set.handlers.allSatisfy { $0.guessed.isEmpty })
    #expect(set.skipped.map { String($0.file.dropFirst(folder.count + 1)) } == ["ShelfShare/Info.plist", "project.yml"])
    #expect(set.warnings.map(\.code) == [.deploymentTarget])
  }
}
