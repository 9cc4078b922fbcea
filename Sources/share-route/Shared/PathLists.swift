import ArgumentParser

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Paths given as lists, as xargs and ripgrep take them: the operand `-` reads a list from
/// standard input, `--files-from FILE` from a file (`-` again for standard input), one path per
/// line (a trailing CR dropped, empty lines skipped), or NUL-separated with `-0` / `--null`.
///
/// Bounded: a path may hold at most ``maxPathBytes`` bytes and the lists at most ``maxPaths``
/// paths (and twice as many entries, empty ones included); past a bound the command stops with
/// an error naming the list, the path's number and the bound.
/// A path that is not UTF-8 still opens the right file (its bytes are kept in `RawArguments`).
struct PathListOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "Read paths from FILE, one per line (- for standard input); repeatable.",
      discussion: "The operand - does the same with standard input.", valueName: "file"),
    completion: .file())
  var filesFrom: [String] = []

  @Flag(name: [.customShort("0"), .long], help: "Path lists are separated by NUL bytes, not newlines (find -print0).")
  var null = false

  /// The longest path taken from a list (Linux's PATH_MAX).
  static let maxPathBytes = 4096
  /// The most paths one command takes from its lists.
  static let maxPaths = 1_000_000
  /// The most bytes one command takes from its lists (128 bytes for each of ``maxPaths``).
  static let maxListBytes = 128 << 20

  /// The paths in order: operands as given, with each `-` replaced by the list on standard input,
  /// then the `--files-from` lists. Standard input is read at most once.
  func expand(_ operands: [String]) throws -> [String] {
    var paths: [String] = []
    var readStandardInput = false
    func list(_ source: String) throws {
      if source == "-" {
        guard !readStandardInput else { return }
        readStandardInput = true
      }
      try read(source, into: &paths)
    }
    for operand in operands {
      if operand == "-" { try list("-") } else { paths.append(operand) }
    }
    for source in filesFrom { try list(source) }
    return paths
  }

  /// Reads one list into `paths`.
  private func read(_ source: String, into paths: inout [String]) throws {
    let name = source == "-" ? CLIMessages.standardInput : source
    let descriptor = source == "-" ? STDIN_FILENO : open(source, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw ValidationError(CLIMessages.pathListUnreadable(name, String(cString: strerror(errno))))
    }
    defer { if source != "-" { close(descriptor) } }
    let separator: UInt8 = null ? 0 : 0x0A
    var pending: [UInt8] = []
    var line = 1
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var total = 0
    func finish(_ bytes: [UInt8]) throws {
      var bytes = bytes
      if !null && bytes.last == 0x0D { bytes.removeLast() }
      defer { line += 1 }
      // Empty entries count too: a list of nothing but separators (/dev/zero with -0) ends.
      guard paths.count < Self.maxPaths && line <= 2 * Self.maxPaths else {
        throw ValidationError(CLIMessages.pathListTooMany(name, Self.maxPaths))
      }
      guard !bytes.isEmpty else { return }
      let path = String(decoding: bytes, as: UTF8.self)
      if String(validating: bytes, as: UTF8.self) == nil { RawArguments.fromLists[path] = bytes }
      paths.append(path)
    }
    while true {
      let count = chunk.withUnsafeMutableBytes { raw -> Int in
        guard let base = raw.baseAddress else { return -1 }
        #if canImport(Glibc)
          return Glibc.read(descriptor, base, raw.count)
        #else
          return Darwin.read(descriptor, base, raw.count)
        #endif
      }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw ValidationError(CLIMessages.pathListUnreadable(name, String(cString: strerror(errno)))) }
      if count == 0 { break }
      total += count
      guard total <= Self.maxListBytes else { throw ValidationError(CLIMessages.pathListTooLarge(name, Self.maxListBytes)) }
      for byte in chunk[0..<count] {
        if byte == separator {
          try finish(pending)
          pending.removeAll(keepingCapacity: true)
        } else {
          // A path holds no NUL: a list with one is binary data (or NUL-separated, without -0).
          guard byte != 0 else { throw ValidationError(CLIMessages.pathListBinary(name, line: line)) }
          pending.append(byte)
          guard pending.count <= Self.maxPathBytes else {
            throw ValidationError(CLIMessages.pathListLineTooLong(name, line: line, Self.maxPathBytes))
          }
        }
      }
    }
    if !pending.isEmpty { try finish(pending) }
  }
}
