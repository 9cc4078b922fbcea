/// One case of an expectations file (`share-route check`): a share and what must happen to it.
///
/// ```yaml
/// cases:
///   - name: a photo and a text from a chat
///     files: [photo.jpg]          # relative to the expectations file
///     texts: [hi]
///     source: chat
///     expect:
///       accept: [keep, copy-link]   # these must accept
///       refuse: {album: unsupported-item, com.example.gallery: not-offered}   # or a list of ids
///       order: [keep, timeline, notes, copy-link, other-apps]                 # exactly, in order
///       pick: keep                                                            # or null: nobody
///       types: [image/jpeg, text/plain]                                       # effective types
///       corrected: [false, false]
///       errors: []                                                            # item error codes
///       receives: {keep: [photo.jpg, hi]}        # the items a handler receives, by name
/// ```
package struct Expectation: Sendable {
  /// The case's name.
  package var name: String
  /// Where the case starts in its file.
  package var location: SourceLocation?
  /// Files to share, resolved against the expectations file's directory.
  package var files: [String] = []
  /// Reported types for the files (once for all, or once per file).
  package var reportedTypes: [String] = []
  /// `content` or `reported`, or `nil` for the default.
  package var trust: String?
  /// Texts to share.
  package var texts: [String] = []
  /// URLs to share.
  package var urls: [String] = []
  /// Declared items by MIME type.
  package var mimeTypes: [String] = []
  /// Declared items by UTI.
  package var utis: [String] = []
  /// The source profile, or `nil`.
  package var source: String?
  /// Which rules to evaluate.
  package var platform: Platform = .all

  /// Handlers that must accept.
  package var accept: [String] = []
  /// Handlers that must refuse, each with the reason code it must give (or `nil` for any).
  package var refuse: [(id: String, code: String?)] = []
  /// The exact accepted list, in order, when given.
  package var order: [String]?
  /// The pick: `.some(nil)` for "nobody accepts", `nil` when not checked.
  package var pick: String??
  /// The effective types of the usable items, in order, when given.
  package var types: [String]?
  /// Whether each usable item's reported type was corrected, when given.
  package var corrected: [Bool]?
  /// The codes of the item errors, in order, when given.
  package var errors: [String]?
  /// The items (by name) each of these accepting handlers must receive, in share order: all of
  /// them, or the ones that fit for a handler that takes some (`select: any`).
  package var receives: [(id: String, items: [String])] = []

  /// What differs between this expectation and a route, one phrase per difference; empty when
  /// the case passes. Wording: ``CheckMessages``.
  package func differences(from route: Route) -> [String] {
    var found: [String] = []
    let accepted = route.accepted.map(\.id)
    let rejected = Dictionary(route.rejected.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let guessed = Self.guessedIDs(route)
    /// An id as printed: marked when share-route made it up.
    func shown(_ id: String) -> String { OutputMessages.marked(id, .id, guessed: guessed.contains(id) ? [.id] : []) }
    for id in accept where !accepted.contains(id) {
      found.append(
        rejected[id].map { CheckMessages.refusedInstead(shown(id), codes: $0.reasons.map(\.code.rawValue)) }
          ?? CheckMessages.unknownHandler(id))
    }
    for (id, code) in refuse {
      if accepted.contains(id) {
        found.append(CheckMessages.acceptedInstead(shown(id)))
      } else if let rejection = rejected[id] {
        let codes = rejection.reasons.map(\.code.rawValue)
        if let code, !codes.contains(code) {
          found.append(CheckMessages.otherReason(shown(id), expected: code, codes: codes))
        }
      } else {
        found.append(CheckMessages.unknownHandler(id))
      }
    }
    if let order, order != accepted { found.append(CheckMessages.order(accepted.map(shown), expected: order)) }
    if let pick, pick != route.pick { found.append(CheckMessages.pick(route.pick.map(shown), expected: pick)) }
    if let types, types != route.items.map(\.type) {
      found.append(CheckMessages.types(route.items.map(\.type), expected: types))
    }
    if let corrected, corrected != route.items.map(\.corrected) {
      found.append(CheckMessages.corrected(route.items.map(\.corrected), expected: corrected))
    }
    for (id, names) in receives {
      guard let handler = route.accepted.first(where: { $0.id == id }) else {
        found.append(CheckMessages.receivesNothing(shown(id), expected: names))
        continue
      }
      let received = (handler.items ?? Array(route.items.indices)).map { route.items[$0].share.name }
      if received != names { found.append(CheckMessages.receives(shown(id), received, expected: names)) }
    }
    let itemErrors = route.errors.filter { $0.item != nil }.map(\.code.rawValue)
    if let errors, errors != itemErrors { found.append(CheckMessages.errors(itemErrors, expected: errors)) }
    return found
  }

  /// The handler ids this case names (in `accept`, `refuse`, `order` and `pick`) that
  /// share-route made up (``HandlerManifest/guessed``), in the case's order: a case that passes
  /// on a guessed id checks share-route's fallback, not the app.
  package func guessedIDs(in route: Route) -> [String] {
    let guessed = Self.guessedIDs(route)
    var named = accept + refuse.map(\.id) + (order ?? []) + receives.map(\.id)
    if case .some(.some(let id)) = pick { named.append(id) }
    var seen = Set<String>()
    return named.filter { guessed.contains($0) && seen.insert($0).inserted }
  }

  private static func guessedIDs(_ route: Route) -> Set<String> {
    Set(route.accepted.filter { $0.guessed.contains(.id) }.map(\.id))
      .union(route.rejected.filter { $0.guessed.contains(.id) }.map(\.id))
  }
}
