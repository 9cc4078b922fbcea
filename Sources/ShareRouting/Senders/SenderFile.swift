/// Reads host profiles and captures (`docs/hosts.md`): a YAML or JSON document describing one
/// share as the host builds it, or an Android `Intent { … }` line as logcat prints it
/// (``LogcatIntent``). Strict like every other file share-route reads: an unknown key, a value
/// of the wrong type or an impossible share is an error naming the file, the line and column,
/// the key path and the value.
package enum SenderFile {
  static let topKeys = ["host", "platform", "summary", "observed", "sources", "unknown", "extensionItems", "intent"]
  static let sourceKeys = ["title", "url", "says"]
  static let itemKeys = ["attributedTitle", "attributedContentText", "attachments"]
  static let attachmentKeys = ["registeredTypeIdentifiers", "file", "each", "sample", "text", "url"]
  static let intentKeys = ["action", "type", "categories", "data", "text", "subject", "streams", "clipData"]
  static let streamKeys = ["uri", "displayName", "type", "file", "each", "sample"]
  static let clipKeys = ["mimeTypes", "items"]
  static let clipItemKeys = ["uri", "text"]
  /// The most parts (attachments and streams) one share may have: `Router.maxItemsPerShare`'s
  /// order, so that a share that cannot be routed is refused here.
  static let maxParts = 1_000

  /// Reads a capture or a profile from a file: logcat's `Intent { … }` when the text starts
  /// with it (or with `{act=`, or `START u0 {` as ActivityTaskManager logs it), else YAML or
  /// JSON by the file's name.
  ///
  /// - Parameters:
  ///   - file: The path.
  ///   - requireEvidence: Whether `summary`, `observed` and at least one source are required
  ///     (the built-in profiles).
  package static func load(_ file: String, requireEvidence: Bool = false) -> Result<SenderTemplate, SenderFileErrors> {
    let bytes: [UInt8]
    do {
      bytes = try ManifestLoader.readBounded(file)
    } catch {
      return .failure(SenderFileErrors(errors: [error]))
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      return .failure(SenderFileErrors(errors: [ManifestError(file: file, location: nil, keyPath: "", problem: .notUTF8)]))
    }
    return load(text: text, file: file, requireEvidence: requireEvidence)
  }

  /// Reads a capture or a profile from its text (``load(_:requireEvidence:)``); `file` names it
  /// in errors and resolves the files it names.
  ///
  /// - Parameter json: Whether the text is JSON whatever the file's name (the built-in profiles,
  ///   embedded as JSON).
  package static func load(text: String, file: String, requireEvidence: Bool = false, json: Bool = false) -> Result<SenderTemplate, SenderFileErrors> {
    if !json && LogcatIntent.looksLikeIntent(text) {
      return LogcatIntent.parse(text, file: file).mapError { SenderFileErrors(errors: [$0]) }
    }
    let root: ConfigNode
    do {
      if json {
        root = try ConfigParser.parseJSON(text)
      } else {
        root = try ConfigDocument.tree(text: text, file: file)
      }
    } catch let error as ManifestError {
      return .failure(SenderFileErrors(errors: [error]))
    } catch let error as ConfigSyntaxError {
      return .failure(SenderFileErrors(errors: [ManifestError(file: file, location: error.location, keyPath: "", problem: .syntax(format: "JSON", message: error.message))]))
    } catch {
      return .failure(SenderFileErrors(errors: [ManifestError(file: file, location: nil, keyPath: "", problem: .syntax(format: "JSON", message: String(describing: error)))]))
    }
    var decoder = StrictDecoder(file: file)
    let template = decode(root, file: file, requireEvidence: requireEvidence, decoder: &decoder)
    guard let template, decoder.errors.isEmpty else { return .failure(SenderFileErrors(errors: decoder.errors)) }
    return .success(template)
  }

  /// A reference to a host's share, as a command line, a check case or a batch request gives it.
  package enum Reference: Hashable, Sendable {
    /// A built-in host profile by name (`--from`, `from:`).
    case host(String)
    /// A capture file (`--capture`, `capture:`).
    case capture(String)
    /// An `Intent { … }` line itself (`--intent`, `intent:`).
    case intent(String)
  }

  /// Reads an `Intent { … }` line given as a value (`--intent`, a case's `intent:`): logcat's
  /// form, or its inside alone (`act=… typ=…`).
  package static func loadIntent(text: String, name: String) -> Result<SenderTemplate, SenderFileErrors> {
    if LogcatIntent.looksLikeIntent(text) {
      return LogcatIntent.parse(text, file: name).mapError { SenderFileErrors(errors: [$0]) }
    }
    // The inside alone: wrapped, with columns still counted in the value as given.
    let opening = "Intent { "
    return LogcatIntent.parse(opening + text + " }", file: name, columnShift: -opening.count).mapError { SenderFileErrors(errors: [$0]) }
  }

  /// The name a capture without `host` goes by: its file's name without the extension.
  static func defaultHost(_ file: String) -> String {
    let base = file.split(separator: "/").last.map(String.init) ?? file
    guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return base }
    return String(base[..<dot])
  }

  static func decode(_ root: ConfigNode, file: String, requireEvidence: Bool, decoder: inout StrictDecoder) -> SenderTemplate? {
    guard let members = decoder.object(root, "") else { return nil }
    let fields = decoder.checkKeys(members, allowed: topKeys, path: "")
    let directory = file.contains("/") ? String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)]) : "."
    let resolve = { (path: String) in path.hasPrefix("/") ? path : directory + "/" + path }
    let host = fields["host"].flatMap { decoder.string($0, "host") } ?? defaultHost(file)
    guard let platformNode = fields["platform"] else {
      decoder.fail(root, "", .missingKey("platform"))
      return nil
    }
    guard let platformName = decoder.oneOf(platformNode, "platform", ["ios", "android"]),
      let platform = Platform(rawValue: platformName)
    else { return nil }
    var template = SenderTemplate(host: host, platform: platform)
    template.summary = fields["summary"].flatMap { decoder.string($0, "summary") }
    template.observed = fields["observed"].flatMap { decoder.string($0, "observed") }
    template.unknown = fields["unknown"].flatMap { decoder.strings($0, "unknown") } ?? []
    if let node = fields["sources"], let list = decoder.array(node, "sources") {
      for (index, node) in list.enumerated() {
        let path = "sources[\(index)]"
        guard let members = decoder.object(node, path) else { continue }
        let source = decoder.checkKeys(members, allowed: sourceKeys, path: path)
        guard let title = decoder.requiredString(source["title"], "\(path).title", root: node),
          let url = decoder.requiredString(source["url"], "\(path).url", root: node)
        else { continue }
        template.sources.append(
          SenderTemplate.Source(title: title, url: url, says: source["says"].flatMap { decoder.string($0, "\(path).says") }))
      }
    }
    if requireEvidence {
      for key in ["summary", "observed", "sources"] where fields[key] == nil { decoder.fail(root, "", .missingKey(key)) }
      if fields["sources"] != nil && template.sources.isEmpty {
        decoder.fail(fields["sources"], "sources", .invalidValue("[]", expected: "at least one source"))
      }
    }
    let wrongKey = platform == .ios ? "intent" : "extensionItems"
    if let node = fields[wrongKey] {
      decoder.fail(node, wrongKey, .invalidValue(wrongKey, expected: platform == .ios ? "extensionItems for an iOS share" : "an intent for an Android share"))
    }
    if platform == .ios {
      guard let node = fields["extensionItems"] else {
        decoder.fail(root, "", .missingKey("extensionItems"))
        return nil
      }
      template.extensionItems = extensionItems(node, resolve: resolve, decoder: &decoder)
    } else {
      guard let node = fields["intent"] else {
        decoder.fail(root, "", .missingKey("intent"))
        return nil
      }
      template.intent = intent(node, resolve: resolve, decoder: &decoder)
    }
    check(template, root: root, decoder: &decoder)
    return template
  }

  /// The share as a whole: at least one part, at most ``maxParts``, at most one repeating slot.
  static func check(_ template: SenderTemplate, root: ConfigNode, decoder: inout StrictDecoder) {
    let contents = template.contents
    if contents.isEmpty && decoder.errors.isEmpty {
      decoder.fail(root, "", .invalidValue(template.host, expected: "a share with at least one attachment, stream or text"))
    }
    if contents.count > maxParts {
      decoder.fail(root, "", .invalidValue(String(contents.count), expected: "at most \(maxParts) attachments or streams"))
    }
    let repeating = contents.count { if case .slot(_, true) = $0 { true } else { false } }
    if repeating > 1 {
      decoder.fail(root, "", .invalidValue(String(repeating), expected: "at most one slot with each: true"))
    }
    // The repeating slot takes every file left: no slot may come after it.
    let slots = contents.compactMap { content -> Bool? in if case .slot(_, let each) = content { each } else { nil } }
    if let first = slots.firstIndex(of: true), first != slots.count - 1 {
      decoder.fail(root, "", .invalidValue("each: true", expected: "the slot with each: true last of the file slots"))
    }
  }

  static func extensionItems(_ node: ConfigNode, resolve: (String) -> String, decoder: inout StrictDecoder) -> [SenderTemplate.ItemTemplate] {
    guard let list = decoder.array(node, "extensionItems") else { return [] }
    var items: [SenderTemplate.ItemTemplate] = []
    for (index, node) in list.enumerated() {
      let path = "extensionItems[\(index)]"
      guard let members = decoder.object(node, path) else { continue }
      let fields = decoder.checkKeys(members, allowed: itemKeys, path: path)
      var item = SenderTemplate.ItemTemplate(
        title: fields["attributedTitle"].flatMap { decoder.string($0, "\(path).attributedTitle") },
        contentText: fields["attributedContentText"].flatMap { decoder.string($0, "\(path).attributedContentText") },
        attachments: [])
      guard let attachmentsNode = fields["attachments"] else {
        decoder.fail(node, path, .missingKey("attachments"))
        continue
      }
      for (number, node) in (decoder.array(attachmentsNode, "\(path).attachments") ?? []).enumerated() {
        let at = "\(path).attachments[\(number)]"
        guard let members = decoder.object(node, at) else { continue }
        let fields = decoder.checkKeys(members, allowed: attachmentKeys, path: at)
        guard let typesNode = fields["registeredTypeIdentifiers"] else {
          decoder.fail(node, at, .missingKey("registeredTypeIdentifiers"))
          continue
        }
        let types = decoder.strings(typesNode, "\(at).registeredTypeIdentifiers") ?? []
        if types.isEmpty || types.contains(where: \.isEmpty) {
          decoder.fail(typesNode, "\(at).registeredTypeIdentifiers", .invalidValue(types.joined(separator: ", "), expected: "one or more type identifiers"))
          continue
        }
        guard let content = content(fields, node: node, path: at, mimeTypes: false, resolve: resolve, decoder: &decoder) else { continue }
        if types.contains(SenderTemplate.fileToken), case .slot = content {} else if types.contains(SenderTemplate.fileToken) {
          decoder.fail(typesNode, "\(at).registeredTypeIdentifiers", .invalidValue(SenderTemplate.fileToken, expected: "'{file}' only in an attachment with file: '{file}'"))
        }
        item.attachments.append(SenderTemplate.AttachmentTemplate(types: types, content: content))
      }
      items.append(item)
    }
    return items
  }

  /// An attachment's or a stream's content: at most one of `file`, `text`, `url`; `each` and
  /// `sample` only with `file: "{file}"`.
  static func content(
    _ fields: KnownFields, node: ConfigNode, path: String, mimeTypes: Bool, resolve: (String) -> String,
    decoder: inout StrictDecoder
  ) -> SenderTemplate.Content? {
    let given = ["file", "text", "url"].filter { fields[$0] != nil }
    if given.count > 1 {
      decoder.fail(node, path, .invalidValue(given.joined(separator: ", "), expected: "at most one of: file, text, url"))
      return nil
    }
    let each = fields["each"].flatMap { decoder.bool($0, "\(path).each") } ?? false
    let sample = fields["sample"].flatMap { decoder.string($0, "\(path).sample") }
    let file = fields["file"].flatMap { decoder.string($0, "\(path).file") }
    if file != SenderTemplate.fileToken {
      for key in ["each", "sample"] where fields[key] != nil {
        decoder.fail(fields[key], "\(path).\(key)", .invalidValue(key, expected: "'\(key)' only with file: '{file}'"))
      }
    }
    if let sample, mimeTypes, !isMediaType(sample) {
      decoder.fail(fields["sample"], "\(path).sample", .malformedMimeType(sample))
      return nil
    }
    if let file {
      if file == SenderTemplate.fileToken { return .slot(sample: sample, each: each) }
      guard !file.isEmpty else {
        decoder.fail(fields["file"], "\(path).file", .invalidValue(file, expected: "a path, or '{file}'"))
        return nil
      }
      return .file(resolve(file))
    }
    if let node = fields["text"], let text = decoder.string(node, "\(path).text") {
      guard !text.isEmpty else {
        decoder.fail(node, "\(path).text", .invalidValue(text, expected: "a non-empty text"))
        return nil
      }
      return .text(text)
    }
    if let node = fields["url"], let url = decoder.string(node, "\(path).url") {
      guard (try? ShareItem.url(url)) != nil else {
        decoder.fail(node, "\(path).url", .invalidValue(url, expected: "an http or https URL"))
        return nil
      }
      return .url(url)
    }
    return given.isEmpty ? SenderTemplate.Content.none : nil
  }

  static func isMediaType(_ type: String) -> Bool {
    MediaType.normalize(type).map(MediaType.isValidFilterType) ?? false
  }

  /// A string, `{file}` or null (`nil`), for a stream's name and type.
  static func optionalString(_ node: ConfigNode?, _ path: String, decoder: inout StrictDecoder) -> String? {
    guard let node else { return nil }
    if case .null = node.value { return nil }
    return decoder.string(node, path)
  }

  static func intent(_ node: ConfigNode, resolve: (String) -> String, decoder: inout StrictDecoder) -> SenderTemplate.IntentTemplate? {
    guard let members = decoder.object(node, "intent") else { return nil }
    let fields = decoder.checkKeys(members, allowed: intentKeys, path: "intent")
    guard let action = decoder.requiredString(fields["action"], "intent.action", root: node) else { return nil }
    var intent = SenderTemplate.IntentTemplate(action: ManifestDecoder.expand(action, prefix: "android.intent.action."))
    intent.type = optionalString(fields["type"], "intent.type", decoder: &decoder)
    if let type = intent.type, type != SenderTemplate.fileToken, !isMediaType(type) {
      decoder.fail(fields["type"], "intent.type", .malformedMimeType(type))
    }
    intent.categories = (fields["categories"].flatMap { decoder.strings($0, "intent.categories") } ?? [])
      .map { ManifestDecoder.expand($0, prefix: "android.intent.category.") }
    intent.data = fields["data"].flatMap { decoder.string($0, "intent.data") }
    if let node = fields["text"] {
      if case .null = node.value {
        intent.text = SenderTemplate.Content.none
      } else if let text = decoder.string(node, "intent.text") {
        intent.text = (try? ShareItem.url(text)) != nil ? .url(text) : text.isEmpty ? SenderTemplate.Content.none : .text(text)
      }
    }
    intent.subject = fields["subject"].flatMap { decoder.string($0, "intent.subject") }
    if let node = fields["streams"], let list = decoder.array(node, "intent.streams") {
      for (index, node) in list.enumerated() {
        let path = "intent.streams[\(index)]"
        guard let members = decoder.object(node, path) else { continue }
        let fields = decoder.checkKeys(members, allowed: streamKeys, path: path)
        let type = optionalString(fields["type"], "\(path).type", decoder: &decoder)
        if let type, type != SenderTemplate.fileToken, !isMediaType(type) {
          decoder.fail(fields["type"], "\(path).type", .malformedMimeType(type))
        }
        guard let content = content(fields, node: node, path: path, mimeTypes: true, resolve: resolve, decoder: &decoder) else { continue }
        if case .text = content { decoder.fail(fields["text"], "\(path).text", .unknownKey("text", expected: streamKeys)) }
        if case .url = content { decoder.fail(fields["url"], "\(path).url", .unknownKey("url", expected: streamKeys)) }
        intent.streams.append(
          SenderTemplate.StreamTemplate(
            uri: optionalString(fields["uri"], "\(path).uri", decoder: &decoder),
            displayName: optionalString(fields["displayName"], "\(path).displayName", decoder: &decoder),
            type: type, content: content))
      }
    }
    if let node = fields["clipData"], let members = decoder.object(node, "intent.clipData") {
      let clip = decoder.checkKeys(members, allowed: clipKeys, path: "intent.clipData")
      let types = clip["mimeTypes"].flatMap { decoder.strings($0, "intent.clipData.mimeTypes") } ?? []
      var items: [AndroidIntent.ClipData.Item] = []
      for (index, node) in (clip["items"].flatMap { decoder.array($0, "intent.clipData.items") } ?? []).enumerated() {
        let path = "intent.clipData.items[\(index)]"
        guard let members = decoder.object(node, path) else { continue }
        let item = decoder.checkKeys(members, allowed: clipItemKeys, path: path)
        let uri = optionalString(item["uri"], "\(path).uri", decoder: &decoder)
        let text = optionalString(item["text"], "\(path).text", decoder: &decoder)
        if uri == nil && text == nil {
          decoder.fail(node, path, .invalidValue("{}", expected: "an item with a uri, a text or both"))
        }
        items.append(AndroidIntent.ClipData.Item(text: text, uri: uri, hasURI: uri != nil))
      }
      intent.clip = SenderTemplate.ClipTemplate(mimeTypes: types, items: items)
    }
    return intent
  }
}

/// Why a profile or capture could not be read: every problem found.
package struct SenderFileErrors: Error, Sendable {
  package var errors: [ManifestError]
}
