// Wording in the house style (docs/architecture.md): lower case, no trailing period.

/// Every phrase of `share-route matrix`'s renderings, worded in one place.
package enum MatrixMessages {
  static let textKey = "a number is the rank among the handlers that accept on that platform (1 is its pick; * a source's custom target), a code the first reason of a refusal, - a sample that could not be used"
  static let htmlIntroduction = "Each row is a share of one sample, text or link alone; each column a handler on one platform (on a device, Android activities and iOS extensions never compete). ✓ N: accepted at rank N on that platform (1 is its pick). ✗: refused, with the first reason's code; hover for every reason."

  /// The platform as people name it.
  static func platformName(_ platform: Platform) -> String {
    switch platform {
    case .android: "Android"
    case .ios: "iOS"
    case .all: "all"
    }
  }

  /// The text legend's heading for a platform's handlers.
  static func legendHeading(_ platform: Platform) -> String {
    "\(platformName(platform)) handlers:"
  }

  /// The HTML header over a platform's columns.
  static func platformHeading(_ platform: Platform, handlers: Int) -> String {
    "\(platformName(platform)) (\(handlers) \(handlers == 1 ? "handler" : "handlers"))"
  }

  static func acceptedTitle(_ id: String, platform: Platform, rank: Int, custom: Bool) -> String {
    "\(id) accepts on \(platformName(platform))" + (rank == 1 ? " (the pick)" : " at rank \(rank)")
      + (custom ? ", as a custom target of the source" : "")
  }

  /// A text row's name: the text, excerpted and quoted.
  package static func textRow(_ text: String) -> String { "text " + Printable.quoted(text) }

  /// A host's share as a row: `from photos: cat.png`, or `from maps` with its own samples.
  package static func hostRow(_ host: String, sample: String?) -> String {
    "from " + host + (sample.map { ": " + $0 } ?? "")
  }
  /// A link row's name.
  package static func linkRow(_ url: String) -> String { "link " + Printable.excerpt(url) }
}
