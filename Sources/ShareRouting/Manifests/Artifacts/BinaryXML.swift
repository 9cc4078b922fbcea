/// Android's compiled XML (`AndroidManifest.xml` inside an APK: `ResXMLTree` in AOSP's
/// `ResourceTypes.h`) read into the same ``XMLNode`` tree the source reader gives, so that one
/// importer reads both.
///
/// - Attribute names get the prefix their namespace was declared with (`android:name`). An
///   attribute with a framework attribute id in the resource map is named from the id, as the
///   device reads it, whatever its name string says (shrinkers strip or rename them).
/// - Values are what the device reads: the compiled value (strings, Booleans as `true`/`false`,
///   integers in decimal, hex ones too), a reference resolved through ``ResourceTable`` (default
///   configuration, or a locale), else the raw string. A reference that cannot be resolved
///   becomes `@0x7f…` and is listed in ``Document/unresolved``.
/// - Locations: a compiled file has no columns, and its line numbers are those of a merged
///   manifest the user does not have. Each element and attribute gets a synthetic line instead
///   (its index), and ``Document/paths`` maps it to an XPath-like place
///   (`/manifest/application[1]/activity[@android:name='…']/intent-filter[2]`) that
///   ``ArtifactImport`` puts in every message.
///
/// Bounds: ``XMLReader/maxDepth`` levels and ``CompiledTree/maxNodes`` elements; every offset is checked
/// (``ChunkReader``).
struct BinaryXML {
  /// The parsed document.
  struct Document {
    var root: XMLNode
    /// Synthetic line → place in the document.
    var paths: CompiledTree.Places
    /// Attributes whose reference could not be resolved: synthetic line → why.
    var unresolved: [Int: ResourceTable.Miss]
  }

  /// Whether the bytes start like compiled XML (`RES_XML_TYPE`, an 8-byte header): an
  /// `AndroidManifest.xml` taken out of an APK.
  static func isCompiled(_ bytes: [UInt8]) -> Bool { bytes.starts(with: [0x03, 0x00, 0x08, 0x00]) }

  /// Attribute ids of the framework's `android:` attributes a manifest's share targets use
  /// (`R.attr` in the platform): an attribute with one of them is named by it, whatever its
  /// name string says (``attributeName(id:namespace:name:prefixes:)``).
  static let frameworkAttributes: [Int: String] = [
    0x0101_0001: "label", 0x0101_0003: "name", 0x0101_000E: "enabled", 0x0101_0010: "exported",
    0x0101_001C: "priority", 0x0101_0026: "mimeType", 0x0101_0027: "scheme", 0x0101_0028: "host",
    0x0101_0029: "port", 0x0101_002A: "path", 0x0101_002B: "pathPrefix", 0x0101_002C: "pathPattern",
    0x0101_0202: "targetActivity", 0x0101_03E3: "ssp", 0x0101_03E4: "sspPrefix", 0x0101_03E5: "sspPattern",
    0x0101_0025: "resource", 0x0101_002F: "targetClass", 0x0101_0270: "targetSdkVersion",
  ]

  /// An attribute's name: from its framework id when it has one (`android:` plus the name),
  /// else its namespace's prefix and its name string.
  static func attributeName(id: Int?, namespace: String?, name: String, prefixes: [String: String]) -> String {
    if let id, let known = frameworkAttributes[id] {
      return (prefixes[AndroidManifestImporter.namespaceURI] ?? "android") + ":" + known
    }
    return namespace.map { (prefixes[$0] ?? $0) + ":" + name } ?? name
  }

  static func parse(_ bytes: [UInt8], resources: ResourceTable?, locale: AndroidLocale?) throws(ArtifactFailure) -> Document {
    let reader = ChunkReader(bytes)
    let document = try reader.chunk(at: 0, end: bytes.count)
    guard document.type == 0x0003 else {
      throw ArtifactFailure(offset: 0, message: ArtifactMessages.expectedChunk("compiled XML", found: document.type))
    }
    var pool: StringPool?
    var attributeIDs: [Int] = []
    var namespaces: [String: String] = [:]  // uri → prefix
    var declarations: [XMLNode.Attribute] = []
    var tree = CompiledTree(resources: resources, locale: locale)
    // Each pool string decoded once and shared by every use (a name used by 100,000 attributes
    // is one string, counted against the text budget at each use).
    var decoded: [Int: String] = [:]
    var position = document.headerSize
    func string(_ index: Int, at offset: Int) throws(ArtifactFailure) -> String? {
      if index == 0xFFFF_FFFF { return nil }
      if let known = decoded[index] { return known }
      guard let pool else { throw ArtifactFailure(offset: offset, message: ArtifactMessages.noStringPool) }
      do {
        let text = try pool.string(index)
        decoded[index] = text
        return text
      } catch {
        throw ArtifactFailure(offset: offset, message: error.message)
      }
    }
    while position < document.size {
      let chunk = try reader.chunk(at: position, end: document.size)
      switch chunk.type {
      case 0x0001:
        pool = try StringPool(reader, at: position)
        decoded = [:]
      case 0x0180:
        let count = (chunk.size - chunk.headerSize) / 4
        attributeIDs = []
        attributeIDs.reserveCapacity(count)
        for index in 0..<count { attributeIDs.append(try reader.u32(position + chunk.headerSize + index * 4)) }
      case 0x0100:
        let prefix = try string(try reader.u32(position + chunk.headerSize), at: position) ?? ""
        let uri = try string(try reader.u32(position + chunk.headerSize + 4), at: position) ?? ""
        try tree.declare(prefix: prefix, uri: uri, offset: position)
        namespaces[uri] = prefix
        declarations.append(XMLNode.Attribute(name: "xmlns:" + prefix, value: uri, location: SourceLocation(line: 0, column: 0)))
      case 0x0102:
        let ext = position + chunk.headerSize
        guard let name = try string(try reader.u32(ext + 4), at: position) else {
          throw ArtifactFailure(offset: position, message: ArtifactMessages.elementWithoutName)
        }
        let attributeStart = try reader.u16(ext + 8)
        let attributeSize = try reader.u16(ext + 10)
        let attributeCount = try reader.u16(ext + 12)
        guard attributeSize >= 20, ext + attributeStart + attributeCount * attributeSize <= position + chunk.size else {
          throw ArtifactFailure(offset: position, message: ArtifactMessages.attributesPastChunk)
        }
        var attributes: [CompiledTree.Attribute] = []
        for index in 0..<attributeCount {
          let at = ext + attributeStart + index * attributeSize
          let namespace = try string(try reader.u32(at), at: at)
          let nameIndex = try reader.u32(at + 4)
          let qualified = attributeName(
            id: nameIndex < attributeIDs.count ? attributeIDs[nameIndex] : nil, namespace: namespace,
            name: try string(nameIndex, at: at) ?? "", prefixes: namespaces)
          let raw = try string(try reader.u32(at + 8), at: at)
          let dataType = try reader.u8(at + 15)
          let data = try reader.u32(at + 16)
          guard let value = ResourceTable.raw(dataType: dataType, data: data, string: { try? string($0, at: at) }) else {
            throw ArtifactFailure(offset: at, message: ArtifactMessages.stringIndex(data, count: pool?.count ?? 0))
          }
          attributes.append(try tree.attribute(qualified, raw: raw ?? "", value: value, offset: at))
        }
        try tree.start(name, attributes: attributes, declarations: declarations, offset: position)
      case 0x0103:
        try tree.end(offset: position)
      case 0x0104:
        if let text = try string(try reader.u32(position + chunk.headerSize), at: position) { try tree.text(text, offset: position) }
      default: break
      }
      position += chunk.size
    }
    return try tree.document(end: document.size)
  }

  /// A value as an attribute's text (what `TypedArray.getString` gives), or `nil` for a kind
  /// that has none here (a color, a dimension).
  static func text(_ value: ResourceTable.Value) -> String? {
    switch value {
    case .string(let text): text
    case .bool(let flag): flag ? "true" : "false"
    case .integer(let number): String(number)
    case .other: nil
    }
  }
}
