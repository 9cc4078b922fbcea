/// Text without libmagic's soft-magic pass: the stage `text-first` of ``DetectorOrder``.
///
/// For text, libmagic's soft-magic rules (regular expressions over the whole head) cost 100 to
/// 600 µs a file, about half of all libmagic time on real trees, and share-route's text layer
/// re-decides most text types after them anyway. So a small file is first asked of libmagic
/// without them (`MAGIC_NO_CHECK_SOFT`: its tar, JSON and CSV checks and its encoding check
/// remain, which tell text from binary as libmagic does):
///
/// - `text/csv` or `application/json`: libmagic runs those checks before its soft magic, so its
///   full answer is the same (a differential test holds it); the file goes on as usual.
/// - `text/plain`: the text layer (``TextFamilies``, freedesktop's strong content rules) is
///   asked; when one of ``deciders`` names the format, that is the answer, and libmagic's soft
///   magic never runs. When none does, libmagic runs in full, as before.
/// - anything else (binary): libmagic runs in full.
///
/// Only the bytes are looked at, never the name (a renamed-file test holds it). The rule, held
/// by a differential test over every sample and corpus file: an answer found this way is the
/// answer of the full pass, or more exact.
enum TextFirst {
  /// libmagic's answers without soft magic that its full pass gives as well.
  static let settled: Set<String> = ["text/csv", "application/json"]

  /// The answer without soft magic that the text layer is asked about.
  static let textAnswer = "text/plain"

  /// The detectors whose finding on a `text/plain` head decides without libmagic's soft magic:
  /// the text families (structures and telltales) and freedesktop's strong content rules, but for
  /// shell scripts without a `#!` line (zsh's functions too), which are found only where
  /// libmagic's full pass has nothing to say (an autoconf macro file holds shell blocks too, and
  /// its rules name it M4).
  static let deciders: Set<String> = Set(TextFamilies.detectors.map(\.name)).subtracting(TextFamilies.afterFullPass)

  /// The first bytes that make a head binary for this stage (a NUL: libmagic's full pass decides).
  static func mayBeText(_ head: [UInt8]) -> Bool {
    !head.prefix(4096).contains(0)
  }
}
