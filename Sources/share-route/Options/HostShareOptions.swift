import ArgumentParser
import ShareRouteKit
import ShareRouting

/// `--from`, `--capture` and `--intent`: the share as a host app builds it (`docs/hosts.md`).
struct HostShareOptions: ParsableArguments {
  @Option(
    name: .customLong("from"),
    help: ArgumentHelp(
      "Share as this host app does (share-route hosts lists them); the files fill its file slots.",
      valueName: "host"))
  var host: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Replay a share captured on a device: a YAML or JSON capture, or a file holding logcat's Intent { … } line.",
      valueName: "file"),
    completion: .file())
  var capture: String?

  @Option(
    name: .long,
    help: ArgumentHelp("Replay an Android intent as logcat prints it: 'Intent { act=… typ=… clip={…} }'.", valueName: "text"))
  var intent: String?

  /// The one reference given, or `nil`.
  func reference() throws -> SenderFile.Reference? {
    let given: [SenderFile.Reference] =
      (host.map { [.host($0)] } ?? []) + (capture.map { [.capture($0)] } ?? []) + (intent.map { [.intent($0)] } ?? [])
    guard given.count <= 1 else { throw ValidationError(SenderMessages.oneHostShare) }
    return given.first
  }
}

extension SenderFile.Reference {
  /// The share it names, for a command: an unknown host is a usage error (64); a capture that
  /// does not read is invalid input (65), every problem on standard error.
  func template() throws -> SenderTemplate {
    switch HostProfiles.resolve(self) {
    case .success(let template): return template
    case .failure(let error):
      if case .host = self { throw ValidationError(error.messages.joined(separator: "\n")) }
      for message in error.messages { Diagnostics.error(message) }
      throw ExitStatus.invalidInput
    }
  }
}
