/// A reader for Apple's binary property lists (`bplist00`), bounds-checked at every step.
///
/// Layout: the header `bplist00`, the objects, an offset table, and a 32-byte trailer giving the
/// offset and reference sizes, the object count, the top object and the table's offset. Each
/// object starts with a marker byte: type in the high nibble, size in the low one (15 = the size
/// follows as an integer object). Collections hold object references. Values become
/// ``ConfigNode``s without positions; the budget and depth limits of ``ConfigParser`` apply to
/// the expanded tree, and its strings are decoded once each and shared by every reference, with
/// at most ``maxText`` bytes of strings in the expanded tree (however few the file stores).
struct BinaryPlistReader {
  /// The most bytes of strings (keys and values) in the expanded tree.
  static let maxText = 16 << 20
  private let bytes: [UInt8]
  private let offsetSize: Int
  private let referenceSize: Int
  private let objectCount: Int
  private let tableOffset: Int
  let topObject: Int
  private var budget = ConfigParser.maxValues
  private var textBytes = 0
  private var decoded: [Int: String] = [:]

  private static func damaged(_ why: String) -> ConfigSyntaxError {
    ConfigSyntaxError(location: nil, message: PlistMessages.binaryDamaged(why))
  }

  init(_ bytes: [UInt8]) throws(ConfigSyntaxError) {
    self.bytes = bytes
    guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist00".utf8)) else {
      throw Self.damaged(bytes.starts(with: Array("bplist".utf8)) && bytes.count >= 8 && !bytes.starts(with: Array("bplist00".utf8))
        ? PlistMessages.binaryVersion : PlistMessages.binaryTooShort)
    }
    let trailer = bytes.count - 32
    offsetSize = Int(bytes[trailer + 6])
    referenceSize = Int(bytes[trailer + 7])
    func word(_ at: Int) -> UInt64 { bytes[at..<(at + 8)].reduce(0) { $0 << 8 | UInt64($1) } }
    let count = word(trailer + 8)
    let top = word(trailer + 16)
    let table = word(trailer + 24)
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else { throw Self.damaged(PlistMessages.binaryTrailerSizes) }
    // Each bound is checked before it is used in arithmetic, so no sum can overflow.
    guard count >= 1, count <= UInt64(bytes.count), top < count, table >= 8, table <= UInt64(trailer),
      table + count * UInt64(offsetSize) <= UInt64(trailer)
    else { throw Self.damaged(PlistMessages.binaryTrailer) }
    objectCount = Int(count)
    topObject = Int(top)
    tableOffset = Int(table)
  }

  private func unsigned(at offset: Int, size: Int) throws(ConfigSyntaxError) -> UInt64 {
    guard offset >= 0, size >= 1, size <= 8, offset + size <= bytes.count else { throw Self.damaged(PlistMessages.binaryPastEnd) }
    return bytes[offset..<(offset + size)].reduce(0) { $0 << 8 | UInt64($1) }
  }

  private func objectOffset(_ index: Int) throws(ConfigSyntaxError) -> Int {
    guard index >= 0, index < objectCount else { throw Self.damaged(PlistMessages.binaryReference(index)) }
    let offset = try unsigned(at: tableOffset + index * offsetSize, size: offsetSize)
    guard offset >= 8, offset < UInt64(tableOffset) else { throw Self.damaged(PlistMessages.binaryObjectOutside(index)) }
    return Int(offset)
  }

  /// The size in a marker's low nibble, or the integer object after it when the nibble is 15;
  /// and where the object's content starts.
  private func size(marker offset: Int) throws(ConfigSyntaxError) -> (count: Int, start: Int) {
    let low = Int(bytes[offset] & 0x0F)
    guard low == 0x0F else { return (low, offset + 1) }
    guard offset + 1 < bytes.count, bytes[offset + 1] & 0xF0 == 0x10 else { throw Self.damaged(PlistMessages.binaryBadLength) }
    let width = 1 << Int(bytes[offset + 1] & 0x0F)
    guard width <= 8 else { throw Self.damaged(PlistMessages.binaryBadLength) }
    let value = try unsigned(at: offset + 2, size: width)
    guard value <= UInt64(bytes.count) else { throw Self.damaged(PlistMessages.binaryLength(value)) }
    return (Int(value), offset + 2 + width)
  }

  private func references(at start: Int, count: Int) throws(ConfigSyntaxError) -> [Int] {
    guard start + count * referenceSize <= tableOffset else { throw Self.damaged(PlistMessages.binaryCollectionPastEnd) }
    var result: [Int] = []
    result.reserveCapacity(count)
    for index in 0..<count {
      // A reference beyond Int's range is out of range like any other (objectOffset refuses -1).
      result.append(Int(exactly: try unsigned(at: start + index * referenceSize, size: referenceSize)) ?? -1)
    }
    return result
  }

  /// The string object `index`, decoded once; each use counts against ``maxText``.
  private mutating func string(_ index: Int) throws(ConfigSyntaxError) -> String {
    let text: String
    if let known = decoded[index] {
      text = known
    } else {
      text = try decode(index)
      decoded[index] = text
    }
    textBytes += text.utf8.count
    guard textBytes <= Self.maxText else { throw ConfigSyntaxError(location: nil, message: PlistMessages.tooMuchText(Self.maxText)) }
    return text
  }

  private func decode(_ index: Int) throws(ConfigSyntaxError) -> String {
    let offset = try objectOffset(index)
    let kind = bytes[offset] >> 4
    let (count, start) = try size(marker: offset)
    switch kind {
    case 0x5:
      guard start + count <= tableOffset else { throw Self.damaged(PlistMessages.binaryStringPastEnd) }
      return String(decoding: bytes[start..<(start + count)], as: UTF8.self)
    case 0x6:
      guard start + 2 * count <= tableOffset else { throw Self.damaged(PlistMessages.binaryStringPastEnd) }
      var units: [UInt16] = []
      units.reserveCapacity(count)
      for unit in 0..<count { units.append(UInt16(bytes[start + 2 * unit]) << 8 | UInt16(bytes[start + 2 * unit + 1])) }
      return String(decoding: units, as: UTF16.self)
    default:
      throw Self.damaged(PlistMessages.binaryKeyNotString)
    }
  }

  mutating func node(_ index: Int, depth: Int) throws(ConfigSyntaxError) -> ConfigNode {
    budget -= 1
    guard budget >= 0 else {
      throw ConfigSyntaxError(location: nil, message: PlistMessages.tooLarge)
    }
    guard depth <= ConfigParser.maxDepth else { throw ConfigSyntaxError(location: nil, message: PlistMessages.tooLarge) }
    func node(_ value: ConfigNode.Value) -> ConfigNode { ConfigNode(value: value, location: PropertyList.noLocation) }
    let offset = try objectOffset(index)
    let marker = bytes[offset]
    switch marker >> 4 {
    case 0x0:
      switch marker {
      case 0x08: return node(.bool(false))
      case 0x09: return node(.bool(true))
      case 0x00: return node(.null)
      default: throw Self.damaged(PlistMessages.binaryMarker(marker))
      }
    case 0x1:
      let width = 1 << Int(marker & 0x0F)
      guard width <= 16 else { throw Self.damaged(PlistMessages.binaryWidth("integer", width)) }
      // 16-byte integers: the low 8 bytes; 8-byte integers are signed, shorter ones unsigned.
      let value = try unsigned(at: offset + 1 + max(0, width - 8), size: min(width, 8))
      return node(.integer(width >= 8 ? Int(Int64(bitPattern: value)) : Int(value)))
    case 0x2:
      let width = 1 << Int(marker & 0x0F)
      let raw = try unsigned(at: offset + 1, size: width)
      switch width {
      case 4: return node(.real(Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw)))))
      case 8: return node(.real(Double(bitPattern: raw)))
      default: throw Self.damaged(PlistMessages.binaryWidth("real", width))
      }
    case 0x3:
      let raw = try unsigned(at: offset + 1, size: 8)
      return node(.string("date \(Double(bitPattern: raw))"))
    case 0x4:
      let (count, _) = try size(marker: offset)
      return node(.string("<\(count) bytes>"))
    case 0x5, 0x6:
      return node(.string(try string(index)))
    case 0x8:
      return node(.integer(Int(truncatingIfNeeded: try unsigned(at: offset + 1, size: Int(marker & 0x0F) + 1))))
    case 0xA, 0xC:
      let (count, start) = try size(marker: offset)
      var items: [ConfigNode] = []
      for reference in try references(at: start, count: count) {
        items.append(try self.node(reference, depth: depth + 1))
      }
      return node(.array(items))
    case 0xD:
      let (count, start) = try size(marker: offset)
      let keys = try references(at: start, count: count)
      let values = try references(at: start + count * referenceSize, count: count)
      var members: [ConfigMember] = []
      var seen = Set<String>()
      for (key, value) in zip(keys, values) {
        let name = try string(key)
        guard seen.insert(name).inserted else { throw Self.damaged(PlistMessages.binaryDuplicateKey(name)) }
        members.append(
          ConfigMember(key: name, keyLocation: PropertyList.noLocation, value: try self.node(value, depth: depth + 1)))
      }
      return node(.object(members))
    default:
      throw Self.damaged(PlistMessages.binaryMarker(marker))
    }
  }
}
