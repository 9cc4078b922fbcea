import ShareRouting
import ShareSniffing

/// What batch makes of one request line: a route's JSON, or an invalid-line record
/// (`docs/output.md`); the scheduling around it is in `BatchEngine.swift`.
extension BatchEngine {
  /// One request line to one output line.
  func handle(_ line: LineReader.Line, number: Int, sniffer: Sniffer, memo: Router.DecisionMemo) -> Result {
    if let answer {
      switch line {
      case .tooLong: return answer(nil, number, sniffer)
      case .text(let bytes): return answer(bytes, number, sniffer)
      }
    }
    let text: String
    switch line {
    case .tooLong:
      return Result(
        text: BatchOutput.invalidLine(number, messages: [BatchMessages.lineTooLong(number, limit: Self.maxLineBytes)]),
        outcome: .invalid)
    case .text(let bytes):
      guard let decoded = String(validating: bytes, as: UTF8.self) else {
        return Result(text: BatchOutput.invalidLine(number, messages: [BatchMessages.notUTF8(number)]), outcome: .invalid)
      }
      text = decoded
    }
    let request: BatchRequest
    switch BatchRequest.parse(text, number: number) {
    case .success(let parsed): request = parsed
    case .failure(let errors):
      return Result(text: BatchOutput.invalidLine(number, id: errors.id, messages: errors.messages), outcome: .invalid)
    }
    do {
      let route = try ShareInput(request).route(
        with: router, sniffer: sniffer, platform: request.platform, source: request.source, id: request.id,
        errors: [], refusals: refusals, memo: memo)
      var result = Result(
        text: route.json(pretty: false), outcome: route.accepted.isEmpty ? .unrouted : .routed,
        outOfDescriptors: route.errors.contains { $0.code == .tooManyOpenFiles })
      result.invalidItem = route.errors.contains { $0.code == .invalidItem }
      result.unreadableItem = route.errors.contains { $0.item != nil && $0.code != .invalidItem }
      return result
    } catch {
      return Result(
        text: BatchOutput.invalidLine(number, id: request.id, messages: [KitMessages.routingError(line: number, error)]),
        outcome: .invalid)
    }
  }
}
