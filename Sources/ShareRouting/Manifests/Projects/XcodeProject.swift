/// The build settings of an Xcode project (`project.pbxproj`, an old-style ASCII property list),
/// as far as an extension's `Info.plist` needs them: which target uses the plist
/// (`INFOPLIST_FILE`), and that target's settings for one configuration, resolved as Xcode
/// resolves them, lowest level first — the project's `.xcconfig` (`baseConfigurationReference`,
/// with its `#include`s), the project's settings, the target's `.xcconfig`, the target's
/// settings — each level's `$(inherited)` being the value below it, conditional assignments
/// (`KEY[sdk=iphoneos*]`, `KEY[config=Debug]`) over plain ones for an iOS device build, then
/// `$(VAR)` / `${VAR}` expanded.
///
/// Settings from the command line and from Xcode's own defaults beyond the few every build
/// defines are not known; a variable only they define stays unresolved, and the caller falls
/// back and warns.
struct XcodeProject: Sendable {
  /// One build configuration of a target or of the project.
  struct Configuration: Sendable {
    /// The settings as written, keys sorted (a key may carry conditions: `KEY[sdk=…]`), each
    /// with where its key is written.
    var settings: [(key: String, value: String, location: SourceLocation?)]
    /// The `.xcconfig` file it is based on, as a path (relative to the folder holding the
    /// `.xcodeproj` unless absolute), when there is one.
    var baseConfiguration: String?
  }

  /// One native target.
  struct Target: Sendable {
    var name: String
    /// Build settings by configuration name.
    var configurations: [String: Configuration]
    /// The configuration `xcodebuild` uses when none is named.
    var defaultConfiguration: String?
    /// `com.apple.product-type.app-extension`, `com.apple.product-type.application`, …
    var productType: String?
    /// The targets it depends on (`PBXTargetDependency`), by name: an app depends on the
    /// extensions it embeds.
    var dependencies: [String] = []

    /// Whether it builds an application.
    var isApplication: Bool { productType == "com.apple.product-type.application" }
  }

  /// Whether a target builds a plist.
  enum PlistOwner {
    /// The targets that do, in the project's order (an iOS and a Mac target may share one).
    case targets([Target])
    /// No target does, every target's `INFOPLIST_FILE` was known, and none points outside the
    /// project's folder (where a sibling project's plist may be).
    case none
    /// No target does as far as the settings were known.
    case unknown
  }

  /// Why a project could not be used.
  struct Failure: Error, Sendable, Hashable {
    var file: String
    var location: SourceLocation?
    var message: String
    /// A bound was met, or a file was refused (out of the project): settings may be missing,
    /// said whether or not a value needed them.
    var always = false
  }

  /// The `project.pbxproj` file.
  var file: String
  /// The project's name (`Notes` for `Notes.xcodeproj`).
  var name: String
  /// The folder holding the `.xcodeproj` (`$(SRCROOT)`).
  var sourceRoot: String
  var targets: [Target]
  /// Project-level settings by configuration name.
  var projectConfigurations: [String: Configuration]

  /// Reads a project from the bytes of its `project.pbxproj`.
  init(file: String, bytes: [UInt8]) throws(Failure) {
    self.file = file
    let bundle = ProjectPath.parent(file)
    let bundleName = ProjectPath.name(bundle)
    name = bundleName.hasSuffix(".xcodeproj") ? String(bundleName.dropLast(".xcodeproj".count)) : bundleName
    sourceRoot = ProjectPath.parent(bundle)
    let root: PBXValue
    let settingPlaces: [String: [String: SourceLocation]]
    do {
      (root, settingPlaces) = try PBXParser.parseProject(bytes)
    } catch {
      throw Failure(file: file, location: error.location, message: error.message)
    }
    guard case .dictionary(let top) = root, case .dictionary(let objects)? = top["objects"],
      case .string(let rootID)? = top["rootObject"], case .dictionary(let project)? = objects[rootID]
    else {
      throw Failure(file: file, location: nil, message: ProjectMessages.noProjectObject)
    }
    let paths = Self.filePaths(objects: objects, mainGroup: project["mainGroup"])
    func configurations(_ listID: PBXValue?) -> (settings: [String: Configuration], defaultName: String?) {
      guard case .string(let id)? = listID, case .dictionary(let list)? = objects[id],
        case .array(let ids)? = list["buildConfigurations"]
      else { return ([:], nil) }
      var result: [String: Configuration] = [:]
      for case .string(let configurationID) in ids {
        guard case .dictionary(let configuration)? = objects[configurationID],
          case .string(let name)? = configuration["name"]
        else { continue }
        var settings: [(key: String, value: String, location: SourceLocation?)] = []
        if case .dictionary(let written)? = configuration["buildSettings"] {
          // A dictionary has no order; sorted keys put `KEY` before `KEY[sdk=…]`.
          let places = settingPlaces[configurationID] ?? [:]
          for key in written.keys.sorted() { settings.append((key, written[key]?.settingText ?? "", places[key])) }
        }
        var base: String?
        if case .string(let reference)? = configuration["baseConfigurationReference"] {
          base = paths[reference]
        } else if case .string(let anchor)? = configuration["baseConfigurationReferenceAnchor"],
          case .string(let relative)? = configuration["baseConfigurationReferenceRelativePath"], let folder = paths[anchor]
        {
          // Xcode 16's folder-synchronized groups: a folder and a path inside it.
          base = Self.normalized(folder.isEmpty ? relative : folder + "/" + relative)
        }
        result[name] = Configuration(settings: settings, baseConfiguration: base)
      }
      let defaultName: String? =
        if case .string(let name)? = list["defaultConfigurationName"] { name } else { nil }
      return (result, defaultName)
    }
    projectConfigurations = configurations(project["buildConfigurationList"]).settings
    var targets: [Target] = []
    if case .array(let ids)? = project["targets"] {
      func targetName(_ id: PBXValue?) -> String? {
        guard case .string(let id)? = id, case .dictionary(let target)? = objects[id], case .string(let name)? = target["name"] else { return nil }
        return name
      }
      for case .string(let id) in ids {
        guard case .dictionary(let target)? = objects[id], case .string(let name)? = target["name"] else { continue }
        let (settings, defaultName) = configurations(target["buildConfigurationList"])
        var built = Target(name: name, configurations: settings, defaultConfiguration: defaultName)
        if case .string(let type)? = target["productType"] { built.productType = type }
        if case .array(let dependencies)? = target["dependencies"] {
          for case .string(let dependency) in dependencies.prefix(1_024) {
            guard case .dictionary(let fields)? = objects[dependency], let target = targetName(fields["target"]) else { continue }
            built.dependencies.append(target)
          }
        }
        targets.append(built)
      }
    }
    self.targets = targets
  }

  /// The paths of the project's file references and groups (relative to the folder holding the
  /// `.xcodeproj`, or absolute), by object id: each `path` joined to its groups' paths as
  /// `sourceTree` says (`<group>`, `SOURCE_ROOT`, `<absolute>`; other trees, such as
  /// `BUILT_PRODUCTS_DIR`, are not files of the project).
  static func filePaths(objects: [String: PBXValue], mainGroup: PBXValue?) -> [String: String] {
    var parent: [String: String] = [:]
    for (id, object) in objects {
      guard case .dictionary(let fields) = object, case .array(let children)? = fields["children"] else { continue }
      for case .string(let child) in children { parent[child] = id }
    }
    var groupPaths: [String: String?] = [:]
    /// A group's or file's path, `nil` when its tree is not the project's.
    func path(of id: String, depth: Int) -> String? {
      if let known = groupPaths[id] { return known }
      guard depth < PBXParser.maxDepth, case .dictionary(let fields)? = objects[id] else { return nil }
      let written: String? = if case .string(let text)? = fields["path"] { text } else { nil }
      let tree: String = if case .string(let text)? = fields["sourceTree"] { text } else { "<group>" }
      let result: String?
      switch tree {
      case "<absolute>": result = written
      case "SOURCE_ROOT": result = written ?? ""
      case "<group>":
        let base: String? =
          if let up = parent[id] { path(of: up, depth: depth + 1) } else { "" }
        if let base {
          result = written.map { base.isEmpty ? $0 : $0.hasPrefix("/") ? $0 : base + "/" + $0 } ?? base
        } else {
          result = nil
        }
      default: result = nil
      }
      groupPaths[id] = .some(result)
      return result
    }
    var paths: [String: String] = [:]
    for (id, object) in objects {
      guard case .dictionary(let fields) = object, fields["path"] != nil || fields["children"] != nil else { continue }
      if let found = path(of: id, depth: 0) { paths[id] = normalized(found) }
    }
    return paths
  }

  /// The target whose `INFOPLIST_FILE` (in any configuration, as its settings resolve, so an
  /// `.xcconfig` may set it) names the plist at `relativePath` (relative to ``sourceRoot``).
  func owner(
    ofInfoPlist relativePath: String, read: (String) -> Result<XcodeConfigFile, XcodeProject.Failure>
  ) -> PlistOwner {
    // Compared as the default (case-insensitive) macOS file system compares names.
    let wanted = Self.normalized(relativePath).lowercased()
    var certain = true
    let found = targets.filter { target in
      target.configurations.keys.sorted().contains { configuration in
        guard let (resolved, _, problems) = settings(of: target, configuration: configuration, read: read) else { return false }
        if !problems.isEmpty { certain = false }
        switch Self.infoPlistFile(resolved, sourceRoot: sourceRoot) {
        case .none: return false
        case .unknown:
          certain = false
          return false
        case .path(let path, let outside):
          if outside { certain = false }
          return path.lowercased() == wanted
        }
      }
    }
    if !found.isEmpty { return .targets(found) }
    return certain ? .none : .unknown
  }

  /// A target's `INFOPLIST_FILE` as a build reads it.
  enum InfoPlistFile {
    /// The target names none.
    case none
    /// A name in it no level defines (only the command line could say).
    case unknown
    /// The path relative to the project's folder; `outside` when it leaves that folder (a
    /// sibling project's plist may be meant).
    case path(String, outside: Bool)
  }

  /// `INFOPLIST_FILE` expanded through its whole chain (`$(inherited)`), relative to `sourceRoot`.
  static func infoPlistFile(_ settings: BuildSettings, sourceRoot: String) -> InfoPlistFile {
    guard settings.values["INFOPLIST_FILE"] != nil else { return .none }
    var trace = BuildSettings.Trace()
    guard case .success(var written) = settings.expand("$(INFOPLIST_FILE)", trace: &trace), trace.undefined.isEmpty else {
      return .unknown
    }
    if written.hasPrefix(sourceRoot + "/") { written = String(written.dropFirst(sourceRoot.count + 1)) }
    let path = normalized(written)
    return .path(path, outside: path.hasPrefix("/") || path.hasPrefix("../"))
  }

  /// The application that embeds an extension target: the one depending on it, else the only
  /// application of the project.
  func host(of target: Target) -> Target? {
    let applications = targets.filter(\.isApplication)
    return applications.first { $0.dependencies.contains(target.name) } ?? (applications.count == 1 ? applications.first : nil)
  }

  /// A path without `.` and `folder/..` steps (an absolute path stays absolute; `..` above the
  /// root of an absolute path is dropped).
  static func normalized(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/") where part != "." {
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
      } else if part == "..", absolute, parts.isEmpty {
        continue
      } else {
        parts.append(part)
      }
    }
    let joined = parts.joined(separator: "/")
    return absolute ? "/" + joined : joined
  }

  /// A target's settings for a configuration, resolved level by level as Xcode does (see the
  /// type's documentation), plus the settings every build defines.
  ///
  /// - Parameters:
  ///   - configuration: The configuration asked for.
  ///   - read: Reads an `.xcconfig` file by path (relative to ``sourceRoot`` or absolute).
  /// - Returns: The settings, the configuration used (the one asked for, else the target's
  ///   default, else the first by name), and what could not be read on the way; `nil` when the
  ///   target has no configuration at all.
  func settings(
    of target: Target, configuration: String, read: (String) -> Result<XcodeConfigFile, XcodeProject.Failure>
  ) -> (settings: BuildSettings, configuration: String, problems: [Failure])? {
    let used: String
    if target.configurations[configuration] != nil {
      used = configuration
    } else if let fallback = target.defaultConfiguration, target.configurations[fallback] != nil {
      used = fallback
    } else if let first = target.configurations.keys.sorted().first {
      used = first
    } else {
      return nil
    }
    var resolver = SettingsResolver(condition: XcodeBuildCondition(configuration: used))
    for (key, value) in [
      ("TARGET_NAME", target.name), ("PROJECT_NAME", name), ("SRCROOT", sourceRoot), ("PROJECT_DIR", sourceRoot),
      ("CONFIGURATION", used), ("PRODUCT_NAME", "$(TARGET_NAME)"), ("EXECUTABLE_NAME", "$(PRODUCT_NAME)"),
      ("PRODUCT_MODULE_NAME", "$(PRODUCT_NAME:c99extidentifier)"), ("DEVELOPMENT_LANGUAGE", "en"),
    ] {
      resolver.chains[key] = [value]
    }
    let projectLevel = projectConfigurations[used]
    let targetLevel = target.configurations[used]
    let projectFileName = ProjectPath.name(ProjectPath.parent(file)) + "/" + ProjectPath.name(file)
    if let base = projectLevel?.baseConfiguration { resolver.apply(xcconfig: base, read: read) }
    resolver.apply(projectLevel?.settings ?? [], in: file) {
      ProjectMessages.projectLevel(projectFileName, line: $0?.line, configuration: used)
    }
    if let base = targetLevel?.baseConfiguration { resolver.apply(xcconfig: base, read: read) }
    resolver.apply(targetLevel?.settings ?? [], in: file) {
      ProjectMessages.targetLevel(projectFileName, line: $0?.line, target: target.name, configuration: used)
    }
    return (BuildSettings(chains: resolver.chains, origins: resolver.origins), used, resolver.problems)
  }

  /// The levels of settings applied in order, each over the one below.
  private struct SettingsResolver {
    let condition: XcodeBuildCondition
    /// Every assignment of each setting, in the order applied; `$(inherited)` stays in the text
    /// and is resolved only when the setting is read (``BuildSettings``).
    var chains: [String: [String]] = [:]
    var origins: [String: SettingOrigin] = [:]
    /// The settings every build defines, beneath everything.
    var values: [String: String] {
      get { chains.mapValues { $0.last ?? "" } }
      set { for (key, value) in newValue { chains[key] = [value] } }
    }
    var problems: [Failure] = []
    /// The `.xcconfig` files being read (a cycle check) and how deep.
    private var including: [String] = []
    /// The deepest `#include` chain followed.
    static let maxIncludeDepth = 16
    /// The most files applied for one configuration, repeats included (a file included ten
    /// times by each of ten files… would otherwise be read exponentially often).
    static let maxIncludes = 1_000
    private var applied = 0

    init(condition: XcodeBuildCondition) { self.condition = condition }

    /// One assignment over the ones before it (`$(inherited)` will be the one before).
    private mutating func assign(_ key: String, _ value: String, origin: SettingOrigin) {
      chains[key, default: []].append(value)
      origins[key] = origin
    }

    /// A level written in `project.pbxproj` (`file`): plain keys, then the conditional ones that
    /// hold; `text` says where a key at a line is.
    mutating func apply(
      _ settings: [(key: String, value: String, location: SourceLocation?)], in file: String, _ text: (SourceLocation?) -> String
    ) {
      var conditional: [(String, String, SettingOrigin)] = []
      for (written, value, location) in settings {
        let origin = SettingOrigin(text(location), file: file, location: location)
        guard let bracket = written.firstIndex(of: "[") else {
          assign(written, value, origin: origin)
          continue
        }
        let parsed = XcodeConfigFile(bytes: Array((written + " = x").utf8))
        guard case .assignment(let assignment)? = parsed.lines.first, condition.matches(assignment.conditions) else {
          continue
        }
        conditional.append((String(written[..<bracket]), value, origin))
      }
      for (key, value, origin) in conditional { assign(key, value, origin: origin) }
    }

    /// An `.xcconfig` file and its includes, in order; the plain assignments of the whole file
    /// first, then the conditional ones that hold.
    mutating func apply(xcconfig path: String, read: (String) -> Result<XcodeConfigFile, XcodeProject.Failure>) {
      var conditional: [(String, String, SettingOrigin)] = []
      applyFile(path, from: nil, read: read, conditional: &conditional)
      for (key, value, origin) in conditional { assign(key, value, origin: origin) }
    }

    private mutating func applyFile(
      _ path: String, from includer: (file: String, line: Int)?,
      read: (String) -> Result<XcodeConfigFile, XcodeProject.Failure>, conditional: inout [(String, String, SettingOrigin)]
    ) {
      guard applied < Self.maxIncludes else {
        if applied == Self.maxIncludes {
          applied += 1
          problems.append(
            Failure(file: includer?.file ?? path, location: includer.map { SourceLocation(line: $0.line, column: 1) },
              message: ProjectMessages.tooManyIncludes(Self.maxIncludes), always: true))
        }
        return
      }
      guard including.count < Self.maxIncludeDepth, !including.contains(path) else {
        let message = including.contains(path) ? ProjectMessages.includeCycle(path) : ProjectMessages.includeTooDeep(Self.maxIncludeDepth)
        problems.append(
          Failure(file: includer?.file ?? path, location: includer.map { SourceLocation(line: $0.line, column: 1) }, message: message))
        return
      }
      let file: XcodeConfigFile
      switch read(path) {
      case .success(let found): file = found
      case .failure(let failure):
        problems.append(
          Failure(
            file: includer?.file ?? failure.file, location: includer.map { SourceLocation(line: $0.line, column: 1) },
            message: includer == nil ? failure.message : ProjectMessages.includeUnreadable(path, failure.message),
            always: failure.always))
        return
      }
      for (line, message) in file.problems {
        problems.append(Failure(file: path, location: SourceLocation(line: line, column: 1), message: message))
      }
      applied += 1
      including.append(path)
      defer { including.removeLast() }
      for line in file.lines {
        switch line {
        case .assignment(let assignment):
          // The path is the project folder's (made the tree's where a place is shown).
          let origin = SettingOrigin(
            ProjectMessages.fileLine(path, line: assignment.line), file: path,
            location: SourceLocation(line: assignment.line, column: 1))
          if assignment.conditions.isEmpty {
            assign(assignment.key, assignment.value, origin: origin)
          } else if condition.matches(assignment.conditions) {
            conditional.append((assignment.key, assignment.value, origin))
          }
        case .include(let include):
          var target =
            include.path.hasPrefix("/") ? include.path : XcodeProject.normalized(ProjectPath.join(ProjectPath.parent(path), include.path))
          // Not beside the including file: Xcode also looks in the project's folder.
          if case .failure = read(target), !include.path.hasPrefix("/"), case .success = read(XcodeProject.normalized(include.path)) {
            target = XcodeProject.normalized(include.path)
          }
          // A missing optional include is no problem; one refused (out of the project) is said.
          if include.optional, case .failure(let failure) = read(target), !failure.always { continue }
          applyFile(target, from: (path, include.line), read: read, conditional: &conditional)
        }
      }
    }
  }
}
