/// One case of an expectations file (`share-route check`): a share and what must happen to it.
///
/// ```yaml
/// cases:
///   - name: a photo and a text from a chat
///     files: [photo.jpg]          # relative to the expectations file
///     texts: [hi]
///     source: chat
///     expect:
///       accept: [keep, copy-link]   # these must accept
///       refuse: {album: unsupported-item, com.example.gallery: not-offered}   # or a list of ids
///       order: [keep, timeline, notes, copy-link, other-apps]                 # exactly, in order
///       pick: keep                                                            # or null: nobody
///       types: [image/jpeg, text/plain]                                       # effective types
///       corrected: [false, false]
///       errors: []                                                            # item error codes
/// ```
public struct Expectation: Sendable {
  /// The case's name.
  public var name: String
  /// Where the case starts in its file.
  public var location: SourceLocation?
  /// Files to share, resolved against the expectations file's directory.
  public var files: [String] = []
  /// Reported types for the files (once for all, or once per file).
  public var reportedTypes: [String] = []
  /// `content` or `reported`, or `nil` for the default.
  public var trust: String?
  /// Texts to share.
  public var texts: [String] = []
  /// URLs to share.
  public var urls: [String] = []
  /// Declared items by MIME type.
  public var mimeTypes: [String] = []
  /// Declared items by UTI.
  public var utis: [String] = []
  /// The source profile, or `nil`.
  public var source: String?
  /// Which rules to evaluate.
  public var platform: Platform = .all

  /// Handlers that must accept.
  public var accept: [String] = []
  /// Handlers that must refuse, each with the reason code it must give (or `nil` for any).
  public var refuse: [(id: String, code: String?)] = []
  /// The exact accepted list, in order, when given.
  public var order: [String]?
  /// The pick: `.some(nil)` for "nobody accepts", `nil` when not checked.
  public var pick: String??
  /// The effective types of the usable items, in order, when given.
  public var types: [String]?
  /// Whether each usable item's reported type was corrected, when given.
  public var corrected: [Bool]?
  /// The codes of the item errors, in order, when given.
  public var errors: [String]?

  /// What differs between this expectation and a route, one phrase per difference; empty when
  /// the case passes. Wording: ``CheckMessages``.
  public func differences(from route: Route) -> [String] {
    var found: [String] = []
    let accepted = route.accepted.map(\.id)
    let rejected = Dictionary(route.rejected.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for id in accept where !accepted.contains(id) {
      found.append(
        rejected[id].map { CheckMessages.refusedInstead(id, codes: $0.reasons.map(\.code.rawValue)) }
          ?? CheckMessages.unknownHandler(id))
    }
    for (id, code) in refuse {
      if accepted.contains(id) {
        found.append(CheckMessages.acceptedInstead(id))
      } else if let rejection = rejected[id] {
        let codes = rejection.reasons.map(\.code.rawValue)
        if let code, !codes.contains(code) { found.append(CheckMessages.otherReason(id, expected: code, codes: codes)) }
      } else {
        found.append(CheckMessages.unknownHandler(id))
      }
    }
    if let order, order != accepted { found.append(CheckMessages.order(accepted, expected: order)) }
    if let pick, pick != route.pick { found.append(CheckMessages.pick(route.pick, expected: pick)) }
    if let types, types != route.items.map(\.type) {
      found.append(CheckMessages.types(route.items.map(\.type), expected: types))
    }
    if let corrected, corrected != route.items.map(\.corrected) {
      found.append(CheckMessages.corrected(route.items.map(\.corrected), expected: corrected))
    }
    let itemErrors = route.errors.filter { $0.item != nil }.map(\.code)
    if let errors, errors != itemErrors { found.append(CheckMessages.errors(itemErrors, expected: errors)) }
    return found
  }
}

/// A parsed expectations file.
public struct ExpectationFile: Sendable {
  /// The file, as given.
  public var file: String
  /// Manifest paths the file names (resolved against its directory), or empty for the defaults.
  public var manifests: [String]
  /// The valid cases, in file order.
  public var cases: [Expectation]
  /// Every problem; a case with a problem is left out, the others are kept.
  public var errors: [ManifestError]

  static let topKeys = ["manifests", "cases"]
  static let caseKeys = [
    "name", "files", "reportedType", "trust", "texts", "urls", "mimeTypes", "utis", "source", "platform", "expect",
  ]
  static let expectKeys = ["accept", "refuse", "order", "pick", "types", "corrected", "errors"]

  /// Reads and checks an expectations file (YAML, or JSON by its `.json` name), strictly: unknown
  /// keys, wrong types and empty cases are errors with file, line, column, key path and value.
  public static func load(_ file: String) -> ExpectationFile {
    let root: ConfigNode
    do {
      root = try ManifestLoader.tree(file: file)
    } catch {
      return ExpectationFile(file: file, manifests: [], cases: [], errors: [error])
    }
    return decode(root, file: file)
  }

  /// Parses an expectations text (for tests and for files already read).
  public static func load(text: String, file: String) -> ExpectationFile {
    do {
      return decode(try ManifestLoader.tree(text: text, file: file), file: file)
    } catch {
      return ExpectationFile(file: file, manifests: [], cases: [], errors: [error])
    }
  }

  static func decode(_ root: ConfigNode, file: String) -> ExpectationFile {
    var decoder = ManifestDecoder(file: file)
    var result = ExpectationFile(file: file, manifests: [], cases: [], errors: [])
    let directory = file.contains("/") ? String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)]) : "."
    let resolve = { (path: String) in path.hasPrefix("/") ? path : directory + "/" + path }
    guard let members = decoder.object(root, "") else {
      result.errors = decoder.errors
      return result
    }
    let fields = decoder.checkKeys(members, allowed: topKeys, path: "")
    if let node = fields["manifests"], let paths = decoder.strings(node, "manifests") {
      result.manifests = paths.map(resolve)
    }
    guard let casesNode = fields["cases"] else {
      decoder.fail(root, "", .missingKey("cases"))
      result.errors = decoder.errors
      return result
    }
    let items = decoder.array(casesNode, "cases") ?? []
    if items.isEmpty, decoder.errors.isEmpty {
      decoder.fail(casesNode, "cases", .invalidValue("[]", expected: "at least one case"))
    }
    for (index, node) in items.enumerated() {
      let before = decoder.errors.count
      if let expectation = decodeCase(node, path: "cases[\(index)]", decoder: &decoder, resolve: resolve),
        decoder.errors.count == before
      {
        result.cases.append(expectation)
      }
    }
    result.errors = decoder.errors
    return result
  }

  static func decodeCase(
    _ node: ConfigNode, path: String, decoder: inout ManifestDecoder, resolve: (String) -> String
  ) -> Expectation? {
    guard let members = decoder.object(node, path) else { return nil }
    let errorsBefore = decoder.errors.count
    let fields = decoder.checkKeys(members, allowed: caseKeys, path: path)
    guard let name = decoder.requiredString(fields["name"], "\(path).name", root: node) else { return nil }
    var expectation = Expectation(name: name, location: node.location)
    func list(_ key: String) -> [String] {
      fields[key].flatMap { decoder.stringOrStrings($0, "\(path).\(key)") } ?? []
    }
    expectation.files = list("files").map(resolve)
    expectation.reportedTypes = list("reportedType")
    expectation.texts = list("texts")
    expectation.urls = list("urls")
    expectation.mimeTypes = list("mimeTypes")
    expectation.utis = list("utis")
    expectation.trust = fields["trust"].flatMap { decoder.oneOf($0, "\(path).trust", ["content", "reported"]) }
    expectation.source = fields["source"].flatMap { decoder.string($0, "\(path).source") }
    if let node = fields["platform"],
      let value = decoder.oneOf(node, "\(path).platform", Platform.allCases.map(\.rawValue))
    {
      expectation.platform = Platform(rawValue: value) ?? .all
    }
    if decoder.errors.count == errorsBefore, expectation.files.isEmpty && expectation.texts.isEmpty && expectation.urls.isEmpty
      && expectation.mimeTypes.isEmpty && expectation.utis.isEmpty
    {
      decoder.fail(node, path, .invalidValue(name, expected: "a case with files, texts, urls, mimeTypes or utis"))
    }
    if expectation.reportedTypes.count > 1 && expectation.reportedTypes.count != expectation.files.count {
      decoder.fail(
        fields["reportedType"], "\(path).reportedType",
        .invalidValue(
          expectation.reportedTypes.joined(separator: ", "),
          expected: "one type for all files or one per file (\(expectation.files.count))"))
    }
    guard let expectNode = fields["expect"] else {
      decoder.fail(node, path, .missingKey("expect"))
      return nil
    }
    guard let expectMembers = decoder.object(expectNode, "\(path).expect") else { return nil }
    let expect = decoder.checkKeys(expectMembers, allowed: expectKeys, path: "\(path).expect")
    if expect.isEmpty {
      decoder.fail(expectNode, "\(path).expect", .invalidValue("{}", expected: "at least one of: \(expectKeys.joined(separator: ", "))"))
    }
    let at = "\(path).expect"
    expectation.accept = expect["accept"].flatMap { decoder.strings($0, "\(at).accept") } ?? []
    if let refuse = expect["refuse"] {
      if case .object(let pairs) = refuse.value {
        for pair in pairs {
          expectation.refuse.append((pair.key, decoder.string(pair.value, "\(at).refuse.\(pair.key)")))
        }
      } else if let ids = decoder.strings(refuse, "\(at).refuse") {
        expectation.refuse = ids.map { ($0, nil) }
      }
    }
    expectation.order = expect["order"].flatMap { decoder.strings($0, "\(at).order") }
    if let pick = expect["pick"] {
      if case .null = pick.value {
        expectation.pick = .some(nil)
      } else if let id = decoder.string(pick, "\(at).pick") {
        expectation.pick = .some(id)
      }
    }
    expectation.types = expect["types"].flatMap { decoder.strings($0, "\(at).types") }
    expectation.corrected = expect["corrected"].flatMap { decoder.booleans($0, "\(at).corrected") }
    expectation.errors = expect["errors"].flatMap { decoder.strings($0, "\(at).errors") }
    return expectation
  }
}

extension ManifestDecoder {
  /// A string or a list of strings.
  mutating func stringOrStrings(_ node: ConfigNode, _ path: String) -> [String]? {
    if case .string(let value) = node.value { return [value] }
    if case .array = node.value { return strings(node, path) }
    fail(node, path, .wrongType(expected: "a string or a list of strings", found: node.typeName, value: node.displayValue))
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

  /// A list of Booleans.
  mutating func booleans(_ node: ConfigNode, _ path: String) -> [Bool]? {
    guard let items = array(node, path) else { return nil }
    var result: [Bool] = []
    for (index, item) in items.enumerated() {
      guard case .bool(let flag) = item.value else {
        fail(item, "\(path)[\(index)]", .wrongType(expected: "a Boolean", found: item.typeName, value: item.displayValue))
        return nil
      }
      result.append(flag)
    }
    return result
  }
}
