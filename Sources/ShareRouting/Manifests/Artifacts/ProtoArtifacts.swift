/// The protocol buffer wire format (varints, length-delimited fields), for the two files of an
/// Android App Bundle's module that share-route reads: `manifest/AndroidManifest.xml` (aapt2's
/// `XmlNode`) and `resources.pb` (aapt2's `ResourceTable`). Field numbers are those of aapt2's
/// `Resources.proto`; unknown fields are skipped, as protocol buffers are read everywhere.
///
/// A message is a view of its bytes: its fields are read as they are walked, never kept in a
/// list (a list of fields costs some 50 bytes for each field of two bytes, so a member of
/// ``ArtifactImport/maxResourcesSize`` made of tiny fields would take gigabytes).
struct ProtoMessage {
  /// One field: its number, and a varint value or the bytes of a length-delimited one.
  struct Field {
    var number: Int
    var varint: Int = 0
    var bytes: ArraySlice<UInt8> = []
    /// Where the field starts in the member.
    var offset: Int
  }

  /// The most fields walked in one message (a table's type has one per entry: 65,536 at most).
  static let maxFields = 1_000_000

  private let bytes: ArraySlice<UInt8>

  /// A message over `bytes` (a slice of the member, its indices the member's offsets), its
  /// fields' framing checked once (a walk skips over a nested message's bytes: it costs a step
  /// per field, not per byte).
  init(_ bytes: ArraySlice<UInt8>) throws(ArtifactFailure) {
    self.bytes = bytes
    try walk { _ in true }
  }

  /// Calls `body` with each field in order until it returns `false`.
  func walk(_ body: (Field) throws(ArtifactFailure) -> Bool) throws(ArtifactFailure) {
    var position = bytes.startIndex
    var count = 0
    func varint() throws(ArtifactFailure) -> Int {
      var value: UInt64 = 0
      for shift in stride(from: 0, to: 70, by: 7) {
        guard position < bytes.endIndex else {
          throw ArtifactFailure(offset: position, message: ArtifactMessages.pastEnd(width: 1, size: bytes.endIndex))
        }
        let byte = bytes[position]
        position += 1
        if shift < 64 { value |= UInt64(byte & 0x7F) << UInt64(shift) }
        if byte & 0x80 == 0 { return Int(truncatingIfNeeded: value) }
      }
      throw ArtifactFailure(offset: position, message: ArtifactMessages.varintTooLong)
    }
    while position < bytes.endIndex {
      let start = position
      let key = try varint()
      var field = Field(number: key >> 3, offset: start)
      switch key & 7 {
      case 0: field.varint = try varint()
      case 1, 5:
        let width = key & 7 == 1 ? 8 : 4
        guard bytes.endIndex - position >= width else {
          throw ArtifactFailure(offset: position, message: ArtifactMessages.pastEnd(width: width, size: bytes.endIndex))
        }
        position += width
      case 2:
        let length = try varint()
        guard length >= 0, length <= bytes.endIndex - position else {
          throw ArtifactFailure(offset: position, message: ArtifactMessages.pastEnd(width: max(length, 0), size: bytes.endIndex))
        }
        field.bytes = bytes[position..<(position + length)]
        position += length
      default: throw ArtifactFailure(offset: start, message: ArtifactMessages.badWire(key & 7))
      }
      count += 1
      guard count <= Self.maxFields else { throw ArtifactFailure(offset: start, message: ArtifactMessages.tooManyFields(Self.maxFields)) }
      guard try body(field) else { return }
    }
  }

  /// Calls `body` with each field numbered `number`, in order.
  func each(_ number: Int, _ body: (Field) throws(ArtifactFailure) -> Void) throws(ArtifactFailure) {
    try walk { (field) throws(ArtifactFailure) in
      if field.number == number { try body(field) }
      return true
    }
  }

  /// Whether every field is numbered `number`.
  func only(_ number: Int) throws(ArtifactFailure) -> Bool {
    var only = true
    try walk { field in
      only = field.number == number
      return only
    }
    return only
  }

  func first(_ number: Int) throws(ArtifactFailure) -> Field? {
    var found: Field?
    try walk { field in
      if field.number == number { found = field }
      return found == nil
    }
    return found
  }
  func string(_ number: Int) throws(ArtifactFailure) -> String? { try first(number).map { String(decoding: $0.bytes, as: UTF8.self) } }
  func message(_ number: Int) throws(ArtifactFailure) -> ProtoMessage? {
    guard let field = try first(number) else { return nil }
    return try ProtoMessage(field.bytes)
  }
}

/// An App Bundle module's compiled manifest (aapt2's `XmlNode`: element 1, text 2; `XmlElement`:
/// namespace declarations 1, namespace 2, name 3, attributes 4, children 5; `XmlAttribute`:
/// namespace 1, name 2, value 3, compiled item 6) read into the tree ``BinaryXML`` gives.
enum ProtoXML {
  static func parse(_ bytes: [UInt8], resources: ResourceTable?, locale: AndroidLocale?) throws(ArtifactFailure) -> BinaryXML.Document {
    var tree = CompiledTree(resources: resources, locale: locale)
    let node = try ProtoMessage(bytes[...])
    guard let element = try node.first(1) else { throw ArtifactFailure(offset: 0, message: ArtifactMessages.noRootElement) }
    try read(element, depth: 0, tree: &tree, namespaces: [:])
    return try tree.document(end: bytes.count)
  }

  /// aapt2's `Item` as a value: a reference (`Reference`: type 1, where 1 is an attribute
  /// reference and not followed; id 2), a string (`String` 2, `RawString` 3, `StyledString` 4:
  /// value 1), a primitive (`Primitive`: int_decimal 6, int_hexadecimal 7, boolean 8); `nil` for
  /// what none of those is.
  static func item(_ item: ProtoMessage) throws(ArtifactFailure) -> ResourceTable.Raw? {
    if let reference = try item.message(1) {
      guard try reference.first(1)?.varint ?? 0 == 0, let id = try reference.first(2)?.varint, id != 0 else {
        return .value(.other(dataType: 0x02))
      }
      return .reference(UInt32(truncatingIfNeeded: id))
    }
    for number in 2...4 {
      if let text = try item.message(number) { return .value(.string(try text.string(1) ?? "")) }
    }
    if let primitive = try item.message(7) {
      if let flag = try primitive.first(8) { return .value(.bool(flag.varint != 0)) }
      let decimal = try primitive.first(6)
      if let number = decimal != nil ? decimal : try primitive.first(7) {
        return .value(.integer(Int(Int32(truncatingIfNeeded: number.varint))))
      }
      return .value(.other(dataType: 0))
    }
    return nil
  }

  private static func read(
    _ field: ProtoMessage.Field, depth: Int, tree: inout CompiledTree, namespaces outer: [String: String]
  ) throws(ArtifactFailure) {
    guard depth < XMLReader.maxDepth else { throw ArtifactFailure(offset: field.offset, message: ArtifactMessages.tooDeep(XMLReader.maxDepth)) }
    let element = try ProtoMessage(field.bytes)
    var namespaces = outer
    var declarations: [XMLNode.Attribute] = []
    try element.each(1) { (declaration) throws(ArtifactFailure) in
      let message = try ProtoMessage(declaration.bytes)
      let prefix = try message.string(1) ?? ""
      let uri = try message.string(2) ?? ""
      try tree.declare(prefix: prefix, uri: uri, offset: declaration.offset)
      namespaces[uri] = prefix
      declarations.append(XMLNode.Attribute(name: "xmlns:" + prefix, value: uri, location: SourceLocation(line: 0, column: 0)))
    }
    guard let name = try element.string(3), !name.isEmpty else {
      throw ArtifactFailure(offset: field.offset, message: ArtifactMessages.elementWithoutName)
    }
    var attributes: [CompiledTree.Attribute] = []
    try element.each(4) { (attributeField) throws(ArtifactFailure) in
      let message = try ProtoMessage(attributeField.bytes)
      let qualified = BinaryXML.attributeName(
        id: try message.first(5)?.varint, namespace: try message.string(1).flatMap { $0.isEmpty ? nil : $0 },
        name: try message.string(2) ?? "", prefixes: namespaces)
      let raw = try message.message(6).map(item) ?? nil
      attributes.append(try tree.attribute(qualified, raw: try message.string(3) ?? "", value: raw, offset: attributeField.offset))
    }
    try tree.start(name, attributes: attributes, declarations: declarations, offset: field.offset)
    try element.each(5) { (child) throws(ArtifactFailure) in
      let node = try ProtoMessage(child.bytes)
      if let childElement = try node.first(1) {
        try read(childElement, depth: depth + 1, tree: &tree, namespaces: namespaces)
      } else if let text = try node.string(2) {
        try tree.text(text, offset: child.offset)
      }
    }
    try tree.end(offset: field.offset)
  }
}

/// An App Bundle module's `resources.pb` (aapt2's `ResourceTable`: packages 2; `Package`: id 1,
/// types 3; `Type`: id 1, entries 3; `Entry`: id 1, config values 6; `ConfigValue`: config 1,
/// value 2; `Value`: item 4; `Item`: reference 1, string 2, raw string 3, primitive 7;
/// `Configuration`: locale 3, a BCP-47 tag) read into a ``ResourceTable``.
enum ProtoResources {
  /// The most entries read.
  static let maxEntries = 1_000_000
  /// The most configuration values read, across every entry.
  static let maxValues = 1_000_000

  static func table(_ bytes: [UInt8]) throws(ArtifactFailure) -> ResourceTable {
    var entries: [UInt32: [ResourceTable.Candidate]] = [:]
    var count = 0
    var values = 0
    let table = try ProtoMessage(bytes[...])
    try table.each(2) { (packageField) throws(ArtifactFailure) in
      let package = try ProtoMessage(packageField.bytes)
      let packageID = try package.message(1)?.first(1)?.varint ?? 0
      try package.each(3) { (typeField) throws(ArtifactFailure) in
        let type = try ProtoMessage(typeField.bytes)
        let typeID = try type.message(1)?.first(1)?.varint ?? 0
        try type.each(3) { (entryField) throws(ArtifactFailure) in
          count += 1
          guard count <= maxEntries else { throw ArtifactFailure(offset: entryField.offset, message: ArtifactMessages.tooManyElements(maxEntries)) }
          let entry = try ProtoMessage(entryField.bytes)
          let entryID = try entry.message(1)?.first(1)?.varint ?? 0
          let id = UInt32(truncatingIfNeeded: packageID << 24 | (typeID & 0xFF) << 16 | (entryID & 0xFFFF))
          try entry.each(6) { (configValueField) throws(ArtifactFailure) in
            values += 1
            guard values <= maxValues else {
              throw ArtifactFailure(offset: configValueField.offset, message: ArtifactMessages.tooManyValues(maxValues))
            }
            let configValue = try ProtoMessage(configValueField.bytes)
            let config = try configValue.message(1)
            let localeTag = try config?.string(3) ?? ""
            let otherwiseDefault = try config?.only(3) ?? true
            guard let itemMessage = try configValue.message(2)?.message(4) else { return }
            let raw = try ProtoXML.item(itemMessage) ?? .value(.other(dataType: 0))
            entries[id, default: []].append(
              ResourceTable.Candidate(
                locale: localeTag.isEmpty ? nil : AndroidLocale(localeTag), otherwiseDefault: otherwiseDefault, value: raw))
          }
        }
      }
    }
    return ResourceTable(entries: entries)
  }
}
