import Synchronization

#if canImport(_FoundationICU)
  import _FoundationICU
#else
  import Foundation
#endif

/// ICU's collator for one locale, with the locale's own defaults, as `java.text.Collator`
/// gives it on Android; the one owner of the `UCollator`, opened on the first comparison (a
/// route that never compares two labels never loads the locale's collation data).
///
/// Where Foundation is built on its own copy of ICU (Linux), the collator is ICU's, asked
/// directly: Foundation's locale-aware string comparison wraps the same collator but overrides
/// some of the locale's defaults, and opening a Foundation `Locale` first costs about a
/// millisecond of a one-shot route. Elsewhere Foundation's comparison is asked.
final class ICUCollator: Sendable {
  /// The locale, as BCP 47.
  let locale: String

  #if canImport(_FoundationICU)
    /// The collator's address once opened (`nil` when ICU could not open it: labels then compare
    /// by their Unicode scalars). Compared under the lock: ICU allows one thread at a time.
    private let opened = Mutex<(tried: Bool, collator: UInt?)>((false, nil))
  #else
    private let foundationLocale: Locale
  #endif

  /// A collator for a BCP 47 locale (`en`, `pt-BR`, `zh-Hant-TW`).
  init(locale: String) {
    self.locale = locale
    #if !canImport(_FoundationICU)
      foundationLocale = Locale(identifier: locale)
    #endif
  }

  #if canImport(_FoundationICU)
    deinit {
      opened.withLock { state in
        if let address = state.collator, let collator = OpaquePointer(bitPattern: address) { swift_ucol_close(collator) }
      }
    }
  #endif

  /// The order of two strings: negative, zero or positive.
  func order(_ lhs: String, _ rhs: String) -> Int {
    #if canImport(_FoundationICU)
      opened.withLock { state in
        if !state.tried {
          state.tried = true
          var status = U_ZERO_ERROR
          // ICU's locale ids join their parts with `_`.
          let id = String(locale.map { $0 == "-" ? "_" : $0 })
          let collator = swift_ucol_open(id, &status)
          if status.rawValue <= U_ZERO_ERROR.rawValue, let collator {
            state.collator = UInt(bitPattern: collator)
          } else if let collator {
            swift_ucol_close(collator)
          }
        }
        guard let address = state.collator, let collator = OpaquePointer(bitPattern: address) else {
          return lhs.unicodeScalars.lexicographicallyPrecedes(rhs.unicodeScalars) ? -1 : lhs == rhs ? 0 : 1
        }
        var status = U_ZERO_ERROR
        let result = swift_ucol_strcollUTF8(
          collator, lhs, Int32(clamping: lhs.utf8.count), rhs, Int32(clamping: rhs.utf8.count), &status)
        switch result {
        case UCOL_LESS: return -1
        case UCOL_GREATER: return 1
        default: return 0
        }
      }
    #else
      switch lhs.compare(rhs, options: [], range: nil, locale: foundationLocale) {
      case .orderedAscending: -1
      case .orderedSame: 0
      case .orderedDescending: 1
      }
    #endif
  }
}
