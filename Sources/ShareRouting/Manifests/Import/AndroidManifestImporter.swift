/// Imports the share targets of an `AndroidManifest.xml` (the source XML of an Android project).
///
/// Every `<activity>` and `<activity-alias>` of `<application>` with an `<intent-filter>` whose
/// actions include SEND or SEND_MULTIPLE becomes a handler:
/// - id: `android:name`, resolved against `<manifest package>` when it starts with `.` or has no
///   dot at all (as the Android build does); kept as written when the manifest has no package;
/// - label: `android:label`, literal, or the resource name of `@string/name`; else the
///   application's label; else the id;
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

  init(file: String) { self.file = file }

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
    let package = root.attribute("package")?.value
    for application in root.children where application.name == "application" {
      let applicationLabel = attribute(application, "label").map { Self.label($0.value) }
      for activity in application.children where activity.name == "activity" || activity.name == "activity-alias" {
        importActivity(activity, package: package, applicationLabel: applicationLabel)
      }
    }
  }

  /// An attribute in the Android namespace (`android:name`).
  private func attribute(_ node: XMLNode, _ name: String) -> XMLNode.Attribute? {
    node.attribute(prefix + ":" + name)
  }

  private mutating func importActivity(_ activity: XMLNode, package: String?, applicationLabel: String?) {
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
    let name = nameAttribute.value
    var id = name
    if let package, name.hasPrefix(".") {
      id = package + name
    } else if let package, !name.contains(".") {
      id = package + "." + name
    } else if package == nil && (name.hasPrefix(".") || !name.contains(".")) {
      let text = LintMessages.relativeName(name)
      warnings.append(
        ManifestWarning(
          file: file, location: nameAttribute.location, keyPath: "", code: .relativeNameWithoutPackage,
          message: text.message, fix: text.fix))
    }
    let label = attribute(activity, "label").map { Self.label($0.value) } ?? applicationLabel ?? id
    for key in ["exported", "enabled"] {
      if let flag = attribute(activity, key), flag.value == "false" {
        let text = LintMessages.notExported("android:" + key)
        warnings.append(
          ManifestWarning(
            file: file, location: flag.location, keyPath: "", code: .notExported, message: text.message,
            fix: text.fix))
      }
    }
    places.handler = (nameAttribute.location, "")
    handlers.append(
      (HandlerManifest(id: id, label: label, intentFilters: filters, origin: file), places))
  }

  /// `@string/share_label` → `share_label`; a literal stays as written.
  static func label(_ value: String) -> String {
    if value.hasPrefix("@"), let slash = value.firstIndex(of: "/") {
      return String(value[value.index(after: slash)...])
    }
    return value
  }
}
