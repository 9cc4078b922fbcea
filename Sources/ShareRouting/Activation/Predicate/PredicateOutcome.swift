/// How a predicate rule decided a share.
package enum PredicateOutcome: Hashable, Sendable {
  /// The predicate holds.
  case accepted
  /// The predicate is false; the explanation names the sub-expression that decided.
  case refused(String)
  /// The predicate raised while being evaluated, so it does not match; why.
  case failed(String)
  /// The predicate needed more than ``PredicateBudget/steps`` steps for this share (a rule
  /// that compares items pairwise, a huge chain against many items); it is counted as not
  /// matching, and nothing else of the share is affected.
  case overBudget(String)
}

/// The work one predicate may do for one share, in evaluation steps (a node, a comparison, an
/// element looked at). A real rule over a real share takes hundreds; a million is about 50 ms.
package enum PredicateBudget {
  /// The steps one evaluation (and, separately, its explanation) may take.
  package static let steps = 1_000_000
}
