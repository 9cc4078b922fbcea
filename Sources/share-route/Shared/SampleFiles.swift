import ArgumentParser
import Foundation
import ShareRouteKit
import ShareRouting
import ShareVocabulary

/// The files that `matrix` and `sniff` operands stand for: a file as given, a directory's regular
/// files below it.
enum SampleFiles {
  /// The most files a directory operand may stand for.
  static let limit = 10_000

  /// Which files under a directory operand are samples: `--include` / `--exclude` globs and the
  /// build folders left out by default.
  struct Filter {
    var include: [String] = []
    var exclude: [String] = []
    var defaultExcludes = true

    /// Whether a glob matches an entry: by name without `/`, else by its path below the operand.
    static func matches(_ glob: String, name: String, relative: String) -> Bool {
      ManifestWalk.glob(glob, matches: name, relative: relative)
    }

    /// Whether to walk a folder.
    func walks(folder name: String, relative: String) -> Bool {
      if defaultExcludes && ManifestWalk.skippedFolders.contains(name) { return false }
      return !exclude.contains { Self.matches($0, name: name, relative: relative) }
    }

    /// Whether a file is a sample.
    func keeps(file name: String, relative: String) -> Bool {
      if exclude.contains(where: { !$0.hasSuffix("/") && Self.matches($0, name: name, relative: relative) }) { return false }
      return include.isEmpty || include.contains { Self.matches($0, name: name, relative: relative) }
    }
  }

  /// The files the operands stand for: a file as given, a directory's regular files (sorted,
  /// recursively, hidden entries, symbolic links and what `filter` leaves out skipped), at most
  /// ``limit``.
  static func expand(_ operands: [String], filter: Filter = Filter()) throws -> [String] {
    var result: [String] = []
    /// The file type of a path, links not followed (names that are not UTF-8 open by their bytes).
    func type(_ path: String) -> mode_t? {
      var info = stat()
      return PathBytes.withCPath(path, { $0.map { lstat($0, &info) } ?? -1 }) == 0 ? info.st_mode & S_IFMT : nil
    }
    for operand in operands {
      var operandInfo = stat()
      let isDirectory =
        PathBytes.withCPath(RawArguments.openable(operand)) {
          $0.map { stat($0, &operandInfo) } ?? -1
        } == 0 && (operandInfo.st_mode & S_IFMT) == S_IFDIR
      guard isDirectory else {
        result.append(operand)  // a file, or a path whose problem the sniffer names
        continue
      }
      var found: [String] = []
      // Each folder with its path below the operand ("" for the operand itself).
      var pending = [(RawArguments.openable(operand), "")]
      while let (directory, below) = pending.popLast() {
        let entries = Directory.names(in: directory) ?? []
        for entry in entries.sorted(by: { $0.utf8Precedes($1) }) where !entry.hasPrefix(".") {
          let path = directory.hasSuffix("/") ? directory + entry : directory + "/" + entry
          let relative = below.isEmpty ? entry : below + "/" + entry
          switch type(path) {
          case S_IFDIR? where filter.walks(folder: entry, relative: relative): pending.append((path, relative))
          case S_IFREG? where filter.keeps(file: entry, relative: relative): found.append(path)
          default: continue  // symbolic links, devices, FIFOs, what the filter leaves out
          }
          if result.count + found.count > limit {
            throw ValidationError(CLIMessages.tooManySamples(operand, limit: limit))
          }
        }
      }
      result += found.sorted { $0.utf8Precedes($1) }
    }
    return result
  }
}
