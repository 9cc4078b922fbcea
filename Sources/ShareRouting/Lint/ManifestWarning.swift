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
    /// A share activity with `exported` or `enabled` false.
    case notExported = "not-exported"
    /// A relative activity name in a manifest without `package`.
    case relativeNameWithoutPackage = "relative-name-without-package"
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
    /// A type identifier share-route does not know, in a predicate.
    case unknownTypeIdentifier = "unknown-type-identifier"
    /// A key path the matching dictionary does not have.
    case unknownKeyPath = "unknown-key-path"
    /// A `SUBQUERY(…).@count <= N` without a lower bound.
    case countAtMostOnly = "count-at-most-only"
    /// An Xcode build setting as the bundle id or name.
    case buildSettingIdentity = "build-setting-identity"
    /// Two handlers with the same explicit order.
    case orderTie = "order-tie"
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
  public init(file: String, location: SourceLocation?, keyPath: String, code: Code, message: String, fix: String) {
    self.file = file
    self.location = location
    self.keyPath = keyPath
    self.code = code
    self.message = message
    self.fix = fix
  }

  /// The warning, location first, with its fix and code.
  public var description: String {
    var prefix = file
    if let location { prefix += ":\(location)" }
    prefix += ": "
    if !keyPath.isEmpty { prefix += keyPath + ": " }
    return prefix + "warning: " + message + "; fix: " + fix + " [\(code.rawValue)]"
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
  var order: SourceLocation?
  var filters: [Filter] = []
  var rule: (location: SourceLocation?, keyPath: String)?
  var ruleKeys: [ActivationDictionary.Key: (location: SourceLocation?, keyPath: String)] = [:]
}
