import Foundation
import ShareRouting
import ShareSniffing

/// The items of one share, in share order, and how to turn them into routable items: the one
/// builder behind ``ShareRouter``'s routes.
public struct ShareInput: Sendable {
  /// The items as given.
  package var items: [BatchRequest.Item]
  /// The reported-type policy for the files.
  public var trust: TrustPolicy = .content
  /// The host's share these files fill (a host profile or a capture), or `nil` for a share of
  /// the items alone.
  package var sender: SenderTemplate?

  /// A share as the command line and expectation cases give it: files (each with its reported
  /// type), then texts, URLs, declared MIME types and declared UTIs.
  public init(
    paths: [String] = [], reportedTypes: [String] = [], trust: TrustPolicy = .content, texts: [String] = [],
    urls: [String] = [], mimeTypes: [String] = [], utis: [String] = []
  ) {
    items = paths.enumerated().map { .path($1, reportedType: Self.reportedType(reportedTypes, at: $0)) }
    items += texts.map { .text($0) } + urls.map { .url($0) } + mimeTypes.map { .type($0) } + utis.map { .uti($0) }
    self.trust = trust
  }

  /// A batch request's share.
  package init(_ request: BatchRequest) {
    items = request.items
    trust = request.trust ?? .content
  }

  /// The reported type of file `index` when `types` holds one for all files or one per file.
  package static func reportedType(_ types: [String], at index: Int) -> String? {
    types.count == 1 ? types[0] : index < types.count ? types[index] : nil
  }

  /// What came of building the items.
  package struct Built: Sendable {
    /// The usable items, in share order.
    package var items: [ShareItem] = []
    /// A phase-1 problem for every item that cannot be used, in share order: a file that cannot
    /// be read (`missing`, `unreadable`, …) or a value that is no share data (`invalid-item`: an
    /// empty text or URL, a URL that is not http(s), a declared type that is not `type/subtype`).
    package var problems: [RouteProblem] = []
    /// The host's share, when there is one: its attachments or streams name the items.
    package var sender: SenderShare?
  }

  /// Why the items cannot fill the host's share, or `nil` (also `nil` without one): a host's
  /// share takes files only, as many as its slots, and is its own platform's (a route asked for
  /// the other platform is refused, not answered for the host's).
  package func senderProblem(platform: Platform = .all) -> String? {
    guard let sender else { return nil }
    if platform != .all && platform != sender.platform {
      return SenderMessages.platformConflict(host: sender.host, hostPlatform: sender.platform.rawValue, asked: platform.rawValue)
    }
    let files = items.count { if case .path = $0 { true } else { false } }
    if files != items.count { return SenderMessages.itemsBesideHost(sender.host) }
    return sender.slotProblem(files: files)
  }

  /// Builds the items; an item that cannot be used costs only itself (a phase-1 problem).
  ///
  /// - Parameters:
  ///   - sniffer: The sniffer for files (created once by the caller); `nil` when there are none.
  ///   - pathBytes: The bytes of a path to open (a command line passes the bytes the user typed
  ///     when they are not UTF-8); by default the path's UTF-8.
  package func build(sniffer: Sniffer?, pathBytes: (String) -> [UInt8] = { Array($0.utf8) }) -> Built {
    var built = Built()
    guard let sender else {
      for (index, item) in items.enumerated() {
        if let made = build(item, at: index, sniffer: sniffer, pathBytes: pathBytes, problems: &built.problems) {
          built.items.append(made)
        }
      }
      return built
    }
    if let problem = senderProblem() {
      built.problems.append(RouteProblem(code: .invalidItem, message: problem, item: 0))
      return built
    }
    var reported: [String?] = []
    var paths: [String] = []
    for case .path(let path, let type) in items {
      paths.append(path)
      reported.append(type)
    }
    var made: [ShareItem?] = []
    for (index, part) in sender.parts(files: paths).enumerated() {
      let item: BatchRequest.Item
      switch part {
      case .file(let path, let slot): item = .path(path, reportedType: slot.map { reported[$0] } ?? nil)
      case .text(let value): item = .text(value)
      case .url(let value): item = .url(value)
      case .uti(let value): item = .uti(value)
      case .mimeType(let value): item = .type(value)
      case .unseenText:
        made.append(
          ShareItem(
            share: ShareData(isTextShare: true, name: "", source: "", type: "text/plain"), kind: .text,
            uti: TypeIdentifier.plainText, typeSource: .declared))
        continue
      }
      made.append(build(item, at: index, sniffer: sniffer, pathBytes: pathBytes, problems: &built.problems))
    }
    (built.items, built.sender) = sender.share(items: made)
    return built
  }

  /// One item, or `nil` with its problem recorded.
  private func build(
    _ item: BatchRequest.Item, at index: Int, sniffer: Sniffer?, pathBytes: (String) -> [UInt8], problems: inout [RouteProblem]
  ) -> ShareItem? {
    do throws(ShareItemError) {
      switch item {
      case .path(let path, let reported):
        guard let sniffer else { return nil }
        do {
          return try sniffer.item(pathBytes: pathBytes(path), reportedType: reported, trust: trust)
        } catch {
          problems.append(RouteProblem(code: RouteProblem.Code(rawValue: error.code) ?? .sniffFailed, message: KitMessages.itemError(path, error.description), item: index, path: path))
          return nil
        }
      case .text(let value): return try ShareItem.text(value)
      case .url(let value): return try ShareItem.url(value)
      case .uti(let value): return ShareItem.declared(uti: value)
      case .type(let value): return try ShareItem.declared(mimeType: value)
      }
    } catch {
      problems.append(RouteProblem(code: .invalidItem, message: KitMessages.invalidItem(index, error.description), item: index))
      return nil
    }
  }

  /// Whether any item is a file (so a sniffer is needed).
  package var hasFiles: Bool {
    items.contains { if case .path = $0 { true } else { false } }
      || (sender?.contents.contains { if case .file = $0 { true } else { false } } ?? false)
  }
}
