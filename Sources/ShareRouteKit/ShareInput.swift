import Foundation
import ShareRouting
import ShareSniffing

/// The items of one share, in share order, and how to turn them into routable items: the one
/// builder behind `route`, `check` and `batch`.
public struct ShareInput: Sendable {
  /// The items as given.
  public var items: [BatchRequest.Item]
  /// The reported-type policy for the files.
  public var trust: TrustPolicy = .content

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
  public init(_ request: BatchRequest) {
    items = request.items
    trust = request.trust.flatMap(TrustPolicy.init(rawValue:)) ?? .content
  }

  /// The reported type of file `index` when `types` holds one for all files or one per file.
  public static func reportedType(_ types: [String], at index: Int) -> String? {
    types.count == 1 ? types[0] : index < types.count ? types[index] : nil
  }

  /// What came of building the items.
  public struct Built: Sendable {
    /// The usable items, in share order.
    public var items: [ShareItem] = []
    /// A problem (phase 1) for every file that cannot be used.
    public var problems: [RouteProblem] = []
    /// Every URL or declared type that is not valid, by its position in the share.
    public var invalid: [(index: Int, error: ShareItemError)] = []
  }

  /// Builds the items; a file that cannot be used or an invalid value costs only its own item.
  ///
  /// - Parameters:
  ///   - sniffer: The sniffer for files (created once by the caller); `nil` when there are none.
  ///   - pathBytes: The bytes of a path to open (a command line passes the bytes the user typed
  ///     when they are not UTF-8); by default the path's UTF-8.
  public func build(sniffer: Sniffer?, pathBytes: (String) -> [UInt8] = { Array($0.utf8) }) -> Built {
    var built = Built()
    for (index, item) in items.enumerated() {
      do throws(ShareItemError) {
        switch item {
        case .path(let path, let reported):
          guard let sniffer else { continue }
          do {
            built.items.append(
              try sniffer.item(pathBytes: pathBytes(path), reportedType: reported, trust: trust))
          } catch {
            built.problems.append(RouteProblem(code: error.code, message: KitMessages.itemError(path, error.description), item: index, path: path))
          }
        case .text(let value): built.items.append(ShareItem.text(value))
        case .url(let value): built.items.append(try ShareItem.url(value))
        case .uti(let value): built.items.append(ShareItem.declared(uti: value))
        case .type(let value): built.items.append(try ShareItem.declared(mimeType: value))
        }
      } catch {
        built.invalid.append((index, error))
      }
    }
    return built
  }
}
