/// Imports the share targets of an `AndroidManifest.xml` (the source XML of an Android project).
///
/// Every `<activity>` and `<activity-alias>` of `<application>` with an `<intent-filter>` whose
/// actions include SEND or SEND_MULTIPLE becomes a handler:
/// - id: Android's own component name in its short form, `package/.Activity`
///   (`ComponentName.flattenToShortString`). The class is `android:name` resolved against the
///   manifest's `package`, else the Gradle module's `namespace` (when it starts with `.` or has no
///   dot, as the build does; `${applicationId}` is substituted). The package is the module's
///   literal `applicationId` (the installed package), else the manifest's `package`, else the
///   `namespace`; when none is found, one made from the module's path, with a warning;
/// - label: `android:label`, literal, or `@string/name` resolved from the module's
///   `res/values/*.xml` (default locale); else the application's label; else the app's folder
///   name, never a raw resource key;
/// - `android:enabled="false"` on the component or its `<application>`: the handler is marked
///   disabled (refused unless routing assumes components enabled);
/// - filters: only the share filters, exactly as written: actions and categories verbatim (no
///   DEFAULT added), the MIME types and schemes of every `<data>` of a filter in one filter
///   (`specs/android-intents.md` §1), `android:priority` as written.
///
/// Host, port and path attributes are not modelled: share intents carry no data URI, so they
/// cannot change a share's outcome.
struct AndroidManifestImporter {
  static let namespaceURI = "http://schemas.android.com/apk/res/android"

  let file: String
  var errors: [ManifestError] = []
  var warnings: [ManifestWarning] = []
  var handlers: [(HandlerManifest, HandlerLocations)] = []
  /// The prefix bound to the Android namespace in `<manifest>` (usually `android`).
  private var prefix = "android"
  private let files: ProjectFiles
  /// The module around the manifest, read when the first share activity needs it.
  private var module: AndroidModuleContext?
  /// The identity every handler of this manifest shares, decided once.
  private var identity: Identity?
  /// Where `<manifest>` starts (for findings about the whole file).
  private var manifestLocation: SourceLocation?

  init(file: String, files: ProjectFiles = .none) {
    self.file = file
    self.files = files
  }

  private struct Identity {
    /// The installed package (ComponentName's package).
    var package: String
    /// What relative class names are resolved against.
    var classBase: String
    /// `${applicationId}`.
    var applicationID: String
  }

  private mutating func warn(_ file: String? = nil, _ location: SourceLocation?, _ code: ManifestWarning.Code, _ text: LintMessages.Text) {
    warnings.append(
      ManifestWarning(file: file ?? self.file, location: location, keyPath: "", code: code, message: text.message, fix: text.fix))
  }

  private mutating func moduleContext() -> AndroidModuleContext {
    if let module { return module }
    let found = AndroidModuleContext(manifest: file, files: files)
    module = found
    return found
  }

  /// The package, class base and application id, from the manifest, else Gradle, else the path.
  private mutating func identity(manifestPackage: String?) -> Identity {
    if let identity { return identity }
    let module = moduleContext()
    let gradle = module.gradle
    let namespace = gradle?.namespace?.value
    let applicationID = gradle?.applicationID?.value
    var base = manifestPackage ?? namespace ?? applicationID
    if base == nil {
      let used = module.fallbackPackage
      if let problem = module.gradleProblem, let gradleFile = module.gradleFile {
        warn(gradleFile, nil, .unresolvedProjectFile, LintMessages.projectUnreadable(problem, used: used))
      } else if let setting = gradle?.namespace ?? gradle?.applicationID, let gradleFile = module.gradleFile {
        let key = gradle?.namespace != nil ? "namespace" : "applicationId"
        warn(gradleFile, setting.location, .unresolvedProjectFile, LintMessages.gradleComputed(key, written: setting.written, used: used))
      } else {
        warn(nil, manifestLocation, .packageNotFound, LintMessages.packageNotFound(gradle: module.gradleFile, used: used))
      }
      base = used
    } else if applicationID == nil, let setting = gradle?.applicationID, let gradleFile = module.gradleFile {
      // The installed package is computed: the id uses the manifest's package or namespace.
      warn(gradleFile, setting.location, .unresolvedProjectFile,
           LintMessages.gradleComputed("applicationId", written: setting.written, used: base ?? ""))
    }
    let classBase = base ?? ""
    let package = applicationID ?? classBase
    let found = Identity(package: package, classBase: classBase, applicationID: package)
    identity = found
    return found
  }

  /// `package/.Activity` when the class is in the package, else `package/full.Class`
  /// (`ComponentName.flattenToShortString`).
  static func componentName(package: String, className: String) -> String {
    if className.hasPrefix(package + "."), className.count > package.count + 1 {
      return package + "/" + className.dropFirst(package.count)
    }
    return package + "/" + className
  }

  /// A label as people see it: literal, or a string resource; the app's folder otherwise.
  private mutating func resolveLabel(_ attribute: XMLNode.Attribute, identity: Identity) -> String {
    let value = attribute.value
    let module = moduleContext()
    if let name = AndroidStrings.stringName(value) {
      if let entry = module.strings.resolve(value) {
        return entry.value.replacingPlaceholder("${applicationId}", with: identity.applicationID)
      }
      let why = module.strings.problems.first.map { "\($0.file)\($0.location.map { ":\($0)" } ?? ""): \($0.message)" }
        ?? (module.strings.entries.isEmpty ? ProjectMessages.noStrings : ProjectMessages.noString(name))
      warn(nil, attribute.location, .unresolvedLabel, LintMessages.unresolvedLabel(value, used: module.appFolder, why: why))
      return module.appFolder
    }
    let substituted = value.replacingPlaceholder("${applicationId}", with: identity.applicationID)
    if value.hasPrefix("@") || substituted.contains("${") {
      warn(nil, attribute.location, .unresolvedLabel,
           LintMessages.unresolvedLabel(value, used: module.appFolder, why: ProjectMessages.notAString))
      return module.appFolder
    }
    return substituted
  }

  private mutating func fail(_ location: SourceLocation?, _ problem: ManifestError.Problem) {
    errors.append(ManifestError(file: file, location: location, keyPath: "", problem: problem))
  }

  mutating func read(_ root: XMLNode) {
    guard root.name == "manifest" else {
      fail(root.location, .unexpectedRoot(root.name, expected: "manifest"))
      return
    }
    prefix =
      root.attributes.first { $0.name.hasPrefix("xmlns:") && $0.value == Self.namespaceURI }
      .map { String($0.name.dropFirst("xmlns:".count)) } ?? "android"
    manifestLocation = root.location
    let package = root.attribute("package")?.value.nonEmpty
    for application in root.children where application.name == "application" {
      let applicationLabel = attribute(application, "label")
      let applicationDisabled = attribute(application, "enabled").flatMap { $0.value == "false" ? $0 : nil }
      for activity in application.children where activity.name == "activity" || activity.name == "activity-alias" {
        importActivity(
          activity, package: package, applicationLabel: applicationLabel, applicationDisabled: applicationDisabled)
      }
    }
  }

  /// An attribute in the Android namespace (`android:name`).
  private func attribute(_ node: XMLNode, _ name: String) -> XMLNode.Attribute? {
    node.attribute(prefix + ":" + name)
  }

  private mutating func importActivity(
    _ activity: XMLNode, package: String?, applicationLabel: XMLNode.Attribute?,
    applicationDisabled: XMLNode.Attribute?
  ) {
    var filters: [IntentFilter] = []
    var places = HandlerLocations()
    var valid = true
    for filterNode in activity.children where filterNode.name == "intent-filter" {
      var actions: [String] = []
      var categories: [String] = []
      var types: [String] = []
      var schemes: [String] = []
      var place = HandlerLocations.Filter(location: filterNode.location, keyPath: "")
      for child in filterNode.children {
        switch child.name {
        case "action", "category":
          guard let name = attribute(child, "name") else {
            fail(child.location, .missingAttribute("android:name", element: child.name))
            valid = false
            continue
          }
          if child.name == "action" {
            actions.append(name.value)
          } else {
            categories.append(name.value)
            if place.categories == nil { place.categories = (name.location, "") }
          }
        case "data":
          if let type = attribute(child, "mimeType") {
            if MediaType.isValidFilterType(type.value) {
              types.append(type.value)
              place.mimeTypes.append((type.value, type.location, ""))
            } else {
              fail(type.location, .malformedMimeType(type.value))
              valid = false
            }
          }
          if let scheme = attribute(child, "scheme") {
            schemes.append(scheme.value)
            if place.schemes == nil { place.schemes = (scheme.location, "") }
          }
        default: break
        }
      }
      guard !ManifestLint.shareActions.isDisjoint(with: actions) else { continue }
      var priority = 0
      if let written = attribute(filterNode, "priority") {
        if let value = Int(written.value) {
          priority = value
          place.priority = (written.location, "")
        } else {
          fail(written.location, .invalidValue(written.value, expected: "an integer"))
          valid = false
        }
      }
      if place.categories == nil { place.categories = (filterNode.location, "") }
      if let filter = try? IntentFilter(
        actions: actions, categories: categories, mimeTypes: types, schemes: schemes, priority: priority)
      {
        filters.append(filter)
        places.filters.append(place)
      }
    }
    guard !filters.isEmpty || !valid else { return }
    guard let nameAttribute = attribute(activity, "name") else {
      fail(activity.location, .missingAttribute("android:name", element: activity.name))
      return
    }
    guard valid else { return }
    let identity = identity(manifestPackage: package)
    let name = nameAttribute.value.replacingPlaceholder("${applicationId}", with: identity.applicationID)
    let className =
      name.hasPrefix(".") ? identity.classBase + name : name.contains(".") ? name : identity.classBase + "." + name
    let id = Self.componentName(package: identity.package, className: className)
    let label =
      if let written = attribute(activity, "label") ?? applicationLabel {
        resolveLabel(written, identity: identity)
      } else {
        moduleContext().appFolder
      }
    if let flag = attribute(activity, "exported"), flag.value == "false" {
      warn(nil, flag.location, .notExported, LintMessages.notExported)
    }
    let disabled = attribute(activity, "enabled").flatMap { $0.value == "false" ? $0 : nil }
    if let flag = disabled ?? applicationDisabled {
      warn(nil, flag.location, .disabledComponent, LintMessages.disabled(onApplication: disabled == nil))
    }
    places.handler = (nameAttribute.location, "")
    places.derivedID = true
    handlers.append(
      (HandlerManifest(
        id: id, label: label, intentFilters: filters, origin: file,
        enabled: disabled == nil && applicationDisabled == nil), places))
  }

}

extension String {
  /// The string with every `placeholder` replaced.
  func replacingPlaceholder(_ placeholder: String, with value: String) -> String {
    guard contains(placeholder) else { return self }
    return split(separator: placeholder, omittingEmptySubsequences: false).joined(separator: value)
  }

  /// `nil` for an empty string.
  var nonEmpty: String? { isEmpty ? nil : self }
}
