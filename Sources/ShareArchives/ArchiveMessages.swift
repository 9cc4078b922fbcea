import ShareVocabulary

/// Every user-facing word of ShareArchives, in the house style: lower case, no trailing period,
/// values from the archive quoted, escaped and excerpted (`Printable`).
package enum ArchiveMessages {
  /// What is wrong with an archive, without the file's name (the caller puts it first).
  package static func describe(_ failure: ZipArchive.Failure) -> String {
    switch failure {
    case .unreadable(let reason): "cannot read the file (\(reason))"
    case .notRegularFile: "not a regular file"
    case .notZip: "not a ZIP archive (no end of central directory record)"
    case .truncated(let what, let offset): "the archive is cut short or damaged: its \(what) at byte \(offset) runs past the end"
    case .tooManyEntries(let limit): "the archive has more than \(limit) entries"
    case .directoryTooLarge(let size, let limit): "the central directory is too large (\(size) bytes, at most \(limit))"
    case .memberTooLarge(let name, let size, let limit):
      "member \(quoted(name)) is too large (\(size) bytes, at most \(limit))"
    case .inflatesPastClaim(let name, let claimed):
      "member \(quoted(name)) decompresses to more than the \(claimed) bytes it claims: a compression bomb or damage, not read further"
    case .encrypted(let name): "member \(quoted(name)) is encrypted"
    case .unsupportedMethod(let name, let method): "member \(quoted(name)) uses compression method \(method) (only stored and deflated are read)"
    case .corruptMember(let name, let offset): "member \(quoted(name)) is damaged (data at byte \(offset) does not decompress to its size and CRC)"
    case .duplicateName(let name): "the archive names member \(quoted(name)) twice: which one a reader takes is ambiguous, so neither is read"
    case .overlapping(let name, let next?):
      "member \(quoted(name)) overlaps member \(quoted(next)): members that share bytes are ambiguous, so the archive is not read"
    case .overlapping(let name, nil):
      "member \(quoted(name)) runs into the next member or the directory: members that share bytes are ambiguous, so it is not read"
    case .notEnoughMemory(let name, let needed, let available):
      "member \(quoted(name)) needs about \(needed >> 20) MB to read, and the process may map only \(available >> 20) MB more (its address-space limit, ulimit -v): not read"
    case .localNameDiffers(let name, let local):
      "member \(quoted(name)) is named \(quoted(local)) in its local header: the archive is ambiguous, so it is not read"
    }
  }

  private static func quoted(_ text: String) -> String { Printable.quoted(text) }
}
