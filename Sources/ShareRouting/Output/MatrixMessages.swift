// Wording in the house style (docs/architecture.md): lower case, no trailing period.

/// Every phrase of `share-route matrix`'s renderings, worded in one place.
enum MatrixMessages {
  static let legendHeading = "handlers:"
  static let textKey = "a number is the rank among the accepting handlers (1 is the pick; * a source's custom target), a code the first reason of a refusal, - a sample that could not be used"
  static let htmlIntroduction = "Each row is a sample shared alone, each column a handler. ✓ N: accepted at rank N (1 is the pick). ✗: refused; hover for every reason."

  static func acceptedTitle(_ id: String, rank: Int, custom: Bool) -> String {
    "\(id) accepts" + (rank == 1 ? " (the pick)" : " at rank \(rank)") + (custom ? ", as a custom target of the source" : "")
  }
}
