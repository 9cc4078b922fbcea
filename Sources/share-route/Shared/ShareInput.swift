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
        items.append(try sniffer.item(path: path, reportedType: reported, trust: trust))
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
