extension Resolver {
  /// The query result as JSON: the intent, `accepted` in resolver order, `rejected` with reasons,
  /// in the envelope routes use (without `items`).
  package static func json(
    intent: AndroidIntent, matches: [Match], rejected: [Rejection], errors: [RouteProblem], pretty: Bool
  ) -> String {
    var writer = JSONWriter(pretty: pretty)
    writer.answer(
      id: nil,
      intent: { writer in
        writer.object {
          $0.member("action") { $0.optionalString(intent.action) }
          $0.member("type") { $0.optionalString(intent.type) }
          $0.member("data") { $0.optionalString(intent.data) }
          $0.member("categories") { writer in writer.array(intent.categories) { $0.string($1) } }
        }
      },
      items: nil, pick: matches.first?.handler.id, accepted: matches,
      acceptedMember: { writer, match in
        writer.object {
          $0.member("id") { $0.string(match.handler.id) }
          $0.member("label") { $0.string(match.handler.label) }
          $0.guessed(match.handler.guessed)
          $0.member("filter") { $0.number(match.filterIndex) }
          $0.member("priority") { $0.number(match.priority) }
          $0.member("isDefault") { $0.bool(match.isDefault) }
          $0.member("match") { $0.number(match.match) }
        }
      },
      rejected: rejected, errors: errors,
      ordering: { writer in writer.object { $0.member("rule") { $0.string("resolver") } } })
    return writer.output
  }
}
