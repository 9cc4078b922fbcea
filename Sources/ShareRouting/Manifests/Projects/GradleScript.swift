/// What an Android Gradle module's build script (`build.gradle`, Groovy DSL, or
/// `build.gradle.kts`, Kotlin DSL) says about the app it builds, read without evaluating
/// anything: the Android plugin it applies, `android { namespace }`, `defaultConfig`,
/// `buildTypes`, `productFlavors` and `flavorDimensions` (each with `applicationId`,
/// `applicationIdSuffix`, `resValue` and `manifestPlaceholders`), and the project
/// dependencies (`project(":lib")`, `projects.feature.share`).
///
/// Only literal strings count: a value computed by code (a variable, a function call, a string
/// with `$` interpolation) is found with its place but has no value, and the caller falls back
/// and says so. Comments and strings are lexed properly, so a `namespace` inside a comment or
/// another block does not count.
struct GradleScript: Sendable {
  /// A setting found in the script.
  struct Setting: Sendable, Hashable {
    /// The literal value, or `nil` when the script computes it.
    var value: String?
    /// The written value as an excerpt (for messages).
    var written: String
    /// Where it was written.
    var location: SourceLocation
    /// A computed value that is only literals and names joined (`APP_ID`, `APP_NAME + " Test"`,
    /// `"NewPipe $suffix"`, `project.property("applicationId")`): the build resolves the names
    /// from the script's variables and `gradle.properties`.
    var parts: [Part]? = nil
  }

  /// A piece of a joined value.
  enum Part: Sendable, Hashable {
    case literal(String)
    /// A variable, an extra property or a Gradle property, by name.
    case reference(String)
  }

  /// Top-level literal variables and extra properties (`def APP_ID = "…"`, `val appName = "…"`,
  /// `ext.appId = "…"`, `ext { appId = "…" }`, `extra["appId"] = "…"`), as parts to resolve.
  var variables: [String: [Part]] = [:]

  /// `resValue("string", "name", "value")`.
  struct ResValue: Sendable, Hashable {
    var type: String
    var name: String
    var value: Setting
  }

  /// What `defaultConfig`, a build type or a flavour sets.
  struct VariantSettings: Sendable, Hashable {
    var applicationID: Setting?
    var applicationIDSuffix: Setting?
    /// `dimension "tier"` (flavours).
    var dimension: Setting?
    /// `resValue(…)` calls, in order.
    var resValues: [ResValue] = []
    /// `manifestPlaceholders`, in order (a later key wins); a computed map is one entry with key `*`.
    var placeholders: [(key: String, value: Setting)] = []
    /// `initWith(buildTypes.release)` / `initWith release`: the build type this one starts from.
    var initWith: String?
    /// `targetSdk 34`, `targetSdk = 34`, `targetSdkVersion(34)`, `targetSdk = libs.versions.target.get().toInt()`
    /// (a catalog version is the part `libs.versions.target`).
    var targetSdk: Setting?
    /// Settings written inside a condition or a loop (`if (…) { applicationIdSuffix = … }`):
    /// the build may or may not apply them, so what they set is a guess. The setting's name
    /// (`resValue` with its resource name: `resValue app_name`) and where.
    var uncertain: [(name: String, location: SourceLocation)] = []

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.uncertain.map(\.name) == rhs.uncertain.map(\.name) && lhs.applicationID == rhs.applicationID && lhs.applicationIDSuffix == rhs.applicationIDSuffix
        && lhs.dimension == rhs.dimension && lhs.resValues == rhs.resValues && lhs.initWith == rhs.initWith
        && lhs.targetSdk == rhs.targetSdk
        && lhs.placeholders.map(\.key) == rhs.placeholders.map(\.key)
        && lhs.placeholders.map(\.value) == rhs.placeholders.map(\.value)
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(applicationID)
      hasher.combine(applicationIDSuffix)
      hasher.combine(resValues)
    }
  }

  /// The Android Gradle plugin a module applies.
  enum Plugin: String, Sendable, Hashable {
    case application = "com.android.application"
    case library = "com.android.library"
  }

  /// A project dependency: `implementation(project(":lib"))`, `api projects.feature.share`.
  struct Dependency: Sendable, Hashable {
    /// `implementation`, `api`, `freeImplementation`, `"playApi"`.
    var configuration: String
    /// `:lib` for `project(":lib")`; for an accessor, the accessor path (`feature.share`).
    var project: String
    /// Whether ``project`` is a type-safe accessor path rather than a Gradle path.
    var isAccessor: Bool
    var location: SourceLocation
  }

  /// `android { namespace … }`.
  var namespace: Setting?
  /// The Android plugin applied by id (`id("com.android.application")`, `apply plugin: …`).
  var plugin: Plugin?
  /// Plugins applied through the version catalog (`alias(libs.plugins.android.application)` →
  /// `libs`, `android.application`), to look up in `gradle/libs.versions.toml`.
  var pluginAliases: [(catalog: String, alias: String)] = []
  /// The other plugins applied by id (`id("nowinandroid.android.application")`), or by an
  /// expression (`id(Plugins.App.android)`, kept as written), with their places.
  var otherPlugins: [(id: String, location: SourceLocation, isExpression: Bool)] = []
  /// `android { defaultConfig { … } }`.
  var defaultConfig = VariantSettings()
  /// `android { buildTypes { … } }`, in the order written (the same name twice is merged).
  var buildTypes: [(name: String, settings: VariantSettings)] = []
  /// `android { productFlavors { … } }`, in the order written.
  var flavors: [(name: String, settings: VariantSettings)] = []
  /// `android { flavorDimensions … }`, in order.
  var flavorDimensions: [String] = []
  /// Project dependencies, in order.
  var dependencies: [Dependency] = []

  /// Scripts this one applies (`apply from: "../common.gradle"`), as written; `fromRoot` when
  /// the path is relative to the root project (`rootProject.file(…)`, `"$rootDir/…"`).
  var appliedScripts: [(path: String, fromRoot: Bool)] = []

  /// `android { defaultConfig { applicationId … } }`.
  var applicationID: Setting? { defaultConfig.applicationID }

  /// Takes what `other` sets and this script does not: `other` is applied to this one
  /// (`apply from:`, or the root project configuring every app module) and this script's own
  /// settings win. Without `identity`, the namespace, plugin and `applicationId` are not taken.
  mutating func adopt(_ other: GradleScript, identity: Bool) {
    if identity {
      namespace = namespace ?? other.namespace
      plugin = plugin ?? other.plugin
      pluginAliases += other.pluginAliases
      otherPlugins += other.otherPlugins
    }
    func fill(_ mine: inout VariantSettings, _ theirs: VariantSettings) {
      if identity { mine.applicationID = mine.applicationID ?? theirs.applicationID }
      mine.applicationIDSuffix = mine.applicationIDSuffix ?? theirs.applicationIDSuffix
      mine.dimension = mine.dimension ?? theirs.dimension
      mine.initWith = mine.initWith ?? theirs.initWith
      mine.targetSdk = mine.targetSdk ?? theirs.targetSdk
      let names = Set(mine.resValues.map(\.name))
      mine.resValues += theirs.resValues.filter { !names.contains($0.name) }
      let keys = Set(mine.placeholders.map(\.key))
      mine.placeholders = theirs.placeholders.filter { !keys.contains($0.key) } + mine.placeholders
      mine.uncertain += theirs.uncertain
    }
    fill(&defaultConfig, other.defaultConfig)
    for (name, settings) in other.buildTypes { update(.buildType(name)) { fill(&$0, settings) } }
    for (name, settings) in other.flavors { update(.flavor(name)) { fill(&$0, settings) } }
    for dimension in other.flavorDimensions where !flavorDimensions.contains(dimension) { flavorDimensions.append(dimension) }
    if identity {
      dependencies += other.dependencies
      for (name, value) in other.variables where variables[name] == nil { variables[name] = value }
    }
  }

  /// The largest script read, in bytes.
  static let maxSize = 1 << 20
  /// The most tokens looked at.
  static let maxTokens = 500_000
  /// The deepest block nesting followed.
  static let maxDepth = 64

  /// Reads the settings from a script's bytes (UTF-8; invalid bytes are replaced).
  init(bytes: [UInt8]) {
    var lexer = Lexer(bytes: bytes)
    var tokens: [Token] = []
    while tokens.count < Self.maxTokens, let token = lexer.next() { tokens.append(token) }
    var reader = StatementReader(tokens: tokens)
    reader.forEachStatement { path, statement in
      if path.isEmpty || path.last == "ext" || path.last == "extra" { readVariable(statement) }
      Interpreter.apply(statement, path: path, to: &self)
    }
  }

  /// `def NAME = …`, `val NAME = …`, `ext.NAME = …`, `NAME = …` inside `ext { }`,
  /// `extra["NAME"] = …`, `ext.set("NAME", …)`: a variable whose value is literals and names.
  private mutating func readVariable(_ statement: [Token]) {
    guard let equals = statement.firstIndex(where: { if case .punctuation("=") = $0.kind { true } else { false } }) else {
      // ext.set("NAME", value) / extra.set(…)
      if case .identifier(let call) = statement.first?.kind, call == "ext.set" || call == "extra.set" {
        let arguments = Interpreter.argumentList(Array(statement.dropFirst()))
        if arguments.count == 2, let name = arguments[0].literal, let parts = arguments[1].parts ?? arguments[1].literal.map({ [.literal($0)] }) {
          variables[name] = parts
        }
      }
      return
    }
    let left = statement[..<equals]
    let right = Array(statement[statement.index(after: equals)...])
    // `==`, `+=`: not an assignment of a name.
    if let next = right.first, case .punctuation("=") = next.kind { return }
    if equals > statement.startIndex, case .punctuation(let op) = statement[equals - 1].kind, op == "+" || op == "-" { return }
    var name: String?
    let words = left.compactMap { token -> String? in if case .identifier(let text) = token.kind { text } else { nil } }
    if left.count >= 4, case .open("[") = left[left.startIndex + 1].kind, case .string(let key, false) = left[left.startIndex + 2].kind,
      let head = words.first, head == "extra" || head == "ext" || head.hasSuffix(".extra") || head.hasSuffix(".ext")
    {
      name = key
    } else if left.allSatisfy({ if case .identifier = $0.kind { true } else if case .punctuation(":") = $0.kind { true } else { false } }) {
      // def NAME / final def NAME / val NAME / val NAME: String / NAME (inside ext { }) / ext.NAME
      let colon = left.firstIndex { if case .punctuation(":") = $0.kind { true } else { false } }
      let nameIndex = colon.map { $0 - 1 } ?? left.index(before: left.endIndex)
      guard nameIndex >= left.startIndex, case .identifier(var found) = left[nameIndex].kind else { return }
      let modifiers = left[..<nameIndex].compactMap { token -> String? in if case .identifier(let text) = token.kind { text } else { nil } }
      guard modifiers.allSatisfy(["def", "final", "val", "var", "private", "const"].contains) else { return }
      if found.hasPrefix("ext.") { found = String(found.dropFirst("ext.".count)) }
      if found.hasPrefix("project.ext.") { found = String(found.dropFirst("project.ext.".count)) }
      name = found.contains(".") ? nil : found
    }
    guard let name, !name.isEmpty else { return }
    let argument = Interpreter.argument(right)
    if let literal = argument.literal {
      variables[name] = [.literal(literal)]
    } else if let parts = argument.parts {
      variables[name] = parts
    }
  }

  fileprivate static func excerpt(_ text: String) -> String {
    text.count > 60 ? String(text.prefix(60)) + "…" : text
  }

  /// The settings of a build type by name (merged when written more than once).
  func buildType(_ name: String) -> VariantSettings? { buildTypes.first { $0.name == name }?.settings }

  /// The settings of a flavour by name.
  func flavor(_ name: String) -> VariantSettings? { flavors.first { $0.name == name }?.settings }

  /// Where a statement's settings go.
  fileprivate enum Target {
    case defaultConfig
    case buildType(String)
    case flavor(String)
  }

  fileprivate mutating func update(_ target: Target, _ change: (inout VariantSettings) -> Void) {
    switch target {
    case .defaultConfig: change(&defaultConfig)
    case .buildType(let name):
      if let index = buildTypes.firstIndex(where: { $0.name == name }) {
        change(&buildTypes[index].settings)
      } else {
        var settings = VariantSettings()
        change(&settings)
        buildTypes.append((name, settings))
      }
    case .flavor(let name):
      if let index = flavors.firstIndex(where: { $0.name == name }) {
        change(&flavors[index].settings)
      } else {
        var settings = VariantSettings()
        change(&settings)
        flavors.append((name, settings))
      }
    }
  }
}

/// Reads a token list as statements inside blocks: a statement runs to the end of its line
/// (longer while brackets are open or the line ends with an operator), and `name {` or
/// `create("free") {` opens a block named `name` or `free`.
struct StatementReader {
  let tokens: [GradleScript.Token]
  var index = 0

  init(tokens: [GradleScript.Token]) { self.tokens = tokens }

  /// Calls `visit` with every statement and the names of the blocks around it, in order (an
  /// empty statement where a block opens). One pass over the tokens: the block path is pushed
  /// and popped, never rebuilt, and brackets are counted, never scanned back.
  mutating func forEachStatement(_ visit: ([String], [GradleScript.Token]) -> Void) {
    index = 0
    var path: [String] = []
    readBlock(path: &path, depth: 0, visit)
  }

  /// Every statement with the names of the blocks around it, in order.
  mutating func statements() -> [(path: [String], statement: [GradleScript.Token])] {
    var found: [(path: [String], statement: [GradleScript.Token])] = []
    forEachStatement { found.append(($0, $1)) }
    return found
  }

  /// The Android Gradle plugin's extension types (`configure<ApplicationExtension> { … }`).
  static let androidExtensions: Set<String> = [
    "ApplicationExtension", "LibraryExtension", "BaseAppModuleExtension", "LibraryExtensionImpl", "CommonExtension",
    "BaseExtension", "AppExtension",
  ]

  /// Calls that name the block they open by their string argument.
  static let namingCalls: Set<String> = ["create", "getByName", "named", "register", "maybeCreate", "getting", "creating"]

  private mutating func readBlock(path: inout [String], depth: Int, _ visit: ([String], [GradleScript.Token]) -> Void) {
    while index < tokens.count {
      if case .close("}") = tokens[index].kind {
        index += 1
        return
      }
      var statement: [GradleScript.Token] = []
      var brackets = 0
      var opensBlock = false
      while index < tokens.count {
        let token = tokens[index]
        if case .punctuation(";") = token.kind {
          // `;` ends a statement (`lite { dimension "mode"; applicationId "…" }`); inside
          // brackets (`for (…; …)`) it is read past.
          index += 1
          if brackets == 0 && !statement.isEmpty { break }
          continue
        }
        if !statement.isEmpty && brackets == 0, let last = statement.last {
          // A new line ends the statement unless the last token asks for more.
          let continues: Bool =
            switch last.kind {
            case .punctuation(let text): ["=", ",", "+", ".", ":", "-", "?"].contains(text)
            case .open: true
            default: false
            }
          if token.location.line != last.location.line && !continues {
            if case .punctuation(".") = token.kind {} else { break }
          }
        }
        if case .close("}") = token.kind, brackets == 0 { break }
        if case .open("{") = token.kind, brackets == 0 {
          index += 1
          opensBlock = true
          break
        }
        switch token.kind {
        case .open("("), .open("["): brackets += 1
        case .close(")"), .close("]"): brackets = max(0, brackets - 1)
        case .open("{"): brackets += 1
        case .close("}"): brackets = max(0, brackets - 1)
        default: break
        }
        statement.append(token)
        index += 1
      }
      if opensBlock {
        let name = Self.blockName(statement)
        path += name
        // An empty statement marks where a block opens (an empty flavour `blue {}` still exists).
        visit(path, [])
        if depth + 1 < GradleScript.maxDepth {
          readBlock(path: &path, depth: depth + 1, visit)
        } else {
          skipBlock()
        }
        path.removeLast(name.count)
        continue
      }
      if statement.isEmpty {
        // A stray token the loops above did not take: step over it.
        if index < tokens.count, case .close("}") = tokens[index].kind { continue }
        index += 1
        continue
      }
      visit(path, statement)
    }
  }

  private mutating func skipBlock() {
    var level = 1
    while index < tokens.count && level > 0 {
      if case .open("{") = tokens[index].kind { level += 1 }
      if case .close("}") = tokens[index].kind { level -= 1 }
      index += 1
    }
  }

  /// The name a block's head gives it: `android` → `[android]`, `android.defaultConfig` → both,
  /// `create("free")` / `getByName("release")` → `[free]`, `"free"` → `[free]`, a call or
  /// anything else → `[?]`.
  static func blockName(_ head: [GradleScript.Token]) -> [String] {
    guard let first = head.first else { return ["?"] }
    if head.count == 1 {
      switch first.kind {
      case .identifier(let name): return name.split(separator: ".").map(String.init)
      case .string(let text, _): return [text]
      default: return ["?"]
      }
    }
    // name("string") or a.b.name("string"): the string names the block when the call does.
    if case .identifier(let call) = first.kind, head.count >= 4, case .open("(") = head[1].kind,
      case .string(let text, _) = head[2].kind, case .close(")") = head[3].kind
    {
      let parts = call.split(separator: ".").map(String.init)
      if let last = parts.last, Self.namingCalls.contains(last) { return Array(parts.dropLast()) + [text] }
      return parts + ["?"]
    }
    // `val free by creating {`: Kotlin's delegated creation.
    if head.count >= 4, case .identifier("val") = first.kind, case .identifier(let name) = head[1].kind,
      case .identifier("by") = head[2].kind
    {
      return [name]
    }
    if case .identifier(let call) = first.kind, head.count >= 2, case .open("(") = head[1].kind {
      return call.split(separator: ".").map(String.init) + ["?"]
    }
    // `configure<ApplicationExtension> {` (and the library's, `extensions.configure<…>`) is the
    // android block written through its extension type.
    if case .identifier(let call) = first.kind, call == "configure" || call.hasSuffix(".configure"), head.count >= 4,
      case .punctuation("<") = head[1].kind, case .identifier(let type) = head[2].kind,
      Self.androidExtensions.contains(type.split(separator: ".").last.map(String.init) ?? "")
    {
      return ["android"]
    }
    return ["?"]
  }
}

/// What one statement sets, given the blocks around it.
private enum Interpreter {
  typealias Token = GradleScript.Token

  static func apply(_ statement: [Token], path: [String], to script: inout GradleScript) {
    guard let head = statement.first else {
      // A block opens: a build type or flavour exists even when nothing in it is read.
      if let android = path.lastIndex(of: "android"), path.count == android + 3,
        !["?", "all", "configureEach", "each", "forEach", "matching", "whenObjectAdded"].contains(path[android + 2])
      {
        switch path[android + 1] {
        case "buildTypes": script.update(.buildType(path[android + 2])) { _ in }
        case "productFlavors": script.update(.flavor(path[android + 2])) { _ in }
        default: break
        }
      }
      return
    }
    // `apply plugin: 'com.android.application'` / `apply(plugin = "…")` anywhere.
    if case .identifier("apply") = head.kind {
      let isScript = statement.contains { if case .identifier(let word) = $0.kind { word == "from" } else { false } }
      if isScript, path.isEmpty || path == ["android"], let written = statement.lazy.compactMap({ token -> String? in
        if case .string(let text, _) = token.kind { return text }
        return nil
      }).first {
        // apply from: "../common.gradle", apply(from = rootProject.file("x")), "$rootDir/x"
        var file = written
        var fromRoot = statement.contains { if case .identifier(let word) = $0.kind { word.hasPrefix("rootProject") } else { false } }
        for prefix in ["$rootDir/", "${rootDir}/", "$rootProject.projectDir/", "${rootProject.projectDir}/", "${project.rootDir}/"]
        where file.hasPrefix(prefix) {
          file = String(file.dropFirst(prefix.count))
          fromRoot = true
        }
        if !file.contains("$") && !file.contains("://") { script.appliedScripts.append((file, fromRoot)) }
      } else if path.isEmpty, let id = firstString(statement) {
        // At the top only: `subprojects { apply plugin: … }` applies it to other projects.
        if let plugin = GradleScript.Plugin(rawValue: id) {
          script.plugin = script.plugin ?? plugin
        } else if let location = statement.first?.location, script.otherPlugins.count < maxOtherPlugins {
          script.otherPlugins.append((id, location, false))
        }
      }
      return
    }
    if path == ["plugins"] {
      readPlugin(statement, into: &script)
      return
    }
    if path.first == "dependencies" || path.last == "dependencies" {
      readDependency(statement, into: &script)
      return
    }
    guard let android = path.lastIndex(of: "android") else {
      // `android.namespace = "…"` written at the top.
      if case .identifier(let name) = head.kind, name.hasPrefix("android.") {
        var rest = statement
        rest[0] = Token(kind: .identifier(String(name.dropFirst("android.".count))), location: head.location)
        apply(rest, path: path + ["android"], to: &script)
      }
      return
    }
    var rest = Array(path[(android + 1)...])
    // Dotted names in the statement (`defaultConfig.applicationId = …`) extend the path; what
    // follows the setting's name is how it is set (`.set`, `.put`, `.addAll`).
    guard case .identifier(let written) = head.kind else { return }
    let components = written.split(separator: ".").map(String.init)
    guard let known = components.firstIndex(where: Self.settingNames.contains) else { return }
    rest += components[..<known]
    let name = components[known]
    let how = components[(known + 1)...].last
    let value = Array(statement.dropFirst())
    switch rest.first {
    case nil:
      switch name {
      case "namespace":
        if script.namespace == nil { script.namespace = setting(value, at: head.location) }
      case "flavorDimensions":
        script.flavorDimensions += strings(value)
      default: break
      }
    case "defaultConfig" where rest.count == 1:
      readVariant(name, how, value, at: head.location, target: .defaultConfig, into: &script)
    case "buildTypes" where rest.count == 2 && rest[1] != "?":
      readVariant(name, how, value, at: head.location, target: .buildType(rest[1]), into: &script)
    case "productFlavors" where rest.count == 2 && rest[1] != "?":
      readVariant(name, how, value, at: head.location, target: .flavor(rest[1]), into: &script)
    case "defaultConfig", "buildTypes", "productFlavors":
      // Inside a condition or a loop within the block: may or may not apply.
      let target: GradleScript.Target? =
        switch rest.first {
        case "defaultConfig": .defaultConfig
        case "buildTypes" where rest.count > 2 && rest[1] != "?": .buildType(rest[1])
        case "productFlavors" where rest.count > 2 && rest[1] != "?": .flavor(rest[1])
        default: nil
        }
      guard let target, ["applicationId", "applicationIdSuffix", "resValue", "manifestPlaceholders"].contains(name) else { break }
      var what = name
      if name == "resValue", let resource = argumentList(value).dropFirst().first?.literal { what += " " + resource }
      let location = head.location
      script.update(target) { $0.uncertain.append((what, location)) }
    default: break
    }
  }

  /// The settings statements are read for.
  static let settingNames: Set<String> = [
    "namespace", "flavorDimensions", "applicationId", "applicationIdSuffix", "dimension", "resValue",
    "manifestPlaceholders", "addManifestPlaceholders", "initWith", "targetSdk", "targetSdkVersion",
  ]

  private static func readVariant(
    _ name: String, _ how: String?, _ value: [Token], at location: SourceLocation, target: GradleScript.Target,
    into script: inout GradleScript
  ) {
    switch name {
    case "applicationId":
      let found = setting(value, at: location)
      script.update(target) { if $0.applicationID == nil { $0.applicationID = found } }
    case "applicationIdSuffix":
      let found = setting(value, at: location)
      script.update(target) { $0.applicationIDSuffix = found }
    case "dimension":
      let found = setting(value, at: location)
      script.update(target) { $0.dimension = found }
    case "resValue":
      let arguments = argumentList(value)
      guard arguments.count == 3, let type = arguments[0].literal, let resource = arguments[1].literal else { return }
      let found = GradleScript.Setting(
        value: arguments[2].literal, written: arguments[2].written, location: location, parts: arguments[2].parts)
      script.update(target) { $0.resValues.append(GradleScript.ResValue(type: type, name: resource, value: found)) }
    case "manifestPlaceholders", "addManifestPlaceholders":
      var pairs = placeholderPairs(value)
      if how == "put", pairs.isEmpty {
        let arguments = argumentList(value)
        if arguments.count == 2, let key = arguments[0].literal { pairs = [(key, arguments[1])] }
      }
      script.update(target) { $0.placeholders += pairs.isEmpty ? [("*", setting(value, at: location))] : pairs.map { ($0.0, GradleScript.Setting(value: $0.1.literal, written: $0.1.written, location: location, parts: $0.1.parts)) } }
    case "targetSdk", "targetSdkVersion":
      let found = sdkSetting(value, at: location)
      script.update(target) { $0.targetSdk = found }
    case "initWith":
      // initWith(buildTypes.getByName("release")), initWith release, initWith(getByName("release"))
      let parent = value.reversed().compactMap { token -> String? in
        switch token.kind {
        case .string(let text, _): text
        case .identifier(let text): text.split(separator: ".").last.map(String.init)
        default: nil
        }
      }.first { !["getByName", "buildTypes", "named", "get"].contains($0) }
      script.update(target) { $0.initWith = parent }
    default: break
    }
  }

  private static func readPlugin(_ statement: [Token], into script: inout GradleScript) {
    guard case .identifier(let call) = statement.first?.kind else { return }
    // `id("com.android.application") version "8.5.0" apply false`: declared for the modules
    // below, not applied here (the root project of most builds).
    let words = statement.compactMap { token -> String? in if case .identifier(let word) = token.kind { word } else { nil } }
    if zip(words, words.dropFirst()).contains(where: { ($0 == "apply" || $0 == ".apply") && $1 == "false" }) { return }
    if call == "id", let id = firstString(statement), let plugin = GradleScript.Plugin(rawValue: id) {
      script.plugin = script.plugin ?? plugin
    } else if call == "id", let location = statement.first?.location, script.otherPlugins.count < maxOtherPlugins {
      if let id = firstString(statement) {
        // A plugin with a version is published, not the build's own.
        guard !words.contains("version") else { return }
        script.otherPlugins.append((id, location, false))
      } else if statement.count > 2, case .identifier(let written) = statement[2].kind {
        script.otherPlugins.append((written, location, true))
      }
    } else if call == "alias" {
      for token in statement.dropFirst() {
        guard case .identifier(let reference) = token.kind else { continue }
        let parts = reference.split(separator: ".").map(String.init)
        if parts.count >= 3, parts[1] == "plugins" {
          script.pluginAliases.append((parts[0], parts.dropFirst(2).joined(separator: ".")))
        }
      }
    }
  }

  private static func readDependency(_ statement: [Token], into script: inout GradleScript) {
    let configuration: String
    switch statement.first?.kind {
    case .identifier(let name): configuration = name
    case .string(let name, _): configuration = name
    default: return
    }
    guard configuration == "api" || configuration == "implementation" || configuration.hasSuffix("Implementation")
      || configuration.hasSuffix("Api")
    else { return }
    var position = 1
    while position < statement.count {
      let token = statement[position]
      if case .identifier(let name) = token.kind {
        if name == "project" || name.hasSuffix(".project") {
          // project(":lib"), project(path: ':lib'), project(path = ":lib", configuration = …)
          if let path = statement[(position + 1)...].prefix(6).compactMap({ token -> String? in
            if case .string(let text, false) = token.kind, text.hasPrefix(":") { return text }
            return nil
          }).first {
            script.dependencies.append(.init(configuration: configuration, project: path, isAccessor: false, location: token.location))
          }
        } else if name.hasPrefix("projects.") {
          var accessor = String(name.dropFirst("projects.".count))
          if accessor.hasSuffix(".dependencyProject") { accessor = String(accessor.dropLast(".dependencyProject".count)) }
          script.dependencies.append(.init(configuration: configuration, project: accessor, isAccessor: true, location: token.location))
        }
      }
      position += 1
    }
  }

  /// An argument: its literal text, or `nil` when computed; how it is written; and its parts
  /// when it joins literals and names.
  struct Argument {
    var literal: String?
    var written: String
    var parts: [GradleScript.Part]? = nil
  }

  /// The comma-separated arguments of `name(a, b, c)`, `name a, b, c` or `name = a`.
  static func argumentList(_ value: [Token]) -> [Argument] {
    var tokens = value[...]
    while let first = tokens.first, case .punctuation(let text) = first.kind, text == "=" || text == "." { tokens = tokens.dropFirst() }
    if case .identifier("set") = tokens.first?.kind { tokens = tokens.dropFirst() }
    if case .open("(") = tokens.first?.kind, case .close(")") = tokens.last?.kind {
      tokens = tokens.dropFirst().dropLast()
    }
    var arguments: [Argument] = []
    var current: [Token] = []
    var level = 0
    for token in tokens {
      switch token.kind {
      case .open: level += 1
      case .close: level -= 1
      case .punctuation(",") where level == 0:
        arguments.append(argument(current))
        current = []
        continue
      default: break
      }
      current.append(token)
    }
    if !current.isEmpty { arguments.append(argument(current)) }
    return arguments
  }

  static func argument(_ tokens: [Token]) -> Argument {
    if tokens.count == 1, case .string(let text, let interpolated) = tokens[0].kind {
      return Argument(
        literal: interpolated ? nil : text, written: GradleScript.excerpt(text),
        parts: interpolated ? interpolation(text) : nil)
    }
    return Argument(literal: nil, written: GradleScript.excerpt(written(tokens)), parts: parts(tokens))
  }

  /// Names a property lookup call reads: `project.property("x")`, `findProperty("x")`,
  /// `providers.gradleProperty("x")`, `rootProject.extra["x"]`.
  static let propertyCalls: Set<String> = ["property", "findProperty", "gradleProperty", "getProperty"]

  /// Literals and names joined with `+` (a trailing `.get()`, `.toString()`, `as String`, `!!`
  /// is how Kotlin and Groovy read them and changes nothing); `nil` for anything else.
  static func parts(_ tokens: [Token]) -> [GradleScript.Part]? {
    var parts: [GradleScript.Part] = []
    var position = 0
    var expectsValue = true
    while position < tokens.count {
      let token = tokens[position]
      switch token.kind {
      case .string(let text, let interpolated) where expectsValue:
        parts += interpolated ? (interpolation(text) ?? []) : [.literal(text)]
        expectsValue = false
        position += 1
      case .identifier(let name) where expectsValue:
        let last = String(name.split(separator: ".").last ?? "")
        if propertyCalls.contains(last) || last == "extra" || last == "ext" {
          // property("x") / extra["x"]
          guard position + 3 < tokens.count, case .string(let key, false) = tokens[position + 2].kind else { return nil }
          parts.append(.reference(key))
          position += 4
        } else {
          parts.append(.reference(name))
          position += 1
        }
        expectsValue = false
      case .punctuation("+") where !expectsValue:
        expectsValue = true
        position += 1
      case .identifier(let name) where !expectsValue && (name == ".get" || name == ".toString" || name == ".orNull" || name == "as" || name == "String"):
        position += 1
        if position < tokens.count, case .open("(") = tokens[position].kind,
          position + 1 < tokens.count, case .close(")") = tokens[position + 1].kind
        {
          position += 2
        }
      case .punctuation("!") where !expectsValue:
        position += 1
      default:
        return nil
      }
    }
    return parts.isEmpty || expectsValue ? nil : parts
  }

  /// `"NewPipe $suffix"` and `"${appId}.x"`: the literal runs and the names.
  static func interpolation(_ text: String) -> [GradleScript.Part]? {
    var parts: [GradleScript.Part] = []
    var literal = ""
    var characters = text[...]
    while let first = characters.first {
      characters = characters.dropFirst()
      guard first == "$" else {
        literal.append(first)
        continue
      }
      var name = ""
      if characters.first == "{" {
        guard let close = characters.firstIndex(of: "}") else { return nil }
        name = String(characters[characters.index(after: characters.startIndex)..<close])
        characters = characters[characters.index(after: close)...]
        // Only names inside ${…}: a call or an expression is not a plain value.
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
      } else {
        name = String(characters.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        characters = characters.dropFirst(name.count)
      }
      guard !name.isEmpty else { return nil }
      if !literal.isEmpty { parts.append(.literal(literal)) }
      literal = ""
      parts.append(.reference(name))
    }
    if !literal.isEmpty { parts.append(.literal(literal)) }
    return parts
  }

  /// Tokens as written: a space only between two words.
  static func written(_ tokens: [Token]) -> String {
    var out = ""
    var previousIsWord = false
    for token in tokens {
      let isWord: Bool =
        switch token.kind {
        case .identifier, .string: true
        default: false
        }
      if isWord && previousIsWord { out += " " }
      out += token.text
      previousIsWord = isWord
    }
    return out
  }

  /// `name "x"`, `name = "x"`, `name("x")`, `name.set("x")`: the literal, or the written
  /// expression without a value.
  static func setting(_ value: [Token], at location: SourceLocation) -> GradleScript.Setting {
    let arguments = argumentList(value)
    guard arguments.count == 1, let only = arguments.first else {
      return GradleScript.Setting(value: nil, written: GradleScript.excerpt(written(value)), location: location)
    }
    return GradleScript.Setting(value: only.literal, written: only.written, location: location, parts: only.parts)
  }

  /// An API level setting: a number (`34`), a catalog version (`libs.versions.targetSdk.get().toInt()`:
  /// the part `libs.versions.targetSdk`), or a joined value as ``setting(_:at:)`` reads it
  /// (`rootProject.ext.targetSdkVersion`, `project.property("targetSdk")`).
  static func sdkSetting(_ value: [Token], at location: SourceLocation) -> GradleScript.Setting {
    var tokens = value
    // targetSdkVersion(34), targetSdk = 34, targetSdkVersion 34
    if case .punctuation("=")? = tokens.first?.kind { tokens.removeFirst() }
    if case .open("(")? = tokens.first?.kind, case .close(")")? = tokens.last?.kind { tokens = Array(tokens.dropFirst().dropLast()) }
    let written = GradleScript.excerpt(Self.written(tokens))
    if tokens.count == 1, case .identifier(let text) = tokens[0].kind, !text.isEmpty, text.allSatisfy(\.isNumber) {
      return GradleScript.Setting(value: text, written: written, location: location)
    }
    if case .identifier(let text)? = tokens.first?.kind, text.hasPrefix("libs.versions.") {
      // libs.versions.targetSdk.get().toInt(): the version's key, before `.get`.
      let key = text.split(separator: ".").dropFirst(2).prefix { $0 != "get" && $0 != "toInt" }.joined(separator: ".")
      return GradleScript.Setting(value: nil, written: written, location: location, parts: [.reference("libs.versions." + key)])
    }
    return setting(value, at: location)
  }

  /// Every string literal of a statement (`flavorDimensions "a", "b"`, `+= listOf("a")`).
  static func strings(_ tokens: [Token]) -> [String] {
    tokens.compactMap { if case .string(let text, false) = $0.kind { text } else { nil } }
  }

  /// The most other plugins kept per script.
  static let maxOtherPlugins = 256

  static func firstString(_ tokens: [Token]) -> String? {
    for token in tokens { if case .string(let text, false) = token.kind { return text } }
    return nil
  }

  /// Placeholder pairs in any of the DSL's forms: `["k"] = "v"`, `[k: "v", …]`,
  /// `mapOf("k" to "v")`, `put("k", "v")`.
  static func placeholderPairs(_ tokens: [Token]) -> [(String, Argument)] {
    var pairs: [(String, Argument)] = []
    var position = 0
    func key(_ token: Token) -> String? {
      switch token.kind {
      case .string(let text, false): text
      case .identifier(let text) where !text.contains("."): text
      default: nil
      }
    }
    while position < tokens.count {
      // ["k"] = value
      if case .open("[") = tokens[position].kind, position + 4 < tokens.count, case .string(let k, false) = tokens[position + 1].kind,
        case .close("]") = tokens[position + 2].kind, case .punctuation("=") = tokens[position + 3].kind
      {
        pairs.append((k, argument([tokens[position + 4]])))
        position += 5
        continue
      }
      // k: value / "k" to value
      if position + 2 < tokens.count, let k = key(tokens[position]) {
        var separator = false
        if case .punctuation(":") = tokens[position + 1].kind { separator = true }
        if case .identifier("to") = tokens[position + 1].kind { separator = true }
        if separator {
          pairs.append((k, argument([tokens[position + 2]])))
          position += 3
          continue
        }
      }
      // put("k", value)
      if case .identifier(let name) = tokens[position].kind, name == "put" || name.hasSuffix(".put"), position + 5 < tokens.count,
        case .string(let k, false) = tokens[position + 2].kind
      {
        pairs.append((k, argument([tokens[position + 4]])))
        position += 6
        continue
      }
      position += 1
    }
    return pairs
  }
}

extension GradleScript {
  // MARK: Lexer

  struct Token: Sendable {
    enum Kind: Sendable, Equatable {
      case identifier(String)
      /// A string literal's contents; `interpolated` when it holds `$` in a double-quoted string.
      case string(String, interpolated: Bool)
      case open(String)
      case close(String)
      case punctuation(String)
    }
    var kind: Kind
    var location: SourceLocation

    /// The token as written (strings quoted), for excerpts.
    var text: String {
      switch kind {
      case .identifier(let text), .open(let text), .close(let text), .punctuation(let text): text
      case .string(let text, _): "\"" + text + "\""
      }
    }
  }

  /// Groovy/Kotlin tokens: identifiers (dotted), strings (single, double, triple-quoted), brackets
  /// and punctuation; comments and white space are dropped.
  struct Lexer {
    private var cursor: ByteCursor

    init(bytes: [UInt8]) { cursor = ByteCursor(bytes) }

    private func peek(_ offset: Int = 0) -> UInt8? { cursor.peek(offset) }
    private mutating func advance() { cursor.advance() }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || byte == 0x5F || byte == 0x2E || byte >= 0x80
    }

    mutating func next() -> Token? {
      cursor.skipSpaceAndComments()
      guard let byte = peek() else { return nil }
      let start = cursor.location
      if byte == 0x22 || byte == 0x27 {
        return Token(kind: string(quote: byte), location: start)
      }
      if Self.isIdentifierByte(byte) {
        let from = cursor.position
        while let c = peek(), Self.isIdentifierByte(c) { advance() }
        return Token(kind: .identifier(String(decoding: cursor.bytes[from..<cursor.position], as: UTF8.self)), location: start)
      }
      advance()
      let text = String(UnicodeScalar(byte))
      switch byte {
      case 0x7B, 0x28, 0x5B: return Token(kind: .open(text), location: start)
      case 0x7D, 0x29, 0x5D: return Token(kind: .close(text), location: start)
      default: return Token(kind: .punctuation(text), location: start)
      }
    }

    /// A string literal at the cursor: `'…'`, `"…"`, `'''…'''` or `"""…"""`, escapes decoded.
    private mutating func string(quote: UInt8) -> Token.Kind {
      let triple = peek(1) == quote && peek(2) == quote
      cursor.advance(triple ? 3 : 1)
      var content: [UInt8] = []
      var interpolated = false
      while let c = peek() {
        if triple {
          if c == quote && peek(1) == quote && peek(2) == quote {
            cursor.advance(3)
            break
          }
        } else if c == quote {
          advance()
          break
        } else if c == 0x0A {
          break  // an unterminated string ends at the line
        }
        if c == 0x5C, let escaped = peek(1) {
          cursor.advance(2)
          switch escaped {
          case 0x6E: content.append(0x0A)
          case 0x74: content.append(0x09)
          default: content.append(escaped)
          }
          continue
        }
        if c == 0x24 && quote == 0x22 { interpolated = true }
        content.append(c)
        advance()
      }
      return .string(String(decoding: content, as: UTF8.self), interpolated: interpolated)
    }
  }
}
