/// Every user-facing message of ShareRouting, worded in one place and one style: location first
/// (added by the error types), lower case, user values in single quotes, no trailing period.
///
/// Each area has its own namespace: manifest errors (``ManifestError``), the YAML and JSON reader
/// (`ConfigMessages`), the XML reader (`XMLMessages`), property lists (`PlistMessages`), predicate
/// strings (`PredicateMessages`), lint warnings (`LintMessages`), routes (`RouteMessages`),
/// `share-route check` (``CheckMessages``) and items (``ShareItemError``, ``RoutingError``).

// MARK: - Predicate strings

/// Every message about predicate strings, worded in one place: lower case, no trailing period,
/// user text quoted.
enum PredicateMessages {
  // MARK: Syntax

  static let empty = "the predicate is empty"
  static let variableName = "expected a variable name after '$'"
  static let unterminatedString = "this string is not closed"

  static func unexpected(_ found: String, expected: String) -> String {
    "expected \(expected), found \(found)"
  }

  static func unexpectedCharacter(_ character: String) -> String {
    "unexpected character \(Printable.quoted(String(character)))"
  }

  static func tooDeep(_ limit: Int) -> String {
    "the predicate nests deeper than \(limit) levels"
  }

  static func tooManyTerms(_ limit: Int) -> String {
    "the predicate has more than \(limit) AND/OR operands"
  }

  static func unboundVariable(_ name: String) -> String {
    "'$\(name)' is not a SUBQUERY variable here"
  }

  static func unsupportedAggregate(_ found: String) -> String {
    "expected 'count' after '@' (the only collection operator activation rules use), found \(found)"
  }

  static let operatorList =
    "a comparison operator (==, !=, <, <=, >, >=, UTI-CONFORMS-TO, UTI-EQUALS, CONTAINS, BEGINSWITH, ENDSWITH, LIKE, IN)"

  /// NSPredicate operators share-route does not evaluate, refused with a clear message.
  static let unsupportedOperators: Set<String> = ["MATCHES", "BETWEEN"]

  static func unsupportedOperator(_ word: String) -> String {
    "share-route does not evaluate the operator \(Printable.quoted(word)) (it evaluates ==, !=, <, <=, >, >=, "
      + "UTI-CONFORMS-TO, UTI-EQUALS, CONTAINS, BEGINSWITH, ENDSWITH, LIKE and IN)"
  }

  // MARK: Evaluation

  static func modifierNeedsCollection(_ modifier: String, _ expression: String, found: String) -> String {
    "\(modifier) needs a collection, but \(expression) is \(found)"
  }

  static func subqueryNeedsCollection(_ expression: String, found: String) -> String {
    "SUBQUERY needs a collection, but \(expression) is \(found)"
  }

  static func typeOperatorNeedsStrings(_ op: String, found: String) -> String {
    "\(op) compares two type identifiers, found \(found) (a list needs ANY)"
  }

  static func needsStrings(_ op: String, _ lhs: String, _ rhs: String) -> String {
    "\(op) compares strings, found \(lhs) and \(rhs)"
  }

  static func cannotOrder(_ lhs: String, _ rhs: String) -> String {
    "cannot order \(lhs) against \(rhs)"
  }

  static func overBudget(_ steps: Int) -> String {
    "the predicate needs more than \(steps) evaluation steps for this share (its cost grows with the items, pairwise or with every term)"
  }

  static func noSuchKey(_ key: String, in value: String) -> String {
    "\(value) has no key \(Printable.quoted(key))"
  }

  // MARK: Explanations

  static let falsePredicate = "FALSEPREDICATE is never true"

  static func noAlternative(_ text: String, count: Int) -> String {
    "`\(text)` is false: none of its \(count) alternatives holds"
  }

  static func negatedHolds(_ text: String, inner: String) -> String {
    "`\(text)` is false: `\(inner)` holds"
  }

  static func comparisonFalse(_ text: String, lhs: String, rhs: String?) -> String {
    "`\(text)` is false: the left side is \(lhs)" + (rhs.map { ", the right side \($0)" } ?? "")
  }

  static func leftOut(variable: String, index: Int, label: String?, why: String) -> String {
    "$\(variable) \(index)\(label.map { " (\($0))" } ?? "") is left out: \(why)"
  }
}

// MARK: - Lint warnings

/// Every lint warning's wording, in one place: what goes wrong on a device, then a one-line fix.
/// Lower case, user values in single quotes, no trailing period.
enum LintMessages {
  typealias Text = (message: String, fix: String)

  // MARK: Android

  static func uppercase(_ type: String) -> Text {
    ("\(Printable.quoted(type)) has upper-case letters; Android matches types case-sensitively and senders use lower case, so it never matches",
     "write \(Printable.quoted(type.lowercased()))")
  }

  static func parameterized(_ type: String, normalized: String) -> Text {
    ("\(Printable.quoted(type)) has parameters or spaces; senders' normalised types never carry them, so it never matches",
     "write \(Printable.quoted(normalized))")
  }

  static func wildcardBase(_ type: String) -> Text {
    ("\(Printable.quoted(type)) is stored literally (only 'base/*' and '*/*' are wildcards), so it matches only a sender that writes \(Printable.quoted(type))",
     "write the full type (such as 'image/jpeg') or '*/*'")
  }

  static let noDefault: Text = (
    "the share filter has no android.intent.category.DEFAULT, so the share sheet never lists it (implicit starts need DEFAULT)",
    "add <category android:name=\"android.intent.category.DEFAULT\"/> (categories: [DEFAULT])"
  )

  static func scheme(_ schemes: [String]) -> Text {
    ("the share filter requires scheme \(schemes.map { "\(Printable.quoted($0))" }.joined(separator: ", ")), but share intents carry their content as extras with no data URI, so it never matches",
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
    if !onlySend.isEmpty { parts.append("SEND_MULTIPLE lacks \(onlySend.map { "\(Printable.quoted($0))" }.joined(separator: ", "))") }
    if !onlyMultiple.isEmpty { parts.append("SEND lacks \(onlyMultiple.map { "\(Printable.quoted($0))" }.joined(separator: ", "))") }
    return ("the SEND and SEND_MULTIPLE filters accept different types (\(parts.joined(separator: "; "))), so the handler comes and goes with the item count",
            "give both actions the same types")
  }

  static let notExported: Text = (
    "android:exported=\"false\": other apps cannot start this activity, so no share sheet lists it on a device; share-route still routes to it",
    "set android:exported=\"true\" (or remove the share filter)"
  )

  static func disabled(onApplication: Bool) -> Text {
    ((onApplication ? "the <application> has android:enabled=\"false\"" : "android:enabled=\"false\"")
      + ": the component is off until the app enables it at run time (PackageManager.setComponentEnabledSetting), so share-route refuses it",
     "nothing, if the app switches it on at run time (route with --assume-enabled to see it as enabled); otherwise remove android:enabled=\"false\"")
  }

  static func packageNotFound(gradle: String?, used: String) -> Text {
    ("no package: the manifest has no package attribute and "
      + (gradle.map { "\($0) has no literal android.namespace" } ?? "no build.gradle(.kts) is beside src/")
      + ", so the id uses \(Printable.quoted(used)), made from the module's path",
     "add namespace = \"…\" to the module's android { } block (or package=\"…\" to <manifest>)")
  }

  static func unresolvedLabel(_ value: String, used: String, why: String) -> Text {
    ("the label \(Printable.quoted(value)) cannot be resolved (\(why)), so share-route shows \(Printable.quoted(used)), the app's folder",
     "define it in the module's res/values/strings.xml, or write the label literally")
  }

  static func gradleComputed(_ key: String, written: String, used: String) -> Text {
    ("\(key) is computed (\(Printable.quoted(written))), which share-route does not evaluate; it uses \(Printable.quoted(used))",
     "write \(key) as a literal string")
  }

  static func projectUnreadable(_ why: String, used: String) -> Text {
    ("share-route cannot use this file (\(why)); it uses \(Printable.quoted(used))",
     "fix the file, or write the value in the platform file itself")
  }

  static func ambiguousID(_ id: String, other: String, used: String) -> Text {
    ("the id \(Printable.quoted(id)) is also derived from \(other); both handlers are kept, this one as \(Printable.quoted(used))",
     "give each app its own package or bundle identifier (a fork: its own applicationId)")
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
      case .string(let text): "the string \(Printable.quoted(text))"
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
    ("\(Printable.quoted(key)) is under \(parent), where the system ignores it; only keys inside NSExtensionActivationRule count",
     "move \(Printable.quoted(key)) into NSExtensionAttributes.NSExtensionActivationRule")
  }

  static func unknownRuleKey(_ key: String) -> Text {
    ("\(Printable.quoted(key)) is not an activation rule key; the system ignores it",
     "remove it, or use one of Apple's keys (NSExtensionActivationSupportsFileWithMaxCount, …)")
  }

  static func unknownType(_ identifier: String, suggestion: String?) -> Text {
    ("\(Printable.quoted(identifier)) is not a system type identifier share-route knows; it conforms only to itself",
     suggestion.map { "did you mean \(Printable.quoted($0))?" } ?? "check the spelling against Apple's UTType list")
  }

  static func thirdPartyType(_ identifier: String) -> Text {
    ("\(Printable.quoted(identifier)) is an app-declared type; share-route knows only system types, so it conforms only to itself",
     "nothing, if an app exports this type")
  }

  static func unknownRootKey(_ path: String) -> Text {
    ("\(Printable.quoted(path)) is not in the matching dictionary (it holds only extensionItems), so it is always nil",
     "start from extensionItems, as in SUBQUERY(extensionItems, $item, …)")
  }

  static func unknownMemberKey(_ key: String, of collection: String) -> Text {
    ("\(Printable.quoted(key)) is not a key of the elements of \(collection), so it is always nil",
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

  static func buildSetting(_ key: String, value: String, variable: String, project: String?, used: String) -> Text {
    ("\(key) is \(Printable.quoted(value)), and \(variable) is not defined in "
      + (project.map { "the build settings of \($0)" } ?? "any Xcode project found above the plist")
      + " (settings from .xcconfig files are not read), so share-route uses \(Printable.quoted(used))",
     "define \(variable) in the target's build settings, or pick another with --configuration")
  }

  static func missingBundleIdentifier(project: String?, used: String) -> Text {
    ("no CFBundleIdentifier, and no PRODUCT_BUNDLE_IDENTIFIER in "
      + (project.map { "the build settings of \($0)" } ?? "any Xcode project found above the plist")
      + ", so share-route uses \(Printable.quoted(used))",
     "set PRODUCT_BUNDLE_IDENTIFIER in the target's build settings (Xcode fills CFBundleIdentifier from it)")
  }

  // MARK: Sets

  static func orderTie(_ order: Int, other: String, otherFile: String, first: String, second: String) -> Text {
    ("order \(order) is also \(other)'s (\(otherFile)); the tie is broken by id, so \(Printable.quoted(first)) comes before \(Printable.quoted(second))",
     "give each handler its own order")
  }
}

// MARK: - XML

/// Every message of the XML reader, worded in one place.
enum XMLMessages {
  static let notUTF8 = "the file is not UTF-8 (share-route reads UTF-8 XML only)"
  static let secondRoot = "a second root element (an XML document has exactly one)"
  static let textOutsideRoot = "text outside the root element"
  static let noRoot = "no root element"
  static let internalSubset =
    "a DOCTYPE with an internal subset is not read (share-route never expands declared entities)"
  static let lessThanInAttribute = "'<' is not allowed in an attribute value (write &lt;)"
  static let badEntity = "'&' does not start an entity (write &amp;)"

  static func unterminated(_ what: String) -> String { "this \(what) is not closed" }
  static func expectedName(found: String) -> String { "expected a name, found \(found)" }
  static func expected(_ what: String, found: String) -> String { "expected \(what), found \(found)" }
  static func tooDeep(_ limit: Int) -> String { "elements nest deeper than \(limit) levels" }
  static func duplicateAttribute(_ name: String) -> String { "attribute \(Printable.quoted(name)) appears twice" }
  static func unknownEntity(_ name: String) -> String { "unknown entity '&\(name);'" }
  static func mismatchedEnd(_ closing: String, open: String, at location: SourceLocation) -> String {
    "'</\(closing)>' does not close '<\(open)>' (opened at \(location))"
  }
}

// MARK: - Property lists

/// Every message of the property-list reader, worded in one place.
enum PlistMessages {
  static func binaryDamaged(_ why: String) -> String { "the binary property list is damaged (\(why))" }
  static let binaryTooShort = "too short"
  static let binaryVersion = "only version 00 is read"
  static let binaryTrailerSizes = "bad trailer sizes"
  static let binaryTrailer = "bad trailer"
  static let binaryPastEnd = "a value runs past the end"
  static let binaryBadLength = "bad length"
  static let binaryCollectionPastEnd = "a collection runs past the objects"
  static let binaryStringPastEnd = "a string runs past the objects"
  static let binaryKeyNotString = "a dictionary key is not a string"
  static func binaryReference(_ index: Int) -> String { "reference \(index) out of range" }
  static func binaryObjectOutside(_ index: Int) -> String { "object \(index) outside the object area" }
  static func binaryLength(_ value: UInt64) -> String { "length \(value) exceeds the file" }
  static func binaryMarker(_ marker: UInt8) -> String { "unknown marker \(marker)" }
  static func binaryWidth(_ kind: String, _ width: Int) -> String { "\(kind) of \(width) bytes" }
  static func binaryDuplicateKey(_ key: String) -> String { "key \(Printable.quoted(key)) appears twice" }
  static let tooLarge = "the property list nests too deep or holds too many values"
  static let oneValue = "<plist> must hold exactly one value"

  static let noExtension = "the plist has no NSExtension (it is not an app extension's Info.plist)"
  static let noShareActivity = "no <activity> or <activity-alias> has a SEND or SEND_MULTIPLE intent filter"

  static func notShareExtension(_ point: String?) -> String {
    "NSExtensionPointIdentifier is \(Printable.quoted(point ?? "")) and there is no NSExtensionActivationRule (not a share or action extension)"
  }

  static func notPlist(_ root: String) -> String {
    "the root element is <\(root)>, not <plist> (share-route reads <manifest> and <plist>)"
  }
  static func expectedKey(found: String) -> String { "expected <key> in <dict>, found <\(found)>" }
  static func keyWithoutValue(_ key: String) -> String { "key \(Printable.quoted(key)) has no value" }
  static func duplicateKey(_ key: String) -> String { "key \(Printable.quoted(key)) appears twice in this <dict>" }
  static func badNumber(_ text: String, kind: String) -> String { "\(Printable.quoted(text)) is not a valid <\(kind)>" }
  static func unknownElement(_ name: String) -> String { "<\(name)> is not a property-list element" }
}

// MARK: - check

/// Every phrase `share-route check` prints about a failing case, worded in one place.
public enum CheckMessages {
  static func list(_ values: [String]) -> String { "[" + values.joined(separator: ", ") + "]" }

  static func refusedInstead(_ id: String, codes: [String]) -> String {
    "\(id) refused (\(codes.joined(separator: ", "))), expected it to accept"
  }

  static func acceptedInstead(_ id: String) -> String { "\(id) accepted, expected it to refuse" }

  static func otherReason(_ id: String, expected: String, codes: [String]) -> String {
    "\(id) refused with \(codes.joined(separator: ", ")), expected \(expected)"
  }

  static func unknownHandler(_ id: String) -> String { "\(id) is not a handler of this manifest set" }

  static func order(_ actual: [String], expected: [String]) -> String {
    "accepted \(list(actual)), expected \(list(expected))"
  }

  static func pick(_ actual: String?, expected: String?) -> String {
    "pick is \(actual ?? "nobody"), expected \(expected ?? "nobody")"
  }

  static func types(_ actual: [String], expected: [String]) -> String {
    "types \(list(actual)), expected \(list(expected))"
  }

  static func corrected(_ actual: [Bool], expected: [Bool]) -> String {
    "corrected \(list(actual.map(String.init))), expected \(list(expected.map(String.init)))"
  }

  static func errors(_ actual: [String], expected: [String]) -> String {
    "item errors \(list(actual)), expected \(list(expected))"
  }

  /// One line for a failing case: `file:line:col: name: difference; difference`.
  public static func failure(file: String, _ expectation: Expectation, _ differences: [String]) -> String {
    "\(file)\(expectation.location.map { ":\($0)" } ?? ""): \(expectation.name): \(differences.joined(separator: "; "))"
  }

  /// The closing line.
  public static func summary(passed: Int, failed: Int) -> String { "\(passed) passed, \(failed) failed" }
}

// MARK: - Manifest errors

extension ManifestError {
  /// The problem's wording, without the location.
  var problemDescription: String {
    switch problem {
    case .unreadable(let reason): "cannot read the file (\(reason))"
    case .notRegularFile: "not a regular file"
    case .tooLarge(let bytes):
      "file is too large (\(bytes) bytes, at most \(ManifestLoader.maxFileSize))"
    case .notUTF8: "file is not valid UTF-8"
    case .syntax(let format, let message): "invalid \(format): \(message)"
    case .emptyDocument: "the document is empty"
    case .wrongType(let expected, let found, let value):
      "expected \(expected), found \(found) \(Printable.quoted(value))"
    case .unknownKey(let key, let expected):
      "unknown key \(Printable.quoted(key)) (expected one of: \(expected.joined(separator: ", ")))"
    case .missingKey(let key): "missing required key \(Printable.quoted(key))"
    case .malformedMimeType(let type): "\(Printable.quoted(type)) is not a media type (expected 'type/subtype')"
    case .duplicateID(let id, let first): "duplicate id \(Printable.quoted(id)) (first defined in \(first))"
    case .duplicateSource(let name, let first):
      "duplicate source \(Printable.quoted(name)) (first defined in \(first))"
    case .invalidValue(let value, let expected): "\(Printable.quoted(value)) is not allowed (expected \(expected))"
    case .unknownHandler(let id): "\(Printable.quoted(id)) is not the id of any handler"
    case .unexpectedRoot(let root, let expected):
      "the root element is <\(root)>, expected <\(expected)>"
    case .missingAttribute(let attribute, let element): "<\(element)> has no \(attribute) attribute"
    case .noShareTarget(let why): "not a share target: \(why)"
    case .noHandlerFound(let count):
      count == 0
        ? "no handler found: no manifest, AndroidManifest.xml or Info.plist file in this directory"
        : "no handler found: none of the \(count) files read declares a share target"
    case .scanBound(let bound): "the scan stopped early: \(bound); the files found before it are used"
    case .invalidPredicate(let predicate, let error):
      "invalid predicate at \(error.location(in: predicate)) of the predicate: \(error.message)\n"
        + error.caret(in: predicate).split(separator: "\n", omittingEmptySubsequences: false)
        .map { "    " + $0 }.joined(separator: "\n")
    }
  }
}

// MARK: - Item errors

extension ShareItemError {
  /// The message, lower case, the value in single quotes.
  public var description: String {
    switch self {
    case .notWebURL(let url):
      "\(Printable.quoted(url)) is not an http or https URL (share other text with --text)"
    case .malformedType(let type):
      "\(Printable.quoted(type)) is not a media type (expected 'type/subtype')"
    }
  }
}

// MARK: - YAML and JSON

/// Every message of the YAML and JSON reader (Yams' own parser messages pass through as written).
enum ConfigMessages {
  static let endInsteadOfValue = "unexpected end of input, expected a value"
  static let quotedKey = "expected a quoted key"
  static let objectSeparator = "expected ',' or '}' in an object"
  static let listSeparator = "expected ',' or ']' in a list"
  static let unterminatedString = "unterminated string"
  static let controlCharacter = "control character in a string"
  static let invalidUnicodeEscape = "invalid \\u escape"
  static let unpairedSurrogate = "unpaired surrogate in \\u escape"
  static let invalidNumber = "invalid number"
  static let nonStringKey = "mapping keys must be plain strings"
  static let unresolvedAlias = "unresolved YAML alias"

  static func duplicateKeys(_ keys: [String]) -> String { "duplicate key \(keys.map { "\(Printable.quoted($0))" }.joined(separator: ", "))" }
  static func duplicateKey(_ key: String) -> String { "duplicate key \(Printable.quoted(key))" }
  static func tooDeep(_ limit: Int) -> String { "nesting deeper than \(limit) levels" }
  static func tooManyValues(_ limit: Int) -> String { "more than \(limit) values once aliases are expanded" }
  static func afterValue(_ character: Unicode.Scalar) -> String { "unexpected \(Printable.quoted(String(character))) after the JSON value" }
  static func unexpected(_ character: Unicode.Scalar) -> String { "unexpected \(Printable.quoted(String(character))), expected a value" }
  static func invalidLiteral(_ word: String) -> String { "invalid literal, expected \(Printable.quoted(word))" }
  static func colonAfter(_ key: String) -> String { "expected ':' after key \(Printable.quoted(key))" }
  static func invalidEscape(_ escape: Unicode.Scalar) -> String { "invalid escape '\\\(escape)'" }
  static func invalidNumber(_ literal: String) -> String { "invalid number \(Printable.quoted(literal))" }
}

// MARK: - batch

/// Every message of `share-route batch` about its input lines.
enum BatchMessages {
  /// `line N, column C: key.path: problem`.
  static func requestError(_ error: ManifestError, line: Int) -> String {
    var text = "line \(line)"
    if let column = error.location?.column { text += ", column \(column)" }
    text += ": "
    if !error.keyPath.isEmpty { text += error.keyPath + ": " }
    return text + error.problemDescription
  }

  static func lineTooLong(_ number: Int, limit: Int) -> String { "line \(number): longer than \(limit) bytes" }

  static func notUTF8(_ number: Int) -> String { "line \(number): not valid UTF-8" }

  static func summary(lines: Int, routed: Int, unrouted: Int, errors: Int) -> String {
    "batch: \(lines) line\(lines == 1 ? "" : "s"): \(routed) routed, \(unrouted) unrouted, \(errors) invalid"
  }

  static func progress(lines: Int) -> String { "batch: \(lines) lines" }
}

// MARK: - Project files

/// Every message about the files around a platform file (Gradle scripts, string resources,
/// Xcode projects), worded in one place.
enum ProjectMessages {
  static func unreadable(_ reason: String) -> String { "cannot read the file (\(reason))" }
  static let notRegularFile = "not a regular file"
  static func tooLarge(_ size: Int, limit: Int) -> String { "file is too large (\(size) bytes, at most \(limit))" }
  static func entryBound(_ limit: Int) -> String { "more than \(limit) directory entries" }
  static func depthBound(_ limit: Int) -> String { "folders nested deeper than \(limit) levels were not walked" }
  static let noStrings = "no res/values/*.xml strings beside the manifest"
  static func noString(_ name: String) -> String { "no string \(Printable.quoted(name)) in res/values" }
  static let notAString = "only @string/… resources and ${applicationId} are resolved"
  static let noProjectObject = "no project object (rootObject) in the project file"
  static let afterValue = "unexpected text after the property list"
  static let endOfFile = "the end of the file"
  static let unterminatedString = "this string is not closed"
  static func expected(_ what: String, found: String) -> String { "expected \(what), found \(found)" }
  static func tooDeep(_ limit: Int) -> String { "nesting deeper than \(limit) levels" }
  static func tooManyValues(_ limit: Int) -> String { "more than \(limit) values" }

  /// `Notes.xcodeproj, target 'ShareExtension', configuration 'Release'`.
  static func buildSettings(project: String, target: String, configuration: String, asked: String) -> String {
    "build settings of \(project), target \(Printable.quoted(target)), configuration \(Printable.quoted(configuration))"
      + (configuration == asked ? "" : " (the target has no \(Printable.quoted(asked)))")
  }
}
