import FuzzDriver
@testable import ShareRouting

/// Each input as a batch request line: it parses or gives messages, never crashes; the messages
/// go through the JSON writer as a route's errors (batch's invalid-line record is written by the
/// same writer, which is not visible outside the package).
@main
enum Main {
  static func main() {
    runFuzzer { input in
      switch BatchRequest.parse(String(decoding: input, as: UTF8.self), number: 1) {
      case .success(let request): _ = request.items.count
      case .failure(let errors):
        let problems = errors.messages.map { RouteProblem(code: .invalidItem, message: $0) }
        _ = Route(intent: nil, items: [], accepted: [], rejected: [], errors: problems).json(pretty: false)
      }
    }
  }
}
