/// Where a build setting's value was written: how messages say it (`Config/Share.xcconfig:3`,
/// `Notes.xcodeproj/project.pbxproj:88, target 'Share', Release`), and the file and the key's line
/// and column when they are known (a place `check` can point at).
struct SettingOrigin: Hashable, Sendable {
  var text: String
  /// The file, as read (an `.xcconfig` path is the project folder's until the project's context
  /// makes it the tree's).
  var file: String?
  var location: SourceLocation?
  /// What the file calls the setting, where that is not its build setting's name (.NET's
  /// `ApplicationId`, Expo's `ios.bundleIdentifier`).
  var written: String?

  init(_ text: String, file: String? = nil, location: SourceLocation? = nil, written: String? = nil) {
    self.text = text
    self.file = file
    self.location = location
    self.written = written
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
  /// `Notes.xcodeproj/project.pbxproj:88, target 'Share', Release`); none for the settings every
  /// build defines.
  var origins: [String: SettingOrigin] = [:]

  /// The most nested expansions followed.
  static let maxDepth = 16
  /// The most names looked up while expanding one value.
  static let maxSteps = 10_000
  /// The longest expanded value, in characters.
  static let maxLength = 4_096

  /// Settings of one assignment each.
  init(values: [String: String], origins: [String: SettingOrigin] = [:]) {
    self.init(chains: values.mapValues { [$0] }, origins: origins)
  }

  /// Settings with every assignment of each, lowest level first.
  init(chains: [String: [String]], origins: [String: SettingOrigin] = [:]) {
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
