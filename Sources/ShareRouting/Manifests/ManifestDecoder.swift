/// Turns a parsed document into a handler or a source profile, strictly, collecting every error
/// (the primitives are ``StrictDecoding``'s).
struct ManifestDecoder: StrictDecoding {
  let file: String
  var errors: [ManifestError] = []
  /// Where the handler's parts are, for lint warnings.
  var places = HandlerLocations()

  init(file: String) { self.file = file }

  static let handlerKeys = ["id", "label", "order", "select", "android", "ios", "limits"]
  static let sourceKeys = ["source", "offers", "custom", "excludes"]
  static let androidKeys = ["intentFilters", "privileged"]
  static let filterKeys = ["actions", "categories", "mimeTypes", "schemes", "priority"]
  static let iosKeys = ["activationRule"]

  mutating func document(_ root: ConfigNode) -> ManifestDocument? {
    guard case .object(let members) = root.value else {
      fail(root, "", .wrongType(expected: "a mapping", found: root.typeName, value: root.displayValue))
      return nil
    }
    if members.contains(where: { $0.key == "source" }) {
      return source(members, root: root)
    }
    return handler(members, root: root)
  }

  // MARK: Handlers

  mutating func handler(_ members: [ConfigMember], root: ConfigNode) -> ManifestDocument? {
    let fields = checkKeys(members, allowed: Self.handlerKeys, path: "")
    let id = requiredString(fields["id"], "id", root: root)
    let label = requiredString(fields["label"], "label", root: root)
    let order = fields["order"].flatMap { integer($0, "order") }
    var filters: [IntentFilter]?
    var privileged = false
    if let android = fields["android"] { (filters, privileged) = self.android(android) }
    var rule: ActivationRule?
    if let ios = fields["ios"] { rule = activationRule(ios) }
    var limits: [ItemKind: Int] = [:]
    if let node = fields["limits"] { limits = self.limits(node) }
    guard let id, let label, let idNode = fields["id"] else { return nil }
    let selection = fields["select"].flatMap {
      oneOf($0, "select", HandlerManifest.Selection.allCases.map(\.rawValue)).flatMap(HandlerManifest.Selection.init)
    }
    var handler = HandlerManifest(
      id: id, label: label, order: order, intentFilters: filters, activationRule: rule,
      limits: limits, origin: file)
    handler.selection = selection ?? .all
    handler.privileged = privileged
    places.handler = (idNode.location, "id")
    places.order = fields["order"]?.location
    return .handler(handler, places)
  }

  /// The `android:` mapping: the intent filters, and whether the package is privileged.
  mutating func android(_ node: ConfigNode) -> (filters: [IntentFilter]?, privileged: Bool) {
    guard let fields = object(node, "android") else { return (nil, false) }
    let checked = checkKeys(fields, allowed: Self.androidKeys, path: "android")
    let privileged = checked["privileged"].flatMap { bool($0, "android.privileged") } ?? false
    guard let list = checked["intentFilters"] else {
      fail(node, "android", .missingKey("intentFilters"))
      return (nil, privileged)
    }
    return (intentFilters(list), privileged)
  }

  mutating func intentFilters(_ list: ConfigNode) -> [IntentFilter]? {
    guard let items = array(list, "android.intentFilters") else { return nil }
    var filters: [IntentFilter] = []
    for (index, item) in items.enumerated() {
      if let filter = intentFilter(item, path: "android.intentFilters[\(index)]") {
        filters.append(filter)
      }
    }
    return filters
  }

  mutating func intentFilter(_ node: ConfigNode, path: String) -> IntentFilter? {
    guard let members = object(node, path) else { return nil }
    let fields = checkKeys(members, allowed: Self.filterKeys, path: path)
    guard let actionsNode = fields["actions"] else {
      fail(node, path, .missingKey("actions"))
      return nil
    }
    let actions = strings(actionsNode, path + ".actions").map {
      $0.map { Self.expand($0, prefix: "android.intent.action.") }
    }
    let categories: [String]? =
      if let node = fields["categories"] {
        strings(node, path + ".categories").map {
          $0.map { Self.expand($0, prefix: "android.intent.category.") }
        }
      } else {
        [IntentFilter.defaultCategory]
      }
    var place = HandlerLocations.Filter(location: node.location, keyPath: path)
    var mimeTypes: [String]? = []
    if let typesNode = fields["mimeTypes"], let items = array(typesNode, path + ".mimeTypes") {
      var valid: [String] = []
      for (index, item) in items.enumerated() {
        let itemPath = "\(path).mimeTypes[\(index)]"
        guard let type = string(item, itemPath) else {
          mimeTypes = nil
          continue
        }
        place.mimeTypes.append((type, item.location, itemPath))
        if MediaType.isValidFilterType(type) {
          valid.append(type)
        } else {
          fail(item, itemPath, .malformedMimeType(type))
          mimeTypes = nil
        }
      }
      if mimeTypes != nil { mimeTypes = valid }
    } else if fields["mimeTypes"] != nil {
      mimeTypes = nil
    }
    let schemes: [String]? = fields["schemes"].map { strings($0, path + ".schemes") } ?? []
    let priority: Int? = fields["priority"].map { integer($0, path + ".priority") } ?? 0
    guard let actions, let categories, let mimeTypes, let schemes, let priority else { return nil }
    place.priority = fields["priority"].map { ($0.location, path + ".priority") }
    place.schemes = fields["schemes"].map { ($0.location, path + ".schemes") }
    place.categories = fields["categories"].map { ($0.location, path + ".categories") }
    places.filters.append(place)
    // Types were validated above, so construction cannot fail here.
    return try? IntentFilter(
      actions: actions, categories: categories, mimeTypes: mimeTypes, schemes: schemes,
      priority: priority)
  }

  /// Short names expand: `SEND` → `android.intent.action.SEND`; a name with a dot is kept.
  static func expand(_ name: String, prefix: String) -> String {
    name.utf8.contains(UInt8(ascii: ".")) ? name : prefix + name
  }

  mutating func activationRule(_ node: ConfigNode) -> ActivationRule? {
    guard let members = object(node, "ios") else { return nil }
    let fields = checkKeys(members, allowed: Self.iosKeys, path: "ios")
    guard let ruleNode = fields["activationRule"] else {
      fail(node, "ios", .missingKey("activationRule"))
      return nil
    }
    let path = "ios.activationRule"
    places.rule = (ruleNode.location, path)
    switch ruleNode.value {
    case .string(let text):
      switch Result(catching: { () throws(PredicateSyntaxError) in try ActivationPredicate.parse(text) }) {
      case .success(let predicate): return .predicate(predicate)
      case .failure(let error):
        fail(ruleNode, path, .invalidPredicate(text, error))
        return nil
      }
    case .object(let ruleMembers):
      var values: [ActivationDictionary.Key: ActivationDictionary.Value] = [:]
      var valid = true
      for member in ruleMembers {
        guard let key = ActivationDictionary.Key(rawValue: member.key) else {
          errors.append(
            ManifestError(
              file: file, location: member.keyLocation, keyPath: path,
              problem: .unknownKey(member.key, expected: ActivationDictionary.Key.allCases.map(\.rawValue))))
          valid = false
          continue
        }
        places.ruleKeys[key] = (member.keyLocation, "\(path).\(member.key)")
        if let value = ActivationDictionary.value(member.value) {
          values[key] = value
        } else {
          fail(
            member.value, "\(path).\(member.key)",
            .wrongType(
              expected: "a number, a Boolean or a string", found: member.value.typeName,
              value: member.value.displayValue))
          valid = false
        }
      }
      return valid ? .dictionary(ActivationDictionary(values)) : nil
    case .bool(let value):
      fail(ruleNode, path, .booleanActivationRule(value))
      return nil
    default:
      fail(
        ruleNode, path,
        .wrongType(
          expected: "a mapping (or a predicate string)", found: ruleNode.typeName,
          value: ruleNode.displayValue))
      return nil
    }
  }

  mutating func limits(_ node: ConfigNode) -> [ItemKind: Int] {
    guard let members = object(node, "limits") else { return [:] }
    var result: [ItemKind: Int] = [:]
    for member in members {
      guard let kind = ItemKind(rawValue: member.key) else {
        errors.append(
          ManifestError(
            file: file, location: member.keyLocation, keyPath: "limits",
            problem: .unknownKey(member.key, expected: ItemKind.allCases.map(\.rawValue))))
        continue
      }
      let path = "limits.\(member.key)"
      guard let value = integer(member.value, path) else { continue }
      guard value >= 1 else {
        fail(member.value, path, .invalidValue(String(value), expected: "a count of at least 1"))
        continue
      }
      result[kind] = value
    }
    return result
  }

  // MARK: Source profiles

  mutating func source(_ members: [ConfigMember], root: ConfigNode) -> ManifestDocument? {
    let fields = checkKeys(members, allowed: Self.sourceKeys, path: "")
    let name = requiredString(fields["source"], "source", root: root)
    let offers = fields["offers"].map { strings($0, "offers") } ?? []
    let custom = fields["custom"].map { strings($0, "custom") } ?? []
    let excludes = fields["excludes"].map { strings($0, "excludes") } ?? []
    guard let name, let offers, let custom, let excludes, let nameNode = fields["source"] else { return nil }
    return .source(
      SourceProfile(name: name, offers: offers, custom: custom, excludes: excludes, origin: file),
      nameLocation: nameNode.location)
  }
}
