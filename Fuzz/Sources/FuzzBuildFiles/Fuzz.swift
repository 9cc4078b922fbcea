import FuzzDriver
import Foundation
@testable import ShareRouting

/// The build files that decide ids and labels, read as untrusted input: the first byte picks
/// which file of a small Gradle build (0 settings.gradle.kts, 1 an app's build.gradle.kts, 2 a
/// library's build.gradle, 3 gradle/libs.versions.toml, 4 gradle.properties, 5 an applied
/// script) or Xcode project (6 the project-level .xcconfig, 7 the target's, 8 an included one),
/// XcodeGen spec (9 project.yml, 10 a file it includes), Expo config (11 app.json) or .NET MAUI
/// app (12 its .csproj, 13 a C# file with attributes, 14 its template manifest) the rest of
/// the input becomes. The tree is loaded for several variants and configurations,
/// linted and routed: handlers or findings, never a crash or a hang.
@main
enum Main {
  static let files: [String] = [
    "android/settings.gradle.kts", "android/app/build.gradle.kts", "android/lib/build.gradle",
    "android/gradle/libs.versions.toml", "android/gradle.properties", "android/common.gradle",
    "ios/Config/Base.xcconfig", "ios/Config/Share.xcconfig", "ios/Config/Identity.xcconfig",
    "gen/project.yml", "gen/Config/shared.yml", "expo/app.json",
    "maui/App.csproj", "maui/Platforms/Android/Share.cs", "maui/Platforms/Android/AndroidManifest.xml",
  ]

  /// A working tree: each file's default text (the fuzzed one is replaced per input).
  static let tree: [String: String] = [
    "android/settings.gradle.kts": "include(\":app\", \":lib\")\n",
    "android/app/build.gradle.kts": """
      plugins { alias(libs.plugins.android.application) }
      apply(from = "../common.gradle")
      android {
        namespace = "org.fuzz"
        defaultConfig { applicationId = project.property("appId").toString(); resValue("string", "app_name", "Fuzz") }
        flavorDimensions += "tier"
        productFlavors { create("free") { dimension = "tier"; applicationIdSuffix = ".free" } }
        buildTypes { debug { applicationIdSuffix = ".debug"; manifestPlaceholders["label"] = "Debug" } }
      }
      dependencies { implementation(projects.lib) }
      """,
    "android/lib/build.gradle": "apply plugin: 'com.android.library'\nandroid { namespace 'org.fuzz.lib' }\n",
    "android/gradle/libs.versions.toml": "[plugins]\nandroid-application = { id = \"com.android.application\" }\n",
    "android/gradle.properties": "appId=org.fuzz.app\n",
    "android/common.gradle": "android { buildTypes { staging { initWith debug } } }\n",
    "android/app/src/main/AndroidManifest.xml": """
      <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application android:label="@string/app_name">
      <activity android:name=".Main"><intent-filter><action android:name="android.intent.action.MAIN"/></intent-filter></activity>
      </application></manifest>
      """,
    "android/lib/src/main/AndroidManifest.xml": """
      <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application>
      <activity android:name=".Share" android:label="${label}"><intent-filter><action android:name="android.intent.action.SEND"/>
      <category android:name="android.intent.category.DEFAULT"/><data android:mimeType="*/*"/></intent-filter></activity>
      </application></manifest>
      """,
    "gen/project.yml": """
      name: Gen
      include: [Config/shared.yml]
      options: {bundleIdPrefix: org.fuzz.gen, deploymentTarget: {iOS: "15.0"}}
      targetTemplates:
        Ext: {type: app-extension, settings: {base: {SKIP_INSTALL: YES}}}
      targets:
        App: {type: application, platform: iOS, dependencies: [{target: Share}]}
        Share:
          templates: [Ext]
          platform: [iOS, macOS]
          deploymentTarget: {iOS: "16.0"}
          settings: {configs: {debug: {PRODUCT_BUNDLE_IDENTIFIER: org.fuzz.gen.debug.share}}}
          info:
            path: Share/Info.plist
            properties:
              NSExtension:
                NSExtensionPointIdentifier: com.apple.share-services
                NSExtensionAttributes: {NSExtensionActivationRule: {NSExtensionActivationSupportsText: true}}
      """,
    "gen/Config/shared.yml": "settings:\n  base: {DEVELOPMENT_TEAM: X}\n",
    "expo/package.json": "{\"name\": \"fuzz\"}\n",
    "maui/App.csproj": """
      <Project Sdk="Microsoft.NET.Sdk"><PropertyGroup>
      <TargetFrameworks>net8.0-android;net8.0-ios</TargetFrameworks><OutputType>Exe</OutputType>
      <ApplicationId>org.fuzz.maui</ApplicationId><ApplicationTitle>$(AssemblyName) Fuzz</ApplicationTitle>
      <ApplicationId Condition="'$(Configuration)' == 'Debug'">org.fuzz.debug</ApplicationId>
      </PropertyGroup></Project>
      """,
    "maui/Platforms/Android/Share.cs": """
      namespace Fuzz.Maui;
      [Activity(MainLauncher = true, Label = "Fuzz", Exported = true)]
      [IntentFilter(new[] { Intent.ActionSend, Intent.ActionSendMultiple }, Categories = [Intent.CategoryDefault],
                    DataMimeType = @"image/*", DataMimeTypes = new string[] { Types.Text, "video/*" })]
      public class MainActivity : MauiAppCompatActivity { const string Text = "text/plain"; }
      """,
    "maui/Platforms/Android/AndroidManifest.xml": """
      <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application android:supportsRtl="true">
      <activity android:name="org.fuzz.maui.Own" android:exported="true"><intent-filter><action android:name="android.intent.action.SEND"/>
      <category android:name="android.intent.category.DEFAULT"/><data android:mimeType="*/*"/></intent-filter></activity>
      </application></manifest>
      """,
    "expo/app.json": """
      {"expo": {"name": "Fuzz", "ios": {"bundleIdentifier": "org.fuzz.expo"}, "android": {"package": "org.fuzz.expo",
       "intentFilters": [{"action": "SEND", "category": ["DEFAULT"], "data": [{"mimeType": "text/plain"}]}]},
       "plugins": [["expo-share-intent", {"androidIntentFilters": ["image/*"], "iosActivationRules": "TRUEPREDICATE"}],
                   ["expo-share-extension", {"activationRules": [{"type": "image", "max": 2}]}]]}}
      """,
    "ios/Config/Base.xcconfig": "APP_ID_PREFIX = org.fuzz\nENV[config=Debug] = .debug\n",
    "ios/Config/Share.xcconfig": "#include \"Identity.xcconfig\"\n#include? \"Local.xcconfig\"\nPRODUCT_BUNDLE_IDENTIFIER = $(APP_ID_PREFIX)$(ENV).share\n",
    "ios/Config/Identity.xcconfig": "DEVELOPMENT_TEAM = X\nTAIL = $(inherited)\n",
    "ios/Share/Info.plist": """
      <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
      <key>NSExtension</key><dict><key>NSExtensionAttributes</key><dict><key>NSExtensionActivationRule</key>
      <dict><key>NSExtensionActivationSupportsText</key><true/></dict></dict>
      <key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string></dict></dict></plist>
      """,
  ]

  /// A project whose Share target takes its settings from Config/Share.xcconfig, over a
  /// project-level Config/Base.xcconfig.
  static let project = """
    // !$*UTF8*$!
    { archiveVersion = 1; objectVersion = 56; rootObject = P;
      objects = {
        P = { isa = PBXProject; mainGroup = G; buildConfigurationList = PL; targets = (T); };
        G = { isa = PBXGroup; children = (CG); sourceTree = "<group>"; };
        CG = { isa = PBXGroup; children = (B, S); path = Config; sourceTree = "<group>"; };
        B = { isa = PBXFileReference; path = Base.xcconfig; sourceTree = "<group>"; };
        S = { isa = PBXFileReference; path = Share.xcconfig; sourceTree = "<group>"; };
        PL = { isa = XCConfigurationList; buildConfigurations = (PR, PD); defaultConfigurationName = Release; };
        PR = { isa = XCBuildConfiguration; baseConfigurationReference = B; buildSettings = { }; name = Release; };
        PD = { isa = XCBuildConfiguration; baseConfigurationReference = B; buildSettings = { }; name = Debug; };
        T = { isa = PBXNativeTarget; name = Share; buildConfigurationList = TL; };
        TL = { isa = XCConfigurationList; buildConfigurations = (TR, TD); defaultConfigurationName = Release; };
        TR = { isa = XCBuildConfiguration; baseConfigurationReference = S; buildSettings = { INFOPLIST_FILE = Share/Info.plist; }; name = Release; };
        TD = { isa = XCBuildConfiguration; baseConfigurationReference = S; buildSettings = { INFOPLIST_FILE = Share/Info.plist; }; name = Debug; };
      };
    }
    """

  static func main() {
    let root = NSTemporaryDirectory() + "share-route-fuzz-builds-\(getpid())"
    var all = tree
    all["ios/App.xcodeproj/project.pbxproj"] = project
    for (path, text) in all {
      let full = root + "/" + path
      try? FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try? text.write(toFile: full, atomically: false, encoding: .utf8)
    }
    runFuzzer { input in
      guard let selector = input.first else { return }
      let chosen = files[Int(selector) % files.count]
      // Every file back to its default, then the chosen one replaced by the input.
      for path in files { try? tree[path]?.write(toFile: root + "/" + path, atomically: false, encoding: .utf8) }
      _ = FileManager.default.createFile(atPath: root + "/" + chosen, contents: Data(input.dropFirst()))
      for (configuration, variant) in [("Release", nil), ("Debug", "freeDebug"), ("Release", "staging")] as [(String, String?)] {
        let set = ManifestLoader.load(paths: [root], options: ImportOptions(configuration: configuration, variant: variant))
        for error in set.errors { _ = error.description }
        for warning in set.warnings { _ = warning.description }
        _ = LintReport(set).json(pretty: false)
        if !set.handlers.isEmpty {
          _ = try? Router(set).route(items: [try ShareItem.text("fuzz")])
        }
      }
    }
  }
}
