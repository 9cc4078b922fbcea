import FuzzDriver
@testable import ShareRouting

/// Each input as an expectations file (`share-route check`): it loads or gives errors, never crashes.
@main
enum Main {
  static func main() {
    runFuzzer { input in
      let file = ExpectationFile.load(text: String(decoding: input, as: UTF8.self), file: "fuzz.yaml")
      for error in file.errors { _ = error.description }
    }
  }
}
