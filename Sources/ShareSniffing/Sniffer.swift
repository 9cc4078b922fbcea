import Foundation
import ShareVocabulary

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the type of shared files from their bytes and turns them into routable items.
///
/// Each sniffer owns one libmagic cookie, opened on first need (a file whose first bytes decide
/// its type, `LibmagicShortcuts`, never needs it), and is not thread-safe: give every thread
/// its own, or borrow them from a ``SnifferPool``. A file is checked before it is read: a missing path, a dangling
/// symbolic link, a directory, FIFO, device or socket, or an unreadable file is an error for that
/// item alone, found without reading (so a FIFO never blocks). Whatever a regular file's size,
/// libmagic reads at most `headBytes` from its head and as much from its tail, and
/// share-route's refinements read at most 64 KiB of head plus a few bounded regions
/// (`FileWindow`), and only for the answers they may change.
public final class Sniffer {
  /// The bytes libmagic reads from a file's head (1 MiB); see `docs/sniffing.md#how-much-is-read`.
  package static let headBytes = MagicCookie.bytesMax

  /// The cookie, once opened (the one owner of the C resource is ``MagicCookie``), and the
  /// cookies of rule subsets (``MagicSubsets``), when the database can be read that way.
  private final class Loaded {
    let cookie: MagicCookie
    /// The database, until its subsets are made (`nil` then, and when none are asked for).
    var pendingPath: String?
    /// Full passes made with the whole database (the subsets are made once there are
    /// ``MagicSubsets/warmUp``).
    var wholePasses = 0
    /// The subsets, made at the pass after the warm-up (`nil` before, or when the database cannot
    /// be read that way).
    var subsets: MagicSubsets?

    init(databasePath: String?, subsets: Bool) throws(SniffError) {
      cookie = try MagicCookie(databasePath: databasePath)
      pendingPath = subsets ? MagicCookie.database(databasePath).flatMap(MagicSubsets.Database.readablePath) : nil
    }

    /// libmagic's full answer for bytes in memory: from the rules that can match them once a
    /// few files have been asked (reading the database as data costs more than a few whole
    /// walks, so a command that sniffs a file or two never pays it); from the whole database
    /// otherwise, and when libmagic fails on a subset (it fails on a few buffers with its whole
    /// database too, and then the whole database's error is the answer).
    func mimeType(bytes: UnsafeRawBufferPointer) throws(SniffError) -> String {
      if let path = pendingPath, wholePasses >= MagicSubsets.warmUp {
        pendingPath = nil
        subsets = MagicSubsets.Database.shared(path: path).map(MagicSubsets.init(database:))
      }
      if let subsets, let answer = try? subsets.mimeType(bytes: bytes) { return answer }
      wholePasses += 1
      return try cookie.mimeType(bytes: bytes)
    }
  }

  private let databasePath: String?
  private var loaded: Loaded?

  /// libmagic's cookie, opened and loaded on first use.
  private func magic() throws(SniffError) -> Loaded {
    if let loaded { return loaded }
    let made = try Loaded(databasePath: databasePath, subsets: subsets)
    loaded = made
    return made
  }

  /// libmagic's answers from bytes in memory that its descriptor checks may change: an ELF file
  /// of type `ET_DYN` is a shared library to its rules, and a position-independent executable to
  /// its ELF reader (`file_tryelf`), which runs only with a descriptor.
  static let descriptorAnswers: Set<String> = ["application/x-sharedlib"]

  /// Files up to this size (the refiners' head window, 64 KiB) are read once and sniffed from
  /// memory; larger ones through their descriptor.
  static let bufferedSniffLimit = FileWindow.headLimit

  /// Prepares libmagic with share-route's settings; the database is loaded on first need.
  ///
  /// - Parameter databasePath: A compiled magic database, or `nil` for the system's.
  /// - Throws: ``SniffError/magicUnavailable(_:)`` when the database cannot be read.
  public convenience init(databasePath: String? = nil) throws(SniffError) {
    try self.init(databasePath: databasePath, textFirst: true)
  }

  /// Whether libmagic's full pass on bytes in memory is asked of the rules that can match them
  /// (``MagicSubsets``: the same answer, for a fraction of the walk); `false` walks the whole
  /// database (for the differential tests).
  let subsets: Bool

  /// Whether text is first asked of libmagic without its soft magic (``TextFirst``); `false` runs
  /// libmagic's full pass on every file not decided by ``LibmagicShortcuts`` (the differential
  /// tests compare both).
  let textFirst: Bool

  /// A sniffer that may leave out the text-first stage, or ask libmagic with its whole database
  /// at every pass (`subsets: false`), for the differential tests.
  package init(databasePath: String? = nil, textFirst: Bool, subsets: Bool = true) throws(SniffError) {
    // A given database is checked now; the default one is looked for among the readable
    // candidates when the cookie is loaded.
    if let databasePath, access(databasePath, R_OK) != 0 {
      throw .magicUnavailable(SniffMessages.databaseUnreadable(databasePath, Self.errnoText()))
    }
    self.databasePath = databasePath
    self.textFirst = textFirst
    self.subsets = subsets
  }

  /// What the bytes of a file say: libmagic's canonical answer, share-route's refinement of it
  /// (when there is one) and the file's size.
  public struct ContentReport: Hashable, Sendable {
    /// libmagic's answer, canonicalised (`TypePolicy/canonical(_:)`). For the formats of
    /// `LibmagicShortcuts` it is found without libmagic; a differential test holds it equal.
    public var sniffed: String
    /// share-route's own finding, when libmagic's answer was weak or wrong.
    public var refinement: Refinement?
    /// The size of the file when it was opened.
    public var size: Int
    /// What the name did, when the content answer left the type open: the type it chose (one the
    /// bytes are consistent with) or why it chose none; `nil` when the name was not asked.
    package var name: NameChoice?
    /// A detector that examined the file and confirmed libmagic's answer (a ZIP that holds no
    /// known document), when no refinement changed it.
    package var confirmation: Refinement?
    /// Whether ``sniffed`` was found from the first bytes without asking libmagic
    /// (`LibmagicShortcuts`: the same answer, a differential test holds it).
    package var withoutLibmagic = false
    /// Whether libmagic answered without its soft-magic rules (``sniffed`` is then its answer
    /// from its built-in checks alone: `text/plain`, `text/csv` or `application/json`), because
    /// those checks settle the answer or share-route's text layer named the format
    /// (`docs/sniffing.md#text-first`).
    package var withoutSoftMagic = false

    /// Creates a report.
    package init(sniffed: String, refinement: Refinement? = nil, size: Int, name: NameChoice? = nil) {
      self.sniffed = sniffed
      self.refinement = refinement
      self.size = size
      self.name = name
    }
  }

  /// A file's item and how its type was decided (for `sniff --explain`).
  ///
  /// - Returns: The item, and what the bytes and the name said.
  /// - Throws: A ``SniffError`` when the file cannot be used.
  package func explainedItem(pathBytes: [UInt8], reportedType: String?, trust: TrustPolicy = .content) throws(SniffError)
    -> (item: ShareItem, content: ContentReport)
  {
    let path = String(decoding: pathBytes, as: UTF8.self)
    let content = try content(pathBytes: pathBytes, extension: FilePaths.fileExtension(path))
    return (try item(pathBytes: pathBytes, content: content, reportedType: reportedType, trust: trust), content)
  }

  /// What a file's name did to its type (``NameRule``).
  package struct NameChoice: Hashable, Sendable {
    /// The extension that was asked.
    package var fileExtension: String
    /// The type the name chose, or `nil` when it chose none.
    package var type: String?
    /// Why, in one line.
    package var why: String
  }

  /// Reads a file's type from its bytes.
  ///
  /// - Parameter path: The file; symbolic links are followed.
  /// - Returns: libmagic's answer, the refinement and the size.
  /// - Throws: A ``SniffError`` for a path that is not a readable regular file.
  public func content(path: String) throws(SniffError) -> ContentReport {
    try content(pathBytes: Array(path.utf8), extension: FilePaths.fileExtension(path))
  }

  /// Reads a file's type from its bytes, the path given as raw bytes (a name that is not
  /// UTF-8 still opens the right file).
  func content(pathBytes: [UInt8], extension ext: String?) throws(SniffError) -> ContentReport {
    guard !pathBytes.contains(0) else { throw .missing }
    let path = (pathBytes + [0]).map { CChar(bitPattern: $0) }
    var info = stat()
    if stat(path, &info) != 0 {
      // Only a failure needs the link itself: a missing path, or a symbolic link to nowhere.
      let statError = errno
      var linkInfo = stat()
      guard lstat(path, &linkInfo) == 0 else {
        throw errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(Self.errnoText())
      }
      if (linkInfo.st_mode & S_IFMT) == S_IFLNK && (statError == ENOENT || statError == ELOOP) {
        throw .danglingSymlink
      }
      errno = statError
      throw .unreadable(Self.errnoText())
    }
    try Self.requireRegular(info.st_mode)
    let fd = Self.retryingDescriptors { open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
    guard fd >= 0 else {
      throw errno == EMFILE || errno == ENFILE ? .tooManyOpenFiles : .unreadable(Self.errnoText())
    }
    defer { close(fd) }
    // The path may have been replaced between stat and open: check what was opened.
    guard fstat(fd, &info) == 0 else { throw .unreadable(Self.errnoText()) }
    try Self.requireRegular(info.st_mode)
    let size = Int(info.st_size)
    // A small file is read once: libmagic answers from the bytes (`magic_buffer`) and the
    // refiners look at the same bytes. For a file whole in memory that is libmagic's answer
    // from the descriptor too (it reads the whole file), except where a rule reads from the
    // file's end, which libmagic does only through a descriptor: a ZIP archive after other data
    // (the signature layer's `zip-end-record` reads that record); a test compares both ways on
    // every sample. Empty, larger or changing files are left to `magic_descriptor`.
    var window: FileWindow?
    let sniffed: String
    var bypassed = false
    var softMagicSkipped = false
    // The text layer's finding for `text/plain`, when the text-first stage already made it (``TextFirst``).
    var decidedText: (refinement: Refinement?, confirmation: Refinement?)?
    if size > 0 && size <= Self.bufferedSniffLimit, case let whole = FileWindow(descriptor: fd, size: size), whole.isComplete {
      window = whole
      if let decided = LibmagicShortcuts.type(head: whole.head, size: size) {
        sniffed = decided  // libmagic's answer for these bytes, without libmagic (a test holds them equal)
        bypassed = true
      } else {
        let loaded = try magic()
        func ask(softMagic: Bool) throws(SniffError) -> String {
          let answer = whole.head.withUnsafeBytes { bytes in
            Result { () throws(SniffError) in
              softMagic ? try loaded.mimeType(bytes: bytes) : try loaded.cookie.mimeType(bytes: bytes, softMagic: false)
            }
          }
          return TypePolicy.canonical(try answer.get())
        }
        let quick = textFirst && TextFirst.mayBeText(whole.head) ? try ask(softMagic: false) : nil
        // The text layer's finding on a `text/plain` head, with the window it read.
        var asked: (found: (refinement: Refinement?, confirmation: Refinement?), window: FileWindow)?
        if quick == TextFirst.textAnswer {
          var textWindow = whole
          asked = (Refiner.refine(sniffed: TextFirst.textAnswer, window: &textWindow), textWindow)
        }
        if let quick, TextFirst.settled.contains(quick) {
          sniffed = quick  // checked before soft magic: the full pass says the same
          softMagicSkipped = true
        } else if let asked, let refinement = asked.found.refinement, TextFirst.deciders.contains(refinement.detector) {
          sniffed = TextFirst.textAnswer
          softMagicSkipped = true
          decidedText = asked.found
          window = asked.window
        } else {
          let fromBytes = try ask(softMagic: true)
          // libmagic reads some formats' structure only through a descriptor (its ELF reader
          // tells a position-independent executable from a shared library): ask it that way.
          sniffed =
            Self.descriptorAnswers.contains(fromBytes) ? TypePolicy.canonical(try loaded.cookie.mimeType(descriptor: fd)) : fromBytes
          // Most text the layer did not name is plain text to libmagic too: the layer's finding
          // for that answer is already made (the same detectors, on the same bytes).
          if sniffed == TextFirst.textAnswer, let asked {
            decidedText = asked.found
            window = asked.window
          }
        }
      }
    } else if size >= LibmagicShortcuts.minimumSize,
      let decided = LibmagicShortcuts.type(head: FileWindow.head(of: fd, count: LibmagicShortcuts.headBytes), size: size)
    {
      sniffed = decided
      bypassed = true
    } else {
      sniffed = TypePolicy.canonical(try magic().cookie.mimeType(descriptor: fd))
    }
    guard Refiner.mayRefine(sniffed) || NameRule.openAnswers.contains(sniffed), size > 0 else {
      // The head is read only if the name's candidates ask for their signatures (a kind of the
      // answer: `.cb7` for 7-Zip, `.azw3` for Mobipocket).
      let name = Self.nameChoice(ext, content: sniffed) { window?.head ?? FileWindow(descriptor: fd, size: size).head }
      var report = ContentReport(sniffed: sniffed, size: size, name: name)
      report.withoutLibmagic = bypassed
      report.withoutSoftMagic = softMagicSkipped
      return report
    }
    var refinerWindow = window ?? FileWindow(descriptor: fd, size: size)
    let (refinement, confirmation) =
      decidedText ?? (Refiner.mayRefine(sniffed) ? Refiner.refine(sniffed: sniffed, window: &refinerWindow) : (nil, nil))
    let answer = refinement.map { TypePolicy.canonical($0.type) } ?? sniffed
    let name = Self.nameChoice(
      ext, content: answer, isGuess: refinement.map(Self.isGuess) ?? false, examined: confirmation != nil,
      onlyANameTells: confirmation?.onlyANameTells ?? []) { refinerWindow.head }
    var report = ContentReport(sniffed: sniffed, refinement: refinement, size: size, name: name)
    report.withoutLibmagic = bypassed
    report.withoutSoftMagic = softMagicSkipped
    report.confirmation = refinement == nil ? confirmation : nil
    return report
  }

  /// Whether a refinement is a guess a name may overrule with another text type: a text family
  /// told from telltale lines, or a text type of freedesktop's content rules (keywords, not a
  /// structure: a format's own header, ``NameRule/headerRules``, is no guess).
  static func isGuess(_ refinement: Refinement) -> Bool {
    TextFamilies.telltaleTypes.contains(refinement.type) || TextFamilies.telltaleDetectors.contains(refinement.detector)
      || refinement.detector.hasPrefix("freedesktop-magic") && TypePolicy.isTextType(refinement.type)
        && !NameRule.headerRules.contains(refinement.type)
  }

  /// The name's tie-break (``NameRule``) as a report holds it.
  static func nameChoice(
    _ ext: String?, content: String, isGuess: Bool = false, examined: Bool = false, onlyANameTells: Set<String> = [],
    head: () -> [UInt8]
  ) -> NameChoice? {
    NameRule.choose(
      fileExtension: ext, content: content, isGuess: isGuess, examined: examined, onlyANameTells: onlyANameTells, head: head)
      .map { NameChoice(fileExtension: ext ?? "", type: $0.type, why: $0.why) }
  }

  /// libmagic's answer for a file, canonicalised (`TypePolicy/canonical(_:)`).
  ///
  /// - Parameter path: The file; symbolic links are followed.
  /// - Returns: The MIME type.
  /// - Throws: A ``SniffError`` for a path that is not a readable regular file.
  public func sniffedType(path: String) throws(SniffError) -> String {
    try content(path: path).sniffed
  }

  /// Sniffs a file and decides its effective type against the reported one.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - reportedType: What the sender claimed, as given (normalised here), or `nil`.
  ///   - trust: The reported-type policy.
  /// - Returns: The item, with its payload and provenance.
  /// - Throws: A ``SniffError`` when the file cannot be used.
  public func item(path: String, reportedType: String?, trust: TrustPolicy = .content) throws(SniffError)
    -> ShareItem
  {
    try item(pathBytes: Array(path.utf8), reportedType: reportedType, trust: trust)
  }

  /// Sniffs a file named by raw bytes (as the command line gave them, UTF-8 or not). The
  /// payload's `source` percent-encodes the exact bytes; its `name` shows invalid bytes as U+FFFD.
  package func item(pathBytes: [UInt8], reportedType: String?, trust: TrustPolicy = .content) throws(SniffError)
    -> ShareItem
  {
    let path = String(decoding: pathBytes, as: UTF8.self)
    return try item(
      pathBytes: pathBytes, content: try content(pathBytes: pathBytes, extension: FilePaths.fileExtension(path)),
      reportedType: reportedType, trust: trust)
  }

  /// The item of a file whose content was read.
  func item(pathBytes: [UInt8], content: ContentReport, reportedType: String?, trust: TrustPolicy) throws(SniffError)
    -> ShareItem
  {
    let path = String(decoding: pathBytes, as: UTF8.self)
    let reported = MediaType.normalize(reportedType)
    let name = FilePaths.lastComponent(path)
    let decision = TypePolicy.decide(content, reported: reported, trust: trust)
    let uti = TypeIdentifier.forContent(mimeType: decision.type)
    return ShareItem(
      share: ShareData(isTextShare: false, name: name, source: FilePaths.fileURL(bytes: pathBytes), type: decision.type),
      kind: ItemKind.forContent(uti: uti, mimeType: decision.type), uti: uti, reportedType: reported, sniffedType: content.sniffed,
      typeSource: decision.source, corrected: decision.corrected, reason: decision.reason)
  }

  // MARK: file URLs

  /// The libmagic share-route runs on: its version and the compiled database it loads (`nil`:
  /// libmagic's own default), for `--version` and bug reports.
  package static var libmagic: (version: String, database: String?) {
    (MagicCookie.libraryVersion, MagicCookie.databaseInUse)
  }

  /// Sniffs the file a `file:` URL names and decides its effective type against the reported
  /// one, as ``item(path:reportedType:trust:)`` does for a path.
  ///
  /// - Throws: ``SniffError/unreadable(_:)`` for a URL that is not a `file:` URL, or a
  ///   ``SniffError`` for a file that cannot be used.
  public func item(url: URL, reportedType: String?, trust: TrustPolicy = .content) throws(SniffError) -> ShareItem {
    try item(pathBytes: try FilePaths.pathBytes(of: url), reportedType: reportedType, trust: trust)
  }

  /// What the bytes of the file a `file:` URL names say (``content(path:)``).
  public func content(url: URL) throws(SniffError) -> ContentReport {
    let bytes = try FilePaths.pathBytes(of: url)
    return try content(pathBytes: bytes, extension: FilePaths.fileExtension(String(decoding: bytes, as: UTF8.self)))
  }

  private static func requireRegular(_ mode: mode_t) throws(SniffError) {
    switch mode & S_IFMT {
    case S_IFREG: return
    case S_IFDIR: throw .notRegularFile("a directory")
    case S_IFIFO: throw .notRegularFile("a FIFO")
    case S_IFCHR: throw .notRegularFile("a character device")
    case S_IFBLK: throw .notRegularFile("a block device")
    case S_IFSOCK: throw .notRegularFile("a socket")
    default: throw .notRegularFile("not a regular file")
    }
  }

  private static func errnoText() -> String { String(cString: strerror(errno)) }

  /// A call that needs a file descriptor, tried again while the process has none free
  /// (EMFILE, ENFILE: other workers close theirs in a moment), for at most about 200 ms; the
  /// last result and `errno` are the call's.
  static func retryingDescriptors(_ call: () -> Int32) -> Int32 {
    var result = call()
    var tries = 0
    while result < 0 && (errno == EMFILE || errno == ENFILE) && tries < 100 {
      let saved = errno
      usleep(2_000)
      tries += 1
      errno = saved
      result = call()
    }
    return result
  }
}

/// A content type found by share-route itself where libmagic's answer was weak or wrong.
public struct Refinement: Hashable, Sendable {
  /// The refined content type.
  public var type: String
  /// Why, in a few words, e.g. `its ZIP central directory shows it holds word/document.xml`.
  public var evidence: String
  /// The signature-layer detector that found it (`zip-container`, `7z`, `yaml`, …);
  /// `docs/sniffing.md#the-detectors` lists them.
  public var detector: String
  /// The types the detector knows only a name tells apart (``NameRule``), when it confirmed a
  /// container it could not say more of (an iWork document whose root object cannot be read:
  /// Pages or Numbers).
  package var onlyANameTells: Set<String> = []

  /// Creates a refinement.
  package init(type: String, evidence: String, detector: String) {
    self.type = type
    self.evidence = evidence
    self.detector = detector
  }
}
