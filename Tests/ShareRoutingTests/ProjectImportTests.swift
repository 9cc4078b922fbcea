import Foundation
import Testing

@testable import ShareRouting

private let repository = String(#filePath).components(separatedBy: "/Tests/").dropLast().joined(separator: "/Tests/")
private let projects = repository + "/samples/projects"

/// What share-route reads around a platform file: Gradle scripts, string resources, Xcode
/// projects and their build settings; and how ids stay unique across many apps.
@Suite struct ProjectImportTests {
  /// An AndroidManifest.xml whose one activity, `.S`, takes SEND of `type`.
  static func shareManifest(package: String, type: String) -> String {
    """
    <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="\(package)">
    <application><activity android:name=".S" android:label="S"><intent-filter><action android:name="android.intent.action.SEND"/><category android:name="android.intent.category.DEFAULT"/><data android:mimeType="\(type)"/></intent-filter></activity></application>
    </manifest>
    """
  }

  // MARK: Gradle

  /// Groovy and Kotlin DSL, literal values only; comments, other blocks and interpolation do not count.
  @Test(arguments: [
    ("android { namespace 'org.a' }", "org.a", nil),
    ("android {\n  namespace = \"org.a\"\n  defaultConfig {\n    applicationId = \"org.a.app\"\n  }\n}", "org.a", "org.a.app"),
    ("android {\n  namespace \"org.a\"\n  defaultConfig { applicationId 'org.b' }\n}", "org.a", "org.b"),
    ("android.namespace = \"org.dotted\"\nandroid.defaultConfig.applicationId = \"org.dotted.id\"", "org.dotted", "org.dotted.id"),
    ("android { defaultConfig { applicationId(\"org.call\") } }", nil, "org.call"),
    ("android { namespace.set(\"org.set\") }", "org.set", nil),
    ("// namespace 'org.comment'\nandroid {\n  /* namespace 'org.block' */\n  namespace '''org.triple'''\n}", "org.triple", nil),
    ("android {\n  productFlavors {\n    create(\"free\") { applicationId = \"org.flavour\" }\n  }\n  buildTypes { debug { applicationId 'org.debug' } }\n}", nil, nil),
    ("namespace 'org.outside'\nandroid { }", nil, nil),
    ("android {\n  namespace = \"org.${name}\"\n}", nil, nil),
    ("android {\n  namespace = libs.versions.ns.get()\n}", nil, nil),
    ("android { namespace 'org.\\'quoted' }", "org.'quoted", nil),
    ("android { namespace 'unterminated\n}", "unterminated", nil),
    ("", nil, nil),
  ] as [(String, String?, String?)])
  func gradleScriptsGiveLiteralValuesOnly(_ script: String, _ namespace: String?, _ applicationID: String?) {
    let read = GradleScript(bytes: Array(script.utf8))
    #expect(read.namespace?.value == namespace)
    #expect(read.applicationID?.value == applicationID)
  }

  /// A computed value is found (with its place) but has no value.
  @Test func computedGradleValuesAreReportedWithTheirLine() {
    let read = GradleScript(bytes: Array("plugins { }\nandroid {\n    namespace = computeIt()\n}\n".utf8))
    #expect(read.namespace?.value == nil)
    #expect(read.namespace?.written == "computeIt()")
    #expect(read.namespace?.location == SourceLocation(line: 3, column: 5))
  }

  // MARK: String resources

  @Test(arguments: [
    ("Plain", "Plain"),
    ("  spaced   out  ", "spaced out"),
    ("\"  kept  \"", "  kept  "),
    ("Don\\'t", "Don't"),
    ("say \\\"hi\\\"", "say \"hi\""),
    ("line\\nbreak", "line\nbreak"),
    ("\\@not a reference", "@not a reference"),
    ("\\u201Cquoted\\u201D", "\u{201C}quoted\u{201D}"),
  ])
  func stringResourcesAreDecodedLikeAapt(_ raw: String, _ decoded: String) {
    #expect(AndroidStrings.decode(raw) == decoded)
  }

  // MARK: Component names

  @Test(arguments: [
    ("org.app", "org.app.Share", "org.app/.Share"),
    ("org.app", "org.app.share.ShareActivity", "org.app/.share.ShareActivity"),
    ("org.app.free", "org.app.Share", "org.app.free/org.app.Share"),
    ("org.app", "org.application.Share", "org.app/org.application.Share"),
    ("org.app", "org.app", "org.app/org.app"),
  ])
  func componentNamesUseTheShortForm(_ package: String, _ className: String, _ expected: String) {
    #expect(AndroidManifestImporter.componentName(package: package, className: className) == expected)
  }

  // MARK: Build settings

  @Test(arguments: [
    ("$(PRODUCT_BUNDLE_IDENTIFIER)", "org.example.share"),
    ("${PRODUCT_BUNDLE_IDENTIFIER}", "org.example.share"),
    ("org.example.$(PRODUCT_NAME:rfc1034identifier)", "org.example.Share-to-Notes"),
    ("$(PRODUCT_NAME:c99extidentifier)", "Share_to_Notes"),
    ("$(PRODUCT_NAME:lower)", "share to notes"),
    ("$(PRODUCT_NAME)", "Share to Notes"),
    ("$(NESTED)", "Share to Notes!"),
    ("$(UNDEFINED:default=fallback)", "fallback"),
    ("plain", "plain"),
  ])
  func buildSettingsExpand(_ text: String, _ expected: String) throws {
    let settings = BuildSettings(values: [
      "PRODUCT_BUNDLE_IDENTIFIER": "org.example.share", "TARGET_NAME": "Share to Notes",
      "PRODUCT_NAME": "$(TARGET_NAME)", "NESTED": "$(PRODUCT_NAME)!",
    ])
    #expect(try settings.expand(text).get() == expected)
  }

  /// Expansion has budgets: a setting that doubles at every level, or names itself through
  /// `$(inherited)`, stops with the name and `overBudget`, at once.
  @Test func expansionIsBounded() throws {
    var chains: [String: [String]] = ["L0": ["0123456789"]]
    for level in 1...30 { chains["L\(level)"] = [String(repeating: "$(L\(level - 1))", count: 10)] }
    // Every assignment of one setting inherits the one before: resolved only when read.
    chains["ID"] = (0..<50_000).map { "$(inherited)\($0 % 10)" }
    let settings = BuildSettings(chains: chains)
    let started = Date()
    guard case .failure(let unresolved) = settings.expand("$(L30)") else {
      Issue.record("expanded")
      return
    }
    #expect(unresolved.overBudget)
    guard case .failure(let inherited) = settings.expand("$(ID)") else {
      Issue.record("expanded")
      return
    }
    #expect(inherited.overBudget || inherited.variable == "inherited" || inherited.variable == "ID")
    #expect(Date().timeIntervalSince(started) < 2)
    #expect(try settings.expand("$(L2)").get().count == 1_000)
  }

  @Test(arguments: [("$(UNDEFINED)", "UNDEFINED"), ("$(LOOP)", "LOOP"), ("a.$(MISSING:rfc1034identifier)", "MISSING"), ("$(OPEN", "OPEN")])
  func unresolvedSettingsNameTheVariable(_ text: String, _ variable: String) {
    let settings = BuildSettings(values: ["LOOP": "$(LOOP)"])
    guard case .failure(let unresolved) = settings.expand(text) else {
      Issue.record("\(text) expanded")
      return
    }
    #expect(unresolved.variable == variable)
  }

  /// The sample projects' pbxproj files: targets, configurations, project-level inheritance.
  @Test func xcodeProjectsGiveTheirTargetsSettings() throws {
    let file = projects + "/chat/ios/Chat.xcodeproj/project.pbxproj"
    let project = try XcodeProject(file: file, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: file))))
    #expect(project.name == "Chat")
    #expect(project.targets.map(\.name) == ["Chat", "ShareExtension"])
    let none = { (name: String) -> Result<XcodeConfigFile, XcodeProject.Failure> in
      .failure(XcodeProject.Failure(file: name, location: nil, message: "not read"))
    }
    guard case .targets(let targets) = project.owner(ofInfoPlist: "ShareExtension/Info.plist", read: none), let target = targets.first else {
      Issue.record("no target builds ShareExtension/Info.plist")
      return
    }
    #expect(target.name == "ShareExtension")
    #expect(target.productType == "com.apple.product-type.app-extension")
    #expect(project.host(of: target)?.name == "Chat")
    for (configuration, id) in [("Release", "org.example.chat.share"), ("Debug", "org.example.chat.debug.share")] {
      let (settings, used, problems) = try #require(project.settings(of: target, configuration: configuration, read: none))
      #expect(problems.isEmpty)
      #expect(used == configuration)
      #expect(try settings.expand("$(PRODUCT_BUNDLE_IDENTIFIER)").get() == id)
      // Project-level settings are inherited, with $(inherited) expanded.
      #expect(settings.values["SDKROOT"] == "iphoneos")
    }
    let (_, fallback, _) = try #require(project.settings(of: target, configuration: "Staging", read: none))
    #expect(fallback == "Release")
    guard case .none = project.owner(ofInfoPlist: "Other/Info.plist", read: none) else {
      Issue.record("a target builds Other/Info.plist")
      return
    }
  }

  @Test(arguments: [
    ("{ a = (b, c,); d = \"e f\"; }", nil),
    ("// !$*UTF8*$!\n{ rootObject = X; }", nil),
    ("{ a = b", "1:8: expected ';', found the end of the file"),
    ("{ a = \"open }", "1:7: this string is not closed"),
    ("{ a = (b c); }", "1:10: expected ',' or ')', found 'c'"),
    ("{ a = b; } extra", "1:12: unexpected text after the property list"),
    (String(repeating: "(", count: 100), "1:65: nesting deeper than 64 levels"),
  ] as [(String, String?)])
  func oldStylePlistsParseStrictly(_ text: String, _ expected: String?) {
    do throws(PBXSyntaxError) {
      _ = try PBXParser.parse(Array(text.utf8))
      #expect(expected == nil)
    } catch {
      #expect("\(error.location): \(error.message)" == expected, "\(text)")
    }
  }

  // MARK: The sample projects, all at once

  /// Every handler of the folder of many apps: ids unique and readable, labels resolved.
  @Test func aFolderOfManyAppsLoadsEveryHandler() throws {
    let set = ManifestLoader.load(paths: [projects])
    #expect(set.errors.map(\.description) == [])
    let byID = Dictionary(uniqueKeysWithValues: set.handlers.map { ($0.id, $0.label) })
    #expect(byID.count == set.handlers.count)
    #expect(
      byID == [
        // Android: package/.Activity from the manifest, Gradle's namespace or applicationId.
        "org.example.chat/.share.ShareActivity": "Send in a chat",
        "org.example.chat/.share.PostStatusAlias": "Post as status",
        "org.example.mail/.activity.MessageCompose": "Compose mail",
        "org.example.browser/.IntentReceiverActivity": "Search with \u{201C}Browser\u{201D}",
        "org.example.browser/.ReadLaterAlias": "Read later",
        "org.example.notes/.share.ShareActivity@notes/android": "New note",
        "org.example.notes/.share.AddToNotebook": "Add to notebook",
        "org.example.notes/.share.ShareActivity@notes-fork": "New note (fork)",
        "org.example.player.free/org.example.player.gui.StartActivity": "Player",
        "legacy.app/.ImportActivity": "legacy",
        // The root project is the app (no include): its flavour's suffix and resValue label.
        "org.example.solo.lite/org.example.solo.ShareActivity": "Solo Lite",
        // A multi-module build: the share activities of a library, under the app's id.
        "com.example.podcasts/.share.AddFileActivity": "Add to Podcasts",
        "com.example.podcasts/.share.SubscribeActivity": "Podcasts",
        "com.example.podcasts.widgets/.QueueFromShareActivity": "Queue episode",
        // iOS: CFBundleIdentifier and names from the Xcode projects' build settings.
        "org.example.chat.share": "Chat",
        "org.example.mail.compose": "Send with Mail",
        "org.example.notes.Share-to-Notes": "Share to Notes",
        "com.example.photobox.share": "PhotoBox",
        "net.example.reader.save": "Save to Reader",
        "io.example.vault.find-login": "Vault",
        "com.example.planner.share": "Add to Planner",
        // The iPhone extension of a project that also builds a Mac one (skipped below).
        "app.example.clipper.share": "Clip It",
        // An XcodeGen project: one extension declared in project.yml, one with its own plist.
        "io.example.shelf.ShelfShare": "Add to Shelf",
        "io.example.shelf.safari": "Read on Shelf",
        // Expo apps before `expo prebuild`: what app.json's share plugins would write.
        "com.example.snapnotes/.MainActivity": "Snap Notes",
        "com.example.snapnotes.share-extension": "Snap Notes - Share Extension",
        "io.example.pinboard/.MainActivity": "Pin Board!",
        "io.example.pinboard.ShareExtension": "PinBoardShareExtension Share Extension",
        // A .NET MAUI app: C# attributes as its build writes them; its iOS extension project.
        "com.example.pinboard/crc64382f0677c0450b48.MainActivity": "Pin Board",
        "com.example.pinboard/.PinActivity": "Pin to board",
        "com.example.pinboard.ShareExtension": "Pin Board",
        // Flavours in a convention plugin (build-logic): the id is a guess.
        "com.example.tides/.share.LogCatchActivity": "Log a catch",
      ])
    #expect(set.handlers.first { $0.id == "org.example.notes/.share.AddToNotebook" }?.enabled == false)
    #expect(set.handlers.filter { !$0.enabled }.count == 1)
    // Test manifests, build output and dependencies are not read; the app plists are skipped quietly.
    let origins = set.handlers.map(\.origin)
    #expect(!origins.contains { $0.contains("/androidTest/") || $0.contains("/build/") || $0.contains("node_modules") || $0.contains("/Pods/") })
    // Source sets of other variants (debug), a Mac extension and a plist no target builds are
    // skipped, saying so.
    #expect(
      set.skipped.map(\.file) == [
        projects + "/chat/android/app/src/debug/AndroidManifest.xml", projects + "/clipper/ClipperMacShare/Info.plist",
        projects + "/clipper/Legacy/OldShare/Info.plist", projects + "/podcasts/app/src/debug/AndroidManifest.xml",
        projects + "/shelf-xcodegen/ShelfShare/Info.plist", projects + "/shelf-xcodegen/project.yml",
      ])
  }

  @Test func theConfigurationDecidesBuildSettings() {
    let release = ManifestLoader.load(paths: [projects + "/chat/ios"])
    let debug = ManifestLoader.load(paths: [projects + "/chat/ios"], options: ImportOptions(configuration: "Debug"))
    #expect(release.handlers.map(\.id) == ["org.example.chat.share"])
    #expect(debug.handlers.map(\.id) == ["org.example.chat.debug.share"])
    #expect(
      debug.buildSettings.map(\.description) == [
        "build settings of Chat.xcodeproj, target 'ShareExtension', configuration 'Debug'; "
          + "CFBundleIdentifier 'org.example.chat.debug.share': PRODUCT_BUNDLE_IDENTIFIER from "
          + "Chat.xcodeproj/project.pbxproj:152, target 'ShareExtension', Debug"
      ])
    let missing = ManifestLoader.load(paths: [projects + "/chat/ios"], options: ImportOptions(configuration: "Staging"))
    #expect(
      missing.buildSettings.map(\.description) == [
        "build settings of Chat.xcodeproj, target 'ShareExtension', configuration 'Release' (the target has no 'Staging'); "
          + "CFBundleIdentifier 'org.example.chat.share': PRODUCT_BUNDLE_IDENTIFIER from "
          + "Chat.xcodeproj/project.pbxproj:173, target 'ShareExtension', Release"
      ])
  }

  /// Every id expanded from a build setting in the sample projects points at the line that sets
  /// it: the setting's (or the project key's) name is on that line, at the column given where the
  /// file is one of Xcode's (`project.pbxproj`, `.xcconfig`).
  @Test func eachIDSettingIsAtItsLine() throws {
    let set = ManifestLoader.load(paths: [projects])
    var checked = 0
    for handler in set.handlers {
      guard let (name, place, _) = set.idSetting(of: handler.id), let location = place.location else { continue }
      let lines = try String(contentsOfFile: place.file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
      let line = lines.indices.contains(location.line - 1) ? String(lines[location.line - 1]) : ""
      let key = String(name.split(separator: ".").last ?? "")
      #expect(line.contains(key), "\(place.file):\(location.line): \(line)")
      if place.file.hasSuffix(".pbxproj") || place.file.hasSuffix(".xcconfig") {
        #expect(String(line.utf8.dropFirst(location.column - 1)).map { $0.hasPrefix(key) } == true, "\(place.file):\(location)")
      }
      checked += 1
    }
    // chat, clipper, mail, notes, photos, reader, vault (pbxproj), planner (xcconfig), MAUI, Expo, and the
    // Android apps (Gradle).
    #expect(checked >= 10)
  }

  /// The clean sample apps lint without a single warning (notes for app-declared types aside).
  @Test(arguments: ["chat", "mail", "browser", "media", "photos-ios", "reader-ios", "vault-ios", "notes/ios"])
  func cleanAppsLintWithoutWarnings(_ app: String) {
    let set = ManifestLoader.load(paths: [projects + "/" + app])
    #expect(set.errors.isEmpty)
    #expect(set.warnings.filter { $0.severity == .warning }.map(\.description) == [])
  }

  // MARK: Disabled components

  @Test(arguments: [false, true])
  func disabledComponentsAreRefusedUnlessAssumedEnabled(_ assumeEnabled: Bool) throws {
    let set = ManifestLoader.load(paths: [projects + "/notes/android"])
    let route = try Router(set, assumeEnabled: assumeEnabled).route(items: [try ShareItem.text("milk")])
    let id = "org.example.notes/.share.AddToNotebook"
    if assumeEnabled {
      #expect(route.accepted.map(\.id).contains(id))
    } else {
      let rejection = try #require(route.rejected.first { $0.id == id })
      #expect(rejection.reasons.map(\.code) == [.disabled])
      #expect(rejection.phase == .notEligible)
      #expect(
        rejection.reasons.first?.message
          == "disabled in the manifest (android:enabled=\"false\"); the app may enable it at run time (--assume-enabled routes it as enabled)")
    }
  }

  /// `<application android:enabled="false">` disables every component in it; a disabled
  /// component that does not match also says why.
  @Test func aDisabledApplicationDisablesItsComponents() throws {
    let directory = try scratchDirectory(texts: [
      "AndroidManifest.xml": """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.off">
        <application android:enabled="false">
        <activity android:name=".A" android:label="A"><intent-filter><action android:name="android.intent.action.SEND"/><category android:name="android.intent.category.DEFAULT"/><data android:mimeType="image/*"/></intent-filter></activity>
        </application>
        </manifest>
        """
    ])
    let set = ManifestLoader.load(paths: [directory])
    #expect(set.handlers.map(\.enabled) == [false])
    let route = try Router(set).route(items: [try ShareItem.text("t")])
    #expect(route.rejected.first?.reasons.map(\.code) == [.disabled, .noMatchType])
  }

  // MARK: Ids unique by construction

  @Test func sameDerivedIDsAreToldApartExplicitOnesStayErrors() throws {
    let manifest = Self.shareManifest(package: "org.same", type: "*/*")
    let directory = try scratchDirectory(texts: [
      "apps/upstream/app/src/main/AndroidManifest.xml": manifest,
      "apps/fork/app/src/main/AndroidManifest.xml": manifest,
      "native/a.yaml": "id: twice\nlabel: A\n",
      "native/b.yaml": "id: twice\nlabel: B\n",
    ])
    let set = ManifestLoader.load(paths: [directory + "/apps", directory + "/native"])
    #expect(set.handlers.map(\.id) == ["org.same/.S@fork", "org.same/.S@upstream", "twice"])
    #expect(set.idNotices.count == 2)
    #expect(set.errors.map(\.description) == ["\(directory)/native/b.yaml:1:5: id: duplicate id 'twice' (first defined in \(directory)/native/a.yaml)"])
    // The same file given twice: told apart by its whole path and a counter.
    let twice = ManifestLoader.load(paths: [directory + "/apps/fork", directory + "/apps/fork"])
    #expect(twice.handlers.count == 2 && Set(twice.handlers.map(\.id)).count == 2)
  }

  @Test(arguments: [
    (["a/b/c/x", "a/d/c/x"], ["b", "d"]),
    (["p/one/src/main/M.xml", "p/two/src/main/M.xml", "p/three/deep/src/main/M.xml"], ["one", "two", "three/deep"]),
    (["x/M.xml", "x/y/M.xml"], ["x/M.xml", "y"]),
  ])
  func distinguishingPlacesDropCommonFolders(_ files: [String], _ expected: [String]) {
    #expect(ManifestSet.distinguishingPlaces(files) == expected)
  }

  // MARK: Declared items

  /// Every UTI of the table becomes the Android intent a sender would build: links are text,
  /// types with a MIME type keep it, abstract ones become wildcards, others octet-stream.
  @Test func everyDeclaredUTIBecomesTheRightIntent() {
    for uti in TypeIdentifier.allIdentifiers {
      let item = ShareItem.declared(uti: uti)
      let intent = AndroidIntent.share([item])
      let isLink = TypeIdentifier.conforms(uti, to: TypeIdentifier.url) && uti != TypeIdentifier.fileURL
      if isLink {
        #expect(intent.type == "text/plain" && item.kind == .url && item.share.isTextShare, "\(uti)")
      } else if let mime = TypeIdentifier.preferredMIMEType(of: uti) {
        #expect(intent.type == mime, "\(uti)")
      } else {
        #expect(intent.type?.hasSuffix("/*") == true || intent.type == "application/octet-stream", "\(uti)")
      }
      #expect(intent.action == IntentFilter.actionSend)
    }
  }

  @Test func aDeclaredLinkReachesURLHandlersOnBothPlatforms() throws {
    let set = ManifestLoader.load(paths: [projects + "/browser", projects + "/reader-ios"])
    let route = try Router(set).route(items: [ShareItem.declared(uti: "public.url")])
    #expect(
      route.accepted.map(\.id).sorted() == [
        "net.example.reader.save", "org.example.browser/.IntentReceiverActivity", "org.example.browser/.ReadLaterAlias",
      ])
  }

  // MARK: Finding platform files

  @Test func aWalkFindsPlatformFilesByNameAndSkipsWhatIsNotTheApp() throws {
    let share = Self.shareManifest(package: "org.w", type: "text/plain")
    let directory = try scratchDirectory(texts: [
      "flavours/FreeAndroidManifest.xml": share.replacingOccurrences(of: "org.w", with: "org.free"),
      "flavours/androidmanifest.XML": share.replacingOccurrences(of: "org.w", with: "org.lower"),
      "proj/build.gradle": "android { namespace 'org.p' }",
      "proj/config.yaml": "not: a manifest",
      "proj/tsconfig.json": "{\n  // comments: not JSON, and not share-route's\n  \"compilerOptions\": {}\n}\n",
      "proj/Assets.xcassets/Contents.json": "{\"info\": {\"version\": 1}}",
      "proj/share-targets/extra.yaml": "id: org.extra\nlabel: Extra\n",
      "proj/src/main/AndroidManifest.xml": share.replacingOccurrences(of: "org.w", with: "org.p"),
      "proj/src/test/AndroidManifest.xml": share.replacingOccurrences(of: "org.w", with: "org.test"),
      "proj/src/androidTestDebug/AndroidManifest.xml": share.replacingOccurrences(of: "org.w", with: "org.atest"),
      "proj/build/AndroidManifest.xml": share.replacingOccurrences(of: "org.w", with: "org.build"),
      "proj/DerivedData/AndroidManifest.xml": share.replacingOccurrences(of: "org.w", with: "org.dd"),
      "proj/Pods/AndroidManifest.xml": share.replacingOccurrences(of: "org.w", with: "org.pods"),
      "proj/node_modules/x/AndroidManifest.xml": share.replacingOccurrences(of: "org.w", with: "org.nm"),
      "proj/.gradle/AndroidManifest.xml": share.replacingOccurrences(of: "org.w", with: "org.hidden"),
      "proj/App.xcodeproj/AndroidManifest.xml": share.replacingOccurrences(of: "org.w", with: "org.bundle"),
    ])
    let set = ManifestLoader.load(paths: [directory])
    #expect(set.errors.map(\.description) == [])
    // In a project tree, a YAML or JSON file is read only when it is a share-route manifest.
    #expect(set.handlers.map(\.id).sorted() == ["org.extra", "org.free/.S", "org.lower/.S", "org.p/.S"])
  }

  @Test func aScanThatFindsNothingSaysSo() throws {
    let empty = try scratchDirectory(texts: ["README.md": "nothing here"])
    #expect(
      ManifestLoader.load(paths: [empty]).errors.map(\.description) == [
        "\(empty): no handler found: no manifest, AndroidManifest.xml or Info.plist file in this directory"
      ])
  }

  @Test func directorySymlinksAreNotFollowedUnlessAsked() throws {
    let outside = try scratchDirectory(texts: ["h.yaml": "id: outside\nlabel: Outside\n"])
    let directory = try scratchDirectory(texts: ["own.yaml": "id: own\nlabel: Own\n"])
    try FileManager.default.createSymbolicLink(atPath: directory + "/link", withDestinationPath: outside)
    try FileManager.default.createSymbolicLink(atPath: directory + "/loop", withDestinationPath: directory)
    #expect(ManifestLoader.load(paths: [directory]).handlers.map(\.id) == ["own"])
    let followed = ManifestLoader.load(paths: [directory], options: ImportOptions(followLinks: true))
    #expect(followed.handlers.map(\.id) == ["outside", "own"])
    #expect(followed.errors.isEmpty)
  }

  /// A link to a file outside the tree is not read (like ripgrep and fd) and lint names it;
  /// followed on request, a broken one is an error that quotes none of its content.
  @Test func fileLinksOutOfTheTreeAreNotReadUnlessAsked() throws {
    let outside = try scratchDirectory(texts: ["good.yaml": "id: outside\nlabel: Outside\n", "secret.yaml": "SECRET-TOKEN: [x\n"])
    let directory = try scratchDirectory(texts: ["own.yaml": "id: own\nlabel: Own\n", ".kept/own2.yaml": "id: own2\nlabel: Own 2\n"])
    try FileManager.default.createSymbolicLink(atPath: directory + "/linked.yaml", withDestinationPath: outside + "/good.yaml")
    try FileManager.default.createSymbolicLink(atPath: directory + "/secret.yaml", withDestinationPath: outside + "/secret.yaml")
    // A link inside the tree is read like the file (its target is in a hidden folder the walk skips).
    try FileManager.default.createSymbolicLink(atPath: directory + "/inside.yaml", withDestinationPath: directory + "/.kept/own2.yaml")
    let set = ManifestLoader.load(paths: [directory])
    #expect(set.handlers.map(\.id) == ["own2", "own"])
    #expect(set.errors.isEmpty)
    #expect(Set(set.skipped.map { ProjectPath.name($0.file) }) == ["linked.yaml", "secret.yaml"])
    let followed = ManifestLoader.load(paths: [directory], options: ImportOptions(followLinks: true))
    #expect(followed.handlers.map(\.id) == ["own2", "outside", "own"])
    #expect(followed.errors.count == 1, "\(followed.errors.map(\.description))")
    #expect(!followed.errors.map(\.description).joined().contains("SECRET"))
    #expect(followed.errors.first?.description.contains("not quoted") == true)
  }

  // MARK: Bad project files never fail a manifest

  @Test(arguments: [
    ("build.gradle", "\u{FF}\u{FE} not text android { namespace", "package-not-found"),
    ("build.gradle", "android {\n  namespace = readNamespace()\n}", "unresolved-project-file"),
    ("src/main/res/values/strings.xml", "<resources><string name=\"label\">unclosed</resources>", "unresolved-label"),
  ])
  func badAndroidProjectFilesFallBack(_ path: String, _ text: String, _ code: String) throws {
    let directory = try scratchDirectory(texts: [
      path: text,
      "src/main/AndroidManifest.xml": """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android">
        <application><activity android:name=".S" android:label="@string/label"><intent-filter><action android:name="android.intent.action.SEND"/><category android:name="android.intent.category.DEFAULT"/><data android:mimeType="text/plain"/></intent-filter></activity></application>
        </manifest>
        """,
    ])
    let set = ManifestLoader.load(paths: [directory])
    #expect(set.errors.isEmpty)
    #expect(set.handlers.count == 1)
    #expect(set.warnings.map(\.code.rawValue).contains(code), "\(set.warnings.map(\.description))")
    // Never a raw resource key as the label.
    #expect(set.handlers.first?.label.hasPrefix("@") == false)
  }

  @Test func anUnreadableXcodeProjectFallsBack() throws {
    let directory = try scratchDirectory(texts: [
      "App.xcodeproj/project.pbxproj": "{ objects = { }; rootObject = NOPE; }",
      "Share/Info.plist": """
        <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        <key>NSExtension</key><dict><key>NSExtensionAttributes</key><dict><key>NSExtensionActivationRule</key>
        <dict><key>NSExtensionActivationSupportsText</key><true/></dict></dict></dict></dict></plist>
        """,
    ])
    let set = ManifestLoader.load(paths: [directory])
    #expect(set.errors.isEmpty)
    #expect(set.handlers.count == 1)
    #expect(
      set.warnings.map(\.code) == [.unresolvedProjectFile, .buildSettingIdentity],
      "\(set.warnings.map(\.description))")
    #expect(set.warnings.first?.file == directory + "/App.xcodeproj/project.pbxproj")
  }
}

/// Directory listings read each name from its record only (a `dirent` may be shorter than the
/// struct; copying the whole `d_name` read past it, found by FuzzProjectFiles under ASan).
@Suite struct DirectoryListingTests {
  @Test(arguments: [1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 200, 255])
  func namesOfEveryLengthAreListedExactly(_ length: Int) throws {
    let name = String(repeating: "n", count: length)
    let directory = try scratchDirectory(texts: [name: "x", "a": "y", "é-ü": "z"])
    let listed = try #require(Directory.names(in: directory))
    #expect(Set(listed) == Set(try FileManager.default.contentsOfDirectory(atPath: directory)))
    #expect(Directory.names(in: directory, limit: 2)?.count == 2)
    #expect(Directory.names(in: directory + "/missing") == nil)
  }
}

/// Which values of a handler share-route made up: a computed namespace and a label without
/// strings (legacy), and apps whose project says everything (planner's id comes from
/// `.xcconfig` files).
@Suite struct GuessedValueTests {
  @Test(arguments: [
    ("legacy", "legacy.app/.ImportActivity", [GuessedValue.id, .label]),
    ("planner-ios", "com.example.planner.share", []),
    ("chat/android", "org.example.chat/.share.ShareActivity", []),
    ("chat/ios", "org.example.chat.share", []),
    ("browser", "org.example.browser/.IntentReceiverActivity", []),
  ])
  func guessedValuesAreMarked(_ tree: String, _ id: String, _ guessed: [GuessedValue]) throws {
    let set = ManifestLoader.load(paths: [projects + "/" + tree])
    let handler = try #require(set.handlers.first { $0.id == id }, "\(set.handlers.map(\.id))")
    #expect(handler.guessed == guessed)
    // Whatever was guessed, lint said why (a warning about the fallback), and nothing else was.
    let warnings = set.warnings.filter { $0.severity == .warning }
    #expect(warnings.isEmpty == guessed.isEmpty, "\(warnings.map(\.message))")
  }
}
