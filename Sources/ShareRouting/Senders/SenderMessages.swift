// Wording in the house style (docs/architecture.md): location first (added by the error types),
// lower case, user values in single quotes, no trailing period.

/// Every message about host profiles and captures.
package enum SenderMessages {
  /// The files given do not fit the profile's slots.
  package static func slotMismatch(host: String, slots: Int, repeating: Bool, samples: Bool, files: Int) -> String {
    let wanted = repeating ? "\(slots) or more files" : slots == 1 ? "1 file" : "\(slots) files"
    let orNone = samples ? " (or none, for its sample types)" : ""
    return "\(Printable.quoted(host)) takes \(wanted)\(orNone); \(files) given"
  }

  /// A host name no profile has.
  package static func unknownHost(_ name: String, known: [String]) -> String {
    "no host profile \(Printable.quoted(name)) (share-route hosts lists them: \(known.joined(separator: ", ")))"
  }

  /// Items given beside a host's share.
  package static func itemsBesideHost(_ host: String) -> String {
    "\(Printable.quoted(host)) gives the whole share: add files only (for its file slots), not texts, URLs or declared types"
  }

  /// A platform asked for beside a host's share of the other platform.
  package static func platformConflict(host: String, hostPlatform: String, asked: String) -> String {
    "\(Printable.quoted(host)) is a share on \(hostPlatform); it cannot be routed for \(asked) (leave out the platform, or give all)"
  }

  /// Several host shares for one route.
  package static let oneHostShare = "give one host share: --from, --capture or --intent"

  static let logcatExtras = "the extras (logcat prints only '(has extras)'): EXTRA_STREAM is read from the ClipData's items"
  static let logcatNoClip = "the streams and texts (the line has no clip=)"
  static let logcatRedactedURI = "the stream URIs (logcat redacts them)"
  static let logcatRedactedText = "the text (logcat shows only its length)"
  static let logcatStreamColumns = "each stream's display name and type (what the provider answers is not logged)"

  static let logcatMoreItems = "the clip items after those shown (logcat prints '...' for them): streams or texts the receiver also reads"
  static func logcatHiddenItem(_ number: Int) -> String {
    "clip item \(number) (logcat shows '{...}'): whether it is a stream or a text is inferred from the action and type"
  }
}
