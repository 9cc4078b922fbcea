import Testing

@testable import ShareRouting

/// The share intent a sender builds (`Intent.ACTION_SEND` / `ACTION_SEND_MULTIPLE` javadoc,
/// androidx `ShareCompat.IntentBuilder.getIntent`): the files are the streams and decide the action
/// and type; texts and URLs ride as one `EXTRA_TEXT`, never as streams; texts alone are
/// `SEND text/plain` ("If using EXTRA_TEXT, the MIME type should be text/plain").
@Suite struct ShareIntentTests {
  /// One item of a case: a stream of a type, a text, a URL, or a declared link.
  enum Part: Sendable, CustomStringConvertible {
    case stream(String)
    case text(String)
    case url(String)
    case declaredLink

    var description: String {
      switch self {
      case .stream(let type): type
      case .text(let text): "text '\(text)'"
      case .url(let url): "url \(url)"
      case .declaredLink: "uti public.url"
      }
    }

    func item() throws -> ShareItem {
      switch self {
      case .stream(let type): try ShareItem.declared(mimeType: type)
      case .text(let text): try ShareItem.text(text)
      case .url(let url): try ShareItem.url(url)
      case .declaredLink: ShareItem.declared(uti: "public.url")
      }
    }
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let parts: [Part]
    let action: String
    let type: String
    let text: String?
    var testDescription: String { parts.map(\.description).joined(separator: " + ") }
  }

  static let cases: [Case] = [
    // One stream: SEND of its type (ShareCompat: one stream → ACTION_SEND + EXTRA_STREAM).
    Case(parts: [.stream("image/jpeg")], action: "SEND", type: "image/jpeg", text: nil),
    // A photo and its caption: still one stream; the caption is EXTRA_TEXT.
    Case(parts: [.stream("image/jpeg"), .text("caption")], action: "SEND", type: "image/jpeg", text: "caption"),
    // The caption first: the order of the items does not make it a stream.
    Case(parts: [.text("caption"), .stream("image/jpeg")], action: "SEND", type: "image/jpeg", text: "caption"),
    // Two photos and a caption: SEND_MULTIPLE of the common type (share_plus reduceMimeTypes).
    Case(
      parts: [.stream("image/jpeg"), .stream("image/png"), .text("caption")], action: "SEND_MULTIPLE",
      type: "image/*", text: "caption"),
    Case(parts: [.stream("image/jpeg"), .stream("image/jpeg")], action: "SEND_MULTIPLE", type: "image/jpeg", text: nil),
    Case(parts: [.stream("image/jpeg"), .stream("application/pdf")], action: "SEND_MULTIPLE", type: "*/*", text: nil),
    // A PDF and a link: SEND application/pdf, the link in EXTRA_TEXT.
    Case(
      parts: [.stream("application/pdf"), .url("https://example.org/a")], action: "SEND", type: "application/pdf",
      text: "https://example.org/a"),
    // Texts and URLs alone: SEND text/plain, one EXTRA_TEXT, one line each in share order.
    Case(parts: [.text("hi")], action: "SEND", type: "text/plain", text: "hi"),
    Case(parts: [.url("https://example.org/a")], action: "SEND", type: "text/plain", text: "https://example.org/a"),
    Case(
      parts: [.text("see you at 8"), .url("https://example.org/a")], action: "SEND", type: "text/plain",
      text: "see you at 8\nhttps://example.org/a"),
    Case(parts: [.text("a"), .text("b"), .text("c")], action: "SEND", type: "text/plain", text: "a\nb\nc"),
    // A declared link is a URL item without a value: EXTRA_TEXT is there, empty.
    Case(parts: [.declaredLink], action: "SEND", type: "text/plain", text: ""),
    // A declared text file (text/plain as a stream) is a stream, not EXTRA_TEXT.
    Case(parts: [.stream("text/plain"), .stream("text/plain")], action: "SEND_MULTIPLE", type: "text/plain", text: nil),
  ]

  @Test(arguments: cases)
  func shareIntent(_ testCase: Case) throws {
    let intent = AndroidIntent.share(try testCase.parts.map { try $0.item() })
    #expect(intent.action == "android.intent.action." + testCase.action)
    #expect(intent.type == testCase.type)
    #expect(intent.extras.text == testCase.text)
    #expect(intent.categories == [IntentFilter.defaultCategory])
    #expect(intent.data == nil)
    // Filters never see the extras.
    #expect(intent.matchKey.extras.isEmpty && intent.matchKey.type == intent.type)
  }

  /// New Expensify takes SEND only: a photo with a caption reaches it on Android, two photos do not.
  @Test func aCaptionDoesNotMakeASendMultiple() throws {
    let expensify = HandlerManifest(
      id: "com.expensify.chat", label: "New Expensify",
      intentFilters: [try IntentFilter(actions: [IntentFilter.actionSend], categories: [IntentFilter.defaultCategory], mimeTypes: ["*/*"])])
    let router = Router(handlers: [expensify])
    let photo = try ShareItem.declared(mimeType: "image/jpeg")
    let withCaption = try router.route(items: [photo, try ShareItem.text("caption")], platform: .android)
    #expect(withCaption.pick == "com.expensify.chat")
    let twoPhotos = try router.route(items: [photo, photo, try ShareItem.text("caption")], platform: .android)
    #expect(twoPhotos.pick == nil)
    #expect(twoPhotos.rejected.first?.reasons.map(\.code) == [.noMatchAction])
  }

  /// An empty text or URL is no share data.
  @Test(arguments: ["text", "url"])
  func emptyTextsAndURLsAreNotItems(_ kind: String) {
    #expect(throws: ShareItemError.empty(kind == "url" ? .url : .text)) {
      _ = kind == "url" ? try ShareItem.url("") : try ShareItem.text("")
    }
  }
}
