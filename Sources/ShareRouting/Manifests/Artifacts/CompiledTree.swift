import ShareVocabulary

/// Builds the ``XMLNode`` tree of a compiled manifest (binary XML or an App Bundle's protocol
/// buffer XML) with its synthetic locations: each element and attribute gets the next line
/// number, and ``paths`` names its place (`/manifest/application[1]/activity[@android:name='…']/
/// intent-filter[2]`), for messages about a file that has no lines of its own.
struct CompiledTree {
  /// The most elements read from one document.
  static let maxNodes = 200_000
  /// The most attributes read from one document.
  static let maxAttributes = 1_000_000
  /// The most bytes of attribute values and text kept from one document (a reference to one
  /// long string from every attribute would otherwise multiply it).
  static let maxText = 16 << 20

  /// One attribute as the device reads it.
  struct Attribute {
    var name: String
    var value: String
    /// Why its reference could not be resolved, if it could not.
    var miss: ResourceTable.Miss?
  }

  /// Elements named by their `android:name` in places rather than counted.
  static let namedElements: Set<String> = ["activity", "activity-alias", "service", "receiver", "provider", "application"]

  private var stack: [(node: XMLNode, path: String, childCounts: [String: Int])] = []
  private var root: XMLNode?
  private var paths: [Int: String] = [:]
  private var unresolved: [Int: ResourceTable.Miss] = [:]
  private var nextLine = 1
  private var nodes = 0
  private var attributeCount = 0
  private var textBytes = 0

  private mutating func spend(_ text: String, offset: Int) throws(ArtifactFailure) {
    textBytes += text.utf8.count
    guard textBytes <= Self.maxText else { throw ArtifactFailure(offset: offset, message: ArtifactMessages.tooMuchText(Self.maxText)) }
  }

  /// Opens an element (`declarations` go on the root: `xmlns:android`).
  mutating func start(
    _ name: String, attributes: [Attribute], declarations: [XMLNode.Attribute], offset: Int
  ) throws(ArtifactFailure) {
    nodes += 1
    guard nodes <= Self.maxNodes else { throw ArtifactFailure(offset: offset, message: ArtifactMessages.tooManyElements(Self.maxNodes)) }
    guard stack.count < XMLReader.maxDepth else {
      throw ArtifactFailure(offset: offset, message: ArtifactMessages.tooDeep(XMLReader.maxDepth))
    }
    attributeCount += attributes.count
    guard attributeCount <= Self.maxAttributes else {
      throw ArtifactFailure(offset: offset, message: ArtifactMessages.tooManyAttributes(Self.maxAttributes))
    }
    for attribute in attributes { try spend(attribute.value, offset: offset) }
    let line = nextLine
    nextLine += 1
    var node = XMLNode(name: name, location: SourceLocation(line: line, column: 1))
    if stack.isEmpty { node.attributes = declarations }
    // Names and values from the file, escaped and excerpted: a place is for reading.
    var step = "/" + Printable.escaped(name)
    if Self.namedElements.contains(name), let identity = attributes.first(where: { $0.name.hasSuffix(":name") }) {
      step += "[@android:name=\(Printable.quoted(identity.value))]"
    } else if !stack.isEmpty {
      let count = (stack[stack.count - 1].childCounts[name] ?? 0) + 1
      stack[stack.count - 1].childCounts[name] = count
      step += "[\(count)]"
    }
    let path = (stack.last?.path ?? "") + step
    paths[line] = path
    for attribute in attributes {
      let attributeLine = nextLine
      nextLine += 1
      node.attributes.append(
        XMLNode.Attribute(name: attribute.name, value: attribute.value, location: SourceLocation(line: attributeLine, column: 1)))
      paths[attributeLine] = path + "/@" + Printable.escaped(attribute.name)
      if let miss = attribute.miss { unresolved[attributeLine] = miss }
    }
    stack.append((node, path, [:]))
  }

  /// Closes the open element.
  mutating func end(offset: Int) throws(ArtifactFailure) {
    guard let finished = stack.popLast() else { throw ArtifactFailure(offset: offset, message: ArtifactMessages.unbalancedEnd) }
    if stack.isEmpty {
      if root == nil { root = finished.node }
    } else {
      stack[stack.count - 1].node.children.append(finished.node)
    }
  }

  /// Character data inside the open element.
  mutating func text(_ text: String, offset: Int) throws(ArtifactFailure) {
    guard !stack.isEmpty else { return }
    try spend(text, offset: offset)
    stack[stack.count - 1].node.text += text
  }

  /// The finished document.
  func document(end offset: Int) throws(ArtifactFailure) -> BinaryXML.Document {
    guard stack.isEmpty, let root else {
      throw ArtifactFailure(
        offset: offset, message: stack.isEmpty ? ArtifactMessages.noRootElement : ArtifactMessages.unclosedElements(stack.count))
    }
    return BinaryXML.Document(root: root, paths: paths, unresolved: unresolved)
  }
}
