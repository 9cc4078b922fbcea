import Foundation
import Testing

@testable import ShareRouting

private let repository = String(#filePath).components(separatedBy: "/Tests/").dropLast().joined(separator: "/Tests/")
private let projects = repository + "/samples/projects"

/// What a Gradle build says about an app: build scripts (Groovy and Kotlin DSL), settings,
/// version catalogs, variants; and the sample builds read as AGP builds them.
@Suite struct GradleBuildTests {
  /// A script's readings as lines, for tables.
  static func describe(_ script: GradleScript) -> Set<String> {
    var lines: Set<String> = []
    func setting(_ setting: GradleScript.Setting?) -> String? {
      guard let setting else { return nil }
      if let value = setting.value { return value }
      if let parts = setting.parts {
        return parts.map { if case .literal(let text) = $0 { text } else if case .reference(let name) = $0 { "<\(name)>" } else { "" } }.joined()
      }
      return "?" + setting.written
    }
    func add(_ prefix: String, _ settings: GradleScript.VariantSettings) {
      if let id = setting(settings.applicationID) { lines.insert("\(prefix) applicationId=\(id)") }
      if let suffix = setting(settings.applicationIDSuffix) { lines.insert("\(prefix) suffix=\(suffix)") }
      if let dimension = setting(settings.dimension) { lines.insert("\(prefix) dimension=\(dimension)") }
      for resValue in settings.resValues { lines.insert("\(prefix) resValue \(resValue.type) \(resValue.name)=\(setting(resValue.value) ?? "")") }
      for (key, value) in settings.placeholders { lines.insert("\(prefix) placeholder \(key)=\(setting(value) ?? "")") }
      if let parent = settings.initWith { lines.insert("\(prefix) initWith=\(parent)") }
      for entry in settings.uncertain { lines.insert("\(prefix) uncertain \(entry.name)") }
    }
    if let namespace = setting(script.namespace) { lines.insert("namespace=\(namespace)") }
    if let plugin = script.plugin { lines.insert("plugin=\(plugin.rawValue)") }
    for alias in script.pluginAliases { lines.insert("alias \(alias.catalog) \(alias.alias)") }
    add("defaultConfig", script.defaultConfig)
    for (name, settings) in script.buildTypes { lines.insert("buildType \(name)"); add("buildType \(name)", settings) }
    for (name, settings) in script.flavors { lines.insert("flavor \(name)"); add("flavor \(name)", settings) }
    if !script.flavorDimensions.isEmpty { lines.insert("dimensions " + script.flavorDimensions.joined(separator: ",")) }
    for dependency in script.dependencies {
      lines.insert("\(dependency.isAccessor ? "accessor" : "project") \(dependency.configuration) \(dependency.project)")
    }
    for (name, parts) in script.variables {
      lines.insert("variable \(name)=" + parts.map { if case .literal(let text) = $0 { text } else if case .reference(let name) = $0 { "<\(name)>" } else { "" } }.joined())
    }
    for applied in script.appliedScripts { lines.insert("applies \(applied.fromRoot ? "root:" : "")\(applied.path)") }
    return lines
  }

  @Test(arguments: [
    // Plugins: by id, legacy apply, catalog alias.
    ("plugins { id 'com.android.application' }", ["plugin=com.android.application"]),
    ("plugins {\n  id(\"com.android.library\")\n  kotlin(\"android\")\n}", ["plugin=com.android.library"]),
    ("apply plugin: 'com.android.application'", ["plugin=com.android.application"]),
    ("plugins {\n  alias(libs.plugins.android.application)\n}", ["alias libs android.application"]),
    // Build types and flavours in both DSLs, named blocks, empty flavours.
    ("android {\n  buildTypes {\n    debug {\n      applicationIdSuffix '.debug'\n    }\n    staging { initWith debug }\n  }\n}",
      ["buildType debug", "buildType debug suffix=.debug", "buildType staging", "buildType staging initWith=debug"]),
    ("android {\n  buildTypes {\n    getByName(\"debug\") {\n      applicationIdSuffix = \".dev\"\n    }\n    create(\"beta\") { initWith(getByName(\"release\")) }\n  }\n}",
      ["buildType debug", "buildType debug suffix=.dev", "buildType beta", "buildType beta initWith=release"]),
    ("android {\n  flavorDimensions \"store\", \"tier\"\n  productFlavors {\n    blue {}\n    green {\n      dimension 'store'\n      applicationId 'org.green'\n    }\n  }\n}",
      ["dimensions store,tier", "flavor blue", "flavor green", "flavor green dimension=store", "flavor green applicationId=org.green"]),
    ("android {\n  flavorDimensions += listOf(\"store\")\n  productFlavors {\n    create(\"play\") { dimension = \"store\" }\n  }\n}",
      ["dimensions store", "flavor play", "flavor play dimension=store"]),
    // Statements on one line, separated by `;`; a `;` inside brackets is no separator.
    ("android {\n  productFlavors {\n    lite { dimension \"mode\"; applicationId \"org.lite\"; resValue \"string\", \"n\", \"a;b\" }\n  }\n}",
      ["flavor lite", "flavor lite dimension=mode", "flavor lite applicationId=org.lite", "flavor lite resValue string n=a;b"]),
    ("android { defaultConfig { for (int i = 0; i < 2; i++) { }; applicationId 'org.loop' } }", ["defaultConfig applicationId=org.loop"]),
    // resValue and manifestPlaceholders in every spelling.
    ("android {\n  defaultConfig {\n    resValue \"string\", \"app_name\", \"Tusky\"\n    resValue(\"string\", \"x\", APP_NAME + \" Test\")\n  }\n}",
      ["defaultConfig resValue string app_name=Tusky", "defaultConfig resValue string x=<APP_NAME> Test"]),
    ("android {\n  defaultConfig {\n    manifestPlaceholders = [appName: \"A\", host: \"h\"]\n  }\n  buildTypes {\n    debug {\n      manifestPlaceholders[\"appName\"] = \"A debug\"\n      manifestPlaceholders += mapOf(\"k\" to \"v\")\n      manifestPlaceholders.put(\"p\", \"q\")\n    }\n  }\n}",
      ["defaultConfig placeholder appName=A", "defaultConfig placeholder host=h", "buildType debug placeholder appName=A debug",
        "buildType debug placeholder k=v", "buildType debug placeholder p=q"]),
    // Computed values keep their names; conditions make a setting uncertain.
    ("def APP_ID = 'org.tusky'\nandroid {\n  defaultConfig {\n    applicationId APP_ID\n  }\n}",
      ["variable APP_ID=org.tusky", "defaultConfig applicationId=<APP_ID>"]),
    ("android {\n  defaultConfig {\n    applicationId = project.property(\"appId\").toString()\n  }\n}", ["defaultConfig applicationId=<appId>"]),
    ("android {\n  buildTypes {\n    debug {\n      applicationIdSuffix = \".debug.$branch\"\n    }\n  }\n}", ["buildType debug suffix=.debug.<branch>"]),
    ("android {\n  buildTypes {\n    debug {\n      if (isMain) {\n        applicationIdSuffix = \".debug\"\n      }\n    }\n  }\n}",
      ["buildType debug", "buildType debug uncertain applicationIdSuffix"]),
    ("android {\n  defaultConfig {\n    applicationId = computeId()\n  }\n}", ["defaultConfig applicationId=?computeId()"]),
    // The android block through its extension type; a dotted setting at the top.
    ("configure<ApplicationExtension> {\n  namespace = \"org.conf\"\n}", ["namespace=org.conf"]),
    ("android.defaultConfig.applicationId = \"org.dotted\"", ["defaultConfig applicationId=org.dotted"]),
    // Project dependencies: paths, named arguments, accessors, flavour configurations.
    ("dependencies {\n  implementation project(':lib')\n  api(project(path: \":core\"))\n  implementation(projects.feature.shareTarget)\n  \"freeImplementation\"(project(\":ads\"))\n  testImplementation(project(\":fixtures\"))\n  implementation(libs.androidx.core)\n}",
      ["project implementation :lib", "project api :core", "accessor implementation feature.shareTarget",
        "project freeImplementation :ads", "project testImplementation :fixtures"]),
    // Variables: ext blocks, extra, val with a type; scripts applied.
    ("ext {\n  appName = \"Tusky\"\n}\next.appId = 'org.t'\nextra[\"flag\"] = \"on\"\nval label: String = \"L\"\napply from: \"../common.gradle\"\napply(from = \"$rootDir/gradle/flavors.gradle\")",
      ["variable appName=Tusky", "variable appId=org.t", "variable flag=on", "variable label=L", "applies ../common.gradle",
        "applies root:gradle/flavors.gradle"]),
  ] as [(String, [String])])
  func buildScriptsAreReadWithoutEvaluation(_ script: String, _ expected: [String]) {
    let read = Self.describe(GradleScript(bytes: Array(script.utf8)))
    for line in expected { #expect(read.contains(line), "\(line) not in \(read.sorted())") }
    // Nothing is read from a comment or a string.
    #expect(Self.describe(GradleScript(bytes: Array(("/*\n" + script + "\n*/").utf8))).isEmpty)
  }

  /// A plugin declared for the modules (`apply false`) is not applied to the script declaring it.
  @Test(arguments: [
    ("plugins {\n  id 'com.android.application' version '8.5.0' apply false\n}", nil),
    ("plugins {\n  alias(libs.plugins.android.application) apply false\n}", nil),
    ("plugins {\n  id(\"com.android.application\") version \"8.5.0\"\n}", "com.android.application"),
    ("plugins { id 'com.android.library' apply true }", "com.android.library"),
    ("plugins {\n  id(\"com.android.application\").version(\"8.5.0\").apply(false)\n}", nil),
    // Applied to other projects, not this one.
    ("subprojects {\n  apply plugin: 'com.android.application'\n}", nil),
    ("apply plugin: 'com.android.library'", "com.android.library"),
  ] as [(String, String?)])
  func pluginsDeclaredApplyFalseAreNotApplied(_ script: String, _ plugin: String?) {
    let read = GradleScript(bytes: Array(script.utf8))
    #expect(read.plugin?.rawValue == plugin)
    if plugin == nil { #expect(read.pluginAliases.isEmpty) }
  }

  /// A root project that applies the application plugin is the app: its flavours, suffixes and
  /// resValue labels decide, as they do for an included module.
  @Test(arguments: [
    (nil as String?, "org.example.solo.lite/org.example.solo.ShareActivity", "Solo Lite"),
    ("proRelease", "org.example.solo/.ShareActivity", "Solo Pro"),
    ("liteDebug", "org.example.solo.lite.debug/org.example.solo.ShareActivity", "Solo Lite"),
  ])
  func aRootProjectAppIsAnApp(_ variant: String?, _ id: String, _ label: String) throws {
    let set = ManifestLoader.load(paths: [projects + "/solo"], options: ImportOptions(variant: variant))
    #expect(set.errors.isEmpty, "\(set.errors)")
    #expect(set.handlers.map(\.id) == [id])
    #expect(set.handlers.map(\.label) == [label])
    #expect(set.handlers.allSatisfy { $0.guessed.isEmpty })
    #expect(set.variantUses.map(\.found) == (variant == nil ? [] : [true]))
    #expect(set.unknownVariant(variant) == nil)
    let unknown = ManifestLoader.load(paths: [projects + "/solo"], options: ImportOptions(variant: "paidRelease"))
    #expect(
      unknown.unknownVariant("paidRelease")
        == "no Android app module has the variant 'paidRelease': root project 'Solo' has 'liteDebug', 'liteRelease', 'proDebug', 'proRelease' (a build type alone, such as debug, chooses it with the default flavours)")
  }

  /// A plugin of the build's own code (an included build, buildSrc) may add flavours and
  /// suffixes: the id is a guess, said at the module's script, and a variant only it could add
  /// is no usage error. Published and core plugins, or no build code, change nothing.
  @Test(arguments: [
    (true, "alias(libs.plugins.tides.android.application)", true),
    (true, "id(\"tides.android.application\")", true),
    (true, "id(\"tides.precompiled\")", true),
    (true, "id(\"conv.pkg.nested\")", true),
    (true, "id(Plugins.App.android)", true),
    (false, "id(\"tides.android.application\")", false),
    (false, "id(Plugins.App.android)", false),
    (true, "id(\"tides.android.application\") version \"1.0\"", false),
    (true, "id(\"com.facebook.react\")\n    id(\"org.jmailen.kotlinter\")", false),
    (true, "id(\"com.google.devtools.ksp\")\n    kotlin(\"android\")\n    id(\"kotlin-parcelize\")", false),
  ])
  func conventionPluginsMakeTheIDAGuess(_ buildCode: Bool, _ plugins: String, _ convention: Bool) throws {
    var buildLogic: [String: String] = [:]
    if buildCode {
      // What the build's own code declares: a registration and a precompiled script plugin.
      buildLogic["build-logic/convention/build.gradle.kts"] =
        "plugins { `kotlin-dsl` }\ngradlePlugin { plugins { register(\"app\") { id = \"tides.android.application\"; implementationClass = \"App\" } } }\n"
      buildLogic["build-logic/convention/src/main/kotlin/tides.precompiled.gradle.kts"] = "plugins { id(\"com.android.application\") }\n"
      buildLogic["build-logic/convention/src/main/kotlin/conv/nested.gradle.kts"] = "package conv.pkg\n\nplugins { id(\"com.android.application\") }\n"
    }
    let directory = try scratchDirectory(texts: buildLogic.merging([
      "settings.gradle.kts": "pluginManagement { includeBuild(\"build-logic\") }\ninclude(\":app\")\n",
      "gradle/libs.versions.toml": "[plugins]\ntides-android-application = { id = \"tides.android.application\", version = \"unspecified\" }\n",
      "app/build.gradle.kts": "plugins {\n    id(\"com.android.application\")\n    \(plugins)\n}\nandroid { defaultConfig { applicationId = \"org.tides\" } }\n",
      "app/src/main/AndroidManifest.xml": "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\"><application android:label=\"Tides\"><activity android:name=\".Share\" android:exported=\"true\"><intent-filter><action android:name=\"android.intent.action.SEND\"/><category android:name=\"android.intent.category.DEFAULT\"/><data android:mimeType=\"*/*\"/></intent-filter></activity></application></manifest>",
    ]) { mine, _ in mine })
    let set = ManifestLoader.load(paths: [directory], options: ImportOptions(variant: "demoDebug"))
    #expect(set.handlers.map(\.id) == ["org.tides/.Share"])
    #expect(set.handlers.first?.guessed == (convention ? [.id] : []))
    #expect(set.warnings.contains { $0.code == .conventionPlugin && $0.file.hasSuffix("app/build.gradle.kts") } == convention)
    #expect((set.unknownVariant("demoDebug") == nil) == convention)
  }

  /// The sample: flavours in build-logic, the id and --variant said to be guesses.
  @Test func theConventionSampleSaysWhatItCannotKnow() throws {
    let set = ManifestLoader.load(paths: [projects + "/tides-convention"], options: ImportOptions(variant: "demoDebug"))
    #expect(set.errors.isEmpty, "\(set.errors)")
    #expect(set.handlers.map(\.id) == ["com.example.tides/.share.LogCatchActivity"])
    #expect(set.handlers.first?.guessed == [.id])
    #expect(set.variantUses.map(\.conventionPlugins) == [["tides.android.application", "tides.android.application.flavors"]])
    #expect(set.unknownVariant("demoDebug") == nil)
    #expect(set.warnings.filter { $0.code == .unknownVariant }.count == 1)
  }

  @Test(arguments: [
    ("include ':app', ':lib'", [":app", ":lib"], [:]),
    ("include(\":app\")\ninclude(\n    \":feature:share\",\n    \":core\",\n)", [":app", ":feature:share", ":core"], [:]),
    ("include 'app'\nproject(':app').projectDir = new File(rootProject.projectDir, '../node_modules/x/android')", [":app"],
      [":app": "../node_modules/x/android"]),
    ("include(\":rn\")\nproject(\":rn\").projectDir = file(\"libs/rn/android\")", [":rn"], [":rn": "libs/rn/android"]),
    ("// include ':commented'\nincludeBuild(\"build-logic\")\ninclude(\":a\")", [":a"], [:]),
  ] as [(String, [String], [String: String])])
  func settingsNameTheIncludedProjects(_ text: String, _ includes: [String], _ folders: [String: String]) {
    let settings = GradleSettings(file: "root/settings.gradle", bytes: Array(text.utf8))
    #expect(settings.includes == includes)
    #expect(settings.projectDirectories == folders)
    for path in includes where folders[path] == nil {
      #expect(settings.folder(of: path) == "root/" + path.split(separator: ":").joined(separator: "/"))
    }
  }

  /// Gradle's type-safe project accessors: kebab and snake case become camel case per segment.
  @Test(arguments: [
    (":app", "app"), (":feature:share-target", "feature.shareTarget"), (":core:ui_strings", "core.uiStrings"),
    (":media-noop", "mediaNoop"), (":a:b:c", "a.b.c"),
  ])
  func accessorsAreCamelCase(_ path: String, _ accessor: String) {
    #expect(GradleSettings.accessor(of: path) == accessor)
  }

  @Test func versionCatalogsNamePlugins() {
    let catalog = VersionCatalog(bytes: Array("""
      [versions]
      agp = "8.7.3"
      [plugins]
      android-application = { id = "com.android.application", version.ref = "agp" }
      android_library = "com.android.library:8.7.3"
      kotlin-android = { id = "org.jetbrains.kotlin.android", version.ref = "kotlin" } # comment
      [libraries]
      not-a-plugin = { id = "x" }
      """.utf8))
    #expect(catalog.plugins == [
      "android.application": "com.android.application", "android.library": "com.android.library",
      "kotlin.android": "org.jetbrains.kotlin.android",
    ])
  }

  /// The default variant is release with the first flavour of each dimension as written; a name
  /// picks a variant (case aside) or a build type with the default flavours.
  @Test(arguments: [
    (nil, "playRelease", true), ("fossDebug", "fossDebug", true), ("FOSSDEBUG", "fossDebug", true),
    ("debug", "playDebug", true), ("paidRelease", "playRelease", false), ("", "playRelease", true),
  ] as [(String?, String, Bool)])
  func variantsAreChosenLikeTheBuild(_ asked: String?, _ name: String, _ found: Bool) throws {
    let script = GradleScript(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: projects + "/podcasts/app/build.gradle.kts"))))
    let (variant, wasFound) = AndroidBuild.variant(script, named: asked)
    #expect(variant.name == name)
    #expect(wasFound == found)
    #expect(AndroidBuild.variants(script).map(\.name) == ["playRelease", "playDebug", "fossRelease", "fossDebug"])
  }

  @Test func sourceSetsComeInAGPsPriorityOrder() {
    #expect(AndroidVariant(flavors: ["free", "google"], buildType: "debug").sourceSets
      == ["freeGoogleDebug", "debug", "freeGoogle", "free", "google", "main"])
    #expect(AndroidVariant(flavors: [], buildType: "release").sourceSets == ["release", "main"])
  }

  /// The multi-module sample: a library module holds the share activities, its label is a
  /// string of another library, the app's label a resValue per flavour, the id a Gradle
  /// property, suffixes from a flavour and a build type, a debug manifest merged over the
  /// library's activity with a placeholder label; a library no app uses is read on its own.
  @Test(arguments: [
    (nil, [
      ("com.example.podcasts/.share.AddFileActivity", "Add to Podcasts"),
      ("com.example.podcasts/.share.SubscribeActivity", "Podcasts"),
    ]),
    ("playDebug", [
      ("com.example.podcasts.debug/com.example.podcasts.share.AddFileActivity", "Add file (debug)"),
      ("com.example.podcasts.debug/com.example.podcasts.share.SubscribeActivity", "Podcasts"),
    ]),
    ("fossRelease", [
      ("com.example.podcasts.foss/com.example.podcasts.share.AddFileActivity", "Add to Podcasts"),
      ("com.example.podcasts.foss/com.example.podcasts.share.SubscribeActivity", "Podcasts FOSS"),
    ]),
    ("fossDebug", [
      ("com.example.podcasts.foss.debug/com.example.podcasts.share.AddFileActivity", "Add file (debug)"),
      ("com.example.podcasts.foss.debug/com.example.podcasts.share.SubscribeActivity", "Podcasts FOSS"),
    ]),
  ] as [(String?, [(String, String)])])
  func theMultiModuleSampleHasTheBuiltAppsIDsAndLabels(_ variant: String?, _ expected: [(String, String)]) throws {
    let set = ManifestLoader.load(paths: [projects + "/podcasts"], options: ImportOptions(variant: variant))
    #expect(set.errors.isEmpty)
    let merged = set.handlers.filter { !$0.id.hasPrefix("com.example.podcasts.widgets/") }
    #expect(merged.map(\.id) == expected.map(\.0))
    #expect(merged.map(\.label) == expected.map(\.1))
    #expect(merged.allSatisfy { $0.guessed.isEmpty })
    // The debug manifest adds a text filter to the library's activity.
    let addFile = try #require(merged.first)
    #expect(addFile.intentFilters?.count == (variant?.hasSuffix("Debug") == true ? 2 : 1))
    // The widget library is not in the app: read under its own namespace, with a note.
    #expect(set.handlers.contains { $0.id == "com.example.podcasts.widgets/.QueueFromShareActivity" })
    #expect(set.warnings.map(\.code).contains(.unmergedLibrary))
    let description = try #require(set.buildSettings.first { $0.description.hasPrefix("Gradle variant") }?.description)
    #expect(description.contains("through podcastsApplicationId"), "\(description)")
    #expect(description.contains(":feature:share-target feature/share-target/src/main/AndroidManifest.xml"), "\(description)")
  }

  /// Another variant's source set is skipped and says which variant was used; a library in
  /// node_modules (a React Native app's) is merged through the settings' projectDir.
  @Test func otherVariantsAndNodeModulesLibraries() throws {
    let chat = ManifestLoader.load(paths: [projects + "/chat/android"])
    #expect(chat.skipped.map(\.reason) == ["source set 'debug' is not part of the variant 'release' of :app (--variant chooses another)"])
    let debug = ManifestLoader.load(paths: [projects + "/chat/android"], options: ImportOptions(variant: "debug"))
    #expect(debug.skipped.isEmpty)
    #expect(debug.handlers.map(\.id).allSatisfy { $0.hasPrefix("org.example.chat.debug/") })
    let notes = ManifestLoader.load(paths: [projects + "/notes/android"])
    let description = try #require(notes.buildSettings.first?.description)
    #expect(description.contains("merges :react-native-share-menu"), "\(description)")
    #expect(description.contains("node_modules/react-native-share-menu/android/src/main/AndroidManifest.xml"))
  }
}

/// The build readers are linear: a script at the size bound (1 MiB) of each nesting shape that
/// made an earlier reader quadratic is read at once, and what can be read of it still is.
@Suite struct GradleReaderBoundTests {
  static let size = GradleScript.maxSize - 64

  static func shapes() -> [(String, [UInt8])] {
    func repeated(_ unit: String, to bytes: Int) -> String { String(repeating: unit, count: bytes / unit.utf8.count) }
    let half = size / 2
    return [
      ("open braces, then words", Array((repeated("{", to: half) + repeated(" a", to: half)).utf8)),
      ("open parentheses, then closing ones with braces", Array((repeated("(", to: half / 2 * 2 / 3) + repeated("){", to: half)).utf8)),
      ("one android block of a million lines", Array(("android {\n" + repeated("a = b\n", to: size - 20) + "}").utf8)),
      ("brackets", Array(repeated("[", to: size).utf8)),
      ("a joined value", Array(("def A = " + repeated("\"s\" + ", to: size - 20) + "\"e\"").utf8)),
      ("nested named blocks", Array((repeated("android { buildTypes { create(\"x\") { ", to: half) + repeated("} } } ", to: half)).utf8)),
    ]
  }

  @Test func nestingShapesAtTheSizeBoundAreReadInLinearTime() {
    for (name, bytes) in Self.shapes() {
      let started = Date()
      let script = GradleScript(bytes: bytes)
      let settings = GradleSettings(file: "settings.gradle", bytes: bytes)
      let seconds = Date().timeIntervalSince(started)
      // A generous bound for a debug build under a loaded CI machine; a quadratic reader takes minutes.
      #expect(seconds < 15, "\(name): \(seconds) s")
      _ = (script.namespace, settings.includes)
    }
  }
}

/// `@string` references are followed as Android follows them: up to 20, a cycle named as one.
@Suite struct StringReferenceTests {
  static func strings(_ entries: [(String, String)]) -> AndroidStrings {
    AndroidStrings(
      sources: [.entries(entries.map { ($0.0, AndroidStrings.Entry(value: $0.1, file: "f", location: SourceLocation(line: 1, column: 1))) })],
      files: .none)
  }

  @Test func referencesAreFollowedAsAndroidDoes() throws {
    let chain = (0..<20).map { ("s\($0)", "@string/s\($0 + 1)") } + [("s20", "End")]
    #expect(try Self.strings(chain).lookup("@string/s0").get().value == "End")
    let tooLong = (0..<21).map { ("s\($0)", "@string/s\($0 + 1)") } + [("s21", "End")]
    #expect(Self.strings(tooLong).lookup("@string/s0") == .failure(.tooLong(20)))
    #expect(Self.strings([("a", "@string/b"), ("b", "@string/a")]).lookup("@string/a") == .failure(.cycle(["a", "b", "a"])))
    #expect(Self.strings([("label", "@string/label")]).lookup("@string/label") == .failure(.cycle(["label", "label"])))
    #expect(Self.strings([("a", "@string/gone")]).lookup("@string/a") == .failure(.missing("gone")))
  }
}
