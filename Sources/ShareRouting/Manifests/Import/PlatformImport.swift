/// Reads the platforms' own files: `AndroidManifest.xml` and `Info.plist` (XML or binary).
enum PlatformImport {
  /// Decodes a platform file by its content.
  ///
  /// - Parameter inDirectory: A file without share targets found by a directory walk is
  ///   skipped; given by name, it is an error.
  /// - Parameters:
  ///   - files: The files around it (Gradle scripts, string resources, Xcode projects).
  ///   - options: Which Xcode configuration supplies build settings.
  static func decode(
    _ bytes: [UInt8], file: String, inDirectory: Bool, files: ProjectFiles = .none,
    options: ImportOptions = ImportOptions()
  ) -> Decoded {
    func noTarget(_ why: String) -> Decoded { Self.noTarget(why, file: file, inDirectory: inDirectory) }
    /// A file a walk found that cannot be read: an error when it may hold a share target, else
    /// skipped with what was wrong (no handler was lost).
    func unreadable(_ error: ManifestError) -> Decoded {
      guard inDirectory, !mayHoldShareTarget(bytes) else { return .failure(error) }
      return Decoded(skipped: PlistMessages.unreadableNoShareTarget((error.location.map { "\($0): " } ?? "") + error.problemDescription))
    }
    var xmlRoot: XMLNode?
    if !PropertyList.isBinary(bytes) {
      switch xml(bytes, file: file) {
      case .success(let root): xmlRoot = root
      case .failure(let error): return unreadable(error)
      }
      if let root = xmlRoot, root.name == "manifest" {
        var importer = AndroidManifestImporter(file: file, files: files, locale: options.locale.flatMap(AndroidLocale.init))
        importer.read(root)
        return decoded(importer, file: file, inDirectory: inDirectory)
      }
    }
    let plist: ConfigNode
    var repeated: [PropertyList.RepeatedKey] = []
    switch propertyList(bytes, xmlRoot: xmlRoot, file: file, repeated: &repeated) {
    case .success(let node): plist = node
    case .failure(let error): return unreadable(error)
    }
    var importer = InfoPlistImporter(file: file, files: files, options: options, walked: inDirectory)
    switch importer.read(plist) {
    case .handler(let handler, let places):
      let repeatedWarnings = repeated.map { key in
        let text = LintMessages.repeatedPlistKey(key.key, first: key.first)
        return ManifestWarning(file: file, location: key.location, keyPath: key.key, code: .repeatedPlistKey, message: text.message, fix: text.fix)
      }
      var decoded = Decoded(
        documents: [.handler(handler, places)], errors: importer.errors, warnings: repeatedWarnings + importer.warnings)
      if let target = importer.target {
        decoded.buildSettings = BuildSettingsUse(
          file: file,
          description: ProjectMessages.buildSettings(
            project: target.projectLabel, target: target.targetName,
            configuration: target.configuration, asked: options.configuration)
            + importer.resolution.map { "; " + $0 }.joined())
      }
      return decoded
    case .notShareTarget(let why):
      // An app's or a widget's plist in a project tree is no news; given by name, it is an error.
      if inDirectory && why == PlistMessages.noExtension { return Decoded(quiet: true) }
      return noTarget(why)
    case .invalid:
      return Decoded(errors: importer.errors, warnings: importer.warnings)
    }
  }
}

extension PlatformImport {
  /// Whether a platform file's bytes may hold a share target: they name an app extension
  /// (`NSExtension`) or a share action (`android.intent.action.SEND`, also inside
  /// `SEND_MULTIPLE`). A compiled or binary file keeps its strings, so it is searched too.
  static func mayHoldShareTarget(_ bytes: [UInt8]) -> Bool {
    for marker in ["NSExtension", "android.intent.action.SEND"] {
      let needle = Array(marker.utf8)
      if bytes.firstRange(of: needle) != nil { return true }
      // UTF-16 (compiled XML's string pool): every other byte zero.
      if bytes.firstRange(of: needle.flatMap { [$0, 0] }) != nil { return true }
    }
    return false
  }

  /// A property list, binary or XML (`xmlRoot` when the XML is parsed already).
  static func propertyList(
    _ bytes: [UInt8], xmlRoot: XMLNode? = nil, file: String, repeated: inout [PropertyList.RepeatedKey]
  ) -> Result<ConfigNode, ManifestError> {
    if PropertyList.isBinary(bytes) {
      do {
        return .success(try PropertyList.parseBinary(bytes))
      } catch {
        return .failure(syntax("binary plist", nil, error.message, file: file))
      }
    }
    let root: XMLNode
    if let xmlRoot {
      root = xmlRoot
    } else {
      switch xml(bytes, file: file) {
      case .success(let parsed): root = parsed
      case .failure(let error): return .failure(error)
      }
    }
    do {
      return .success(try PropertyList.convertXML(root, repeated: &repeated))
    } catch {
      return .failure(syntax("plist", error.location, error.message, file: file))
    }
  }

  /// An XML document's root element.
  private static func xml(_ bytes: [UInt8], file: String) -> Result<XMLNode, ManifestError> {
    do {
      return .success(try XMLReader.parse(bytes))
    } catch {
      return .failure(syntax("XML", error.location, error.message, file: file))
    }
  }

  private static func syntax(_ format: String, _ location: SourceLocation?, _ message: String, file: String) -> ManifestError {
    ManifestError(file: file, location: location, keyPath: "", problem: .syntax(format: format, message: message))
  }

  /// What an `AndroidManifest.xml` (source or compiled) held, once read: every component with
  /// filters, in the manifest's order (the share targets are handlers, the others only `query`
  /// resolves); a file without any is not a share target.
  static func decoded(_ importer: AndroidManifestImporter, file: String, inDirectory: Bool) -> Decoded {
    if importer.handlers.isEmpty && importer.components.isEmpty && importer.errors.isEmpty {
      return noTarget(PlistMessages.noShareActivity, file: file, inDirectory: inDirectory)
    }
    var decoded = Decoded(documents: importer.documents, errors: importer.errors, warnings: importer.warnings)
    if importer.handlers.isEmpty && importer.errors.isEmpty { decoded.skipped = PlistMessages.noShareActivity }
    return decoded
  }

  /// A platform file without share targets: skipped when a walk found it, an error when named.
  static func noTarget(_ why: String, file: String, inDirectory: Bool) -> Decoded {
    inDirectory
      ? Decoded(skipped: why)
      : .failure(ManifestError(file: file, location: nil, keyPath: "", problem: .noShareTarget(why)))
  }
}
