import ShareArchives

/// Built artifacts read as manifests: what a phone resolves against, not the source tree.
///
/// - An APK (`*.apk`): its compiled `AndroidManifest.xml`, labels resolved through
///   `resources.arsc`. An Android App Bundle (`*.aab`): the base module's
///   `base/manifest/AndroidManifest.xml` and `base/resources.pb` (protocol buffers). Both give
///   the handlers the source importer gives, with the package and class names the build wrote.
/// - An iOS app archive (`*.ipa`, a ZIP of `Payload/*.app`), an app bundle folder (`*.app`,
///   iOS's flat layout or macOS's `Contents/`), or one extension (`*.appex`): every extension in
///   `PlugIns/*.appex`, its `Info.plist` (binary or XML) and its `InfoPlist.strings` for the
///   locale.
///
/// Messages about a compiled manifest name the artifact and the place in it
/// (`/manifest/application[1]/activity[@android:name='…']/intent-filter[2]`); a member of an
/// archive is named `Chat.ipa!/Payload/…/Info.plist`. Bounds: ``ZipArchive``'s, and
/// ``maxManifestSize``, ``maxResourcesSize``, ``maxExtensions``.
enum ArtifactImport {
  /// The largest compiled manifest or `Info.plist` read (decompressed).
  static let maxManifestSize = 8 << 20
  /// The largest `resources.arsc` or `resources.pb` read (decompressed).
  static let maxResourcesSize = 128 << 20
  /// The most extensions read from one bundle or archive.
  static let maxExtensions = 256

  /// The kinds of artifact.
  enum Kind {
    case apk, appBundle, ipa, bundle
  }

  /// The kind of artifact a path names, by its extension (any case).
  static func kind(of path: String, isDirectory: Bool) -> Kind? {
    let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
    let lower = trimmed.lowercased()
    if isDirectory { return lower.hasSuffix(".app") || lower.hasSuffix(".appex") ? .bundle : nil }
    if lower.hasSuffix(".apk") { return .apk }
    if lower.hasSuffix(".aab") { return .appBundle }
    if lower.hasSuffix(".ipa") { return .ipa }
    return nil
  }

  /// Reads one artifact: each manifest in it with the file name its messages use.
  static func decode(_ path: String, kind: Kind, inDirectory: Bool, options: ImportOptions) -> [(file: String, decoded: Decoded)] {
    let locale = options.locale.flatMap(AndroidLocale.init)
    switch kind {
    case .apk, .appBundle:
      return [(path, android(path, bundle: kind == .appBundle, inDirectory: inDirectory, locale: locale))]
    case .ipa:
      return ipa(path, inDirectory: inDirectory, locale: locale, iosVersion: options.iosVersion)
    case .bundle:
      return folder(path, inDirectory: inDirectory, locale: locale, iosVersion: options.iosVersion, followLinks: options.followLinks)
    }
  }

  private static func failure(_ file: String, member: String?, offset: Int?, _ reason: String) -> Decoded {
    .failure(ManifestError(file: file, location: nil, keyPath: "", problem: .artifact(ArtifactMessages.inMember(member, offset: offset, reason))))
  }

  // MARK: Android

  private static func android(_ path: String, bundle: Bool, inDirectory: Bool, locale: AndroidLocale?) -> Decoded {
    let archive: ZipArchive
    do {
      archive = try ZipArchive(path: path)
    } catch {
      return failure(path, member: nil, offset: nil, ArchiveMessages.describe(error))
    }
    let manifestName = bundle ? "base/manifest/AndroidManifest.xml" : "AndroidManifest.xml"
    let resourcesName = bundle ? "base/resources.pb" : "resources.arsc"
    guard let manifestEntry = archive.entry(manifestName) else {
      return failure(path, member: nil, offset: nil, ArtifactMessages.missingMember(manifestName, kind: bundle ? "an Android App Bundle" : "an APK"))
    }
    var member = resourcesName
    do throws(ArtifactImportFailure) {
      var resources: ResourceTable?
      if let entry = archive.entry(resourcesName) {
        let bytes = try ArtifactImportFailure.reading { () throws(ZipArchive.Failure) in try archive.read(entry, limit: maxResourcesSize) }
        resources = try ArtifactImportFailure.parsing { () throws(ArtifactFailure) in
          bundle ? try ProtoResources.table(bytes) : try ResourceTable(bytes)
        }
      }
      member = manifestName
      let bytes = try ArtifactImportFailure.reading { () throws(ZipArchive.Failure) in try archive.read(manifestEntry, limit: maxManifestSize) }
      let document = try ArtifactImportFailure.parsing { () throws(ArtifactFailure) in
        bundle
          ? try ProtoXML.parse(bytes, resources: resources, locale: locale)
          : try BinaryXML.parse(bytes, resources: resources, locale: locale)
      }
      // An XML resource the manifest names (a launcher activity's shortcuts): the member at the
      // path its value holds (`res/xml/shortcuts.xml`; an App Bundle's under `base/`).
      let xmlResource = { (value: String) -> Result<(file: String, root: XMLNode), AndroidManifestImporter.ResourceProblem> in
        let name = bundle ? "base/" + value : value
        guard value.hasPrefix("res/"), let entry = archive.entry(name) else {
          return .failure(AndroidManifestImporter.ResourceProblem(why: ArtifactMessages.missingResource(value)))
        }
        do throws(ArtifactImportFailure) {
          let bytes = try ArtifactImportFailure.reading { () throws(ZipArchive.Failure) in try archive.read(entry, limit: maxManifestSize) }
          let document = try ArtifactImportFailure.parsing { () throws(ArtifactFailure) in
            bundle ? try ProtoXML.parse(bytes, resources: resources, locale: locale) : try BinaryXML.parse(bytes, resources: resources, locale: locale)
          }
          return .success((path + "!/" + name, document.root))
        } catch {
          switch error {
          case .archive(let failure): return .failure(AndroidManifestImporter.ResourceProblem(why: ArchiveMessages.describe(failure)))
          case .data(let failure): return .failure(AndroidManifestImporter.ResourceProblem(why: failure.message))
          }
        }
      }
      return androidDocument(document, file: path, inDirectory: inDirectory, locale: locale, xmlResource: xmlResource)
    } catch {
      switch error {
      case .archive(let failure): return Self.failure(path, member: nil, offset: nil, ArchiveMessages.describe(failure))
      case .data(let failure): return Self.failure(path, member: member, offset: failure.offset, failure.message)
      }
    }
  }

  private static func androidDocument(
    _ document: BinaryXML.Document, file: String, inDirectory: Bool, locale: AndroidLocale?,
    xmlResource: ((String) -> Result<(file: String, root: XMLNode), AndroidManifestImporter.ResourceProblem>)? = nil
  ) -> Decoded {
    guard document.root.name != "manifest" || document.root.attribute("package")?.value.isEmpty == false else {
      return relocated(
        .failure(ManifestError(file: file, location: document.root.location, keyPath: "", problem: .artifact(ArtifactMessages.manifestWithoutPackage))),
        paths: document.paths)
    }
    var importer = AndroidManifestImporter(
      file: file, built: AndroidManifestImporter.Built(unresolved: document.unresolved.mapValues { ArtifactMessages.miss($0, locale: locale) }))
    importer.xmlResource = xmlResource ?? { _ in .failure(AndroidManifestImporter.ResourceProblem(why: ArtifactMessages.noPackageAround)) }
    importer.read(document.root)
    return relocated(PlatformImport.decoded(importer, file: file, inDirectory: inDirectory), paths: document.paths)
  }

  /// A compiled `AndroidManifest.xml` on its own (taken out of an APK): read as the APK's, with
  /// no resource table to resolve references through.
  static func compiledManifest(_ bytes: [UInt8], file: String, inDirectory: Bool) -> Decoded {
    do throws(ArtifactFailure) {
      return androidDocument(try BinaryXML.parse(bytes, resources: nil, locale: nil), file: file, inDirectory: inDirectory, locale: nil)
    } catch {
      return failure(file, member: nil, offset: error.offset, error.message)
    }
  }

  /// A bundle or archive named by hand whose extensions are none of them share targets (each was
  /// read as if a walk had found it): one error for the whole.
  private static func named(
    _ path: String, _ results: [(file: String, decoded: Decoded)], inDirectory: Bool
  ) -> [(file: String, decoded: Decoded)] {
    let empty = results.allSatisfy { $0.decoded.documents.isEmpty && $0.decoded.errors.isEmpty }
    guard !inDirectory, empty else { return results }
    let why = results.compactMap(\.decoded.skipped).first ?? ArtifactMessages.noShareExtension
    return [(path, PlatformImport.noTarget(why, file: path, inDirectory: false))]
  }

  /// Every synthetic location replaced by the place it stands for, in the key path.
  static func relocated(_ decoded: Decoded, paths: CompiledTree.Places) -> Decoded {
    func place(_ location: SourceLocation?, _ keyPath: String) -> (SourceLocation?, String) {
      guard let location, let path = paths[location.line] else { return (location, keyPath) }
      return (nil, keyPath.isEmpty ? path : path + ": " + keyPath)
    }
    var out = decoded
    out.errors = decoded.errors.map {
      let (location, keyPath) = place($0.location, $0.keyPath)
      return ManifestError(file: $0.file, location: location, keyPath: keyPath, problem: $0.problem)
    }
    out.warnings = decoded.warnings.map {
      let (location, keyPath) = place($0.location, $0.keyPath)
      return ManifestWarning(file: $0.file, location: location, keyPath: keyPath, code: $0.code, message: $0.message, fix: $0.fix)
    }
    out.documents = decoded.documents.map { document in
      guard case .handler(let handler, var places) = document else { return document }
      places.handler = place(places.handler.location, places.handler.keyPath)
      places.order = nil
      places.placesArePaths = true
      for index in places.filters.indices {
        var filter = places.filters[index]
        (filter.location, filter.keyPath) = place(filter.location, filter.keyPath)
        filter.mimeTypes = filter.mimeTypes.map {
          let (location, keyPath) = place($0.location, $0.keyPath)
          return ($0.value, location, keyPath)
        }
        filter.priority = filter.priority.map { place($0.location, $0.keyPath) }
        filter.schemes = filter.schemes.map { place($0.location, $0.keyPath) }
        filter.categories = filter.categories.map { place($0.location, $0.keyPath) }
        places.filters[index] = filter
      }
      return .handler(handler, places)
    }
    return out
  }

  // MARK: iOS

  /// One extension's files, however they are stored.
  private struct Extension {
    /// The name messages use for its `Info.plist`.
    var file: String
    /// The bundle's name without `.appex`.
    var name: String
    var plist: () -> Result<[UInt8], ArtifactFailure>
    /// `InfoPlist.strings` by localisation folder name (`de`, `en`, `Base`, `pt-BR`).
    var strings: [String: () -> Result<[UInt8], ArtifactFailure>]
  }

  private static func ipa(_ path: String, inDirectory: Bool, locale: AndroidLocale?, iosVersion: String?) -> [(file: String, decoded: Decoded)] {
    let archive: ZipArchive
    do {
      archive = try ZipArchive(path: path)
    } catch {
      return [(path, failure(path, member: nil, offset: nil, ArchiveMessages.describe(error)))]
    }
    // Payload/<App>.app/PlugIns/<Extension>.appex/Info.plist, and its <lang>.lproj/InfoPlist.strings.
    var extensions: [String: Extension] = [:]
    var order: [String] = []
    var sawApp = false
    func read(_ entry: ZipArchive.Entry) -> () -> Result<[UInt8], ArtifactFailure> {
      {
        do throws(ZipArchive.Failure) {
          return .success(try archive.read(entry, limit: maxManifestSize))
        } catch {
          return .failure(ArtifactFailure(offset: nil, message: ArchiveMessages.describe(error)))
        }
      }
    }
    for entry in archive.entries {
      let parts = entry.name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
      guard parts.count >= 2, parts[0] == "Payload", parts[1].hasSuffix(".app") else { continue }
      sawApp = true
      guard parts.count >= 5, parts[2] == "PlugIns", parts[3].hasSuffix(".appex") else { continue }
      let folder = parts[0...3].joined(separator: "/")
      if extensions[folder] == nil {
        guard order.count < maxExtensions else {
          return [(path, failure(path, member: nil, offset: nil, ArtifactMessages.tooManyBundles(maxExtensions)))]
        }
        order.append(folder)
        extensions[folder] = Extension(
          file: path + "!/" + folder + "/Info.plist", name: String(parts[3].dropLast(".appex".count)),
          plist: { .failure(ArtifactFailure(offset: nil, message: ArtifactMessages.missingMember(folder + "/Info.plist", kind: "an app extension"))) }, strings: [:])
      }
      if parts.count == 5, parts[4] == "Info.plist" {
        extensions[folder]?.plist = read(entry)
      } else if parts.count == 6, parts[4].hasSuffix(".lproj"), parts[5] == "InfoPlist.strings" {
        extensions[folder]?.strings[String(parts[4].dropLast(".lproj".count))] = read(entry)
      }
    }
    guard sawApp else { return [(path, failure(path, member: nil, offset: nil, ArtifactMessages.noAppInPayload))] }
    guard !order.isEmpty else { return [(path, PlatformImport.noTarget(ArtifactMessages.noExtensions, file: path, inDirectory: inDirectory))] }
    return named(path, order.compactMap { extensions[$0] }.map { ($0.file, decodeExtension($0, locale: locale, iosVersion: iosVersion)) }, inDirectory: inDirectory)
  }

  /// An unzipped bundle: its files are read only where they really are inside it (a symbolic
  /// link out of the bundle is read only with `followLinks`).
  private static func folder(
    _ path: String, inDirectory: Bool, locale: AndroidLocale?, iosVersion: String?, followLinks: Bool
  ) -> [(file: String, decoded: Decoded)] {
    let root = path.hasSuffix("/") ? String(path.dropLast()) : path
    func readFile(_ file: String) -> () -> Result<[UInt8], ArtifactFailure> {
      {
        if !followLinks && TreeBoundary.leaves(file, root: root) {
          return .failure(ArtifactFailure(offset: nil, message: ProjectMessages.linkOutside))
        }
        do throws(BoundedFile.Failure) {
          return .success(try BoundedFile.read(file, limit: maxManifestSize))
        } catch {
          switch error {
          case .unreadable(let reason): return .failure(ArtifactFailure(offset: nil, message: ArchiveMessages.describe(.unreadable(reason))))
          case .notRegularFile: return .failure(ArtifactFailure(offset: nil, message: ArchiveMessages.describe(.notRegularFile)))
          case .tooLarge(let size): return .failure(ArtifactFailure(offset: nil, message: ArtifactMessages.fileTooLarge(size, limit: maxManifestSize)))
          }
        }
      }
    }
    /// An extension folder: iOS keeps `Info.plist` at its top, macOS in `Contents/`.
    func appex(_ folder: String) -> Extension {
      let name = ProjectPath.name(folder)
      let contents = BoundedFile.isDirectory(folder + "/Contents") ? folder + "/Contents" : folder
      let resources = contents == folder ? folder : contents + "/Resources"
      var strings: [String: () -> Result<[UInt8], ArtifactFailure>] = [:]
      for entry in (Directory.names(in: resources, limit: 1_000) ?? []).sorted() where entry.hasSuffix(".lproj") {
        strings[String(entry.dropLast(".lproj".count))] = readFile(resources + "/" + entry + "/InfoPlist.strings")
      }
      return Extension(
        file: contents + "/Info.plist", name: name.hasSuffix(".appex") ? String(name.dropLast(".appex".count)) : name,
        plist: readFile(contents + "/Info.plist"), strings: strings)
    }
    if root.lowercased().hasSuffix(".appex") {
      let found = appex(root)
      return named(path, [(found.file, decodeExtension(found, locale: locale, iosVersion: iosVersion))], inDirectory: inDirectory)
    }
    let plugIns = BoundedFile.isDirectory(root + "/Contents/PlugIns") ? root + "/Contents/PlugIns" : root + "/PlugIns"
    let names = (Directory.names(in: plugIns, limit: maxExtensions + 1) ?? []).filter { $0.hasSuffix(".appex") }.sorted {
      $0.utf8Precedes($1)
    }
    guard names.count <= maxExtensions else {
      return [(path, failure(path, member: nil, offset: nil, ArtifactMessages.tooManyBundles(maxExtensions)))]
    }
    guard !names.isEmpty else { return [(path, PlatformImport.noTarget(ArtifactMessages.noExtensions, file: path, inDirectory: inDirectory))] }
    return named(path, names.map { appex(plugIns + "/" + $0) }.map { ($0.file, decodeExtension($0, locale: locale, iosVersion: iosVersion)) }, inDirectory: inDirectory)
  }

  /// One extension of a bundle, read as a walk would find it (an extension that is no share
  /// target is skipped: ``named(_:_:inDirectory:)`` speaks for a bundle named by hand).
  private static func decodeExtension(_ found: Extension, locale: AndroidLocale?, iosVersion: String?) -> Decoded {
    let bytes: [UInt8]
    switch found.plist() {
    case .success(let read): bytes = read
    case .failure(let why): return .failure(ManifestError(file: found.file, location: nil, keyPath: "", problem: .artifact(why.message)))
    }
    let plist: ConfigNode
    var repeated: [PropertyList.RepeatedKey] = []
    switch PlatformImport.propertyList(bytes, file: found.file, repeated: &repeated) {
    case .success(let node): plist = node
    case .failure(let error): return .failure(error)
    }
    var localized: [String: String] = [:]
    var warnings: [ManifestWarning] = []
    if let folder = localisation(found.strings.keys.sorted(), locale: locale, development: developmentRegion(plist)),
      let load = found.strings[folder]
    {
      switch load().flatMap(StringsFile.parse) {
      case .success(let values): localized = values
      case .failure(let why):
        warnings.append(
          ManifestWarning(
            file: found.file, location: nil, keyPath: folder + ".lproj/InfoPlist.strings", code: .unresolvedLabel,
            message: ArtifactMessages.unreadableStrings(why.message), fix: ArtifactMessages.unreadableStringsFix))
      }
    }
    var facts = InfoPlistImporter.Built(bundleName: found.name, localized: localized)
    if case .object(let members) = plist.value {
      for member in members {
        switch (member.key, member.value.value) {
        case ("CFBundleSupportedPlatforms", .array(let items)):
          facts.platforms = items.compactMap { if case .string(let text) = $0.value { text } else { nil } }
        case ("MinimumOSVersion", .string(let text)): facts.minimumOS = text
        default: break
        }
      }
    }
    var importer = InfoPlistImporter(file: found.file, options: ImportOptions(iosVersion: iosVersion), built: facts)
    switch importer.read(plist) {
    case .handler(let handler, let places):
      return Decoded(documents: [.handler(handler, places)], errors: importer.errors, warnings: warnings + importer.warnings)
    case .notShareTarget(let why):
      return PlatformImport.noTarget(why, file: found.file, inDirectory: true)
    case .invalid:
      return Decoded(errors: importer.errors, warnings: warnings + importer.warnings)
    }
  }

  private static func developmentRegion(_ plist: ConfigNode) -> String? {
    guard case .object(let members) = plist.value,
      case .string(let region)? = members.first(where: { $0.key == "CFBundleDevelopmentRegion" })?.value.value
    else { return nil }
    return region
  }

  /// The English names old bundles use for their localisations (`English.lproj`,
  /// `CFBundleDevelopmentRegion` = `English`).
  static let legacyLanguages: [String: String] = [
    "English": "en", "German": "de", "French": "fr", "Japanese": "ja", "Spanish": "es", "Italian": "it", "Dutch": "nl",
  ]

  /// The `.lproj` folder the system would pick: the locale's (language and script, language and
  /// region, language, another region), else the development region's, else `Base`.
  static func localisation(_ folders: [String], locale: AndroidLocale?, development: String?) -> String? {
    func parse(_ name: String) -> AndroidLocale? { AndroidLocale(legacyLanguages[name] ?? name) }
    let parsed = folders.map { ($0, parse($0)) }
    if let locale {
      if locale.script != nil, let script = parsed.first(where: { $0.1?.language == locale.language && $0.1?.script == locale.script }) {
        return script.0
      }
      if let exact = parsed.first(where: { $0.1?.language == locale.language && $0.1?.region == locale.region }) { return exact.0 }
      if let language = parsed.first(where: { $0.1?.language == locale.language && $0.1?.region == nil }) { return language.0 }
      if let other = parsed.first(where: { $0.1?.language == locale.language }) { return other.0 }
    }
    if let development, let region = parse(development),
      let match = parsed.first(where: { $0.1?.language == region.language })
    {
      return match.0
    }
    return folders.contains("Base") ? "Base" : nil
  }
}

/// The two ways reading an archive member can fail, kept apart for the message.
enum ArtifactImportFailure: Error {
  case archive(ZipArchive.Failure)
  case data(ArtifactFailure)

  static func reading<T>(_ body: () throws(ZipArchive.Failure) -> T) throws(ArtifactImportFailure) -> T {
    do { return try body() } catch { throw .archive(error) }
  }

  static func parsing<T>(_ body: () throws(ArtifactFailure) -> T) throws(ArtifactImportFailure) -> T {
    do { return try body() } catch { throw .data(error) }
  }
}

/// An `InfoPlist.strings` file: a binary property list, or the text form (`"key" = "value";`,
/// UTF-16 with a byte-order mark or UTF-8).
enum StringsFile {
  static func parse(_ bytes: [UInt8]) -> Result<[String: String], ArtifactFailure> {
    if PropertyList.isBinary(bytes) {
      guard let node = try? PropertyList.parseBinary(bytes), case .object(let members) = node.value else {
        return .failure(ArtifactFailure(offset: nil, message: ArtifactMessages.stringsNotDictionary))
      }
      var values: [String: String] = [:]
      for member in members { if case .string(let text) = member.value.value { values[member.key] = text } }
      return .success(values)
    }
    let text: String
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      let little = bytes[0] == 0xFF
      var units: [UInt16] = []
      units.reserveCapacity(bytes.count / 2)
      var index = 2
      while index + 1 < bytes.count {
        units.append(little ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8 : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
        index += 2
      }
      text = String(decoding: units, as: UTF16.self)
    } else {
      text = String(decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self)
    }
    do {
      guard case .dictionary(let dictionary) = try PBXParser.parse(Array(("{" + text + "\n}").utf8)) else {
        return .failure(ArtifactFailure(offset: nil, message: ArtifactMessages.stringsNotDictionary))
      }
      var values: [String: String] = [:]
      for (key, value) in dictionary { if case .string(let text) = value { values[key] = text } }
      return .success(values)
    } catch {
      return .failure(ArtifactFailure(offset: nil, message: "line \(error.location.line): \(error.message)"))
    }
  }
}
