/// Reads the app extensions an XcodeGen spec declares itself: a target whose `info.properties`
/// holds `NSExtension` gets its `Info.plist` from XcodeGen at generation time, so the spec is
/// where it is read — the plist XcodeGen writes (its generated keys, `CFBundleIdentifier` =
/// `$(PRODUCT_BUNDLE_IDENTIFIER)` and `CFBundleName` = `$(PRODUCT_NAME)`, under the properties),
/// expanded with the target's settings as the spec gives them (``XcodeGenSpec``). A target whose
/// plist is a file of its own is read from that file, when a walk meets it.
enum XcodeGenImport {
  /// A spec found by a directory walk, or `nil` when the file is no spec (it is then read as
  /// any other YAML file).
  static func read(_ file: String, files: ProjectFiles, options: ImportOptions) -> Decoded? {
    guard let root = try? ConfigDocument.tree(file: file), XcodeGenSpec.isSpec(root) else { return nil }
    // Once generated, the Xcode project beside it is what the plists are read with.
    if files.list(ProjectPath.parent(file)).contains(where: { $0.hasSuffix(".xcodeproj") }) {
      return Decoded(skipped: ProjectMessages.xcodeGenGeneratedProject)
    }
    return decode(root, file: file, inDirectory: true, files: files, options: options)
  }

  /// The handlers of a spec's targets.
  static func decode(_ root: ConfigNode, file: String, inDirectory: Bool, files: ProjectFiles, options: ImportOptions) -> Decoded {
    var problems: [ManifestError] = []
    let spec = XcodeGenSpec(
      file: file, root: root, read: { path in Result { () throws(ManifestError) in try ConfigDocument.tree(file: path) } },
      problems: &problems)
    // An include that cannot be read may hold nothing of a share target: a warning, the rest read.
    var decoded = Decoded(
      warnings: problems.map {
        ManifestWarning(
          file: file, location: $0.location, keyPath: "include", code: .unresolvedProjectFile,
          message: ProjectMessages.includeUnreadable($0.file, $0.problemDescription), fix: ProjectMessages.includeUnreadableFix)
      })
    var skipped: [String] = []
    var uses: [String] = []
    let configuration = spec.configuration(options.configuration)
    for target in spec.targets {
      guard let properties = target.infoProperties, case .object(let members) = properties.value,
        members.contains(where: { $0.key == "NSExtension" })
      else { continue }
      let context = XcodeTargetContext.context(spec, target: target, configuration: configuration)
      // XcodeGen's generated keys (InfoPlistGenerator), the properties over them.
      let generated = [("CFBundleIdentifier", "$(PRODUCT_BUNDLE_IDENTIFIER)"), ("CFBundleName", "$(PRODUCT_NAME)")]
        .filter { key, _ in !members.contains { $0.key == key } }
        .map { ConfigMember(key: $0.0, keyLocation: target.location, value: ConfigNode(value: .string($0.1), location: target.location)) }
      let plist = ConfigNode(value: .object(generated + members), location: properties.location)
      var importer = InfoPlistImporter(file: file, files: files, options: options, target: context)
      switch importer.read(plist) {
      case .handler(let handler, let places):
        decoded.documents.append(.handler(handler, places))
        uses.append(
          ProjectMessages.buildSettings(project: context.projectLabel, target: target.name, configuration: configuration, asked: options.configuration)
            + importer.resolution.map { "; " + $0 }.joined())
      case .notShareTarget(let why):
        skipped.append(why.contains(Printable.quoted(target.name)) ? why : ProjectMessages.xcodeGenTargetSkipped(target.name, why))
      case .invalid:
        break
      }
      decoded.errors += importer.errors
      decoded.warnings += importer.warnings
    }
    if !uses.isEmpty { decoded.buildSettings = BuildSettingsUse(file: file, description: uses.joined(separator: " | ")) }
    if decoded.documents.isEmpty && decoded.errors.isEmpty {
      let why = skipped.isEmpty ? ProjectMessages.xcodeGenNoExtension : skipped.joined(separator: "; ")
      return PlatformImport.noTarget(why, file: file, inDirectory: inDirectory)
    }
    if !skipped.isEmpty { decoded.skipped = skipped.joined(separator: "; ") }
    return decoded
  }
}
