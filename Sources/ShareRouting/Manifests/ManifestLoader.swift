/// A file a directory walk read and left out because it describes no share target (an app's
/// own `Info.plist`, a library's `AndroidManifest.xml`); nothing is wrong with it.
public struct SkippedFile: Hashable, Sendable, CustomStringConvertible {
  /// The file.
  public let file: String
  /// Why it holds no handler.
  public let reason: String

  /// `file: skipped: reason`.
  public var description: String { "\(file): skipped: \(reason)" }
}

/// Every handler and source profile of one or more manifest locations, with every error found.
///
/// Loading never stops at the first bad file: each invalid file (or invalid duplicate) is
/// reported in ``errors`` and left out, and every valid one is kept.
public struct ManifestSet: Sendable {
  /// The valid handlers, in load order (files sorted by path).
  public var handlers: [HandlerManifest]
  /// The valid source profiles, by name.
  public var sources: [String: SourceProfile]
  /// Every problem found, in file order.
  public var errors: [ManifestError]
  /// Platform pitfalls in the valid handlers (for `lint`), found when asked (routing never
  /// pays for them): the importers' own, then each handler's, then those across handlers.
  public var warnings: [ManifestWarning] {
    var result = importWarnings
    for (handler, places) in zip(handlers, locations) { result += ManifestLint.check(handler, at: places) }
    result += ManifestLint.checkSet(handlers, locations: locations)
    guard positionsAreMeaningful else {
      // Positions would point into the converted JSON of the built-in set, not into the YAML people read.
      return result.map {
        ManifestWarning(file: $0.file, location: nil, keyPath: $0.keyPath, code: $0.code, message: $0.message, fix: $0.fix)
      }
    }
    return result
  }
  /// Warnings the importers found while reading (keys outside the rule, build settings, …).
  var importWarnings: [ManifestWarning] = []
  /// False for the built-in set, whose texts are JSON converted from YAML.
  var positionsAreMeaningful = true
  /// Platform files of a directory that hold no share target.
  public var skipped: [SkippedFile] = []
  /// Where each handler's parts are, parallel to ``handlers``.
  var locations: [HandlerLocations] = []

  /// Creates a set.
  public init(
    handlers: [HandlerManifest] = [], sources: [String: SourceProfile] = [:],
    errors: [ManifestError] = []
  ) {
    self.handlers = handlers
    self.sources = sources
    self.errors = errors
    self.locations = handlers.map { _ in HandlerLocations() }
  }

  /// Adds what one file held, checking ids and source names against those already present.
  mutating func add(_ decoded: Decoded, file: String) {
    errors += decoded.errors
    if let skipped = decoded.skipped { self.skipped.append(SkippedFile(file: file, reason: skipped)) }
    for document in decoded.documents {
      switch document {
      case .handler(let handler, let places):
        if let first = handlers.first(where: { $0.id == handler.id }) {
          errors.append(
            ManifestError(
              file: file, location: places.handler.location, keyPath: places.handler.keyPath,
              problem: .duplicateID(handler.id, firstDefinedIn: first.origin)))
        } else {
          handlers.append(handler)
          locations.append(places)
        }
      case .source(let profile, let nameLocation):
        if let first = sources[profile.name] {
          errors.append(
            ManifestError(
              file: file, location: nameLocation, keyPath: "source",
              problem: .duplicateSource(profile.name, firstDefinedIn: first.origin)))
        } else {
          sources[profile.name] = profile
        }
      }
    }
    importWarnings += decoded.warnings
  }

  /// Checks that source profiles name existing handlers (a profile that does not is dropped).
  mutating func finish() {
    let ids = Set(handlers.map(\.id))
    for (name, profile) in sources {
      let unknown = (profile.offers.enumerated().map { ("offers[\($0.offset)]", $0.element) }
        + profile.custom.enumerated().map { ("custom[\($0.offset)]", $0.element) })
        .filter { !ids.contains($0.1) }
      guard !unknown.isEmpty else { continue }
      for (path, id) in unknown {
        errors.append(
          ManifestError(file: profile.origin, location: nil, keyPath: path, problem: .unknownHandler(id)))
      }
      sources[name] = nil
    }
  }
}

/// What one manifest file held.
struct Decoded {
  var documents: [ManifestDocument] = []
  var errors: [ManifestError] = []
  var warnings: [ManifestWarning] = []
  /// Set when the file is a platform file without share targets, found by a directory walk.
  var skipped: String?

  static func failure(_ error: ManifestError) -> Decoded { Decoded(errors: [error]) }
}

/// One decoded handler or source profile.
enum ManifestDocument {
  case handler(HandlerManifest, HandlerLocations)
  case source(SourceProfile, nameLocation: SourceLocation)
}

/// Loads manifests strictly: YAML and JSON files, `AndroidManifest.xml` files and `Info.plist`
/// files (XML or binary), alone or in directories.
public enum ManifestLoader {
  /// The largest manifest file read, in bytes (1 MiB).
  public static let maxFileSize = 1 << 20

  /// The extensions read from a directory.
  public static let extensions: Set<String> = ["yaml", "yml", "json"]

  /// Loads every manifest under the given paths.
  ///
  /// A directory is walked recursively in path order and its `*.yaml`, `*.yml` and `*.json`
  /// files are read; other files are ignored. A file given directly is read whatever its name.
  ///
  /// - Parameter paths: Directories or files, in order.
  /// - Returns: The handlers and profiles, and every error found.
  public static func load(paths: [String]) -> ManifestSet {
    var set = ManifestSet()
    for path in paths {
      let isDirectory = BoundedFile.isDirectory(path)
      let files = isDirectory ? manifestFiles(in: path) : [path]
      for file in files {
        set.add(read(file, inDirectory: isDirectory), file: file)
      }
    }
    set.finish()
    return set
  }

  /// Loads manifests given as texts (the built-in set), each with a display path.
  ///
  /// - Parameters:
  ///   - texts: Each manifest's display path and text.
  ///   - json: Parse every text as JSON whatever its path says (the built-in set is embedded as
  ///     JSON converted from the YAML files, which parses much faster at startup).
  public static func load(texts: [(path: String, text: String)], json: Bool = false) -> ManifestSet {
    var set = ManifestSet()
    for (path, text) in texts {
      let decoded: Decoded
      do {
        decoded = decode(try tree(text: text, file: json ? path + ".json" : path), file: path)
      } catch {
        decoded = .failure(error)
      }
      set.add(decoded, file: path)
    }
    set.finish()
    set.positionsAreMeaningful = !json
    return set
  }

  /// Loads platform files given as bytes (`AndroidManifest.xml`, XML or binary `Info.plist`),
  /// each with a display path, as if each had been named on the command line.
  public static func load(platformFiles: [(path: String, bytes: [UInt8])]) -> ManifestSet {
    var set = ManifestSet()
    for (path, bytes) in platformFiles {
      set.add(PlatformImport.decode(bytes, file: path, inDirectory: false), file: path)
    }
    set.finish()
    return set
  }

  static func manifestFiles(in directory: String) -> [String] {
    var result: [String] = []
    var pending = [directory]
    while let current = pending.popLast() {
      guard let entries = listDirectory(current) else { continue }
      for entry in entries where !entry.hasPrefix(".") {
        let path = current.hasSuffix("/") ? current + entry : current + "/" + entry
        if BoundedFile.isDirectory(path) {
          pending.append(path)
        } else if let dot = entry.lastIndex(of: "."),
          extensions.contains(entry[entry.index(after: dot)...].lowercased())
        {
          result.append(path)
        } else if entry == "AndroidManifest.xml" || entry.lowercased().hasSuffix("info.plist") {
          result.append(path)
        }
      }
    }
    return result.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// Reads one file: YAML or JSON by extension; an `AndroidManifest.xml` or `Info.plist` (XML
  /// or binary) by its content.
  ///
  /// - Parameter inDirectory: Whether a directory walk found the file: a platform file without
  ///   share targets is then skipped rather than an error.
  static func read(_ file: String, inDirectory: Bool = false) -> Decoded {
    let lower = file.lowercased()
    let byName = lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") || lower.hasSuffix(".json")
    do {
      // Each file is read once: its bytes go to the platform importer or to the YAML/JSON parser.
      let bytes = try readBounded(file)
      if !byName && (PropertyList.isBinary(bytes) || startsWithMarkup(bytes)) {
        return PlatformImport.decode(bytes, file: file, inDirectory: inDirectory)
      }
      return decode(try tree(bytes: bytes, file: file), file: file)
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
      return decode(try tree(text: text, file: file), file: file)
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

  /// The positioned tree of a YAML or JSON file read with the manifest bounds (size, UTF-8).
  static func tree(file: String) throws(ManifestError) -> ConfigNode {
    try tree(bytes: try readBounded(file), file: file)
  }

  /// The positioned tree of a YAML or JSON file's bytes (which must be UTF-8).
  static func tree(bytes: [UInt8], file: String) throws(ManifestError) -> ConfigNode {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw ManifestError(file: file, location: nil, keyPath: "", problem: .notUTF8)
    }
    return try tree(text: text, file: file)
  }

  /// The positioned tree of a text: JSON when the path ends in `.json`, YAML otherwise.
  static func tree(text: String, file: String) throws(ManifestError) -> ConfigNode {
    let isJSON = file.lowercased().hasSuffix(".json")
    let root: ConfigNode?
    do {
      root = isJSON ? try ConfigParser.parseJSON(text) : try ConfigParser.parseYAML(text)
    } catch {
      throw ManifestError(
        file: file, location: error.location, keyPath: "",
        problem: .syntax(format: isJSON ? "JSON" : "YAML", message: error.message))
    }
    guard let root else { throw ManifestError(file: file, location: nil, keyPath: "", problem: .emptyDocument) }
    return root
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The names in a directory, or `nil` when it cannot be listed.
private func listDirectory(_ path: String) -> [String]? {
  guard let dir = opendir(path) else { return nil }
  defer { closedir(dir) }
  var names: [String] = []
  while let entry = readdir(dir) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    if name != "." && name != ".." { names.append(name) }
  }
  return names
}
