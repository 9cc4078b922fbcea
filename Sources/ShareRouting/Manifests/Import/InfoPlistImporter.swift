/// Imports an app extension's `Info.plist` (XML or binary) as a handler.
///
/// `NSExtension` → `NSExtensionAttributes` → `NSExtensionActivationRule`, a dictionary or a
/// predicate string, becomes the handler's rule. The id is `CFBundleIdentifier` and the label
/// `CFBundleDisplayName`, else `CFBundleName`. When one of them is an Xcode build setting such as
/// `$(PRODUCT_BUNDLE_IDENTIFIER)` (which only a build can expand), the name of the folder holding
/// the plist is used instead, and lint says so.
///
/// Dictionary rules are read as the system reads them (`specs/ios-activation.md` §3): unknown
/// keys are ignored (lint warns), and every value is read with `-intValue`.
struct InfoPlistImporter {
  /// Extension points whose extensions are offered in the share sheet.
  static let sharePoints: Set<String> = ["com.apple.share-services", "com.apple.ui-services"]

  let file: String
  var errors: [ManifestError] = []
  var warnings: [ManifestWarning] = []

  init(file: String) { self.file = file }

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
    default:
      fail(ruleMember.value, rulePath, .wrongType(expected: "a dictionary or a predicate string", found: ruleMember.value.typeName, value: ruleMember.value.displayValue))
      return .invalid
    }
    let folder = Self.folderName(of: file)
    func identity(_ keys: [String]) -> (value: String, member: ConfigMember)? {
      for key in keys {
        if let item = member(top, key), case .string(let text) = item.value.value, !text.isEmpty { return (text, item) }
      }
      return nil
    }
    func resolved(_ found: (value: String, member: ConfigMember)?, fallback: String) -> String {
      guard let found else { return fallback }
      guard found.value.contains("$(") || found.value.contains("${") else { return found.value }
      warn((location(found.member), found.member.key), .buildSettingIdentity,
           LintMessages.buildSetting(found.member.key, value: found.value, used: folder))
      return folder
    }
    guard let idFound = identity(["CFBundleIdentifier"]) else {
      if let written = member(top, "CFBundleIdentifier") {
        fail(written.value, "CFBundleIdentifier", .wrongType(expected: "a non-empty string", found: written.value.typeName, value: written.value.displayValue))
      } else {
        fail(root, "", .missingKey("CFBundleIdentifier"))
      }
      return .invalid
    }
    let id = resolved(idFound, fallback: folder)
    let label = resolved(identity(["CFBundleDisplayName", "CFBundleName"]), fallback: id)
    places.handler = (location(idFound.member), "CFBundleIdentifier")
    return .handler(HandlerManifest(id: id, label: label, activationRule: rule, origin: file), places)
  }

  /// The name of the folder holding the file (`ShareExtension` for `ShareExtension/Info.plist`).
  static func folderName(of file: String) -> String {
    let parts = file.split(separator: "/").dropLast()
    return parts.last.map(String.init) ?? "."
  }
}
