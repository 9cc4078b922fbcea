import ShareRouting
import ShareSniffing

/// What batch makes of one request line: a route's JSON, or an invalid-line record
/// (`docs/output.md`); the scheduling around it is ``BatchEngine``'s.
enum BatchLine {
  /// One request line (its bytes, `nil` when over the line bound) to one output line.
  static func answer(
    _ bytes: [UInt8]?, number: Int, router: ShareRouter, refusals: Router.Refusals, worker: BatchEngine.Worker
  ) -> BatchEngine.Result {
    guard let bytes else {
      return BatchEngine.Result(
        text: BatchOutput.invalidLine(number, messages: [BatchMessages.lineTooLong(number, limit: BatchEngine.maxLineBytes)]),
        outcome: .invalid)
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      return BatchEngine.Result(text: BatchOutput.invalidLine(number, messages: [BatchMessages.notUTF8(number)]), outcome: .invalid)
    }
    let request: BatchRequest
    switch BatchRequest.parse(text, number: number) {
    case .success(let parsed): request = parsed
    case .failure(let errors):
      return BatchEngine.Result(text: BatchOutput.invalidLine(number, id: errors.id, messages: errors.messages), outcome: .invalid)
    }
    var input = ShareInput(request)
    if let reference = request.sender {
      // A host's share that cannot be had, or that the items do not fit, is an invalid line.
      switch HostProfiles.resolve(reference) {
      case .success(let template): input.sender = template
      case .failure(let error):
        return BatchEngine.Result(
          text: BatchOutput.invalidLine(number, id: request.id, messages: error.messages.map { KitMessages.hostShareError(line: number, $0) }),
          outcome: .invalid)
      }
      if let problem = input.senderProblem(platform: request.platform) {
        return BatchEngine.Result(
          text: BatchOutput.invalidLine(number, id: request.id, messages: [KitMessages.hostShareError(line: number, problem)]),
          outcome: .invalid)
      }
    }
    do {
      let route = try router.route(
        input, sniffer: worker.sniffer, platform: request.platform, source: request.source, id: request.id,
        refusals: refusals, memo: worker.memo)
      return BatchEngine.Result(route: route, text: route.json(pretty: false))
    } catch {
      return BatchEngine.Result(
        text: BatchOutput.invalidLine(number, id: request.id, messages: [KitMessages.routingError(line: number, error)]),
        outcome: .invalid)
    }
  }
}

extension BatchEngine.Result {
  /// The result of a line answered with a route: its outcome and the route's item problems
  /// counted (``Verdict``), and a run stopped when a file could not be opened for want of a
  /// descriptor.
  public init(route: Route, text: String) {
    self.init(
      text: text, outcome: route.accepted.isEmpty ? .unrouted : .routed,
      outOfDescriptors: route.errors.contains { $0.code == .tooManyOpenFiles })
    invalidItem = route.errors.contains { $0.code == .invalidItem }
    unreadableItem = route.errors.contains { $0.item != nil && $0.code != .invalidItem }
  }
}
