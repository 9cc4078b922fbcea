import ShareVocabulary

/// Builds the ``XMLNode`` tree of a compiled manifest (binary XML or an App Bundle's protocol
/// buffer XML) with its synthetic locations: each element and attribute gets the next line
/// number, and ``Places`` names its place (`/manifest/application[1]/activity[@android:name='…']/
/// intent-filter[2]`), for messages about a file that has no lines of its own.
///
/// Budgets, per document: ``maxNodes`` elements, ``maxAttributes`` attributes,
/// ``maxDeclarations`` namespace declarations, ``maxText`` bytes of names, values and text (a
/// name or value counts each time it is used, however it is stored), and ``maxLookups`` resource
/// configurations read to resolve references (each resource id resolved once). Places are
/// composed only when a message asks for one.
struct CompiledTree {
  /// The most elements read from one document.
  static let maxNodes = 200_000
  /// The most attributes read from one document.
  static let maxAttributes = 1_000_000
  /// The most namespace declarations read from one document (a manifest has two or three).
  static let maxDeclarations = 1_000
  /// The most bytes of element and attribute names, attribute values and text kept from one
  /// document (a reference to one long string from every attribute would otherwise multiply it).
  static let maxText = 16 << 20
  /// The most resource configurations read to resolve one document's references.
  static let maxLookups = 1_000_000

  /// One attribute as the device reads it.
  struct Attribute {
    var name: String
    var value: String
    /// Why its reference could not be resolved, if it could not.
    var miss: ResourceTable.Miss?
  }

  /// Where each synthetic line stands: its parent's line and its own step, composed into a
  /// place when a message asks (a place held for every line would repeat every ancestor).
  struct Places {
    fileprivate var steps: [(parent: Int, step: String)] = []

    /// The place of a synthetic line, or `nil` for a line that is none.
    subscript(line: Int) -> String? {
      guard line >= 1, line <= steps.count else { return nil }
      var parts: [String] = []
      var current = line
      // Parents come before their children, so each step goes to a smaller line: the walk ends.
      while current >= 1, current <= steps.count {
        parts.append(steps[current - 1].step)
        current = steps[current - 1].parent
      }
      return parts.reversed().joined()
    }
  }

  /// Elements named by their `android:name` in places rather than counted.
  static let namedElements: Set<String> = ["activity", "activity-alias", "service", "receiver", "provider", "application"]

  private let resources: ResourceTable?
  private let locale: AndroidLocale?
  private var stack: [(node: XMLNode, line: Int, childCounts: [String: Int])] = []
  private var root: XMLNode?
  private var places = Places()
  private var unresolved: [Int: ResourceTable.Miss] = [:]
  private var resolvedReferences: [UInt32: (String, ResourceTable.Miss?)] = [:]
  private var lookups = 0
  private var nodes = 0
  private var attributeCount = 0
  private var declarations = 0
  private var textBytes = 0

  /// A tree whose references are resolved through `resources` for `locale`.
  init(resources: ResourceTable?, locale: AndroidLocale?) {
    self.resources = resources
    self.locale = locale
  }

  private mutating func spend(_ text: String, offset: Int) throws(ArtifactFailure) {
    textBytes += text.utf8.count
    guard textBytes <= Self.maxText else { throw ArtifactFailure(offset: offset, message: ArtifactMessages.tooMuchText(Self.maxText)) }
  }

  /// A namespace declaration, counted.
  mutating func declare(prefix: String, uri: String, offset: Int) throws(ArtifactFailure) {
    declarations += 1
    guard declarations <= Self.maxDeclarations else {
      throw ArtifactFailure(offset: offset, message: ArtifactMessages.tooManyDeclarations(Self.maxDeclarations))
    }
    try spend(prefix, offset: offset)
    try spend(uri, offset: offset)
  }

  /// One attribute as the device reads it: its compiled value (a reference resolved, once per
  /// id), else its raw string; its name and value counted against the text budget.
  mutating func attribute(_ name: String, raw: String, value: ResourceTable.Raw?, offset: Int) throws(ArtifactFailure) -> Attribute {
    attributeCount += 1
    guard attributeCount <= Self.maxAttributes else {
      throw ArtifactFailure(offset: offset, message: ArtifactMessages.tooManyAttributes(Self.maxAttributes))
    }
    var attribute = Attribute(name: name, value: raw)
    switch value {
    case .reference(let id)?: (attribute.value, attribute.miss) = try resolved(id, offset: offset)
    case .value(let value)?: attribute.value = BinaryXML.text(value) ?? raw
    case nil: break
    }
    try spend(name, offset: offset)
    try spend(attribute.value, offset: offset)
    return attribute
  }

  /// A reference as the device resolves it (text for strings, Booleans and integers), or kept as
  /// `@0x…` with why.
  private mutating func resolved(_ id: UInt32, offset: Int) throws(ArtifactFailure) -> (String, ResourceTable.Miss?) {
    if let known = resolvedReferences[id] { return known }
    let result: (String, ResourceTable.Miss?)
    switch resources.map({ $0.value(id, locale: locale, lookups: &lookups) }) ?? .failure(.missing(id)) {
    case .success(let value): result = (BinaryXML.text(value) ?? ArtifactMessages.reference(id), nil)
    case .failure(let miss): result = (ArtifactMessages.reference(id), miss)
    }
    guard lookups <= Self.maxLookups else {
      throw ArtifactFailure(offset: offset, message: ArtifactMessages.tooManyLookups(Self.maxLookups))
    }
    resolvedReferences[id] = result
    return result
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
    try spend(name, offset: offset)
    var node = XMLNode(name: name, location: SourceLocation(line: places.steps.count + 1, column: 1))
    if stack.isEmpty { node.attributes = declarations }
    // Names and values from the file, escaped and excerpted: a place is for reading.
    var step = "/" + Printable.excerpt(name)
    if Self.namedElements.contains(name), let identity = attributes.first(where: { $0.name.hasSuffix(":name") }) {
      step += "[@android:name=\(Printable.quoted(identity.value))]"
    } else if !stack.isEmpty {
      let count = (stack[stack.count - 1].childCounts[name] ?? 0) + 1
      stack[stack.count - 1].childCounts[name] = count
      step += "[\(count)]"
    }
    places.steps.append((stack.last?.line ?? 0, step))
    let line = places.steps.count
    for attribute in attributes {
      places.steps.append((line, "/@" + Printable.excerpt(attribute.name)))
      let attributeLine = places.steps.count
      node.attributes.append(
        XMLNode.Attribute(name: attribute.name, value: attribute.value, location: SourceLocation(line: attributeLine, column: 1)))
      if let miss = attribute.miss { unresolved[attributeLine] = miss }
    }
    stack.append((node, line, [:]))
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
    return BinaryXML.Document(root: root, paths: places, unresolved: unresolved)
  }
}
