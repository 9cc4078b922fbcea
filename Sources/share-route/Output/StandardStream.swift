import ArgumentParser
import ShareRouteKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Checked writes to standard output and standard error with `write(2)`: short writes and EINTR
/// are retried, and a failure is reported, never ignored.
///
/// A closed pipe (`share-route batch | head -1`) is a quiet stop: SIGPIPE ends the process with
/// status 141 (128 + SIGPIPE), as it does `cat` and `grep`. Any other failure (`/dev/full`, a
/// closed descriptor, a full disk) is a `BatchEngine.WriteFailure` (the one write-failure type,
/// which batch's engine also reports): the command names the error on standard error and exits
/// 74 (EX_IOERR).
///
/// A file size limit (`ulimit -f`) is met the same way: SIGXFSZ is ignored (``ignoreFileSizeSignal()``),
/// and a write to a regular file that would pass the limit is refused before any of it is written
/// (EFBIG), so the output ends on a whole record.
enum StandardStream {
  /// The file size limit (`ulimit -f`) when one is set.
  private static let fileSizeLimit: Int? = {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }  // RLIM_INFINITY
    return Int(clamping: limit.rlim_cur)
  }()

  /// Makes a write past the file size limit fail (EFBIG) instead of killing the process: call
  /// once, before any output.
  static func ignoreFileSizeSignal() {
    if fileSizeLimit != nil { signal(SIGXFSZ, SIG_IGN) }
  }

  /// Whether `count` more bytes would take a regular file past the file size limit (written at
  /// its end when it was opened for appending, else at its offset).
  private static func passesFileSizeLimit(_ descriptor: Int32, adding count: Int) -> Bool {
    guard let limit = fileSizeLimit else { return false }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
    let position = fcntl(descriptor, F_GETFL) & O_APPEND != 0 ? Int(info.st_size) : Int(lseek(descriptor, 0, SEEK_CUR))
    return position >= 0 && position + count > limit
  }

  /// Writes every byte of `text` to the descriptor.
  static func write(_ text: String, to descriptor: Int32) throws(BatchEngine.WriteFailure) {
    var text = text
    var failure: BatchEngine.WriteFailure?
    text.withUTF8 { bytes in
      if passesFileSizeLimit(descriptor, adding: bytes.count) {
        failure = BatchEngine.WriteFailure(written: 0, reason: String(cString: strerror(EFBIG)))
        return
      }
      var offset = 0
      while offset < bytes.count {
        guard let base = bytes.baseAddress else { return }
        #if canImport(Glibc)
          let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
        #else
          let written = Darwin.write(descriptor, base + offset, bytes.count - offset)
        #endif
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else {
          failure = BatchEngine.WriteFailure(written: offset, reason: String(cString: strerror(written < 0 ? errno : EIO)))
          return
        }
        offset += written
      }
    }
    if let failure { throw failure }
  }

  /// Writes to standard output; on failure, says so on standard error and exits 74.
  static func output(_ text: String) throws(ExitCode) {
    do {
      try write(text, to: STDOUT_FILENO)
    } catch {
      Diagnostics.error(CLIMessages.writeFailed(error.reason))
      throw ExitStatus.ioError
    }
  }

  /// Writes to standard error; a failure there has nowhere to be reported.
  static func diagnostic(_ text: String) {
    try? write(text, to: STDERR_FILENO)
  }
}
