/// A Direct Share target an app declares: a `<share-target>` of the `res/xml` file its launcher
/// activity names in `<meta-data android:name="android.app.shortcuts">`. The app publishes
/// sharing shortcuts (conversations, contacts) at run time with the target's categories; the
/// share sheet shows them in their own row, for shares whose type fits the target's data types,
/// and only when the target activity is itself among the sheet's targets.
///
/// Sources: `ShortcutParser` (frameworks/base services/core/java/com/android/server/pm):
/// `<share-target>` under `<shortcuts>` needs `android:targetClass`, at least one `<data>` with a
/// literal `android:mimeType` and at least one `<category>`; `ShortcutPackage.getMatchingShareTargets`
/// matches the share's `IntentFilter(action, type)` with `hasDataType` on each target type; the
/// chooser (IntentResolver's `ShortcutLoader`) keeps shortcuts whose target activity is a resolved
/// app target.
package struct DirectShareTarget: Hashable, Sendable {
  /// The activity the shortcuts start (`android:targetClass`, as written: fully qualified).
  package var targetClass: String
  /// The data types, as written.
  package var mimeTypes: [String]
  /// The categories a published shortcut must all have.
  package var categories: [String]
  /// Where it is declared.
  package var file: String
  package var location: SourceLocation?

  /// Whether a share of this intent type brings the target's shortcuts to the sheet: the share's
  /// `IntentFilter(action, type)` answers `hasDataType` for one of the target's types.
  package func fits(intentType: String?) -> Bool {
    guard let intentType else { return false }
    return mimeTypes.contains { Self.hasDataType(filterType: intentType, type: $0) }
  }

  /// `IntentFilter.hasDataType(type)` of a filter holding the one type `filterType` (stored as
  /// `addDataType` stores it: `base/*` as a partial base, `*/*` as `*`).
  static func hasDataType(filterType: String, type: String) -> Bool {
    let (stored, partial) = stored(filterType)
    if !partial && stored == type { return true }
    // findMimeType: an intent wanting every type matches any filter with a type.
    if type == "*/*" { return true }
    // The filter takes every type.
    if partial && stored == "*" { return true }
    guard let slash = type.firstIndex(of: "/"), slash != type.startIndex else { return false }
    let base = type[..<slash]
    if partial && stored == base { return true }
    // A `base/*` type matches a filter type of that base.
    if type[type.index(after: slash)...] == "*", !partial, let storedSlash = stored.firstIndex(of: "/"),
      stored[..<storedSlash] == base
    {
      return true
    }
    return false
  }

  /// A type as `IntentFilter.addDataType` stores it, and whether it is partial.
  private static func stored(_ type: String) -> (String, Bool) {
    guard type.hasSuffix("/*"), type.count > 2 else { return (type, false) }
    return (String(type.dropLast(2)), true)
  }

  /// The share targets of a shortcuts document (`<shortcuts>`), as `ShortcutParser` reads them, and
  /// a problem for each one it would drop.
  static func parse(_ root: XMLNode, file: String, prefix: String) -> (targets: [DirectShareTarget], problems: [(SourceLocation, String)]) {
    var targets: [DirectShareTarget] = []
    var problems: [(SourceLocation, String)] = []
    guard root.name == "shortcuts" else { return ([], [(root.location, LintMessages.shortcutsRoot(root.name))]) }
    for element in root.children.prefix(maxTargets) where element.name == "share-target" {
      guard let targetClass = element.attribute(prefix + ":targetClass")?.value, !targetClass.isEmpty else {
        problems.append((element.location, LintMessages.shareTargetWithout("android:targetClass")))
        continue
      }
      let types = element.children.filter { $0.name == "data" }.compactMap { $0.attribute(prefix + ":mimeType")?.value }
      let categories = element.children.filter { $0.name == "category" }.compactMap { $0.attribute(prefix + ":name")?.value }
      guard !types.isEmpty, !categories.isEmpty else {
        problems.append((element.location, LintMessages.shareTargetWithout(types.isEmpty ? "a <data android:mimeType>" : "a <category>")))
        continue
      }
      targets.append(DirectShareTarget(targetClass: targetClass, mimeTypes: types, categories: categories, file: file, location: element.location))
    }
    return (targets, problems)
  }

  /// The most share targets read from one file.
  static let maxTargets = 1_000
}
