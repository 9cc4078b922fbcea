/// Reads property lists into positioned trees: XML plists with share-route's XML reader (so
/// every value has its line and column), binary plists with ``BinaryPlistReader`` (no
/// positions; messages use key paths).
enum PropertyList {
  /// The location given to values of binary plists, which have none.
  static let noLocation = SourceLocation(line: 0, column: 0)

  /// Whether the bytes are a binary property list.
  static func isBinary(_ bytes: [UInt8]) -> Bool { bytes.starts(with: Array("bplist".utf8)) }

  /// Parses a binary property list (`bplist00`), with the value budget and depth limit of the
  /// YAML and JSON readers: shared objects are expanded into a tree, so a file whose objects refer
  /// to each other many times (or to themselves) is refused instead of growing without bound.
  static func parseBinary(_ bytes: [UInt8]) throws(ConfigSyntaxError) -> ConfigNode {
    var reader = try BinaryPlistReader(bytes)
    return try reader.node(reader.topObject, depth: 0)
  }

  /// A key written twice in one `<dict>`: the value written last is the one read, as
  /// CoreFoundation's XML parser keeps it (`CFDictionarySetValue` over the first).
  struct RepeatedKey: Hashable, Sendable {
    var key: String
    var location: SourceLocation
    var first: SourceLocation
  }

  /// Converts the `<plist>` root of an XML property list; `repeated` gets every key written twice.
  static func convertXML(_ root: XMLNode, repeated: inout [RepeatedKey]) throws(ConfigSyntaxError) -> ConfigNode {
    guard root.name == "plist" else {
      throw ConfigSyntaxError(location: root.location, message: PlistMessages.notPlist(root.name))
    }
    guard root.children.count == 1, let value = root.children.first else {
      throw ConfigSyntaxError(location: root.location, message: PlistMessages.oneValue)
    }
    return try convert(value, repeated: &repeated)
  }

  private static func convert(_ element: XMLNode, repeated: inout [RepeatedKey]) throws(ConfigSyntaxError) -> ConfigNode {
    func node(_ value: ConfigNode.Value) -> ConfigNode { ConfigNode(value: value, location: element.location) }
    func fail(_ message: String, at location: SourceLocation? = nil) -> ConfigSyntaxError {
      ConfigSyntaxError(location: location ?? element.location, message: message)
    }
    let text = String(
      element.text.unicodeScalars.drop { $0.properties.isWhitespace }.reversed().drop { $0.properties.isWhitespace }
        .reversed().map(Character.init))
    switch element.name {
    case "dict":
      var members: [ConfigMember] = []
      var index = 0
      let children = element.children
      while index < children.count {
        let keyNode = children[index]
        guard keyNode.name == "key" else { throw fail(PlistMessages.expectedKey(found: keyNode.name), at: keyNode.location) }
        guard index + 1 < children.count else { throw fail(PlistMessages.keyWithoutValue(keyNode.text), at: keyNode.location) }
        let key = keyNode.text
        let member = ConfigMember(key: key, keyLocation: keyNode.location, value: try convert(children[index + 1], repeated: &repeated))
        if let earlier = members.firstIndex(where: { $0.key == key }) {
          repeated.append(RepeatedKey(key: key, location: keyNode.location, first: members[earlier].keyLocation))
          members[earlier] = member
        } else {
          members.append(member)
        }
        index += 2
      }
      return node(.object(members))
    case "array":
      var items: [ConfigNode] = []
      for child in element.children { items.append(try convert(child, repeated: &repeated)) }
      return node(.array(items))
    case "string": return node(.string(element.text))
    case "integer":
      guard let value = Int(text) else { throw fail(PlistMessages.badNumber(text, kind: "integer")) }
      return node(.integer(value))
    case "real":
      guard let value = Double(text) else { throw fail(PlistMessages.badNumber(text, kind: "real")) }
      return node(.real(value))
    case "true": return node(.bool(true))
    case "false": return node(.bool(false))
    case "date", "data": return node(.string(text))
    default: throw fail(PlistMessages.unknownElement(element.name))
    }
  }
}
