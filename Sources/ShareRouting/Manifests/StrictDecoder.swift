/// Strict decoding of a positioned YAML or JSON tree (`ConfigNode`): each primitive checks a
/// node's type, reports a problem with its file, location and key path, and goes on, so one
/// document gives every error at once. Manifests, request lines and expectation files are all
/// decoded with it.
protocol StrictDecoding {
  /// The file named in every error.
  var file: String { get }
  /// Every problem found so far.
  var errors: [ManifestError] { get set }
}

/// The known keys of a mapping and their values (``StrictDecoding/checkKeys(_:allowed:path:)``):
/// a mapping has a few keys, so they are looked through, not hashed.
struct KnownFields {
  var members: [ConfigMember] = []

  /// The value of a key (the last one written, as a dictionary would keep), or `nil`.
  subscript(_ key: String) -> ConfigNode? { members.last { $0.key == key }?.value }

  var isEmpty: Bool { members.isEmpty }
}

/// A strict decoder with nothing of its own (request lines, expectation files).
struct StrictDecoder: StrictDecoding {
  let file: String
  var errors: [ManifestError] = []

  init(file: String) { self.file = file }
}

/// A primitive's key path is an autoclosure: it is built only when a problem is reported (a
/// manifest without errors builds none of the `…[index]` paths of its lists).
extension StrictDecoding {
  mutating func fail(_ node: ConfigNode?, _ path: String, _ problem: ManifestError.Problem) {
    errors.append(ManifestError(file: file, location: node?.location, keyPath: path, problem: problem))
  }

  /// Reports unknown keys and returns the known ones by name.
  mutating func checkKeys(_ members: [ConfigMember], allowed: [String], path: String) -> KnownFields {
    var fields = KnownFields()
    for member in members {
      if allowed.contains(member.key) {
        fields.members.append(member)
      } else {
        errors.append(
          ManifestError(
            file: file, location: member.keyLocation, keyPath: path,
            problem: .unknownKey(member.key, expected: allowed)))
      }
    }
    return fields
  }

  mutating func requiredString(_ node: ConfigNode?, _ path: String, root: ConfigNode) -> String? {
    guard let node else {
      fail(root, "", .missingKey(path))
      return nil
    }
    guard let value = string(node, path) else { return nil }
    guard !value.isEmpty else {
      fail(node, path, .invalidValue(value, expected: "a non-empty string"))
      return nil
    }
    return value
  }

  mutating func string(_ node: ConfigNode, _ path: @autoclosure () -> String) -> String? {
    if case .string(let value) = node.value { return value }
    fail(node, path(), .wrongType(expected: "a string", found: node.typeName, value: node.displayValue))
    return nil
  }

  mutating func integer(_ node: ConfigNode, _ path: @autoclosure () -> String) -> Int? {
    if case .integer(let value) = node.value { return value }
    fail(node, path(), .wrongType(expected: "an integer", found: node.typeName, value: node.displayValue))
    return nil
  }

  mutating func array(_ node: ConfigNode, _ path: @autoclosure () -> String) -> [ConfigNode]? {
    if case .array(let items) = node.value { return items }
    fail(node, path(), .wrongType(expected: "a list", found: node.typeName, value: node.displayValue))
    return nil
  }

  mutating func object(_ node: ConfigNode, _ path: @autoclosure () -> String) -> [ConfigMember]? {
    if case .object(let members) = node.value { return members }
    fail(node, path(), .wrongType(expected: "a mapping", found: node.typeName, value: node.displayValue))
    return nil
  }

  /// A list of strings; every bad element is reported; `nil` when any is bad.
  mutating func strings(_ node: ConfigNode, _ path: @autoclosure () -> String) -> [String]? {
    guard let items = array(node, path()) else { return nil }
    var result: [String] = []
    var valid = true
    for (index, item) in items.enumerated() {
      if let value = string(item, "\(path())[\(index)]") { result.append(value) } else { valid = false }
    }
    return valid ? result : nil
  }

  /// A string or a list of strings.
  mutating func stringOrStrings(_ node: ConfigNode, _ path: @autoclosure () -> String) -> [String]? {
    if case .string(let value) = node.value { return [value] }
    if case .array = node.value { return strings(node, path()) }
    fail(node, path(), .wrongType(expected: "a string or a list of strings", found: node.typeName, value: node.displayValue))
    return nil
  }

  /// A string among `allowed`.
  mutating func oneOf(_ node: ConfigNode, _ path: String, _ allowed: [String]) -> String? {
    guard let value = string(node, path) else { return nil }
    guard allowed.contains(value) else {
      fail(node, path, .invalidValue(value, expected: "one of: \(allowed.joined(separator: ", "))"))
      return nil
    }
    return value
  }

  /// A Boolean.
  mutating func bool(_ node: ConfigNode, _ path: @autoclosure () -> String) -> Bool? {
    if case .bool(let value) = node.value { return value }
    fail(node, path(), .wrongType(expected: "a Boolean", found: node.typeName, value: node.displayValue))
    return nil
  }

  /// A list of Booleans.
  mutating func booleans(_ node: ConfigNode, _ path: @autoclosure () -> String) -> [Bool]? {
    guard let items = array(node, path()) else { return nil }
    var result: [Bool] = []
    for (index, item) in items.enumerated() {
      guard case .bool(let flag) = item.value else {
        fail(item, "\(path())[\(index)]", .wrongType(expected: "a Boolean", found: item.typeName, value: item.displayValue))
        return nil
      }
      result.append(flag)
    }
    return result
  }
}
