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
    func syntax(_ format: String, _ location: SourceLocation?, _ message: String) -> Decoded {
      .failure(ManifestError(file: file, location: location, keyPath: "", problem: .syntax(format: format, message: message)))
    }
    func noTarget(_ why: String) -> Decoded {
      inDirectory
        ? Decoded(skipped: why)
        : .failure(ManifestError(file: file, location: nil, keyPath: "", problem: .noShareTarget(why)))
    }
    let plist: ConfigNode
    if PropertyList.isBinary(bytes) {
      do {
        plist = try PropertyList.parseBinary(bytes)
      } catch {
        return syntax("binary plist", nil, error.message)
      }
    } else {
      let root: XMLNode
      do {
        root = try XMLReader.parse(bytes)
      } catch {
        return syntax("XML", error.location, error.message)
      }
      if root.name == "manifest" {
        var importer = AndroidManifestImporter(file: file, files: files, locale: options.locale.flatMap(AndroidLocale.init))
        importer.read(root)
        if importer.handlers.isEmpty && importer.components.isEmpty && importer.errors.isEmpty {
          return noTarget(PlistMessages.noShareActivity)
        }
        // Every component with filters, in the manifest's order: the share targets are
        // handlers, the others only `query` resolves.
        var decoded = Decoded(documents: importer.documents, errors: importer.errors, warnings: importer.warnings)
        if importer.handlers.isEmpty && importer.errors.isEmpty { decoded.skipped = PlistMessages.noShareActivity }
        return decoded
      }
      do {
        plist = try PropertyList.convertXML(root)
      } catch {
        return syntax("plist", error.location, error.message)
      }
    }
    var importer = InfoPlistImporter(file: file, files: files, options: options)
    switch importer.read(plist) {
    case .handler(let handler, let places):
      var decoded = Decoded(documents: [.handler(handler, places)], errors: importer.errors, warnings: importer.warnings)
      if let target = importer.target {
        decoded.buildSettings = BuildSettingsUse(
          file: file,
          description: ProjectMessages.buildSettings(
            project: ProjectPath.name(ProjectPath.parent(target.projectFile)), target: target.targetName,
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
