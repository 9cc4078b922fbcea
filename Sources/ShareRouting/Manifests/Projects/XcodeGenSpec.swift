/// An XcodeGen project spec (`project.yml`): the targets XcodeGen generates an Xcode project
/// from, with what an app extension's `Info.plist` needs of them — the target's type and
/// platform, its build settings for one configuration as XcodeGen writes them into the project,
/// the plist it uses (`INFOPLIST_FILE`, or `info.path`) and the properties XcodeGen writes into
/// that plist (`info.properties`).
///
/// Read as XcodeGen's ProjectSpec documents it (`docs/projects.md#xcodegen`): `include`s merged
/// first (dictionaries merged, lists appended, anything else replaced; `KEY:REPLACE` replaces),
/// `targetTemplates` under each target's own keys, settings as a plain map or as `groups`,
/// `base` and `configs` (a `configs` key applies to every configuration whose name contains it,
/// case-insensitively, unless it names another configuration exactly), and the settings XcodeGen
/// adds: `SDKROOT` from the platform, the deployment target, `PRODUCT_NAME` = the target's name,
/// `PRODUCT_BUNDLE_IDENTIFIER` = `bundleIdPrefix.Name` when no level sets one, `INFOPLIST_FILE` =
/// `info.path`. What the spec leaves to code (`${ENV}` lookups at generation, `preGenCommand`)
/// is not known and stays unresolved.
struct XcodeGenSpec: Sendable {
  /// One target.
  struct Target: Sendable {
    var name: String
    /// `app-extension`, `application`, `framework`, …
    var type: String?
    /// `iOS`, `macOS`, …; for a multi-platform target, the platform of this generated copy.
    var platform: String?
    /// `supportedDestinations` (with `platform: auto`).
    var destinations: [String] = []
    var deploymentTarget: String?
    var settings: Settings
    var infoPath: String?
    /// `info.properties`, as written.
    var infoProperties: ConfigNode?
    /// The product name: the target's name as written (a multi-platform copy keeps it).
    var productName: String
    /// `sources` paths, where XcodeGen finds the `Info.plist` of a target that names none.
    var sources: [String] = []
    /// The targets it depends on (`dependencies: - target: Name`).
    var dependencies: [String] = []
    /// Where the target is written.
    var location: SourceLocation

    /// Whether XcodeGen builds it for iPhone.
    var isIOS: Bool {
      let platform = (platform ?? "").lowercased()
      if platform == "ios" { return true }
      if platform == "auto" { return destinations.contains { $0.lowercased() == "ios" } }
      return false
    }
  }

  /// Settings as a spec writes them.
  struct Settings: Sendable {
    var groups: [String] = []
    var base: [(key: String, value: String)] = []
    var configs: [(name: String, settings: [(key: String, value: String)])] = []
  }

  var file: String
  /// `name`.
  var name: String
  var bundleIDPrefix: String?
  /// `options.deploymentTarget`, by platform.
  var deploymentTargets: [String: String] = [:]
  /// The configurations (`configs`), or `Debug` and `Release`.
  var configurations: [String] = ["Debug", "Release"]
  var settings = Settings()
  var settingGroups: [String: Settings] = [:]
  var targets: [Target] = []
  /// Whether the spec includes other files (whose paths XcodeGen reads relative to themselves).
  var hasIncludes = false

  /// The most included files read, and how deep includes nest.
  static let maxIncludes = 32
  static let maxIncludeDepth = 8
  /// The most targets read.
  static let maxTargets = 1_000

  /// Whether a parsed YAML document is an XcodeGen spec: a mapping with `targets` (a mapping)
  /// and none of a share-route manifest's keys.
  static func isSpec(_ root: ConfigNode) -> Bool {
    guard case .object(let members) = root.value, let targets = members.first(where: { $0.key == "targets" }),
      case .object = targets.value.value
    else { return false }
    return !ManifestLoader.looksLikeManifest(Set(members.map(\.key)))
  }

  /// Reads a spec from its parsed root; `read` gives the root of an included file (by path
  /// relative to the spec's folder, or absolute) or why it cannot be had.
  init(file: String, root: ConfigNode, read: (String) -> Result<ConfigNode, ManifestError>, problems: inout [ManifestError]) {
    self.file = file
    if case .object(let members) = root.value { hasIncludes = members.contains { $0.key == "include" } }
    var included = 0
    let merged = Self.merging(includesOf: root, file: file, depth: 0, count: &included, read: read, problems: &problems)
    let top = Self.members(merged)
    name = Self.string(top["name"]) ?? ProjectPath.name(ProjectPath.parent(file))
    let options = Self.members(top["options"])
    bundleIDPrefix = Self.string(options["bundleIdPrefix"])
    for (platform, node) in Self.members(options["deploymentTarget"]) {
      if let version = Self.string(node) { deploymentTargets[platform.lowercased()] = version }
    }
    if case .object(let configs)? = top["configs"]?.value, !configs.isEmpty { configurations = configs.map(\.key) }
    settings = Self.settings(top["settings"])
    for (group, node) in Self.members(top["settingGroups"]) { settingGroups[group] = Self.settings(node) }
    let templates = Self.members(top["targetTemplates"])
    guard case .object(let written)? = top["targets"]?.value else { return }
    for member in written.prefix(Self.maxTargets) {
      var node = member.value
      // Templates first, the target's own keys over them.
      if case .object(let fields) = node.value, let names = fields.first(where: { $0.key == "templates" }),
        case .array(let list) = names.value.value
      {
        var base = ConfigNode(value: .object([]), location: node.location)
        for name in list.prefix(16) {
          if let text = Self.string(name), let template = templates[text] { base = Self.merge(base, template) }
        }
        node = Self.merge(base, node)
      }
      let fields = Self.members(node)
      let platforms: [String] =
        if case .array(let list)? = fields["platform"]?.value { list.prefix(8).compactMap(Self.string) } else { Self.string(fields["platform"]).map { [$0] } ?? [] }
      guard targets.count < Self.maxTargets else { break }
      // A multi-platform target is one generated target per platform, `Name_iOS` by default.
      let baseName = Self.string(fields["name"]) ?? member.key
      let copies: [(name: String, platform: String?)] =
        platforms.count > 1
        ? platforms.map { platform in
          let replace = { (text: String) in text.replacingOccurrences(of: "${platform}", with: platform).replacingOccurrences(of: "$platform", with: platform) }
          let prefix = (Self.string(fields["platformPrefix"])).map(replace) ?? ""
          let suffix = (Self.string(fields["platformSuffix"])).map(replace) ?? "_\(platform)"
          return (prefix + baseName + suffix, platform)
        }
        : [(baseName, platforms.first)]
      for (name, platform) in copies where targets.count < Self.maxTargets {
        let substitute = { (text: String) in
          platform.map { text.replacingOccurrences(of: "${platform}", with: $0).replacingOccurrences(of: "$platform", with: $0) } ?? text
        }
        var target = Target(
          name: name, settings: Self.settings(fields["settings"], substitute: substitute), productName: baseName, location: member.keyLocation)
        target.type = Self.string(fields["type"])
        target.platform = platform
        if case .array(let list)? = fields["supportedDestinations"]?.value { target.destinations = list.compactMap(Self.string) }
        if let deployment = fields["deploymentTarget"] {
          if case .object = deployment.value {
            target.deploymentTarget = platform.flatMap { Self.string(Self.members(deployment)[$0]) }
          } else {
            target.deploymentTarget = Self.string(deployment)
          }
        }
        let info = Self.members(fields["info"])
        target.infoPath = Self.string(info["path"]).map(substitute)
        target.infoProperties = info["properties"]
        // `sources: Share`, `[Share, Shared]`, `[{path: Share}]`.
        let sourceNodes: [ConfigNode] = if case .array(let list)? = fields["sources"]?.value { Array(list.prefix(256)) } else { fields["sources"].map { [$0] } ?? [] }
        target.sources = sourceNodes.compactMap { Self.string($0) ?? Self.string(Self.members($0)["path"]) }.map(substitute)
        if case .array(let list)? = fields["dependencies"]?.value {
          target.dependencies = list.prefix(1_024).compactMap { Self.string(Self.members($0)["target"]) }
        }
        targets.append(target)
      }
    }
  }

  // MARK: Settings

  /// The SDK XcodeGen sets for a platform (`Platform.sdkRoot`).
  static func sdk(of platform: String?) -> String? {
    switch platform?.lowercased() {
    case "ios": "iphoneos"
    case "macos": "macosx"
    case "tvos": "appletvos"
    case "watchos": "watchos"
    case "visionos": "xros"
    case "auto": "auto"
    default: nil
    }
  }

  /// The deployment-target setting of a platform (`DeploymentTarget.swift`).
  static func deploymentSetting(of platform: String?) -> String? {
    switch platform?.lowercased() {
    case "ios": "IPHONEOS_DEPLOYMENT_TARGET"
    case "macos": "MACOSX_DEPLOYMENT_TARGET"
    case "tvos": "TVOS_DEPLOYMENT_TARGET"
    case "watchos": "WATCHOS_DEPLOYMENT_TARGET"
    case "visionos": "XROS_DEPLOYMENT_TARGET"
    default: nil
    }
  }

  /// The configuration used for `asked`: its name, else `Release`'s, else the first.
  func configuration(_ asked: String) -> String {
    configurations.first { $0.lowercased() == asked.lowercased() }
      ?? configurations.first { $0.lowercased() == "release" } ?? configurations.first ?? asked
  }

  /// A target's build settings for a configuration, in the order XcodeGen writes them: the
  /// settings every build defines, the platform's `SDKROOT` and deployment target, the project's
  /// settings, the target's deployment target and settings, then `INFOPLIST_FILE` from
  /// `info.path` and `PRODUCT_BUNDLE_IDENTIFIER` from `bundleIdPrefix` where no level sets them.
  func buildSettings(of target: Target, configuration: String) -> BuildSettings {
    var chains: [String: [String]] = [:]
    // The spec, without lines: its includes are merged into it.
    var origins: [String: SettingOrigin] = [:]
    let specName = ProjectPath.name(file)
    func assign(_ key: String, _ value: String, _ origin: String?) {
      chains[key, default: []].append(value)
      if let origin { origins[key] = SettingOrigin(origin, file: file) }
    }
    for (key, value) in [
      ("TARGET_NAME", target.name), ("PROJECT_NAME", name), ("SRCROOT", ProjectPath.parent(file)),
      ("PROJECT_DIR", ProjectPath.parent(file)), ("CONFIGURATION", configuration), ("PRODUCT_NAME", target.productName),
      ("EXECUTABLE_NAME", "$(PRODUCT_NAME)"), ("PRODUCT_MODULE_NAME", "$(PRODUCT_NAME:c99extidentifier)"),
      ("DEVELOPMENT_LANGUAGE", "en"),
    ] {
      assign(key, value, nil)
    }
    let deploymentKey = Self.deploymentSetting(of: target.platform)
    if let deploymentKey, let version = target.platform.flatMap({ deploymentTargets[$0.lowercased()] }) {
      assign(deploymentKey, version, ProjectMessages.xcodeGenOption(specName, "options.deploymentTarget"))
    }
    apply(settings, configuration: configuration, origin: ProjectMessages.xcodeGenOption(specName, "settings"), assign)
    // The platform's preset is the target's, over the project's settings.
    if let sdk = Self.sdk(of: target.platform) { assign("SDKROOT", sdk, ProjectMessages.xcodeGenPreset(specName, target: target.name)) }
    if target.platform?.lowercased() == "auto", !target.destinations.isEmpty {
      let platforms = target.destinations.compactMap { destination -> String? in
        switch destination.lowercased() {
        case "ios": "iphoneos iphonesimulator"
        case "macos": "macosx"
        case "tvos": "appletvos appletvsimulator"
        case "watchos": "watchos watchsimulator"
        case "visionos": "xros xrsimulator"
        default: nil
        }
      }
      assign("SUPPORTED_PLATFORMS", platforms.joined(separator: " "), ProjectMessages.xcodeGenPreset(specName, target: target.name))
    }
    if let deploymentKey, let version = target.deploymentTarget {
      assign(deploymentKey, version, ProjectMessages.xcodeGenTarget(specName, target: target.name, "deploymentTarget"))
    }
    apply(target.settings, configuration: configuration, origin: ProjectMessages.xcodeGenTarget(specName, target: target.name, "settings"), assign)
    if chains["INFOPLIST_FILE"] == nil, let path = target.infoPath {
      assign("INFOPLIST_FILE", path, ProjectMessages.xcodeGenTarget(specName, target: target.name, "info.path"))
    }
    if chains["PRODUCT_BUNDLE_IDENTIFIER"] == nil, let prefix = bundleIDPrefix {
      // PBXProjGenerator: `_` becomes `-`, and only letters, digits, `-` and `.` are kept.
      let escaped = String(target.name.replacingOccurrences(of: "_", with: "-").filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") })
      assign("PRODUCT_BUNDLE_IDENTIFIER", prefix + "." + escaped, ProjectMessages.xcodeGenOption(specName, "options.bundleIdPrefix"))
      origins["PRODUCT_BUNDLE_IDENTIFIER"]?.written = "options.bundleIdPrefix"
    }
    return BuildSettings(chains: chains, origins: origins)
  }

  /// One level of settings: its groups, `base`, then the `configs` entries that apply.
  private func apply(_ level: Settings, configuration: String, origin: String, _ assign: (String, String, String?) -> Void) {
    var applied: Set<String> = []
    apply(level, configuration: configuration, origin: origin, assign, depth: 0, applied: &applied)
  }

  /// A level's groups (each group once per resolution, at most 8 deep), `base`, then the
  /// `configs` entries that apply: the one named exactly (as written), else those whose name
  /// the configuration's contains, case-insensitively (XcodeGen's `getConfig`).
  private func apply(
    _ level: Settings, configuration: String, origin: String, _ assign: (String, String, String?) -> Void, depth: Int,
    applied: inout Set<String>
  ) {
    for group in level.groups.prefix(64) where depth < 8 && applied.insert(group).inserted {
      if let settings = settingGroups[group] {
        apply(settings, configuration: configuration, origin: origin, assign, depth: depth + 1, applied: &applied)
      }
    }
    for (key, value) in level.base { assign(key, value, origin) }
    let exact = Set(configurations)
    for (name, settings) in level.configs {
      let applies = exact.contains(name) ? name == configuration : configuration.lowercased().contains(name.lowercased())
      guard applies else { continue }
      for (setting, value) in settings { assign(setting, value, origin + " (\(name))") }
    }
  }

  // MARK: Reading the YAML

  private static func members(_ node: ConfigNode?) -> [String: ConfigNode] {
    guard case .object(let members)? = node?.value else { return [:] }
    var result: [String: ConfigNode] = [:]
    for member in members where result[member.key] == nil { result[member.key] = member.value }
    return result
  }

  /// A scalar as XcodeGen reads it into a setting (`YES`/`NO` for Booleans).
  static func string(_ node: ConfigNode?) -> String? {
    switch node?.value {
    case .string(let text)?: text
    case .integer(let number)?: String(number)
    case .real(let number)?: number == number.rounded() && abs(number) < 1e9 ? String(format1: number) : String(number)
    case .bool(let flag)?: flag ? "YES" : "NO"
    default: nil
    }
  }

  private static func settings(_ node: ConfigNode?, substitute: (String) -> String = { $0 }) -> Settings {
    guard case .object(let members)? = node?.value else { return Settings() }
    func map(_ node: ConfigNode?) -> [(key: String, value: String)] {
      guard case .object(let members)? = node?.value else { return [] }
      return members.compactMap { member in
        if case .array(let items) = member.value.value {
          return (member.key, substitute(items.compactMap(Self.string).joined(separator: " ")))
        }
        return Self.string(member.value).map { (member.key, substitute($0)) }
      }
    }
    let keys = Set(members.map(\.key))
    guard !keys.isDisjoint(with: ["base", "configs", "groups"]) else { return Settings(base: map(node)) }
    var result = Settings()
    let fields = Self.members(node)
    if case .array(let groups)? = fields["groups"]?.value { result.groups = groups.compactMap(Self.string) }
    result.base = map(fields["base"])
    if case .object(let configs)? = fields["configs"]?.value {
      result.configs = configs.map { ($0.key, map($0.value)) }
    }
    return result
  }

  /// The spec with its `include`s merged under it, in order.
  private static func merging(
    includesOf root: ConfigNode, file: String, depth: Int, count: inout Int,
    read: (String) -> Result<ConfigNode, ManifestError>, problems: inout [ManifestError]
  ) -> ConfigNode {
    guard case .object(let members) = root.value, let include = members.first(where: { $0.key == "include" }) else { return root }
    let entries: [ConfigNode] = if case .array(let list) = include.value.value { list } else { [include.value] }
    var base = ConfigNode(value: .object([]), location: root.location)
    for entry in entries {
      let fields = Self.members(entry)
      let enabled = fields["enable"].map { !["NO", "false", "no", "0", ""].contains(Self.string($0) ?? "") } ?? true
      guard let path = Self.string(entry) ?? Self.string(fields["path"]), enabled else { continue }
      guard depth < maxIncludeDepth, count < maxIncludes else {
        problems.append(
          ManifestError(file: file, location: entry.location, keyPath: "include", problem: .invalidValue(path, expected: ProjectMessages.includeBound(maxIncludes, depth: maxIncludeDepth))))
        break
      }
      count += 1
      let full = path.hasPrefix("/") ? path : XcodeProject.normalized(ProjectPath.join(ProjectPath.parent(file), path))
      switch read(full) {
      case .success(let included):
        base = merge(base, merging(includesOf: included, file: full, depth: depth + 1, count: &count, read: read, problems: &problems))
      case .failure(let error): problems.append(error)
      }
    }
    let own = ConfigNode(value: .object(members.filter { $0.key != "include" }), location: root.location)
    return merge(base, own)
  }

  /// XcodeGen's merge: mappings merged key by key, lists appended, anything else replaced;
  /// `KEY:REPLACE` replaces `KEY`.
  static func merge(_ base: ConfigNode, _ top: ConfigNode) -> ConfigNode {
    switch (base.value, top.value) {
    case (.object(let old), .object(let new)):
      var result = old
      for member in new {
        var key = member.key
        var replace = false
        if key.hasSuffix(":REPLACE") {
          key = String(key.dropLast(8))
          replace = true
        }
        if let index = result.firstIndex(where: { $0.key == key }) {
          let value = replace ? member.value : merge(result[index].value, member.value)
          result[index] = ConfigMember(key: key, keyLocation: member.keyLocation, value: value)
        } else {
          result.append(ConfigMember(key: key, keyLocation: member.keyLocation, value: member.value))
        }
      }
      return ConfigNode(value: .object(result), location: top.location)
    case (.array(let old), .array(let new)):
      return ConfigNode(value: .array(old + new), location: top.location)
    default:
      return top
    }
  }
}

extension String {
  /// A whole number written with one decimal (`15` → `15.0`), as a YAML `15.0` was written.
  fileprivate init(format1 number: Double) { self = String(Int(number)) + ".0" }
}
