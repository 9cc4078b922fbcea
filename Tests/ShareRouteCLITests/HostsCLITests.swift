import Foundation
import Testing

/// Host profiles and captures through the built binary (`docs/hosts.md`): the list, every
/// profile routed, a capture replayed (YAML and logcat), and bad ones refused with their place.
@Suite struct HostsCLITests {
  static let profiles: [String] = {
    guard let result = try? CLI.run(["hosts", "--json"]),
      let object = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
      let hosts = object["hosts"] as? [[String: Any]]
    else { return [] }
    return hosts.compactMap { $0["name"] as? String }
  }()

  /// At least 12 profiles, on both platforms, each with a source that has a URL, an observation
  /// and a summary.
  @Test func theListHasEvidence() throws {
    let result = try CLI.run(["hosts", "--json"])
    #expect(result.status == 0 && result.stderr.isEmpty)
    let object = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let hosts = try #require(object["hosts"] as? [[String: Any]])
    #expect(hosts.count >= 12)
    #expect(Set(hosts.compactMap { $0["platform"] as? String }) == ["ios", "android"])
    for host in hosts {
      let sources = host["sources"] as? [[String: Any]] ?? []
      #expect(!sources.isEmpty && sources.allSatisfy { ($0["url"] as? String)?.hasPrefix("https://") == true }, "\(host["name"] ?? "?")")
      #expect(host["observed"] is String && host["summary"] is String, "\(host["name"] ?? "?")")
    }
    let text = try CLI.run(["hosts", "--platform", "ios"])
    #expect(text.stdout.split(separator: "\n").count == hosts.count { $0["platform"] as? String == "ios" })
  }

  /// Every profile routes alone (its own sample types and values): the answer names the host and
  /// its platform, and an iOS host's share has no Android intent.
  @Test(arguments: profiles)
  func everyProfileRoutes(_ name: String) throws {
    let result = try CLI.run(["--from", name, "--json"])
    #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    let route = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let from = try #require(route["from"] as? [String: Any])
    #expect(from["host"] as? String == name)
    let items = route["items"] as? [Any] ?? []
    #expect(!items.isEmpty)
    if from["platform"] as? String == "ios" {
      #expect(route["intent"] is NSNull)
      #expect(from["extensionItems"] != nil && from["streams"] == nil)
    } else {
      #expect(route["intent"] is [String: Any])
      #expect(from["streams"] != nil && from["extensionItems"] == nil)
    }
  }

  @Test func aLivePhotoIsOneImage() throws {
    let result = try CLI.run(["--from", "photos-live", "samples/photo.heic", "--platform", "ios"])
    #expect(result.status == 0)
    let block = result.stdout.split(separator: "\n").prefix(7).joined(separator: "\n")
    #expect(
      block == """
        items:
          photo.heic  image/heic  image, public.heic, from content
        from: photos-live (ios): a Live Photo from the Photos library, one attachment registering a JPEG, the live photo and a HEIC
          extension item 1:
            attachment 1: photo.heic: registers public.jpeg, com.apple.live-photo, public.heic; counts as file (public.jpeg), image (public.jpeg)
          unknown: the order and types on iOS 17 and later (the observation is from 2019)
          unknown: how several Live Photos are shared (one extension item or several)
        """)
  }

  @Test func aWhatsAppFileReachesTheReceiverWithoutANameOrType() throws {
    let result = try CLI.run(["--from", "whatsapp-file", "samples/report.pdf", "--accepted-only"])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        items:
          content://com.whatsapp.provider.media/item/1  application/pdf  file, com.adobe.pdf, from content
        from: whatsapp-file (android): a file from a WhatsApp chat, a content://com.whatsapp.provider.media stream whose display name and type reach the receiver as null
          stream 1: content://com.whatsapp.provider.media/item/1 carrying report.pdf; the receiver reads name none, type none
          unknown: the action and type WhatsApp sets (a SEND of the file's type is assumed)
          unknown: whether a display name is answered today (a 2018 report found a path in _display_name; null is assumed)
        android intent: SEND application/pdf
          EXTRA_STREAM: content://com.whatsapp.provider.media/item/1
          ClipData: application/pdf {U(content)}, FLAG_GRANT_READ_URI_PERMISSION
        accepted, the pick first:
          1.  Keep           keep
          2.  Chat           chat
          3.  Other apps     other-apps
          4.  Communicator   tensor.communicator
          5.  Disk           tensor.disk
          6.  New Expensify  com.expensify.chat
          7.  PDF Viewer     com.example.pdf
        order: a fresh phone's share sheet (declared orders first, then labels in en order); a used phone ranks by use
        payload:
          {isTextShare: false, name: "", source: "content://com.whatsapp.provider.media/item/1", type: "application/pdf"}

        """)
  }

  /// A capture replays: YAML with its own file, and logcat's START line.
  @Test func capturesReplay() throws {
    let yaml = try CLI.run(["--capture", "samples/hosts/captures/safari-pdf-with-file-url.yaml", "--platform", "ios", "--accepted-only"])
    #expect(yaml.status == 0)
    #expect(yaml.stdout.contains("    attachment 1: report.pdf: registers com.adobe.pdf, public.file-url; counts as file (com.adobe.pdf)\n"))
    let logcat = try CLI.run(["--capture", "samples/hosts/captures/gallery-send.txt", "--json"])
    #expect(logcat.status == 0)
    let route = try #require(JSONSerialization.jsonObject(with: Data(logcat.stdout.utf8)) as? [String: Any])
    let intent = try #require(route["intent"] as? [String: Any])
    #expect(intent["type"] as? String == "image/jpeg")
    let from = try #require(route["from"] as? [String: Any])
    #expect(from["host"] as? String == "gallery-send")
    #expect((from["unknown"] as? [String])?.count == 2)
  }

  /// Bad input: the place and the value, and the exit status of its kind.
  @Test(arguments: [
    (["--from", "photoz"], 64, "share-route: error: no host profile 'photoz' (share-route hosts lists them: "),
    (["--from", "finder", "samples/report.pdf", "samples/photo.jpg"], 64, "share-route: error: 'finder' takes 1 file (or none, for its sample types); 2 given\n"),
    (["--from", "photos", "--text", "hi"], 64, "share-route: error: 'photos' gives the whole share: add files only (for its file slots), not texts, URLs or declared types\n"),
    (["--from", "photos", "--capture", "x.yaml"], 64, "share-route: error: give one host share: --from, --capture or --intent\n"),
    (["--from", "photos", "--each", "samples/photo.jpg"], 64, "share-route: error: --each routes every item as its own share, and --from, --capture and --intent give one whole share: give one of them\n"),
    (["--intent", "Intent { act=android.intent.action.SEND typ=image }"], 65, "share-route: error: intent:1:45: 'image' is not allowed (expected a media type (typ=type/subtype))\n"),
    (["--intent", "act=android.intent.action.SEND bogus"], 65, "share-route: error: intent:1:32: 'bogus' is not allowed (expected 'key=value', '(has extras)' or '}')\n"),
    (["--from", "photos", "--platform", "android"], 64, "share-route: error: 'photos' is a share on ios; it cannot be routed for android (leave out the platform, or give all)\n"),
    (["--capture", "samples/nowhere.yaml"], 65, "share-route: error: samples/nowhere.yaml: cannot read the file ("),
  ])
  func badHostSharesSayWhere(_ arguments: [String], _ status: Int32, _ message: String) throws {
    let result = try CLI.run(arguments)
    #expect(result.status == status)
    #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test func aBadCaptureNamesTheLineAndValue() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hosts-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try "platform: ios\nextensionItems:\n  - attachments:\n      - registeredTypeIdentifiers: [public.url]\n        url: ftp://x/y\n"
      .write(toFile: directory + "/c.yaml", atomically: true, encoding: .utf8)
    let result = try CLI.run(["--capture", directory + "/c.yaml"])
    #expect(result.status == 65)
    #expect(
      result.stderr
        == "share-route: error: \(directory)/c.yaml:5:14: extensionItems[0].attachments[0].url: 'ftp://x/y' is not allowed (expected an http or https URL)\n")
  }

  /// A check case asking for the other platform than its host's fails alone, with its place.
  @Test func aCaseForTheOtherPlatformFailsAlone() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hosts-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let root = FileManager.default.currentDirectoryPath
    try """
      manifests: [\(root)/samples/hosts/manifests]
      cases:
        - name: conflict
          from: photos
          platform: android
          expect:
            accept: [anything]
        - name: finder
          from: finder
          files: [\(root)/samples/report.pdf]
          expect:
            accept: [document-inbox]

      """.write(toFile: directory + "/e.yaml", atomically: true, encoding: .utf8)
    let result = try CLI.run(["check", directory + "/e.yaml"])
    #expect(result.status == 1)
    #expect(
      result.stdout
        == "\(directory)/e.yaml:3:5: conflict: 'photos' is a share on ios; it cannot be routed for android (leave out the platform, or give all)\n1 passed, 1 failed\n")
  }

  /// The public cases, and a host's share in batch and matrix.
  @Test func publicCasesBatchAndMatrix() throws {
    let check = try CLI.run(["check", "samples/hosts/expectations.yaml"])
    #expect(check.status == 0)
    #expect(check.stdout == "14 passed, 0 failed\n")
    let batch = try BatchCLITests.batch(
      "{\"id\":\"a\",\"from\":\"maps\"}\n{\"id\":\"b\",\"from\":\"photoz\"}\n{\"id\":\"c\",\"from\":\"photos\",\"items\":[{\"text\":\"x\"}]}\n"
        + "{\"id\":\"d\",\"from\":\"photos\",\"platform\":\"android\"}\n",
      ["--accepted-only"])
    let lines = batch.stdout.split(separator: "\n").map(String.init)
    try #require(lines.count == 4)
    #expect(lines[0].hasPrefix(#"{"schemaVersion":1,"id":"a","source":null,"from":{"host":"maps","platform":"ios""#))
    #expect(lines[1].hasPrefix(#"{"schemaVersion":1,"line":2,"id":"b","errors":[{"code":"invalid-request","message":"line 2: no host profile 'photoz'"#))
    #expect(
      lines[2]
        == #"{"schemaVersion":1,"line":3,"id":"c","errors":[{"code":"invalid-request","message":"line 3: 'photos' gives the whole share: add files only (for its file slots), not texts, URLs or declared types"}]}"#)
    #expect(
      lines[3]
        == #"{"schemaVersion":1,"line":4,"id":"d","errors":[{"code":"invalid-request","message":"line 4: 'photos' is a share on ios; it cannot be routed for android (leave out the platform, or give all)"}]}"#)
    #expect(batch.status == 65)
    let matrix = try CLI.run(["matrix", "--from", "finder", "--from", "whatsapp-file", "samples/report.pdf"])
    #expect(matrix.status == 0)
    let rows = matrix.stdout.split(separator: "\n").map(String.init)
    let finder = try #require(rows.first { $0.hasPrefix("from finder: samples/report.pdf") })
    let whatsapp = try #require(rows.first { $0.hasPrefix("from whatsapp-file: samples/report.pdf") })
    // An iOS host's row has no Android cells, an Android host's no iOS cells.
    let header = rows[0].split(separator: " ", omittingEmptySubsequences: true)
    let finderCells = finder.split(separator: " ", omittingEmptySubsequences: true).suffix(header.count - 2)
    let whatsappCells = whatsapp.split(separator: " ", omittingEmptySubsequences: true).suffix(header.count - 2)
    for (column, cell) in zip(header.dropFirst(2), finderCells) where column.hasPrefix("a") { #expect(cell == "-") }
    for (column, cell) in zip(header.dropFirst(2), whatsappCells) where column.hasPrefix("i") { #expect(cell == "-") }
  }
}
