/// The default-locale string resources of an Android module (`res/values/*.xml`), for labels
/// written as `@string/name`.
///
/// Values are decoded as aapt2 does for the cases labels use: surrounding double quotes are
/// removed, `\'` `\"` `\\` `\n` `\t` `\@` `\?` and `\uXXXX` are unescaped, and runs of white
/// space outside quotes collapse to one space. A value that is itself `@string/other` is
/// followed (at most 8 steps).
struct AndroidStrings: Sendable {
  /// A string resource.
  struct Entry: Sendable, Hashable {
    var value: String
    var file: String
    var location: SourceLocation
  }

  /// The strings by name; the first definition wins (files in name order).
  var entries: [String: Entry] = [:]
  /// Files that could not be read or parsed: the file, where, and why.
  var problems: [(file: String, location: SourceLocation?, message: String)] = []

  /// The most `values/*.xml` files read per module.
  static let maxFiles = 64

  /// Where strings come from, in priority order.
  enum Source {
    /// A `res/values` folder (every `*.xml` in it).
    case directory(String)
    /// Strings a build script defines (`resValue("string", name, value)`).
    case entries([(name: String, entry: Entry)])
  }

  /// The sources with a locale's folders first, as Android resolves a string: every
  /// `values-<language>-r<REGION>` folder (in the sources' order), then every
  /// `values-<language>`, then the default ones; unchanged without a locale.
  static func localized(_ sources: [Source], _ locale: AndroidLocale?) -> [Source] {
    guard let locale else { return sources }
    let folders = sources.compactMap { source -> String? in
      if case .directory(let folder) = source { return folder }
      return nil
    }
    return localized(folders, locale).prefix { folder in !folders.contains(folder) }.map(Source.directory) + sources
  }

  /// Folders with a locale's `values-…` folders first (see the sources' version).
  static func localized(_ folders: [String], _ locale: AndroidLocale?) -> [String] {
    guard let locale else { return folders }
    let defaults = folders.filter { $0.hasSuffix("/values") || $0 == "values" }
    var out: [String] = []
    if let region = locale.region { out += defaults.map { $0 + "-\(locale.language)-r\(region)" } }
    out += defaults.map { $0 + "-\(locale.language)" }
    return out + folders
  }

  /// Reads every `*.xml` of the given `values` directories, in order (the first definition of a
  /// name wins).
  init(valuesDirectories: [String], files: ProjectFiles) {
    self.init(sources: valuesDirectories.map(Source.directory), files: files)
  }

  /// Reads the sources in order, highest priority first (the first definition of a name wins);
  /// folders that do not exist are passed over.
  init(sources: [Source], files: ProjectFiles) {
    for source in sources {
      let directory: String
      switch source {
      case .entries(let defined):
        for (name, entry) in defined where entries[name] == nil { entries[name] = entry }
        continue
      case .directory(let folder):
        guard files.isDirectory(folder) else { continue }
        directory = folder
      }
      let names = files.list(directory).filter { $0.lowercased().hasSuffix(".xml") }.sorted()
      for name in names.prefix(Self.maxFiles) {
        let path = directory + "/" + name
        switch files.read(path, limit: ProjectFiles.maxFileSize) {
        case .failure(let why):
          problems.append((path, nil, why))
        case .success(let bytes):
          do throws(XMLSyntaxError) {
            let root = try XMLReader.parse(bytes)
            guard root.name == "resources" else { continue }
            for child in root.children where child.name == "string" {
              guard let name = child.attribute("name")?.value, entries[name] == nil else { continue }
              entries[name] = Entry(value: Self.decode(Self.text(of: child)), file: path, location: child.location)
            }
          } catch {
            problems.append((path, error.location, error.message))
          }
        }
      }
    }
  }

  /// The text of an element and its children (inline markup such as `<b>` keeps its text).
  private static func text(of node: XMLNode) -> String {
    node.text + node.children.map(text(of:)).joined()
  }

  /// The most references followed from one `@string/…` to its value, as Android's
  /// `AssetManager2::ResolveReference` follows them.
  static let maxReferences = 20

  /// Why a reference has no value.
  enum Unresolved: Error, Hashable, Sendable {
    /// No string of that name (the name the chain stopped at).
    case missing(String)
    /// The chain comes back to a name it went through (the names, in order, the first again last).
    case cycle([String])
    /// More than ``AndroidStrings/maxReferences`` references.
    case tooLong(Int)
  }

  /// The value of `@string/name` (following references), or `nil` when it has none.
  func resolve(_ reference: String) -> Entry? {
    try? lookup(reference).get()
  }

  /// The value of `@string/name`, following references, or why it has none.
  func lookup(_ reference: String) -> Result<Entry, Unresolved> {
    var current = reference
    var seen: [String] = []
    for _ in 0...Self.maxReferences {
      guard let name = Self.stringName(current) else { return .failure(.missing(current)) }
      if seen.contains(name) { return .failure(.cycle(seen + [name])) }
      seen.append(name)
      guard let entry = entries[name] else { return .failure(.missing(name)) }
      guard Self.stringName(entry.value) != nil else { return .success(entry) }
      current = entry.value
    }
    return .failure(.tooLong(Self.maxReferences))
  }

  /// The names `@string/…` goes through to its value (`[label, app_name]`).
  func chain(_ reference: String) -> [String] {
    var names: [String] = []
    var current = reference
    for _ in 0..<8 {
      guard let name = Self.stringName(current) else { break }
      names.append(name)
      guard let entry = entries[name] else { break }
      current = entry.value
    }
    return names
  }

  /// `name` for `@string/name` or `@android:string/name`'s local form; `nil` otherwise.
  static func stringName(_ value: String) -> String? {
    guard value.hasPrefix("@string/") else { return nil }
    let name = value.dropFirst("@string/".count)
    return name.isEmpty ? nil : String(name)
  }

  /// A resource string's value as the app sees it.
  static func decode(_ raw: String) -> String {
    var out = ""
    var quoted = false
    // White space outside quotes collapses to one space, and none at either end.
    var pendingSpace = false
    func append(_ scalar: Unicode.Scalar) {
      if pendingSpace && !out.isEmpty { out += " " }
      pendingSpace = false
      out.unicodeScalars.append(scalar)
    }
    var scalars = raw.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      switch scalar {
      case "\"":
        quoted.toggle()
      case "\\":
        guard let escaped = scalars.next() else { break }
        switch escaped {
        case "n": append("\n")
        case "t": append("\t")
        case "u":
          var hex = ""
          for _ in 0..<4 { if let digit = scalars.next() { hex.unicodeScalars.append(digit) } }
          if let code = UInt32(hex, radix: 16), let value = Unicode.Scalar(code) { append(value) }
        default: append(escaped)
        }
      case " ", "\n", "\t", "\r":
        if quoted { append(scalar) } else { pendingSpace = true }
      default:
        append(scalar)
      }
    }
    return out
  }

}
