import FuzzDriver
@testable import ShareRouting

/// Each input as a platform file (AndroidManifest.xml, XML or binary Info.plist): it imports or
/// gives errors, never crashes or hangs; what imports is linted, routed once and queried.
@main
enum Main {
  static func main() {
    runFuzzer { input in
      let set = ManifestLoader.load(platformFiles: [("fuzz/Info.plist", Array(input))])
      for error in set.errors { _ = error.description }
      for warning in set.warnings { _ = warning.description }
      if !set.handlers.isEmpty {
        _ = try? Router(set).route(items: [ShareItem.declared(uti: "public.jpeg"), try ShareItem.text("fuzz")])
      }
      // Every component's filters, as query resolves them: data URIs, hosts, paths, patterns.
      for data in ["https://www.example.org/a/b.pdf?q#f", "content://x/1", "tel:+1555"] {
        _ = Resolver.query(AndroidIntent(action: "android.intent.action.VIEW", type: nil, data: data), handlers: set.components)
      }
    }
  }
}
