/// The dictionary form of an iOS share extension's `NSExtensionActivationRule`.
///
/// Keys are Apple's, verbatim. Every value is read as an integer the way the system reads it
/// (`-intValue`): integers as they are, `true` as 1, `false` as 0, strings by their leading
/// digits. The evaluation follows the model of `docs/ios.md#how-share-route-evaluates-a-dictionary-rule`:
///
/// - a dictionary in which every value is 0 never matches;
/// - matching is *strict* (every attachment must be of an accepted kind) when
///   `NSExtensionActivationUsesStrictMatching` is non-zero or `NSExtensionActivationDictionaryVersion`
///   is below 2 (absent counts as 1), and *fuzzy* (at least one attachment of an accepted kind,
///   none of a kind whose value is exactly 0) otherwise;
/// - every `…WithMaxCount` key with a value N ≥ 1 accepts its kind and allows at most N such
///   attachments, counted over the whole share; `…WithMinCount` only sets a lower bound.
package struct ActivationDictionary: Hashable, Sendable {
  /// The keys Apple documents for the dictionary.
  package enum Key: String, Hashable, Sendable, CaseIterable {
    /// Accepts every attachment, at most N.
    case attachmentsMaxCount = "NSExtensionActivationSupportsAttachmentsWithMaxCount"
    /// At least N attachments; accepts no type by itself.
    case attachmentsMinCount = "NSExtensionActivationSupportsAttachmentsWithMinCount"
    /// Files (`public.file-url`, or data that is neither a URL nor text), at most N.
    case fileMaxCount = "NSExtensionActivationSupportsFileWithMaxCount"
    /// Images (`public.image`), at most N.
    case imageMaxCount = "NSExtensionActivationSupportsImageWithMaxCount"
    /// Movies (`public.movie`), at most N.
    case movieMaxCount = "NSExtensionActivationSupportsMovieWithMaxCount"
    /// Text (`public.text`, text files included); a Boolean.
    case text = "NSExtensionActivationSupportsText"
    /// HTTP URLs (`public.url` but not `public.file-url`), at most N.
    case webURLMaxCount = "NSExtensionActivationSupportsWebURLWithMaxCount"
    /// Web pages (`com.apple.active-webpage`), at most N.
    case webPageMaxCount = "NSExtensionActivationSupportsWebPageWithMaxCount"
    /// The dictionary version; 2 enables fuzzy matching.
    case dictionaryVersion = "NSExtensionActivationDictionaryVersion"
    /// Forces strict matching in version 2.
    case usesStrictMatching = "NSExtensionActivationUsesStrictMatching"

    /// The keys that accept a kind of attachment when their value is at least 1.
    package static let typeKeys: [Key] = [
      .attachmentsMaxCount, .fileMaxCount, .imageMaxCount, .movieMaxCount, .text, .webURLMaxCount,
      .webPageMaxCount,
    ]

    /// The key's position in `allCases`.
    var ordinal: Int {
      switch self {
      case .attachmentsMaxCount: 0
      case .attachmentsMinCount: 1
      case .fileMaxCount: 2
      case .imageMaxCount: 3
      case .movieMaxCount: 4
      case .text: 5
      case .webURLMaxCount: 6
      case .webPageMaxCount: 7
      case .dictionaryVersion: 8
      case .usesStrictMatching: 9
      }
    }

    /// Hashes the key by its case, not by its long raw string (the default for a raw-value
    /// enum): decoding the built-in set hashed keys a few hundred times.
    package func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }
    /// Compares keys by their case.
    package static func == (lhs: Key, rhs: Key) -> Bool { lhs.ordinal == rhs.ordinal }

    /// The key's bit in an attachment's ``Attachment/coverage``.
    var bit: UInt16 { 1 << UInt16(ordinal) }

    /// Whether an attachment with the given (normalised) types belongs to this key.
    func covers(_ types: [String]) -> Bool {
      func conf(_ parent: String) -> Bool { types.contains { TypeIdentifier.conforms($0, to: parent) } }
      switch self {
      case .attachmentsMaxCount: return true
      case .imageMaxCount: return conf(TypeIdentifier.image)
      case .movieMaxCount: return conf(TypeIdentifier.movie)
      case .text: return conf(TypeIdentifier.text)
      case .webURLMaxCount: return conf(TypeIdentifier.url) && !conf(TypeIdentifier.fileURL)
      case .webPageMaxCount: return conf(TypeIdentifier.activeWebPage)
      case .fileMaxCount:
        return conf(TypeIdentifier.fileURL)
          || (conf(TypeIdentifier.data) && !conf(TypeIdentifier.url) && !conf(TypeIdentifier.text))
      case .attachmentsMinCount, .dictionaryVersion, .usesStrictMatching: return false
      }
    }

    /// What one attachment of this key is called in messages ("3 images").
    var noun: (singular: String, plural: String) {
      switch self {
      case .attachmentsMaxCount, .attachmentsMinCount: ("attachment", "attachments")
      case .fileMaxCount: ("file", "files")
      case .imageMaxCount: ("image", "images")
      case .movieMaxCount: ("movie", "movies")
      case .text: ("text", "texts")
      case .webURLMaxCount: ("web URL", "web URLs")
      case .webPageMaxCount: ("web page", "web pages")
      case .dictionaryVersion, .usesStrictMatching: ("value", "values")
      }
    }
  }

  /// A value as written in the manifest or plist.
  package enum Value: Hashable, Sendable {
    /// `<integer>` / a YAML or JSON integer.
    case integer(Int)
    /// `<true/>` / `<false/>`.
    case boolean(Bool)
    /// `<string>` (read by its leading digits, like `-[NSString intValue]`).
    case string(String)
    /// `<real>` (truncated).
    case real(Double)

    /// The value as the system reads it (`-intValue`).
    package var intValue: Int {
      switch self {
      case .integer(let value): return value
      case .boolean(let value): return value ? 1 : 0
      case .real(let value):
        // -[NSNumber intValue] on a double: truncated, and saturated to the 32-bit range (a value
        // such as 13e30 must not trap; found by fuzzing).
        guard value.isFinite else { return 0 }
        return Int(min(max(value.rounded(.towardZero), Double(Int32.min)), Double(Int32.max)))
      case .string(let text):
        // -[NSString intValue]: skip leading whitespace, optional sign, then decimal digits.
        var scalars = Substring(text).drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        var sign = 1
        if let first = scalars.first, first == "-" || first == "+" {
          sign = first == "-" ? -1 : 1
          scalars = scalars.dropFirst()
        }
        var result = 0
        for char in scalars {
          guard let digit = char.wholeNumberValue, char.isASCII else { break }
          let (product, overflow1) = result.multipliedReportingOverflow(by: 10)
          let (sum, overflow2) = product.addingReportingOverflow(digit)
          if overflow1 || overflow2 { return sign > 0 ? Int(Int32.max) : Int(Int32.min) }
          result = sum
        }
        return sign * result
      }
    }
  }

  /// The values, by key.
  package let values: [Key: Value]

  /// A rule value as a manifest or plist wrote it, or `nil` for a list, a mapping or null
  /// (which `-intValue` cannot read).
  static func value(_ node: ConfigNode) -> Value? {
    switch node.value {
    case .integer(let number): .integer(number)
    case .bool(let flag): .boolean(flag)
    case .string(let text): .string(text)
    case .real(let number): .real(number)
    case .null, .array, .object: nil
    }
  }

  /// Every key's value as the system reads it (0 when absent), by ``Key/ordinal``: read once,
  /// not at every share.
  private let ints: [Int]

  /// Creates a rule from its values.
  package init(_ values: [Key: Value]) {
    self.values = values
    ints = Key.allCases.map { values[$0]?.intValue ?? 0 }
  }

  func int(_ key: Key) -> Int { ints[key.ordinal] }

  /// Whether matching is strict (version absent or 1, or `UsesStrictMatching`).
  package var usesStrictMatching: Bool {
    int(.usesStrictMatching) != 0 || int(.dictionaryVersion) < 2
  }

  /// Evaluates the rule against the attachments of one share.
  ///
  /// - Parameter attachments: The attachments, in share order.
  /// - Returns: Every reason the rule refuses the share; empty when it accepts.
  package func evaluate(_ attachments: [Attachment]) -> [ActivationRefusal] {
    if values.values.allSatisfy({ $0.intValue == 0 }) { return [.allZero] }
    let accepted = Key.typeKeys.filter { int($0) >= 1 }
    let acceptedBits = accepted.reduce(UInt16(0)) { $0 | $1.bit }
    var refusals: [ActivationRefusal] = []
    for key in accepted where key != .text {
      let count = attachments.count(where: { $0.coverage & key.bit != 0 })
      if count > int(key) { refusals.append(.overMaxCount(key: key, count: count, max: int(key))) }
    }
    let minimum = int(.attachmentsMinCount)
    if minimum >= 1 && attachments.count < minimum {
      refusals.append(.underMinCount(count: attachments.count, min: minimum))
    }
    func isAccepted(_ attachment: Attachment) -> Bool {
      attachment.coverage & acceptedBits != 0
    }
    if usesStrictMatching {
      if accepted.isEmpty {
        refusals.append(.noAcceptedKind)
      } else {
        for attachment in attachments where !isAccepted(attachment) {
          refusals.append(.unsupportedAttachment(attachment))
        }
      }
    } else {
      let rejecting = Key.typeKeys.filter { values[$0] != nil && int($0) == 0 }
      if !accepted.isEmpty && !attachments.contains(where: isAccepted) {
        refusals.append(.noSupportedAttachment)
      }
      for key in rejecting {
        for attachment in attachments where attachment.coverage & key.bit != 0 && !isAccepted(attachment) {
          refusals.append(.rejectedAttachment(attachment, key: key))
        }
      }
      if accepted.isEmpty && rejecting.isEmpty && minimum < 1 { refusals.append(.noAcceptedKind) }
    }
    return refusals
  }
}

/// One attachment as an activation rule sees it: the registered type identifiers of its item
/// provider, normalised as `-[NSExtensionItem _matchingDictionaryRepresentation]` does.
package struct Attachment: Hashable, Sendable {
  /// The type identifiers after normalisation.
  package let types: [String]
  /// How messages name the attachment (a file name, or the kind).
  package let label: String
  /// The keys whose kind the attachment is (``ActivationDictionary/Key/covers(_:)``), one bit
  /// each: worked out once, not for every rule.
  let coverage: UInt16

  /// Creates an attachment, applying the normalisation of `docs/ios.md#attachment-type-normalisation`:
  /// with two or more types and no `com.apple.active-webpage`, `public.url` is removed; then,
  /// with two or more left, `public.data` is removed.
  package init(types: [String], label: String) {
    var set = types
    if set.count >= 2 && !set.contains(TypeIdentifier.activeWebPage) {
      set.removeAll { $0 == TypeIdentifier.url }
    }
    if set.count >= 2 { set.removeAll { $0 == TypeIdentifier.data } }
    self.types = set
    self.label = label
    coverage = ActivationDictionary.Key.typeKeys.reduce(0) { $1.covers(set) ? $0 | $1.bit : $0 }
  }

  /// The kinds the attachment counts as for the dictionary keys (every key but
  /// `…AttachmentsWithMaxCount`, which counts every attachment), each with the registered type
  /// that makes it one: the first that does on its own, else the first.
  package var kinds: [(key: ActivationDictionary.Key, by: String)] {
    ActivationDictionary.Key.typeKeys.compactMap { key in
      guard key != .attachmentsMaxCount, coverage & key.bit != 0 else { return nil }
      return (key, types.first { key.covers([$0]) } ?? types.first ?? "")
    }
  }
}

/// Why a dictionary activation rule refused a share.
package enum ActivationRefusal: Hashable, Sendable {
  /// Every value is 0: the system never activates such a rule.
  case allZero
  /// More attachments of a kind than the key allows.
  case overMaxCount(key: ActivationDictionary.Key, count: Int, max: Int)
  /// Fewer attachments than `…AttachmentsWithMinCount`.
  case underMinCount(count: Int, min: Int)
  /// No key accepts any kind of attachment.
  case noAcceptedKind
  /// Strict matching: an attachment no accepted key covers.
  case unsupportedAttachment(Attachment)
  /// Fuzzy matching: no attachment is of an accepted kind.
  case noSupportedAttachment
  /// Fuzzy matching: an attachment of a kind whose key is exactly 0.
  case rejectedAttachment(Attachment, key: ActivationDictionary.Key)
}

/// An iOS share extension's `NSExtensionActivationRule`: a dictionary or a predicate string.
package enum ActivationRule: Hashable, Sendable {
  /// The dictionary form (`docs/ios.md#dictionary-rules`).
  case dictionary(ActivationDictionary)
  /// The predicate-string form (`docs/ios.md#predicate-strings`).
  case predicate(ActivationPredicate)
}
