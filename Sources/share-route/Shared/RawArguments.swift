import Foundation
import ShareRouting

/// The command line's own bytes. Swift's `CommandLine.arguments` replaces bytes that are not
/// UTF-8 with U+FFFD, and a file named that way could then not be opened; this finds the bytes
/// behind such an argument.
enum RawArguments {
  /// Every argument whose bytes are not valid UTF-8, by the repaired string Swift shows.
  static let byRepairedText: [String: [UInt8]] = {
    var result: [String: [UInt8]] = [:]
    for index in 0..<Int(CommandLine.argc) {
      guard let argument = CommandLine.unsafeArgv[index] else { continue }
      let bytes = UnsafeRawBufferPointer(start: argument, count: strlen(argument))
      if String(validating: bytes, as: UTF8.self) == nil {
        result[String(decoding: bytes, as: UTF8.self)] = Array(bytes)
      }
    }
    return result
  }()

  /// Paths read from a path list (`--files-from`, `-`) whose bytes are not UTF-8, by their
  /// repaired text; filled before anything is sniffed, read-only after.
  nonisolated(unsafe) static var fromLists: [String: [UInt8]] = [:]

  /// A path as typed, as the text that opens it: a name that is not UTF-8 is shown with `\xHH`
  /// escapes and keeps its bytes (`PathBytes`).
  static func openable(_ path: String) -> String {
    byRepairedText[path].map(PathBytes.name) ?? path
  }

  /// The bytes the user typed (or listed) for a path.
  static func bytes(of path: String) -> [UInt8] {
    byRepairedText[path] ?? fromLists[path] ?? PathBytes.bytes(of: path)
  }
}
