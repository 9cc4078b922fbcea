/// A platform pitfall in a valid manifest: the file, the place, what goes wrong on a device and
/// a one-line fix.
///
/// Printed in the style of ``ManifestError``, location first:
/// `manifests/a.yaml:7:20: android.intentFilters[0].mimeTypes[1]: warning: … ; fix: … [uppercase-mime-type]`.
public struct ManifestWarning: Hashable, Sendable, CustomStringConvertible {
  /// A stable code per pitfall.
  public enum Code: String, Hashable, Sendable, CaseIterable {
    case uppercaseMimeType = "uppercase-mime-type"
    case parameterizedMimeType = "parameterized-mime-type"
    case wildcardBaseMimeType = "wildcard-base-mime-type"
    case noDefaultCategory = "no-default-category"
    case sendWithoutSendMultiple = "send-without-send-multiple"
    case sendMultipleTypesDiffer = "send-multiple-types-differ"
    case schemeOnShareFilter = "scheme-on-share-filter"
    case priorityOnShareFilter = "priority-on-share-filter"
    case notExported = "not-exported"
    case relativeNameWithoutPackage = "relative-name-without-package"
    case truePredicate = "truepredicate"
    case nonBooleanSupportsText = "non-boolean-supports-text"
    case allZeroRule = "all-zero-rule"
    case strictFlagIgnored = "strict-flag-ignored"
    case keyOutsideRule = "key-outside-rule"
    case unknownRuleKey = "unknown-rule-key"
    case unknownTypeIdentifier = "unknown-type-identifier"
    case unknownKeyPath = "unknown-key-path"
    case countAtMostOnly = "count-at-most-only"
    case buildSettingIdentity = "build-setting-identity"
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
