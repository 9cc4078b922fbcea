import Foundation

/// Markup: SVG, HTML, XHTML, RSS, Atom, the XML dialects (``xmlDialects``) and XML by their first element.
extension TextFamilies {
  static let htmlElements: Set<String> = [
    "html", "head", "body", "div", "p", "span", "a", "b", "i", "em", "strong", "table", "tr", "td", "th",
    "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6", "img", "br", "hr", "meta", "link", "script",
    "style", "title", "section", "article", "nav", "header", "footer", "main", "form", "input",
    "button", "pre", "code", "blockquote", "iframe", "center", "font",
  ]

  /// The markup family from the prolog and the root element.
  static func markup(_ bytes: [UInt8]) -> Finding? {
    var index = skipSpace(bytes, 0)
    guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return nil }
    var declaration = false
    var doctype: String?
    while index < bytes.count, bytes[index] == UInt8(ascii: "<") {
      if bytes.has("<?".bytes, at: index) {
        if bytes.has("<?xml".bytes, at: index) { declaration = true }
        guard let end = bytes.firstIndex(of: "?>".bytes, from: index) else { return nil }
        index = skipSpace(bytes, end + 2)
      } else if bytes.has("<!--".bytes, at: index) {
        guard let end = bytes.firstIndex(of: "-->".bytes, from: index + 4) else { return nil }
        index = skipSpace(bytes, end + 3)
      } else if bytes.has("<!".bytes, at: index) {
        let word = asciiWord(bytes, from: index + 2)
        guard word.uppercased() == "DOCTYPE" else { return nil }
        doctype = asciiWord(bytes, from: skipSpace(bytes, index + 2 + word.count)).lowercased()
        let close = bytes.firstIndex(of: [UInt8(ascii: ">")], from: index) ?? bytes.count
        let subset = bytes.firstIndex(of: [UInt8(ascii: "[")], from: index) ?? bytes.count
        let end = subset < close ? (bytes.firstIndex(of: "]>".bytes, from: subset) ?? bytes.count) + 1 : close
        index = skipSpace(bytes, end + 1)
      } else {
        break
      }
    }
    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "<") else { return nil }
    let name = asciiWord(bytes, from: index + 1)
    guard let first = name.unicodeScalars.first, first.properties.isAlphabetic else { return nil }
    let local = String(name.split(separator: ":").last ?? "").lowercased()
    let tagEnd = bytes.firstIndex(of: [UInt8(ascii: ">")], from: index) ?? min(bytes.count, index + 4096)
    let tag = String(decoding: bytes[index..<tagEnd], as: UTF8.self)
    if let dialect = xmlDialect(name: name, tag: tag, head: bytes) { return dialect }
    switch local {
    case "svg":
      return Finding(type: "image/svg+xml", evidence: SniffMessages.Evidence.itsRootElementIsSvg)
    case "rss":
      return Finding(type: "application/rss+xml", evidence: SniffMessages.Evidence.itsRootElementIsRss)
    case "rdf" where tag.includes("purl.org/rss"):
      return Finding(type: "application/rss+xml", evidence: SniffMessages.Evidence.itsRootElementIsAnRss)
    case "feed" where tag.includes("http://www.w3.org/2005/Atom"):
      return Finding(type: "application/atom+xml", evidence: SniffMessages.Evidence.itsRootElementIsAnAtom)
    case "html":
      if tag.includes("http://www.w3.org/1999/xhtml"), declaration || (doctype == "html" && tag.includes("xml:lang")) {
        return Finding(type: "application/xhtml+xml", evidence: SniffMessages.Evidence.anXmlDocumentWithAnXhtml)
      }
      return Finding(type: "text/html", evidence: SniffMessages.Evidence.itsRootElementIsHtml)
    default:
      break
    }
    if doctype == "html" { return Finding(type: "text/html", evidence: SniffMessages.Evidence.itDeclaresDoctypeHtml) }
    // freedesktop's <root-XML> rules for the roots share-route's own rules above do not know.
    if let type = SharedMimeInfo.rootXMLType(
      namespace: namespace(of: name, in: tag), localName: String(name.split(separator: ":").last ?? ""))
    {
      return Finding(type: type, evidence: SniffMessages.Evidence.freedesktopRoot(name))
    }
    if !declaration && htmlElements.contains(local) {
      return Finding(type: "text/html", evidence: SniffMessages.Evidence.htmlElement(local))
    }
    if declaration { return Finding(type: "application/xml", evidence: SniffMessages.Evidence.itStartsWithAnXmlDeclaration) }
    if bytes.firstIndex(of: "</\(name)>".bytes, from: tagEnd) != nil {
      return Finding(type: "application/xml", evidence: SniffMessages.Evidence.closedRoot(name))
    }
    return nil
  }

  /// The namespace of an element from its start tag: its prefix's `xmlns:p`, or the default
  /// `xmlns`; `nil` when the tag declares none.
  static func namespace(of name: String, in tag: String) -> String? {
    let parts = name.split(separator: ":")
    return attributeValue(parts.count == 2 ? "xmlns:\(parts[0])" : "xmlns", in: tag)
  }

  /// The value of the attribute `name` in a start tag (`name="value"` or `name='value'`, its
  /// first occurrence), or `nil`.
  static func attributeValue(_ name: String, in tag: String) -> String? {
    guard let start = tag.range(of: name + "=") else { return nil }
    let rest = tag[start.upperBound...]
    guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
    let value = rest.dropFirst()
    guard let end = value.firstIndex(of: quote) else { return nil }
    return String(value[..<end])
  }

  static func skipSpace(_ bytes: [UInt8], _ start: Int) -> Int {
    var index = start
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    return index
  }

  /// Name characters from `start` (letters, digits, `:`, `-`, `_`, `.`).
  static func asciiWord(_ bytes: [UInt8], from start: Int) -> String {
    var end = start
    while end < bytes.count, end - start < 64 {
      let byte = bytes[end]
      let isName =
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
        || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        || byte == UInt8(ascii: ".")
      guard isName else { break }
      end += 1
    }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}
