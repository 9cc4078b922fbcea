import FuzzDriver
import ShareRouting

/// Each input as a batch request line: it parses or gives messages, never crashes.
@main
enum Main {
  static func main() {
    runFuzzer { input in
      switch BatchRequest.parse(String(decoding: input, as: UTF8.self), number: 1) {
      case .success(let request): _ = request.items.count
      case .failure(let errors): _ = BatchOutput.invalidLine(1, messages: errors.messages)
      }
    }
  }
}
