import ShareRouting

/// The host profiles compiled in (`hosts/`, `docs/hosts.md`): what real host apps put in a
/// share, with the sources each rests on, and the one place a reference to a host's share
/// (`--from`, `--capture`, `--intent`, and their keys in check cases and batch requests) is
/// turned into the share.
package enum HostProfiles {
  /// Every built-in profile, by its file's order (iOS, then Android; by name). A profile that
  /// does not read is left out (CI checks that every one reads).
  package static let all: [SenderTemplate] = BuiltinHosts.files.compactMap { file in
    try? SenderFile.load(text: file.text, file: "built-in:" + file.path, requireEvidence: true, json: true).get()
  }

  /// Every built-in profile's problems, by file (for the test that holds them to their format).
  package static var problems: [ManifestError] {
    BuiltinHosts.files.flatMap { file -> [ManifestError] in
      switch SenderFile.load(text: file.text, file: "built-in:" + file.path, requireEvidence: true, json: true) {
      case .success: return []
      case .failure(let errors): return errors.errors
      }
    }
  }

  /// The profile of this name, or `nil`.
  package static func named(_ name: String) -> SenderTemplate? { all.first { $0.host == name } }

  /// The share a reference names: a built-in profile, a capture file read and checked, or an
  /// `Intent { … }` line parsed.
  ///
  /// - Returns: The template, or every problem as a message (`file:line:col: key: problem`).
  package static func resolve(_ reference: SenderFile.Reference) -> Result<SenderTemplate, HostShareError> {
    switch reference {
    case .host(let name):
      guard let profile = named(name) else {
        return .failure(HostShareError(messages: [SenderMessages.unknownHost(name, known: all.map(\.host))]))
      }
      return .success(profile)
    case .capture(let file):
      return SenderFile.load(file).mapError { HostShareError(messages: $0.errors.map(\.description)) }
    case .intent(let text):
      return SenderFile.loadIntent(text: text, name: "intent").mapError { HostShareError(messages: $0.errors.map(\.description)) }
    }
  }
}

/// Why a host's share could not be had: one message per problem.
package struct HostShareError: Error, Sendable {
  package var messages: [String]
}
