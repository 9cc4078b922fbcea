import ShareVocabulary

/// The one rule for file names: **the bytes decide; a name only breaks a tie.**
///
/// A name may choose a type only when the content answer leaves it open — plain text, unknown
/// binary data, an empty file, a plain ZIP, OLE, XML or JSON container, a text family guessed
/// from telltale lines, or a type freedesktop's database makes the name's type a kind of (TIFF
/// for a camera raw) — and only a type the bytes are consistent with:
/// - **the same kind**: a text type for text, a binary type for binary data, and a kind of the
///   container for a container (`application/vnd.apple.keynote` is a kind of `application/zip`
///   in freedesktop's database, so only a ZIP may be Keynote);
/// - **its structure**: a type built on XML, JSON, ZIP or OLE needs that container, and a type
///   share-route's detectors tell from content (a Word document's directory, an OOXML part, a
///   vCard, a mail header block, an XML dialect's root) is never chosen by name alone — the
///   detectors looked and did not find it;
/// - **its signature**: a binary type, or a text type with a fixed header (``headerText``), that
///   has content rules in freedesktop's database (its own `<magic>`, or its nearest ancestor's)
///   needs one of them to hold (`.mdb` needs "Standard Jet DB", `.wad` needs `IWAD`/`PWAD`, `.crt`
///   needs a PEM or DER certificate);
/// - **one answer**: when several types claim the extension (`.m`: Objective-C and MATLAB, `.sub`:
///   three subtitle formats, `.t`: Perl and troff), the content rules choose among them; a tie
///   that stays a tie decides nothing.
///
/// The candidates are the types freedesktop's globs give the extension at their highest weight,
/// and the UTI table's type (share-route's canonical name for the same format).
enum NameRule {
  /// Content answers a name may refine (canonical names).
  static let openAnswers: Set<String> = [
    "text/plain", "application/octet-stream", "application/x-empty", "application/zip", "application/x-ole-storage",
    "application/xml", "application/json", "text/x-c", "video/x-ms-asf",
  ]

  /// Containers a type can be built on: a type that is a kind of one needs the content to be one.
  static let containers = ["application/xml", "application/json", "application/zip", "application/x-ole-storage"]

  /// Text types with a fixed header: without it, the name does not make a text one of them (a
  /// PostScript file without `EPSF` named `.eps` stays PostScript).
  static let headerText: Set<String> = [
    "message/rfc822", "text/vtt", "audio/x-mpegurl", "application/vnd.apple.mpegurl", "text/calendar", "text/vcard",
    "application/mbox", "application/pgp-keys", "application/x-pem-key", "application/pkix-cert",
    "application/x-x509-ca-cert", "application/pkix-crl", "application/postscript", "image/x-eps", "text/rtf",
  ]

  /// Text types whose content rule in freedesktop's database is the format's own header
  /// (`%!PS-Adobe-… EPSF-`, `%!`, `{\rtf`): a match is no guess a name may overrule (an EPS file
  /// named `.csv` stays EPS). Looser rules (`WEBVTT` also matches `WEBVTTX`) stay guesses.
  static let headerRules: Set<String> = ["application/postscript", "image/x-eps", "text/rtf"]

  /// What a name did.
  struct Outcome: Hashable, Sendable {
    /// The type the name chose, or `nil`.
    var type: String?
    /// Why (for `sniff --explain`): which types claim the extension and what the bytes said.
    var why: String
  }

  /// The type the extension chooses for bytes whose content answer is `content`, or why not;
  /// `nil` when the name was not asked (no extension, or the content answer is not open).
  ///
  /// - Parameters:
  ///   - fileExtension: The name's extension, without the dot.
  ///   - content: The content answer (canonical).
  ///   - isGuess: Whether the content answer is a text family guessed from telltale lines.
  ///   - examined: Whether a detector read the container's structure and found no known
  ///     document in it (then the types it tells from content are ruled out).
  ///   - onlyANameTells: The types that detector knows only a name tells apart (an iWork head:
  ///     Keynote, Numbers or Pages; a whole package whose document cannot be read: Numbers or Pages): each
  ///     fits the bytes.
  ///   - headBytes: The file's first bytes, read only when a candidate's signature is asked.
  static func choose(
    fileExtension: String?, content: String, isGuess: Bool, examined: Bool, onlyANameTells: Set<String> = [],
    head headBytes: () -> [UInt8]
  ) -> Outcome? {
    guard let fileExtension, !fileExtension.isEmpty else { return nil }
    let candidates = Self.candidates(fileExtension)
    // Open: a generic answer, a guess, or a type the name's type is a kind of (a camera raw in
    // TIFF, an Illustrator file in PDF, an Android ringtone in MP4): the name picks among the
    // kinds of what the bytes are.
    guard isGuess || openAnswers.contains(content)
      || candidates.contains(where: { $0 != content && SharedMimeInfo.isKind($0, of: content) })
    else { return nil }
    // No candidate, or the name names what the bytes said: no tie to break.
    let contentName = SharedMimeInfo.unaliased(content)
    guard !candidates.isEmpty else { return nil }
    if candidates.contains(where: { SharedMimeInfo.unaliased($0) == contentName }) {
      return Outcome(type: nil, why: SniffMessages.nameAgrees(fileExtension: fileExtension, content: content))
    }
    let textContent = isGuess || content == "text/plain" || content == "application/x-empty" || content == "text/x-c"
    let containerContent = containers.contains(content)
    var consistent: [(type: String, fits: Bool?)] = []
    var readHead: [UInt8]?
    for type in candidates where type != content {
      guard agrees(type, with: content, textContent: textContent, examined: examined) else { continue }
      // In a container, the type's own rules (if it has any: else the container is its
      // signature); otherwise its own rules or its nearest ancestor's.
      let fits: Bool?
      if onlyANameTells.contains(type) {
        fits = true
      } else {
        let head = readHead ?? headBytes()
        readHead = head
        fits =
          containerContent
          ? SharedMimeInfo.ownRulesFit(type, head: head, within: content) ?? true : SharedMimeInfo.contentFits(type, head: head)
      }
      let isText = TypePolicy.isTextType(type)
      if fits == false && (!isText || containerContent || headerText.contains(type)) { continue }
      if fits == nil && textContent && !isText { continue }  // a textual type without rules: nothing to go on
      consistent.append((type, fits))
    }
    // Among several, the ones the content rules confirm; else the ones that are a kind of the
    // content's guess (`.m` on C-like text: Objective-C, not MATLAB).
    let fitting = consistent.filter { $0.fits == true }
    let kinds = consistent.filter { SharedMimeInfo.isKind($0.type, of: content) }
    let chosen = fitting.count == 1 ? fitting : isGuess && kinds.count == 1 ? kinds : consistent
    guard chosen.count == 1, let type = chosen.first?.type else {
      return Outcome(
        type: nil,
        why: consistent.isEmpty
          ? SniffMessages.nameInconsistent(fileExtension: fileExtension, claims: candidates, content: content)
          : SniffMessages.nameAmbiguous(fileExtension: fileExtension, claims: consistent.map(\.type)))
    }
    return Outcome(type: type, why: SniffMessages.nameChose(fileExtension: fileExtension, type: type, content: content))
  }

  /// The types an extension names: freedesktop's heaviest globs and the UTI table's type, each by
  /// its canonical name, one per format.
  static func candidates(_ fileExtension: String) -> [String] {
    var types: [String] = []
    var seen: Set<String> = []
    func add(_ type: String) {
      // share-route's name for the type; one entry per format (by its UTI or the database's name).
      let canonical = TypePolicy.canonical(type)
      let keys = [TypeIdentifier.forMIMEType(canonical), SharedMimeInfo.unaliased(canonical)].compactMap { $0 }
      guard !keys.contains(where: seen.contains) else { return }
      seen.formUnion(keys)
      types.append(canonical)
    }
    if let uti = TypeIdentifier.forExtension(fileExtension), let type = TypeIdentifier.preferredMIMEType(of: uti) {
      add(type)
    }
    let claims = SharedMimeInfo.claims(forExtension: fileExtension)
    if let heaviest = claims.map(\.weight).max() {
      for claim in claims where claim.weight == heaviest { add(claim.type) }
    }
    return types
  }

  /// Whether a type is of the content's kind and structure.
  static func agrees(_ type: String, with content: String, textContent: Bool, examined: Bool) -> Bool {
    if examined && contentOnly.contains(type) { return false }
    // A type built on a container needs that container.
    for container in containers where type != container && isKind(type, of: container) {
      guard content == container || isKind(content, of: container) else { return false }
    }
    switch content {
    case "application/octet-stream": return !TypePolicy.isTextType(type)
    case _ where textContent:
      return (TypePolicy.isTextType(type) || SharedMimeInfo.isTextual(type)) && !contentOnly.contains(type)
    // A kind of the content of the same kind: freedesktop makes scripts a kind of executable, but
    // a binary executable named `.py` is no Python script.
    default: return isKind(type, of: content) && (!TypePolicy.isTextType(type) || TypePolicy.isTextType(content))
    }
  }

  /// Whether a type is a kind of a container: by freedesktop's sub-class-of relations, by the
  /// UTI tree, or by what share-route's own detectors know is built on it (the formats of a
  /// compound file; Windows Media in ASF).
  static func isKind(_ type: String, of container: String) -> Bool {
    if SharedMimeInfo.isKind(type, of: container) || builtOn[container]?.contains(type) == true { return true }
    guard let uti = TypeIdentifier.forMIMEType(type), let base = TypeIdentifier.forMIMEType(container), uti != base else {
      return false
    }
    return TypeIdentifier.conforms(uti, to: base)
  }

  /// Formats share-route's detectors know are built on a container freedesktop's database does
  /// not relate them to.
  static let builtOn: [String: Set<String>] = [
    "application/x-ole-storage": Set(CompoundFile.formats.map(\.type)),
    "video/x-ms-asf": ["video/x-ms-wmv", "audio/x-ms-wma"],
    "image/png": ["image/apng"],
  ]

  /// Types share-route's detectors tell from content alone (a container's directory, a document's
  /// root element or header): when they did not find one, a name does not make the bytes one.
  static let contentOnly: Set<String> = {
    var types: Set<String> = [
      "application/xml", "application/json", "text/html", "text/vcard", "text/calendar", "message/rfc822", "image/svg+xml", "application/rss+xml", "application/atom+xml",
      "application/xhtml+xml", "application/geo+json", "model/gltf+json", "application/vnd.cyclonedx+json",
      "application/vnd.cyclonedx+xml", "application/gml+xml", "application/owl+xml", "application/epub+zip",
      "application/vnd.android.package-archive", "application/x-ios-app", "application/java-archive",
    ]
    types.formUnion(TextFamilies.xmlDialects.map(\.type))
    types.formUnion(ZipContainer.officeDocuments.flatMap { [$0.type, $0.macroType] })
    types.formUnion(ZipContainer.mainPartTypes.values)
    types.formUnion(ZipContainer.openDocumentByExtension.values)
    types.formUnion(CompoundFile.formats.map(\.type))
    types.insert("application/msword-template")  // its File Information Block's fDot bit
    types.insert("application/vnd.amazon.mobi8-ebook")  // its MOBI header's version
    return types
  }()
}
