/// Reads the share targets an Expo app configures in `app.json` / `app.config.json`, for the
/// platforms whose native project is not there yet (`expo prebuild` writes `android/` and `ios/`
/// from the config; once they exist, their files are read instead). What `expo prebuild` would
/// write is built here as the platform file it writes, and read as that file is read:
///
/// | config | Android (`android/app/src/main/AndroidManifest.xml`) | iOS (an extension's `Info.plist`) |
/// |---|---|---|
/// | `android.intentFilters` (Expo, `IntentFilters.ts`) | on `.MainActivity`: `android.intent.action.` + `action`, `android.intent.category.` + each category, `<data>` as written | — |
/// | plugin `expo-share-intent` (`withAndroidIntentFilters.ts`, `writeIosShareExtensionFiles.ts`, `constants.ts`) | on `.MainActivity`: SEND + DEFAULT with `androidIntentFilters` (default `text/*`); SEND_MULTIPLE + DEFAULT with `androidMultiIntentFilters` when given | target `ShareExtension` (or `iosShareExtensionName` without its non-alphanumerics), id `iosShareExtensionBundleIdentifier` or `<bundleIdentifier>.share-extension`, label `iosShareExtensionName` or `<name> - Share Extension`, rule `iosActivationRules` (a dictionary or a predicate) or web URL and web page at most 1 |
/// | plugin `expo-share-extension` (`index.ts`, `withShareExtensionInfoPlist.ts`) | — | target `<sanitized name>ShareExtension`, id `<bundleIdentifier>.ShareExtension`, label `<target> Share Extension`, rule from `activationRules` (`image` also adds `file`; default text and url) |
///
/// The app's label is `name`; the Android package `android.package`. `app.config.js` and
/// `app.config.ts` are code share-route does not run: a note says so.
enum ExpoImport {
  /// The config file names read.
  static let names = ["app.json", "app.config.json"]
  /// The config file names that are code: never run, only named (``codeOnly(_:files:)``).
  static let codeNames: Set<String> = ["app.config.js", "app.config.ts", "app.config.mjs", "app.config.cjs"]

  /// A config written only as code (no `app.json` beside it): skipped, saying that what it
  /// configures is not known; `nil` when an `app.json` is there (its reading says so).
  static func codeOnly(_ file: String, files: ProjectFiles) -> Decoded? {
    let folder = ProjectPath.parent(file)
    guard !names.contains(where: { files.isFile(ProjectPath.join(folder, $0)) }) else { return nil }
    // An Expo app's: its package.json names expo (Angular's and Nuxt's app.config.ts are not).
    guard case .success(let bytes) = files.read(ProjectPath.join(folder, "package.json"), limit: ManifestLoader.maxFileSize),
      String(decoding: bytes, as: UTF8.self).contains("\"expo\"")
    else { return nil }
    return Decoded(skipped: ProjectMessages.expoCodeOnly)
  }

  /// An Expo config found by a walk, or `nil` when the file configures no share target (it is
  /// then left alone, as any project data).
  static func read(_ file: String, files: ProjectFiles, options: ImportOptions, inDirectory: Bool) -> Decoded? {
    guard let root = try? ConfigDocument.tree(file: file), case .object(let top) = root.value,
      !ManifestLoader.looksLikeManifest(Set(top.map(\.key)))
    else { return nil }
    let config = top.first { $0.key == "expo" }?.value ?? root
    guard case .object(let members) = config.value else { return nil }
    let fields = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    let folder = ProjectPath.parent(file)
    let name = string(fields["name"]) ?? ProjectPath.name(folder)
    let android = object(fields["android"])
    let ios = object(fields["ios"])
    var plugins: [(name: String, options: [String: ConfigNode], location: SourceLocation)] = []
    if case .array(let list)? = fields["plugins"]?.value {
      for entry in list.prefix(256) {
        if let text = string(entry) {
          plugins.append((text, [:], entry.location))
        } else if case .array(let pair) = entry.value, let text = pair.first.flatMap(string) {
          plugins.append((text, pair.count > 1 ? object(pair[1]) : [:], entry.location))
        }
      }
    }
    let shareIntent = plugins.first { $0.name == "expo-share-intent" }
    let shareExtension = plugins.first { $0.name == "expo-share-extension" }
    var decoded = Decoded()
    var notes: [String] = []
    // Android: once `android/` is there, its manifest is the one read.
    let nativeAndroid = files.isFile(ProjectPath.join(folder, "android/app/src/main/AndroidManifest.xml"))
    var filters: [String] = []
    if case .array(let written)? = android["intentFilters"]?.value {
      for filter in written.prefix(256) {
        let parts = object(filter)
        guard let action = string(parts["action"]) else { continue }
        let categories: [String] =
          if case .array(let list)? = parts["category"]?.value { list.compactMap(string) } else { string(parts["category"]).map { [$0] } ?? [] }
        let data: [ConfigNode] = if case .array(let list)? = parts["data"]?.value { list } else { parts["data"].map { [$0] } ?? [] }
        filters.append(
          intentFilter(
            action: "android.intent.action." + action, categories: categories.map { "android.intent.category." + $0 },
            data: data.map { entry in
              // Only attribute names (letters): anything else would write markup of its own.
              object(entry).compactMap { key, value in
                key.allSatisfy({ $0.isASCII && $0.isLetter }) && !key.isEmpty ? string(value).map { (key, $0) } : nil
              }.sorted { $0.0 < $1.0 }
            }))
      }
    }
    if let shareIntent, bool(shareIntent.options["disableAndroid"]) != true {
      let single = strings(shareIntent.options["androidIntentFilters"]) ?? ["text/*"]
      filters.append(
        intentFilter(action: "android.intent.action.SEND", categories: ["android.intent.category.DEFAULT"], data: single.map { [("mimeType", $0)] }))
      if let multiple = strings(shareIntent.options["androidMultiIntentFilters"]), !multiple.isEmpty {
        filters.append(
          intentFilter(
            action: "android.intent.action.SEND_MULTIPLE", categories: ["android.intent.category.DEFAULT"], data: multiple.map { [("mimeType", $0)] }))
      }
    }
    let sharing = filters.contains { $0.contains("\"android.intent.action.SEND\"") || $0.contains("\"android.intent.action.SEND_MULTIPLE\"") }
    if sharing && nativeAndroid {
      notes.append(ProjectMessages.expoNative("android"))
    } else if sharing {
      let manifest = """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="\(XMLText.attribute(string(android["package"]) ?? ""))">
        <application android:label="\(XMLText.attribute(name))">
        <activity android:name=".MainActivity" android:exported="true" android:launchMode="singleTask">
        <intent-filter><action android:name="android.intent.action.MAIN"/><category android:name="android.intent.category.LAUNCHER"/></intent-filter>
        \(filters.joined(separator: "\n"))
        </activity>
        </application>
        </manifest>
        """
      let read = PlatformImport.decode(Array(manifest.utf8), file: file, inDirectory: true)
      // Places in the manifest built here are not places in the config: each is where the
      // filters are configured.
      let place = android["intentFilters"]?.location ?? shareIntent?.location
      func moved(_ location: SourceLocation?) -> SourceLocation? { location == nil ? nil : place }
      for document in read.documents {
        guard case .handler(let handler, var places) = document else { continue }
        places.handler.location = place
        places.order = nil
        places.filters = places.filters.map { filter in
          var filter = filter
          filter.location = moved(filter.location)
          filter.mimeTypes = filter.mimeTypes.map { ($0.value, moved($0.location), $0.keyPath) }
          filter.priority = filter.priority.map { (moved($0.location), $0.keyPath) }
          filter.schemes = filter.schemes.map { (moved($0.location), $0.keyPath) }
          filter.categories = filter.categories.map { (moved($0.location), $0.keyPath) }
          return filter
        }
        decoded.documents.append(.handler(handler, places))
      }
      decoded.errors += read.errors.map { ManifestError(file: $0.file, location: moved($0.location), keyPath: $0.keyPath, problem: $0.problem) }
      decoded.warnings += read.warnings.map {
        ManifestWarning(file: $0.file, location: moved($0.location), keyPath: $0.keyPath, code: $0.code, message: $0.message, fix: $0.fix)
      }
    }
    // iOS: once `ios/` holds an Xcode project, its extensions are the ones read.
    let nativeIOS = files.list(ProjectPath.join(folder, "ios")).contains { $0.hasSuffix(".xcodeproj") }
    let bundle = string(ios["bundleIdentifier"])
    // Each extension's id, and where the id (or the app's id it extends) is written.
    var extensions: [(target: String, id: String?, idKey: String, idAt: SourceLocation?, label: String, rule: ConfigNode, location: SourceLocation)] = []
    if let shareIntent, bool(shareIntent.options["disableIOS"]) != true {
      let written = string(shareIntent.options["iosShareExtensionName"])
      let target = written.map { String($0.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }) }.flatMap { $0.isEmpty ? nil : $0 } ?? "ShareExtension"
      let rule =
        shareIntent.options["iosActivationRules"]
        ?? node(.object([member("NSExtensionActivationSupportsWebURLWithMaxCount", .integer(1)), member("NSExtensionActivationSupportsWebPageWithMaxCount", .integer(1))]), shareIntent.location)
      let writtenID = shareIntent.options["iosShareExtensionBundleIdentifier"]
      extensions.append(
        (target, string(writtenID) ?? bundle.map { $0 + ".share-extension" },
         string(writtenID) != nil ? "iosShareExtensionBundleIdentifier" : "ios.bundleIdentifier",
         string(writtenID) != nil ? writtenID?.location : ios["bundleIdentifier"]?.location,
         written ?? name + " - Share Extension", rule, shareIntent.location))
    }
    if let shareExtension {
      let target = sanitized(name) + "ShareExtension"
      var rule: [ConfigMember] = []
      var rules: [(type: String, max: Int)] = []
      if case .array(let list)? = shareExtension.options["activationRules"]?.value {
        for entry in list.prefix(16) {
          let parts = object(entry)
          if let type = string(parts["type"]) { rules.append((type, integer(parts["max"]) ?? 1)) }
        }
      } else {
        rules = [("text", 1), ("url", 1)]
      }
      // "Screenshot overlay sends public.url instead of public.image": an image rule adds a file one.
      if let image = rules.first(where: { $0.type == "image" }), !rules.contains(where: { $0.type == "file" }) { rules.append(("file", image.max)) }
      for (type, max) in rules {
        switch type {
        case "image": rule.append(member("NSExtensionActivationSupportsImageWithMaxCount", .integer(max)))
        case "video": rule.append(member("NSExtensionActivationSupportsMovieWithMaxCount", .integer(max)))
        case "text": rule.append(member("NSExtensionActivationSupportsText", .bool(true)))
        case "url": rule.append(member("NSExtensionActivationSupportsWebURLWithMaxCount", .integer(max)))
        case "file": rule.append(member("NSExtensionActivationSupportsFileWithMaxCount", .integer(max)))
        default: break
        }
      }
      extensions.append(
        (target, bundle.map { $0 + ".ShareExtension" }, "ios.bundleIdentifier", ios["bundleIdentifier"]?.location, target + " Share Extension",
         node(.object(rule), shareExtension.location), shareExtension.location))
    }
    if !extensions.isEmpty && nativeIOS {
      notes.append(ProjectMessages.expoNative("ios"))
    } else {
      for found in extensions {
        var settings = ["PRODUCT_NAME": found.target]
        var origins = ["PRODUCT_NAME": SettingOrigin(ProjectPath.name(file), file: file)]
        if let id = found.id {
          settings["PRODUCT_BUNDLE_IDENTIFIER"] = id
          origins["PRODUCT_BUNDLE_IDENTIFIER"] = SettingOrigin(
            ProjectMessages.fileLine(ProjectPath.name(file), line: found.idAt?.line), file: file, location: found.idAt,
            written: found.idKey)
        }
        let context = XcodeTargetContext(
          projectFile: file, projectName: name, targetName: found.target, configuration: "Release",
          settings: BuildSettings(values: settings, origins: origins))
        let plist = node(
          .object([
            member("CFBundleIdentifier", .string("$(PRODUCT_BUNDLE_IDENTIFIER)")), member("CFBundleDisplayName", .string(found.label)),
            member(
              "NSExtension",
              .object([
                member("NSExtensionAttributes", .object([ConfigMember(key: "NSExtensionActivationRule", keyLocation: found.location, value: found.rule)])),
                member("NSExtensionPointIdentifier", .string("com.apple.share-services")),
              ])),
          ]), found.location)
        var importer = InfoPlistImporter(file: file, options: options, target: context)
        if case .handler(let handler, let places) = importer.read(plist) { decoded.documents.append(.handler(handler, places)) }
        decoded.errors += importer.errors
        decoded.warnings += importer.warnings
      }
    }
    // Keys an extension needs, written for the app (`ios.infoPlist`), where iOS ignores them.
    if let infoPlist = ios["infoPlist"], case .object(let keys) = infoPlist.value,
      let misplaced = keys.first(where: { $0.key == "NSExtension" || $0.key.hasPrefix("NSExtensionActivation") })
    {
      let text = LintMessages.extensionKeyInAppPlist(misplaced.key)
      decoded.warnings.append(
        ManifestWarning(file: file, location: misplaced.keyLocation, keyPath: "ios.infoPlist." + misplaced.key, code: .keyOutsideRule, message: text.message, fix: text.fix))
    }
    for code in ["app.config.js", "app.config.ts"] where files.isFile(ProjectPath.join(folder, code)) {
      let text = LintMessages.expoCodeConfig(code)
      decoded.warnings.append(
        ManifestWarning(file: file, location: nil, keyPath: "", code: .unresolvedProjectFile, message: text.message, fix: text.fix))
    }
    if decoded.documents.isEmpty && decoded.errors.isEmpty {
      guard !notes.isEmpty || !decoded.warnings.isEmpty else { return nil }
      decoded.skipped = notes.isEmpty ? ProjectMessages.expoNoShareTarget : notes.joined(separator: "; ")
      return decoded
    }
    if !notes.isEmpty { decoded.skipped = notes.joined(separator: "; ") }
    return decoded
  }

  // MARK: Building the files

  private static func intentFilter(action: String, categories: [String], data: [[(String, String)]]) -> String {
    var xml = "<intent-filter><action android:name=\"\(XMLText.attribute(action))\"/>"
    for category in categories { xml += "<category android:name=\"\(XMLText.attribute(category))\"/>" }
    for attributes in data where !attributes.isEmpty {
      xml += "<data " + attributes.map { "android:\(XMLText.attribute($0.0))=\"\(XMLText.attribute($0.1))\"" }.joined(separator: " ") + "/>"
    }
    return xml + "</intent-filter>"
  }

  /// Expo's `sanitizedName`: `[\W_]+` removed (JavaScript's `\w` is ASCII, so accented letters
  /// go too), else the same of the name's slug (accents folded), else `app`.
  static func sanitized(_ name: String) -> String {
    let kept = name.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
    if !kept.isEmpty { return kept }
    let folded = name.decomposedStringWithCanonicalMapping.unicodeScalars.filter { !(0x300...0x36F).contains($0.value) }
    let slug = String(String.UnicodeScalarView(folded)).filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
    return slug.isEmpty ? "app" : slug
  }

  private static func node(_ value: ConfigNode.Value, _ location: SourceLocation) -> ConfigNode { ConfigNode(value: value, location: location) }
  private static func member(_ key: String, _ value: ConfigNode.Value) -> ConfigMember {
    ConfigMember(key: key, keyLocation: SourceLocation(line: 0, column: 0), value: ConfigNode(value: value, location: SourceLocation(line: 0, column: 0)))
  }
  private static func object(_ node: ConfigNode?) -> [String: ConfigNode] {
    guard case .object(let members)? = node?.value else { return [:] }
    return Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
  }
  private static func string(_ node: ConfigNode?) -> String? {
    if case .string(let text)? = node?.value { return text }
    return nil
  }
  private static func strings(_ node: ConfigNode?) -> [String]? {
    guard case .array(let list)? = node?.value else { return nil }
    return list.compactMap(string)
  }
  private static func bool(_ node: ConfigNode?) -> Bool? {
    if case .bool(let flag)? = node?.value { return flag }
    return nil
  }
  private static func integer(_ node: ConfigNode?) -> Int? {
    if case .integer(let number)? = node?.value { return number }
    return nil
  }
}
