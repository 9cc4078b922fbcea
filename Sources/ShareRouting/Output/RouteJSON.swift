/// The JSON of a route (`docs/output.md#route-json`) and the envelope route and query answers share.
extension Route {
  /// The route as JSON (`docs/output.md#route-json`), keys in the documented order, absent values as `null`.
  ///
  /// - Parameter pretty: Indented output for people; compact (one line) otherwise.
  /// - Returns: UTF-8 JSON text without a trailing newline.
  public func json(pretty: Bool) -> String {
    // About 400 bytes an item, 80 an accepted handler, 250 a refusal (more when pretty).
    let estimate = 512 + 400 * items.count + 80 * accepted.count + 250 * rejected.count + 200 * errors.count
    var writer = JSONWriter(pretty: pretty, capacity: pretty ? estimate * 2 : estimate)
    writer.route(self)
    return writer.output
  }
}

extension JSONWriter {
  /// A route (`docs/output.md#route-json`): what ``Route/json(pretty:)`` and its `Encodable` write.
  mutating func route(_ route: Route) {
    let intent = route.intent
    let items = route.items
    answer(
      id: route.id, source: .some(route.source),
      intent: { writer in
        if let intent {
          writer.object {
            $0.member("action") { $0.optionalString(intent.action) }
            $0.member("type") { $0.optionalString(intent.type) }
            $0.member("extras") { $0.shareExtras(intent) }
            $0.member("clipData") { $0.clipData(intent.clipData) }
          }
        } else {
          writer.null()
        }
      },
      from: route.sender.map { sender in { writer in writer.sender(sender) } },
      items: items, pick: route.pick, accepted: route.accepted,
      acceptedMember: { writer, handler in writer.accepted(handler, whole: Array(items.indices)) },
      directShare: { writer in writer.array(route.directShare) { $0.directShare($1) } },
      rejected: route.refusalsOmitted ? nil : route.rejected, errors: route.errors,
      platforms: route.platforms, ordering: { writer in
        writer.object {
          $0.member("rule") { $0.string("fresh-sheet") }
          $0.member("locale") { $0.string(route.sheetLocale) }
        }
      })
  }

  /// The host's share a route is of (`docs/output.md#route-json`, `from`): the host, its
  /// platform and summary, its extension items (iOS: each attachment's route item, registered
  /// types and what a dictionary rule counts it as) or its streams (Android: URI, the display
  /// name and type the receiver reads, route item), and what no source establishes.
  mutating func sender(_ sender: SenderShare) {
    object {
      $0.member("host") { $0.string(sender.host) }
      $0.member("platform") { $0.string(sender.platform.rawValue) }
      $0.member("summary") { $0.optionalString(sender.summary) }
      if sender.platform == .ios {
        $0.member("extensionItems") { writer in
          writer.array(sender.extensionItems) { writer, item in
            writer.object {
              $0.member("attributedTitle") { $0.optionalString(item.title) }
              $0.member("attributedContentText") { $0.optionalString(item.contentText) }
              $0.member("attachments") { writer in
                writer.array(item.attachments) { writer, sent in
                  writer.object {
                    $0.member("item") { $0.number(sent.item) }
                    $0.member("registeredTypeIdentifiers") { writer in writer.array(sent.types) { $0.string($1) } }
                    $0.member("counts") { writer in
                      writer.array(Attachment(types: sent.types, label: "").kinds) { writer, kind in
                        writer.object {
                          $0.member("key") { $0.string(kind.key.rawValue) }
                          $0.member("by") { $0.string(kind.by) }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      } else {
        $0.member("streams") { writer in
          writer.array(sender.streams) { writer, stream in
            writer.object {
              $0.member("item") { $0.number(stream.item) }
              $0.member("uri") { $0.optionalString(stream.uri) }
              $0.member("displayName") { $0.optionalString(stream.displayName) }
              $0.member("type") { $0.optionalString(stream.type) }
              $0.member("file") { $0.optionalString(stream.file) }
            }
          }
        }
      }
      $0.member("unknown") { writer in writer.array(sender.unknown) { $0.string($1) } }
    }
  }

  /// A Direct Share target that fits the share: its activity, `targetClass`, categories and
  /// types, and where it is declared.
  mutating func directShare(_ match: DirectShareMatch) {
    object {
      $0.member("handler") { $0.string(match.handler) }
      $0.member("label") { $0.string(match.label) }
      $0.member("targetClass") { $0.string(match.target.targetClass) }
      $0.member("categories") { writer in writer.array(match.target.categories) { $0.string($1) } }
      $0.member("mimeTypes") { writer in writer.array(match.target.mimeTypes) { $0.string($1) } }
      $0.member("file") { $0.string(match.target.file) }
      $0.member("line") { writer in if let line = match.target.location?.line { writer.number(line) } else { writer.null() } }
    }
  }

  /// A share intent's extras: `EXTRA_STREAM` (one URI for `SEND`, a list for `SEND_MULTIPLE`;
  /// `null` where the URI is not known), `EXTRA_SUBJECT`, `EXTRA_TEXT`, each when present.
  mutating func shareExtras(_ intent: AndroidIntent) {
    object {
      let streams = intent.extras.streams
      if !streams.isEmpty {
        $0.member("android.intent.extra.STREAM") { writer in
          if intent.action == IntentFilter.actionSendMultiple {
            writer.array(streams) { $0.optionalString($1) }
          } else {
            writer.optionalString(streams[0])
          }
        }
      }
      if let subject = intent.extras.subject { $0.member("android.intent.extra.SUBJECT") { $0.string(subject) } }
      if let text = intent.extras.text { $0.member("android.intent.extra.TEXT") { $0.string(text) } }
    }
  }

  /// The `ClipData` a started share intent carries (`null` when none): its MIME types, its items
  /// (`text` and `uri`, `null` when absent or not known) and the flags it adds.
  mutating func clipData(_ clip: AndroidIntent.ClipData?) {
    guard let clip else { return null() }
    object {
      $0.member("mimeTypes") { writer in writer.array(clip.mimeTypes) { $0.string($1) } }
      $0.member("items") { writer in
        writer.array(clip.items) { writer, item in
          writer.object {
            $0.member("text") { $0.optionalString(item.text) }
            $0.member("uri") { $0.optionalString(item.uri) }
          }
        }
      }
      $0.member("flags") { writer in
        writer.array(clip.grantsRead ? ["FLAG_GRANT_READ_URI_PERMISSION"] : []) { $0.string($1) }
      }
    }
  }

  /// An accepted handler; its `items` are the positions it receives (`whole`, every position of
  /// the share, when it takes the whole share; left out when neither is known: a handler alone).
  mutating func accepted(_ handler: HandlerSummary, whole: [Int]?) {
    object {
      $0.member("id") { $0.string(handler.id) }
      $0.member("label") { $0.string(handler.label) }
      $0.guessed(handler.guessed)
      $0.member("reason") { $0.optionalString(handler.reason?.rawValue) }
      if let items = handler.items ?? whole { $0.member("items") { writer in writer.array(items) { $0.number($1) } } }
    }
  }
}

extension JSONWriter {
  /// The envelope of an answer, shared by routes and queries: `schemaVersion`, the request `id`
  /// (when there is one), the `source` profile applied (routes only: `null` for none), `intent`,
  /// `picks` and `orders` per platform (routes whose set has both platforms), `items` (routes only), `pick`, `accepted` (each written by
  /// `acceptedMember`), `rejected` (left out when `nil`: refusals were not asked for) and `errors`.
  mutating func answer<Accepted>(
    id: String?, source: String?? = nil, intent: (inout JSONWriter) -> Void, from: ((inout JSONWriter) -> Void)? = nil,
    items: [ShareItem]?, pick: String?,
    accepted: [Accepted], acceptedMember: (inout JSONWriter, Accepted) -> Void,
    directShare: ((inout JSONWriter) -> Void)? = nil, rejected: [Rejection]?, errors: [RouteProblem], platforms: PlatformAnswers? = nil,
    ordering: (inout JSONWriter) -> Void
  ) {
    object {
      $0.member("schemaVersion") { $0.number(Route.schemaVersion) }
      if let id { $0.member("id") { $0.string(id) } }
      if let source { $0.member("source") { $0.optionalString(source) } }
      if let from { $0.member("from", from) }
      $0.member("intent", intent)
      if let items { $0.member("items") { writer in writer.array(items) { $0.item($1) } } }
      $0.member("pick") { $0.optionalString(pick) }
      if let platforms {
        $0.member("picks") { writer in
          writer.object {
            $0.member("android") { $0.optionalString(platforms.android.first) }
            $0.member("ios") { $0.optionalString(platforms.ios.first) }
          }
        }
        $0.member("orders") { writer in
          writer.object {
            $0.member("android") { writer in writer.array(platforms.android) { $0.string($1) } }
            $0.member("ios") { writer in writer.array(platforms.ios) { $0.string($1) } }
          }
        }
      }
      $0.member("ordering", ordering)
      $0.member("accepted") { writer in writer.array(accepted, acceptedMember) }
      if let directShare { $0.member("directShare", directShare) }
      if let rejected { $0.member("rejected") { writer in writer.array(rejected) { $0.rejection($1) } } }
      $0.member("errors") { writer in writer.array(errors) { $0.problem($1) } }
    }
  }

  /// `"guessed": [...]`: the handler values share-route made up, `[]` when none.
  mutating func guessed(_ values: [GuessedValue]) {
    member("guessed") { writer in writer.array(values) { $0.string($1.rawValue) } }
  }

  mutating func item(_ item: ShareItem) {
    object {
      $0.member("share") { writer in
        writer.object {
          $0.member("isTextShare") { $0.bool(item.share.isTextShare) }
          $0.member("name") { $0.string(item.share.name) }
          $0.member("source") { $0.string(item.share.source) }
          $0.member("type") { $0.string(item.share.type) }
        }
      }
      $0.provenance(item)
    }
  }

  /// An item's type provenance, as members of the current object (routes and sniff records).
  mutating func provenance(_ item: ShareItem) {
    member("kind") { $0.string(item.kind.rawValue) }
    member("uti") { $0.string(item.uti) }
    member("reportedType") { $0.optionalString(item.reportedType) }
    member("sniffedType") { $0.optionalString(item.sniffedType) }
    member("typeSource") { $0.string(item.typeSource.rawValue) }
    member("corrected") { $0.bool(item.corrected) }
    member("reason") { $0.optionalString(item.reason) }
  }

  mutating func rejection(_ rejection: Rejection) {
    object {
      $0.member("id") { $0.string(rejection.id) }
      $0.member("label") { $0.string(rejection.label) }
      $0.guessed(rejection.guessed)
      $0.member("phase") { $0.number(rejection.phase.rawValue) }
      $0.member("reasons") { writer in writer.array(rejection.reasons) { $0.reason($1) } }
    }
  }

  mutating func reason(_ reason: Reason) {
    object {
      $0.member("platform") { $0.string(reason.area.rawValue) }
      $0.member("code") { $0.string(reason.code.rawValue) }
      $0.member("phase") { $0.number(reason.phase.rawValue) }
      $0.member("message") { $0.string(reason.message) }
      // Where the rule that decided is written, when the router knew it.
      $0.member("file") { $0.optionalString(reason.place?.file) }
      $0.member("line") { writer in reason.place?.location.map { writer.number($0.line) } ?? writer.null() }
      $0.member("column") { writer in reason.place?.location.map { writer.number($0.column) } ?? writer.null() }
    }
  }

  mutating func problem(_ problem: RouteProblem) {
    object {
      $0.member("code") { $0.string(problem.code.rawValue) }
      $0.member("message") { $0.string(problem.message) }
      if let phase = problem.phase { $0.member("phase") { $0.number(phase.rawValue) } }
      if let item = problem.item { $0.member("item") { $0.number(item) } }
      if let path = problem.path { $0.member("path") { $0.string(path) } }
    }
  }
}
