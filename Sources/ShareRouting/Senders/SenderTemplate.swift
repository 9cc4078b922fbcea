/// A share as a host app builds it, before the files are known: a host profile (`hosts/`,
/// `--from NAME`) or a capture of one share a user took on a device (`--capture FILE`,
/// `--intent 'Intent {…}'`). Its files are slots the command line fills (`{file}`), or files
/// the capture names, or declared by a sample type; ``share(items:)`` makes the ``SenderShare``
/// the router routes once the parts are built (`docs/hosts.md`).
package struct SenderTemplate: Hashable, Sendable {
  /// The profile's name (a built-in profile's file name), or the capture's.
  package var host: String
  /// The platform whose share it is.
  package var platform: Platform
  /// One line saying what the host shares.
  package var summary: String?
  /// Where and when the shape was observed (an OS version, a date).
  package var observed: String?
  /// What the shape rests on.
  package var sources: [Source] = []
  /// The parts no source establishes: answers say they were assumed.
  package var unknown: [String] = []
  /// iOS: the extension items.
  package var extensionItems: [ItemTemplate] = []
  /// Android: the intent.
  package var intent: IntentTemplate?

  /// One piece of evidence: a page, a thread, a source file.
  package struct Source: Hashable, Sendable {
    package var title: String
    package var url: String
    /// What it says, quoted or summarised.
    package var says: String?
  }

  /// Where an attachment's or a stream's content comes from.
  package enum Content: Hashable, Sendable {
    /// A file the command line (or a case's `files`) gives, in order; with `each`, every file
    /// left; without one, the sample type is declared (a UTI on iOS, a MIME type on Android),
    /// or the share cannot be made.
    case slot(sample: String?, each: Bool)
    /// A file the capture names (relative paths resolved against the capture's directory).
    case file(String)
    /// A text the attachment loads (or `EXTRA_TEXT`).
    case text(String)
    /// A web URL the attachment loads.
    case url(String)
    /// Nothing loaded is known: the item is declared by the first registered type (iOS) or the
    /// stream's type (Android).
    case none
  }

  /// One `NSExtensionItem`.
  package struct ItemTemplate: Hashable, Sendable {
    package var title: String?
    package var contentText: String?
    package var attachments: [AttachmentTemplate]
  }

  /// One `NSItemProvider`: its registered type identifiers, where `{file}` stands for the type
  /// of the file that fills it.
  package struct AttachmentTemplate: Hashable, Sendable {
    package var types: [String]
    package var content: Content
  }

  /// The intent an Android host starts.
  package struct IntentTemplate: Hashable, Sendable {
    /// The action, in full (`android.intent.action.SEND`).
    package var action: String
    /// The type as the sender set it; `{file}` for the type a sender computes from its streams
    /// (`Intent.ACTION_SEND` javadoc: the one stream's, or the common type of several); `nil`:
    /// no type.
    package var type: String?
    package var categories: [String] = []
    /// The data URI (`setDataAndType`), or `nil`.
    package var data: String?
    /// `EXTRA_TEXT`'s content, or `nil`.
    package var text: Content?
    /// `EXTRA_SUBJECT`, or `nil`.
    package var subject: String?
    package var streams: [StreamTemplate] = []
    /// The ClipData the sender sets itself: its description's MIME types and its items' URIs,
    /// or `nil` (Android then makes one from the extras).
    package var clip: ClipTemplate?
  }

  /// A ClipData a sender sets itself: its description's MIME types and its items (each a text,
  /// a URI, or both; either may be present but not shown).
  package struct ClipTemplate: Hashable, Sendable {
    package var mimeTypes: [String]
    package var items: [AndroidIntent.ClipData.Item]
  }

  /// One `EXTRA_STREAM` URI and what its provider tells the receiver.
  package struct StreamTemplate: Hashable, Sendable {
    /// The URI; `{n}` is the stream's number, `nil` when the capture does not show it.
    package var uri: String?
    /// The display name the provider gives: `{file}` for the file's name, `nil` for none.
    package var displayName: String?
    /// The type the provider gives: `{file}` for the file's type, `nil` for none.
    package var type: String?
    package var content: Content
  }

  /// The token that stands for the file filling a slot.
  package static let fileToken = "{file}"

  package init(host: String, platform: Platform) {
    self.host = host
    self.platform = platform
  }

  /// The contents of every part, in share order: the attachments of each extension item, or the
  /// streams and then `EXTRA_TEXT`.
  package var contents: [Content] {
    if let intent { return intent.streams.map(\.content) + (intent.text.map { [$0] } ?? []) }
    return extensionItems.flatMap { $0.attachments.map(\.content) }
  }

  /// The number of files the slots take: `fixed` at least, any number more with a repeating
  /// slot, and how many of them may instead be declared by their sample.
  package var slots: (count: Int, repeating: Bool, samples: Int) {
    var count = 0
    var repeating = false
    var samples = 0
    for case .slot(let sample, let each) in contents {
      count += 1
      if each { repeating = true }
      if sample != nil { samples += 1 }
    }
    return (count, repeating, samples)
  }

  /// Why these many files do not fit the slots, or `nil` when they do: none at all when every
  /// slot has a sample, else one per slot (more when the last repeats).
  package func slotProblem(files: Int) -> String? {
    let slots = self.slots
    if files == 0 && slots.samples == slots.count { return nil }
    if files == slots.count || (slots.repeating && files >= slots.count) { return nil }
    return SenderMessages.slotMismatch(host: host, slots: slots.count, repeating: slots.repeating, samples: slots.samples == slots.count, files: files)
  }

  /// One part of the share to build into a route item, in share order.
  package enum Part: Hashable, Sendable {
    /// A file: the command-line file of this position filling a slot, or (`slot` nil) one a
    /// capture names.
    case file(String, slot: Int?)
    case text(String)
    case url(String)
    /// A declared item by UTI (iOS).
    case uti(String)
    /// A declared item by MIME type (Android).
    case mimeType(String)
    /// A text whose content the capture does not show.
    case unseenText
  }

  /// The parts to build, in share order, with the files given (which must fit: ``slotProblem(files:)``).
  /// Each part is one attachment or stream, in order (a repeating slot is one per file), then
  /// Android's `EXTRA_TEXT`.
  package func parts(files: [String]) -> [Part] {
    var files = Array(files.enumerated())[...]
    var parts: [Part] = []
    func declared(_ sample: String?, fallback: String) -> Part {
      let type = sample ?? fallback
      return platform == .android ? .mimeType(type) : .uti(type)
    }
    func fill(_ content: Content, fallback: String) {
      switch content {
      case .slot(let sample, let each):
        if files.isEmpty {
          parts.append(declared(sample, fallback: fallback))
        } else if each {
          while let file = files.popFirst() { parts.append(.file(file.element, slot: file.offset)) }
        } else if let file = files.popFirst() {
          parts.append(.file(file.element, slot: file.offset))
        }
      case .file(let path): parts.append(.file(path, slot: nil))
      case .text(let value): parts.append(.text(value))
      case .url(let value): parts.append(.url(value))
      case .none: parts.append(declared(nil, fallback: fallback))
      }
    }
    if let intent {
      for stream in intent.streams {
        let known = [stream.type, intent.type].compactMap { $0 }.first { $0 != Self.fileToken && MediaType.normalize($0) != nil }
        fill(stream.content, fallback: known ?? "application/octet-stream")
      }
      if let text = intent.text {
        if case .none = text { parts.append(.unseenText) } else { fill(text, fallback: "text/plain") }
      }
    } else {
      for item in extensionItems {
        for attachment in item.attachments {
          fill(attachment.content, fallback: attachment.types.first { $0 != Self.fileToken } ?? TypeIdentifier.data)
        }
      }
    }
    return parts
  }

  /// The share the host builds of the parts' items (`items[k]` is part k's item, `nil` where it
  /// could not be built: that attachment or stream is left out). Returns the route's items (the
  /// built ones, in order) and the share, whose attachments and streams name them.
  package func share(items built: [ShareItem?]) -> (items: [ShareItem], share: SenderShare) {
    var share = SenderShare(host: host, platform: platform)
    share.summary = summary
    share.unknown = unknown
    var items: [ShareItem] = []
    var next = 0
    /// The next part's item: appended to the route's items, its index returned.
    func take(_ count: Int) -> [Int] {
      var indices: [Int] = []
      for _ in 0..<count {
        defer { next += 1 }
        guard next < built.count, let item = built[next] else { continue }
        indices.append(items.count)
        items.append(item)
      }
      return indices
    }
    let perContent = partCounts(total: built.count)
    var contentIndex = 0
    if let intent {
      var sent = AndroidIntent(action: intent.action, type: nil, data: intent.data, categories: intent.categories)
      var streamTypes: [String] = []
      for stream in intent.streams {
        for index in take(perContent[contentIndex]) {
          let item = items[index]
          let uri = stream.uri.map { $0.replacingOccurrences(of: "{n}", with: String(share.streams.count + 1)) }
          let name = stream.displayName == Self.fileToken ? (item.share.name.isEmpty ? nil : item.share.name) : stream.displayName
          let type = stream.type == Self.fileToken ? item.type : stream.type
          share.streams.append(
            SenderShare.Stream(
              uri: uri, displayName: name, type: type, item: index,
              file: item.typeSource == .declared || item.share.name.isEmpty ? nil : item.share.name))
          streamTypes.append(item.type)
          sent.extras.streams.append(uri)
        }
        contentIndex += 1
      }
      if intent.text != nil {
        for index in take(perContent[contentIndex]) {
          sent.extras.text = items[index].share.source
          share.textItem = index
        }
        contentIndex += 1
      }
      sent.extras.subject = intent.subject
      // A SEND's EXTRA_STREAM is one URI: a sender of several streams sends SEND_MULTIPLE.
      if sent.action == IntentFilter.actionSend && share.streams.count > 1 { sent.action = IntentFilter.actionSendMultiple }
      if intent.type == Self.fileToken {
        sent.type = streamTypes.isEmpty ? "text/plain" : MediaType.commonType(of: streamTypes)
      } else {
        sent.type = intent.type
      }
      if let clip = intent.clip {
        sent.extras.senderClip = AndroidIntent.ClipData(
          mimeTypes: clip.mimeTypes, items: clip.items, grantsRead: clip.items.contains(where: \.hasURI))
      }
      share.intent = sent
      // What the receiver reads as each item: the provider's name and type where it gives them,
      // else nothing and the intent's type.
      for stream in share.streams {
        items[stream.item].share = ShareData(
          isTextShare: false, name: stream.displayName ?? "", source: stream.uri ?? "",
          type: stream.type ?? sent.type ?? items[stream.item].type)
      }
    } else {
      for item in extensionItems {
        var attachments: [SenderShare.SentAttachment] = []
        for attachment in item.attachments {
          for index in take(perContent[contentIndex]) {
            let uti = items[index].uti
            var types: [String] = []
            for type in attachment.types {
              let resolved = type == Self.fileToken ? uti : type
              if !types.contains(resolved) { types.append(resolved) }
            }
            attachments.append(SenderShare.SentAttachment(types: types, item: index))
          }
          contentIndex += 1
        }
        share.extensionItems.append(SenderShare.ExtensionItem(attachments: attachments, title: item.title, contentText: item.contentText))
      }
    }
    return (items, share)
  }

  /// How many parts each content made: one, or every file for a repeating slot (the parts
  /// beyond the other contents' one each).
  private func partCounts(total: Int) -> [Int] {
    let contents = self.contents
    var counts = Array(repeating: 1, count: contents.count)
    if let index = contents.firstIndex(where: { if case .slot(_, true) = $0 { true } else { false } }) {
      counts[index] = max(0, total - (contents.count - 1))
    }
    return counts
  }
}
