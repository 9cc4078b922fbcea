/// One reason a handler refused a share: the rule set that refused, a stable code and a line for
/// people (worded in `RouteMessages`).
///
/// In JSON (`docs/output.md#route-json`) the area is the `platform` member and both are their raw strings.
public struct Reason: Hashable, Sendable {
  /// The rule set a reason comes from.
  public enum Area: String, Hashable, Sendable, CaseIterable, Codable {
    /// An Android intent filter (or the component's `enabled` state).
    case android
    /// An iOS activation rule.
    case ios
    /// The handler's item limits (phase 3).
    case limits
    /// The source profile.
    case source
    /// The share itself (no usable item, or no rules for the chosen platform).
    case share
  }

  /// A stable code per kind of refusal.
  public enum Code: String, Hashable, Sendable, CaseIterable, Codable {
    /// The share has no usable item.
    case noItems = "no-items"
    /// The handler declares no rule for the chosen platform.
    case noRules = "no-rules"
    /// The source profile does not offer the handler.
    case notOffered = "not-offered"
    /// More items of a kind than the handler's limit.
    case overLimit = "over-limit"
    /// `android:enabled="false"`.
    case disabled
    /// An Android handler without intent filters.
    case noFilters = "no-filters"
    /// `NO_MATCH_ACTION`.
    case noMatchAction = "no-match-action"
    /// `NO_MATCH_DATA`.
    case noMatchData = "no-match-data"
    /// `NO_MATCH_TYPE`.
    case noMatchType = "no-match-type"
    /// `NO_MATCH_CATEGORY`.
    case noMatchCategory = "no-match-category"
    /// The filter matches, but its installed priority is below the first target's, and the share
    /// sheet shows only targets of that priority (`ResolverListController.filterLowPriority`).
    case lowPriority = "low-priority"
    /// An activation dictionary whose values are all 0.
    case allZeroRule = "all-zero-rule"
    /// More attachments of a kind than a `…WithMaxCount` key allows.
    case overMaxCount = "over-max-count"
    /// Fewer attachments than `…AttachmentsWithMinCount`.
    case underMinCount = "under-min-count"
    /// No key of the dictionary accepts any kind.
    case noAcceptedType = "no-accepted-type"
    /// Strict matching: an attachment no key accepts.
    case unsupportedItem = "unsupported-item"
    /// Fuzzy matching: no attachment of an accepted kind.
    case noSupportedItem = "no-supported-item"
    /// Fuzzy matching: an attachment of a kind whose key is exactly 0.
    case rejectedItem = "rejected-item"
    /// The activation predicate is false.
    case predicateFalse = "predicate-false"
    /// The activation predicate raises.
    case predicateError = "predicate-error"
    /// The activation predicate needs more steps than share-route's budget.
    case predicateBudget = "predicate-budget"

    /// The code of an Android `NO_MATCH_*` reason.
    package init(_ reason: NoMatchReason) {
      switch reason {
      case .action: self = .noMatchAction
      case .data: self = .noMatchData
      case .type: self = .noMatchType
      case .category: self = .noMatchCategory
      }
    }
  }

  /// The rule set that refused (`platform` in JSON).
  public var area: Area
  /// The stable code.
  public var code: Code
  /// One line for people.
  public var message: String

  /// The part of the handler's rules the reason is about (set where the reason is made), or
  /// `nil` for a reason about no rule (a source, a limit, nothing to share).
  package var rule: RulePart?
  /// Where ``rule`` is written: the file, and the line and column when the file has them (set by
  /// a router made from a ``ManifestSet``, which knows the places; `nil` otherwise).
  package var place: RulePlace?

  /// The phase the reason belongs to, one per kind of refusal as LINE's table has them
  /// (`docs/routing.md#phases`): nothing usable to share, or a source that does not offer the
  /// target, phase 1; counts, whether an iOS `…WithMaxCount`/`…WithMinCount` key or a
  /// `limits:` entry, phase 3; every other refusal (the content's types) phase 2.
  public var phase: RefusalPhase {
    switch (area, code) {
    case (.limits, _), (.ios, .overMaxCount), (.ios, .underMinCount): .overLimit
    case (.share, .noItems), (.source, .notOffered): .contentUnusable
    default: .notEligible
    }
  }

  /// Creates a reason.
  package init(area: Area, code: Code, message: String, rule: RulePart? = nil) {
    self.area = area
    self.code = code
    self.message = message
    self.rule = rule
  }
}

/// The part of a handler's rules that decided: an intent filter (by its position in
/// `intentFilters`) and which of its parts refused, an iOS activation rule's key, or the rule as
/// a whole (a predicate, or a dictionary no key of which decided alone).
package enum RulePart: Hashable, Sendable {
  /// Which part of a filter: its actions (the `<intent-filter>` itself), its types
  /// (`<data android:mimeType>`), its data (schemes and what follows) or its categories.
  package enum FilterPart: Hashable, Sendable { case actions, types, data, categories }

  case filter(Int, FilterPart)
  case ruleKey(ActivationDictionary.Key)
  case rule
}

/// A file, and the line and column in it when it has them (`nil` in a built artifact or the
/// built-in set, whose positions mean nothing to a reader).
package struct RulePlace: Hashable, Sendable {
  package var file: String
  package var location: SourceLocation?

  package init(file: String, location: SourceLocation?) {
    self.file = file
    self.location = location
  }
}

/// Codes print as their JSON strings (`no-match-type`), not as Swift case names.
extension Reason.Code: CustomStringConvertible {
  public var description: String { rawValue }
}

extension Reason.Area: CustomStringConvertible {
  public var description: String { rawValue }
}

extension RouteProblem.Code: CustomStringConvertible {
  public var description: String { rawValue }
}
