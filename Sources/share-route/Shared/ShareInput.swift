import Foundation
import ShareRouting
import ShareSniffing

/// The items of one share as given on the command line or in an expectations case: files
/// (sniffed), then texts, URLs, declared MIME types and declared UTIs.
struct ShareInput {
  var paths: [String] = []
  var reportedTypes: [String] = []
  var trust: TrustPolicy = .content
  var texts: [String] = []
  var urls: [String] = []
  var mimeTypes: [String] = []
  var utis: [String] = []

  /// The items, with a problem (phase 1) for every file that cannot be used; the other items
  /// are kept.
  ///
  /// - Parameter sniffer: The sniffer to use for files (created by the caller, once).
  /// - Throws: ``ShareItemError`` for a URL or declared type that is not valid.
  func items(sniffer: Sniffer?) throws(ShareItemError) -> (items: [ShareItem], problems: [RouteProblem]) {
    var items: [ShareItem] = []
    var problems: [RouteProblem] = []
    for (index, path) in paths.enumerated() {
      let reported = reportedTypes.count == 1 ? reportedTypes[0] : reportedTypes.isEmpty ? nil : reportedTypes[index]
      guard let sniffer else { break }
      do {
        items.append(try sniffer.item(pathBytes: RawArguments.bytes(of: path), reportedType: reported, trust: trust))
      } catch {
        problems.append(RouteProblem(code: error.code, message: "\(path): \(error)", item: index, path: path))
      }
    }
    items += texts.map(ShareItem.text)
    for value in urls { items.append(try ShareItem.url(value)) }
    for value in mimeTypes { items.append(try ShareItem.declared(mimeType: value)) }
    items += utis.map { ShareItem.declared(uti: $0) }
    return (items, problems)
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
