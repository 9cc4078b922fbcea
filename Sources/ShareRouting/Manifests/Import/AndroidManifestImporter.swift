/// Imports the share targets of an `AndroidManifest.xml` (the source XML of an Android project).
///
/// Every `<activity>` and `<activity-alias>` of `<application>` with an `<intent-filter>` whose
/// actions include SEND or SEND_MULTIPLE becomes a handler:
/// - id: Android's own component name in its short form, `package/.Activity`
///   (`ComponentName.flattenToShortString`). The class is `android:name` resolved against the
///   manifest's `package`, else the Gradle module's `namespace` (when it starts with `.` or has no
///   dot, as the build does; `${applicationId}` is substituted). The package is the module's
///   literal `applicationId` (the installed package), else the manifest's `package`, else the
///   `namespace`; when none is found, one made from the module's path, with a warning;
/// - label: `android:label`, literal, or `@string/name` resolved from the module's
///   `res/values/*.xml` (default locale); else the application's label; else the app's folder
///   name, never a raw resource key;
/// - `android:enabled="false"` on the component or its `<application>`: the handler is marked
///   disabled (refused unless routing assumes components enabled);
/// - filters: only the share filters, exactly as written: actions and categories verbatim (no
///   DEFAULT added), the MIME types and schemes of every `<data>` of a filter in one filter
///   (`docs/android.md#intent-filters`), `android:priority` as written.
///
/// Host, port and path attributes are not modelled: share intents carry no data URI, so they
/// cannot change a share's outcome.
struct AndroidManifestImporter {
  static let namespaceURI = "http://schemas.android.com/apk/res/android"
  static let toolsURI = "http://schemas.android.com/tools"

  /// What the Gradle build around a manifest decides for it, when the manifest is part of an
  /// application's variant (its own module's, or a library's that the application merges).
  struct BuildContext {
    /// The application's `applicationId` for the variant (every merged component's package).
    var package: String
    /// Whether ``package`` was made up (a computed `applicationId`, nothing found).
    var packageGuessed: Bool
    /// The namespace of the manifest's own module (what its relative class names resolve
    /// against when the manifest has no `package`).
    var classBase: String?
    /// `${key}` values: the variant's `manifestPlaceholders` and `applicationId`.
    var placeholders: [String: String]
    /// The merged string resources of the variant (the application's over its libraries').
    var strings: AndroidStrings
    /// The application's `<application android:label>` (a library component without a label
    /// shows it).
    var applicationLabel: XMLNode.Attribute?
    /// The file that application label is written in.
    var applicationLabelFile: String?
    /// The app's folder name (the last fallback for a label).
    var folderName: String
    /// String resources a `resValue` sets only under a condition: a label through them is a
    /// guess. With the place of the condition.
    var uncertainStrings: [String: (file: String, location: SourceLocation)] = [:]
  }

  /// A component with intent filters (an activity, alias, service or receiver) and whether it
  /// says `android:exported`: from targetSdk 31 on, one that does not keeps the app from building
  /// (the manifest merger) or installing (the package parser).
  struct ExportCheck {
    var className: String
    var element: String
    var declared: Bool
    var location: SourceLocation?
    var file: String
  }

  /// The components with intent filters, in order (a unit's merge decides on the merged ones).
  private(set) var exportChecks: [ExportCheck] = []
  /// `<uses-sdk android:targetSdkVersion>`, when the manifest says it.
  private(set) var usesSdkTarget: (value: Int, location: SourceLocation?)?

  /// The API level at which a component with intent filters must say `android:exported`.
  static let exportedRequiredFrom = 31

  /// The errors of components that do not say `android:exported` in an app targeting API 31
  /// or later (none below it): the merger's for a source tree's activities, services and
  /// receivers; the package parser's for aliases and for anything built.
  static func exportErrors(_ checks: [ExportCheck], targetSdk: Int, origin: String, built: Bool) -> [ManifestError] {
    guard targetSdk >= exportedRequiredFrom else { return [] }
    return checks.filter { !$0.declared }.map { check in
      ManifestError(
        file: check.file, location: check.location, keyPath: "",
        problem: .exportedRequired(
          element: check.element, name: check.className, targetSdk: targetSdk, origin: origin,
          build: !built && check.element != "activity-alias"))
    }
  }

  let file: String
  var errors: [ManifestError] = []
  var warnings: [ManifestWarning] = []
  var handlers: [(HandlerManifest, HandlerLocations)] = []
  /// Components with intent filters but no share filter (a `VIEW` activity): resolved by
  /// `query`, never routed.
  var components: [(HandlerManifest, HandlerLocations)] = []
  /// Share targets and other components together, in the manifest's order (the order Android
  /// registers their filters in).
  var documents: [ManifestDocument] = []
  /// The class names of the activities and aliases read so far (an alias's target must be one).
  private(set) var declaredActivities: Set<String> = []
  /// Every `<activity>`'s `android:label` by class name (`nil` for none), read before the
  /// components: an alias without a label shows its target's.
  private var activityLabels: [String: XMLNode.Attribute?] = [:]
  /// Aliases whose target is not declared before them in a source manifest: the merged manifest
  /// decides (``AndroidUnitImport``), or, for a lone manifest, the whole file.
  private(set) var pendingAliases: [(target: String, location: SourceLocation?)] = []
  /// The prefix bound to the Android namespace in `<manifest>` (usually `android`).
  private var prefix = "android"
  private let files: ProjectFiles
  /// The module around the manifest, read when the first share activity needs it.
  private var module: AndroidModuleContext?
  /// The identity every handler of this manifest shares, decided once.
  private var identity: Identity?
  /// Where `<manifest>` starts (for findings about the whole file).
  private var manifestLocation: SourceLocation?

  /// The build's decisions, when the manifest is part of an application's variant.
  private let context: BuildContext?
  /// The prefix bound to the tools namespace (`tools:node="remove"`).
  private var toolsPrefix = "tools"
  /// Class names a `tools:node="remove"` takes out of the merged manifest.
  private(set) var removed: [String] = []

  /// A compiled manifest from an APK or an App Bundle: values are what the device reads (no
  /// placeholders, no escapes left, references resolved), class names are the build's.
  struct Built {
    /// Attributes whose resource reference could not be resolved: synthetic line → why.
    var unresolved: [Int: String] = [:]
  }

  /// Set for a compiled manifest (``ArtifactImport``).
  private let built: Built?

  /// Reads the XML resource an `android:resource` value names (a compiled manifest's value is
  /// the file's path in the package, `res/xml/shortcuts.xml`): its file name for messages and its
  /// root, or why it cannot. Set by ``ArtifactImport``; a source manifest's is read from the
  /// `res/xml` folder beside it.
  var xmlResource: ((String) -> Result<(file: String, root: XMLNode), ResourceProblem>)?

  /// Why an XML resource cannot be read.
  struct ResourceProblem: Error { var why: String }

  /// The Direct Share targets of the launcher activities' shortcuts files, until they are given
  /// to the activities they name.
  private(set) var directShareTargets: [DirectShareTarget] = []

  /// The locale whose `res/values-<locale>` strings labels show first (`--locale`).
  private let locale: AndroidLocale?

  init(file: String, files: ProjectFiles = .none, context: BuildContext? = nil, built: Built? = nil, locale: AndroidLocale? = nil) {
    self.file = file
    self.locale = locale
    self.files = files
    self.context = context
    self.built = built
  }

  /// `${key}` replaced by the build's placeholders (`${applicationId}` always).
  private func substituted(_ text: String, identity: Identity) -> String {
    guard built == nil, text.contains("${") else { return text }
    var placeholders = context?.placeholders ?? [:]
    placeholders["applicationId"] = identity.applicationID
    return Self.substituting(text, placeholders)
  }

  /// The longest attribute value placeholders may produce, in bytes.
  static let maxSubstitutedLength = 16_384

  /// One pass over `text`, as the manifest merger makes it: each `${key}` with a value is
  /// replaced (values are not read again for placeholders), the others kept as written; a
  /// result past ``maxSubstitutedLength`` leaves the text as written.
  static func substituting(_ text: String, _ placeholders: [String: String]) -> String {
    guard text.contains("${") else { return text }
    var out = ""
    var rest = text[...]
    while let open = rest.range(of: "${") {
      out += rest[..<open.lowerBound]
      guard let close = rest[open.upperBound...].firstIndex(of: "}") else {
        out += rest[open.lowerBound...]
        rest = rest[rest.endIndex...]
        break
      }
      let key = String(rest[open.upperBound..<close])
      out += placeholders[key] ?? String(rest[open.lowerBound...close])
      rest = rest[rest.index(after: close)...]
      guard out.utf8.count <= maxSubstitutedLength else { return text }
    }
    out += rest
    return out.utf8.count <= maxSubstitutedLength ? out : text
  }

  private struct Identity {
    /// The installed package (ComponentName's package).
    var package: String
    /// What relative class names are resolved against.
    var classBase: String
    /// `${applicationId}`.
    var applicationID: String
    /// Whether the package was made up (from the module's path, or used in place of a computed
    /// `applicationId`).
    var guessed: Bool
  }

  private mutating func warn(_ file: String? = nil, _ location: SourceLocation?, _ code: ManifestWarning.Code, _ text: LintMessages.Text) {
    warnings.append(
      ManifestWarning(file: file ?? self.file, location: location, keyPath: "", code: code, message: text.message, fix: text.fix))
  }

  private mutating func moduleContext() -> AndroidModuleContext {
    if let module { return module }
    let found = AndroidModuleContext(manifest: file, files: files, locale: locale)
    module = found
    return found
  }

  /// The package, class base and application id, from the manifest, else Gradle, else the path.
  private mutating func identity(manifestPackage: String?) -> Identity {
    if let identity { return identity }
    if built != nil {
      // The build wrote the installed package, and qualified every class name.
      let package = manifestPackage ?? ""
      let found = Identity(package: package, classBase: package, applicationID: package, guessed: false)
      identity = found
      return found
    }
    if let context {
      let found = Identity(
        package: context.package, classBase: manifestPackage ?? context.classBase ?? context.package,
        applicationID: context.package, guessed: context.packageGuessed)
      identity = found
      return found
    }
    let module = moduleContext()
    let gradle = module.gradle
    let namespace = gradle?.namespace?.value
    let applicationID = gradle?.applicationID?.value
    var base = manifestPackage ?? namespace ?? applicationID
    let madeUp = base == nil
    if base == nil {
      let used = module.fallbackPackage
      if let problem = module.gradleProblem, let gradleFile = module.gradleFile {
        warn(gradleFile, nil, .unresolvedProjectFile, LintMessages.projectUnreadable(problem, used: used))
      } else if let setting = gradle?.namespace ?? gradle?.applicationID, let gradleFile = module.gradleFile {
        let key = gradle?.namespace != nil ? "namespace" : "applicationId"
        warn(gradleFile, setting.location, .unresolvedProjectFile, LintMessages.gradleComputed(key, written: setting.written, used: used))
      } else {
        warn(nil, manifestLocation, .packageNotFound, LintMessages.packageNotFound(gradle: module.gradleFile, used: used))
      }
      base = used
    } else if applicationID == nil, let setting = gradle?.applicationID, let gradleFile = module.gradleFile {
      // The installed package is computed: the id uses the manifest's package or namespace.
      warn(gradleFile, setting.location, .unresolvedProjectFile,
           LintMessages.gradleComputed("applicationId", written: setting.written, used: base ?? ""))
    }
    let classBase = base ?? ""
    let package = applicationID ?? classBase
    let guessed = madeUp || (applicationID == nil && gradle?.applicationID != nil)
    let found = Identity(package: package, classBase: classBase, applicationID: package, guessed: guessed)
    identity = found
    return found
  }

  /// `package/.Activity` when the class is in the package, else `package/full.Class`
  /// (`ComponentName.flattenToShortString`).
  static func componentName(package: String, className: String) -> String {
    if className.hasPrefix(package + "."), className.count > package.count + 1 {
      return package + "/" + className.dropFirst(package.count)
    }
    return package + "/" + className
  }

  /// A label as people see it: literal, or a string resource; the app's folder otherwise
  /// (`guessed`).
  private mutating func resolveLabel(
    _ attribute: XMLNode.Attribute, identity: Identity, in labelFile: String? = nil
  ) -> (text: String, guessed: Bool) {
    let value = substituted(attribute.value, identity: identity)
    let strings = context?.strings ?? moduleContext().strings
    let folder = context?.folderName ?? moduleContext().appFolder
    if AndroidStrings.stringName(value) != nil {
      let lookup = strings.lookup(value)
      if case .success(let entry) = lookup {
        let resolved = substituted(entry.value, identity: identity)
        if let context, let uncertain = strings.chain(value).lazy.compactMap({ context.uncertainStrings[$0].map { ($0, $0) } }).first {
          let text = LintMessages.conditionalSetting("resValue", file: uncertain.0.file, uncertain.0.location, used: resolved)
          warn(labelFile, attribute.location, .unresolvedLabel, text)
          return (resolved, true)
        }
        return (resolved, false)
      }
      let why: String
      switch lookup {
      case .failure(.cycle(let names)): why = ProjectMessages.stringCycle(names)
      case .failure(.tooLong(let limit)): why = ProjectMessages.stringChainTooLong(limit)
      case .failure(.missing(let missing)):
        why = strings.problems.first.map { "\($0.file)\($0.location.map { ":\($0)" } ?? ""): \($0.message)" }
          ?? (strings.entries.isEmpty
            ? (context == nil ? ProjectMessages.noStrings : ProjectMessages.noVariantStrings)
            : ProjectMessages.noString(missing))
      case .success: why = ""
      }
      warn(labelFile, attribute.location, .unresolvedLabel, LintMessages.unresolvedLabel(attribute.value, used: folder, why: why))
      return (folder, true)
    }
    if value.hasPrefix("@") || value.contains("${") {
      warn(labelFile, attribute.location, .unresolvedLabel,
           LintMessages.unresolvedLabel(attribute.value, used: folder, why: ProjectMessages.notAString))
      return (folder, true)
    }
    return (value, false)
  }

  /// The `android:label` of an alias's target activity, when the alias has none of its own and
  /// the target is in this manifest (declared anywhere: a source manifest's aliases are moved
  /// after their targets).
  private mutating func aliasTargetLabel(_ alias: XMLNode, identity: Identity) -> XMLNode.Attribute? {
    guard alias.name == "activity-alias", let target = attribute(alias, "targetActivity") else { return nil }
    let targetClass = Self.className(substituted(target.value, identity: identity), identity: identity)
    return activityLabels[targetClass] ?? nil
  }

  /// The label a device shows for a compiled component (`ResolveInfo.loadLabel`, then
  /// `ComponentInfo.loadUnsafeLabel`): the filter's, the component's, the application's, the
  /// first that loads; else the class name. A reference the artifact cannot resolve is passed
  /// over with a warning, and makes the label a guess (the device may load it).
  private mutating func builtLabel(_ written: [XMLNode.Attribute], className: String, built: Built) -> (text: String, guessed: Bool) {
    let shown = written.first { built.unresolved[$0.location.line] == nil }
    let text = shown?.value ?? className
    for attribute in written.prefix(while: { built.unresolved[$0.location.line] != nil }) {
      let why = built.unresolved[attribute.location.line] ?? ""
      warn(nil, attribute.location, .unresolvedLabel, LintMessages.unresolvedBuiltLabel(attribute.value, used: text, why: why))
    }
    return (text, written.first.map { built.unresolved[$0.location.line] != nil } ?? false)
  }

  private mutating func fail(_ location: SourceLocation?, _ problem: ManifestError.Problem) {
    errors.append(ManifestError(file: file, location: location, keyPath: "", problem: problem))
  }

  mutating func read(_ root: XMLNode) {
    guard root.name == "manifest" else {
      fail(root.location, .unexpectedRoot(root.name, expected: "manifest"))
      return
    }
    prefix =
      root.attributes.first { $0.name.hasPrefix("xmlns:") && $0.value == Self.namespaceURI }
      .map { String($0.name.dropFirst("xmlns:".count)) } ?? "android"
    toolsPrefix =
      root.attributes.first { $0.name.hasPrefix("xmlns:") && $0.value == Self.toolsURI }
      .map { String($0.name.dropFirst("xmlns:".count)) } ?? "tools"
    manifestLocation = root.location
    let package = root.attribute("package")?.value.nonEmpty
    if let usesSdk = root.children.first(where: { $0.name == "uses-sdk" }), let target = attribute(usesSdk, "targetSdkVersion"),
      let value = Int(target.value)
    {
      usesSdkTarget = (value, target.location)
    }
    for application in root.children where application.name == "application" {
      for activity in application.children where activity.name == "activity" {
        guard let name = attribute(activity, "name") else { continue }
        let identity = identity(manifestPackage: package)
        activityLabels[Self.className(substituted(name.value, identity: identity), identity: identity)] = .some(attribute(activity, "label"))
      }
      let applicationLabel = attribute(application, "label")
      let applicationDisabled = attribute(application, "enabled").flatMap { $0.value == "false" ? $0 : nil }
      for component in application.children {
        if ["activity", "activity-alias", "service", "receiver"].contains(component.name),
          component.children.contains(where: { $0.name == "intent-filter" }), let name = attribute(component, "name")
        {
          let written = substituted(name.value, identity: identity(manifestPackage: package))
          exportChecks.append(
            ExportCheck(
              className: Self.className(written, identity: identity(manifestPackage: package)), element: component.name,
              declared: attribute(component, "exported") != nil, location: component.location, file: file))
        }
        if component.name == "activity" || component.name == "activity-alias" { readShortcuts(component) }
        switch component.name {
        case "activity", "activity-alias":
          importActivity(
            component, package: package, applicationLabel: applicationLabel, applicationDisabled: applicationDisabled)
        case "receiver", "service", "provider":
          // Not resolved as activities, but parsed by the same code: a problem in their
          // filters also keeps the package from installing.
          for filterNode in component.children where filterNode.name == "intent-filter" { _ = filter(filterNode) }
        default: break
        }
      }
    }
    // Each Direct Share target goes to the share activity it names (a unit's merge gives them to
    // the merged components: a target may name a library's activity).
    if context == nil && !directShareTargets.isEmpty {
      for index in handlers.indices {
        let className = String(handlers[index].0.id.split(separator: "/", maxSplits: 1).last ?? "")
        let full = className.hasPrefix(".") ? (identity?.package ?? "") + className : className
        handlers[index].0.directShareTargets = directShareTargets.filter { $0.targetClass == full }
      }
      documents = documents.map { document in
        guard case .handler(let handler, let places) = document,
          let updated = handlers.first(where: { $0.0.id == handler.id })?.0
        else { return document }
        return .handler(updated, places)
      }
    }
    // A file without share targets is left out of lint, and so are its findings.
    if handlers.isEmpty { warnings.removeAll() }
    // A lone manifest (a unit decides on its merged manifest): its own targetSdk, else the
    // module's Gradle file's literal one.
    if context == nil {
      for alias in pendingAliases where !declaredActivities.contains(alias.target) {
        fail(alias.location, .aliasTargetMissing(alias.target))
      }
    }
    if context == nil, let (targetSdk, origin) = standaloneTargetSdk() {
      errors += Self.exportErrors(exportChecks, targetSdk: targetSdk, origin: origin, built: built != nil)
    }
    guard !errors.isEmpty else { return }
    // PackageParser fails the whole package: nothing of it is used.
    let count = errors.count
    handlers = []
    components = []
    documents = []
    fail(manifestLocation, .packageNotInstalled(problems: count))
  }

  /// A launcher activity's shortcuts file (`<meta-data android:name="android.app.shortcuts"
  /// android:resource="@xml/…">`; `ShortcutParser` reads it from main activities only): its
  /// Direct Share targets, and a warning for each it drops.
  private mutating func readShortcuts(_ activity: XMLNode) {
    guard
      let meta = activity.children.first(where: {
        $0.name == "meta-data" && attribute($0, "name")?.value == "android.app.shortcuts"
      }), let resource = attribute(meta, "resource")
    else { return }
    let isLauncher = activity.children.contains { filter in
      filter.name == "intent-filter"
        && filter.children.contains { $0.name == "action" && attribute($0, "name")?.value == "android.intent.action.MAIN" }
        && filter.children.contains { $0.name == "category" && attribute($0, "name")?.value == "android.intent.category.LAUNCHER" }
    }
    guard isLauncher else { return }
    let read = xmlResource?(resource.value) ?? sourceXMLResource(resource.value)
    switch read {
    case .failure(let problem):
      warn(nil, resource.location, .shortcutsProblem, LintMessages.shortcutsUnreadable(resource.value, why: problem.why))
    case .success(let (resourceFile, root)):
      var (targets, problems) = DirectShareTarget.parse(root, file: resourceFile, prefix: prefixOf(root))
      // A compiled file's lines are made up.
      if built != nil { for index in targets.indices { targets[index].location = nil } }
      directShareTargets += targets
      for (location, problem) in problems {
        warnings.append(
          ManifestWarning(
            file: resourceFile, location: built == nil ? location : nil, keyPath: "", code: .shortcutsProblem,
            message: problem, fix: LintMessages.shortcutsProblem(problem).fix))
      }
    }
  }

  /// The prefix a document binds to the Android namespace (`android` by default).
  private func prefixOf(_ root: XMLNode) -> String {
    root.attributes.first { $0.name.hasPrefix("xmlns:") && $0.value == Self.namespaceURI }
      .map { String($0.name.dropFirst("xmlns:".count)) } ?? prefix
  }

  /// A source manifest's `@xml/name`: `res/xml/name.xml` beside it.
  private func sourceXMLResource(_ reference: String) -> Result<(file: String, root: XMLNode), ResourceProblem> {
    let name = String(reference.dropFirst(5))
    // A resource name (letters, digits, `_`, `.`), never a path: `@xml/../../x` names no file.
    guard reference.hasPrefix("@xml/"), !name.isEmpty,
      name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == ".") })
    else {
      return .failure(ResourceProblem(why: ProjectMessages.notAnXMLResource))
    }
    let path = ProjectPath.join(ProjectPath.parent(file), "res/xml/" + name + ".xml")
    switch files.read(path, limit: ProjectFiles.maxFileSize) {
    case .failure(let why): return .failure(ResourceProblem(why: why))
    case .success(let bytes):
      do throws(XMLSyntaxError) {
        return .success((path, try XMLReader.parse(bytes)))
      } catch {
        return .failure(ResourceProblem(why: "\(ProjectPath.name(path)):\(error.location): \(error.message)"))
      }
    }
  }

  /// A lone manifest's target API level and where it comes from: a built manifest's `<uses-sdk>`;
  /// a source manifest's module's Gradle `targetSdk` (a literal), else its `<uses-sdk>`; `nil`
  /// when neither says.
  private mutating func standaloneTargetSdk() -> (Int, String)? {
    if built == nil, !exportChecks.isEmpty, let module = Optional(moduleContext()), let gradle = module.gradle,
      let written = gradle.defaultConfig.targetSdk?.value, let value = Int(written), let gradleFile = module.gradleFile
    {
      return (value, ProjectMessages.placeOf(ProjectPath.name(gradleFile), gradle.defaultConfig.targetSdk?.location))
    }
    guard let (value, location) = usesSdkTarget else { return nil }
    return (value, ProjectMessages.placeOf(built != nil ? "<uses-sdk>" : ProjectPath.name(file), built != nil ? nil : location))
  }

  /// An attribute in the Android namespace (`android:name`).
  private func attribute(_ node: XMLNode, _ name: String) -> XMLNode.Attribute? {
    node.attribute(prefix + ":" + name)
  }

  /// An attribute's value as the device has it: after aapt2's escape processing (`\\.` → `\.`),
  /// or `nil` (with an error) when aapt2 would refuse it.
  private mutating func compiledValue(_ attribute: XMLNode.Attribute) -> String? {
    if built != nil { return attribute.value }
    var value = attribute.value
    if value.contains("${"), let context { value = Self.substituting(value, context.placeholders) }
    do {
      return try AaptText.compiled(value)
    } catch {
      fail(attribute.location, .invalidValue(attribute.value, expected: error.reason))
      return nil
    }
  }

  /// One `<intent-filter>` as `ParsedIntentInfoUtils` reads it (actions, categories, and every
  /// `<data>` attribute in its order), or `nil` after reporting what keeps the package from
  /// installing; and where its parts are, for lint.
  private mutating func filter(_ filterNode: XMLNode) -> (IntentFilter, HandlerLocations.Filter)? {
    var actions: [String] = []
    var categories: [String] = []
    var types: [String] = []
    var schemes: [String] = []
    var authorities: [IntentFilter.Authority] = []
    var paths: [PatternMatcher] = []
    var schemeSpecificParts: [PatternMatcher] = []
    var valid = true
    var place = HandlerLocations.Filter(location: filterNode.location, keyPath: "")
    func pattern(_ attribute: XMLNode.Attribute, _ kind: PatternMatcher.Kind, into list: inout [PatternMatcher]) {
      guard let value = compiledValue(attribute) else {
        valid = false
        return
      }
      do {
        list.append(try PatternMatcher(value, kind: kind))
      } catch {
        fail(attribute.location, .malformedPattern(value, reason: error.reason))
        valid = false
      }
    }
    for child in filterNode.children {
      switch child.name {
      case "action", "category":
        guard let name = attribute(child, "name") else {
          fail(child.location, .missingAttribute("android:name", element: child.name))
          valid = false
          continue
        }
        guard let value = compiledValue(name) else {
          valid = false
          continue
        }
        guard !value.isEmpty else {
          fail(name.location, .emptyName(element: child.name))
          valid = false
          continue
        }
        if child.name == "action" {
          actions.append(value)
        } else {
          categories.append(value)
          if place.categories == nil { place.categories = (name.location, "") }
        }
      case "data":
        // ParsedIntentInfoUtils.parseData, in its order.
        if let type = attribute(child, "mimeType"), let value = compiledValue(type) {
          if MediaType.isValidFilterType(value) {
            types.append(value)
            place.mimeTypes.append((value, type.location, ""))
          } else {
            fail(type.location, .malformedMimeType(value))
            valid = false
          }
        }
        if let scheme = attribute(child, "scheme"), let value = compiledValue(scheme) {
          schemes.append(value)
          if place.schemes == nil { place.schemes = (scheme.location, "") }
        }
        let sspKinds: [(String, PatternMatcher.Kind)] = [
          ("ssp", .literal), ("sspPrefix", .prefix), ("sspPattern", .simpleGlob), ("sspAdvancedPattern", .advancedGlob),
          ("sspSuffix", .suffix),
        ]
        for (name, kind) in sspKinds {
          if let written = attribute(child, name) { pattern(written, kind, into: &schemeSpecificParts) }
        }
        // A port without a host is ignored, as Android does.
        if let host = attribute(child, "host"), let hostValue = compiledValue(host) {
          let port = attribute(child, "port")
          let portValue = port.flatMap { compiledValue($0) }
          do {
            authorities.append(try IntentFilter.Authority(host: hostValue, port: portValue))
          } catch {
            fail(port?.location ?? host.location, .malformedPort(error.port))
            valid = false
          }
        }
        let pathKinds: [(String, PatternMatcher.Kind)] = [
          ("path", .literal), ("pathPrefix", .prefix), ("pathPattern", .simpleGlob),
          ("pathAdvancedPattern", .advancedGlob), ("pathSuffix", .suffix),
        ]
        for (name, kind) in pathKinds {
          if let written = attribute(child, name) { pattern(written, kind, into: &paths) }
        }
      default: break
      }
    }
    var priority = 0
    if let written = attribute(filterNode, "priority") {
      if let value = Int(written.value) {
        priority = value
        place.priority = (written.location, "")
      } else {
        fail(written.location, .invalidValue(written.value, expected: "an integer"))
        valid = false
      }
    }
    if place.categories == nil { place.categories = (filterNode.location, "") }
    guard valid,
      let filter = try? IntentFilter(
        actions: actions, categories: categories, mimeTypes: types, schemes: schemes, authorities: authorities,
        paths: paths, schemeSpecificParts: schemeSpecificParts, priority: priority)
    else { return nil }
    return (filter, place)
  }

  private mutating func importActivity(
    _ activity: XMLNode, package: String?, applicationLabel: XMLNode.Attribute?,
    applicationDisabled: XMLNode.Attribute?
  ) {
    guard let nameAttribute = attribute(activity, "name") else {
      fail(activity.location, .missingAttribute("android:name", element: activity.name))
      return
    }
    let identity = identity(manifestPackage: package)
    let className = Self.className(substituted(nameAttribute.value, identity: identity), identity: identity)
    // The manifest merger's `tools:node="remove"`: the component leaves the merged manifest.
    if context != nil, activity.attribute(toolsPrefix + ":node")?.value == "remove" {
      removed.append(className)
      return
    }
    var filters: [IntentFilter] = []
    var places = HandlerLocations()
    var valid = true
    // The chooser shows the matched filter's own label first (ResolveInfo.loadLabel).
    var filterLabels: [XMLNode.Attribute?] = []
    for filterNode in activity.children where filterNode.name == "intent-filter" {
      if let (filter, place) = filter(filterNode) {
        filters.append(filter)
        places.filters.append(place)
        filterLabels.append(attribute(filterNode, "label"))
      } else {
        valid = false
      }
    }
    if activity.name == "activity-alias" {
      // ParsedActivityUtils.parseActivityAlias: the target must be declared before the alias.
      // In a source manifest the merger first moves every alias after its target
      // (PostValidator.reOrderActivityAlias): only a target declared nowhere is an error.
      if let target = attribute(activity, "targetActivity") {
        let targetClass = Self.className(substituted(target.value, identity: identity), identity: identity)
        if !declaredActivities.contains(targetClass) {
          if context != nil || built == nil {
            pendingAliases.append((targetClass, target.location))
          } else {
            fail(target.location, .aliasTargetNotFound(targetClass))
            valid = false
          }
        }
      } else {
        fail(activity.location, .missingAttribute("android:targetActivity", element: activity.name))
        valid = false
      }
    }
    declaredActivities.insert(className)
    guard valid, !filters.isEmpty else { return }
    let isShareTarget = filters.contains { !ManifestLint.shareActions.isDisjoint(with: $0.actions) }
    // Lint is about share targets: findings about another component's label are not kept.
    let findingsBefore = warnings.count
    defer { if !isShareTarget { warnings.removeSubrange(findingsBefore...) } }
    let id = Self.componentName(package: identity.package, className: className)
    // The component's own label (ComponentInfo.loadUnsafeLabel): its android:label, an alias's
    // target's (an alias starts as a copy of its target, ParsedActivityImpl.makeAlias), the
    // application's, else the class name.
    let ownLabel = attribute(activity, "label") ?? aliasTargetLabel(activity, identity: identity)
    let componentLabel: (text: String, guessed: Bool)
    if let built {
      componentLabel = builtLabel([ownLabel, applicationLabel].compactMap { $0 }, className: className, built: built)
    } else if let written = ownLabel {
      componentLabel = resolveLabel(written, identity: identity)
    } else if let context, let written = context.applicationLabel {
      // The merged manifest has one <application>: the application module's label, which a
      // library's component shows too.
      componentLabel = resolveLabel(written, identity: identity, in: context.applicationLabelFile)
    } else if let written = applicationLabel {
      componentLabel = resolveLabel(written, identity: identity)
    } else {
      componentLabel = (className, false)
    }
    // Each filter's own label, shown when that filter matches; what lists show for the
    // component is its first share filter's, else its own.
    var label = componentLabel
    var listed = false
    for index in filters.indices {
      guard let written = filterLabels[index] else { continue }
      let resolved =
        if let built { builtLabel([written], className: componentLabel.text, built: built) } else { resolveLabel(written, identity: identity) }
      filters[index].label = resolved.text
      if !listed && !ManifestLint.shareActions.isDisjoint(with: filters[index].actions) {
        label = resolved
        listed = true
      }
    }
    let disabled = attribute(activity, "enabled").flatMap { $0.value == "false" ? $0 : nil }
    var handler = HandlerManifest(
      id: id, label: label.text, intentFilters: filters, origin: file, enabled: disabled == nil && applicationDisabled == nil,
      guessed: (identity.guessed ? [.id] : []) + (label.guessed ? [.label] : []))
    if componentLabel.text != label.text { handler.componentLabel = componentLabel.text }
    places.handler = (nameAttribute.location, "")
    places.derivedID = true
    guard isShareTarget else {
      components.append((handler, places))
      documents.append(.component(handler))
      return
    }
    if let flag = attribute(activity, "exported"), flag.value == "false" {
      warn(nil, flag.location, .notExported, LintMessages.notExported)
    }
    if let flag = disabled ?? applicationDisabled {
      warn(nil, flag.location, .disabledComponent, LintMessages.disabled(onApplication: disabled == nil))
    }
    if let service = activity.children.first(where: {
      $0.name == "meta-data" && attribute($0, "name")?.value == "android.service.chooser.chooser_target_service"
    }) {
      warn(nil, service.location, .chooserTargetService, LintMessages.chooserTargetService)
    }
    handlers.append((handler, places))
    documents.append(.handler(handler, places))
  }

  /// `ParsingUtils.buildClassName`: `.Name` and `Name` against the class base, else as written.
  private static func className(_ written: String, identity: Identity) -> String {
    let name = written.replacingPlaceholder("${applicationId}", with: identity.applicationID)
    return name.hasPrefix(".") ? identity.classBase + name : name.contains(".") ? name : identity.classBase + "." + name
  }

}

extension String {
  /// The string with every `placeholder` replaced.
  func replacingPlaceholder(_ placeholder: String, with value: String) -> String {
    guard contains(placeholder) else { return self }
    return split(separator: placeholder, omittingEmptySubsequences: false).joined(separator: value)
  }

  /// `nil` for an empty string.
  var nonEmpty: String? { isEmpty ? nil : self }
}
