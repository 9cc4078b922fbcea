/// Every lint warning's wording, in one place: what goes wrong on a device, then a one-line fix.
/// Lower case, user values in single quotes, no trailing period.
enum LintMessages {
  typealias Text = (message: String, fix: String)

  // MARK: Android

  static func uppercase(_ type: String) -> Text {
    ("'\(type)' has upper-case letters; Android matches types case-sensitively and senders use lower case, so it never matches",
     "write '\(type.lowercased())'")
  }

  static func parameterized(_ type: String, normalized: String) -> Text {
    ("'\(type)' has parameters or spaces; senders' normalised types never carry them, so it never matches",
     "write '\(normalized)'")
  }

  static func wildcardBase(_ type: String) -> Text {
    ("'\(type)' is stored literally (only 'base/*' and '*/*' are wildcards), so it matches only a sender that writes '\(type)'",
     "write the full type (such as 'image/jpeg') or '*/*'")
  }

  static let noDefault: Text = (
    "the share filter has no android.intent.category.DEFAULT, so the share sheet never lists it (implicit starts need DEFAULT)",
    "add <category android:name=\"android.intent.category.DEFAULT\"/> (categories: [DEFAULT])"
  )

  static func scheme(_ schemes: [String]) -> Text {
    ("the share filter requires scheme \(schemes.map { "'\($0)'" }.joined(separator: ", ")), but share intents carry their content as extras with no data URI, so it never matches",
     "remove android:scheme from the share filter's <data>")
  }

  static func priority(_ value: Int) -> Text {
    ("android:priority \(value) on a SEND or SEND_MULTIPLE filter is capped to 0 on devices; share-route ranks by it as written, a phone does not",
     "remove android:priority, and use the manifest's order to rank handlers")
  }

  static let sendWithoutMultiple: Text = (
    "the handler accepts SEND but not SEND_MULTIPLE, so it disappears when two or more items are shared",
    "add android.intent.action.SEND_MULTIPLE with the same types (or ignore this if it takes one item only)"
  )

  static func typesDiffer(onlySend: [String], onlyMultiple: [String]) -> Text {
    var parts: [String] = []
    if !onlySend.isEmpty { parts.append("SEND_MULTIPLE lacks \(onlySend.map { "'\($0)'" }.joined(separator: ", "))") }
    if !onlyMultiple.isEmpty { parts.append("SEND lacks \(onlyMultiple.map { "'\($0)'" }.joined(separator: ", "))") }
    return ("the SEND and SEND_MULTIPLE filters accept different types (\(parts.joined(separator: "; "))), so the handler comes and goes with the item count",
            "give both actions the same types")
  }

  static func notExported(_ attribute: String) -> Text {
    ("\(attribute)=\"false\": other apps cannot start this activity, so no share sheet lists it on a device; share-route still routes to it",
     "set \(attribute)=\"true\" (or remove the share filter)")
  }

  static func relativeName(_ name: String) -> Text {
    ("'\(name)' is relative, and the manifest has no package attribute (the build's namespace supplies it), so the id is kept as written",
     "write the full class name, or add package=\"…\" to <manifest>")
  }

  // MARK: iOS

  static let truePredicate: Text = (
    "TRUEPREDICATE activates the extension for every share; App Store validation rejects it",
    "write a real rule (a dictionary or a SUBQUERY predicate)"
  )

  static func nonBooleanText(_ value: ActivationDictionary.Value) -> Text {
    let shown: String =
      switch value {
      case .integer(let number): "the integer \(number)"
      case .string(let text): "the string '\(text)'"
      case .real(let number): "the number \(number)"
      case .boolean(let flag): "\(flag)"
      }
    return ("NSExtensionActivationSupportsText is \(shown); it works at run time, but App Store validation rejects a non-Boolean",
            "write <true/> (true in YAML or JSON)")
  }

  static let allZero: Text = (
    "every value of the activation rule is 0 (or the dictionary is empty), so the system never activates the extension",
    "give at least one key a count of 1 or more, or SupportsText true"
  )

  static let strictIgnored: Text = (
    "NSExtensionActivationUsesStrictMatching is false, but without NSExtensionActivationDictionaryVersion 2 matching stays strict",
    "add NSExtensionActivationDictionaryVersion 2 for fuzzy matching"
  )

  static func keyOutsideRule(_ key: String, parent: String) -> Text {
    ("'\(key)' is under \(parent), where the system ignores it; only keys inside NSExtensionActivationRule count",
     "move '\(key)' into NSExtensionAttributes.NSExtensionActivationRule")
  }

  static func unknownRuleKey(_ key: String) -> Text {
    ("'\(key)' is not an activation rule key; the system ignores it",
     "remove it, or use one of Apple's keys (NSExtensionActivationSupportsFileWithMaxCount, …)")
  }

  static func unknownType(_ identifier: String, suggestion: String?) -> Text {
    ("'\(identifier)' is not a type identifier share-route knows; it conforms only to itself",
     suggestion.map { "did you mean '\($0)'? (ignore this for a type your app declares)" }
       ?? "check the spelling (ignore this for a type your app declares)")
  }

  static func unknownRootKey(_ path: String) -> Text {
    ("'\(path)' is not in the matching dictionary (it holds only extensionItems), so it is always nil",
     "start from extensionItems, as in SUBQUERY(extensionItems, $item, …)")
  }

  static func unknownMemberKey(_ key: String, of collection: String) -> Text {
    ("'\(key)' is not a key of the elements of \(collection), so it is always nil",
     collection == "extensionItems"
       ? "use $item.attachments" : "use $attachment.registeredTypeIdentifiers")
  }

  static func atMostOnly(_ comparison: String) -> Text {
    ("`\(comparison)` also holds when no attachment matches, so shares with none of these types pass",
     "add a lower bound in the same AND, such as `… .@count >= 1`")
  }

  static func inPredicate(_ location: SourceLocation, _ message: String) -> String {
    "predicate \(location): " + message
  }

  static func buildSetting(_ key: String, value: String, used: String) -> Text {
    ("\(key) is the build setting '\(value)', which share-route cannot expand; it uses '\(used)', the folder's name",
     "ignore this, or write the final value in a copy of the plist for share-route")
  }

  // MARK: Sets

  static func orderTie(_ order: Int, other: String, otherFile: String, first: String, second: String) -> Text {
    ("order \(order) is also \(other)'s (\(otherFile)); the tie is broken by id, so '\(first)' comes before '\(second)'",
     "give each handler its own order")
  }
}
