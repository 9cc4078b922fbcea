/// The build settings of an Xcode project (`project.pbxproj`, an old-style ASCII property list),
/// as far as an extension's `Info.plist` needs them: which target uses the plist
/// (`INFOPLIST_FILE`), and that target's settings for one configuration, project-level settings
/// inherited, `$(VAR)` / `${VAR}` expanded.
///
/// Settings from `.xcconfig` files and the command line are not read; a variable only they
/// define stays unresolved, and the caller falls back and warns.
struct XcodeProject: Sendable {
  /// One native target.
  struct Target: Sendable {
    var name: String
    /// Build settings by configuration name.
    var configurations: [String: [String: String]]
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
  var projectConfigurations: [String: [String: String]]

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
    func configurations(_ listID: PBXValue?) -> (settings: [String: [String: String]], defaultName: String?) {
      guard case .string(let id)? = listID, case .dictionary(let list)? = objects[id],
        case .array(let ids)? = list["buildConfigurations"]
      else { return ([:], nil) }
      var result: [String: [String: String]] = [:]
      for case .string(let configurationID) in ids {
        guard case .dictionary(let configuration)? = objects[configurationID],
          case .string(let name)? = configuration["name"]
        else { continue }
        var settings: [String: String] = [:]
        if case .dictionary(let written)? = configuration["buildSettings"] {
          for (key, value) in written { settings[key] = value.settingText }
        }
        result[name] = settings
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

  /// The target whose `INFOPLIST_FILE` (in any configuration) names the plist at `relativePath`
  /// (relative to ``sourceRoot``).
  func target(forInfoPlist relativePath: String) -> Target? {
    let wanted = Self.normalized(relativePath)
    return targets.first { target in
      target.configurations.values.contains { settings in
        guard var written = settings["INFOPLIST_FILE"] else { return false }
        for prefix in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/", "${PROJECT_DIR}/"] where written.hasPrefix(prefix) {
          written = String(written.dropFirst(prefix.count))
        }
        return Self.normalized(written) == wanted
      }
    }
  }

  private static func normalized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/") where part != "." {
      if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
    }
    return parts.joined(separator: "/")
  }

  /// A target's settings for a configuration: the project's, then the target's on top
  /// (`$(inherited)` expands to the project's value), plus the settings every build defines.
  ///
  /// - Returns: The settings and the configuration used: the one asked for, else the target's
  ///   default, else the first by name; `nil` when the target has no configuration at all.
  func settings(of target: Target, configuration: String) -> (settings: BuildSettings, configuration: String)? {
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
    var values: [String: String] = [
      "TARGET_NAME": target.name, "PROJECT_NAME": name, "SRCROOT": sourceRoot, "PROJECT_DIR": sourceRoot,
      "CONFIGURATION": used, "PRODUCT_NAME": "$(TARGET_NAME)", "EXECUTABLE_NAME": "$(PRODUCT_NAME)",
      "PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:c99extidentifier)", "DEVELOPMENT_LANGUAGE": "en",
    ]
    for (key, value) in projectConfigurations[used] ?? [:] { values[key] = value }
    for (key, value) in target.configurations[used] ?? [:] {
      let inherited = values[key] ?? ""
      values[key] = value.replacingAll("$(inherited)", with: inherited).replacingAll("${inherited}", with: inherited)
    }
    return (BuildSettings(values: values), used)
  }
}

/// Build settings with `$(VAR)`, `${VAR}` and `$(VAR:modifier)` expansion.
struct BuildSettings: Sendable {
  var values: [String: String]

  /// The most nested expansions followed.
  static let maxDepth = 16

  /// A value with every variable expanded, or the first variable that could not be.
  func expand(_ text: String) -> Result<String, Unresolved> {
    expand(text, depth: 0)
  }

  /// A variable no setting defines (or one defined in terms of itself).
  struct Unresolved: Error, Hashable, Sendable {
    var variable: String
  }

  private func expand(_ text: String, depth: Int) -> Result<String, Unresolved> {
    guard text.contains("$") else { return .success(text) }
    var out = ""
    var scalars = Array(text.unicodeScalars)[...]
    while let first = scalars.first {
      scalars = scalars.dropFirst()
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
      let raw = values[name]
      var value: String
      if let raw {
        guard depth < Self.maxDepth else { return .failure(Unresolved(variable: name)) }
        switch expand(raw, depth: depth + 1) {
        case .success(let expanded): value = expanded
        case .failure(let why): return .failure(why)
        }
      } else if parts.count == 2, parts[1].hasPrefix("default=") {
        value = String(parts[1].dropFirst("default=".count))
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
    }
    return .success(out)
  }
}

extension String {
  fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
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
