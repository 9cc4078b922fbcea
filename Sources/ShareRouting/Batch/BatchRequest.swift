/// One line of `share-route batch` input (`docs/output.md#batch-request-lines`):
/// `{"id": "r1", "source": "chat", "platform": "all", "trust": "content",
///   "items": [{"path": "a.pdf", "reportedType": "text/plain"}, {"text": "hi"}, {"url": "https://x.y"},
///             {"uti": "public.jpeg"}, {"type": "image/png"}]}`.
package struct BatchRequest: Sendable {
  /// One item of a request, in share order.
  package enum Item: Hashable, Sendable {
    /// A file to sniff, with the sender's reported type.
    case path(String, reportedType: String?)
    /// A text.
    case text(String)
    /// An http(s) URL.
    case url(String)
    /// A declared item by UTI.
    case uti(String)
    /// A declared item by MIME type.
    case type(String)
  }

  /// The request id, echoed in the route.
  package var id: String?
  /// The source profile, or `nil`.
  package var source: String?
  /// Which rules to evaluate.
  package var platform: Platform = .all
  /// `content` or `reported`, or `nil` for the default.
  package var trust: TrustPolicy?
  /// The items, in share order.
  package var items: [Item] = []
  /// The host's share the files fill (`from`, `capture`, `intent`), or `nil`.
  package var sender: SenderFile.Reference?

  static let keys = ["id", "source", "platform", "trust", "items", "from", "capture", "intent"]
  static let itemKinds = ["path", "text", "url", "uti", "type"]

  /// Parses one request line strictly: JSON (duplicate keys and trailing commas refused), known
  /// keys only, every item exactly one of `path`, `text`, `url`, `uti`, `type`.
  ///
  /// - Parameters:
  ///   - line: The line's text, without its newline.
  ///   - number: The 1-based line number, for messages.
  /// - Returns: The request, or every problem worded `line N, column C: key.path: problem`.
  package static func parse(_ line: String, number: Int) -> Result<BatchRequest, BatchRequestErrors> {
    let root: ConfigNode
    do {
      root = try ConfigDocument.tree(text: line, file: "line.json")
    } catch {
      return .failure(BatchRequestErrors(messages: [message(error, line: number)]))
    }
    var decoder = StrictDecoder(file: "")
    var request = BatchRequest()
    if let members = decoder.object(root, "") {
      let fields = decoder.checkKeys(members, allowed: keys, path: "")
      request.id = fields["id"].flatMap { decoder.string($0, "id") }
      request.source = fields["source"].flatMap { decoder.string($0, "source") }
      request.trust = fields["trust"].flatMap { decoder.oneOf($0, "trust", TrustPolicy.allCases.map(\.rawValue)) }
        .flatMap(TrustPolicy.init(rawValue:))
      if let node = fields["platform"],
        let value = decoder.oneOf(node, "platform", Platform.allCases.map(\.rawValue))
      {
        request.platform = Platform(rawValue: value) ?? .all
      }
      let senders = ["from", "capture", "intent"].filter { fields[$0] != nil }
      if senders.count > 1 {
        decoder.fail(root, "", .invalidValue(senders.joined(separator: ", "), expected: "at most one of: from, capture, intent"))
      } else if let key = senders.first, let node = fields[key], let value = decoder.string(node, key) {
        request.sender = key == "from" ? .host(value) : key == "capture" ? .capture(value) : .intent(value)
      }
      if let node = fields["items"], let items = decoder.array(node, "items") {
        if items.isEmpty && request.sender == nil { decoder.fail(node, "items", .invalidValue("[]", expected: "at least one item")) }
        for (index, item) in items.enumerated() {
          if let decoded = decodeItem(item, path: "items[\(index)]", decoder: &decoder) {
            request.items.append(decoded)
          }
        }
      } else if fields["items"] == nil && request.sender == nil {
        decoder.fail(root, "", .missingKey("items"))
      }
    }
    guard decoder.errors.isEmpty else {
      // The id is echoed when it was readable, so a caller can resume or retry by id.
      return .failure(BatchRequestErrors(messages: decoder.errors.map { message($0, line: number) }, id: request.id))
    }
    return .success(request)
  }

  static func decodeItem(_ node: ConfigNode, path: String, decoder: inout StrictDecoder) -> Item? {
    guard let members = decoder.object(node, path) else { return nil }
    let fields = decoder.checkKeys(members, allowed: itemKinds + ["reportedType"], path: path)
    let kinds = itemKinds.filter { fields[$0] != nil }
    guard kinds.count == 1, let kind = kinds.first, let valueNode = fields[kind] else {
      decoder.fail(
        node, path,
        .invalidValue(
          kinds.isEmpty ? "{}" : kinds.joined(separator: ", "),
          expected: "exactly one of: \(itemKinds.joined(separator: ", "))"))
      return nil
    }
    guard let value = decoder.string(valueNode, "\(path).\(kind)") else { return nil }
    let reported = fields["reportedType"].flatMap { decoder.string($0, "\(path).reportedType") }
    if reported != nil && kind != "path", let node = fields["reportedType"] {
      decoder.fail(node, "\(path).reportedType", .invalidValue(reported ?? "", expected: "a reported type only on a path item"))
      return nil
    }
    switch kind {
    case "path": return .path(value, reportedType: reported)
    case "text": return .text(value)
    case "url": return .url(value)
    case "uti": return .uti(value)
    default: return .type(value)
    }
  }

  static func message(_ error: ManifestError, line: Int) -> String {
    BatchMessages.requestError(error, line: line)
  }
}

/// Why a request line was refused: one message per problem.
package struct BatchRequestErrors: Error, Sendable {
  /// The messages, each `line N, column C: key.path: problem`.
  package var messages: [String]
  /// The request's id when the line parsed far enough to read it as a string.
  package var id: String? = nil
}
