// Wording in the house style (docs/architecture.md): location first (added by the error types),
// lower case, user values in single quotes, no trailing period.

/// Every message about the files around a platform file (Gradle scripts, string resources,
/// Xcode projects), worded in one place.
enum ProjectMessages {
  static func unreadable(_ reason: String) -> String { "cannot read the file (\(reason))" }
  static let notRegularFile = "not a regular file"
  static func tooLarge(_ size: Int, limit: Int) -> String { "file is too large (\(size) bytes, at most \(limit))" }
  static func entryBound(_ limit: Int) -> String { "more than \(limit) directory entries" }
  static func depthBound(_ limit: Int) -> String { "folders nested deeper than \(limit) levels were not walked" }
  static let noStrings = "no res/values/*.xml strings beside the manifest"
  static let noVariantStrings = "no res/values/*.xml strings in the variant's source sets, its libraries or resValue"
  static func noString(_ name: String) -> String { "no string \(Printable.quoted(name)) in res/values" }
  static func stringCycle(_ names: [String]) -> String {
    "the string references go round in a cycle (" + names.prefix(8).map { Printable.escaped(Printable.excerpt("@string/" + $0)) }.joined(separator: " → ") + (names.count > 8 ? " → …" : "") + ")"
  }
  static func stringChainTooLong(_ limit: Int) -> String {
    "more than \(limit) string references lead one to another (Android follows at most \(limit))"
  }
  static let linkOutOfTree =
    "a symbolic link to a file outside the tree given, not read (--follow-links reads it, without quoting it)"

  /// A walked YAML or JSON file with top-level `cases`: share-route check's file, not a manifest.
  static let expectationsFile = "an expectations file (share-route check), not a manifest"
  static let notAString = "only @string/… resources and ${applicationId} are resolved"
  static let noProjectObject = "no project object (rootObject) in the project file"
  static let afterValue = "unexpected text after the property list"
  static let endOfFile = "the end of the file"
  static let unterminatedString = "this string is not closed"
  static func expected(_ what: String, found: String) -> String { "expected \(what), found \(found)" }
  static func tooDeep(_ limit: Int) -> String { "nesting deeper than \(limit) levels" }
  static func tooManyValues(_ limit: Int) -> String { "more than \(limit) values" }

  static func tooManyLines(_ limit: Int) -> String { "more than \(limit) lines; the rest is not read" }
  static let includeWithoutPath = "#include needs a quoted path"
  static func notAnAssignment(_ line: String) -> String {
    "\(Printable.quoted(line)) is neither a setting (KEY = value) nor an #include"
  }
  static func includeCycle(_ path: String) -> String { "\(Printable.quoted(path)) includes itself" }
  static func includeTooDeep(_ limit: Int) -> String { "#include nested deeper than \(limit) files" }
  static func tooManyIncludes(_ limit: Int) -> String {
    "more than \(limit) files read through #include for one configuration; the rest are not read"
  }
  /// An `.xcconfig` named by an absolute path or one climbing out of the project and the tree.
  static let outsideProject = "it lies outside the project and the tree given, not read (--follow-links reads it)"
  /// A file read for a platform file that is really outside the tree (its path names it).
  static let linkOutside = "a symbolic link out of the tree given, not read (--follow-links reads it)"
  static func includeUnreadable(_ path: String, _ why: String) -> String {
    "the included \(Printable.quoted(path)) cannot be read: \(why)"
  }
  /// Where a build setting was written: `Config/Share.xcconfig:3`, `app.json:12` (the file alone
  /// without a line).
  static func fileLine(_ path: String, line: Int?) -> String { path + (line.map { ":\($0)" } ?? "") }
  static func projectLevel(_ project: String, line: Int?, configuration: String) -> String {
    "\(project)\(line.map { ":\($0)" } ?? ""), project settings, \(configuration)"
  }
  static func targetLevel(_ project: String, line: Int?, target: String, configuration: String) -> String {
    "\(project)\(line.map { ":\($0)" } ?? ""), target \(Printable.quoted(target)), \(configuration)"
  }

  /// How an expanded value was found: `CFBundleIdentifier 'org.a.share': PRODUCT_BUNDLE_IDENTIFIER
  /// from Config/Share.xcconfig:3, APP_ID from Config/Base.xcconfig:1, BUNDLE_ID_SUFFIX not set (empty)`.
  static func settingChain(_ key: String, value: String, trace: BuildSettings.Trace, origins: [String: SettingOrigin]) -> String {
    var parts = trace.used.map { name in origins[name].map { "\(name) from \($0.text)" } ?? "\(name) (every build defines it)" }
    parts += trace.undefined.map { "\($0) not set (empty)" }
    return "\(key) \(Printable.quoted(value))" + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
  }

  /// Where an XcodeGen spec sets a setting (build settings' origins).
  static func xcodeGenPreset(_ spec: String, target: String) -> String { "\(spec), target \(Printable.quoted(target)), platform" }
  static func xcodeGenOption(_ spec: String, _ key: String) -> String { "\(spec), \(key)" }
  static func xcodeGenTarget(_ spec: String, target: String, _ key: String) -> String {
    "\(spec), target \(Printable.quoted(target)), \(key)"
  }
  static func includeBound(_ count: Int, depth: Int) -> String {
    "at most \(count) included files, nested at most \(depth) deep"
  }
  static func xcodeGenGenerated(_ spec: String, target: String) -> String {
    "XcodeGen writes this plist from \(Printable.quoted(spec)) (target \(Printable.quoted(target)), info.properties): the target is read there"
  }
  static let xcodeGenGeneratedProject =
    "the Xcode project generated from this spec is beside it: its targets are read instead"
  static let includeUnreadableFix = "make the included file readable, or remove the include"
  static let xcodeGenNoExtension =
    "no target has NSExtension in info.properties (an extension whose Info.plist is a file of its own is read from that file)"
  static func xcodeGenTargetSkipped(_ target: String, _ why: String) -> String { "target \(Printable.quoted(target)): \(why)" }
  static func expoNative(_ platform: String) -> String {
    "the \(platform)/ folder holds the native project expo prebuild wrote from this config: its files are read instead"
  }
  static let expoCodeOnly =
    "an Expo config written as code, which share-route does not run: the share targets it configures (intentFilters, "
    + "expo-share-intent, expo-share-extension) are not read; write them in app.json, or read the android/ and ios/ "
    + "folders expo prebuild writes"

  /// Where a .NET project's plist setting comes from: `App.csproj's ApplicationId`, or the
  /// project's name.
  static func dotnetProperty(_ property: String?, project: String) -> String {
    property.map { "\(project)'s \($0)" } ?? "the name of \(project)"
  }
  static let dotnetTemplateWithoutApplication =
    "the template manifest has no <application> element with an end tag, where the build adds the activities of the C# attributes"
  static let dotnetNotAndroidApp = "not a .NET Android app project (no <OutputType>Exe</OutputType> with a netN.0-android target framework)"
  static let expoNoShareTarget =
    "no share target configured (android.intentFilters with SEND, or the plugins expo-share-intent or expo-share-extension)"
  /// The root project of a Gradle build, as Gradle names it.
  static func rootProject(_ folderName: String) -> String { "root project \(Printable.quoted(folderName))" }
  /// `--variant` names a variant no Android application module read has.
  static func unknownVariant(_ asked: String, modules: [VariantUse]) -> String {
    let listed = modules.prefix(6).map { use in
      use.module + " has " + use.available.prefix(12).map(Printable.quoted).joined(separator: ", ") + (use.available.count > 12 ? ", …" : "")
    }
    return "no Android app module has the variant \(Printable.quoted(asked)): " + listed.joined(separator: "; ")
      + (modules.count > 6 ? "; and \(modules.count - 6) more modules" : "") + " (a build type alone, such as debug, chooses it with the default flavours)"
  }
  static func otherVariant(_ sourceSet: String, variant: String, module: String) -> String {
    "source set \(Printable.quoted(sourceSet)) is not part of the variant \(Printable.quoted(variant)) of \(module) (--variant chooses another)"
  }
  static func otherLibraryVariant(_ sourceSet: String, module: String) -> String {
    "source set \(Printable.quoted(sourceSet)) of the library \(module) is not part of the variant its applications build (--variant chooses another)"
  }
  /// `applicationId 'org.a' (app/build.gradle.kts:12, flavour free)`.
  static func gradleOrigin(_ key: String, _ value: String?, file: String, _ location: SourceLocation?, what: String?) -> String {
    "\(key)\(value.map { " " + Printable.quoted($0) } ?? "") from \(file)\(location.map { ":\($0.line)" } ?? "")"
      + (what.map { " (\($0))" } ?? "")
  }
  static let notAnXMLResource = "not an @xml/ resource"

  /// Where a value is written: `from app/build.gradle:12`, `from <uses-sdk>`.
  static func placeOf(_ file: String, _ location: SourceLocation?) -> String {
    "from \(file)\(location.map { ":\($0.line)" } ?? "")"
  }
  /// `, through podcastsApplicationId` when a value names variables or Gradle properties.
  static func throughNames(_ parts: [GradleScript.Part]?) -> String {
    let names = (parts ?? []).compactMap { if case .reference(let name) = $0 { name } else { nil } }
    return names.isEmpty ? "" : ", through " + names.joined(separator: ", ")
  }
  static func manifestPackage(_ value: String) -> String { "package \(Printable.quoted(value)) of the manifest" }
  /// `Gradle variant 'freeRelease' of :app (settings.gradle.kts): applicationId 'org.a.free': …; merges …`.
  static func androidVariant(
    _ variant: String, module: String, settings: String, missing: String?, applicationID: String, chain: [String],
    merged: [(module: String, file: String)]
  ) -> String {
    var text = "Gradle variant \(Printable.quoted(variant)) of \(module) (\(settings))"
    if let missing { text += " (\(module) has no \(Printable.quoted(missing)))" }
    text += "; applicationId \(Printable.quoted(applicationID))"
    if !chain.isEmpty { text += ": " + chain.joined(separator: ", ") }
    if !merged.isEmpty { text += "; merges " + merged.map { "\($0.module) \($0.file)" }.joined(separator: ", ") }
    return text
  }

  /// `Notes.xcodeproj, target 'ShareExtension', configuration 'Release'`.
  static func buildSettings(project: String, target: String, configuration: String, asked: String) -> String {
    "build settings of \(project), target \(Printable.quoted(target)), configuration \(Printable.quoted(configuration))"
      + (configuration == asked ? "" : " (the target has no \(Printable.quoted(asked)))")
  }
}
