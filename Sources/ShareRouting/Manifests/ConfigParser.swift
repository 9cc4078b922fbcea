import Yams

/// Parses manifest text (YAML through Yams, JSON with `JSONReader`) into ``ConfigNode`` trees
/// that keep every position, within the bounds below.
enum ConfigParser {
  /// Nesting deeper than this is refused (manifests are a few levels deep).
  static let maxDepth = 64
  /// A document may hold at most this many values once YAML aliases are expanded (a
  /// "billion laughs" document expands to billions; a 1 MiB manifest has far fewer).
  static let maxValues = 200_000

  /// Parses YAML (one document) with Yams (which resolves aliases); duplicate keys are refused.
  static func parseYAML(_ text: String) throws(ConfigSyntaxError) -> ConfigNode? {
    let node: Node?
    do {
      // The basic resolver types no scalar (YAMLScalars does, without Yams's regular expressions).
      node = try Yams.compose(yaml: text, .basic, .default, .utf8)
    } catch let error as YamlError {
      throw yamlError(error)
    } catch {
      throw ConfigSyntaxError(location: nil, message: String(describing: error))
    }
    guard let node else { return nil }
    var budget = maxValues
    return try convert(node, depth: 0, budget: &budget)
  }

  private static func yamlError(_ error: YamlError) -> ConfigSyntaxError {
    func location(_ mark: Mark) -> SourceLocation {
      SourceLocation(line: mark.line, column: mark.column)
    }
    switch error {
    case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      let prefix = context.map { "\($0.text) " } ?? ""
      return ConfigSyntaxError(location: location(mark), message: prefix + problem)
    case .reader(let problem, _, _, _):
      return ConfigSyntaxError(location: nil, message: problem)
    case .duplicatedKeysInMapping(let duplicates, let context):
      return ConfigSyntaxError(
        location: location(context.mark),
        message: ConfigMessages.duplicateKeys(duplicates))
    default:
      return ConfigSyntaxError(location: nil, message: String(describing: error))
    }
  }

  private static func convert(_ node: Node, depth: Int, budget: inout Int) throws(ConfigSyntaxError) -> ConfigNode {
    let location = node.mark.map { SourceLocation(line: $0.line, column: $0.column) }
      ?? SourceLocation(line: 1, column: 1)
    guard depth < maxDepth else {
      throw ConfigSyntaxError(location: location, message: ConfigMessages.tooDeep(maxDepth))
    }
    budget -= 1
    guard budget >= 0 else {
      throw ConfigSyntaxError(
        location: location, message: ConfigMessages.tooManyValues(maxValues))
    }
    switch node {
    case .scalar(let scalar):
      return ConfigNode(value: scalarValue(scalar, node: node), location: location)
    case .sequence(let sequence):
      var items: [ConfigNode] = []
      for child in sequence { items.append(try convert(child, depth: depth + 1, budget: &budget)) }
      return ConfigNode(value: .array(items), location: location)
    case .mapping(let mapping):
      var members: [ConfigMember] = []
      var keys: Set<String> = []
      for (key, value) in mapping {
        let keyLocation = key.mark.map { SourceLocation(line: $0.line, column: $0.column) } ?? location
        guard case .scalar(let keyScalar) = key else {
          throw ConfigSyntaxError(location: keyLocation, message: ConfigMessages.nonStringKey)
        }
        guard keys.insert(keyScalar.string).inserted else {
          throw ConfigSyntaxError(location: keyLocation, message: ConfigMessages.duplicateKey(keyScalar.string))
        }
        members.append(
          ConfigMember(
            key: keyScalar.string, keyLocation: keyLocation,
            value: try convert(value, depth: depth + 1, budget: &budget)))
      }
      return ConfigNode(value: .object(members), location: location)
    case .alias:
      throw ConfigSyntaxError(location: location, message: ConfigMessages.unresolvedAlias)
    }
  }

  private static func scalarValue(_ scalar: Node.Scalar, node: Node) -> ConfigNode.Value {
    // Read before `node.tag`, which resolves it: an untagged plain scalar (a quoted one is tagged
    // `str` by the parser, an explicit `!!str yes` keeps its tag).
    if scalar.tag.description == Tag.Name.implicit.rawValue { return plainValue(scalar.string) }
    switch node.tag.rawValue {
    case Tag.Name.null.rawValue: return .null
    case Tag.Name.bool.rawValue: return node.bool.map { .bool($0) } ?? .string(scalar.string)
    case Tag.Name.int.rawValue: return integer(scalar.string)
    case Tag.Name.float.rawValue: return real(scalar.string)
    default: return .string(scalar.string)
    }
  }

  /// An untagged plain scalar typed by YAML 1.1's implicit rules, as Yams's default resolver
  /// has them (``YAMLScalars``).
  static func plainValue(_ text: String) -> ConfigNode.Value {
    switch YAMLScalars.kind(text) {
    case .bool(let flag): .bool(flag)
    case .int: integer(text)
    case .float: real(text)
    case .null: .null
    case .string: .string(text)
    }
  }

  // Numbers are read here, not by Yams: its YAML 1.1 base-60 integers (`1:30`) trap on
  // overflow (`999999999999999999:0` crashed the loader; found by Fuzz/run.sh). Decimal
  // integers that fit in Int and plain decimal reals are numbers; anything else stays a string.
  private static func integer(_ text: String) -> ConfigNode.Value {
    Int(text).map { .integer($0) } ?? .string(text)
  }

  private static func real(_ text: String) -> ConfigNode.Value {
    let plain = !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }
    return plain ? Double(text).map { .real($0) } ?? .string(text) : .string(text)
  }

  /// Parses strict JSON (RFC 8259): no comments, no trailing commas, duplicate keys refused.
  static func parseJSON(_ text: String) throws(ConfigSyntaxError) -> ConfigNode {
    var reader = JSONReader(text: text)
    return try reader.parseDocument()
  }
}
