import Foundation
import Testing

@testable import ShareRouting

/// What keeps an app from building or installing, as the build tools and the platform decide it:
/// from targetSdk 31 a component with an intent filter must say `android:exported` (AGP's
/// `ManifestMerger2` for a source tree's activities, services and receivers; the package
/// parser's `ParsedActivityUtils.parseActivityOrAlias` and `ParsedServiceUtils.parseService` for
/// aliases and built packages); and the merger moves an `<activity-alias>` after its target
/// (`PostValidator.reOrderActivityAlias`) before the parser asks that the target come first.
@Suite struct InstallGateTests {
  static let share = #"<intent-filter><action android:name="android.intent.action.SEND"/><category android:name="android.intent.category.DEFAULT"/><data android:mimeType="image/*"/></intent-filter>"#

  static func manifest(_ body: String, usesSdk: Int? = nil) -> String {
    """
    <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.x">
    \(usesSdk.map { "<uses-sdk android:minSdkVersion=\"24\" android:targetSdkVersion=\"\($0)\"/>" } ?? "")
    <application>
    \(body)
    </application>
    </manifest>
    """
  }

  /// A lone manifest with `<uses-sdk>`: (its body, targetSdk, the errors expected, the ids loaded).
  @Test(arguments: [
    ("<activity android:name=\".Share\">\(share)</activity>", 31,
     ["4:1: android:exported needs to be explicitly specified for element <activity#org.x.Share>: apps targeting Android 12 and higher (targetSdk 31 from AndroidManifest.xml:2) must say whether a component with an intent filter is exported, so the manifest merger fails the build",
      "1:1: Android does not install this package (1 problem in it), so none of its components is used"], [String]()),
    ("<activity android:name=\".Share\">\(share)</activity>", 30, [], ["org.x/.Share"]),
    ("<activity android:name=\".Share\" android:exported=\"true\">\(share)</activity>", 35, [], ["org.x/.Share"]),
    // exported="false" says it too (and lint warns that no sheet lists it).
    ("<activity android:name=\".Share\" android:exported=\"false\">\(share)</activity>", 35, [], ["org.x/.Share"]),
    // An alias: the package parser's check, so the install fails.
    ("<activity android:name=\".Share\" android:exported=\"true\">\(share)</activity><activity-alias android:name=\".Alias\" android:targetActivity=\".Share\">\(share)</activity-alias>", 33,
     ["4:242: org.x.Alias: Targeting S+ (version 31 and above) requires that an explicit value for android:exported be defined when intent filters are present (targetSdk 33 from AndroidManifest.xml:2), so the platform refuses the install",
      "1:1: Android does not install this package (1 problem in it), so none of its components is used"], []),
    // A receiver with a filter counts as much as a share activity; a component without one does not.
    ("<activity android:name=\".Share\" android:exported=\"true\">\(share)</activity><receiver android:name=\".Boot\"><intent-filter><action android:name=\"android.intent.action.BOOT_COMPLETED\"/></intent-filter></receiver>", 34,
     ["4:242: android:exported needs to be explicitly specified for element <receiver#org.x.Boot>: apps targeting Android 12 and higher (targetSdk 34 from AndroidManifest.xml:2) must say whether a component with an intent filter is exported, so the manifest merger fails the build",
      "1:1: Android does not install this package (1 problem in it), so none of its components is used"], []),
    ("<activity android:name=\".Share\" android:exported=\"true\">\(share)</activity><activity android:name=\".Settings\"/><service android:name=\".Sync\"/>", 34, [], ["org.x/.Share"]),
    // An alias above its target: the merger moves it, the package installs.
    ("<activity-alias android:name=\".Alias\" android:targetActivity=\".Share\" android:exported=\"true\">\(share)</activity-alias><activity android:name=\".Share\" android:exported=\"true\">\(share)</activity>", 34,
     [], ["org.x/.Alias", "org.x/.Share"]),
  ])
  func loneManifest(_ body: String, _ targetSdk: Int, _ errors: [String], _ ids: [String]) throws {
    let directory = try scratchDirectory(texts: ["AndroidManifest.xml": Self.manifest(body, usesSdk: targetSdk)])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = directory + "/AndroidManifest.xml"
    let set = ManifestLoader.load(paths: [file])
    #expect(set.errors.map(\.description) == errors.map { file + ":" + $0 })
    #expect(set.handlers.map(\.id) == ids)
  }

  /// Without `<uses-sdk>` or a Gradle file, the target is unknown: no gate.
  @Test func anUnknownTargetHasNoGate() throws {
    let directory = try scratchDirectory(texts: ["AndroidManifest.xml": Self.manifest("<activity android:name=\".Share\">\(Self.share)</activity>")])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let set = ManifestLoader.load(paths: [directory])
    #expect(set.errors.isEmpty)
    #expect(set.handlers.map(\.id) == ["org.x/.Share"])
  }

  /// A Gradle build: the variant's targetSdk (the first flavour's, else defaultConfig's; a
  /// version catalog's, a root project's ext), on the merged manifest (a library's
  /// `android:exported` counts for the app's overlay of the same component).
  @Test(arguments: [
    ("targetSdk 33", "", nil, true, "from app/build.gradle:4, defaultConfig"),
    ("targetSdkVersion 30", "", nil, false, ""),
    ("targetSdk = libs.versions.target.sdk.get().toInt()", "", "[versions]\ntarget-sdk = \"34\"\n", true,
     "from app/build.gradle:4, defaultConfig, through libs.versions.target.sdk"),
    ("targetSdkVersion rootProject.ext.targetSdkVersion", "ext {\n  targetSdkVersion = 32\n}\n", nil, true,
     "from app/build.gradle:4, defaultConfig, through rootProject.ext.targetSdkVersion"),
    // A value the build computes some other way: unknown, no gate.
    ("targetSdkVersion flutter.targetSdkVersion", "", nil, false, ""),
  ])
  func gradleTargets(_ line: String, _ root: String, _ catalog: String?, _ refused: Bool, _ origin: String) throws {
    var texts = [
      "settings.gradle": "include ':app'\n",
      "build.gradle": root,
      "app/build.gradle": "plugins { id 'com.android.application' }\nandroid {\n  defaultConfig {\n    \(line)\n    applicationId 'org.x'\n  }\n  namespace 'org.x'\n}\n",
      "app/src/main/AndroidManifest.xml": Self.manifest("<activity android:name=\".Share\">\(Self.share)</activity>"),
    ]
    if let catalog { texts["gradle/libs.versions.toml"] = catalog }
    let directory = try scratchDirectory(texts: texts)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let set = ManifestLoader.load(paths: [directory])
    if refused {
      #expect(set.handlers.isEmpty)
      let first = try #require(set.errors.first?.description)
      #expect(first.hasSuffix("android:exported needs to be explicitly specified for element <activity#org.x.Share>: apps targeting Android 12 and higher (\(Self.target(line, catalog, root)) \(origin)) must say whether a component with an intent filter is exported, so the manifest merger fails the build"))
    } else {
      #expect(set.errors.isEmpty)
      #expect(set.handlers.map(\.id) == ["org.x/.Share"])
    }
  }

  static func target(_ line: String, _ catalog: String?, _ root: String) -> String {
    if catalog != nil { return "targetSdk 34" }
    if !root.isEmpty { return "targetSdk 32" }
    return "targetSdk " + line.filter(\.isNumber)
  }

  /// The merged manifest decides: a library declares `android:exported`, the app's debug
  /// overlay of the same activity does not (the sample podcasts app, targetSdk 35).
  @Test func theMergedManifestDecides() throws {
    let set = ManifestLoader.load(
      paths: [String(#filePath).components(separatedBy: "/Tests/").dropLast().joined(separator: "/Tests/") + "/samples/projects/podcasts"],
      options: ImportOptions(variant: "fossDebug"))
    #expect(set.errors.isEmpty)
    #expect(set.handlers.contains { $0.id == "com.example.podcasts.foss.debug/com.example.podcasts.share.AddFileActivity" })
  }
}
