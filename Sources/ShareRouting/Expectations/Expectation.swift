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
  /// The host's share the files fill (`from`, `capture` resolved against the file's directory,
  /// or `intent`), or `nil`.
  package var sender: SenderFile.Reference?
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
  /// Whether every usable item's reported type was corrected, when given as one Boolean
  /// (`corrected: true`, the usual form for a one-item share).
  package var correctedEvery: Bool?
  /// The codes of the item errors, in order, when given.
  package var errors: [String]?
  /// The refusal phase each of these handlers must be refused in (1, 2 or 3).
  package var phases: [(id: String, phase: Int)] = []
  /// The payload each item must have, in share order: the `share` fields given are compared.
  package var shares: [ShareExpectation]?
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
    func nearest(_ id: String) -> String? { Self.nearest(id, in: route) }
    for id in accept where !accepted.contains(id) {
      found.append(
        rejected[id].map { CheckMessages.refusedInstead(shown(id), codes: $0.reasons.map(\.code.rawValue)) }
          ?? CheckMessages.unknownHandler(id, didYouMean: nearest(id)))
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
        found.append(CheckMessages.unknownHandler(id, didYouMean: nearest(id)))
      }
    }
    for (id, phase) in phases {
      if let rejection = rejected[id] {
        if rejection.phase.rawValue != phase { found.append(CheckMessages.phase(shown(id), rejection.phase.rawValue, expected: phase)) }
      } else if accepted.contains(id) {
        found.append(CheckMessages.acceptedInstead(shown(id)))
      } else {
        found.append(CheckMessages.unknownHandler(id, didYouMean: nearest(id)))
      }
    }
    if let order, order != accepted { found.append(CheckMessages.order(accepted.map(shown), expected: order)) }
    if let pick, pick != route.pick { found.append(CheckMessages.pick(route.pick.map(shown), expected: pick)) }
    if let types, types != route.items.map(\.type) {
      found.append(CheckMessages.types(route.items.map(\.type), expected: types))
    }
    if let corrected = corrected ?? correctedEvery.map({ Array(repeating: $0, count: route.items.count) }),
      corrected != route.items.map(\.corrected)
    {
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
    // A sample that cannot be used is a broken case, unless the case expects item errors.
    if errors == nil {
      for problem in route.errors where problem.item != nil {
        found.append(
          problem.code == .missing
            ? CheckMessages.sampleNotFound(problem.path ?? "") : CheckMessages.sampleUnusable(problem.message))
      }
    }
    if let shares {
      let actual = route.items.map(\.share)
      if actual.count != shares.count || zip(actual, shares).contains(where: { !$1.matches($0) }) {
        found.append(CheckMessages.shares(actual.map(CheckMessages.share), expected: shares.map(\.description)))
      }
    }
    return found
  }

  /// The handlers this case is wrong about, each once, in the case's order: expected to accept
  /// and refused, expected to refuse (with a code or phase) and accepted or refused otherwise, or
  /// receiving other items. `check` shows where each is declared and why.
  /// The nearest id of a route to a mistyped one (at most two edits, or a third of its length),
  /// if one.
  static func nearest(_ id: String, in route: Route) -> String? {
    let bound = max(2, id.count / 3)
    let known = route.accepted.map(\.id) + route.rejected.map(\.id)
    let scored = known.map { ($0, Spelling.distance(Array(id.utf8), Array($0.utf8))) }.filter { $0.1 <= bound }
    return scored.min { $0.1 < $1.1 }?.0
  }

  /// The ids suggested for the ones this case names and no handler has (`did you mean …?`),
  /// each with the id as written, in the order named.
  package func suggestedIDs(_ route: Route) -> [(written: String, suggested: String)] {
    let known = Set(route.accepted.map(\.id) + route.rejected.map(\.id))
    return (accept + refuse.map(\.0) + phases.map(\.id)).filter { !known.contains($0) }
      .compactMap { written in Self.nearest(written, in: route).map { (written, $0) } }
  }

  package func handlersInQuestion(_ route: Route) -> [String] {
    let accepted = Set(route.accepted.map(\.id))
    let rejected = Dictionary(route.rejected.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var ids = accept.filter { !accepted.contains($0) && rejected[$0] != nil }
    for (id, code) in refuse {
      if accepted.contains(id) { ids.append(id) }
      if let code, let rejection = rejected[id], !rejection.reasons.contains(where: { $0.code.rawValue == code }) { ids.append(id) }
    }
    for (id, phase) in phases {
      if accepted.contains(id) || rejected[id].map({ $0.phase.rawValue != phase }) == true { ids.append(id) }
    }
    for (id, names) in receives {
      if rejected[id] != nil { ids.append(id) }
      if let handler = route.accepted.first(where: { $0.id == id }),
        (handler.items ?? Array(route.items.indices)).map({ route.items[$0].share.name }) != names
      {
        ids.append(id)
      }
    }
    var seen = Set<String>()
    return ids.filter { seen.insert($0).inserted }
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

/// What one item's payload (`share`, Expensify's `formatShareData` shape) must be: the fields a
/// case gives are compared, the others are not.
package struct ShareExpectation: Sendable, CustomStringConvertible {
  package var isTextShare: Bool?
  package var name: String?
  package var source: String?
  package var type: String?

  package init(isTextShare: Bool? = nil, name: String? = nil, source: String? = nil, type: String? = nil) {
    self.isTextShare = isTextShare
    self.name = name
    self.source = source
    self.type = type
  }

  /// Whether a payload has every field given.
  func matches(_ share: ShareData) -> Bool {
    (isTextShare.map { $0 == share.isTextShare } ?? true) && (name.map { $0 == share.name } ?? true)
      && (source.map { $0 == share.source } ?? true) && (type.map { $0 == share.type } ?? true)
  }

  /// The given fields, as the case writes them.
  package var description: String {
    var parts: [String] = []
    if let isTextShare { parts.append("isTextShare: \(isTextShare)") }
    if let name { parts.append("name: \(name)") }
    if let source { parts.append("source: \(source)") }
    if let type { parts.append("type: \(type)") }
    return "{" + parts.joined(separator: ", ") + "}"
  }
}
