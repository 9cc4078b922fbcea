/// A platform pitfall in a valid manifest: the file, the place, what goes wrong on a device and
/// a one-line fix.
///
/// Printed in the style of ``ManifestError``, location first:
/// `manifests/a.yaml:7:20: android.intentFilters[0].mimeTypes[1]: warning: … ; fix: … [uppercase-mime-type]`.
public struct ManifestWarning: Hashable, Sendable, CustomStringConvertible {
  /// A stable code per pitfall.
  public enum Code: String, Hashable, Sendable, CaseIterable {
    /// A filter type with upper-case letters (Android matches case-sensitively).
    case uppercaseMimeType = "uppercase-mime-type"
    /// A filter type with parameters or spaces.
    case parameterizedMimeType = "parameterized-mime-type"
    /// A `*/jpeg`-style filter type, stored literally.
    case wildcardBaseMimeType = "wildcard-base-mime-type"
    /// A share filter without `android.intent.category.DEFAULT`.
    case noDefaultCategory = "no-default-category"
    /// SEND without SEND_MULTIPLE.
    case sendWithoutSendMultiple = "send-without-send-multiple"
    /// SEND and SEND_MULTIPLE accept different types.
    case sendMultipleTypesDiffer = "send-multiple-types-differ"
    /// A share filter that requires a data scheme.
    case schemeOnShareFilter = "scheme-on-share-filter"
    /// `android:priority` on a share filter (capped to 0 on devices).
    case priorityOnShareFilter = "priority-on-share-filter"
    /// A share activity with `exported="false"`.
    case notExported = "not-exported"
    /// A share activity (or its application) with `enabled="false"`: off until the app enables it.
    case disabledComponent = "disabled-component"
    /// No package in the manifest nor a literal `namespace` in the module's Gradle script.
    case packageNotFound = "package-not-found"
    /// A label (`@string/…`, a placeholder) that could not be resolved.
    case unresolvedLabel = "unresolved-label"
    /// A Gradle script, string resource or Xcode project that could not be read or parsed, or a
    /// value it computes, where share-route needed it.
    case unresolvedProjectFile = "unresolved-project-file"
    /// Two platform files derive the same id; both handlers are kept, told apart by their place.
    case ambiguousID = "ambiguous-id"
    /// `TRUEPREDICATE` (rejected by App Store validation).
    case truePredicate = "truepredicate"
    /// A non-Boolean `NSExtensionActivationSupportsText`.
    case nonBooleanSupportsText = "non-boolean-supports-text"
    /// A dictionary rule whose values are all 0.
    case allZeroRule = "all-zero-rule"
    /// `UsesStrictMatching` false without dictionary version 2.
    case strictFlagIgnored = "strict-flag-ignored"
    /// A rule key written outside `NSExtensionActivationRule`.
    case keyOutsideRule = "key-outside-rule"
    /// A key that is not an activation rule key.
    case unknownRuleKey = "unknown-rule-key"
    /// A `public.*` or `com.apple.*` type identifier share-route does not know, in a predicate.
    case unknownTypeIdentifier = "unknown-type-identifier"
    /// A third-party type identifier in a predicate (a note: apps declare their own types).
    case thirdPartyTypeIdentifier = "third-party-type-identifier"
    /// A key path the matching dictionary does not have.
    case unknownKeyPath = "unknown-key-path"
    /// A `SUBQUERY(…).@count <= N` without a lower bound.
    case countAtMostOnly = "count-at-most-only"
    /// An Xcode build setting as the bundle id or name.
    case buildSettingIdentity = "build-setting-identity"
    /// Two handlers with the same explicit order.
    case orderTie = "order-tie"
    /// A library module's manifest no application module of its Gradle build merges (read on
    /// its own, under the library's namespace).
    case unmergedLibrary = "unmerged-library"
    /// `--variant` names a variant an application module does not have.
    case unknownVariant = "unknown-variant"
    /// A filter type no sender builds (`image/jpg`: senders send `image/jpeg`).
    case unsentMimeType = "unsent-mime-type"
    /// `host`, `port` or a path in a filter without `scheme`: `matchData` ignores them.
    case dataWithoutScheme = "data-without-scheme"
    /// A typed `SEND_MULTIPLE` filter: it also receives shares of mixed types (`*/*`).
    case multipleReceivesMixed = "multiple-receives-mixed"
    /// The deprecated `ChooserTargetService` meta-data (the share sheet no longer asks it).
    case chooserTargetService = "chooser-target-service"
    /// A shortcuts file Android reads no share target from, or a `<share-target>` it drops.
    case shortcutsProblem = "shortcuts-problem"
    /// A key written twice in one plist dictionary (the value written last is read).
    case repeatedPlistKey = "repeated-plist-key"
    /// An extension whose deployment target is above its app's.
    case deploymentTarget = "deployment-target"
    /// An application module applies a plugin of the build's own code (`buildSrc`, an included
    /// build): what it configures is not known, and the id is a guess.
    case conventionPlugin = "convention-plugin"
  }

  /// How much a finding matters.
  package enum Severity: String, Hashable, Sendable {
    /// Something goes wrong on a device, or share-route had to guess.
    case warning
    /// Worth knowing, nothing wrong (`lint --strict` ignores notes).
    case note
  }

  /// The file, as given.
  public let file: String
  /// The line and column, when the format has them (binary plists do not).
  public let location: SourceLocation?
  /// The key path inside the document, or empty.
  public let keyPath: String
  /// Which pitfall.
  public let code: Code
  /// What goes wrong, one line.
  public let message: String
  /// How to fix it, one line.
  public let fix: String

  /// Creates a warning.
  package init(file: String, location: SourceLocation?, keyPath: String, code: Code, message: String, fix: String) {
    self.file = file
    self.location = location
    self.keyPath = keyPath
    self.code = code
    self.message = message
    self.fix = fix
  }

  /// Notes for third-party type identifiers, unmerged libraries, typed SEND_MULTIPLE filters and
  /// `ChooserTargetService` meta-data; warnings for everything else.
  package var severity: Severity {
    switch code {
    case .thirdPartyTypeIdentifier, .unmergedLibrary, .multipleReceivesMixed, .chooserTargetService: .note
    default: .warning
    }
  }

  /// The warning, location first, with its fix and code.
  public var description: String {
    var prefix = Printable.escaped(file)
    if let location { prefix += ":\(location)" }
    prefix += ": "
    if !keyPath.isEmpty { prefix += keyPath + ": " }
    return prefix + severity.rawValue + ": " + message + "; fix: " + fix + " [\(code.rawValue)]"
  }
}

/// Where the parts of one handler were written, so that warnings can point at them.
struct HandlerLocations: Sendable {
  struct Filter: Sendable {
    var location: SourceLocation?
    var keyPath: String
    var mimeTypes: [(value: String, location: SourceLocation?, keyPath: String)] = []
    var priority: (location: SourceLocation?, keyPath: String)?
    var schemes: (location: SourceLocation?, keyPath: String)?
    var categories: (location: SourceLocation?, keyPath: String)?
  }

  var handler: (location: SourceLocation?, keyPath: String) = (nil, "")
  /// The application module a merged component belongs to (`:wear`), which tells apart two apps
  /// of one build that merge the same library under the same application id.
  var application: String?
  /// Whether the id was derived from a platform file (and may be told apart by place when two
  /// projects derive the same one) rather than written as `id:` in a native manifest.
  var derivedID = false
  /// The build setting an id came from (`PRODUCT_BUNDLE_IDENTIFIER`, Gradle's `applicationId`)
  /// and where it is written; `part` is the part of the id it gives when not the whole (an
  /// Android component's package, before the `/`).
  var idSetting: (name: String, place: RulePlace, part: String?)?
  /// Whether the places are key paths into a file without lines (a built artifact's compiled
  /// manifest), shown where a line would be.
  var placesArePaths = false
  var order: SourceLocation?
  var filters: [Filter] = []
  var rule: (location: SourceLocation?, keyPath: String)?
  var ruleKeys: [ActivationDictionary.Key: (location: SourceLocation?, keyPath: String)] = [:]
}
