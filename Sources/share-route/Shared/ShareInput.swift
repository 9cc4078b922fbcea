import Foundation
import ShareRouting
import ShareSniffing

/// The items of one share, in share order, and how to turn them into routable items: the one
/// builder behind `route`, `check` and `batch`.
struct ShareInput {
  /// The items as given.
  var items: [BatchRequest.Item]
  /// The reported-type policy for the files.
  var trust: TrustPolicy = .content

  /// A share as the command line and expectation cases give it: files (each with its reported
  /// type), then texts, URLs, declared MIME types and declared UTIs.
  init(
    paths: [String] = [], reportedTypes: [String] = [], trust: TrustPolicy = .content, texts: [String] = [],
    urls: [String] = [], mimeTypes: [String] = [], utis: [String] = []
  ) {
    items = paths.enumerated().map { .path($1, reportedType: Self.reportedType(reportedTypes, at: $0)) }
    items += texts.map { .text($0) } + urls.map { .url($0) } + mimeTypes.map { .type($0) } + utis.map { .uti($0) }
    self.trust = trust
  }

  /// A batch request's share.
  init(_ request: BatchRequest) {
    items = request.items
    trust = request.trust.flatMap(TrustPolicy.init(rawValue:)) ?? .content
  }

  /// The reported type of file `index` when `types` holds one for all files or one per file.
  static func reportedType(_ types: [String], at index: Int) -> String? {
    types.count == 1 ? types[0] : index < types.count ? types[index] : nil
  }

  /// What came of building the items.
  struct Built {
    /// The usable items, in share order.
    var items: [ShareItem] = []
    /// A problem (phase 1) for every file that cannot be used.
    var problems: [RouteProblem] = []
    /// Every URL or declared type that is not valid, by its position in the share.
    var invalid: [(index: Int, error: ShareItemError)] = []
  }

  /// Builds the items; a file that cannot be used or an invalid value costs only its own item.
  ///
  /// - Parameter sniffer: The sniffer for files (created once by the caller); `nil` when there are none.
  func build(sniffer: Sniffer?) -> Built {
    var built = Built()
    for (index, item) in items.enumerated() {
      do throws(ShareItemError) {
        switch item {
        case .path(let path, let reported):
          guard let sniffer else { continue }
          do {
            built.items.append(
              try sniffer.item(pathBytes: RawArguments.bytes(of: path), reportedType: reported, trust: trust))
          } catch {
            built.problems.append(RouteProblem(code: error.code, message: CLIMessages.itemError(path, error.description), item: index, path: path))
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

extension Sniffer {
  /// The sniffer a command uses; when libmagic cannot be loaded the reason goes to standard
  /// error and the command exits 66.
  static func forCommand() throws -> Sniffer {
    do {
      return try Sniffer()
    } catch {
      Diagnostics.error(error.description)
      throw ExitStatus.unreadableInput
    }
  }
}

/// The command line's own bytes. Swift's `CommandLine.arguments` replaces bytes that are not
/// UTF-8 with U+FFFD, and a file named that way could then not be opened; this finds the bytes
/// behind such an argument.
enum RawArguments {
  /// Every argument whose bytes are not valid UTF-8, by the repaired string Swift shows.
  static let byRepairedText: [String: [UInt8]] = {
    var result: [String: [UInt8]] = [:]
    for index in 0..<Int(CommandLine.argc) {
      guard let argument = CommandLine.unsafeArgv[index] else { continue }
      let bytes = Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map { UInt8(bitPattern: $0) }
      if String(validating: bytes, as: UTF8.self) == nil {
        result[String(decoding: bytes, as: UTF8.self)] = bytes
      }
    }
    return result
  }()

  /// The bytes the user typed for a path argument.
  static func bytes(of path: String) -> [UInt8] {
    byRepairedText[path] ?? Array(path.utf8)
  }
}
