import Foundation
import Testing

/// share-route pointed at real project trees, run as a user runs it: an Android Studio project,
/// an Xcode project and a folder of many apps (samples/projects).
@Suite struct ProjectCLITests {
  static let projects = "samples/projects"

  @Test func aFolderOfManyAppsRoutesAPhotoWithReadableIDs() throws {
    let result = try CLI.run(["--manifests", Self.projects, "samples/photo.jpg", "--explain"])
    #expect(result.status == 0)
    for line in [
      "  8.   Send in a chat    org.example.chat/.share.ShareActivity",
      "  3.  PhotoBox                                com.example.photobox.share",
      "  5.   New note (fork)   org.example.notes/.share.ShareActivity@notes-fork",
      // A computed namespace and a label without strings: both values are share-route's.
      "  2.   legacy (guessed)  legacy.app/.ImportActivity (guessed)",
      // An Expo app before prebuild, and an extension XcodeGen writes the plist of.
      "  8.  Snap Notes - Share Extension            com.example.snapnotes.share-extension",
      "  1.  Add to Shelf                            io.example.shelf.ShelfShare",
      "  Add to notebook (org.example.notes/.share.AddToNotebook), phase 2",
      "    android disabled: disabled in the manifest (android:enabled=\"false\"); the app may enable it at run time (--assume-enabled routes it as enabled)",
    ] {
      #expect(result.stdout.contains(line + "\n"), "\(line)\n\(result.stdout)")
    }
    // Told-apart ids are announced on standard error, with the place of each file.
    #expect(
      result.stderr == """
        share-route: samples/projects/notes-fork/app/src/main/AndroidManifest.xml:5:13: warning: the id 'org.example.notes/.share.ShareActivity' is also derived from samples/projects/notes/android/app/src/main/AndroidManifest.xml; both handlers are kept, this one as 'org.example.notes/.share.ShareActivity@notes-fork'; fix: give each app its own package or bundle identifier (a fork: its own applicationId) [ambiguous-id]
        share-route: samples/projects/notes/android/app/src/main/AndroidManifest.xml:50:13: warning: the id 'org.example.notes/.share.ShareActivity' is also derived from samples/projects/notes-fork/app/src/main/AndroidManifest.xml; both handlers are kept, this one as 'org.example.notes/.share.ShareActivity@notes/android'; fix: give each app its own package or bundle identifier (a fork: its own applicationId) [ambiguous-id]

        """)
  }

  @Test(arguments: [("Release", "org.example.chat.share"), ("Debug", "org.example.chat.debug.share")])
  func theConfigurationOptionChoosesBuildSettings(_ configuration: String, _ id: String) throws {
    let (status, route) = try CLI.json([
      "--manifests", Self.projects + "/chat/ios", "--configuration", configuration, "--url", "https://example.org",
    ])
    #expect(status == 0)
    #expect((route["accepted"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [id])
  }

  @Test(arguments: [false, true])
  func assumeEnabledRoutesDisabledComponents(_ assume: Bool) throws {
    let (status, route) = try CLI.json(
      ["--manifests", Self.projects + "/notes/android", "--text", "milk"] + (assume ? ["--assume-enabled"] : []))
    #expect(status == 0)
    let accepted = (route["accepted"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
    #expect(accepted.contains("org.example.notes/.share.AddToNotebook") == assume)
  }

  /// `query` leaves disabled components out as `queryIntentActivities` does, unless assumed enabled.
  /// Within one package, ties keep the order the resolver found them in (the manifest's).
  @Test(arguments: [
    (false, """
      intent: action android.intent.action.SEND, type text/plain, categories [android.intent.category.DEFAULT]
      matches, resolver order:
        1.  New note  org.example.notes/.share.ShareActivity  intentFilters[0]  priority 0  match 0x608000
        no match: Notes (org.example.notes/.MainActivity)
          no-match-action: action SEND is not in [MAIN]
        no match: Notes (org.example.notes/.links.NoteLinkActivity)
          no-match-action: intentFilters[0]: action SEND is not in [VIEW]
          no-match-action: intentFilters[1]: action SEND is not in [VIEW]
        no match: Add to notebook (org.example.notes/.share.AddToNotebook)
          disabled: disabled in the manifest (android:enabled="false"); the app may enable it at run time (--assume-enabled routes it as enabled)

      """),
    (true, """
      intent: action android.intent.action.SEND, type text/plain, categories [android.intent.category.DEFAULT]
      matches, resolver order:
        1.  New note         org.example.notes/.share.ShareActivity  intentFilters[0]  priority 0  match 0x608000
        2.  Add to notebook  org.example.notes/.share.AddToNotebook  intentFilters[0]  priority 0  match 0x608000
        no match: Notes (org.example.notes/.MainActivity)
          no-match-action: action SEND is not in [MAIN]
        no match: Notes (org.example.notes/.links.NoteLinkActivity)
          no-match-action: intentFilters[0]: action SEND is not in [VIEW]
          no-match-action: intentFilters[1]: action SEND is not in [VIEW]

      """),
  ])
  func queryRefusesDisabledComponents(_ assume: Bool, _ expected: String) throws {
    let result = try CLI.run(
      ["query", "-a", "SEND", "-t", "text/plain", "-c", "android.intent.category.DEFAULT", "--manifests", Self.projects + "/notes/android"]
        + (assume ? ["--assume-enabled"] : []))
    #expect(result.status == 0)
    #expect(result.stdout == expected)
    #expect(result.stderr == "")
  }

  /// A manifest that did not load is named at the top of the text answer, not only on stderr.
  @Test func handlersThatDidNotLoadAreNamedAtTheTop() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("share-route-projects-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try "id: good\nlabel: Good\n".write(toFile: directory + "/good.yaml", atomically: true, encoding: .utf8)
    try "id: bad\nlabel: [\n".write(toFile: directory + "/bad.yaml", atomically: true, encoding: .utf8)
    let result = try CLI.run(["--manifests", directory, "--text", "hi"])
    #expect(result.status == 65)
    #expect(
      result.stdout == """
        not loaded: 1 manifest problem (these handlers are missing from the answer below):
          \(directory)/bad.yaml:3:1: invalid YAML: while parsing a flow node did not find expected node content
        items:
          hi  text/plain  text, public.plain-text, from text
        android intent: SEND text/plain
          EXTRA_TEXT: 'hi'
          ClipData: text/plain {T(2)}
        no handler accepts this share
        refused: 1 handler (--explain shows why)
        payload:
          {isTextShare: true, name: "hi", source: "hi", type: "text/plain"}

        """)
    #expect(result.stderr == "share-route: error: \(directory)/bad.yaml:3:1: invalid YAML: while parsing a flow node did not find expected node content\n")
  }

  @Test func lintSaysWhenAScanFindsNothing() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("share-route-empty-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory + "/src", withIntermediateDirectories: true)
    let result = try CLI.run(["lint", directory])
    #expect(result.status == 65)
    #expect(
      result.stdout
        == "\(directory): error: no handler found: no manifest, AndroidManifest.xml or Info.plist file in this directory\n"
        + "0 handlers, 1 error, 0 warnings\n")
  }

  /// A well-kept project lints clean: no warning, and the build settings it used named.
  @Test func aCleanXcodeProjectLintsWithoutWarnings() throws {
    let result = try CLI.run(["lint", "--strict", Self.projects + "/chat"])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        handlers:
          org.example.chat/.share.ShareActivity    Send in a chat  android  \(Self.projects)/chat/android/app/src/main/AndroidManifest.xml
          org.example.chat/.share.PostStatusAlias  Post as status  android  \(Self.projects)/chat/android/app/src/main/AndroidManifest.xml
          org.example.chat.share                   Chat            ios      \(Self.projects)/chat/ios/ShareExtension/Info.plist
        \(Self.projects)/chat/android/app/src/main/AndroidManifest.xml:52:13: note: a SEND_MULTIPLE filter of 'image/*', 'video/*', 'audio/*', 'text/*', 'application/*' also receives shares of mixed types (a SEND_MULTIPLE of */*: an image and a PDF), as IntentFilter.matchData lets */* through; fix: read each item's type (ContentResolver.getType) and skip what the activity cannot take [multiple-receives-mixed]
        \(Self.projects)/chat/android/app/src/main/AndroidManifest.xml:61:13: note: the android.service.chooser.chooser_target_service meta-data names a ChooserTargetService, which only Android 9 and lower ask (deprecated in API 30; Android 10 and later show sharing shortcuts); fix: declare a <share-target> in the launcher activity's shortcuts file for Android 10 and later (androidx.sharetarget's ChooserTargetServiceCompat keeps older versions working) [chooser-target-service]
        \(Self.projects)/chat/android/app/src/debug/AndroidManifest.xml: skipped: source set 'debug' is not part of the variant 'release' of :app (--variant chooses another)
        \(Self.projects)/chat/android/app/src/main/AndroidManifest.xml: Gradle variant 'release' of :app (settings.gradle.kts); applicationId 'org.example.chat': applicationId from app/build.gradle.kts:14 (defaultConfig)
        \(Self.projects)/chat/ios/ShareExtension/Info.plist: build settings of Chat.xcodeproj, target 'ShareExtension', configuration 'Release'; CFBundleIdentifier 'org.example.chat.share': PRODUCT_BUNDLE_IDENTIFIER from Chat.xcodeproj/project.pbxproj:173, target 'ShareExtension', Release
        3 handlers, 0 errors, 0 warnings, 2 notes (1 file skipped)

        """)
    // Notes (an app-declared type) do not fail --strict.
    let vault = try CLI.run(["lint", "--strict", Self.projects + "/vault-ios"])
    #expect(vault.status == 0)
    #expect(vault.stdout.hasSuffix("1 handler, 0 errors, 0 warnings, 2 notes\n"))
  }

  /// `check` over every project at once (the file CI runs).
  @Test func platformExpectationsHold() throws {
    let result = try CLI.run(["check", "samples/platform/expectations.yaml"])
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout.hasSuffix(" passed, 0 failed\n"))
  }
}

/// `--variant` and guessed values, run through the binary: the built app's ids and labels,
/// and a mark wherever share-route had to make one up.
@Suite struct VariantCLITests {
  static let podcasts = "samples/projects/podcasts"

  @Test(arguments: [
    ([], "  1.  Add to Podcasts  com.example.podcasts/.share.AddFileActivity"),
    (["--variant", "fossDebug"], "  1.  Add file (debug)  com.example.podcasts.foss.debug/com.example.podcasts.share.AddFileActivity"),
    (["--variant", "debug"], "  1.  Add file (debug)  com.example.podcasts.debug/com.example.podcasts.share.AddFileActivity"),
  ])
  func theVariantDecidesIDsAndLabels(_ options: [String], _ line: String) throws {
    let result = try CLI.run(["--manifests", Self.podcasts, "samples/song.mp3"] + options)
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        items:
          song.mp3  audio/mpeg  audio, public.mp3, from content
        android intent: SEND audio/mpeg
          EXTRA_STREAM: file://\(CLI.root)/samples/song.mp3
          ClipData: audio/mpeg {U(file)}, FLAG_GRANT_READ_URI_PERMISSION
        accepted, the pick first:
        \(line)
        refused: 2 handlers (--explain shows why)
        payload:
          {isTextShare: false, name: "song.mp3", source: "file://\(CLI.root)/samples/song.mp3", type: "audio/mpeg"}

        """)
    #expect(result.stderr == "")
  }

  @Test func lintNamesTheVariant() throws {
    let result = try CLI.run(["lint", "--variant", "fossRelease", Self.podcasts])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        handlers:
          com.example.podcasts.foss/com.example.podcasts.share.AddFileActivity    Add to Podcasts  android  \(Self.podcasts)/feature/share-target/src/main/AndroidManifest.xml
          com.example.podcasts.foss/com.example.podcasts.share.SubscribeActivity  Podcasts FOSS    android  \(Self.podcasts)/feature/share-target/src/main/AndroidManifest.xml
          com.example.podcasts.widgets/.QueueFromShareActivity                    Queue episode    android  \(Self.podcasts)/widgets/src/main/AndroidManifest.xml
        \(Self.podcasts)/feature/share-target/src/main/AndroidManifest.xml:9:13: note: a SEND_MULTIPLE filter of 'audio/*' also receives shares of mixed types (a SEND_MULTIPLE of */*: an image and a PDF), as IntentFilter.matchData lets */* through; fix: read each item's type (ContentResolver.getType) and skip what the activity cannot take [multiple-receives-mixed]
        \(Self.podcasts)/widgets/src/main/AndroidManifest.xml: note: :widgets is a library module that no application module of settings.gradle.kts depends on, so share-route reads it on its own, under the library's namespace; a device only has its components inside an app; fix: nothing, if an app outside this build uses it; otherwise add it to the app's dependencies [unmerged-library]
        \(Self.podcasts)/app/src/debug/AndroidManifest.xml: skipped: source set 'debug' is not part of the variant 'fossRelease' of :app (--variant chooses another)
        \(Self.podcasts)/app/src/main/AndroidManifest.xml: Gradle variant 'fossRelease' of :app (settings.gradle.kts); applicationId 'com.example.podcasts.foss': applicationId from app/build.gradle.kts:11 (defaultConfig, through podcastsApplicationId), applicationIdSuffix '.foss' from app/build.gradle.kts:26 (flavour foss); merges :feature:share-target feature/share-target/src/main/AndroidManifest.xml
        3 handlers, 0 errors, 0 warnings, 2 notes (1 file skipped)

        """)
    #expect(result.stderr == "")
  }

  /// A variant no app module has is a usage error in every command that reads manifests, naming
  /// each module's variants; in a folder of many apps, one that lacks it is a lint warning.
  @Test(arguments: [
    ["lint"], ["route", "samples/song.mp3"], ["check", "samples/expectations.yaml"], ["matrix", "samples/song.mp3"],
    ["query", "-a", "SEND", "-t", "audio/mpeg"],
  ])
  func anUnknownVariantIsAUsageError(_ command: [String]) throws {
    let result = try CLI.run(command + ["--manifests", Self.podcasts, "--variant", "paidRelease"])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "share-route: error: no Android app module has the variant 'paidRelease': :app has 'playRelease', 'playDebug', 'fossRelease', 'fossDebug' (a build type alone, such as debug, chooses it with the default flavours)\nUsage: "),
      "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test func aVariantOneAppLacksIsALintWarning() throws {
    let result = try CLI.run(["lint", "--variant", "fossDebug", ProjectCLITests.projects])
    #expect(result.status == 0)
    let warnings = result.stdout.split(separator: "\n").filter { $0.hasSuffix("[unknown-variant]") }
    // One per Android app without it; tides-convention's says its plugin may add it.
    #expect(warnings.count == 9)
    #expect(warnings.contains { $0.contains("tides-convention") && $0.contains("the build's plugin 'tides.android.application' may add it") })
    #expect(
      warnings.contains(
        "samples/projects/solo/build.gradle: warning: root project 'Solo' has no variant 'fossDebug', so share-route uses 'liteRelease' (its variants: liteDebug, liteRelease, proDebug, proRelease); fix: pass one of its variants with --variant, or a build type alone (--variant debug) [unknown-variant]"))
    #expect(try CLI.run(["lint", "--strict", "--variant", "fossDebug", ProjectCLITests.projects]).status != 0)
  }

  /// An Xcode project for iPhone and Mac: only the iOS extension is a handler; the Mac one and a
  /// plist no target builds are skipped, each saying why; the iOS extension's deployment target
  /// above its app's is a warning, and a phone below it (`--ios-version`) does not offer it.
  @Test func theXcodeProjectDecidesWhatIsAnIPhoneExtension() throws {
    let clipper = ProjectCLITests.projects + "/clipper"
    let lint = try CLI.run(["lint", clipper])
    #expect(lint.status == 0)
    #expect(
      lint.stdout == """
        handlers:
          app.example.clipper.share  Clip It  ios  \(clipper)/ClipperShare/Info.plist
        \(clipper)/ClipperShare/Info.plist: IPHONEOS_DEPLOYMENT_TARGET: warning: the extension needs iOS '17.0' (IPHONEOS_DEPLOYMENT_TARGET) and its app 'Clipper' runs from iOS '15.0': a phone below iOS '17.0' installs the app and its share sheet does not offer the extension; fix: give the extension the app's deployment target, or raise the app's [deployment-target]
        \(clipper)/ClipperShare/Info.plist:11:2: CFBundleDisplayName: warning: 'CFBundleDisplayName' is written twice in this dictionary (first at 5:2); Apple's parser keeps the value written last, and so does share-route; fix: remove one of them [repeated-plist-key]
        \(clipper)/ClipperMacShare/Info.plist: skipped: target 'ClipperMacShare' of 'Clipper.xcodeproj' builds for 'macosx' (SDKROOT), not iOS: share-route answers for iPhone and Android share sheets
        \(clipper)/Legacy/OldShare/Info.plist: skipped: no target of 'Clipper.xcodeproj' builds this plist (no INFOPLIST_FILE names it): it is not an extension of the app
        \(clipper)/ClipperShare/Info.plist: build settings of Clipper.xcodeproj, target 'ClipperShare', configuration 'Release'; CFBundleIdentifier 'app.example.clipper.share': PRODUCT_BUNDLE_IDENTIFIER from Clipper.xcodeproj/project.pbxproj:183, target 'ClipperShare', Release
        1 handler, 0 errors, 2 warnings (2 files skipped)

        """)
    let route = try CLI.run(["--manifests", clipper, "--url", "https://example.org", "--accepted-only", "--platform", "ios"])
    #expect(route.status == 0)
    #expect(route.stdout.contains("  1.  Clip It  app.example.clipper.share\n"), "\(route.stdout)")
    for version in ["16", "16.4"] {
      let old = try CLI.run(["lint", "--ios-version", version, clipper])
      #expect(old.status == 65)
      #expect(
        old.stdout.contains(
          "\(clipper)/ClipperShare/Info.plist: skipped: needs iOS '17.0' (IPHONEOS_DEPLOYMENT_TARGET), above --ios-version '\(version)': the share sheet of that iOS does not offer it\n"))
    }
    #expect(try CLI.run(["lint", "--ios-version", "17", clipper]).status == 0)
    let bad = try CLI.run(["lint", "--ios-version", "seventeen", clipper])
    #expect(bad.status == 64)
    #expect(bad.stderr.hasPrefix("share-route: error: --ios-version takes a version of up to three numbers (17, 16.4, 15.0.1), not 'seventeen'\n"))
  }

  /// `--exclude` leaves folders and files out of every walk: a name, or a path below the folder.
  @Test(arguments: [
    (["--exclude", "Legacy"], ["ClipperMacShare/Info.plist"]),
    (["--exclude", "Legacy/OldShare", "--exclude", "ClipperMac*/"], []),
    (["--exclude", "Info.plist"], nil),
  ] as [([String], [String]?)])
  func excludedFoldersAreNotWalked(_ options: [String], _ skipped: [String]?) throws {
    let clipper = ProjectCLITests.projects + "/clipper"
    let result = try CLI.run(["lint", clipper] + options)
    guard let skipped else {
      // Every plist left out: the scan finds nothing, and says so.
      #expect(result.status == 65)
      #expect(result.stdout.contains("\(clipper): error: no handler found"), "\(result.stdout)")
      return
    }
    #expect(result.status == 0)
    let prefix = clipper + "/"
    var files: [String] = []
    for line in result.stdout.split(separator: "\n") where line.contains(": skipped: ") {
      let file = String(line.prefix { $0 != ":" })
      files.append(file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file)
    }
    #expect(files == skipped)
  }

  /// A guessed id and label (legacy: a computed namespace, a label without strings) are marked
  /// in every rendering; values the project says are not.
  @Test func guessedValuesAreMarkedEverywhere() throws {
    let legacy = "samples/projects/legacy"
    let text = try CLI.run(["--manifests", legacy, "samples/photo.jpg"])
    #expect(
      text.stdout == """
        items:
          photo.jpg  image/jpeg  image, public.jpeg, from content
        android intent: SEND image/jpeg
          EXTRA_STREAM: file://\(CLI.root)/samples/photo.jpg
          ClipData: image/jpeg {U(file)}, FLAG_GRANT_READ_URI_PERMISSION
        accepted, the pick first:
          1.  legacy (guessed)  legacy.app/.ImportActivity (guessed)
        payload:
          {isTextShare: false, name: "photo.jpg", source: "file://\(CLI.root)/samples/photo.jpg", type: "image/jpeg"}

        """)
    let (_, json) = try CLI.json(["--manifests", legacy, "samples/photo.jpg"])
    #expect((json["accepted"] as? [[String: Any]])?.first?["guessed"] as? [String] == ["id", "label"])
    let (_, refused) = try CLI.json(["--manifests", legacy, "samples/report.pdf"])
    #expect((refused["rejected"] as? [[String: Any]])?.first?["guessed"] as? [String] == ["id", "label"])
    let query = try CLI.run(["query", "--manifests", legacy, "-a", "SEND", "-t", "image/png"])
    #expect(
      query.stdout == """
        intent: action android.intent.action.SEND, type image/png, categories []
        matches, resolver order:
          1.  legacy (guessed)  legacy.app/.ImportActivity (guessed)  intentFilters[0]  priority 0  match 0x608000

        """)
    let matrix = try CLI.run(["matrix", "--manifests", legacy, "samples/photo.jpg"])
    #expect(
      matrix.stdout == """
        sample                         type        a1
        samples/photo.jpg              image/jpeg  1
        text 'Hello from share-route'  text/plain  no-match-type
        link https://example.com/      text/plain  no-match-type
        Android handlers:
          a1  legacy (guessed) (legacy.app/.ImportActivity (guessed))
        a number is the rank among the handlers that accept on that platform (1 is its pick; * a source's custom target), a code the first reason of a refusal, - a sample that could not be used

        """)
    let lint = try CLI.run(["lint", "--format", "json", legacy])
    let list = try #require((try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [String: Any])?["handlerList"] as? [[String: Any]])
    #expect(list.first?["guessed"] as? [String] == ["id", "label"])
    let (_, clean) = try CLI.json(["--manifests", Self.podcasts, "samples/song.mp3"])
    #expect((clean["accepted"] as? [[String: Any]])?.allSatisfy { ($0["guessed"] as? [String]) == [] } == true)
  }

  /// check notes a case that names a guessed id: it checks share-route's fallback, not the app.
  @Test func checkNotesCasesOnGuessedIDs() throws {
    let directory = NSTemporaryDirectory() + "share-route-guessed-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = directory + "/expect.yaml"
    try """
      manifests: [\(CLI.root)/samples/projects/legacy]
      cases:
        - name: the legacy importer takes a photo
          files: [\(CLI.root)/samples/photo.jpg]
          expect:
            accept: [legacy.app/.ImportActivity]
      """.write(toFile: file, atomically: true, encoding: .utf8)
    let result = try CLI.run(["check", file])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        \(file):3:5: the legacy importer takes a photo: note: [legacy.app/.ImportActivity] is a guessed id (share-route could not resolve it from the project; lint says why), so this case checks a fallback
        1 passed, 0 failed

        """)
    #expect(result.stderr == "")
    let json = try CLI.run(["check", "--format", "json", file])
    let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    #expect((report?["cases"] as? [[String: Any]])?.first?["guessed"] as? [String] == ["legacy.app/.ImportActivity"])
  }
}
