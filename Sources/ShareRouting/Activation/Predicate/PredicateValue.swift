/// A value of the matching dictionary, or of a predicate expression.
enum PredicateValue: Hashable, Sendable {
  case null
  case string(String)
  case number(Double)
  case boolean(Bool)
  case list([PredicateValue])
  /// A dictionary; `label` names it in explanations (an attachment's file name) and is not a key.
  case object([String: PredicateValue], label: String?)

  /// The matching dictionary of `docs/ios.md#the-matching-dictionary` for a share: one extension item
  /// whose attachments are the share's items, each with its normalised type identifiers.
  static func matchingDictionary(_ attachments: [Attachment]) -> PredicateValue {
    let items: [PredicateValue] = [
      .object(
        [
          "attachments": .list(
            attachments.map {
              .object(["registeredTypeIdentifiers": .list($0.types.map { .string($0) })], label: $0.label)
            })
        ], label: nil)
    ]
    return .object(["extensionItems": .list(items)], label: nil)
  }

  var number: Double? {
    switch self {
    case .number(let value): value
    case .boolean(let flag): flag ? 1 : 0
    default: nil
    }
  }
}
