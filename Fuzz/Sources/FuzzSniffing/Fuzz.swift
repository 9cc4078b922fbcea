import Foundation
import FuzzDriver
@testable import ShareRouting
@testable import ShareSniffing

/// The sniffer and its refinements (ZIP directories, text families, media headers, gzip) on
/// any file content, under several names: it gives a type, never crashes.
@main
enum Main {
  static func main() {
    guard let sniffer = try? Sniffer() else { fatalError("libmagic cannot be loaded") }
    let base = NSTemporaryDirectory() + "share-route-fuzz-\(getpid())"
    runFuzzer { input in
      for name in [base, base + ".txt", base + ".docx", base + ".svgz", base + ".doc"] {
        FileManager.default.createFile(atPath: name, contents: Data(input))
        _ = try? sniffer.item(path: name, reportedType: name == base ? "text/plain" : nil)
        try? FileManager.default.removeItem(atPath: name)
      }
    }
  }
}
