import Foundation
import Testing

@testable import ShareRouting

private let projects = String(#filePath).components(separatedBy: "/Tests/").dropLast().joined(separator: "/Tests/") + "/samples/projects"

/// Expo apps that configure sharing in app.json, before `expo prebuild` wrote the native
/// projects: what the plugins and Expo's own keys would write, read as those files are read.
@Suite struct ExpoTests {
  static func handlers(_ set: ManifestSet) -> [String: HandlerManifest] {
    Dictionary(uniqueKeysWithValues: set.handlers.map { ($0.id, $0) })
  }

  /// expo-share-intent: filters on the main activity (SEND with every androidIntentFilters type,
  /// SEND_MULTIPLE when androidMultiIntentFilters is given), a share extension named after the app.
  @Test func expoShareIntent() throws {
    let set = ManifestLoader.load(paths: [projects + "/snap-expo"])
    #expect(set.errors.map(\.description) == [])
    let byID = Self.handlers(set)
    #expect(byID.keys.sorted() == ["com.example.snapnotes.share-extension", "com.example.snapnotes/.MainActivity"])
    let android = try #require(byID["com.example.snapnotes/.MainActivity"])
    #expect(android.label == "Snap Notes")
    // The launcher filter the template has, then the plugin's.
    #expect(android.intentFilters?.map(\.actions) == [["android.intent.action.MAIN"], ["android.intent.action.SEND"], ["android.intent.action.SEND_MULTIPLE"]])
    #expect(android.intentFilters?.map(\.declaredTypes) == [[], ["text/*", "image/*"], ["image/*"]])
    let ios = try #require(byID["com.example.snapnotes.share-extension"])
    #expect(ios.label == "Snap Notes - Share Extension")
    guard case .dictionary(let rule)? = ios.activationRule else {
      Issue.record("not a dictionary rule: \(String(describing: ios.activationRule))")
      return
    }
    #expect(rule.values[.imageMaxCount] == .integer(4))
    #expect(rule.values[.webURLMaxCount] == .integer(1))
    // The rule written for the app's own plist is misplaced.
    #expect(set.warnings.map(\.keyPath).contains("ios.infoPlist.NSExtensionActivationRule"))
  }

  /// expo-share-extension and Expo's own android.intentFilters (short action and category names,
  /// prefixed); app.config.ts beside app.json is code, named in a warning.
  @Test func expoShareExtensionAndIntentFilters() throws {
    let set = ManifestLoader.load(paths: [projects + "/board-expo"])
    #expect(set.errors.map(\.description) == [])
    let byID = Self.handlers(set)
    #expect(byID.keys.sorted() == ["io.example.pinboard.ShareExtension", "io.example.pinboard/.MainActivity"])
    let android = try #require(byID["io.example.pinboard/.MainActivity"])
    #expect(android.intentFilters?.map(\.actions) == [["android.intent.action.MAIN"], ["android.intent.action.SEND"], ["android.intent.action.VIEW"]])
    #expect(android.intentFilters?[1].declaredTypes == ["text/plain", "image/*"])
    #expect(android.intentFilters?[2].categories == ["android.intent.category.BROWSABLE", "android.intent.category.DEFAULT"])
    let ios = try #require(byID["io.example.pinboard.ShareExtension"])
    #expect(ios.label == "PinBoardShareExtension Share Extension")
    guard case .dictionary(let rule)? = ios.activationRule else {
      Issue.record("not a dictionary rule")
      return
    }
    // An image rule also takes files (the screenshot overlay sends file URLs).
    #expect(rule.values[.imageMaxCount] == .integer(3))
    #expect(rule.values[.fileMaxCount] == .integer(3))
    #expect(rule.values[.webURLMaxCount] == .integer(1))
    #expect(set.warnings.contains { $0.code == .unresolvedProjectFile && $0.message.hasPrefix("app.config.ts is code") })
  }

  @Test(arguments: [("Pin Board!", "PinBoard"), ("Café Notes", "CafNotes"), ("Éclair", "clair"), ("日本", "app"), ("é", "e"), ("a_b-c", "abc")])
  func sanitizedNamesAreExpos(_ name: String, _ sanitized: String) {
    #expect(ExpoImport.sanitized(name) == sanitized)
  }
}
