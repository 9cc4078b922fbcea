/// Imports an app extension's `Info.plist` (XML or binary) as a handler.
///
/// `NSExtension` → `NSExtensionAttributes` → `NSExtensionActivationRule`, a dictionary or a
/// predicate string, becomes the handler's rule. The id is `CFBundleIdentifier` and the label
/// `CFBundleDisplayName`, else `CFBundleName`, else the product name. Xcode build settings in
/// them (`$(PRODUCT_BUNDLE_IDENTIFIER)`, `${PRODUCT_NAME}`, `$(PRODUCT_NAME:rfc1034identifier)`)
/// are expanded from the Xcode project above the plist: the target whose `INFOPLIST_FILE` is
/// this plist, in the chosen configuration (``ImportOptions``). A missing `CFBundleIdentifier`
/// is Xcode's to fill in from `PRODUCT_BUNDLE_IDENTIFIER`; a target with
/// `GENERATE_INFOPLIST_FILE` also gets its `INFOPLIST_KEY_*` settings. What cannot be resolved
/// falls back (the id to `Project.Target` or the folders' names, the label to the app's folder)
/// with a lint warning.
///
/// Dictionary rules are read as the system reads them (`docs/ios.md#dictionary-rules`): unknown
/// keys are ignored (lint warns), and every value is read with `-intValue`.
struct InfoPlistImporter {
  /// Extension points whose extensions are offered in the share sheet.
  static let sharePoints: Set<String> = ["com.apple.share-services", "com.apple.ui-services"]

  let file: String
  var errors: [ManifestError] = []
  var warnings: [ManifestWarning] = []
  private let files: ProjectFiles
  private let options: ImportOptions
  /// The build settings used, when an Xcode project supplied them.
  var target: XcodeTargetContext?
  /// Where the id and label came from, one phrase per expanded value (for lint).
  var resolution: [String] = []

  /// An extension's `Info.plist` inside a built bundle: its values are final (no build
  /// settings, no project around it).
  struct Built {
    /// The bundle's name without `.appex` (what the system shows when the plist names none).
    var bundleName: String
    /// The chosen localisation's `InfoPlist.strings` (`CFBundleDisplayName`), which the system
    /// shows over the plist's own values.
    var localized: [String: String] = [:]
    /// `CFBundleSupportedPlatforms` (`iPhoneOS`, `MacOSX`), when written.
    var platforms: [String]?
    /// `MinimumOSVersion`, when written.
    var minimumOS: String?
  }

  /// Set for a plist from a built bundle (``ArtifactImport``).
  private let built: Built?

  /// The target a caller already knows (an XcodeGen spec's), instead of the projects around the
  /// file.
  private let given: XcodeTargetContext?

  /// Whether a directory walk found the file: a plist no target builds is left out of a walk,
  /// and read as asked when named.
  private let walked: Bool

  init(
    file: String, files: ProjectFiles = .none, options: ImportOptions = ImportOptions(), built: Built? = nil,
    target given: XcodeTargetContext? = nil, walked: Bool = false
  ) {
    self.walked = walked
    self.file = file
    self.files = files
    self.options = options
    self.built = built
    self.given = given
  }

  enum Outcome {
    case handler(HandlerManifest, HandlerLocations)
    /// Not a share or action extension (a reason for the lint listing); nothing is wrong.
    case notShareTarget(String)
    case invalid
  }

  private func location(_ node: ConfigNode) -> SourceLocation? {
    node.location.line > 0 ? node.location : nil
  }

  private func location(_ member: ConfigMember) -> SourceLocation? {
    member.keyLocation.line > 0 ? member.keyLocation : nil
  }

  private mutating func fail(_ node: ConfigNode?, _ path: String, _ problem: ManifestError.Problem) {
    errors.append(ManifestError(file: file, location: node.flatMap(location), keyPath: path, problem: problem))
  }

  private mutating func warn(_ place: (SourceLocation?, String), _ code: ManifestWarning.Code, _ text: LintMessages.Text) {
    warnings.append(
      ManifestWarning(file: file, location: place.0, keyPath: place.1, code: code, message: text.message, fix: text.fix))
  }

  private static func members(_ node: ConfigNode?) -> [ConfigMember]? {
    if case .object(let members)? = node?.value { return members }
    return nil
  }

  mutating func read(_ root: ConfigNode) -> Outcome {
    guard let top = Self.members(root) else {
      fail(root, "", .wrongType(expected: "a dictionary", found: root.typeName, value: root.displayValue))
      return .invalid
    }
    func member(_ members: [ConfigMember], _ key: String) -> ConfigMember? { members.first { $0.key == key } }
    guard let extensionMember = member(top, "NSExtension") else {
      return .notShareTarget(PlistMessages.noExtension)
    }
    guard let extensionMembers = Self.members(extensionMember.value) else {
      fail(extensionMember.value, "NSExtension", .wrongType(expected: "a dictionary", found: extensionMember.value.typeName, value: extensionMember.value.displayValue))
      return .invalid
    }
    let point: String? =
      if case .string(let text)? = member(extensionMembers, "NSExtensionPointIdentifier")?.value.value { text } else { nil }
    let attributesMember = member(extensionMembers, "NSExtensionAttributes")
    let attributes = Self.members(attributesMember?.value) ?? []
    if let attributesMember, Self.members(attributesMember.value) == nil {
      fail(attributesMember.value, "NSExtension.NSExtensionAttributes", .wrongType(expected: "a dictionary", found: attributesMember.value.typeName, value: attributesMember.value.displayValue))
      return .invalid
    }
    let ruleMember = member(attributes, "NSExtensionActivationRule")
    guard ruleMember != nil || point.map(Self.sharePoints.contains) == true else {
      return .notShareTarget(PlistMessages.notShareExtension(point))
    }
    // What builds it: a plist no target of the projects around it builds is no extension; one
    // built for another platform is not an iPhone's.
    var projectProblems: [XcodeProject.Failure] = []
    if let given {
      target = given
    } else if built == nil {
      switch XcodeTargetContext.lookup(plist: file, options: options, files: files, problems: &projectProblems) {
      case .target(let found): target = found
      case .notBuilt(let projects): if walked { return .notShareTarget(PlistMessages.notBuilt(projects)) }
      case .generated(let spec, let name): return .notShareTarget(ProjectMessages.xcodeGenGenerated(ProjectPath.name(spec), target: name))
      case .unknown: break
      }
    }
    if let target, let platform = target.otherPlatform {
      return .notShareTarget(
        PlistMessages.otherPlatform(platform, target: target.targetName, project: target.projectLabel))
    }
    if let built, let platforms = built.platforms, !platforms.contains(where: { $0.lowercased().hasPrefix("iphone") }) {
      return .notShareTarget(PlistMessages.builtForOtherPlatform(platforms))
    }
    // The oldest iOS it runs on, and the app's.
    let minimum: (value: String, origin: String)? =
      if let built { built.minimumOS.map { ($0, "MinimumOSVersion") } } else {
        target?.deploymentTargets.extension.map { ($0, "IPHONEOS_DEPLOYMENT_TARGET") }
      }
    if let minimum, let asked = options.iosVersion, let needed = Self.version(minimum.value), let phone = Self.version(asked),
      needed.lexicographicallyPrecedes(phone) == false, needed != phone
    {
      return .notShareTarget(PlistMessages.aboveIOSVersion(minimum.value, origin: minimum.origin, asked: asked))
    }
    if let target, case let (written?, host?) = target.deploymentTargets, let needed = Self.version(written), let hostVersion = Self.version(host),
      hostVersion.lexicographicallyPrecedes(needed), let hostName = target.host?.name
    {
      warn((nil, "IPHONEOS_DEPLOYMENT_TARGET"), .deploymentTarget, LintMessages.deploymentTarget(extension: written, host: host, hostName: hostName))
    }
    // Keys of the rule written one level too high have no effect.
    for (parentPath, members) in [("NSExtension", extensionMembers), ("NSExtension.NSExtensionAttributes", attributes)] {
      for item in members where item.key.hasPrefix("NSExtensionActivation") && item.key != "NSExtensionActivationRule" {
        warn((location(item), "\(parentPath).\(item.key)"), .keyOutsideRule, LintMessages.keyOutsideRule(item.key, parent: parentPath))
      }
    }
    var places = HandlerLocations()
    let rulePath = "NSExtension.NSExtensionAttributes.NSExtensionActivationRule"
    guard let ruleMember else {
      fail(attributesMember?.value ?? extensionMember.value, "NSExtension.NSExtensionAttributes", .missingKey("NSExtensionActivationRule"))
      return .invalid
    }
    places.rule = (location(ruleMember.value), rulePath)
    let rule: ActivationRule
    switch ruleMember.value.value {
    case .string(let text):
      switch Result(catching: { () throws(PredicateSyntaxError) in try ActivationPredicate.parse(text) }) {
      case .success(let predicate): rule = .predicate(predicate)
      case .failure(let error):
        fail(ruleMember.value, rulePath, .invalidPredicate(text, error))
        return .invalid
      }
    case .object(let ruleMembers):
      var values: [ActivationDictionary.Key: ActivationDictionary.Value] = [:]
      var valid = true
      for item in ruleMembers {
        let path = "\(rulePath).\(item.key)"
        guard let key = ActivationDictionary.Key(rawValue: item.key) else {
          warn((location(item), path), .unknownRuleKey, LintMessages.unknownRuleKey(item.key))
          continue
        }
        places.ruleKeys[key] = (location(item), path)
        if let value = ActivationDictionary.value(item.value) {
          values[key] = value
        } else {
          fail(item.value, path, .wrongType(expected: "a number, a Boolean or a string", found: item.value.typeName, value: item.value.displayValue))
          valid = false
        }
      }
      guard valid else { return .invalid }
      rule = .dictionary(ActivationDictionary(values))
    case .bool(let value):
      fail(ruleMember.value, rulePath, .booleanActivationRule(value))
      return .invalid
    default:
      fail(ruleMember.value, rulePath, .wrongType(expected: "a dictionary or a predicate string", found: ruleMember.value.typeName, value: ruleMember.value.displayValue))
      return .invalid
    }
    let appFolder = built?.bundleName ?? ProjectPath.appFolder(of: file)
    let fallbackID = built?.bundleName ?? Self.fallbackID(target: target, file: file, appFolder: appFolder)
    for problem in projectProblems {
      let text = problem.always ? LintMessages.projectBound(problem.message) : LintMessages.projectUnreadable(problem.message, used: fallbackID)
      warnings.append(
        ManifestWarning(
          file: problem.file, location: problem.location, keyPath: "", code: .unresolvedProjectFile,
          message: text.message, fix: text.fix))
    }
    let settings = target?.settings
    let generated = settings?.values["GENERATE_INFOPLIST_FILE"] == "YES"
    /// A key's text: the plist's own, else (for generated plists) `INFOPLIST_KEY_<key>`.
    func written(_ key: String) -> (value: String, member: ConfigMember?)? {
      // Only names are localised: an InfoPlist.strings never changes the bundle identifier.
      if key == "CFBundleDisplayName" || key == "CFBundleName", let text = built?.localized[key], !text.isEmpty {
        return (text, nil)
      }
      if let item = member(top, key), case .string(let text) = item.value.value, !text.isEmpty { return (text, item) }
      if generated, let text = settings?.values["INFOPLIST_KEY_" + key], !text.isEmpty { return (text, nil) }
      return nil
    }
    var guessed: [GuessedValue] = []
    let projectName = target.map(\.projectLabel)
    // What could not be read may hold the missing setting: said with the fallback, not alone.
    let settingProblems = (target?.problems ?? []).map {
      "\($0.file)\($0.location.map { ":\($0.line)" } ?? ""): \($0.message)"
    }
    /// The settings the last value expanded used.
    var lastTrace = BuildSettings.Trace()
    /// A value with build settings expanded (`text`, else the written value), or `nil` (after a
    /// warning naming the variable, and saying that `fallback` is used) when it cannot be.
    func expanded(
      _ key: String, _ found: (value: String, member: ConfigMember?), text: String? = nil, fallback: String
    ) -> String? {
      let source = text ?? found.value
      guard built == nil, source.contains("$") else { return found.value }
      var trace = BuildSettings.Trace()
      let result = settings.map { $0.expand(source, trace: &trace) } ?? .failure(BuildSettings.Unresolved(variable: Self.firstVariable(in: source)))
      switch result {
      case .success(let value) where !value.isEmpty:
        if let settings { resolution.append(ProjectMessages.settingChain(key, value: value, trace: trace, origins: settings.origins)) }
        lastTrace = trace
        return value
      case .success:
        warn((found.member.flatMap(location), key), .buildSettingIdentity,
             LintMessages.emptySetting(key, value: found.value, project: projectName, used: fallback, problems: settingProblems))
      case .failure(let unresolved) where unresolved.overBudget:
        warn((found.member.flatMap(location), key), .buildSettingIdentity,
             LintMessages.settingOverBudget(
               key, value: found.value, variable: unresolved.variable, length: BuildSettings.maxLength,
               steps: BuildSettings.maxSteps, used: fallback))
      case .failure(let unresolved):
        warn((found.member.flatMap(location), key), .buildSettingIdentity,
             LintMessages.buildSetting(key, value: found.value, variable: unresolved.variable,
                                       project: projectName, used: fallback, problems: settingProblems))
      }
      return nil
    }
    if let written = member(top, "CFBundleIdentifier"), !(written.value.value.isNonEmptyString) {
      fail(written.value, "CFBundleIdentifier", .wrongType(expected: "a non-empty string", found: written.value.typeName, value: written.value.displayValue))
      return .invalid
    }
    let resolvedID: String?
    let idMember = member(top, "CFBundleIdentifier")
    if let found = written("CFBundleIdentifier") {
      resolvedID = expanded("CFBundleIdentifier", found, fallback: fallbackID)
    } else if let product = settings?.values["PRODUCT_BUNDLE_IDENTIFIER"] {
      // Xcode writes CFBundleIdentifier from PRODUCT_BUNDLE_IDENTIFIER when the plist has none.
      resolvedID = expanded("PRODUCT_BUNDLE_IDENTIFIER", (product, nil), text: "$(PRODUCT_BUNDLE_IDENTIFIER)", fallback: fallbackID)
    } else {
      warn((nil, "CFBundleIdentifier"), .buildSettingIdentity,
           LintMessages.missingBundleIdentifier(project: projectName, used: fallbackID, problems: settingProblems))
      resolvedID = nil
    }
    if resolvedID == nil { guessed.append(.id) }
    // The id is the setting the plist names (PRODUCT_BUNDLE_IDENTIFIER), where it is written.
    if resolvedID != nil, let name = lastTrace.used.first, let origin = settings?.origins[name], let originFile = origin.file {
      places.idSetting = (origin.written ?? name, RulePlace(file: originFile, location: origin.location), nil)
    }
    let id = resolvedID ?? fallbackID
    let labelFallback = appFolder
    let resolvedLabel: String?
    if let found = written("CFBundleDisplayName") ?? written("CFBundleName") {
      resolvedLabel = expanded(found.member?.key ?? "CFBundleDisplayName", found, fallback: labelFallback)
    } else if let settings, case .success(let product) = settings.expand("$(PRODUCT_NAME)"), !product.isEmpty {
      // The system shows the bundle's name, which is the product name when the plist has none.
      resolvedLabel = product
    } else {
      resolvedLabel = nil
    }
    if resolvedLabel == nil { guessed.append(.label) }
    let label = resolvedLabel ?? labelFallback
    places.handler = (idMember.flatMap(location), "CFBundleIdentifier")
    places.derivedID = true
    return .handler(HandlerManifest(id: id, label: label, activationRule: rule, origin: file, guessed: guessed), places)
  }

  /// A version's numbers, three of them (`17.2` → `[17, 2, 0]`), or `nil` when it is not one.
  static func version(_ text: String) -> [Int]? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count) else { return nil }
    var numbers: [Int] = []
    for part in parts {
      guard let number = Int(part), number >= 0, part.allSatisfy(\.isASCII) else { return nil }
      numbers.append(number)
    }
    return numbers + Array(repeating: 0, count: 3 - numbers.count)
  }

  /// The first `$(VAR)` / `${VAR}` name in a text.
  static func firstVariable(in text: String) -> String {
    guard let dollar = text.firstIndex(of: "$") else { return text }
    let rest = text[text.index(after: dollar)...].dropFirst()
    return String(rest.prefix { $0 != ")" && $0 != "}" && $0 != ":" })
  }

  /// An id for an extension whose bundle identifier cannot be known: `Project.Target` from the
  /// Xcode project, else the app's folder and the plist's folder (`Notes.ShareExtension`).
  static func fallbackID(target: XcodeTargetContext?, file: String, appFolder: String) -> String {
    let parts = target.map { [$0.projectName, $0.targetName] } ?? [appFolder, folderName(of: file)]
    var unique: [String] = []
    for part in parts where unique.last != part { unique.append(part) }
    return unique.map { String($0.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "-" }) }
      .joined(separator: ".")
  }

  /// The name of the folder holding the file (`ShareExtension` for `ShareExtension/Info.plist`).
  static func folderName(of file: String) -> String {
    ProjectPath.realName(ProjectPath.parent(file))
  }
}

extension ConfigNode.Value {
  fileprivate var isNonEmptyString: Bool {
    if case .string(let text) = self { return !text.isEmpty }
    return false
  }
}
