// Wording in the house style (docs/architecture.md): location first (added by the error types),
// lower case, user values in single quotes, no trailing period.

/// Every lint warning's wording, in one place: what goes wrong on a device, then a one-line fix.
/// Lower case, user values in single quotes, no trailing period.
enum LintMessages {
  typealias Text = (message: String, fix: String)

  // MARK: Android

  static func uppercase(_ type: String) -> Text {
    ("\(Printable.quoted(type)) has upper-case letters; Android matches types case-sensitively and senders use lower case, so it never matches",
     "write \(Printable.quoted(type.lowercased()))")
  }

  static func parameterized(_ type: String, normalized: String) -> Text {
    ("\(Printable.quoted(type)) has parameters or spaces; senders' normalised types never carry them, so it never matches",
     "write \(Printable.quoted(normalized))")
  }

  static func wildcardBase(_ type: String) -> Text {
    ("\(Printable.quoted(type)) is stored literally (only 'base/*' and '*/*' are wildcards), so it matches only a sender that writes \(Printable.quoted(type))",
     "write the full type (such as 'image/jpeg') or '*/*'")
  }

  static let noDefault: Text = (
    "the share filter has no android.intent.category.DEFAULT, so the share sheet never lists it (implicit starts need DEFAULT)",
    "add <category android:name=\"android.intent.category.DEFAULT\"/> (categories: [DEFAULT])"
  )

  static func scheme(_ schemes: [String]) -> Text {
    ("the share filter requires scheme \(schemes.map { "\(Printable.quoted($0))" }.joined(separator: ", ")), but share intents carry their content as extras with no data URI, so it never matches",
     "remove android:scheme from the share filter's <data>")
  }

  static func unsent(_ type: String, sent: String, source: String) -> Text {
    ("\(Printable.quoted(type)) is a type no sender builds: Android and iOS name this content \(Printable.quoted(sent)) (\(source)), so the filter never matches it",
     "write \(Printable.quoted(sent))")
  }

  static func multipleReceivesMixed(_ types: [String]) -> Text {
    ("a SEND_MULTIPLE filter of \(types.map(Printable.quoted).joined(separator: ", ")) also receives shares of mixed types (a SEND_MULTIPLE of */*: an image and a PDF), as IntentFilter.matchData lets */* through",
     "read each item's type (ContentResolver.getType) and skip what the activity cannot take")
  }

  static func dataWithoutScheme(hosts: [String], paths: [String]) -> Text {
    let what = (hosts.map { "android:host " + Printable.quoted($0) } + paths.map { "path " + Printable.quoted($0) }).joined(separator: ", ")
    return ("\(what) without android:scheme: IntentFilter.matchData ignores hosts, ports and paths when the filter has no scheme, so the filter takes any data of its types",
            "add android:scheme (or remove the host and path)")
  }

  static func shortcutsRoot(_ root: String) -> String {
    "the shortcuts file's root element is <\(Printable.escaped(root))>, not <shortcuts>: Android reads no share target from it"
  }

  static func shareTargetWithout(_ what: String) -> String {
    "a <share-target> without \(what): Android drops it (ShortcutParser), so its shortcuts never reach the share sheet"
  }

  static func shortcutsProblem(_ problem: String) -> Text {
    (problem, "give each <share-target> an android:targetClass, a <data android:mimeType> and a <category>")
  }

  static func shortcutsUnreadable(_ resource: String, why: String) -> Text {
    ("the android.app.shortcuts meta-data names \(Printable.quoted(resource)), which share-route cannot read (\(why)), so its Direct Share targets are not known",
     "keep the shortcuts file in the res/xml folder beside the manifest")
  }

  static let chooserTargetService: Text = (
    "the android.service.chooser.chooser_target_service meta-data names a ChooserTargetService, which only Android 9 and lower ask (deprecated in API 30; Android 10 and later show sharing shortcuts)",
    "declare a <share-target> in the launcher activity's shortcuts file for Android 10 and later (androidx.sharetarget's ChooserTargetServiceCompat keeps older versions working)"
  )

  static func priority(_ value: Int) -> Text {
    ("android:priority \(value) on a SEND or SEND_MULTIPLE filter has no effect: Android installs it as 0 (a privileged system app's too, on these protected actions), and the share sheet lists targets by label, then by use",
     "remove android:priority (a Direct Share target or a pinned target is how an app comes first)")
  }

  static let sendWithoutMultiple: Text = (
    "the handler accepts SEND but not SEND_MULTIPLE, so it disappears when two or more files are shared (a text or link beside one file is still a SEND: it rides as EXTRA_TEXT)",
    "add android.intent.action.SEND_MULTIPLE with the same types (or ignore this if it takes one item only)"
  )

  static func typesDiffer(onlySend: [String], onlyMultiple: [String]) -> Text {
    var parts: [String] = []
    if !onlySend.isEmpty { parts.append("SEND_MULTIPLE lacks \(onlySend.map { "\(Printable.quoted($0))" }.joined(separator: ", "))") }
    if !onlyMultiple.isEmpty { parts.append("SEND lacks \(onlyMultiple.map { "\(Printable.quoted($0))" }.joined(separator: ", "))") }
    return ("the SEND and SEND_MULTIPLE filters accept different types (\(parts.joined(separator: "; "))), so the handler comes and goes with the item count",
            "give both actions the same types")
  }

  static let notExported: Text = (
    "android:exported=\"false\": other apps cannot start this activity, so no share sheet lists it on a device; share-route still routes to it",
    "set android:exported=\"true\" (or remove the share filter)"
  )

  static func disabled(onApplication: Bool) -> Text {
    ((onApplication ? "the <application> has android:enabled=\"false\"" : "android:enabled=\"false\"")
      + ": the component is off until the app enables it at run time (PackageManager.setComponentEnabledSetting), so share-route refuses it",
     "nothing, if the app switches it on at run time (route with --assume-enabled to see it as enabled); otherwise remove android:enabled=\"false\"")
  }

  static func packageNotFound(gradle: String?, used: String) -> Text {
    ("no package: the manifest has no package attribute and "
      + (gradle.map { "\($0) has no literal android.namespace" } ?? "no build.gradle(.kts) is beside src/")
      + ", so the id uses \(Printable.quoted(used)), made from the module's path",
     "add namespace = \"…\" to the module's android { } block (or package=\"…\" to <manifest>)")
  }

  static func unresolvedLabel(_ value: String, used: String, why: String) -> Text {
    ("the label \(Printable.quoted(value)) cannot be resolved (\(why)), so share-route shows \(Printable.quoted(used)), the app's folder",
     "define it in the module's res/values/strings.xml, or write the label literally")
  }

  /// A label reference in a built artifact that the artifact alone cannot resolve.
  static func unresolvedBuiltLabel(_ value: String, used: String, why: String) -> Text {
    ("the label \(Printable.quoted(value)) cannot be resolved from the artifact (\(why)), so share-route shows \(Printable.quoted(used)), the next label a device would try (the component's, the application's, else the class name)",
     "give the component a string resource of the app with a default value, or a literal label")
  }

  static func gradleComputed(_ key: String, written: String, used: String) -> Text {
    ("\(key) is computed (\(Printable.quoted(written))), which share-route does not evaluate; it uses \(Printable.quoted(used))",
     "write \(key) as a literal string")
  }

  static func projectUnreadable(_ why: String, used: String) -> Text {
    ("share-route cannot use this file (\(why)); it uses \(Printable.quoted(used))",
     "fix the file, or write the value in the platform file itself")
  }

  static func projectBound(_ why: String) -> Text {
    ("share-route stopped reading the build settings here (\(why)); settings written after this point may be missing",
     "keep the .xcconfig files the project reads inside it (or pass --follow-links), each included once")
  }

  static func ambiguousID(_ id: String, other: String, used: String) -> Text {
    ("the id \(Printable.quoted(id)) is also derived from \(other); both handlers are kept, this one as \(Printable.quoted(used))",
     "give each app its own package or bundle identifier (a fork: its own applicationId)")
  }

  // MARK: iOS

  static let truePredicate: Text = (
    "TRUEPREDICATE activates the extension for every share; App Store validation rejects it",
    "write a real rule (a dictionary or a SUBQUERY predicate)"
  )

  static func nonBooleanText(_ value: ActivationDictionary.Value) -> Text {
    let shown: String =
      switch value {
      case .integer(let number): "the integer \(number)"
      case .string(let text): "the string \(Printable.quoted(text))"
      case .real(let number): "the number \(number)"
      case .boolean(let flag): "\(flag)"
      }
    return ("NSExtensionActivationSupportsText is \(shown); it works at run time, but App Store validation rejects a non-Boolean",
            "write <true/> (true in YAML or JSON)")
  }

  static let allZero: Text = (
    "every value of the activation rule is 0 (or the dictionary is empty), so the system never activates the extension",
    "give at least one key a count of 1 or more, or SupportsText true"
  )

  static let strictIgnored: Text = (
    "NSExtensionActivationUsesStrictMatching is false, but without NSExtensionActivationDictionaryVersion 2 matching stays strict",
    "add NSExtensionActivationDictionaryVersion 2 for fuzzy matching"
  )

  static func keyOutsideRule(_ key: String, parent: String) -> Text {
    ("\(Printable.quoted(key)) is under \(parent), where the system ignores it; only keys inside NSExtensionActivationRule count",
     "move \(Printable.quoted(key)) into NSExtensionAttributes.NSExtensionActivationRule")
  }

  static func unknownRuleKey(_ key: String) -> Text {
    ("\(Printable.quoted(key)) is not an activation rule key; the system ignores it",
     "remove it, or use one of Apple's keys (NSExtensionActivationSupportsFileWithMaxCount, …)")
  }

  static func unknownType(_ identifier: String, suggestion: String?) -> Text {
    ("\(Printable.quoted(identifier)) is not a system type identifier share-route knows; it conforms only to itself",
     suggestion.map { "did you mean \(Printable.quoted($0))?" } ?? "check the spelling against Apple's UTType list")
  }

  static func thirdPartyType(_ identifier: String) -> Text {
    ("\(Printable.quoted(identifier)) is an app-declared type; share-route knows only system types, so it conforms only to itself",
     "nothing, if an app exports this type")
  }

  static func unknownRootKey(_ path: String) -> Text {
    ("\(Printable.quoted(path)) is not in the matching dictionary (it holds only extensionItems), so it is always nil",
     "start from extensionItems, as in SUBQUERY(extensionItems, $item, …)")
  }

  static func unknownMemberKey(_ key: String, of collection: String) -> Text {
    ("\(Printable.quoted(key)) is not a key of the elements of \(collection), so it is always nil",
     collection == "extensionItems"
       ? "use $item.attachments" : "use $attachment.registeredTypeIdentifiers")
  }

  static func atMostOnly(_ comparison: String) -> Text {
    ("`\(comparison)` also holds when no attachment matches, so shares with none of these types pass",
     "add a lower bound in the same AND, such as `… .@count >= 1`")
  }

  static func inPredicate(_ location: SourceLocation, _ message: String) -> String {
    "predicate \(location): " + message
  }

  static func buildSetting(
    _ key: String, value: String, variable: String, project: String?, used: String, problems: [String]
  ) -> Text {
    ("\(key) is \(Printable.quoted(value)), and \(variable) is not defined in "
      + (project.map { "the build settings of \($0) or its .xcconfig files" } ?? "any Xcode project found above the plist")
      + unreadable(problems) + ", so share-route uses \(Printable.quoted(used))",
     "define \(variable) in the target's build settings or its .xcconfig, or pick another configuration with --configuration")
  }

  static func settingOverBudget(_ key: String, value: String, variable: String, length: Int, steps: Int, used: String) -> Text {
    ("\(key) is \(Printable.quoted(value)), and expanding \(variable) goes past share-route's budget (\(length) "
      + "characters, \(steps) names), so share-route uses \(Printable.quoted(used))",
     "write the setting without settings that repeat each other")
  }

  static func emptySetting(_ key: String, value: String, project: String?, used: String, problems: [String]) -> Text {
    ("\(key) is \(Printable.quoted(value)), which is empty in "
      + (project.map { "the build settings of \($0) and its .xcconfig files" } ?? "the build settings")
      + unreadable(problems) + ", so share-route uses \(Printable.quoted(used))",
     "give the setting a value in the target's build settings or its .xcconfig")
  }

  /// `; Pods/….xcconfig could not be read (…)` after a finding whose setting may be there.
  private static func unreadable(_ problems: [String]) -> String {
    problems.isEmpty ? "" : " (" + problems.prefix(3).joined(separator: "; ") + (problems.count > 3 ? "; …" : "") + ")"
  }

  static func conditionalSetting(_ key: String, file: String, _ location: SourceLocation, used: String) -> Text {
    ("\(key) is also set inside a condition or a loop at \(file):\(location.line), which share-route does not evaluate, "
      + "so \(Printable.quoted(used)) may not be what the build has",
     "set it unconditionally in its build type or flavour, or choose the variant whose value you need with --variant")
  }

  static func unusedLibrary(_ module: String, settings: String) -> Text {
    ("\(module) is a library module that no application module of \(settings) depends on, so share-route reads it "
      + "on its own, under the library's namespace; a device only has its components inside an app",
     "nothing, if an app outside this build uses it; otherwise add it to the app's dependencies")
  }

  /// The title of lint's GitHub annotations.
  static let annotationTitle = "share-route lint"

  static func csharpValueUnknown(_ property: String, written: String) -> Text {
    ("\(property) is \(Printable.quoted(written)), a C# value share-route does not evaluate: it is left out of the manifest built here",
     "write it as a string literal, an Intent constant or a const string of the same file, or check the built app's manifest")
  }

  static func dotnetApplicationID(written: String, used: String) -> Text {
    ("ApplicationId is \(Printable.quoted(written)), which names a property no file read here sets, so share-route uses \(Printable.quoted(used))",
     "set the property in the .csproj or Directory.Build.props, or check the ids against a built APK")
  }

  static func expoCodeConfig(_ file: String) -> Text {
    ("\(file) is code share-route does not run: what it changes in this config (a name, an id, a plugin's options) is not known",
     "check the routes against the built app, or write the values in app.json")
  }

  static func extensionKeyInAppPlist(_ key: String) -> Text {
    ("\(Printable.quoted(key)) in ios.infoPlist goes into the app's Info.plist, where iOS ignores it: an extension has a plist of its own",
     "configure the share extension with its plugin's options (expo-share-intent's iosActivationRules, expo-share-extension's activationRules)")
  }

  static func repeatedPlistKey(_ key: String, first: SourceLocation) -> Text {
    ("\(Printable.quoted(key)) is written twice in this dictionary (first at \(first)); Apple's parser keeps the value written last, and so does share-route",
     "remove one of them")
  }

  static func deploymentTarget(extension: String, host: String, hostName: String) -> Text {
    ("the extension needs iOS \(Printable.quoted(`extension`)) (IPHONEOS_DEPLOYMENT_TARGET) and its app \(Printable.quoted(hostName)) runs from iOS \(Printable.quoted(host)): a phone below iOS \(Printable.quoted(`extension`)) installs the app and its share sheet does not offer the extension",
     "give the extension the app's deployment target, or raise the app's")
  }

  static func unknownVariant(_ asked: String, module: String, used: String, available: [String], conventionPlugins: [String] = []) -> Text {
    let shown = available.prefix(12).joined(separator: ", ") + (available.count > 12 ? ", …" : "")
    if !conventionPlugins.isEmpty {
      return ("\(module)'s own script has no variant \(Printable.quoted(asked)) (its variants: \(shown)); the build's plugin \(Printable.quoted(conventionPlugins[0])) may add it, which share-route does not run, so it uses \(Printable.quoted(used))",
        "check the route against the built variant (share-route app-\(asked).apk), or declare the flavours in the module's script")
    }
    return ("\(module) has no variant \(Printable.quoted(asked)), so share-route uses \(Printable.quoted(used)) (its variants: \(shown))",
      "pass one of its variants with --variant, or a build type alone (--variant debug)")
  }

  static func conventionPlugin(_ module: String, plugins: [String], used: String) -> Text {
    let named = plugins.prefix(4).map { Printable.quoted($0) }.joined(separator: ", ") + (plugins.count > 4 ? ", …" : "")
    return ("\(module) applies \(named), from the build's own code (buildSrc or an included build), which share-route does not run: the flavours, build types, applicationId suffixes and resValues it may add are not known, so the id \(Printable.quoted(used)) is a guess",
      "check the ids against a built APK or App Bundle (share-route app.apk), which has them all")
  }

  static func missingBundleIdentifier(project: String?, used: String, problems: [String]) -> Text {
    ("no CFBundleIdentifier, and no PRODUCT_BUNDLE_IDENTIFIER in "
      + (project.map { "the build settings of \($0) or its .xcconfig files" } ?? "any Xcode project found above the plist")
      + unreadable(problems) + ", so share-route uses \(Printable.quoted(used))",
     "set PRODUCT_BUNDLE_IDENTIFIER in the target's build settings (Xcode fills CFBundleIdentifier from it)")
  }

  // MARK: Sets

  static func orderTie(_ order: Int, other: String, otherFile: String, first: String, second: String) -> Text {
    ("order \(order) is also \(other)'s (\(otherFile)); the tie is broken by id, so \(Printable.quoted(first)) comes before \(Printable.quoted(second))",
     "give each handler its own order")
  }
}
