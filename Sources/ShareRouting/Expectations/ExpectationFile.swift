/// A parsed expectations file.
package struct ExpectationFile: Sendable {
  /// The file, as given.
  package var file: String
  /// Manifest paths the file names (resolved against its directory), or empty for the defaults.
  package var manifests: [String]
  /// Whether the file has a `manifests:` list (then its paths are the manifests, even when every
  /// one was refused: the defaults are not used in their place).
  package var namesManifests = false
  /// What the walks of ``manifests`` leave out (`exclude:`, globs as `--exclude` takes them).
  package var excluded: [String] = []
  /// The valid cases, in file order.
  package var cases: [Expectation]
  /// Every problem; a case with a problem is left out, the others are kept.
  package var errors: [ManifestError]

  static let topKeys = ["manifests", "exclude", "cases"]
  static let caseKeys = [
    "name", "files", "reportedType", "trust", "texts", "urls", "mimeTypes", "utis", "from", "capture", "intent", "source",
    "platform", "expect",
  ]
  static let expectKeys = ["accept", "refuse", "order", "pick", "types", "corrected", "errors", "receives", "phases", "share"]
  static let shareKeys = ["isTextShare", "name", "source", "type"]

  /// Reads and checks an expectations file (YAML, or JSON by its `.json` name), strictly: unknown
  /// keys, wrong types and empty cases are errors with file, line, column, key path and value.
  ///
  /// The manifests and captured shares it names must really lie (links resolved) inside its own
  /// folder, its repository (the folder above holding `.git`) or the working directory unless
  /// `followLinks`: their errors quote excerpts, and a
  /// report of `check` must not carry a file from elsewhere (a token named as a manifest).
  package static func load(_ file: String, followLinks: Bool = false) -> ExpectationFile {
    let root: ConfigNode
    do {
      root = try ConfigDocument.tree(file: file)
    } catch {
      return ExpectationFile(file: file, manifests: [], cases: [], errors: [error])
    }
    return decode(root, file: file, followLinks: followLinks)
  }

  /// Parses an expectations text (for tests and for files already read).
  package static func load(text: String, file: String, followLinks: Bool = false) -> ExpectationFile {
    do {
      return decode(try ConfigDocument.tree(text: text, file: file), file: file, followLinks: followLinks)
    } catch {
      return ExpectationFile(file: file, manifests: [], cases: [], errors: [error])
    }
  }

  static func decode(_ root: ConfigNode, file: String, followLinks: Bool = false) -> ExpectationFile {
    var decoder = StrictDecoder(file: file)
    var result = ExpectationFile(file: file, manifests: [], cases: [], errors: [])
    var directory = file.contains("/") ? String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)]) : "."
    // `./cases.yaml` and `cases.yaml` name the same folder: paths read from the file are printed
    // without `./` in front (`app/x.xml`, not `./app/x.xml` or `././app/x.xml`).
    while directory.hasPrefix("./") { directory.removeFirst(2) }
    if directory.isEmpty { directory = "." }
    let resolve = { (path: String) in path.hasPrefix("/") || directory == "." ? path : directory + "/" + path }
    /// Whether a named manifest or capture may be read: inside the file's folder, its repository
    /// or the working directory, links resolved.
    let roots = [directory, "."] + (TreeBoundary.repositoryRoot(containing: directory).map { [$0] } ?? [])
    let readable = { (path: String) in followLinks || TreeBoundary.inside(resolve(path), anyOf: roots) }
    guard let members = decoder.object(root, "") else {
      result.errors = decoder.errors
      return result
    }
    let fields = decoder.checkKeys(members, allowed: topKeys, path: "")
    if let node = fields["manifests"], let paths = decoder.strings(node, "manifests") {
      for path in paths where !readable(path) { decoder.fail(node, "manifests", .invalidValue(path, expected: CheckMessages.insideFolders)) }
      result.manifests = paths.filter(readable).map(resolve)
      result.namesManifests = true
    }
    if let node = fields["exclude"], let globs = decoder.strings(node, "exclude") {
      result.excluded = globs
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
      if let expectation = decodeCase(node, path: "cases[\(index)]", decoder: &decoder, resolve: resolve, readable: readable),
        decoder.errors.count == before
      {
        result.cases.append(expectation)
      }
    }
    result.errors = decoder.errors
    return result
  }

  static func decodeCase(
    _ node: ConfigNode, path: String, decoder: inout StrictDecoder, resolve: (String) -> String,
    readable: (String) -> Bool = { _ in true }
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
    let senders = ["from", "capture", "intent"].filter { fields[$0] != nil }
    if senders.count > 1 {
      decoder.fail(node, path, .invalidValue(senders.joined(separator: ", "), expected: "at most one of: from, capture, intent"))
    } else if let key = senders.first, let node = fields[key], let value = decoder.string(node, "\(path).\(key)") {
      if key == "capture" && !readable(value) {
        decoder.fail(node, "\(path).capture", .invalidValue(value, expected: CheckMessages.insideFolders))
      }
      expectation.sender = key == "from" ? .host(value) : key == "capture" ? .capture(resolve(value)) : .intent(value)
      if !(expectation.texts.isEmpty && expectation.urls.isEmpty && expectation.mimeTypes.isEmpty && expectation.utis.isEmpty) {
        decoder.fail(node, "\(path).\(key)", .invalidValue(value, expected: "a host's share filled by files only (no texts, urls, mimeTypes or utis)"))
      }
    }
    if decoder.errors.count == errorsBefore, expectation.files.isEmpty && expectation.texts.isEmpty && expectation.urls.isEmpty
      && expectation.mimeTypes.isEmpty && expectation.utis.isEmpty && expectation.sender == nil
    {
      decoder.fail(node, path, .invalidValue(name, expected: "a case with files, texts, urls, mimeTypes, utis, from, capture or intent"))
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
    if let node = expect["corrected"] {
      // One Boolean for every item, or a list with one per item.
      if case .bool(let flag) = node.value {
        expectation.correctedEvery = flag
      } else {
        expectation.corrected = decoder.booleans(node, "\(at).corrected")
      }
    }
    expectation.errors = expect["errors"].flatMap { decoder.strings($0, "\(at).errors") }
    if let phases = expect["phases"], let pairs = decoder.object(phases, "\(at).phases") {
      for pair in pairs {
        guard let phase = decoder.integer(pair.value, "\(at).phases.\(pair.key)") else { continue }
        guard (1...3).contains(phase) else {
          decoder.fail(pair.value, "\(at).phases.\(pair.key)", .invalidValue(String(phase), expected: "a phase: 1, 2 or 3"))
          continue
        }
        expectation.phases.append((pair.key, phase))
      }
    }
    if let shares = expect["share"], let list = decoder.array(shares, "\(at).share") {
      var decoded: [ShareExpectation] = []
      for (index, node) in list.enumerated() {
        let path = "\(at).share[\(index)]"
        guard let members = decoder.object(node, path) else { continue }
        let fields = decoder.checkKeys(members, allowed: shareKeys, path: path)
        decoded.append(
          ShareExpectation(
            isTextShare: fields["isTextShare"].flatMap { decoder.bool($0, "\(path).isTextShare") },
            name: fields["name"].flatMap { decoder.string($0, "\(path).name") },
            source: fields["source"].flatMap { decoder.string($0, "\(path).source") },
            type: fields["type"].flatMap { decoder.string($0, "\(path).type") }))
      }
      expectation.shares = decoded
    }
    if let receives = expect["receives"], let pairs = decoder.object(receives, "\(at).receives") {
      for pair in pairs {
        if let names = decoder.strings(pair.value, "\(at).receives.\(pair.key)") { expectation.receives.append((pair.key, names)) }
      }
    }
    return expectation
  }
}
