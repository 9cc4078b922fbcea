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
    matchingDictionary([MatchingItem(attachments: attachments)])
  }

  /// The matching dictionary of extension items as a host built them: each with its attachments
  /// and, when the host set them, its `title` and `contentText` (the strings of `attributedTitle`
  /// and `attributedContentText`, under the names `_matchingDictionaryRepresentation` gives them).
  static func matchingDictionary(_ extensionItems: [MatchingItem]) -> PredicateValue {
    let items: [PredicateValue] = extensionItems.map { item in
      var members: [String: PredicateValue] = [
        "attachments": .list(
          item.attachments.map {
            .object(["registeredTypeIdentifiers": .list($0.types.map { .string($0) })], label: $0.label)
          })
      ]
      if let title = item.title { members["title"] = .string(title) }
      if let text = item.contentText { members["contentText"] = .string(text) }
      return .object(members, label: nil)
    }
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

/// One extension item as activation rules see it: its attachments (normalised), and the strings
/// of its `attributedTitle` and `attributedContentText` when the host set them.
struct MatchingItem: Hashable, Sendable {
  var attachments: [Attachment]
  var title: String? = nil
  var contentText: String? = nil
}
