import FuzzDriver
import Foundation
@testable import ShareRouting

/// The files around platform files, read as untrusted input: the first byte picks which one the
/// rest of the input becomes (0: a module's build.gradle, 1: build.gradle.kts, 2: its
/// res/values/strings.xml, 3: an Xcode project.pbxproj), beside a fixed AndroidManifest.xml and
/// Info.plist that need them. Loading must give handlers or findings, never crash or hang.
@main
enum Main {
  static let manifest = """
    <manifest xmlns:android="http://schemas.android.com/apk/res/android">
    <application android:label="@string/app_name">
    <activity android:name=".Share" android:label="@string/share"><intent-filter>
    <action android:name="android.intent.action.SEND"/><category android:name="android.intent.category.DEFAULT"/>
    <data android:mimeType="*/*"/></intent-filter></activity></application></manifest>
    """
  static let plist = """
    <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
    <key>CFBundleName</key><string>${PRODUCT_NAME:rfc1034identifier}</string>
    <key>NSExtension</key><dict><key>NSExtensionAttributes</key><dict><key>NSExtensionActivationRule</key>
    <dict><key>NSExtensionActivationSupportsText</key><true/></dict></dict>
    <key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string></dict></dict></plist>
    """

  static func main() {
    let root = NSTemporaryDirectory() + "share-route-fuzz-projects-\(getpid())"
    let files = [
      "android/app/build.gradle", "android/app/build.gradle.kts", "android/app/src/main/res/values/strings.xml",
      "ios/App.xcodeproj/project.pbxproj",
    ]
    for folder in ["android/app/src/main/res/values", "ios/App.xcodeproj", "ios/Share"] {
      try? FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
    }
    try? manifest.write(toFile: root + "/android/app/src/main/AndroidManifest.xml", atomically: false, encoding: .utf8)
    try? plist.write(toFile: root + "/ios/Share/Info.plist", atomically: false, encoding: .utf8)
    runFuzzer { input in
      guard let selector = input.first else { return }
      for file in files { unlink(root + "/" + file) }
      let path = root + "/" + files[Int(selector) % files.count]
      _ = FileManager.default.createFile(atPath: path, contents: Data(input.dropFirst()))
      for configuration in ["Release", "Debug"] {
        let set = ManifestLoader.load(paths: [root], options: ImportOptions(configuration: configuration))
        for error in set.errors { _ = error.description }
        for warning in set.warnings { _ = warning.description }
        if !set.handlers.isEmpty {
          _ = try? Router(set).route(items: [try ShareItem.text("fuzz"), ShareItem.declared(uti: "public.url")])
        }
      }
    }
  }
}
