// Wording in the house style (docs/architecture.md): lower case, no trailing period.

/// Every phrase of the text renderings (`TextReport`) that is not a value, worded in one place.
enum OutputMessages {
  static func refusedSummary(_ count: Int) -> String {
    "refused: \(count) handler\(count == 1 ? "" : "s") (--explain shows why)"
  }

  static let noneAccepted = "no handler accepts this share"

  /// The first line of the text output when manifests failed to load.
  static func notLoaded(_ count: Int) -> String {
    "not loaded: \(count) manifest problem\(count == 1 ? "" : "s") (these handlers are missing from the answer below):"
  }

  static let noFilterMatches = "no filter matches"

  static func unknownSchemaVersion(_ version: Int) -> String {
    "schemaVersion \(version) is not \(Route.schemaVersion), the version this share-route reads"
  }
}
