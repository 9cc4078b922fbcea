/// What one manifest file held.
struct Decoded {
  var documents: [ManifestDocument] = []
  var errors: [ManifestError] = []
  var warnings: [ManifestWarning] = []
  /// Set when the file is a platform file without share targets, found by a directory walk.
  var skipped: String?
  /// A file a walk leaves out without a word (an app's own `Info.plist`).
  var quiet = false
  /// The build settings an `Info.plist` used.
  var buildSettings: BuildSettingsUse?
  /// Whether the Android application module it leads has the variant `--variant` names.
  var variant: VariantUse?

  static func failure(_ error: ManifestError) -> Decoded { Decoded(errors: [error]) }
}

/// One decoded handler or source profile.
enum ManifestDocument {
  case handler(HandlerManifest, HandlerLocations)
  /// An Android component that is no share target (only `query` resolves it).
  case component(HandlerManifest)
  case source(SourceProfile, nameLocation: SourceLocation?)
}

/// Loads manifests strictly: YAML and JSON files, `AndroidManifest.xml` files and `Info.plist`
/// files (XML or binary), alone or in directories.
public enum ManifestLoader {
  /// The largest manifest file read, in bytes (1 MiB).
  package static let maxFileSize = 1 << 20

  /// The extensions read from a directory.
  package static let extensions: Set<String> = ["yaml", "yml", "json"]

  /// Loads every manifest under the given paths.
  ///
  /// A directory is walked recursively in path order (see `ManifestWalk`): its `*.yaml`,
  /// `*.yml` and `*.json` files (share-route's own, XcodeGen specs, Expo configs),
  /// `*AndroidManifest.xml` and `*Info.plist` files, .NET projects (`*.csproj`: `DotNetImport`)
  /// and built artifacts (`*.apk`, `*.aab`, `*.ipa`, `*.app` and `*.appex` folders:
  /// `ArtifactImport`) are read. A file given directly is read whatever its name (an artifact by its extension). A directory that yields no handler and no
  /// error is itself an error: a scan that finds nothing says so.
  ///
  /// - Parameters:
  ///   - paths: Directories or files, in order.
  ///   - options: How platform files are read (the Xcode configuration, symbolic links).
  /// - Returns: The handlers and profiles, and every error found.
  public static func load(paths: [String], options: ImportOptions = ImportOptions()) -> ManifestSet {
    var set = ManifestSet()
    let files = ProjectFiles()
    let android = AndroidProjects(files: files, options: options)
    files.followLinks = options.followLinks
    for path in paths {
      let isDirectory = BoundedFile.isDirectory(path)
      files.tree = isDirectory ? path : nil
      let before = (
        handlers: set.handlers.count + set.otherComponents.count, errors: set.errors.count, sources: set.sources.count
      )
      if isDirectory && ArtifactImport.kind(of: path, isDirectory: true) == nil {
        let walk = ManifestWalk(root: path, options: options)
        var ahead = decodedAhead(walk)
        for file in walk.files {
          let kind = ArtifactImport.kind(of: file, isDirectory: walk.bundles.contains(file))
          if walk.followedOutside.contains(file) {
            // Read through a link out of the tree: its content is never quoted.
            let read = kind.map { ArtifactImport.decode(file, kind: $0, inDirectory: true, options: options) }
              ?? [(file, read(file, inDirectory: true, files: files, options: options))]
            for (member, var decoded) in read {
              if !decoded.errors.isEmpty {
                decoded.errors = [
                  ManifestError(file: member, location: nil, keyPath: "", problem: .invalidOutsideTree(problems: decoded.errors.count))
                ]
                decoded.documents = []
              }
              set.add(decoded, file: member)
            }
          } else if let kind {
            set.add(ArtifactImport.decode(file, kind: kind, inDirectory: true, options: options))
          } else if ExpoImport.codeNames.contains(ProjectPath.name(file)) {
            if let decoded = ExpoImport.codeOnly(file, files: files) { set.add(decoded, file: file) }
          } else if file.hasSuffix(".csproj") {
            if let read = DotNetImport.read(file, files: files, options: options, inDirectory: true) { set.add(read) }
          } else if ExpoImport.names.contains(ProjectPath.name(file)),
            let decoded = ExpoImport.read(file, files: files, options: options, inDirectory: true)
          {
            set.add(decoded, file: file)
          } else if XcodeTargetContext.xcodeGenSpecNames.contains(ProjectPath.name(file)),
            let decoded = XcodeGenImport.read(file, files: files, options: options)
          {
            set.add(decoded, file: file)
          } else if walk.projectData.contains(file) {
            // A project's own YAML or JSON: read only when it is a share-route manifest.
            guard let decoded = readProjectData(file) else { continue }
            set.add(decoded, file: file)
          } else if file.lowercased().hasSuffix("androidmanifest.xml") {
            // A .NET project's template manifest is read with its project.
            if DotNetImport.isTemplate(file, files: files) != nil { continue }
            set.add(readAndroid(file, android: android, inDirectory: true, files: files, options: options), file: file)
          } else if let decoded = ahead.removeValue(forKey: file) {
            set.add(decoded, file: file)
          } else {
            set.add(read(file, inDirectory: true, files: files, options: options), file: file)
          }
        }
        for link in walk.outsideLinks {
          set.skipped.append(SkippedFile(file: link, reason: ProjectMessages.linkOutOfTree))
        }
        if let bound = walk.boundHit {
          set.errors.append(ManifestError(file: path, location: nil, keyPath: "", problem: .scanBound(bound)))
        }
        if set.handlers.count + set.otherComponents.count == before.handlers && set.errors.count == before.errors
          && set.sources.count == before.sources
        {
          set.errors.append(
            ManifestError(file: path, location: nil, keyPath: "", problem: .noHandlerFound(skipped: walk.files.count)))
        }
      } else if let kind = ArtifactImport.kind(of: path, isDirectory: isDirectory) {
        set.add(ArtifactImport.decode(path, kind: kind, inDirectory: false, options: options))
      } else if let csproj = path.hasSuffix(".csproj") ? path : DotNetImport.isTemplate(path, files: files) {
        set.add(
          DotNetImport.read(csproj, files: files, options: options, inDirectory: false)
            ?? [(path, .failure(ManifestError(file: path, location: nil, keyPath: "", problem: .noShareTarget(ProjectMessages.dotnetNotAndroidApp))))])
      } else if path.lowercased().hasSuffix("androidmanifest.xml") {
        set.add(readAndroid(path, android: android, inDirectory: false, files: files, options: options), file: path)
      } else {
        set.add(read(path, inDirectory: false, files: files, options: options), file: path)
      }
    }
    set.finish()
    return set
  }

  /// The walk's own YAML and JSON manifests read ahead, half of them on a second thread, by
  /// path; empty when there are too few to be worth a thread. Each is what
  /// ``read(_:inDirectory:files:options:)`` gives (for these names it reads, parses and decodes,
  /// and asks nothing of the project), and the caller adds them in walk order, so the set is the
  /// same as when read one by one.
  static func decodedAhead(_ walk: ManifestWalk) -> [String: Decoded] {
    let names = walk.files.filter { file in
      let lower = file.lowercased()
      guard lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") || lower.hasSuffix(".json") else { return false }
      return !walk.followedOutside.contains(file) && !walk.projectData.contains(file)
        && !XcodeTargetContext.xcodeGenSpecNames.contains(ProjectPath.name(file)) && !ExpoImport.names.contains(ProjectPath.name(file))
        && ArtifactImport.kind(of: file, isDirectory: walk.bundles.contains(file)) == nil
    }
    guard names.count >= minimumReadAhead else { return [:] }
    let decoded = inTwoThreads(names) { read($0, inDirectory: true) }
    return Dictionary(zip(names, decoded), uniquingKeysWith: { _, last in last })
  }

  /// `work` on every item, every other item on a second thread (inline when no thread can be
  /// made), the results in the items' order.
  static func inTwoThreads<Item: Sendable>(_ items: [Item], _ work: @escaping @Sendable (Item) -> Decoded) -> [Decoded] {
    let second = stride(from: 1, to: items.count, by: 2).map { items[$0] }
    let task = BackgroundTask { second.map(work) }
    let first = stride(from: 0, to: items.count, by: 2).map { work(items[$0]) }
    let other = task.value
    return items.indices.map { $0 % 2 == 0 ? first[$0 / 2] : other[$0 / 2] }
  }

  /// The fewest YAML and JSON files of a folder read by two threads: below it a second thread's
  /// start costs more than it saves (a one-shot route in this repository, 22 files, was 0.7 ms
  /// quicker on one thread; bench/RESULTS.md, stop 39).
  static let minimumReadAhead = 48

  /// An `AndroidManifest.xml` as its Gradle build has it (``AndroidProjects``): the lead of an
  /// application's variant with everything merged into it, nothing for a manifest merged into
  /// another, a skip for another variant's source set; on its own otherwise (and when given by
  /// name, whatever it is merged into).
  static func readAndroid(
    _ file: String, android: AndroidProjects, inDirectory: Bool, files: ProjectFiles, options: ImportOptions
  ) -> Decoded {
    switch android.role(of: file) {
    case .unit(let unit):
      return AndroidUnitImport.decode(unit, files: files)
    case .merged where inDirectory:
      return Decoded(quiet: true)
    case .otherVariant(let reason) where inDirectory:
      return Decoded(skipped: reason)
    case .unusedLibrary(let note):
      var decoded = read(file, inDirectory: inDirectory, files: files, options: options)
      if decoded.documents.contains(where: { $0.places != nil }) { decoded.warnings.append(note) }
      return decoded
    default:
      return read(file, inDirectory: inDirectory, files: files, options: options)
    }
  }

  /// Loads manifests given as texts (the built-in set), each with a display path.
  ///
  /// - Parameters:
  ///   - texts: Each manifest's display path and text.
  ///   - json: Parse every text as JSON whatever its path says (the built-in set is embedded as
  ///     JSON converted from the YAML files, which parses much faster at startup).
  package static func load(texts: [(path: String, text: String)], json: Bool = false) -> ManifestSet {
    @Sendable func decoded(_ path: String, _ text: String) -> Decoded {
      do {
        return decode(try ConfigDocument.tree(text: text, file: json ? path + ".json" : path), file: path)
      } catch {
        return .failure(error)
      }
    }
    // On this thread: the built-in set is a few small texts, less work than a thread's start.
    let results = texts.map { decoded($0.path, $0.text) }
    var set = ManifestSet()
    for (text, result) in zip(texts, results) { set.add(result, file: text.path) }
    set.finish()
    set.positionsAreMeaningful = !json
    return set
  }

  /// Loads platform files given as bytes (`AndroidManifest.xml`, XML or binary `Info.plist`),
  /// each with a display path, as if each had been named on the command line.
  package static func load(platformFiles: [(path: String, bytes: [UInt8])]) -> ManifestSet {
    var set = ManifestSet()
    for (path, bytes) in platformFiles {
      set.add(PlatformImport.decode(bytes, file: path, inDirectory: false), file: path)
    }
    set.finish()
    return set
  }

  /// A YAML or JSON file inside a project tree, decoded when its top level is a mapping with an
  /// `id` or `source` key (a share-route manifest); `nil` for the project's own data (CI
  /// configs, `Contents.json`, `package.json`, a `tsconfig.json` with comments), left alone.
  static func readProjectData(_ file: String) -> Decoded? {
    guard let bytes = try? readBounded(file) else { return nil }
    // Most project data is no manifest: its top-level keys say so without a full parse.
    let lower = file.lowercased()
    let quick = lower.hasSuffix(".json") ? topLevelJSONKeys(bytes) : topLevelYAMLKeys(bytes)
    if let quick, !looksLikeManifest(quick) { return nil }
    guard let root = try? ConfigDocument.tree(bytes: bytes, file: file), case .object(let members) = root.value,
      looksLikeManifest(Set(members.map(\.key)))
    else { return nil }
    return decode(root, file: file)
  }

  /// A handler has an id and a label or platform rules; a source profile a source and its
  /// lists. A podspec's `source` or a fixture's `id` alone says nothing.
  static func looksLikeManifest(_ keys: Set<String>) -> Bool {
    let isHandler = keys.contains("id") && !keys.isDisjoint(with: ["label", "android", "ios"])
    let isSource = keys.contains("source") && !keys.isDisjoint(with: ["offers", "custom"])
    return isHandler || isSource
  }

  /// The keys of a JSON document's top-level object, read by skipping every value; `nil` when
  /// the document is not an object or the skim cannot tell (the full parser decides then).
  static func topLevelJSONKeys(_ bytes: [UInt8]) -> Set<String>? {
    var index = 0
    func skipSpace() { while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 } }
    /// A string at `index` (which is `"`): its raw bytes, the index after the closing quote.
    func string() -> [UInt8]? {
      var out: [UInt8] = []
      index += 1
      while index < bytes.count {
        let byte = bytes[index]
        if byte == 0x22 {
          index += 1
          return out
        }
        if byte == 0x5C { index += 1 }
        if index < bytes.count { out.append(bytes[index]) }
        index += 1
      }
      return nil
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    skipSpace()
    guard index < bytes.count, bytes[index] == 0x7B else { return nil }
    index += 1
    var keys: Set<String> = []
    while true {
      skipSpace()
      guard index < bytes.count else { return nil }
      if bytes[index] == 0x7D { return keys }
      guard bytes[index] == 0x22, let key = string() else { return nil }
      keys.insert(String(decoding: key, as: UTF8.self))
      skipSpace()
      guard index < bytes.count, bytes[index] == 0x3A else { return nil }
      index += 1
      // Skip the value: strings whole, brackets balanced, up to the next top-level , or }.
      var depth = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte == 0x22 {
          guard string() != nil else { return nil }
          continue
        }
        if byte == 0x7B || byte == 0x5B { depth += 1 }
        if byte == 0x7D || byte == 0x5D {
          if depth == 0 { break }
          depth -= 1
        }
        if byte == 0x2C && depth == 0 { break }
        index += 1
      }
      guard index < bytes.count else { return nil }
      if bytes[index] == 0x2C { index += 1 }
    }
  }

  /// The keys of a YAML document's top-level mapping (`key:` at the start of a line), or `nil`
  /// when the document may be something the skim cannot read (flow style, several documents,
  /// anchors, tags, quoted keys): the full parser decides then.
  static func topLevelYAMLKeys(_ bytes: [UInt8]) -> Set<String>? {
    var keys: Set<String> = []
    for line in bytes.split(separator: 0x0A) {
      guard let first = line.first else { continue }
      if first == 0x20 || first == 0x09 || first == 0x23 || first == 0x0D { continue }
      if first == 0x2D || first == 0x7B || first == 0x5B || first == 0x22 || first == 0x27 || first == 0x26
        || first == 0x21 || first == 0x3F || first == 0x25 || first == 0x2E
      {
        return nil
      }
      guard let colon = line.firstIndex(of: 0x3A) else { return nil }
      var key = line[line.startIndex..<colon]
      while let last = key.last, last == 0x20 || last == 0x09 { key = key.dropLast() }
      keys.insert(String(decoding: key, as: UTF8.self))
    }
    return keys
  }

  /// Reads one file: YAML or JSON by extension; an `AndroidManifest.xml` or `Info.plist` (XML
  /// or binary) by its content.
  ///
  /// - Parameter inDirectory: Whether a directory walk found the file: a platform file without
  ///   share targets is then skipped rather than an error.
  static func read(
    _ file: String, inDirectory: Bool = false, files: ProjectFiles = .none, options: ImportOptions = ImportOptions()
  ) -> Decoded {
    let lower = file.lowercased()
    let byName = lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") || lower.hasSuffix(".json")
    do {
      // Each file is read once: its bytes go to the platform importer or to the YAML/JSON parser.
      let bytes = try readBounded(file)
      if !byName && BinaryXML.isCompiled(bytes) {
        return ArtifactImport.compiledManifest(bytes, file: file, inDirectory: inDirectory)
      }
      if !byName && (PropertyList.isBinary(bytes) || startsWithMarkup(bytes)) {
        return PlatformImport.decode(bytes, file: file, inDirectory: inDirectory, files: files, options: options)
      }
      let root = try ConfigDocument.tree(bytes: bytes, file: file)
      // An Expo config given by name.
      if !inDirectory, ExpoImport.names.contains(ProjectPath.name(file)), case .object(let members) = root.value,
        !looksLikeManifest(Set(members.map(\.key)))
      {
        return ExpoImport.read(file, files: files, options: options, inDirectory: false)
          ?? PlatformImport.noTarget(ProjectMessages.expoNoShareTarget, file: file, inDirectory: false)
      }
      // An XcodeGen spec: `project.yml` in a walk, any spec given by name.
      if XcodeGenSpec.isSpec(root), !inDirectory || XcodeTargetContext.xcodeGenSpecNames.contains(ProjectPath.name(file)) {
        return XcodeGenImport.decode(root, file: file, inDirectory: inDirectory, files: files, options: options)
      }
      // An expectations file kept beside the manifests (`share-route check`) is not one of them.
      if inDirectory, case .object(let members) = root.value, case let keys = Set(members.map(\.key)),
        keys.contains("cases"), !looksLikeManifest(keys)
      {
        var skipped = Decoded()
        skipped.skipped = ProjectMessages.expectationsFile
        return skipped
      }
      return decode(root, file: file)
    } catch {
      return .failure(error)
    }
  }

  /// Whether the first byte after white space and a UTF-8 byte-order mark is `<` (XML).
  private static func startsWithMarkup(_ bytes: [UInt8]) -> Bool {
    bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) } == UInt8(ascii: "<")
  }

  /// The bytes of a manifest file, within the manifest bounds.
  static func readBounded(_ file: String) throws(ManifestError) -> [UInt8] {
    func failure(_ problem: ManifestError.Problem) -> ManifestError {
      ManifestError(file: file, location: nil, keyPath: "", problem: problem)
    }
    do {
      return try BoundedFile.read(file, limit: maxFileSize)
    } catch {
      switch error {
      case .unreadable(let reason): throw failure(.unreadable(reason))
      case .notRegularFile: throw failure(.notRegularFile)
      case .tooLarge(let size): throw failure(.tooLarge(bytes: size))
      }
    }
  }

  /// Decodes one manifest text; JSON when the path ends in `.json`, YAML otherwise.
  static func decode(text: String, file: String) -> Decoded {
    do {
      return decode(try ConfigDocument.tree(text: text, file: file), file: file)
    } catch {
      return .failure(error)
    }
  }

  static func decode(_ root: ConfigNode, file: String) -> Decoded {
    var decoder = ManifestDecoder(file: file)
    let document = decoder.document(root)
    if let document, decoder.errors.isEmpty { return Decoded(documents: [document]) }
    return Decoded(errors: decoder.errors)
  }
}

/// How platform files are read: which Xcode configuration and which Gradle variant supply
/// build settings.
public struct ImportOptions: Hashable, Sendable {
  /// The Xcode build configuration whose settings expand `$(VAR)` in `Info.plist` files
  /// (`Release` unless chosen; a target without it uses its default configuration).
  public var configuration: String
  /// The Gradle variant of each Android application module (`freeRelease`, or a build type
  /// alone: `debug`), or `nil` for the default: the release build type with the first flavour
  /// of each dimension as written.
  public var variant: String?
  /// Whether a directory walk follows symbolic links to directories (with loop detection and
  /// the walk's bounds) and to files outside the tree (never quoting their content in an
  /// error); by default it does neither, like `find`, ripgrep and fd.
  public var followLinks: Bool
  /// The locale whose labels built artifacts show (`de`, `pt-BR`): an APK's or App Bundle's
  /// string resources for it, an app extension's `<locale>.lproj/InfoPlist.strings`; `nil` for
  /// the default configuration (Android) and the development region (iOS).
  public var locale: String?
  /// The iOS version of the phone (`16.4`): extensions whose deployment target is above it are
  /// left out, as its share sheet leaves them out; `nil` for any.
  public var iosVersion: String?
  /// Folders and files a directory walk leaves out: globs matched against each path below the
  /// walked folder and against each name (`Pods`, `build/*`, `**/Tests`).
  public var excluded: [String]

  /// Creates options.
  public init(
    configuration: String = "Release", variant: String? = nil, followLinks: Bool = false, locale: String? = nil,
    iosVersion: String? = nil, excluded: [String] = []
  ) {
    self.configuration = configuration
    self.variant = variant
    self.followLinks = followLinks
    self.locale = locale
    self.iosVersion = iosVersion
    self.excluded = excluded
  }

  /// Whether an `--ios-version` value is a version (`17`, `16.4`, `15.0.1`).
  package static func isVersion(_ text: String) -> Bool { InfoPlistImporter.version(text) != nil }

  /// Whether a `--locale` value is one share-route reads: a language of two or three letters,
  /// with a region if any (`de`, `pt-BR`, `pt-rBR`, `pt_BR`).
  package static func isLocale(_ text: String) -> Bool { AndroidLocale(text) != nil }
}
