/// Android manifests as the Android Gradle plugin merges them into an app.
///
/// A manifest inside a Gradle build (a `settings.gradle(.kts)` above its module that includes
/// the module) is read as part of the application it ends up in:
/// - an **application module** (`com.android.application`) builds one variant: the one asked
///   for (``ImportOptions/variant``), else the release build type with the first flavour of
///   each dimension. Its `src/main` manifest leads a *unit* that also takes the manifests of the
///   variant's other source sets (build type, flavours, the variant itself) and of every
///   **library module** it depends on (`project(":lib")`, `projects.lib`, transitively, in
///   dependency order). Every component of the unit belongs to the application's
///   `applicationId` for the variant (flavour's or `defaultConfig`'s, else the namespace, then
///   each `applicationIdSuffix`), its class resolved against its own module's namespace;
///   `${…}` placeholders take the variant's `manifestPlaceholders`; labels resolve against the
///   variant's resources, merged like AGP (the variant, `resValue`, build type, flavours, main,
///   then each library's);
/// - a manifest of another variant's source set is skipped, saying so;
/// - a library module no application uses is read on its own, with a note.
///
/// Anything else (no settings, a module the settings do not include, a module whose plugin is
/// unknown) is read on its own, as before.
final class AndroidProjects {
  private let files: ProjectFiles
  private let options: ImportOptions
  /// Settings file above a folder (`nil`: none within reach).
  private var settingsAbove: [String: String?] = [:]
  /// Builds by settings file.
  private var builds: [String: AndroidBuild] = [:]
  /// The units of each build, by settings file.
  private var unitsOfBuild: [String: [AndroidUnit]] = [:]

  /// How many folders above a module a settings file is looked for.
  static let settingsSearchDepth = 6

  init(files: ProjectFiles, options: ImportOptions) {
    self.files = files
    self.options = options
  }

  /// Where a manifest sits: its module folder and source set.
  static func place(ofManifest file: String) -> (module: String, sourceSet: String) {
    let folder = ProjectPath.parent(file)
    let above = ProjectPath.parent(folder)
    if ProjectPath.name(above) == "src" { return (ProjectPath.parent(above), ProjectPath.name(folder)) }
    return (folder, "main")
  }

  /// What the loader does with one manifest.
  enum Role {
    /// Read on its own.
    case standalone
    /// The lead manifest of an application's variant: read with everything merged into it.
    case unit(AndroidUnit)
    /// Read as part of a unit led by another manifest.
    case merged
    /// A source set the chosen variant does not use: skipped, with the reason.
    case otherVariant(String)
    /// A library module no application of its build uses: read on its own, with this note.
    case unusedLibrary(ManifestWarning)
  }

  /// The role of a manifest found by the walk (or given by name).
  func role(of file: String) -> Role {
    let (moduleFolder, sourceSet) = Self.place(ofManifest: file)
    guard let build = build(around: moduleFolder), let module = build.module(inFolder: XcodeProject.normalized(moduleFolder)),
      module.script != nil
    else { return .standalone }
    let key = XcodeProject.normalized(file)
    let units = units(of: build)
    for unit in units {
      if XcodeProject.normalized(unit.leader) == key { return .unit(unit) }
      if unit.parts.contains(where: { XcodeProject.normalized($0.file) == key }) { return .merged }
    }
    switch module.plugin {
    case .application:
      guard let unit = units.first(where: { $0.application.path == module.path }) else { return .standalone }
      return .otherVariant(ProjectMessages.otherVariant(sourceSet, variant: unit.variant.name, module: module.label))
    case .library:
      if sourceSet != "main", units.contains(where: { unit in unit.parts.contains { $0.module.path == module.path } }) {
        return .otherVariant(ProjectMessages.otherLibraryVariant(sourceSet, module: module.label))
      }
      let text = LintMessages.unusedLibrary(module.path, settings: ProjectPath.name(build.settings.file))
      return .unusedLibrary(
        ManifestWarning(file: file, location: nil, keyPath: "", code: .unmergedLibrary, message: text.message, fix: text.fix))
    case nil:
      return .standalone
    }
  }

  /// The build whose settings include the module folder, if any.
  private func build(around moduleFolder: String) -> AndroidBuild? {
    guard let settingsFile = settings(above: moduleFolder) else { return nil }
    if let known = builds[settingsFile] { return known }
    guard case .success(let bytes) = files.read(settingsFile, limit: GradleScript.maxSize) else { return nil }
    let build = AndroidBuild(settings: GradleSettings(file: settingsFile, bytes: bytes), files: files)
    builds[settingsFile] = build
    return build
  }

  private func settings(above folder: String) -> String? {
    if let known = settingsAbove[folder] { return known }
    var current = folder
    var found: String?
    for _ in 0...Self.settingsSearchDepth {
      for name in ["settings.gradle.kts", "settings.gradle"] where files.isFile(ProjectPath.join(current, name)) {
        found = ProjectPath.join(current, name)
        break
      }
      if found != nil { break }
      let up = ProjectPath.parent(current)
      if up == current || current == "/" { break }
      current = up
    }
    settingsAbove[folder] = .some(found)
    return found
  }

  /// Every application unit of a build, in the settings' order.
  private func units(of build: AndroidBuild) -> [AndroidUnit] {
    if let known = unitsOfBuild[build.settings.file] { return known }
    let units = build.applications.compactMap { AndroidUnit(build: build, application: $0, options: options, files: files) }
    unitsOfBuild[build.settings.file] = units
    return units
  }
}

/// One application's variant: the manifests merged into it and the values they are read with.
struct AndroidUnit {
  /// One manifest of the unit.
  struct Part {
    var file: String
    var module: AndroidBuild.Module
    var sourceSet: String
    /// 0 is the highest priority (the variant's own source set); the application's parts come
    /// before its libraries'.
    var rank: Int
    var isApplication: Bool
  }

  var build: AndroidBuild
  var application: AndroidBuild.Module
  var variant: AndroidVariant
  /// The variant asked for, when it is not one the application has.
  var missingVariant: String?
  /// The variant asked for (`--variant`), if any.
  var askedVariant: String?
  /// The manifests, in merged-document order: the application's (main first), then each
  /// library's.
  var parts: [Part]
  /// The manifest the unit is read under (the application's `src/main` one).
  var leader: String
  /// The libraries merged, in dependency order.
  var libraries: [AndroidBuild.Module]
  /// The locale whose strings labels show (`--locale`), or `nil` for the default.
  var locale: AndroidLocale?

  init?(build: AndroidBuild, application: AndroidBuild.Module, options: ImportOptions, files: ProjectFiles) {
    guard let script = application.script else { return nil }
    self.build = build
    locale = options.locale.flatMap(AndroidLocale.init)
    self.application = application
    let (chosen, found) = AndroidBuild.variant(script, named: options.variant)
    variant = chosen
    missingVariant = found ? nil : options.variant
    askedVariant = options.variant
    libraries = build.libraries(of: application, variant: chosen)
    var parts: [Part] = []
    let appSets = chosen.sourceSets
    for (rank, set) in appSets.enumerated() {
      let file = ProjectPath.join(application.folder, "src/\(set)/AndroidManifest.xml")
      if files.isFile(file) { parts.append(Part(file: file, module: application, sourceSet: set, rank: rank, isApplication: true)) }
    }
    var rank = appSets.count
    for library in libraries {
      let librarySets = [chosen.buildType] + chosen.flavors + ["main"]
      for set in librarySets {
        let file = ProjectPath.join(library.folder, "src/\(set)/AndroidManifest.xml")
        if files.isFile(file) { parts.append(Part(file: file, module: library, sourceSet: set, rank: rank, isApplication: false)) }
        rank += 1
      }
    }
    guard let lead = parts.first(where: { $0.isApplication && $0.sourceSet == "main" }) ?? parts.first(where: \.isApplication)
    else { return nil }
    leader = lead.file
    // Document order: the application's main manifest, its other source sets, the libraries.
    self.parts = parts.filter { $0.isApplication && $0.file == lead.file } + parts.filter { $0.isApplication && $0.file != lead.file }
      + parts.filter { !$0.isApplication }
  }

  /// The settings of the build type, with those of the build type it `initWith`s beneath.
  static func buildTypeSettings(_ script: GradleScript, _ name: String) -> [GradleScript.VariantSettings] {
    var chain: [GradleScript.VariantSettings] = []
    var current: String? = name
    var seen: Set<String> = []
    while let next = current, seen.insert(next).inserted, let settings = script.buildType(next) {
      chain.append(settings)
      current = settings.initWith
    }
    return chain
  }

  /// The variant's settings, highest priority first: build type (and what it `initWith`s),
  /// flavours in dimension order, `defaultConfig`.
  func layers(of script: GradleScript) -> [(what: String, settings: GradleScript.VariantSettings)] {
    Self.buildTypeSettings(script, variant.buildType).map { ("build type \(variant.buildType)", $0) }
      + variant.flavors.compactMap { name in script.flavor(name).map { ("flavour \(name)", $0) } }
      + [("defaultConfig", script.defaultConfig)]
  }
}

/// Reads a unit: every manifest with the build's decisions, merged by component.
enum AndroidUnitImport {
  static func decode(_ unit: AndroidUnit, files: ProjectFiles) -> Decoded {
    var decoded = Decoded()
    guard let script = unit.application.script else { return decoded }
    // Each part's XML, once.
    var roots: [String: XMLNode] = [:]
    for part in unit.parts {
      switch files.read(part.file, limit: ManifestLoader.maxFileSize) {
      case .failure(let why):
        decoded.errors.append(
          ManifestError(file: part.file, location: nil, keyPath: "", problem: .unreadable(why)))
      case .success(let bytes):
        do throws(XMLSyntaxError) {
          roots[part.file] = try XMLReader.parse(bytes)
        } catch {
          decoded.errors.append(
            ManifestError(file: part.file, location: error.location, keyPath: "", problem: .syntax(format: "XML", message: error.message)))
        }
      }
    }
    let leadPackage = roots[unit.leader]?.attribute("package")?.value.nonEmpty
    let identity = applicationID(unit, script: script, manifestPackage: leadPackage)
    decoded.warnings += identity.warnings
    var placeholders: [String: String] = [:]
    for layer in unit.layers(of: script).reversed() {
      for (key, value) in layer.settings.placeholders {
        if let literal = unit.build.value(value, in: unit.application) { placeholders[key] = literal }
      }
    }
    placeholders["applicationId"] = identity.value
    placeholders["packageName"] = identity.value
    let strings = AndroidStrings(sources: AndroidStrings.localized(stringSources(unit, script: script), unit.locale), files: files)
    var uncertainStrings: [String: (file: String, location: SourceLocation)] = [:]
    for layer in unit.layers(of: script) {
      for entry in layer.settings.uncertain where entry.name.hasPrefix("resValue ") {
        uncertainStrings[String(entry.name.dropFirst("resValue ".count))] = (unit.build.relative(unit.application.gradleFile ?? ""), entry.location)
      }
    }
    // The merged <application>'s label: the highest-priority application manifest that has one.
    var applicationLabel: (XMLNode.Attribute, String)?
    for part in unit.parts.filter(\.isApplication).sorted(by: { $0.rank < $1.rank }) {
      guard let root = roots[part.file], applicationLabel == nil else { continue }
      let prefix = root.attributes.first { $0.name.hasPrefix("xmlns:") && $0.value == AndroidManifestImporter.namespaceURI }
        .map { String($0.name.dropFirst("xmlns:".count)) } ?? "android"
      if let label = root.children.first(where: { $0.name == "application" })?.attribute(prefix + ":label") {
        applicationLabel = (label, part.file)
      }
    }
    // Import each part; merge by component, the higher priority's attributes first.
    struct Imported {
      var part: AndroidUnit.Part
      var documents: [ManifestDocument]
      var removed: [String]
      var pendingAliases: [(target: String, location: SourceLocation?)]
      var declared: Set<String>
      var exportChecks: [AndroidManifestImporter.ExportCheck]
      var usesSdkTarget: (value: Int, location: SourceLocation?)?
      var directShareTargets: [DirectShareTarget]
    }
    var imported: [Imported] = []
    var failed = false
    for part in unit.parts {
      guard let root = roots[part.file] else {
        failed = true
        continue
      }
      let context = AndroidManifestImporter.BuildContext(
        package: identity.value, packageGuessed: identity.guessed,
        classBase: unit.build.value(part.module.script?.namespace, in: part.module), placeholders: placeholders, strings: strings,
        applicationLabel: applicationLabel?.0, applicationLabelFile: applicationLabel?.1,
        folderName: ProjectPath.appFolder(of: unit.leader), uncertainStrings: uncertainStrings)
      var importer = AndroidManifestImporter(file: part.file, files: files, context: context)
      importer.read(root)
      decoded.errors += importer.errors
      decoded.warnings += importer.warnings
      if !importer.errors.isEmpty { failed = true }
      imported.append(
        Imported(
          part: part, documents: importer.documents, removed: importer.removed, pendingAliases: importer.pendingAliases,
          declared: importer.declaredActivities, exportChecks: importer.exportChecks, usesSdkTarget: importer.usesSdkTarget,
          directShareTargets: importer.directShareTargets))
    }
    // An alias may target an activity of another manifest of the unit (a library's).
    let declared = imported.reduce(into: Set<String>()) { $0.formUnion($1.declared) }
    for entry in imported {
      for alias in entry.pendingAliases where !declared.contains(alias.target) {
        decoded.errors.append(
          ManifestError(file: entry.part.file, location: alias.location, keyPath: "", problem: .aliasTargetMissing(alias.target)))
        failed = true
      }
    }
    // The merged manifest's components with intent filters: one that no part gives
    // `android:exported` keeps the app from building, from the variant's targetSdk 31 on.
    if let (targetSdk, origin) = targetSdk(unit, script: script, imported.first { $0.part.file == unit.leader }?.usesSdkTarget) {
      var merged: [String: AndroidManifestImporter.ExportCheck] = [:]
      var order: [String] = []
      for entry in imported.sorted(by: { $0.part.rank < $1.part.rank }) {
        for check in entry.exportChecks {
          if var existing = merged[check.className] {
            existing.declared = existing.declared || check.declared
            merged[check.className] = existing
          } else {
            merged[check.className] = check
            order.append(check.className)
          }
        }
      }
      let errors = AndroidManifestImporter.exportErrors(order.compactMap { merged[$0] }, targetSdk: targetSdk, origin: origin, built: false)
      if !errors.isEmpty {
        decoded.errors += errors
        failed = true
      }
    }
    guard !failed else {
      // One manifest the package parser refuses keeps the whole app from installing.
      decoded.documents = []
      if !decoded.errors.contains(where: { if case .packageNotInstalled = $0.problem { true } else { false } }) {
        decoded.errors.append(
          ManifestError(file: unit.leader, location: nil, keyPath: "", problem: .packageNotInstalled(problems: decoded.errors.count)))
      }
      return decoded
    }
    // Removed by a higher-priority manifest: gone from the lower ones.
    var removedBelow: [(id: String, rank: Int)] = []
    for entry in imported {
      for className in entry.removed {
        removedBelow.append((AndroidManifestImporter.componentName(package: identity.value, className: className), entry.part.rank))
      }
    }
    var merged: [String: (document: ManifestDocument, rank: Int)] = [:]
    var order: [String] = []
    for entry in imported.sorted(by: { $0.part.rank < $1.part.rank }) {
      for document in entry.documents {
        guard let handler = document.handler else { continue }
        if removedBelow.contains(where: { $0.id == handler.id && $0.rank < entry.part.rank }) { continue }
        if let existing = merged[handler.id] {
          merged[handler.id] = (Self.merge(existing.document, with: document), existing.rank)
        } else {
          merged[handler.id] = (document, entry.part.rank)
        }
      }
    }
    for entry in imported {
      for document in entry.documents {
        guard let id = document.handler?.id, merged[id] != nil, !order.contains(id) else { continue }
        order.append(id)
      }
    }
    // The Direct Share targets of every part's launcher activities, given to the merged
    // activities they name.
    let targets = imported.flatMap(\.directShareTargets)
    decoded.documents = order.compactMap { id -> ManifestDocument? in
      guard let document = merged[id]?.document else { return nil }
      guard case .handler(var handler, var places) = document else { return document }
      places.application = unit.application.path
      // The package part of the id (before the `/`) is the Gradle setting's.
      if let setting = identity.setting { places.idSetting = (setting.name, setting.place, identity.value) }
      if !targets.isEmpty {
        let className = String(handler.id.split(separator: "/", maxSplits: 1).last ?? "")
        let full = className.hasPrefix(".") ? identity.value + className : className
        handler.directShareTargets = targets.filter { $0.targetClass == full }
      }
      return .handler(handler, places)
    }
    if !decoded.documents.contains(where: { $0.places != nil }) { decoded.skipped = PlistMessages.noShareActivity }
    if let asked = unit.askedVariant, !asked.isEmpty {
      decoded.variant = VariantUse(
        module: unit.application.label,
        found: unit.missingVariant == nil, available: AndroidBuild.variants(script).map(\.name),
        conventionPlugins: unit.application.conventionPlugins.map(\.id))
    }
    if let missing = unit.missingVariant {
      let names = AndroidBuild.variants(script).map(\.name)
      let text = LintMessages.unknownVariant(
        missing, module: unit.application.label, used: unit.variant.name, available: names,
        conventionPlugins: unit.application.conventionPlugins.map(\.id))
      decoded.warnings.append(
        ManifestWarning(
          file: unit.application.gradleFile ?? unit.leader, location: nil, keyPath: "", code: .unknownVariant,
          message: text.message, fix: text.fix))
    }
    decoded.buildSettings = BuildSettingsUse(
      file: unit.leader,
      description: ProjectMessages.androidVariant(
        unit.variant.name, module: unit.application.label, settings: ProjectPath.name(unit.build.settings.file),
        missing: unit.missingVariant, applicationID: identity.value, chain: identity.chain,
        merged: unit.parts.filter { $0.file != unit.leader }.map { ($0.module.label, unit.build.relative($0.file)) }))
    return decoded
  }

  /// A component declared in two manifests of a unit: the higher priority's attributes, its
  /// filters, then the other's filters that it does not already have (the merger appends them);
  /// a label only the lower one resolves.
  static func merge(_ higher: ManifestDocument, with lower: ManifestDocument) -> ManifestDocument {
    guard var handler = higher.handler, let other = lower.handler else { return higher }
    var places = higher.places ?? HandlerLocations()
    let lowerPlaces = lower.places ?? HandlerLocations()
    for (index, filter) in (other.intentFilters ?? []).enumerated() where !(handler.intentFilters ?? []).contains(filter) {
      handler.intentFilters = (handler.intentFilters ?? []) + [filter]
      places.filters.append(
        index < lowerPlaces.filters.count ? lowerPlaces.filters[index] : HandlerLocations.Filter(location: nil, keyPath: ""))
    }
    if handler.guessed.contains(.label) && !other.guessed.contains(.label) {
      handler.label = other.label
      handler.guessed.removeAll { $0 == .label }
    }
    let isShareTarget = (handler.intentFilters ?? []).contains { !ManifestLint.shareActions.isDisjoint(with: $0.actions) }
    return isShareTarget ? .handler(handler, places) : .component(handler)
  }

  /// The application id of the variant: the first flavour's or `defaultConfig`'s
  /// `applicationId`, else the namespace, else the manifest's `package`; then every
  /// `applicationIdSuffix` (defaultConfig's, the flavours', the build type's), each without its
  /// leading dot, joined with dots.
  static func applicationID(
    _ unit: AndroidUnit, script: GradleScript, manifestPackage: String?
  ) -> (value: String, guessed: Bool, chain: [String], warnings: [ManifestWarning], setting: (name: String, place: RulePlace)?) {
    var warnings: [ManifestWarning] = []
    var chain: [String] = []
    // Where the package is written, when a Gradle setting gives it.
    var settingPlace: (name: String, place: RulePlace)?
    var guessed = false
    let gradleFile = unit.application.gradleFile ?? unit.leader
    func computed(_ key: String, _ setting: GradleScript.Setting, used: String) {
      let text = LintMessages.gradleComputed(key, written: setting.written, used: used)
      warnings.append(
        ManifestWarning(
          file: gradleFile, location: setting.location, keyPath: "", code: .unresolvedProjectFile, message: text.message,
          fix: text.fix))
      guessed = true
    }
    let layers = unit.layers(of: script)
    var base: String
    let written = layers.dropFirst(Self.buildTypeLayerCount(unit, script)).first { $0.settings.applicationID != nil }
    let shortFile = unit.build.relative(gradleFile)
    // What names the package when nothing else does: the module's path, as for a lone manifest.
    let madeUp = AndroidModuleContext.fallbackPackage(appFolder: ProjectPath.appFolder(of: unit.leader), module: unit.application.folder)
    let namespace = unit.build.value(script.namespace, in: unit.application)
    if let namespaceSetting = script.namespace, namespace == nil,
      unit.build.value(written?.settings.applicationID, in: unit.application) == nil
    {
      computed("namespace", namespaceSetting, used: manifestPackage ?? madeUp)
    }
    let fallback = namespace ?? manifestPackage ?? madeUp
    if let written, let setting = written.settings.applicationID {
      if let value = unit.build.value(setting, in: unit.application) {
        base = value
        settingPlace = ("applicationId", RulePlace(file: gradleFile, location: setting.location))
        chain.append(
          ProjectMessages.gradleOrigin(
            "applicationId", nil, file: shortFile, setting.location,
            what: written.what + ProjectMessages.throughNames(setting.value == nil ? setting.parts : nil)))
      } else {
        base = fallback
        computed("applicationId", setting, used: fallback)
      }
    } else if let namespace {
      base = namespace
      if let location = script.namespace?.location { settingPlace = ("namespace", RulePlace(file: gradleFile, location: location)) }
      chain.append(ProjectMessages.gradleOrigin("namespace", nil, file: shortFile, script.namespace?.location, what: nil))
    } else if let manifestPackage {
      base = manifestPackage
      chain.append(ProjectMessages.manifestPackage(manifestPackage))
    } else {
      base = madeUp
      guessed = true
      if script.namespace == nil {
        let text = LintMessages.packageNotFound(gradle: unit.application.gradleFile, used: madeUp)
        warnings.append(
          ManifestWarning(file: unit.leader, location: nil, keyPath: "", code: .packageNotFound, message: text.message, fix: text.fix))
      }
    }
    // Suffixes: defaultConfig's, then each flavour's in dimension order, then the build type's.
    let suffixLayers = [layers.last].compactMap { $0 } + layers.dropFirst(Self.buildTypeLayerCount(unit, script)).dropLast()
      + [layers.prefix(Self.buildTypeLayerCount(unit, script)).first { $0.settings.applicationIDSuffix != nil }].compactMap { $0 }
    var suffixes: [String] = []
    for layer in suffixLayers {
      guard let setting = layer.settings.applicationIDSuffix else { continue }
      guard let value = unit.build.value(setting, in: unit.application) else {
        computed("applicationIdSuffix", setting, used: base)
        continue
      }
      let trimmed = value.hasPrefix(".") ? String(value.dropFirst()) : value
      guard !trimmed.isEmpty else { continue }
      suffixes.append(trimmed)
      chain.append(
        ProjectMessages.gradleOrigin(
          "applicationIdSuffix", value, file: shortFile, setting.location,
          what: layer.what + ProjectMessages.throughNames(setting.value == nil ? setting.parts : nil)))
    }
    let value = ([base] + suffixes).joined(separator: ".")
    // A plugin of the build's own code may add flavours, suffixes and resValues.
    if let first = unit.application.conventionPlugins.first {
      let text = LintMessages.conventionPlugin(
        unit.application.label, plugins: unit.application.conventionPlugins.map(\.id), used: value)
      warnings.append(
        ManifestWarning(file: gradleFile, location: first.location, keyPath: "", code: .conventionPlugin, message: text.message, fix: text.fix))
      guessed = true
    }
    // A suffix or an id set inside a condition may change it.
    for layer in layers {
      for entry in layer.settings.uncertain where entry.name == "applicationIdSuffix" || entry.name == "applicationId" {
        let text = LintMessages.conditionalSetting(entry.name, file: shortFile, entry.location, used: value)
        warnings.append(
          ManifestWarning(file: gradleFile, location: entry.location, keyPath: "", code: .unresolvedProjectFile, message: text.message, fix: text.fix))
        guessed = true
      }
    }
    return (value, guessed, chain, warnings, settingPlace)
  }

  /// How many of the layers are the build type's (it and what it `initWith`s).
  /// The variant's target API level and where it comes from: the first flavour's or
  /// `defaultConfig`'s `targetSdk` (build types cannot set it), else the application manifest's
  /// `<uses-sdk>`; `nil` when neither says, or the script computes it.
  static func targetSdk(
    _ unit: AndroidUnit, script: GradleScript, _ usesSdk: (value: Int, location: SourceLocation?)?
  ) -> (Int, String)? {
    let layers = unit.layers(of: script).dropFirst(buildTypeLayerCount(unit, script))
    if let written = layers.first(where: { $0.settings.targetSdk != nil }), let setting = written.settings.targetSdk {
      guard let value = unit.build.value(setting, in: unit.application).flatMap({ Int($0) }) else { return nil }
      let file = unit.build.relative(unit.application.gradleFile ?? unit.leader)
      return (
        value,
        ProjectMessages.placeOf(file, setting.location) + ", " + written.what
          + ProjectMessages.throughNames(setting.value == nil ? setting.parts : nil)
      )
    }
    guard let usesSdk else { return nil }
    return (usesSdk.value, ProjectMessages.placeOf(unit.build.relative(unit.leader), usesSdk.location))
  }

  private static func buildTypeLayerCount(_ unit: AndroidUnit, _ script: GradleScript) -> Int {
    AndroidUnit.buildTypeSettings(script, unit.variant.buildType).count
  }

  /// Where the unit's strings come from, highest priority first: the variant's own source set,
  /// the `resValue`s (AGP 8 puts generated resources above the build type's, flavours' and
  /// main's), the build type, the flavour combination, the flavours, main; then each library's
  /// build type, flavours, `resValue`s and main.
  static func stringSources(_ unit: AndroidUnit, script: GradleScript) -> [AndroidStrings.Source] {
    func values(_ module: AndroidBuild.Module, _ set: String) -> AndroidStrings.Source {
      .directory(ProjectPath.join(module.folder, "src/\(set)/res/values"))
    }
    func resValues(_ module: AndroidBuild.Module, _ layers: [GradleScript.VariantSettings]) -> AndroidStrings.Source {
      var entries: [(name: String, entry: AndroidStrings.Entry)] = []
      for layer in layers {
        for resValue in layer.resValues where resValue.type == "string" {
          guard let value = unit.build.value(resValue.value, in: module) else { continue }
          entries.append((resValue.name, AndroidStrings.Entry(value: value, file: module.gradleFile ?? module.folder, location: resValue.value.location)))
        }
      }
      return .entries(entries)
    }
    let sets = unit.variant.sourceSets
    var sources: [AndroidStrings.Source] = [values(unit.application, sets[0])]
    sources.append(resValues(unit.application, unit.layers(of: script).map(\.settings)))
    sources += sets.dropFirst().map { values(unit.application, $0) }
    for library in unit.libraries {
      guard let libraryScript = library.script else { continue }
      sources += [unit.variant.buildType].map { values(library, $0) }
      sources += unit.variant.flavors.map { values(library, $0) }
      sources.append(
        resValues(library, AndroidUnit.buildTypeSettings(libraryScript, unit.variant.buildType) + [libraryScript.defaultConfig]))
      sources.append(values(library, "main"))
    }
    return sources
  }
}

extension ManifestDocument {
  /// The handler or component, when the document is one.
  var handler: HandlerManifest? {
    switch self {
    case .handler(let handler, _), .component(let handler): handler
    case .source: nil
    }
  }

  /// Where a handler's parts are, when the document is a handler.
  var places: HandlerLocations? {
    if case .handler(_, let places) = self { return places }
    return nil
  }
}
