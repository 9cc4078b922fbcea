internal import CMagic
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one owner of a libmagic cookie (`magic_t`).
///
/// Opened with `MAGIC_MIME_TYPE | MAGIC_ERROR` (never `MAGIC_COMPRESS`), loaded from an explicit
/// database path so that `$MAGIC` and `~/.magic` cannot change answers, and limited to
/// ``bytesMax`` bytes per file. A cookie is not thread-safe: use one per thread, and create
/// cookies one after another (`magic_load` touches process-wide state in libmagic 5.44).
struct MagicCookie: ~Copyable {
  /// How many bytes libmagic reads from the start of a file (and, for magic with negative
  /// offsets, from its end): 1 MiB, which gave the same answers as libmagic's 7 MiB default on
  /// the reference corpus (`docs/sniffing.md#how-much-is-read`), while capping the I/O per file at 2 MiB.
  static let bytesMax = 1 << 20

  /// Compiled databases looked for, in order, before falling back to libmagic's default.
  static let databaseCandidates = [
    "/usr/lib/file/magic.mgc",  // Debian, Ubuntu
    "/usr/share/misc/magic.mgc",  // Fedora, Alpine, FreeBSD
    "/usr/share/file/magic.mgc",
    "/opt/homebrew/share/misc/magic.mgc",  // Homebrew on Apple silicon
    "/usr/local/share/misc/magic.mgc",  // Homebrew on Intel
  ]

  private let cookie: OpaquePointer
  /// The compiled rules a cookie made from memory reads (libmagic keeps pointers into them).
  private let buffers: [MagicBuffer]

  /// The flags every cookie is opened with.
  private static let flags = MAGIC_MIME_TYPE | MAGIC_ERROR

  /// Cookies are opened and loaded one at a time in the whole process, whichever thread asks
  /// (`magic_load` touches process-wide state in libmagic 5.44).
  private static let loading = NSLock()

  /// The database `databasePath` names, or the first of ``databaseCandidates`` that exists
  /// (`nil`: libmagic's own default).
  static func database(_ databasePath: String?) -> String? {
    databasePath ?? databaseCandidates.first { access($0, R_OK) == 0 }
  }

  /// Opens and loads a cookie. The corresponding C functions are `magic_open(3)` and `magic_load(3)`.
  ///
  /// - Parameter databasePath: A compiled magic database; `nil` picks the first of
  ///   ``databaseCandidates`` that exists.
  init(databasePath: String? = nil) throws(SniffError) {
    let path = Self.database(databasePath)
    try self.init(buffers: []) { cookie in magic_load(cookie, path) }
  }

  /// Opens a cookie that reads compiled rules from memory (``MagicSubsets``): each buffer is a
  /// whole compiled file, header first. The corresponding C function is `magic_load_buffers(3)`.
  ///
  /// - Parameter describing: Opens the cookie for libmagic's descriptions, every match
  ///   (`MAGIC_CONTINUE | MAGIC_RAW`) instead of the MIME type, for tests that list the rules
  ///   that matched.
  init(buffers: [MagicBuffer], describing: Bool = false) throws(SniffError) {
    var pointers: [UnsafeMutableRawPointer?] = buffers.map { $0.base }
    var sizes = buffers.map(\.count)
    try self.init(buffers: buffers, flags: describing ? MAGIC_CONTINUE | MAGIC_RAW | MAGIC_ERROR : Self.flags) {
      cookie in magic_load_buffers(cookie, &pointers, &sizes, sizes.count)
    }
  }

  /// Opens a cookie, loads it with `load` (under the process-wide loading lock) and sets the byte limit.
  private init(buffers: [MagicBuffer], flags: Int32 = Self.flags, load: (OpaquePointer) -> Int32) throws(SniffError) {
    let opened: Result<OpaquePointer, SniffError> = Self.loading.withLock {
      guard let cookie = magic_open(flags) else {
        return .failure(.magicUnavailable(String(cString: strerror(errno))))
      }
      if load(cookie) != 0 {
        let message = magic_error(cookie).map { String(cString: $0) } ?? "unknown error"
        magic_close(cookie)
        return .failure(.magicUnavailable(message))
      }
      return .success(cookie)
    }
    let cookie = try opened.get()
    var limit = Self.bytesMax  // magic_setparam reads a size_t
    _ = magic_setparam(cookie, Int32(MAGIC_PARAM_BYTES_MAX), &limit)
    self.cookie = cookie
    self.buffers = buffers
  }

  deinit { magic_close(cookie) }

  /// The linked libmagic's version, as `file --version` prints it (`5.44`). The corresponding C
  /// function is `magic_version(3)`.
  static var libraryVersion: String {
    let number = Int(magic_version())
    // Two digits after the point, as `%d.%02d`; without String(format:), whose variadic
    // arguments cost a scan of the binary's conformance records at a one-shot start.
    let minor = number % 100
    return "\(number / 100).\(minor < 10 ? "0" : "")\(minor)"
  }

  /// The compiled database a cookie loads (`nil`: libmagic's own default, none of
  /// ``databaseCandidates`` being there).
  static var databaseInUse: String? { database(nil) }

  /// The MIME type of an open file, read through its descriptor (the offset is restored).
  /// The corresponding C function is `magic_descriptor(3)`.
  func mimeType(descriptor: Int32) throws(SniffError) -> String {
    guard let result = magic_descriptor(cookie, descriptor) else {
      throw .magicFailed(magic_error(cookie).map { String(cString: $0) } ?? "unknown error")
    }
    return Self.mediaType(String(cString: result))  // copied at once: the cookie owns the buffer
  }

  /// The media type at the head of libmagic's answer: libmagic may write a note after it (an ELF
  /// cut short: `application/x-sharedlib, can't read elf program headers at 120`), which is no
  /// part of a type. Unknown data when no `type/subtype` leads it.
  static func mediaType(_ answer: String) -> String {
    let token = answer.utf8.prefix { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
      default: "!#$&-^_.+/".utf8.contains(byte)
      }
    }
    let parts = token.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return "application/octet-stream" }
    return token.count == answer.utf8.count ? answer : String(decoding: token, as: UTF8.self)
  }

  /// The MIME type of bytes in memory. The corresponding C function is `magic_buffer(3)`.
  ///
  /// - Parameter softMagic: `false` runs libmagic without its soft-magic rules
  ///   (`MAGIC_NO_CHECK_SOFT`, set for this call only with `magic_setflags(3)`): only its cheap
  ///   built-in checks remain (tar, JSON, CSV, CDF, and for text the encoding), so a text file is
  ///   `text/plain`, `text/csv` or `application/json` and anything else mostly
  ///   `application/octet-stream`.
  func mimeType(bytes: UnsafeRawBufferPointer, softMagic: Bool = true) throws(SniffError) -> String {
    Self.mediaType(try answer(bytes: bytes, softMagic: softMagic))
  }

  /// libmagic's answer for bytes in memory as it writes it: the MIME type and any note after it,
  /// or, for a cookie of numbered rules (``MagicSubsets``' oracle), the rules' descriptions.
  func answer(bytes: UnsafeRawBufferPointer, softMagic: Bool = true) throws(SniffError) -> String {
    if !softMagic { _ = magic_setflags(cookie, Self.flags | MAGIC_NO_CHECK_SOFT) }
    defer { if !softMagic { _ = magic_setflags(cookie, Self.flags) } }
    guard let result = magic_buffer(cookie, bytes.baseAddress, bytes.count) else {
      throw .magicFailed(magic_error(cookie).map { String(cString: $0) } ?? "unknown error")
    }
    return String(cString: result)
  }
}
