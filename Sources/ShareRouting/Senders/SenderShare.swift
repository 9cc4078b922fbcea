/// A share as a host app builds it, when it is more than files, texts and URLs: on iOS, extension
/// items holding attachments, each registering one or more type identifiers; on Android, the
/// intent with its streams (URIs, with the display name and type the provider may or may not
/// give). It comes from a host profile (`--from photos`) or a capture a user took on a device
/// (`--capture share.yaml`, `--intent 'Intent {…}'`), made by ``SenderTemplate/share(items:)``,
/// and it belongs to one platform.
///
/// A share of plain files, texts and URLs has none: the router builds both platforms' views from
/// the items as a sender would (`docs/routing.md`).
package struct SenderShare: Hashable, Sendable {
  /// The host profile's name, or the capture's.
  package var host: String
  /// The profile's one-line summary, or `nil`.
  package var summary: String?
  /// The platform whose share it is.
  package var platform: Platform
  /// iOS: the extension items, in order.
  package var extensionItems: [ExtensionItem] = []
  /// Android: the intent the sender starts (action, type as the sender set it, extras).
  package var intent: AndroidIntent?
  /// Android: what the receiver can learn about each stream beyond its URI, in `EXTRA_STREAM`
  /// order.
  package var streams: [Stream] = []
  /// Android: the route item that stands for `EXTRA_TEXT`, or `nil`.
  package var textItem: Int?
  /// The parts of this share no source establishes: answers say they were assumed.
  package var unknown: [String] = []

  /// One `NSExtensionItem`.
  package struct ExtensionItem: Hashable, Sendable {
    /// Its `attachments`, in order.
    package var attachments: [SentAttachment]
    /// `attributedTitle`'s string, or `nil`.
    package var title: String?
    /// `attributedContentText`'s string, or `nil`.
    package var contentText: String?
  }

  /// One `NSItemProvider`: the type identifiers it registers, in registration order, and the
  /// route item that stands for what it loads.
  package struct SentAttachment: Hashable, Sendable {
    package var types: [String]
    package var item: Int
  }

  /// One Android stream: its URI and what `ContentResolver.query(OpenableColumns.DISPLAY_NAME)`
  /// and `ContentResolver.getType` give the receiver (`nil`: nothing), and the route item that
  /// stands for its content.
  package struct Stream: Hashable, Sendable {
    /// The URI; `nil` when the capture does not show it (logcat redacts it).
    package var uri: String?
    package var displayName: String?
    package var type: String?
    package var item: Int
    /// The name of the file whose content the stream carries (a command-line file, a capture's
    /// file), or `nil` for a declared one: the payload shows what the receiver reads instead.
    package var file: String? = nil
  }

  package init(host: String, platform: Platform) {
    self.host = host
    self.platform = platform
  }

  /// The same share with only the given route items (in their order, numbered anew): what a
  /// handler that takes the items that fit receives. An extension item left without
  /// attachments is left out; on Android the streams and the `EXTRA_STREAM` follow, the
  /// action and type stay the sender's.
  package func restricted(to items: [Int]) -> SenderShare {
    var number: [Int: Int] = [:]
    for (new, old) in items.enumerated() { number[old] = new }
    var copy = self
    copy.extensionItems = extensionItems.compactMap { item in
      var kept = item
      kept.attachments = item.attachments.compactMap { attachment in
        number[attachment.item].map { SentAttachment(types: attachment.types, item: $0) }
      }
      return kept.attachments.isEmpty ? nil : kept
    }
    copy.streams = streams.compactMap { stream in
      number[stream.item].map { var kept = stream; kept.item = $0; return kept }
    }
    copy.textItem = textItem.flatMap { number[$0] }
    if var intent {
      intent.extras.streams = copy.streams.map(\.uri)
      if copy.textItem == nil { intent.extras.text = nil }
      // The sender's own ClipData was of the whole share.
      if copy.streams.count != streams.count || copy.textItem != textItem { intent.extras.senderClip = nil }
      copy.intent = intent
    }
    return copy
  }
}
