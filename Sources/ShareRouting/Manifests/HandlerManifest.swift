/// A share target: who it is, where it sits in the sheet, and the platform rules that decide
/// whether it is offered.
public struct HandlerManifest: Hashable, Sendable {
  /// Unique id; also the Android package name used to break ties.
  public var id: String
  /// What people see.
  public var label: String
  /// Share-sheet position, ascending; `nil` sorts after every set value.
  public var order: Int?
  /// The Android intent filters, or `nil` when the handler has no Android rules.
  package var intentFilters: [IntentFilter]?
  /// The iOS activation rule, or `nil` when the handler has no iOS rules.
  package var activationRule: ActivationRule?
  /// Per-kind caps checked after eligibility.
  public var limits: [ItemKind: Int]
  /// Which items the handler takes: the whole share (``Selection/all``, the platforms' own rule)
  /// or the items that fit (``Selection/any``).
  public var selection: Selection = .all
  /// The file the handler came from (for messages), or a pseudo path for built-in handlers.
  public var origin: String
  /// False for an Android component written with `android:enabled="false"` (on itself or its
  /// `<application>`): a device does not offer it until the app enables it at run time, so
  /// routes refuse it (`disabled`) unless told to assume components enabled.
  public var enabled: Bool
  /// The values share-route had to make up because the project does not say them (a folder
  /// name for a label, a package made from a path, an unresolved `$(…)`), in ``GuessedValue``
  /// order; empty when the id and label are the built app's.
  public var guessed: [GuessedValue]
  /// Whether the Android package is a privileged app of a system image (`android.privileged` in
  /// a manifest, `--privileged PACKAGE`): only its filters without a protected action keep a
  /// priority above 0 once installed (``IntentFilter/installedPriority(privileged:)``).
  package var privileged = false
  /// The component's own label when ``label`` is a filter's (an Android component whose share
  /// filter has an `android:label`): what the sheet shows when a filter without a label matched.
  package var componentLabel: String?
  /// The Direct Share targets the app declares for this activity (`res/xml/shortcuts.xml`).
  package var directShareTargets: [DirectShareTarget] = []

  /// Creates a handler.
  package init(
    id: String, label: String, order: Int? = nil, intentFilters: [IntentFilter]? = nil,
    activationRule: ActivationRule? = nil, limits: [ItemKind: Int] = [:], origin: String = "",
    enabled: Bool = true, guessed: [GuessedValue] = []
  ) {
    self.enabled = enabled
    self.guessed = guessed
    self.id = id
    self.label = label
    self.order = order
    self.intentFilters = intentFilters
    self.activationRule = activationRule
    self.limits = limits
    self.origin = origin
  }

  /// Which items of a share a handler takes (`select:` in a manifest).
  public enum Selection: String, Hashable, Sendable, CaseIterable {
    /// Every item, or none: the platforms' own rule (Android matches one intent for the whole
    /// share; an iOS rule must accept the whole extension item).
    case all
    /// The items that fit: the handler is offered when at least one item fits its rules on its
    /// own, and receives those items only, as Tensor's modules do. A share-route policy, like
    /// `limits:`; the platform rules are evaluated unchanged for each item and for the items
    /// together.
    case any
  }

  /// The highest installed priority among the filters, 0 without Android rules.
  package var androidPriority: Int { intentFilters?.map { $0.installedPriority(privileged: privileged) }.max() ?? 0 }

  /// The package of an Android component (`package/.Class` → `package`); a share-route
  /// manifest's id is its package.
  package var androidPackage: Substring { HandlerOrder.package(of: id) }
}

/// A handler value share-route made up because the project does not say it.
public enum GuessedValue: String, Hashable, Sendable, CaseIterable, Codable, Comparable {
  /// The id: a package made from folder names, an Xcode `Project.Target`, an unresolved
  /// `$(PRODUCT_BUNDLE_IDENTIFIER)` or `${applicationId}`.
  case id
  /// The label: a folder name, a class name, a missing `@string`, an unresolved `${…}`.
  case label

  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }

  /// The values in their order, each once.
  package static func list(_ values: some Sequence<GuessedValue>) -> [GuessedValue] {
    Array(Set(values)).sorted()
  }
}

/// A source's wish list (LINE's `includedShareActivityTypes`, `docs/routing.md#source-profiles`) and its always-shown targets
/// (`customShareActivityTypes`).
public struct SourceProfile: Hashable, Sendable {
  /// The source name (`chat`).
  public var name: String
  /// Handler ids that are candidates when the share comes from this source.
  public var offers: [String]
  /// Handler ids accepted whatever the content.
  public var custom: [String]
  /// Handler ids never offered from this source, like iOS's `excludedActivityTypes` (an id no
  /// handler has is allowed: it excludes nothing).
  public var excludes: [String]
  /// The file the profile came from.
  public var origin: String

  /// Creates a profile.
  public init(name: String, offers: [String], custom: [String], excludes: [String] = [], origin: String = "") {
    self.name = name
    self.offers = offers
    self.custom = custom
    self.excludes = excludes
    self.origin = origin
  }
}
