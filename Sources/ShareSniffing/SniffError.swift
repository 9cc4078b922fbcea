/// Why an item's type could not be found (worded in `SniffMessages.swift`).
public enum SniffError: Error, Hashable, Sendable, CustomStringConvertible {
  /// libmagic could not be opened or its database loaded.
  case magicUnavailable(String)
  /// libmagic failed on a file.
  case magicFailed(String)
  /// No file at the path.
  case missing
  /// A symbolic link whose target does not exist (or a loop of links).
  case danglingSymlink
  /// A directory, FIFO, device or socket.
  case notRegularFile(String)
  /// The file exists but cannot be opened or read.
  case unreadable(String)
  /// The process has no file descriptor left to open the file with (EMFILE, ENFILE), after
  /// waiting for others to close: not the file's fault.
  case tooManyOpenFiles

  /// A stable code for JSON output.
  package var code: String {
    switch self {
    case .magicUnavailable: "magic-unavailable"
    case .magicFailed: "sniff-failed"
    case .missing: "missing"
    case .danglingSymlink: "dangling-symlink"
    case .notRegularFile: "not-regular-file"
    case .unreadable: "unreadable"
    case .tooManyOpenFiles: "too-many-open-files"
    }
  }
}
