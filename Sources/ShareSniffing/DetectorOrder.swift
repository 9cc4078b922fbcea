/// How share-route decides a file's type, in one place: every stage in the order it runs, when it
/// runs (before libmagic, libmagic itself, after libmagic, after every detector), and why it sits
/// where it does. `Sniffer.content` runs the stages in this order; ``SignatureTable/entries`` is
/// the after-libmagic stages' detectors in this order; `docs/architecture.md#detector-order`
/// lists the stages, and a test holds that list to this table.
enum DetectorOrder {
  /// When a stage runs.
  enum When: String, Sendable {
    case beforeLibmagic = "before libmagic"
    case libmagic = "libmagic"
    case afterLibmagic = "after libmagic"
    case afterDetectors = "after every detector"
  }

  /// One stage of the order.
  struct Stage: Sendable {
    /// The stage's name, as the documentation lists it.
    let name: String
    let when: When
    /// Why the stage sits where it does.
    let why: String
    /// The detectors of an after-libmagic stage, in the order tried (each names itself in an
    /// item's reason); empty for the other stages.
    var detectors: [Signature] = []
  }

  static let stages: [Stage] = [
    Stage(
      name: "libmagic-shortcuts", when: .beforeLibmagic,
      why: "where libmagic's answer follows from the first bytes alone (PNG, JPEG, GIF, PDF, WebP, gzip, FLAC, "
        + "ISO media by brand, MP3 after ID3, Ogg, WAV, AVI, AIFF, Matroska, BMP, TIFF, 7z, xz, zstd, bzip2), "
        + "that answer without libmagic's rule walk; a differential test holds it equal"),
    Stage(
      name: "text-first", when: .beforeLibmagic,
      why: "text whose format share-route's text layer names needs only libmagic's cheap checks (encoding, JSON, "
        + "CSV), not its soft-magic rules; anything the text families do not name runs libmagic's full pass (TextFirst)"),
    Stage(
      name: "libmagic", when: .libmagic,
      why: "the reference answer for everything else, its aliases made one canonical name"),
    Stage(
      name: "byte-signatures", when: .afterLibmagic,
      why: "a magic that leaves no doubt outranks whatever libmagic made of a few bytes",
      detectors: ByteSignatures.entries.map(\.signature)),
    Stage(
      name: "structures", when: .afterLibmagic,
      why: "a container's own directory (OLE, ZIP, ISO boxes, ASF) is more exact than any signature or text rule",
      detectors: SignatureTable.structures),
    Stage(
      name: "text-structures", when: .afterLibmagic,
      why: "text parsed as a structure (a #! line, markup, vCard, iCalendar, mail, JSON) is exact, so before "
        + "freedesktop's keyword rules",
      detectors: TextFamilies.structural.map(\.signature)),
    Stage(
      name: "freedesktop-strong", when: .afterLibmagic,
      why: "freedesktop's content rules of priority 50 and up are explicit signatures, so before telltale guesses",
      detectors: [SignatureTable.freedesktopMagic("freedesktop-magic", priorities: 50...100)]),
    Stage(
      name: "text-telltales", when: .afterLibmagic,
      why: "text told from telltale lines (Markdown, code, SQL, CSS, TOML, CSV, YAML) is a guess a name may overrule",
      detectors: TextFamilies.heuristic.map { $0.signature(replacing: TextFamilies.libmagicAnswers.subtracting(TextFamilies.keptFromGuesses)) }),
    Stage(
      name: "freedesktop-weak", when: .afterLibmagic,
      why: "freedesktop's rules below priority 50 are keywords: for unknown binary data only, weaker than plain text",
      detectors: [
        SignatureTable.freedesktopMagic("freedesktop-magic-weak", priorities: 0...49, replaces: ["application/octet-stream"])
      ]),
    Stage(
      name: "report", when: .afterDetectors,
      why: "a sender's report the bytes allow is kept before any name is read (TypePolicy)"),
    Stage(
      name: "name", when: .afterDetectors,
      why: "a name only breaks a tie the bytes left, with a type the bytes are consistent with (NameRule)"),
  ]
}
