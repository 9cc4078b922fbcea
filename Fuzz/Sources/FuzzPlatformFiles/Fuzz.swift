import FuzzDriver
import ShareRouting

/// Each input as a platform file (AndroidManifest.xml, XML or binary Info.plist): it imports or
/// gives errors, never crashes or hangs; what imports is linted and routed once.
@main
enum Main {
  static func main() {
    runFuzzer { input in
      let set = ManifestLoader.load(platformFiles: [("fuzz/Info.plist", Array(input))])
      for error in set.errors { _ = error.description }
      for warning in set.warnings { _ = warning.description }
      if !set.handlers.isEmpty {
        _ = try? Router(set).route(items: [ShareItem.declared(uti: "public.jpeg"), ShareItem.text("fuzz")])
      }
    }
  }
}
