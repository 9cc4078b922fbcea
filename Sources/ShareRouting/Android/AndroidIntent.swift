/// The parts of an `android.content.Intent` that intent filters look at, and the extras a share
/// carries beside them.
///
/// Equality and hashing cover the extras too; matching never looks at them (`matchKey` is the
/// intent without them).
public struct AndroidIntent: Hashable, Sendable {
  /// The action, or `nil` (then the action test is skipped).
  public var action: String?
  /// The type, used verbatim by matching (`Intent.resolveType`).
  public var type: String?
  /// The data URI, or `nil` (share intents carry their streams as extras, not data).
  public var data: String?
  /// The categories.
  public var categories: [String]
  /// The extras a share sender puts beside its streams (`EXTRA_TEXT`); filters never see them.
  public var extras: Extras

  /// The extras of a share intent that share-route models: the streams, the shared text and
  /// the subject.
  ///
  /// A sender puts its files in `EXTRA_STREAM` (one URI for `SEND`, a list for `SEND_MULTIPLE`)
  /// and the text that goes with them — a caption, a link — in `EXTRA_TEXT` (`Intent.ACTION_SEND`
  /// and `ACTION_SEND_MULTIPLE` javadoc; androidx `ShareCompat.IntentBuilder`).
  public struct Extras: Hashable, Sendable {
    /// `Intent.EXTRA_TEXT`: the share's texts and URLs, one per line in share order, or `nil`
    /// when the share has none.
    public var text: String?
    /// `Intent.EXTRA_STREAM`: each stream's URI in share order, `nil` where share-route does not
    /// know it (a declared item). A file's is its `file:` URL; a real sender passes a
    /// `content:` URI of its own provider.
    public var streams: [String?] = []
    /// `Intent.EXTRA_SUBJECT`, or `nil`.
    public var subject: String?
    /// The `ClipData` the sender set itself (`Intent.setClipData`), or `nil`: then Android does
    /// not migrate the extras into one (`migrateExtraStreamToClipData` returns when a clip is
    /// there). Not an extra, but like them unseen by filters.
    package var senderClip: ClipData?

    /// The key of `EXTRA_TEXT` in an intent's extras.
    package static let textKey = "android.intent.extra.TEXT"
    /// The key of `EXTRA_STREAM`.
    package static let streamKey = "android.intent.extra.STREAM"
    /// The key of `EXTRA_SUBJECT`.
    package static let subjectKey = "android.intent.extra.SUBJECT"

    /// Creates extras.
    public init(text: String? = nil, streams: [String?] = [], subject: String? = nil) {
      self.text = text
      self.streams = streams
      self.subject = subject
    }

    /// Whether there are none.
    package var isEmpty: Bool { text == nil && streams.isEmpty && subject == nil && senderClip == nil }
  }

  /// The `ClipData` Android makes from a share intent's extras when it is started
  /// (`Intent.migrateExtraStreamToClipData`): what the receiver reads with `getClipData()`,
  /// beside the extras. `nil` when there is nothing to migrate.
  package struct ClipData: Hashable, Sendable {
    /// One clip item: its text and its URI.
    package struct Item: Hashable, Sendable {
      package var text: String?
      package var uri: String?
      /// Whether the item has a URI, known or not (a declared stream's URI is not known).
      package var hasURI: Bool
      /// Whether the item has a text a capture does not show (logcat's `T(12)`).
      package var hiddenText = false
    }

    /// The description's MIME types: the intent's type, alone (`new String[] { getType() }`).
    package var mimeTypes: [String]
    package var items: [Item]
    /// Whether the start grants read access to the URIs (`FLAG_GRANT_READ_URI_PERMISSION`,
    /// 0x1): added when a stream is migrated (Android 16; earlier releases add it on every
    /// migration).
    package var grantsRead: Bool
  }

  /// The intent's `ClipData` once started: for `SEND`, one item with the text and the stream; for
  /// `SEND_MULTIPLE`, one item per stream (its `EXTRA_TEXT` is one text, not the list
  /// `getCharSequenceArrayListExtra` asks for, so no item gets it); `nil` for other actions, or
  /// when there is no stream and no text.
  package var clipData: ClipData? {
    if let senderClip = extras.senderClip { return senderClip }
    let type = self.type ?? ""
    switch action {
    case IntentFilter.actionSend?:
      guard extras.streams.count <= 1, !extras.streams.isEmpty || extras.text != nil else { return nil }
      let stream = extras.streams.first
      return ClipData(
        mimeTypes: [type], items: [ClipData.Item(text: extras.text, uri: stream ?? nil, hasURI: stream != nil)],
        grantsRead: stream != nil)
    case IntentFilter.actionSendMultiple?:
      guard !extras.streams.isEmpty else { return nil }
      return ClipData(
        mimeTypes: [type], items: extras.streams.map { ClipData.Item(text: nil, uri: $0, hasURI: true) }, grantsRead: true)
    default:
      return nil
    }
  }

  /// Creates an intent.
  package init(
    action: String?, type: String?, data: String? = nil, categories: [String] = [], extras: Extras = Extras()
  ) {
    self.action = action
    self.type = type
    self.data = data
    self.categories = categories
    self.extras = extras
  }

  /// The intent as filters see it: without its extras (equal for every share of the same streams).
  package var matchKey: AndroidIntent {
    guard !extras.isEmpty else { return self }
    var key = self
    key.extras = Extras()
    return key
  }

  /// The data URI's scheme as `Uri.parse(data).getScheme()` finds it (`StringUri.parseScheme`):
  /// the text before the first `:`, possibly empty; `nil` without data or without a `:`.
  package var scheme: String? { data.flatMap(Self.scheme(of:)) }

  /// The scheme of a URI string (`StringUri.parseScheme`), or `nil` without a `:`.
  static func scheme(of data: String) -> String? {
    guard let colon = data.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
    return String(Substring(data.utf8[..<colon]))
  }

  /// The share intent a sender builds (`Intent.ACTION_SEND` and `ACTION_SEND_MULTIPLE` javadoc,
  /// androidx `ShareCompat.IntentBuilder`): the files and typed declared items are the streams
  /// (`EXTRA_STREAM`); one stream is a `SEND` of its type, several a `SEND_MULTIPLE` of their
  /// common type (``MediaType/commonType(of:)``); texts and URLs are not streams but one
  /// `EXTRA_TEXT`, and a share of texts and URLs alone is a `SEND text/plain`. Category
  /// `DEFAULT` (as `startActivity` implies), no data URI.
  ///
  /// - Parameter items: The share's items, in share order (at least one).
  /// - Returns: The intent.
  package static func share(_ items: [ShareItem]) -> AndroidIntent {
    var streams: [String] = []
    var uris: [String?] = []
    var texts: [String] = []
    var hasText = false
    for item in items {
      if item.kind == .text || item.kind == .url {
        // A declared link has no value: it makes EXTRA_TEXT present without adding a line.
        if !item.share.source.isEmpty { texts.append(item.share.source) }
        hasText = true
      } else {
        streams.append(item.type)
        uris.append(item.share.source.isEmpty ? nil : item.share.source)
      }
    }
    var intent = share(streamTypes: streams, text: hasText ? texts.joinedText("\n") : nil)
    intent.extras.streams = uris
    return intent
  }

  /// The share intent of streams of these types and an `EXTRA_TEXT` (see ``share(_:)``).
  ///
  /// - Parameters:
  ///   - streamTypes: The normalised types of the streams, in share order.
  ///   - text: The `EXTRA_TEXT`, or `nil`.
  /// - Returns: `SEND` of the one stream's type, `SEND_MULTIPLE` of several streams' common type,
  ///   or `SEND text/plain` without streams.
  package static func share(streamTypes: [String], text: String?) -> AndroidIntent {
    AndroidIntent(
      action: streamTypes.count > 1 ? IntentFilter.actionSendMultiple : IntentFilter.actionSend,
      type: streamTypes.isEmpty ? "text/plain" : MediaType.commonType(of: streamTypes),
      categories: [IntentFilter.defaultCategory], extras: Extras(text: text))
  }
}
