import FuzzDriver
@testable import ShareRouting

/// Each input as a manifest, as YAML and as JSON: it loads or gives errors, never crashes; what
/// loads is routed once.
@main
enum Main {
  static func main() {
    runFuzzer { input in
      let text = String(decoding: input, as: UTF8.self)
      for name in ["fuzz.yaml", "fuzz.json"] {
        let set = ManifestLoader.load(texts: [(name, text)])
        for error in set.errors { _ = error.description }
        if !set.handlers.isEmpty { _ = try? Router(set).route(items: [try ShareItem.text("fuzz")]) }
      }
    }
  }
}
