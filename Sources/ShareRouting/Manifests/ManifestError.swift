/// An invalid manifest: the file, the place in it and the offending value.
///
/// Its wording lives with every other message of ShareRouting in `Messages.swift`, in one style: location first, lower
/// case, user values in single quotes, no trailing period:
/// `manifests/gallery.yaml:7:20: android.intentFilters[0].mimeTypes[1]: 'image' is not a media type (expected 'type/subtype')`.
public struct ManifestError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file, as given (relative paths stay relative).
  public let file: String
  /// The line and column, when known.
  public let location: SourceLocation?
  /// The key path inside the document (`android.intentFilters[0].mimeTypes[1]`), or empty.
  public let keyPath: String
  /// What is wrong.
  public let problem: Problem

  /// Creates an error.
  package init(file: String, location: SourceLocation?, keyPath: String, problem: Problem) {
    self.file = file
    self.location = location
    self.keyPath = keyPath
    self.problem = problem
  }

  /// The kinds of problem a manifest can have.
  public enum Problem: Hashable, Sendable {
    /// The file cannot be opened or read; the system's reason.
    case unreadable(String)
    /// A directory entry that is not a regular file (FIFO, device, socket).
    case notRegularFile
    /// Larger than `ManifestLoader/maxFileSize`.
    case tooLarge(bytes: Int)
    /// Not valid UTF-8.
    case notUTF8
    /// The YAML or JSON does not parse; the parser's message.
    case syntax(format: String, message: String)
    /// The document is empty.
    case emptyDocument
    /// A value of the wrong type.
    case wrongType(expected: String, found: String, value: String)
    /// A key the format does not define.
    case unknownKey(String, expected: [String])
    /// A required key is missing.
    case missingKey(String)
    /// A MIME type Android rejects (`image`, `/png`, `image/`).
    case malformedMimeType(String)
    /// An id already used by another handler.
    case duplicateID(String, firstDefinedIn: String)
    /// A source name already used by another profile.
    case duplicateSource(String, firstDefinedIn: String)
    /// A value outside what the key allows.
    case invalidValue(String, expected: String)
    /// A source profile names a handler no manifest defines.
    case unknownHandler(String)
    /// An XML file whose root element is not the expected one.
    case unexpectedRoot(String, expected: String)
    /// An XML element lacks a required attribute.
    case missingAttribute(String, element: String)
    /// An `android:port` Android cannot read as a number.
    case malformedPort(String)
    /// An advanced path or ssp pattern Android refuses: the pattern and why.
    case malformedPattern(String, reason: String)
    /// An `<activity-alias>` whose `android:targetActivity` is not an activity declared before it.
    case aliasTargetNotFound(String)
    /// A source manifest's `<activity-alias>` whose `android:targetActivity` is declared nowhere in
    /// it (the manifest merger moves an alias after its target, so only a missing one is an error).
    case aliasTargetMissing(String)
    /// A component with an intent filter and no `android:exported`, in an app that targets API 31
    /// or later: the element (`activity`), its class name, the target API level and where that
    /// came from; `build` when the manifest merger fails the build (an activity, service or
    /// receiver of a source tree), else the platform refuses the install.
    case exportedRequired(element: String, name: String, targetSdk: Int, origin: String, build: Bool)
    /// An `<action>` or `<category>` whose `android:name` is empty.
    case emptyName(element: String)
    /// An `AndroidManifest.xml` with problems Android refuses to install: how many.
    case packageNotInstalled(problems: Int)
    /// A platform file given by name that declares no share target; why.
    case noShareTarget(String)
    /// A directory walk that found no handler (and no error): how many files it read.
    case noHandlerFound(skipped: Int)
    /// A directory walk that stopped at a bound (depth, entries).
    case scanBound(String)
    /// A predicate-string activation rule that does not parse: the predicate and the error.
    case invalidPredicate(String, PredicateSyntaxError)
    /// An activation rule written as a Boolean: not one of Apple's forms (a dictionary or a
    /// predicate string), so the handler is refused with why (`docs/ios.md#a-boolean-rule`).
    case booleanActivationRule(Bool)
    /// A file read through a symbolic link out of the tree (`--follow-links`) that is not a valid
    /// manifest: how many problems, none quoted (its content is not the tree's to show).
    case invalidOutsideTree(problems: Int)
    /// A built artifact (APK, App Bundle, IPA, app bundle) that cannot be read: where in it
    /// (the member, the byte offset) and why.
    case artifact(String)
    /// A .NET project file (`.csproj`, its template manifest) that cannot be read, and why.
    case projectFile(String)
  }

  /// The message, location first.
  public var description: String { description(tag: nil) }

  /// The message, location first, with a tag such as `error` before the problem.
  package func description(tag: String?) -> String {
    var prefix = Printable.escaped(file)
    if let location { prefix += ":\(location)" }
    prefix += ": "
    if !keyPath.isEmpty { prefix += keyPath + ": " }
    if let tag { prefix += tag + ": " }
    return prefix + problemDescription
  }
}

// MARK: - Wording (house style: docs/architecture.md)

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
    case .booleanActivationRule(let value):
      "a Boolean (\(value)) is not an activation rule: Apple documents a dictionary or a predicate string, a device "
        + "offers no extension whose rule is neither, and App Store upload refuses it ('Invalid Info.plist value'); write "
        + "the dictionary of the types the extension takes (TRUEPREDICATE is for development only and rejected in review)"
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
    case .malformedPort(let port): "port \(Printable.quoted(port)) is not a number"
    case .malformedPattern(let pattern, let reason): "pattern \(Printable.quoted(pattern)) is refused: \(reason)"
    case .aliasTargetNotFound(let target):
      "the alias's target activity \(Printable.quoted(target)) is not declared before it"
    case .aliasTargetMissing(let target):
      "the alias's target activity \(Printable.quoted(target)) is not declared in the manifest"
    case .exportedRequired(let element, let name, let targetSdk, let origin, let build):
      build
        ? "android:exported needs to be explicitly specified for element <\(element)#\(Printable.escaped(name))>: apps targeting Android 12 and higher (targetSdk \(targetSdk) \(origin)) must say whether a component with an intent filter is exported, so the manifest merger fails the build"
        : "\(Printable.escaped(name)): Targeting S+ (version 31 and above) requires that an explicit value for android:exported be defined when intent filters are present (targetSdk \(targetSdk) \(origin)), so the platform refuses the install"
    case .emptyName(let element): "<\(element)> has an empty android:name"
    case .packageNotInstalled(let count):
      "Android does not install this package (\(count) problem\(count == 1 ? "" : "s") in it), so none of its components is used"
    case .noShareTarget(let why): "not a share target: \(why)"
    case .noHandlerFound(let count):
      count == 0
        ? "no handler found: no manifest, AndroidManifest.xml or Info.plist file in this directory"
        : "no handler found: none of the \(count) files read declares a share target"
    case .scanBound(let bound): "the scan stopped early: \(bound); the files found before it are used"
    case .invalidOutsideTree(let count):
      "not a valid manifest (\(count) problem\(count == 1 ? "" : "s"), not quoted: it was read through a symbolic link out of the tree)"
    case .artifact(let why): why
    case .projectFile(let why): why
    case .invalidPredicate(let predicate, let error):
      "invalid predicate at \(error.location(in: predicate)) of the predicate: \(error.message)\n"
        + error.caret(in: predicate).split(separator: "\n", omittingEmptySubsequences: false)
        .map { "    " + $0 }.joined(separator: "\n")
    }
  }
}

/// A syntax error in a predicate string, at a byte offset of the predicate.
public struct PredicateSyntaxError: Error, Hashable, Sendable {
  /// The UTF-8 offset of the problem in the predicate.
  public let offset: Int
  /// What is wrong, in the style of `PredicateMessages`.
  public let message: String

  /// The line and column of the problem inside the predicate (1-based; columns in Unicode
  /// scalars).
  package func location(in source: String) -> SourceLocation {
    PredicateText.location(of: offset, in: source)
  }

  /// The predicate's line with the problem, and a caret under the column, like a compiler.
  package func caret(in source: String) -> String {
    PredicateText.caret(at: offset, in: source)
  }
}
