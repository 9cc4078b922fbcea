// Wording in the house style (docs/architecture.md): lower case, no trailing period.

/// Every phrase of the text renderings (`TextReport`) that is not a value, worded in one place.
enum OutputMessages {
  static func refusedSummary(_ count: Int) -> String {
    "refused: \(count) handler\(count == 1 ? "" : "s") (--explain shows why)"
  }

  static func noneAccepted(on platform: String?) -> String {
    "no handler accepts this share" + (platform.map { " on " + $0 } ?? "")
  }

  /// Instead of the refusal count when no item could be used.
  static let nothingToShare = "nothing to share: no item could be used (the errors say why)"

  /// After the intent's action and type when the share's texts ride as `EXTRA_TEXT`.
  /// `EXTRA_STREAM`: one URI, or a list; a URI share-route does not know is `?`.
  static func extraStream(_ uris: [String?]) -> String {
    let shown = uris.map { $0 ?? "?" }
    return uris.count == 1 ? "EXTRA_STREAM: " + shown[0] : "EXTRA_STREAM: \(uris.count) URIs: " + shown.joinedText(", ")
  }

  static func extraText(_ quoted: String) -> String { "EXTRA_TEXT: " + quoted }

  static func extraSubject(_ quoted: String) -> String { "EXTRA_SUBJECT: " + quoted }

  /// The `ClipData` the receiver reads, as `ClipData.toShortString` prints it with its content
  /// left out (`{T(5) U(file)}`: a text of 5 characters, a `file:` URI), and its grant flag.
  static func clipData(_ clip: AndroidIntent.ClipData) -> String {
    let items = clip.items.map { item -> String in
      var parts: [String] = []
      if let text = item.text { parts.append("T(\(text.utf16.count))") } else if item.hiddenText { parts.append("T(?)") }
      if item.hasURI { parts.append("U(\(item.uri.flatMap(AndroidIntent.scheme(of:)).map(Printable.escaped) ?? "?"))") }
      return "{" + parts.joinedText(" ") + "}"
    }
    let count = clip.items.count == 1 ? "" : "\(clip.items.count) items: "
    // A capture's types are the sender's words: escaped like every value from outside.
    return "ClipData: " + clip.mimeTypes.map(Printable.escaped).joinedText(" ") + " " + count + items.joinedText(" ")
      + (clip.grantsRead ? ", FLAG_GRANT_READ_URI_PERMISSION" : "")
  }

  static let directShareHeading =
    "direct share (a row of its own: the shortcuts these apps publish at run time with these categories):"

  static func directShareDetail(categories: [String], types: [String], place: String) -> String {
    "categories " + categories.joinedText(", ") + "; types " + types.joinedText(", ") + "; " + place
  }

  /// What the order of the accepted handlers means.
  static func sheetOrder(locale: String) -> String {
    "order: a fresh phone's share sheet (declared orders first, then labels in \(locale) order); a used phone ranks by use"
  }

  /// The first line of the text output when manifests failed to load.
  static func notLoaded(_ count: Int) -> String {
    "not loaded: \(count) manifest problem\(count == 1 ? "" : "s") (these handlers are missing from the answer below):"
  }

  static let noFilterMatches = "no filter matches"

  /// A handler's id or label as printed: escaped, and marked when share-route made it up.
  static func handlerValue(_ text: String, _ field: GuessedValue, guessed: [GuessedValue]) -> String {
    Printable.escaped(marked(text, field, guessed: guessed))
  }

  /// A handler's id or label, not yet escaped, marked when share-route made it up.
  static func marked(_ text: String, _ field: GuessedValue, guessed: [GuessedValue]) -> String {
    text + (guessed.contains(field) ? guessedMark : "")
  }

  /// After an id or label that share-route made up (a folder name, an unresolved setting).
  static let guessedMark = " (guessed)"

  // Headings and the words around values in a route's and a query's text.
  static let itemsHeading = "items:"
  /// The heading of a ranked list: the share's, or one platform's when the set has both.
  static func acceptedHeading(on platform: String?) -> String {
    "accepted" + (platform.map { " on " + $0 } ?? "") + ", the pick first:"
  }
  static let refusedHeading = "refused:"
  static let payloadHeading = "payload:"
  static let matchesHeading = "matches, resolver order:"

  /// After a refusal's reason in `--explain`: where the rule that decided is written.
  static func reasonPlace(_ file: String, _ location: SourceLocation) -> String { "  at \(file):\(location)" }

  /// The name column of an item declared by type only (no file, text or URL).
  static let declaredItem = "(declared)"

  /// An item's row after its name and type: kind, UTI, where the type came from.
  static func itemDetail(kind: String, uti: String, source: String, corrected: Bool) -> String {
    "\(kind), \(uti), from \(source)" + (corrected ? ", corrected" : "")
  }

  static func androidIntent(action: String, type: String) -> String { "android intent: \(action) \(type)" }

  /// After an accepted handler that takes only the items that fit (`select: any`): which, by
  /// their 1-based place in the items list.
  static func receives(_ items: [Int], of count: Int) -> String {
    "receives item\(items.count == 1 ? "" : "s") \(items.map { String($0 + 1) }.joinedText(", ")) of \(count)"
  }

  /// `lint`: the heading of the handlers it found, and the platform column of one with no rules.
  static let lintHandlersHeading = "handlers:"
  static let noPlatform = "no rules"

  /// The share as an iOS extension sees it, before iOS's list: one attachment per item, with
  /// the type it registers.
  static func iosShare(_ types: [String]) -> String {
    "ios extension item: \(types.count) attachment\(types.count == 1 ? "" : "s")"
      + (types.isEmpty ? "" : " (" + types.joinedText(", ") + ")")
  }

  /// The source profile a route applied.
  static func source(_ name: String) -> String { "source: \(name) (only the targets it offers are candidates)" }

  /// The host's share a route is of: `from: photos-live (ios): a Live Photo from Photos`.
  static func from(host: String, platform: String, summary: String?) -> String {
    "from: \(host) (\(platform))" + (summary.map { ": " + $0 } ?? "")
  }

  /// An extension item of a host's share, with its title and content text when set.
  static func extensionItem(_ number: Int, title: String?, contentText: String?) -> String {
    var text = "extension item \(number):"
    if let title { text += " attributedTitle \(title)" }
    if let contentText { text += (title == nil ? "" : ",") + " attributedContentText \(contentText)" }
    return text
  }

  /// One attachment: what stands for it, its registered types, what it counts as.
  static func attachment(_ number: Int, item: String, types: [String], kinds: [(key: String, by: String)]) -> String {
    let counts = kinds.isEmpty ? "counts as no kind a dictionary key names" : "counts as " + kinds.map { "\($0.key) (\($0.by))" }.joined(separator: ", ")
    return "attachment \(number): \(item): registers \(types.joined(separator: ", ")); \(counts)"
  }

  /// One Android stream of a host's share, and what the provider tells the receiver.
  static func stream(_ number: Int, uri: String?, file: String?, name: String?, type: String?) -> String {
    "stream \(number): \(uri ?? "(URI not shown)")" + (file.map { " carrying " + $0 } ?? "")
      + "; the receiver reads name \(name ?? "none"), type \(type ?? "none")"
  }

  /// `hosts`: a profile without file slots.
  static let hostNoFiles = "no files"

  /// `hosts`: how many files a profile takes.
  static func hostFiles(_ count: Int, repeating: Bool, samples: Bool) -> String {
    (repeating ? "\(count)+ file\(count == 1 && !repeating ? "" : "s")" : "\(count) file\(count == 1 ? "" : "s")")
      + (samples ? " or samples" : "")
  }

  /// A part of a host's share no source establishes.
  static func assumed(_ text: String) -> String { "unknown: " + text }

  /// After a refused handler's name.
  static func phase(_ number: Int) -> String { ", phase \(number)" }

  /// The first line of a query's text (values already escaped).
  static func queryIntent(action: String?, type: String?, data: String?, categories: String) -> String {
    "intent: action \(action ?? "(none)"), type \(type ?? "(none)")" + (data.map { ", data \($0)" } ?? "")
      + ", categories [\(categories)]"
  }

  static func noMatch(_ handler: String) -> String { "no match: \(handler)" }

  /// A `sniff` row's reason.
  static func sniffReason(_ reason: String, corrected: Bool) -> String { (corrected ? "corrected: " : "") + reason }

  static func unknownSchemaVersion(_ version: Int) -> String {
    "schemaVersion \(version) is not \(Route.schemaVersion), the version this share-route reads"
  }

  // `sniff --explain`: one line per step.
  static func explainLibmagic(_ type: String, withoutLibmagic: Bool, withoutSoftMagic: Bool = false) -> String {
    if withoutLibmagic { return "libmagic's answer, from the first bytes without libmagic: \(type)" }
    if withoutSoftMagic { return "libmagic said \(type) from its encoding, JSON and CSV checks (its soft-magic rules not run)" }
    return "libmagic said \(type)"
  }

  static func explainDetector(_ name: String, type: String, evidence: String) -> String {
    "detector \(name) found \(type): \(evidence)"
  }

  static let explainNoDetector = "no detector changed it"

  static func explainName(used: Bool, why: String) -> String {
    (used ? "name: " : "name not used: ") + why
  }

  static func explainNameNotAsked(_ fileExtension: String) -> String {
    "name not asked: the content answer is specific, and a name only breaks a tie (.\(fileExtension) was not read)"
  }

  static let explainNoExtension = "name: none (the file has no extension)"

  static func explainReport(_ reported: String, kept: Bool, corrected: Bool) -> String {
    "reported \(reported): " + (kept ? "kept (the content allows it)" : corrected ? "corrected" : "the content agrees")
  }

  static func explainResult(_ type: String, source: String) -> String { "result: \(type), from \(source)" }
}
