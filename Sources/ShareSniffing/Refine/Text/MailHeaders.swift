/// Mail messages (RFC 5322, `message/rfc822`): a block of header fields at the start, as mail
/// programs write them — before YAML, whose `key: value` lines look alike; and the mailboxes and
/// web archives built of them.
extension TextFamilies {
  /// Header fields that mail carries (compared without case).
  static let mailFields: Set<String> = [
    "from", "to", "cc", "bcc", "subject", "date", "message-id", "received", "return-path", "reply-to",
    "delivered-to", "in-reply-to", "references", "sender", "mime-version", "content-type",
    "content-transfer-encoding", "x-mailer", "user-agent", "dkim-signature", "authentication-results",
  ]

  /// Fields that address or identify a message: at least one must be there.
  static let addressFields: Set<String> = [
    "from", "to", "cc", "bcc", "subject", "date", "message-id", "received", "return-path", "reply-to",
    "delivered-to", "in-reply-to", "sender",
  ]

  /// The first fields of a news article as a server stores it (libmagic 5.44's `mail.news` rules).
  static let newsFields = ["Path", "Xref"]

  /// Fields only a message that was sent carries: recipients, its route, its identity.
  static let deliveryFields: Set<String> = [
    "to", "cc", "bcc", "received", "message-id", "delivered-to", "return-path", "in-reply-to", "references", "reply-to",
  ]

  /// The head is a mail header block: from the first line to an empty line (or the end of what
  /// was read), every line is a field `Name: value` (the name capitalised, as mail programs write
  /// it) or a folded continuation; at least two known mail fields, one of them an address or
  /// identity field.
  static func mailHeaders(_ lines: [Substring]) -> Finding? {
    // A mailbox (RFC 4155): each message starts with a "From " line (sender and date), then its headers.
    if let first = lines.first, first.hasPrefix("From "), first.split(separator: " ").count >= 3,
      let message = mailHeaders(Array(lines.dropFirst())), ["message/rfc822", "message/news"].contains(message.type)
    {
      return Finding(type: "application/mbox", evidence: SniffMessages.Evidence.mailbox)
    }
    var known: Set<String> = []
    var fields = 0
    var multipartRelated = false
    for line in lines.prefix(400) {
      if line.isEmpty { break }
      if line.first == " " || line.first == "\t" {
        guard fields > 0 else { return nil }
        continue
      }
      guard let colon = line.firstIndex(of: ":"), let first = line.first, first.isUppercase else { return nil }
      let name = line[..<colon]
      guard !name.isEmpty, name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
      fields += 1
      let lower = name.lowercased()
      if mailFields.contains(lower) { known.insert(lower) }
      if lower == "content-type", line[line.index(after: colon)...].trimmedView().lowercased().hasPrefix("multipart/related") {
        multipartRelated = true
      }
    }
    // A web archive (MHTML, RFC 2557): a MIME document of related parts that no one mailed — no
    // recipient, route or message identity, as browsers and Word save a page.
    if multipartRelated, known.contains("mime-version"), known.isDisjoint(with: deliveryFields) {
      return Finding(type: "application/x-mimearchive", evidence: SniffMessages.Evidence.webArchive)
    }
    guard known.count >= 2, !known.isDisjoint(with: addressFields) else { return nil }
    // A Usenet article as a news server stores it: its first field is the route it took
    // (`Path:`) or where it was filed (`Xref:`), which is how libmagic's and freedesktop's rules
    // tell news (`message/news`, no kind of `message/rfc822` in freedesktop's database).
    if let first = lines.first, let field = newsFields.first(where: { first.hasPrefix($0 + ":") }) {
      return Finding(type: "message/news", evidence: SniffMessages.Evidence.newsArticle(field, known.sorted()))
    }
    return Finding(type: "message/rfc822", evidence: SniffMessages.Evidence.mailHeaders(known.sorted()))
  }
}
