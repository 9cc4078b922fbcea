import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// File names that are not UTF-8 (a Latin-1 `café.yaml` from a Windows archive), kept openable.
///
/// A Swift `String` cannot hold such a name's bytes, and decoding it with replacement characters
/// makes a path that names no file. A name read from a directory is shown instead with each
/// byte that is not UTF-8 written as `\xE9`, and that text is remembered with the name's real
/// bytes, so every place that opens a path (``bytes(of:)``) opens the file that was listed.
package enum PathBytes {
  /// Names shown with `\x..` escapes, by that text: their bytes.
  private static let registry = Mutex<[String: [UInt8]]>([:])

  /// The most names remembered (a bound for hostile trees; past it, names are shown only).
  static let maxNames = 100_000

  /// The text of a name read as bytes: the name itself when it is UTF-8, else the name with
  /// `\xHH` for every byte that is not, remembered for ``bytes(of:)``.
  package static func name(_ bytes: [UInt8]) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    var shown = ""
    var index = 0
    while index < bytes.count {
      // The longest valid UTF-8 run from here, else one byte escaped.
      var end = index + 1
      var decoded: String?
      while end <= min(bytes.count, index + 4) {
        if let scalar = String(validating: bytes[index..<end], as: UTF8.self) {
          decoded = scalar
          break
        }
        end += 1
      }
      if let decoded {
        shown += decoded
        index = end
      } else {
        shown += "\\x" + String(bytes[index], radix: 16, uppercase: true).leftPadded(to: 2)
        index += 1
      }
    }
    registry.withLock { names in
      if names.count < maxNames { names[shown] = bytes }
    }
    return shown
  }

  /// The bytes that open `path`: each component shown by ``name(_:)`` gives back its real
  /// bytes; any other text is its UTF-8.
  package static func bytes(of path: String) -> [UInt8] {
    let utf8 = Array(path.utf8)
    // A byte scan for `\x`: String's `contains` of a string goes through the string-processing
    // library's generic search, a measurable part of a start that opens a folder of manifests.
    var escaped = false
    var index = 1
    while index < utf8.count && !escaped {
      escaped = utf8[index - 1] == 0x5C && utf8[index] == 0x78
      index += 1
    }
    guard escaped else { return utf8 }
    let known = registry.withLock { $0 }
    if let whole = known[path] { return whole }
    var out: [UInt8] = []
    for (offset, component) in path.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
      if offset > 0 { out.append(0x2F) }
      out += known[String(component)] ?? Array(component.utf8)
    }
    return out
  }

  /// Calls `body` with `path`'s bytes as a C string (``bytes(of:)``); a NUL inside gives `nil`.
  package static func withCPath<Result>(_ path: String, _ body: (UnsafePointer<CChar>?) -> Result) -> Result {
    let bytes = bytes(of: path)
    guard !bytes.contains(0) else { return body(nil) }
    return (bytes + [0]).withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress) }
    }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}

extension String {
  /// Whether this string's UTF-8 bytes come before `other`'s (byte order, a prefix first): the
  /// order of `utf8.lexicographicallyPrecedes`, compared with `memcmp` instead of the generic
  /// walk (sorting a folder's names with it cost a tenth of a one-shot start).
  package func utf8Precedes(_ other: String) -> Bool {
    var left = self
    var right = other
    return left.withUTF8 { a in
      right.withUTF8 { b in
        let shared = Swift.min(a.count, b.count)
        if shared > 0, let x = a.baseAddress, let y = b.baseAddress {
          let order = memcmp(x, y, shared)
          if order != 0 { return order < 0 }
        }
        return a.count < b.count
      }
    }
  }
}
