import ShareVocabulary

/// Every user-facing word about built artifacts (APK, AAB, IPA, app bundles), in the house
/// style: lower case, no trailing period, values from the artifact quoted and excerpted.
enum ArtifactMessages {
  // MARK: Binary data

  static func pastEnd(width: Int, size: Int) -> String { "a \(width)-byte value runs past the end of the \(size) bytes" }
  static func badChunk(type: Int, headerSize: Int, size: Int, room: Int) -> String {
    "chunk of type 0x\(hex(type)) has header size \(headerSize) and size \(size) (\(room) bytes left)"
  }
  static func expectedChunk(_ what: String, found: Int) -> String { "expected a \(what) chunk, found type 0x\(hex(found))" }
  static func poolTooLarge(_ count: Int, size: Int) -> String { "string pool claims \(count) strings in \(size) bytes" }
  static func stringIndex(_ index: Int, count: Int) -> String { "string index \(index) past the pool's \(count) strings" }
  static func stringPastPool(_ index: Int) -> String { "string \(index) runs past its pool" }
  static let noStringPool = "no string pool before the first value that needs one"
  static func tooManyTypeChunks(_ limit: Int) -> String { "more than \(limit) resource type chunks" }
  static func badConfig(_ size: Int) -> String { "resource configuration of \(size) bytes does not fit its chunk header" }
  static func tooManyElements(_ limit: Int) -> String { "more than \(limit) elements" }
  static func tooDeep(_ limit: Int) -> String { "elements nested more than \(limit) deep" }
  static let elementWithoutName = "an element without a name"
  static func entryPastChunk(_ entry: Int, end: Int) -> String { "resource entry at byte \(entry) runs past its chunk's end at byte \(end)" }
  static func tooManyAttributes(_ limit: Int) -> String { "more than \(limit) attributes" }
  static func tooMuchText(_ limit: Int) -> String { "more than \(limit) bytes of names, attribute values and text" }
  static func tooManyDeclarations(_ limit: Int) -> String { "more than \(limit) namespace declarations" }
  static func tooManyLookups(_ limit: Int) -> String {
    "resolving its references reads more than \(limit) resource configurations"
  }
  static func tooManyValues(_ limit: Int) -> String { "more than \(limit) resource values" }
  static func tooManyFields(_ limit: Int) -> String { "a protocol buffer message with more than \(limit) fields" }
  static func fileTooLarge(_ size: Int, limit: Int) -> String { "file is too large (\(size) bytes, at most \(limit))" }
  static let attributesPastChunk = "the element's attributes run past its chunk"
  static let unbalancedEnd = "an end tag without a start tag"
  static let noRootElement = "no root element"
  static func unclosedElements(_ count: Int) -> String { "\(count) element\(count == 1 ? "" : "s") never closed" }
  static func badWire(_ wireType: Int) -> String { "protocol buffer field of unknown wire type \(wireType)" }
  static let varintTooLong = "protocol buffer number longer than 10 bytes"

  /// A reference left as the device would resolve it at run time: `@0x7f020001`.
  static func reference(_ id: UInt32) -> String {
    let digits = String(id, radix: 16)
    return "@0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
  }

  // MARK: The artifact

  /// An artifact problem with the member and the byte offset in it.
  static func inMember(_ member: String?, offset: Int?, _ reason: String) -> String {
    var place = ""
    if let member { place += Printable.quoted(member) }
    if let offset { place += (place.isEmpty ? "" : " ") + "at byte \(offset)" }
    return place.isEmpty ? reason : "\(place): \(reason)"
  }

  static func missingMember(_ name: String, kind: String) -> String {
    "no \(Printable.quoted(name)) in it: not \(kind)"
  }
  static let noExtensions = "no app extension (PlugIns/*.appex) in the bundle"
  static func missingResource(_ value: String) -> String { "no \(Printable.quoted(value)) in the package" }
  static let noPackageAround = "a compiled manifest on its own has no resources around it"
  static let noShareExtension = "none of its app extensions is a share or action extension"
  static let noAppInPayload = "no Payload/*.app in it: not an iOS app archive"
  static func tooManyBundles(_ limit: Int) -> String { "more than \(limit) app bundles or extensions" }
  static let manifestWithoutPackage = "the compiled manifest has no package attribute"

  /// Why a label reference stayed unresolved, for `lint`'s unresolved-label finding.
  static func miss(_ miss: ResourceTable.Miss, locale: AndroidLocale?) -> String {
    switch miss {
    case .missing(let id) where id >> 24 == 0x01:
      "\(reference(id)) is a framework resource, which only the device has"
    case .missing(let id): "the resource table has no value for \(reference(id))"
    case .noDefault(let id, let locales):
      "\(reference(id)) has values only for \(locales.joined(separator: ", "))"
        + (locale.map { ", none for \($0)" } ?? ", none in the default configuration")
    case .cycle(let ids): "the references \(ids.map(reference).joined(separator: " → ")) go round in a cycle"
    case .tooLong: "more than \(ResourceTable.maxSteps) references in a row"
    }
  }

  private static func hex(_ value: Int) -> String { String(value, radix: 16) }
}

extension ArtifactMessages {
  static let stringsNotDictionary = "not a dictionary of strings"
  static func unreadableStrings(_ why: String) -> String { "the localised names cannot be read (\(why)); the plist's own are used" }
  static let unreadableStringsFix = "rebuild the bundle: Xcode writes InfoPlist.strings as a binary or UTF-16 property list"
}
