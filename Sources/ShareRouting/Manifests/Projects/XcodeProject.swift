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
    /// The settings as written, in file order (a key may carry conditions: `KEY[sdk=…]`).
    var settings: [(key: String, value: String)]
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
  }

  /// Why a project could not be used.
  struct Failure: Error, Sendable, Hashable {
    var file: String
    var location: SourceLocation?
    var message: String
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
    do {
      root = try PBXParser.parse(bytes)
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
        var settings: [(key: String, value: String)] = []
        if case .dictionary(let written)? = configuration["buildSettings"] {
          // A dictionary has no order; sorted keys put `KEY` before `KEY[sdk=…]`.
          for key in written.keys.sorted() { settings.append((key, written[key]?.settingText ?? "")) }
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
      for case .string(let id) in ids {
        guard case .dictionary(let target)? = objects[id], case .string(let name)? = target["name"] else { continue }
        let (settings, defaultName) = configurations(target["buildConfigurationList"])
        targets.append(Target(name: name, configurations: settings, defaultConfiguration: defaultName))
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
  func target(
    forInfoPlist relativePath: String, read: (String) -> Result<XcodeConfigFile, XcodeProject.Failure>
  ) -> Target? {
    let wanted = Self.normalized(relativePath)
    return targets.first { target in
      target.configurations.keys.sorted().contains { configuration in
        guard let resolved = settings(of: target, configuration: configuration, read: read)?.settings,
          var written = resolved.values["INFOPLIST_FILE"]
        else { return false }
        for prefix in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/", "${PROJECT_DIR}/"] where written.hasPrefix(prefix) {
          written = String(written.dropFirst(prefix.count))
        }
        if written.contains("$"), case .success(let expanded) = resolved.expand(written) {
          written = expanded.hasPrefix(sourceRoot + "/") ? String(expanded.dropFirst(sourceRoot.count + 1)) : expanded
        }
        return Self.normalized(written) == wanted
      }
    }
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
    resolver.apply(projectLevel?.settings ?? [], origin: ProjectMessages.projectLevel(projectFileName, configuration: used))
    if let base = targetLevel?.baseConfiguration { resolver.apply(xcconfig: base, read: read) }
    resolver.apply(
      targetLevel?.settings ?? [], origin: ProjectMessages.targetLevel(projectFileName, target: target.name, configuration: used))
    return (BuildSettings(chains: resolver.chains, origins: resolver.origins), used, resolver.problems)
  }

  /// The levels of settings applied in order, each over the one below.
  private struct SettingsResolver {
    let condition: XcodeBuildCondition
    /// Every assignment of each setting, in the order applied; `$(inherited)` stays in the text
    /// and is resolved only when the setting is read (``BuildSettings``).
    var chains: [String: [String]] = [:]
    var origins: [String: String] = [:]
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

    init(condition: XcodeBuildCondition) { self.condition = condition }

    /// One assignment over the ones before it (`$(inherited)` will be the one before).
    private mutating func assign(_ key: String, _ value: String, origin: String) {
      chains[key, default: []].append(value)
      origins[key] = origin
    }

    /// A level written in `project.pbxproj`: plain keys, then the conditional ones that hold.
    mutating func apply(_ settings: [(key: String, value: String)], origin: String) {
      var conditional: [(String, String)] = []
      for (written, value) in settings {
        guard let bracket = written.firstIndex(of: "[") else {
          assign(written, value, origin: origin)
          continue
        }
        let parsed = XcodeConfigFile(bytes: Array((written + " = x").utf8))
        guard case .assignment(let assignment)? = parsed.lines.first, condition.matches(assignment.conditions) else {
          continue
        }
        conditional.append((String(written[..<bracket]), value))
      }
      for (key, value) in conditional { assign(key, value, origin: origin) }
    }

    /// An `.xcconfig` file and its includes, in order; the plain assignments of the whole file
    /// first, then the conditional ones that hold.
    mutating func apply(xcconfig path: String, read: (String) -> Result<XcodeConfigFile, XcodeProject.Failure>) {
      var conditional: [(String, String, String)] = []
      applyFile(path, from: nil, read: read, conditional: &conditional)
      for (key, value, origin) in conditional { assign(key, value, origin: origin) }
    }

    private mutating func applyFile(
      _ path: String, from includer: (file: String, line: Int)?,
      read: (String) -> Result<XcodeConfigFile, XcodeProject.Failure>, conditional: inout [(String, String, String)]
    ) {
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
            message: includer == nil ? failure.message : ProjectMessages.includeUnreadable(path, failure.message)))
        return
      }
      for (line, message) in file.problems {
        problems.append(Failure(file: path, location: SourceLocation(line: line, column: 1), message: message))
      }
      including.append(path)
      defer { including.removeLast() }
      for line in file.lines {
        switch line {
        case .assignment(let assignment):
          let origin = ProjectMessages.xcconfigLine(path, line: assignment.line)
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
          if include.optional, case .failure = read(target) { continue }
          applyFile(target, from: (path, include.line), read: read, conditional: &conditional)
        }
      }
    }
  }
}

/// Build settings with `$(VAR)`, `${VAR}` and `$(VAR:modifier)` expansion.
///
/// Each setting keeps every assignment of it, lowest level first; `$(inherited)` in one is the
/// expansion of the one before, worked out only when the setting is read, so a project whose
/// settings all inherit costs nothing until an id or a name needs one. Expansion has budgets:
/// ``maxDepth`` nested names, ``maxSteps`` names looked up and ``maxLength`` characters per value.
struct BuildSettings: Sendable {
  /// Every assignment of each setting, lowest level first.
  var chains: [String: [String]]
  /// The last assignment of each setting, as written (`$(inherited)` not resolved).
  var values: [String: String]
  /// Where each setting's final value was written (`Config/Share.xcconfig:3`,
  /// `Notes.xcodeproj/project.pbxproj, target 'Share', Release`); none for the settings every build
  /// defines.
  var origins: [String: String] = [:]

  /// The most nested expansions followed.
  static let maxDepth = 16
  /// The most names looked up while expanding one value.
  static let maxSteps = 10_000
  /// The longest expanded value, in characters.
  static let maxLength = 4_096

  /// Settings of one assignment each.
  init(values: [String: String], origins: [String: String] = [:]) {
    self.init(chains: values.mapValues { [$0] }, origins: origins)
  }

  /// Settings with every assignment of each, lowest level first.
  init(chains: [String: [String]], origins: [String: String] = [:]) {
    self.chains = chains
    self.values = chains.compactMapValues(\.last)
    self.origins = origins
  }

  /// A value with every variable expanded, or the first variable that could not be.
  ///
  /// A variable the text itself names must be defined; one that a setting's value names and no
  /// level defines is empty, as Xcode expands it (`$(BUNDLE_ID_SUFFIX)` only a Debug `.xcconfig`
  /// sets).
  func expand(_ text: String) -> Result<String, Unresolved> {
    var trace = Trace()
    return expand(text, depth: 0, trace: &trace)
  }

  /// What an expansion looked up: the settings used (in order, each once) and the ones that
  /// were empty because nothing defines them.
  struct Trace: Hashable, Sendable {
    var used: [String] = []
    var undefined: [String] = []
    /// Names looked up so far (the budget).
    var steps = 0
  }

  /// ``expand(_:)``, saying which settings it used.
  func expand(_ text: String, trace: inout Trace) -> Result<String, Unresolved> {
    expand(text, depth: 0, trace: &trace)
  }

  /// A variable no setting defines (or one defined in terms of itself), or a value over budget.
  struct Unresolved: Error, Hashable, Sendable {
    var variable: String
    /// Set when the expansion stopped at a budget rather than at an undefined name.
    var overBudget = false
  }

  private func expand(_ text: String, depth: Int, trace: inout Trace, inherited: (key: String, index: Int)? = nil)
    -> Result<String, Unresolved>
  {
    guard text.contains("$") else { return .success(text) }
    var out = ""
    var scalars = Array(text.unicodeScalars)[...]
    while let first = scalars.first {
      scalars = scalars.dropFirst()
      // `$NAME`, the bare form: the longest run of letters, digits and `_`.
      if first == "$", let head = scalars.first, head == "_" || (head.isASCII && head.properties.isAlphabetic) {
        let name = String(String.UnicodeScalarView(scalars.prefix { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }))
        scalars = scalars.dropFirst(name.unicodeScalars.count)
        switch expand("$(" + name + ")", depth: depth, trace: &trace, inherited: inherited) {
        case .success(let value): out += value
        case .failure(let why): return .failure(why)
        }
        guard out.utf8.count <= Self.maxLength else { return .failure(Unresolved(variable: name, overBudget: true)) }
        continue
      }
      guard first == "$", let open = scalars.first, open == "(" || open == "{" else {
        out.unicodeScalars.append(first)
        continue
      }
      let close: Unicode.Scalar = open == "(" ? ")" : "}"
      // Find the matching close, allowing nested references in modifiers.
      var level = 0
      var end: ArraySlice<Unicode.Scalar>.Index?
      for index in scalars.indices.dropFirst() {
        if scalars[index] == open { level += 1 }
        if scalars[index] == close {
          if level == 0 {
            end = index
            break
          }
          level -= 1
        }
      }
      guard let end else { return .failure(Unresolved(variable: String(String.UnicodeScalarView(scalars.dropFirst())))) }
      let inner = String(String.UnicodeScalarView(scalars[scalars.index(after: scalars.startIndex)..<end]))
      scalars = scalars[scalars.index(after: end)...]
      let parts = inner.split(separator: ":", maxSplits: 1).map(String.init)
      let name = parts.first ?? ""
      trace.steps += 1
      guard trace.steps <= Self.maxSteps else { return .failure(Unresolved(variable: name, overBudget: true)) }
      // `$(inherited)`: the assignment before the one being expanded, of the same setting.
      let chain: (key: String, index: Int)?
      if name == "inherited" {
        chain = inherited.flatMap { $0.index > 0 ? ($0.key, $0.index - 1) : nil }
      } else if let assignments = chains[name], !assignments.isEmpty {
        chain = (name, assignments.count - 1)
      } else {
        chain = nil
      }
      var value: String
      if name == "inherited" && chain == nil {
        value = ""
      } else if let chain, let raw = chains[chain.key]?[chain.index] {
        guard depth < Self.maxDepth else { return .failure(Unresolved(variable: name, overBudget: true)) }
        if name != "inherited" && !trace.used.contains(name) { trace.used.append(name) }
        switch expand(raw, depth: depth + 1, trace: &trace, inherited: chain) {
        case .success(let expanded): value = expanded
        case .failure(let why): return .failure(why)
        }
      } else if parts.count == 2, parts[1].hasPrefix("default=") {
        value = String(parts[1].dropFirst("default=".count))
      } else if depth > 0 {
        if !trace.undefined.contains(name) { trace.undefined.append(name) }
        value = ""
      } else {
        return .failure(Unresolved(variable: name))
      }
      if parts.count == 2 {
        for modifier in parts[1].split(separator: ",") {
          switch modifier {
          case "rfc1034identifier":
            value = String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "-" })
          case "c99extidentifier", "identifier":
            var mapped = String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
            if let head = mapped.first, head.isNumber { mapped = "_" + mapped }
            value = mapped
          case "lower": value = value.lowercased()
          case "upper": value = value.uppercased()
          case "quote": break
          default:
            if !modifier.hasPrefix("default=") { return .failure(Unresolved(variable: inner)) }
          }
        }
      }
      out += value
      guard out.utf8.count <= Self.maxLength else { return .failure(Unresolved(variable: name, overBudget: true)) }
    }
    return .success(out)
  }
}

extension String {
  func replacingAll(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty, contains(target) else { return self }
    var out = ""
    var rest = self[...]
    while let range = rest.range(of: target) {
      out += rest[..<range.lowerBound]
      out += replacement
      rest = rest[range.upperBound...]
    }
    return out + rest
  }
}

// MARK: - Old-style property lists

/// A value of an old-style (OpenStep) property list.
indirect enum PBXValue: Sendable {
  case string(String)
  case array([PBXValue])
  case dictionary([String: PBXValue])

  /// A build setting's text: a string as is, a list joined by spaces.
  var settingText: String {
    switch self {
    case .string(let text): text
    case .array(let items): items.map(\.settingText).joined(separator: " ")
    case .dictionary: ""
    }
  }
}

/// A syntax error in an old-style property list.
struct PBXSyntaxError: Error, Sendable {
  let location: SourceLocation
  let message: String
}

/// A strict, bounded reader of old-style property lists (`project.pbxproj`): dictionaries,
/// arrays, quoted and unquoted strings, `<hex>` data (kept as text), `/* */` and `//` comments.
struct PBXParser {
  /// The deepest nesting accepted.
  static let maxDepth = 64
  /// The most values accepted.
  static let maxValues = 4_000_000

  private var cursor: ByteCursor
  private var values = 0

  private init(_ bytes: [UInt8]) { cursor = ByteCursor(bytes) }

  static func parse(_ bytes: [UInt8]) throws(PBXSyntaxError) -> PBXValue {
    var parser = PBXParser(bytes)
    parser.skipSpace()
    let value = try parser.value(depth: 0)
    parser.skipSpace()
    guard parser.peek() == nil else { throw parser.fail(ProjectMessages.afterValue) }
    return value
  }

  private var location: SourceLocation { cursor.location }

  private func fail(_ message: String) -> PBXSyntaxError { PBXSyntaxError(location: location, message: message) }

  private func peek(_ offset: Int = 0) -> UInt8? { cursor.peek(offset) }
  private mutating func advance() { cursor.advance() }
  private mutating func skipSpace() { cursor.skipSpaceAndComments() }

  private static func isUnquoted(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
      || [0x5F, 0x24, 0x2F, 0x3A, 0x2E, 0x2D, 0x2B].contains(byte)
  }

  private mutating func expect(_ byte: UInt8, _ what: String) throws(PBXSyntaxError) {
    skipSpace()
    guard peek() == byte else { throw fail(ProjectMessages.expected(what, found: describe(peek()))) }
    advance()
  }

  private func describe(_ byte: UInt8?) -> String {
    guard let byte else { return ProjectMessages.endOfFile }
    return byte >= 0x20 && byte < 0x7F ? "'\(UnicodeScalar(byte))'" : "byte \(byte)"
  }

  private mutating func value(depth: Int) throws(PBXSyntaxError) -> PBXValue {
    guard depth < Self.maxDepth else { throw fail(ProjectMessages.tooDeep(Self.maxDepth)) }
    values += 1
    guard values <= Self.maxValues else { throw fail(ProjectMessages.tooManyValues(Self.maxValues)) }
    skipSpace()
    guard let byte = peek() else { throw fail(ProjectMessages.expected("a value", found: ProjectMessages.endOfFile)) }
    switch byte {
    case 0x7B:  // {
      advance()
      var result: [String: PBXValue] = [:]
      while true {
        skipSpace()
        if peek() == 0x7D {
          advance()
          return .dictionary(result)
        }
        guard case .string(let key) = try string() else { throw fail(ProjectMessages.expected("a key", found: describe(peek()))) }
        try expect(0x3D, "'='")
        let item = try value(depth: depth + 1)
        try expect(0x3B, "';'")
        result[key] = item
      }
    case 0x28:  // (
      advance()
      var items: [PBXValue] = []
      while true {
        skipSpace()
        if peek() == 0x29 {
          advance()
          return .array(items)
        }
        items.append(try value(depth: depth + 1))
        skipSpace()
        if peek() == 0x2C {
          advance()
        } else if peek() != 0x29 {
          throw fail(ProjectMessages.expected("',' or ')'", found: describe(peek())))
        }
      }
    default:
      return try string()
    }
  }

  private mutating func string() throws(PBXSyntaxError) -> PBXValue {
    skipSpace()
    guard let byte = peek() else { throw fail(ProjectMessages.expected("a string", found: ProjectMessages.endOfFile)) }
    if byte == 0x22 {
      let start = location
      advance()
      var content: [UInt8] = []
      while true {
        guard let c = peek() else { throw PBXSyntaxError(location: start, message: ProjectMessages.unterminatedString) }
        advance()
        if c == 0x22 { break }
        if c == 0x5C, let escaped = peek() {
          advance()
          switch escaped {
          case 0x6E: content.append(0x0A)
          case 0x74: content.append(0x09)
          default: content.append(escaped)
          }
          continue
        }
        content.append(c)
      }
      return .string(String(decoding: content, as: UTF8.self))
    }
    if byte == 0x3C {  // <hex data>
      let from = cursor.position
      while let c = peek(), c != 0x3E { advance() }
      guard peek() == 0x3E else { throw fail(ProjectMessages.unterminatedString) }
      advance()
      return .string(String(decoding: cursor.bytes[from..<cursor.position], as: UTF8.self))
    }
    guard Self.isUnquoted(byte) else { throw fail(ProjectMessages.expected("a value", found: describe(byte))) }
    let from = cursor.position
    while let c = peek(), Self.isUnquoted(c) { advance() }
    return .string(String(decoding: cursor.bytes[from..<cursor.position], as: UTF8.self))
  }
}
