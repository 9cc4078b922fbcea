/// Text formats that declare themselves in a line of their own, which libmagic 5.44 does not
/// know: PlantUML diagrams (`@startuml` … `@enduml`), SPDX tag-value documents
/// (`SPDXVersion: SPDX-2.3`), proxy auto-config scripts (`function FindProxyForURL(url, host)`),
/// ASCII STL models (`solid`, then `facet normal`), Excellon drill files (`M48`, then the header),
/// X11's text images (XPM2, XBM), DXF drawings and Dockerfiles (`FROM` and an image first).
extension TextFamilies {
  /// A DXF drawing in its text form: the file is group-code/value pairs, and the first group
  /// (after any `999` comments) is code 0 with the value `SECTION` (AutoCAD's DXF Reference,
  /// "DXF File Structure"), however the writer pads and ends its lines.
  static func dxf(_ lines: [Substring]) -> Finding? {
    var pairs = lines.prefix(40).lazy.map { $0.trimmedView() }.makeIterator()
    while let code = pairs.next() {
      guard let value = pairs.next() else { return nil }
      if code == "999" { continue }
      guard code == "0", value == "SECTION" else { return nil }
      return Finding(type: "image/vnd.dxf", evidence: SniffMessages.Evidence.dxfSection)
    }
    return nil
  }

  /// An Excellon drill file (IPC-NC-349): `M48` on the first line starts the header, and a header
  /// line follows — units (`METRIC`, `INCH`), a tool (`T1C0.8`), a comment, or the header's end
  /// (`%`, `M95`). (freedesktop's MPSub rule, `FORMAT=` anywhere in the first 256 bytes, takes the
  /// `;FORMAT={…}` comment KiCad writes for subtitles.)
  static func excellon(_ lines: [Substring]) -> Finding? {
    guard lines.first?.trimmedView() == "M48" else { return nil }
    guard let next = lines.dropFirst().lazy.map({ $0.trimmedView() }).first(where: { !$0.isEmpty }) else { return nil }
    let tool = next.hasPrefix("T") && next.dropFirst().prefix { $0.isNumber }.count > 0
    guard tool || next.hasPrefix(";") || next.hasPrefix("METRIC") || next.hasPrefix("INCH") || next == "%" || next == "M95"
      || next.hasPrefix("FMAT") || next.hasPrefix("M71") || next.hasPrefix("M72")
    else { return nil }
    return Finding(type: "application/x-excellon", evidence: SniffMessages.Evidence.excellon)
  }

  /// X11 images written as text: an XPM2 pixmap (its first line is `! XPM2`, freedesktop's rule
  /// for it, which asks for a type more than text), or an X bitmap (`#define NAME_width N`,
  /// `#define NAME_height N`, then `static … char NAME_bits[] = {`, as XBM files and
  /// `XWriteBitmapFile` write them; C source that includes one is the bitmap too).
  static func x11Image(_ lines: [Substring]) -> Finding? {
    if lines.first?.trimmedView() == "! XPM2" {
      return Finding(type: "image/x-xpixmap", evidence: SniffMessages.Evidence.xpm2)
    }
    let content = lines.prefix(8).lazy.map { $0.trimmedView() }.filter { !$0.isEmpty }
    guard let width = content.first, width.hasPrefix("#define "), width.last?.isNumber == true else { return nil }
    let name = width.dropFirst("#define ".count).prefix { !$0.isWhitespace }
    guard name.hasSuffix("_width") else { return nil }
    let stem = name.dropLast("_width".count)
    let rest = content.dropFirst().filter { !$0.hasPrefix("#define \(stem)_x_hot") && !$0.hasPrefix("#define \(stem)_y_hot") }
    guard let height = rest.first, height.hasPrefix("#define \(stem)_height "), let bits = rest.dropFirst().first,
      bits.hasPrefix("static "), bits.includes(" \(stem)_bits[] = {")
    else { return nil }
    return Finding(type: "image/x-xbitmap", evidence: SniffMessages.Evidence.xbm)
  }

  /// An ASCII STL model: its first line is `solid` (and a name), and its first facet follows
  /// (`facet normal`), or the model ends at once (`endsolid`).
  static func asciiSTL(_ lines: [Substring]) -> Finding? {
    let content = lines.lazy.map { $0.trimmedSpaces() }.filter { !$0.isEmpty }
    guard let first = content.first, first == "solid" || first.hasPrefix("solid ") else { return nil }
    guard let next = content.dropFirst().first, next.hasPrefix("facet normal ") || next.hasPrefix("endsolid") else { return nil }
    return Finding(type: "model/stl", evidence: SniffMessages.Evidence.asciiSTL)
  }

  /// A PlantUML source: its first line that is not blank is `@start<kind>` (`@startuml`,
  /// `@startmindmap`, `@startgantt`, …), and a later line ends it (`@end<kind>`); a head cut
  /// short need only go on after the start.
  static func plantUML(_ lines: [Substring], isComplete: Bool) -> Finding? {
    let content = lines.lazy.map { $0.trimmedSpaces() }.filter { !$0.isEmpty && !$0.hasPrefix("'") }
    guard let first = content.first, first.hasPrefix("@start") else { return nil }
    let kind = first.dropFirst("@start".count).prefix { $0.isASCII && $0.isLowercase }
    let rest = first.dropFirst("@start".count + kind.count)
    guard !kind.isEmpty, rest.isEmpty || rest.first == " " || rest.first == "(" else { return nil }
    let ended = content.dropFirst().contains { $0 == "@end" + kind || $0.hasPrefix("@end\(kind) ") }
    guard ended || (!isComplete && content.dropFirst().first != nil) else { return nil }
    return Finding(type: "text/vnd.plantuml", evidence: SniffMessages.Evidence.plantUML(String(kind)))
  }

  /// An SPDX document in tag-value form: an `SPDXVersion: SPDX-<n>` line and a `DataLicense:`
  /// or `SPDXID: SPDXRef-DOCUMENT` line among its first tags (SPDX 2.3, "Document Creation
  /// Information").
  static func spdxTagValue(_ lines: [Substring]) -> Finding? {
    let tags = lines.lazy.map { $0.trimmedSpaces() }.filter { !$0.isEmpty && !$0.hasPrefix("#") }.prefix(12)
    guard let version = tags.first(where: { $0.hasPrefix("SPDXVersion:") }),
      version.dropFirst("SPDXVersion:".count).trimmedSpaces().hasPrefix("SPDX-"),
      tags.contains(where: { $0.hasPrefix("DataLicense:") || $0.hasPrefix("SPDXID: SPDXRef-DOCUMENT") })
    else { return nil }
    return Finding(type: "text/spdx", evidence: SniffMessages.Evidence.spdxTagValue)
  }

  /// A proxy auto-config script: JavaScript that defines `FindProxyForURL(url, host)`, the
  /// function a browser calls (Netscape's PAC format).
  static func proxyAutoConfig(_ lines: [Substring]) -> Finding? {
    for line in lines.prefix(400) {
      let text = line.trimmedSpaces()
      guard text.hasPrefix("function"), let name = text.range(of: "FindProxyForURL") else { continue }
      let between = text[text.index(text.startIndex, offsetBy: "function".count)..<name.lowerBound]
      let after = text[name.upperBound...].drop { $0 == " " }
      guard between.allSatisfy({ $0 == " " || $0 == "\t" }), !between.isEmpty, after.first == "(" else { continue }
      return Finding(type: "application/x-ns-proxy-autoconfig", evidence: SniffMessages.Evidence.proxyAutoConfig)
    }
    return nil
  }
}

extension TextFamilies {
  /// Dockerfile instructions (Docker's Dockerfile reference), upper case as Dockerfiles write
  /// them (the reference allows any case; a lower-case one is left as text).
  static let dockerInstructions: Set<String> = [
    "FROM", "RUN", "CMD", "LABEL", "MAINTAINER", "EXPOSE", "ENV", "ADD", "COPY", "ENTRYPOINT", "VOLUME", "USER",
    "WORKDIR", "ARG", "ONBUILD", "STOPSIGNAL", "HEALTHCHECK", "SHELL",
  ]

  /// A Dockerfile (or Podman's Containerfile): every instruction line starts with an instruction
  /// and its arguments, and the first is `FROM` and an image (after `ARG` lines and parser
  /// directives). Comments, blank lines, `\` continuations and heredocs (`RUN <<EOF` … `EOF`) are
  /// skipped, as Docker's parser skips them.
  static func dockerfile(_ lines: [Substring]) -> Finding? {
    var sawFrom = false
    var continued = false
    var heredoc: Substring?
    for raw in lines.prefix(400) {
      let line = raw.trimmedView()
      if let end = heredoc {
        if line == end { heredoc = nil }
        continue
      }
      if continued {
        // Docker's parser skips comments and blank lines inside a continuation.
        if !line.isEmpty, !line.hasPrefix("#") { continued = line.hasSuffix("\\") }
        continue
      }
      if line.isEmpty || line.hasPrefix("#") { continue }
      // The instruction, read as bytes: most text fails on its first word.
      // Upper case, as Dockerfiles are written: Docker reads any case, but "from mum / add eggs"
      // is a note.
      let letters = line.utf8.prefix { (0x41...0x5A).contains($0) }
      guard (3...11).contains(letters.count), letters.count < line.utf8.count else { return nil }
      let instruction = String(decoding: letters, as: UTF8.self)
      guard dockerInstructions.contains(instruction) else { return nil }
      guard line.dropFirst(letters.count).first?.isWhitespace == true else { return nil }
      // FROM first, naming an image; only ARG may come before it.
      if !sawFrom {
        guard instruction == "FROM" || instruction == "ARG" else { return nil }
        if instruction == "FROM" {
          guard isDockerFrom(line.dropFirst(letters.count)) else { return nil }
          sawFrom = true
        }
      }
      continued = line.hasSuffix("\\")
      if let marker = line.range(of: "<<") {
        let tag = line[marker.upperBound...].drop { $0 == "-" }.prefix { !$0.isWhitespace }
        let name = tag.filter { $0 != "\"" && $0 != "'" }
        if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { heredoc = Substring(name) }
      }
    }
    guard sawFrom else { return nil }
    return Finding(type: "text/x-dockerfile", evidence: SniffMessages.Evidence.dockerfile)
  }

  /// Whether what follows `FROM` names an image: `--flag=value` options (`--platform=…`), one
  /// image reference (no spaces; a registry, a path, a `:tag` or `@digest`, `${ARG}`
  /// substitutions), and optionally `AS name`.
  static func isDockerFrom(_ rest: Substring) -> Bool {
    var words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
    while let option = words.first, option.hasPrefix("--"), option.contains("=") { words = words.dropFirst() }
    guard let image = words.first,
      image.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-/:@${}".contains($0)) })
    else { return false }
    // A repository's name is lower case (Docker's reference grammar); only a tag or a digest,
    // after its last `/`, may hold capitals ("From Tokyo" is a note, not a Dockerfile).
    let repository = image.split(separator: "@").first?.split(separator: "/").last?.split(separator: ":").first ?? ""
    guard image.contains("$") || !repository.contains(where: { $0.isUppercase }),
      !image.split(separator: "/").dropLast().contains(where: { $0.contains(where: { $0.isUppercase }) && !$0.contains("$") })
    else { return false }
    let after = words.dropFirst()
    return after.isEmpty || (after.count == 2 && after.first?.uppercased() == "AS")
  }
}
