/// A Gradle build's `settings.gradle` / `settings.gradle.kts`: the projects it includes and
/// the folders they live in.
struct GradleSettings: Sendable {
  /// The settings file.
  var file: String
  /// The folder holding it (the root project's folder).
  var root: String
  /// The included project paths (`:app`, `:feature:share`), in order.
  var includes: [String] = []
  /// `rootProject.name = "…"`, when written.
  var rootName: String?
  /// Builds included for their plugins (`includeBuild("build-logic")`, also in
  /// `pluginManagement`), as written.
  var includedBuilds: [String] = []
  /// Folders set with `project(":x").projectDir = file("…")`, relative to ``root`` unless
  /// absolute.
  var projectDirectories: [String: String] = [:]
  /// Project paths by type-safe accessor (the first include wins).
  private var byAccessor: [String: String] = [:]

  /// Reads a settings script.
  init(file: String, bytes: [UInt8]) {
    self.file = file
    root = ProjectPath.parent(file)
    var lexer = GradleScript.Lexer(bytes: bytes)
    var tokens: [GradleScript.Token] = []
    while tokens.count < GradleScript.maxTokens, let token = lexer.next() { tokens.append(token) }
    var reader = StatementReader(tokens: tokens)
    for (_, statement) in reader.statements() {
      guard case .identifier(let head) = statement.first?.kind else { continue }
      if head == "rootProject.name", statement.count == 3, case .string(let name, false) = statement[2].kind {
        rootName = name
      } else if head == "includeBuild", includedBuilds.count < 64,
        let name = statement.lazy.compactMap({ token -> String? in if case .string(let text, false) = token.kind { text } else { nil } }).first
      {
        includedBuilds.append(name)
      } else if head == "include" {
        for token in statement.dropFirst() {
          guard case .string(let text, false) = token.kind, !text.isEmpty else { continue }
          let path = text.hasPrefix(":") ? text : ":" + text
          if !includes.contains(path) { includes.append(path) }
        }
      } else if head == "project", statement.count > 4, case .string(let project, false) = statement[2].kind,
        statement.contains(where: { if case .identifier(let name) = $0.kind { name.hasSuffix(".projectDir") } else { false } })
      {
        // project(":x").projectDir = file("path") / new File(rootProject.projectDir, "path")
        let strings = statement.dropFirst(4).compactMap { token -> String? in
          if case .string(let text, false) = token.kind { return text }
          return nil
        }
        if let folder = strings.last { projectDirectories[project.hasPrefix(":") ? project : ":" + project] = folder }
      }
    }
    for path in includes where byAccessor[Self.accessor(of: path)] == nil { byAccessor[Self.accessor(of: path)] = path }
  }

  /// The folder of an included project (`app/feature` for `:app:feature` unless set otherwise).
  func folder(of project: String) -> String {
    if let written = projectDirectories[project] {
      return written.hasPrefix("/") ? written : XcodeProject.normalized(ProjectPath.join(root, written))
    }
    let relative = project.split(separator: ":").joined(separator: "/")
    return relative.isEmpty ? root : ProjectPath.join(root, relative)
  }

  /// The project path a type-safe accessor names (`feature.shareTarget` → `:feature:share-target`),
  /// or `nil` when no included project has that accessor.
  func project(forAccessor accessor: String) -> String? { byAccessor[accessor] }

  /// Gradle's type-safe accessor of a project path: each segment in camel case (`-` and `_`
  /// end a word), joined by dots.
  static func accessor(of project: String) -> String {
    project.split(separator: ":").map { segment -> String in
      var out = ""
      var upper = false
      for character in segment {
        if character == "-" || character == "_" {
          upper = true
          continue
        }
        out += upper ? character.uppercased() : String(character)
        upper = false
      }
      return out
    }.joined(separator: ".")
  }
}

/// A version catalog's plugins (`gradle/libs.versions.toml`, `[plugins]`): alias → plugin id.
struct VersionCatalog: Sendable {
  /// Plugin ids by alias, the alias with `-` and `_` written as `.` (as accessors spell them).
  var plugins: [String: String] = [:]
  /// The `[versions]` table's literal values by key, written the same way (`target-sdk` →
  /// `target.sdk`).
  var versions: [String: String] = [:]

  /// The most lines read.
  static let maxLines = 20_000

  /// Reads the `[plugins]` table (`key = { id = "…", … }` or `key = "id:version"`) and the
  /// `[versions]` table's plain values (`targetSdk = "34"`).
  init(bytes: [UInt8]) {
    var section = ""
    var count = 0
    for raw in bytes.split(separator: 0x0A) {
      count += 1
      guard count <= Self.maxLines else { break }
      var line = Substring(String(decoding: raw, as: UTF8.self))
      if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
      let text = line.trimmingCharacters(in: " \t\r")
      guard !text.isEmpty else { continue }
      if text.hasPrefix("[") {
        section = text
        continue
      }
      if section == "[versions]", let equals = text.firstIndex(of: "=") {
        let key = text[..<equals].trimmingCharacters(in: " \t\"")
        let value = text[text.index(after: equals)...].trimmingCharacters(in: " \t\"")
        if !key.isEmpty, !value.isEmpty, !value.contains("{") { versions[Self.normalized(key)] = value }
        continue
      }
      guard section == "[plugins]", let equals = text.firstIndex(of: "=") else { continue }
      let key = text[..<equals].trimmingCharacters(in: " \t\"")
      let value = text[text.index(after: equals)...]
      let id: String?
      let trimmed = value.drop { $0 == " " || $0 == "\t" }
      if trimmed.hasPrefix("{") {
        // { id = "com.android.application", version.ref = "agp" }: the `id` member.
        var found: String?
        for member in trimmed.dropFirst().split(separator: ",") {
          let pair = member.split(separator: "=", maxSplits: 1)
          guard pair.count == 2, pair[0].trimmingCharacters(in: " \t") == "id" else { continue }
          found = pair[1].trimmingCharacters(in: " \t}\"")
        }
        id = found
      } else {
        // "com.android.library:8.7.3"
        id = trimmed.split(separator: "\"", omittingEmptySubsequences: false).dropFirst().first
          .map { String($0.split(separator: ":").first ?? "") }
      }
      guard let id, !id.isEmpty else { continue }
      plugins[Self.normalized(key)] = id
    }
  }

  /// `android-application` and `android_application` are `android.application`.
  static func normalized(_ alias: String) -> String {
    String(alias.map { $0 == "-" || $0 == "_" ? "." : $0 })
  }
}

extension StringProtocol {
  /// Without leading and trailing scalars of the set (scalars, not characters: `\r\n` is one
  /// character, and neither `\r` nor `\n`).
  func trimmingCharacters(in set: String) -> String {
    var scalars = Substring(self).unicodeScalars[...]
    while let first = scalars.first, set.unicodeScalars.contains(first) { scalars = scalars.dropFirst() }
    while let last = scalars.last, set.unicodeScalars.contains(last) { scalars = scalars.dropLast() }
    return String(String.UnicodeScalarView(scalars))
  }
}

/// The variant of an application module share-route resolves: one flavour per dimension and a
/// build type, with the source sets that take part, highest priority first.
struct AndroidVariant: Sendable, Hashable {
  /// `freeRelease`, or the build type alone without flavours.
  var name: String
  var flavors: [String]
  var buildType: String

  /// The source sets of the variant, highest priority first: the variant, the build type, the
  /// flavour combination (with two or more flavours), each flavour (first dimension first),
  /// `main`.
  var sourceSets: [String] {
    var sets: [String] = []
    func add(_ name: String) { if !name.isEmpty && !sets.contains(name) { sets.append(name) } }
    add(name)
    add(buildType)
    if flavors.count > 1 { add(Self.camel(flavors)) }
    for flavor in flavors { add(flavor) }
    add("main")
    return sets
  }

  /// `free` + `google` → `freeGoogle`.
  static func camel(_ parts: [String]) -> String {
    var out = ""
    for part in parts where !part.isEmpty {
      out += out.isEmpty ? part : part.prefix(1).uppercased() + part.dropFirst()
    }
    return out
  }

  init(flavors: [String], buildType: String) {
    self.flavors = flavors
    self.buildType = buildType
    name = Self.camel(flavors + [buildType])
  }
}

/// One Android Gradle build (a `settings.gradle(.kts)` and the modules it includes): which
/// modules are applications and which libraries, what each application merges, and the
/// variant each builds.
final class AndroidBuild {
  /// A module of the build.
  struct Module {
    /// `:app`.
    var path: String
    var folder: String
    var gradleFile: String?
    var script: GradleScript?
    var problem: String?
    var plugin: GradleScript.Plugin?
    /// How messages name it: its path, or `root project 'Name'` as Gradle says.
    var label: String = ""
    /// Plugins of the build's own code (`buildSrc`, an included build) it applies: what they
    /// configure (flavours, suffixes, resValues) share-route does not know.
    var conventionPlugins: [(id: String, location: SourceLocation?)] = []
  }

  /// The plugin ids the build's own code declares (`buildSrc` and the builds `includeBuild`
  /// names): `id = "…"` (or `id = libs.plugins.x.get().pluginId`) in their build scripts'
  /// `gradlePlugin` registrations, and precompiled script plugins (`src/main/kotlin/x.y.gradle.kts`
  /// is `x.y`). An id applied by an expression (`id(Plugins.App.android)`) counts when there are any.
  static func declaredPlugins(settings: GradleSettings, catalog: VersionCatalog?, files: ProjectFiles) -> Set<String> {
    var declared: Set<String> = []
    let roots = ["buildSrc"] + settings.includedBuilds.filter { !$0.contains("$") }
    var pending = roots.map { (ProjectPath.join(settings.root, $0), 0) }.filter { files.isDirectory($0.0) }
    var entries = 0
    var bytesRead = 0
    while let (folder, depth) = pending.popLast(), entries < 20_000, bytesRead < 16 << 20 {
      for name in files.list(folder) where !name.hasPrefix(".") {
        entries += 1
        let path = ProjectPath.join(folder, name)
        let inSources = folder.contains("src/main/kotlin") || folder.contains("src/main/groovy")
        if name == "build.gradle.kts" || name == "build.gradle" {
          guard case .success(let bytes) = files.read(path, limit: GradleScript.maxSize) else { continue }
          bytesRead += bytes.count
          declared.formUnion(Self.registeredIDs(String(decoding: bytes, as: UTF8.self), catalog: catalog))
        } else if inSources, name.hasSuffix(".gradle.kts") || name.hasSuffix(".gradle") {
          // A precompiled script plugin: its file name, after its `package`, if it has one.
          var id = String(name.dropLast(name.hasSuffix(".kts") ? ".gradle.kts".count : ".gradle".count))
          if case .success(let bytes) = files.read(path, limit: GradleScript.maxSize) {
            bytesRead += bytes.count
            let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("package ") }) {
              let package = line.dropFirst("package ".count).prefix { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" }
              if !package.isEmpty { id = package + "." + id }
            }
          }
          declared.insert(id)
        } else if depth < 12, name != "build", files.isDirectory(path) {
          pending.append((path, depth + 1))
        }
      }
    }
    return declared
  }

  /// `id = "…"` / `id = libs.plugins.x.get().pluginId` in a script's text.
  static func registeredIDs(_ text: String, catalog: VersionCatalog?) -> Set<String> {
    var found: Set<String> = []
    // Only registrations: what follows `gradlePlugin` (a POM's `developer { id = … }` is none).
    guard let block = text.firstRange(of: "gradlePlugin") else { return [] }
    var rest = text[block.upperBound...]
    while let match = rest.firstRange(of: "id"), found.count < 1_000 {
      let before = rest[..<match.lowerBound].last
      rest = rest[match.upperBound...]
      guard before.map({ !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }) ?? true else { continue }
      let value = rest.drop { $0 == " " || $0 == "\t" }
      guard value.first == "=" else { continue }
      let right = value.dropFirst().drop { $0 == " " || $0 == "\t" }
      if let quote = right.first, quote == "\"" || quote == "'" {
        let id = right.dropFirst().prefix { $0 != quote && $0 != "\n" }
        if !id.isEmpty { found.insert(String(id)) }
      } else if right.hasPrefix("libs.plugins.") {
        let alias = right.dropFirst("libs.plugins.".count).prefix { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-" }
        let trimmed = alias.hasSuffix(".get") ? alias.dropLast(4) : alias
        if let id = catalog?.plugins[VersionCatalog.normalized(String(trimmed))] { found.insert(id) }
      }
    }
    return found
  }

  let settings: GradleSettings
  /// The projects read, in order: the root project first when it applies the Android plugin,
  /// then those the settings include.
  private(set) var projects: [String] = []
  private(set) var modules: [String: Module] = [:]
  private var byFolder: [String: String] = [:]
  /// The root project's build script variables (`ext { … }` in the root `build.gradle`).
  private var rootVariables: [String: [GradleScript.Part]] = [:]
  /// `gradle.properties` of the root project.
  private var properties: [String: String] = [:]
  /// The version catalog's `[versions]` (`libs.versions.targetSdk`).
  private var catalogVersions: [String: String] = [:]
  private let files: ProjectFiles

  /// Reads the modules the settings include (each build script once, within bounds).
  init(settings: GradleSettings, files: ProjectFiles) {
    self.settings = settings
    self.files = files
    var rootScript: GradleScript?
    if case .found(_, let root) = files.gradleScript(in: settings.root) {
      rootVariables = root.variables
      rootScript = root
    }
    properties = Self.properties(in: settings.root, files: files)
    var catalog: VersionCatalog?
    let catalogPath = ProjectPath.join(settings.root, "gradle/libs.versions.toml")
    if files.isFile(catalogPath), case .success(let bytes) = files.read(catalogPath, limit: ProjectFiles.maxFileSize) {
      catalog = VersionCatalog(bytes: bytes)
    }
    catalogVersions = catalog?.versions ?? [:]
    let declared = Self.declaredPlugins(settings: settings, catalog: catalog, files: files)
    // The root project is a module too: an application or library when its own script applies
    // the Android plugin (a single-project build, or an app at the root beside included
    // libraries).
    let rootPlugin = rootScript.flatMap { script in
      script.plugin
        ?? script.pluginAliases.lazy.compactMap { catalog?.plugins[VersionCatalog.normalized($0.alias)] }
          .compactMap(GradleScript.Plugin.init(rawValue:)).first
    }
    projects = (rootPlugin != nil && !settings.includes.contains(":") ? [":"] : []) + settings.includes
    for path in projects.prefix(AndroidBuild.maxModules) {
      let folder = settings.folder(of: path)
      var module = Module(path: path, folder: folder)
      module.label = path == ":" ? ProjectMessages.rootProject(settings.rootName ?? ProjectPath.name(folder)) : path
      switch files.gradleScript(in: folder) {
      case .none: break
      case .found(let file, var script):
        module.gradleFile = file
        // Scripts it applies (`apply from:`), nested at most 3 deep, each read once.
        var pending = script.appliedScripts.map { ($0, folder, 1) }
        var applied: Set<String> = []
        while let ((written, fromRoot), base, depth) = pending.first, applied.count < 16 {
          pending.removeFirst()
          let path = XcodeProject.normalized(ProjectPath.join(fromRoot ? settings.root : base, written))
          guard applied.insert(path).inserted, depth <= 3, files.isFile(path),
            case .success(let bytes) = files.read(path, limit: GradleScript.maxSize)
          else { continue }
          let other = GradleScript(bytes: bytes)
          script.adopt(other, identity: true)
          pending += other.appliedScripts.map { ($0, ProjectPath.parent(path), depth + 1) }
        }
        module.script = script
        module.plugin = script.plugin
          ?? script.pluginAliases.lazy.compactMap { catalog?.plugins[VersionCatalog.normalized($0.alias)] }
            .compactMap(GradleScript.Plugin.init(rawValue:)).first
        // A convention plugin hides which: an applicationId says application.
        if module.plugin == nil, script.defaultConfig.applicationID != nil { module.plugin = .application }
        if !declared.isEmpty {
          let aliased = script.pluginAliases.compactMap { catalog?.plugins[VersionCatalog.normalized($0.alias)] }
          module.conventionPlugins =
            script.otherPlugins.filter { declared.contains($0.id) || $0.isExpression }.map { ($0.id, Optional($0.location)) }
            + aliased.filter { declared.contains($0) }.map { ($0, nil) }
        }
        // What the root project configures for every app (`plugins.withType<AppPlugin>()` …
        // `configure<ApplicationExtension> { buildTypes { … } }`) is beneath the module's own.
        // Not when the root project is an Android module itself: its android block is its own.
        if module.plugin == .application, let rootScript, rootPlugin == nil, folder != settings.root {
          script.adopt(rootScript, identity: false)
          module.script = script
        }
      case .failed(let file, let why):
        module.gradleFile = file
        module.problem = why
      }
      modules[path] = module
      byFolder[XcodeProject.normalized(folder)] = path
    }
  }

  /// The most modules read per build.
  static let maxModules = 2_000

  /// A folder's `gradle.properties` (`key=value`, `key: value`; `#` and `!` comments).
  static func properties(in folder: String, files: ProjectFiles) -> [String: String] {
    let path = ProjectPath.join(folder, "gradle.properties")
    guard files.isFile(path), case .success(let bytes) = files.read(path, limit: ProjectFiles.maxFileSize) else { return [:] }
    var result: [String: String] = [:]
    for raw in bytes.split(separator: 0x0A).prefix(VersionCatalog.maxLines) {
      let line = String(decoding: raw, as: UTF8.self).trimmingCharacters(in: " \t\r")
      guard !line.isEmpty, !line.hasPrefix("#"), !line.hasPrefix("!"),
        let separator = line.firstIndex(where: { $0 == "=" || $0 == ":" })
      else { continue }
      let key = line[..<separator].trimmingCharacters(in: " \t")
      let value = line[line.index(after: separator)...].trimmingCharacters(in: " \t")
      if result[key] == nil { result[key] = value }
    }
    return result
  }

  /// A setting's value: its literal, or its parts with every name resolved from the module's
  /// variables, the root project's, the module's and the root's `gradle.properties`; `nil` when
  /// any name is not found there (the script computes it some other way).
  func value(_ setting: GradleScript.Setting?, in module: Module) -> String? {
    guard let setting else { return nil }
    if let value = setting.value { return value }
    guard let parts = setting.parts else { return nil }
    var steps = 0
    return resolve(parts, in: module, depth: 0, steps: &steps)
  }

  /// The most names followed through one another, looked up for one value, and the longest
  /// value, in characters: a value past them is not resolved.
  static let maxResolveDepth = 8
  static let maxResolveSteps = 1_000
  static let maxResolveLength = 4_096

  private func resolve(_ parts: [GradleScript.Part], in module: Module, depth: Int, steps: inout Int) -> String? {
    guard depth < Self.maxResolveDepth else { return nil }
    var out = ""
    for part in parts {
      steps += 1
      guard steps <= Self.maxResolveSteps, out.utf8.count <= Self.maxResolveLength else { return nil }
      switch part {
      case .literal(let text): out += text
      case .reference(let written) where !written.isEmpty && written.allSatisfy(\.isNumber):
        out += written  // a number (`ext.targetSdkVersion = 34`)
      case .reference(let written) where written.hasPrefix("libs.versions."):
        guard let value = catalogVersions[VersionCatalog.normalized(String(written.dropFirst("libs.versions.".count)))] else {
          return nil
        }
        out += value
      case .reference(let written):
        var name = written
        for prefix in ["rootProject.ext.", "project.ext.", "rootProject.extra.", "project.extra.", "rootProject.", "project.", "ext.", "extra.", "properties."]
        where name.hasPrefix(prefix) {
          name = String(name.dropFirst(prefix.count))
          break
        }
        if let variable = module.script?.variables[name] ?? rootVariables[name] {
          guard let value = resolve(variable, in: module, depth: depth + 1, steps: &steps) else { return nil }
          out += value
        } else if let value = moduleProperties(module)[name] ?? properties[name] {
          out += value
        } else {
          return nil
        }
      }
    }
    return out.utf8.count <= Self.maxResolveLength ? out : nil
  }

  private var modulePropertyCache: [String: [String: String]] = [:]
  private func moduleProperties(_ module: Module) -> [String: String] {
    if let known = modulePropertyCache[module.folder] { return known }
    let found = module.folder == settings.root ? [:] : Self.properties(in: module.folder, files: files)
    modulePropertyCache[module.folder] = found
    return found
  }

  /// A path inside the build, relative to its root folder (as given otherwise).
  func relative(_ path: String) -> String {
    let root = settings.root
    guard root != ".", path.hasPrefix(root + "/") else { return path }
    return String(path.dropFirst(root.count + 1))
  }

  /// The module whose folder is `folder`.
  func module(inFolder folder: String) -> Module? {
    byFolder[folder].flatMap { modules[$0] }
  }

  /// The application modules, in the settings' order.
  var applications: [Module] {
    projects.compactMap { modules[$0] }.filter { $0.plugin == .application }
  }

  /// The modules an application merges for a variant: its project dependencies, transitively
  /// (`implementation`, `api`, and those of the variant's flavours and build type), in
  /// dependency order (breadth first, each once); test configurations are left out.
  func libraries(of application: Module, variant: AndroidVariant) -> [Module] {
    var result: [Module] = []
    var seen: Set<String> = [application.path]
    var queue: [Module] = [application]
    let prefixes = [""] + variant.sourceSets.filter { $0 != "main" }
    while !queue.isEmpty, result.count < Self.maxModules {
      let current = queue.removeFirst()
      for dependency in current.script?.dependencies ?? [] {
        let configuration = dependency.configuration
        let matches = prefixes.contains { prefix in
          prefix.isEmpty
            ? configuration == "implementation" || configuration == "api"
            : configuration == prefix + "Implementation" || configuration == prefix + "Api"
        }
        guard matches else { continue }
        let path = dependency.isAccessor ? settings.project(forAccessor: dependency.project) : dependency.project
        guard let path, !seen.contains(path), let module = modules[path] else { continue }
        seen.insert(path)
        result.append(module)
        queue.append(module)
      }
    }
    return result
  }

  /// The flavours of a module grouped by dimension, in dimension order; flavours without a
  /// dimension go to the only dimension (or form one when none is declared).
  static func flavorsByDimension(_ script: GradleScript) -> [[String]] {
    guard !script.flavors.isEmpty else { return [] }
    var dimensions = script.flavorDimensions
    for flavor in script.flavors {
      if let dimension = flavor.settings.dimension?.value, !dimensions.contains(dimension) { dimensions.append(dimension) }
    }
    if dimensions.isEmpty { return [script.flavors.map(\.name)] }
    return dimensions.map { dimension in
      script.flavors.filter { flavor in
        flavor.settings.dimension?.value == dimension || (flavor.settings.dimension == nil && dimensions.count == 1)
      }.map(\.name)
    }.filter { !$0.isEmpty }
  }

  /// The build types of a module: those written, and `debug` and `release`, which always exist.
  static func buildTypes(_ script: GradleScript) -> [String] {
    var names = script.buildTypes.map(\.name)
    for implicit in ["debug", "release"] where !names.contains(implicit) { names.append(implicit) }
    return names
  }

  /// Every variant of a module, flavours in dimension order.
  static func variants(_ script: GradleScript) -> [AndroidVariant] {
    var combinations: [[String]] = [[]]
    for dimension in flavorsByDimension(script) {
      combinations = combinations.flatMap { prefix in dimension.map { prefix + [$0] } }
    }
    return combinations.flatMap { flavors in buildTypes(script).map { AndroidVariant(flavors: flavors, buildType: $0) } }
  }

  /// The variant to use: the one named (its name as Gradle spells it, case-insensitively), else
  /// the release build type with the first flavour of each dimension as written.
  static func variant(_ script: GradleScript, named name: String?) -> (variant: AndroidVariant, found: Bool) {
    let fallback = AndroidVariant(flavors: flavorsByDimension(script).compactMap(\.first), buildType: "release")
    guard let name, !name.isEmpty else { return (fallback, true) }
    if let match = variants(script).first(where: { $0.name.lowercased() == name.lowercased() }) { return (match, true) }
    // A build type alone chooses it with the default flavours (`--variant debug`).
    if buildTypes(script).contains(where: { $0.lowercased() == name.lowercased() }) {
      let buildType = buildTypes(script).first { $0.lowercased() == name.lowercased() } ?? name
      return (AndroidVariant(flavors: fallback.flavors, buildType: buildType), true)
    }
    return (fallback, false)
  }
}
