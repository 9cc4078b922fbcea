import Foundation
import Testing

@testable import ShareArchives
@testable import ShareRouting

private let repository = String(#filePath).components(separatedBy: "/Tests/").dropLast().joined(separator: "/Tests/")
private let samples = repository + "/samples"
private let artifacts = samples + "/artifacts"

/// The handlers of a load with their origins blanked (a source file and an artifact differ there
/// by design), by id.
private func handlers(_ paths: [String], locale: String? = nil) -> (handlers: [String: HandlerManifest], errors: [String]) {
  let set = ManifestLoader.load(paths: paths, options: ImportOptions(locale: locale))
  var byID: [String: HandlerManifest] = [:]
  for var handler in set.handlers {
    handler.origin = ""
    // The shortcuts file is a member of the artifact, with no lines.
    for index in handler.directShareTargets.indices {
      handler.directShareTargets[index].file = ""
      handler.directShareTargets[index].location = nil
    }
    byID[handler.id] = handler
  }
  return (byID, set.errors.map(\.description))
}

/// The bytes of one member of a committed artifact.
private func member(_ artifact: String, _ name: String) throws -> [UInt8] {
  let archive = try ZipArchive(path: artifacts + "/" + artifact)
  let entry = try #require(archive.entry(name))
  return try archive.read(entry, limit: 1 << 20)
}

@Suite struct ArtifactTests {
  /// Artifacts built from the sample projects (samples/artifacts/make-artifacts.sh) and the
  /// source trees they were built from: the same handlers, ids, labels, filters and rules.
  static let pairs: [(artifact: String, source: String, locale: String?, platform: String)] = [
    ("browser.apk", "projects/browser", nil, "android"),
    ("browser.aab", "projects/browser", nil, "android"),
    ("chat.apk", "projects/chat/android", nil, "android"),
    ("chat.apk", "projects/chat/android", "de", "android"),
    ("chat.apk", "projects/chat/android", "de-AT", "android"),
    ("browser.aab", "projects/browser", "de", "android"),
    ("media.apk", "projects/media", nil, "android"),
    ("Chat.ipa", "projects/chat/ios", nil, "ios"),
    ("PhotoBox.app", "projects/photos-ios", nil, "ios"),
    ("PhotoBox.app/PlugIns/PhotoBox.appex", "projects/photos-ios", nil, "ios"),
  ]

  @Test(arguments: pairs)
  func artifactMatchesItsSourceTree(_ pair: (artifact: String, source: String, locale: String?, platform: String)) throws {
    let built = handlers([artifacts + "/" + pair.artifact], locale: pair.locale)
    let source = handlers([samples + "/" + pair.source], locale: pair.locale)
    #expect(built.errors == [])
    #expect(source.errors == [])
    #expect(!built.handlers.isEmpty)
    #expect(built.handlers.keys.sorted() == source.handlers.keys.sorted())
    for (id, handler) in built.handlers {
      #expect(handler == source.handlers[id], "\(id)")
      #expect(handler.guessed == [], "an artifact leaves nothing to guess: \(id)")
      #expect((handler.intentFilters != nil) == (pair.platform == "android"))
    }
  }

  /// Labels of a locale: the APK's and the App Bundle's string resources, an extension's
  /// `<locale>.lproj/InfoPlist.strings`, with Android's and Apple's fallbacks.
  @Test(arguments: [
    ("chat.apk", nil, "org.example.chat/.share.ShareActivity", "Send in a chat"),
    ("chat.apk", "de", "org.example.chat/.share.ShareActivity", "In einem Chat senden"),
    ("chat.apk", "de-rAT", "org.example.chat/.share.PostStatusAlias", "Als Status posten"),
    ("chat.apk", "fr", "org.example.chat/.share.ShareActivity", "Send in a chat"),
    ("Chat.ipa", nil, "org.example.chat.share", "Chat"),
    ("Chat.ipa", "de", "org.example.chat.share", "An Chat senden"),
    ("Chat.ipa", "de_CH", "org.example.chat.share", "An Chat senden"),
    ("Chat.ipa", "fr", "org.example.chat.share", "Chat"),
    ("PhotoBox.app", "de", "com.example.photobox.share", "In PhotoBox sichern"),
    ("PhotoBox.app", "en", "com.example.photobox.share", "PhotoBox"),
  ] as [(String, String?, String, String)])
  func localisedLabels(_ artifact: String, _ locale: String?, _ id: String, _ label: String) {
    let loaded = handlers([artifacts + "/" + artifact], locale: locale)
    #expect(loaded.errors == [])
    #expect(loaded.handlers[id]?.label == label)
  }

  /// The pitfalls that survive a build, reported on the artifact with the component, the
  /// filter and the attribute (samples/artifacts/make-pitfall-artifacts.sh).
  @Test func lintReportsPitfallsOnArtifacts() {
    let set = ManifestLoader.load(paths: [artifacts + "/pitfalls"])
    #expect(set.errors.map(\.description) == [])
    let warnings = set.warnings
    let found = Set(warnings.map { "\($0.code.rawValue) \($0.keyPath)" })
    let activity = { (name: String) in "/manifest/application[1]/activity[@android:name='org.example.pitfalls.\(name)']" }
    let expected: Set<String> = [
      "no-default-category \(activity("QuickActivity"))/intent-filter[1]",
      "send-without-send-multiple \(activity("PhotoActivity"))/intent-filter[1]",
      "uppercase-mime-type \(activity("DocsActivity"))/intent-filter[1]/data[1]/@android:mimeType",
      "priority-on-share-filter \(activity("NotesActivity"))/intent-filter[1]/@android:priority",
      "unresolved-label \(activity("DocsActivity"))/@android:label",
      "unresolved-label \(activity("NotesActivity"))/@android:label",
      "truepredicate NSExtension.NSExtensionAttributes.NSExtensionActivationRule",
      "multiple-receives-mixed \(activity("DocsActivity"))/intent-filter[1]",
    ]
    #expect(found == expected)
    #expect(warnings.allSatisfy { $0.location == nil }, "a compiled file has no lines to point at")
    // The cycle and the framework string are said as such; the label is the next one a device
    // tries (the application's).
    let labels = warnings.filter { $0.code == .unresolvedLabel }.map(\.message)
    #expect(labels.contains { $0.contains("cycle") })
    #expect(labels.contains { $0.contains("framework resource") })
    #expect(set.handlers.first { $0.id == "org.example.pitfalls/.NotesActivity" }?.label == "Pitfalls", "the next label a device tries: the application's")
  }

  /// Each hostile artifact gets one clear error naming the file and what is wrong, and the
  /// other manifests of the run are still loaded.
  @Test(arguments: [
    ("hostile/bomb.apk", "too large (16777216 bytes, at most 8388608)"),
    ("hostile/bomb-lying.apk", "decompresses to more than the 2000 bytes it claims"),
  ])
  func hostileArtifactsFailClearly(_ artifact: String, _ expected: String) {
    let set = ManifestLoader.load(paths: [artifacts + "/" + artifact, artifacts + "/browser.apk"])
    #expect(set.errors.count == 1)
    #expect(set.errors.first?.description.hasPrefix(artifacts + "/" + artifact + ": ") == true)
    #expect(set.errors.first?.description.contains(expected) == true, "\(set.errors)")
    #expect(set.handlers.count == 2)
  }

  /// The one ZIP directory reader, as the sniffer asks it (a prefix of the directory, damage
  /// ending the list) and as artifacts ask it (every entry, damage an error): both read the same
  /// entries of every ZIP sample; a bound keeps the leading entries; a damaged entry keeps those
  /// before it for the sniffer and is an error for artifacts.
  @Test(arguments: [
    "fixtures/a.apk", "fixtures/a.epub", "fixtures/a.ipa", "fixtures/a.jar", "fixtures/a.odt", "fixtures/a.zip",
    "fixtures/reordered.docx", "fixtures/mimetype-last.odt", "artifacts/Chat.ipa", "artifacts/browser.aab",
    "artifacts/chat.apk", "letter.docx", "archive.zip",
  ])
  func oneDirectoryReader(_ name: String) throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: samples + "/" + name)))
    let read: ZipDirectory.Source = { (offset, count, what) throws(ZipArchive.Failure) in
      guard offset >= 0, count >= 0, offset + count <= bytes.count else { throw .truncated(what, offset: offset) }
      return Array(bytes[offset..<offset + count])
    }
    let whole = try ZipDirectory.entries(size: bytes.count, extent: .whole, read: read)
    let archive = try ZipArchive(path: samples + "/" + name)
    #expect(whole.count > 1)
    #expect(whole.map(\.name) == archive.entries.map(\.name))
    #expect(whole.map(\.localHeaderOffset) == archive.entries.map(\.localHeaderOffset))
    let prefix = try ZipDirectory.entries(size: bytes.count, extent: .prefix(bytes: 1 << 20), read: read)
    #expect(prefix.map(\.name) == whole.map(\.name))
    // The first entry's record ends where the second's signature starts: a bound there keeps one entry.
    let directoryEnd = try #require(bytes.indices.last { bytes[$0...].starts(with: [0x50, 0x4B, 0x05, 0x06]) })
    let directoryStart = directoryEnd - LittleEndian.number(bytes, at: directoryEnd + 12, width: 4)
    let second = try #require(
      (directoryStart + 4..<directoryEnd).first { bytes[$0...].starts(with: [0x50, 0x4B, 0x01, 0x02]) })
    let bounded = try ZipDirectory.entries(size: bytes.count, extent: .prefix(bytes: second - directoryStart), read: read)
    #expect(bounded.map(\.name) == [whole[0].name])
    // The second entry's signature broken.
    var damaged = bytes
    damaged[second + 2] = 0x09
    let readDamaged: ZipDirectory.Source = { (offset, count, what) throws(ZipArchive.Failure) in
      guard offset >= 0, count >= 0, offset + count <= damaged.count else { throw .truncated(what, offset: offset) }
      return Array(damaged[offset..<offset + count])
    }
    let kept = try ZipDirectory.entries(size: damaged.count, extent: .prefix(bytes: 1 << 20), read: readDamaged)
    #expect(kept.map(\.name) == [whole[0].name])
    #expect(throws: ZipArchive.Failure.self) {
      try ZipDirectory.entries(size: damaged.count, extent: .whole, read: readDamaged)
    }
  }

  /// Cut, damaged and non-regular files named like artifacts.
  @Test func damagedArchivesFailClearly() throws {
    let apk = try Data(contentsOf: URL(fileURLWithPath: artifacts + "/browser.apk"))
    let ipa = try Data(contentsOf: URL(fileURLWithPath: artifacts + "/Chat.ipa"))
    var damaged = apk
    // The deflated manifest's data: a run of bytes after its local header.
    let manifestData = try #require(apk.range(of: Data("AndroidManifest.xml".utf8))).upperBound + 40
    for offset in manifestData..<(manifestData + 16) { damaged[offset] ^= 0x5A }
    /// An empty archive whose end record points at a ZIP64 record with these count, size and offset.
    func zip64(count: UInt64, size: UInt64, offset: UInt64) -> Data {
      func le(_ value: UInt64, _ width: Int) -> [UInt8] { (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) } }
      let record = [0x50, 0x4B, 0x06, 0x06] + le(44, 8) + le(45, 2) + le(45, 2) + le(0, 4) + le(0, 4) + le(count, 8)
        + le(count, 8) + le(size, 8) + le(offset, 8)
      let locator = [0x50, 0x4B, 0x06, 0x07] + le(0, 4) + le(0, 8) + le(1, 4)
      let end = [0x50, 0x4B, 0x05, 0x06] + le(0, 4) + le(0xFFFF, 2) + le(0xFFFF, 2) + le(0xFFFF_FFFF, 4) + le(0xFFFF_FFFF, 4) + le(0, 2)
      return Data(record + locator + end)
    }
    let directory = try scratchDirectory([
      "zip64-size.apk": zip64(count: 1, size: .max, offset: 0), "zip64-offset.apk": zip64(count: 1, size: 46, offset: 1 << 62),
      "zip64-count.apk": zip64(count: .max, size: 46, offset: 0), "zip64-shift.apk": zip64(count: 1, size: 46, offset: 0x7FFF_FFFF_FFFF_FFF0),
      "empty.apk": Data(), "cut.apk": apk.prefix(apk.count / 2), "cut-end.apk": apk.dropLast(7),
      "damaged.apk": damaged, "cut.ipa": ipa.prefix(ipa.count - 30), "text.aab": Data("not a zip\n".utf8),
      "no-manifest.apk": ipa,
    ])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(mkfifo(directory + "/fifo.apk", 0o600) == 0)
    let expected: [String: String] = [
      "empty.apk": "not a ZIP archive", "cut.apk": "not a ZIP archive", "cut-end.apk": "not a ZIP archive",
      "damaged.apk": "member 'AndroidManifest.xml' is damaged", "cut.ipa": "not a ZIP archive",
      "text.aab": "not a ZIP archive", "no-manifest.apk": "no 'AndroidManifest.xml' in it: not an APK",
      "fifo.apk": "not a regular file",
      "zip64-size.apk": "the archive is cut short or damaged: its ZIP64 end record at byte 0",
      "zip64-offset.apk": "the archive is cut short or damaged: its ZIP64 end record at byte 0",
      "zip64-count.apk": "the archive is cut short or damaged: its ZIP64 end record at byte 0",
      "zip64-shift.apk": "the archive is cut short or damaged: its ZIP64 end record at byte 0",
    ]
    for (name, message) in expected {
      let set = ManifestLoader.load(paths: [directory + "/" + name])
      #expect(set.errors.count == 1, "\(name)")
      #expect(set.errors.first?.description == directory + "/" + name + ": " + message
        || set.errors.first?.description.hasPrefix(directory + "/" + name + ": " + message) == true, "\(name): \(set.errors)")
    }
  }

  /// A stored (uncompressed) ZIP file: each member's local header names it `local` (its directory
  /// name unless given), the directory lists `directory` (member index and name; every member by
  /// default), and with `zip64` the end records are ZIP64's (a locator, counts of 0xFFFF).
  static func storedZip(
    _ members: [(name: String, data: [UInt8], local: String?)], directory: [(member: Int, name: String)]? = nil, zip64: Bool = false
  ) -> Data {
    func le(_ value: Int, _ width: Int) -> [UInt8] { (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    var out: [UInt8] = []
    var offsets: [Int] = []
    for member in members {
      offsets.append(out.count)
      let name = Array((member.local ?? member.name).utf8)
      let crc = Int(Inflate.crc32(member.data))
      out += [0x50, 0x4B, 0x03, 0x04] + le(20, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(crc, 4) + le(member.data.count, 4)
        + le(member.data.count, 4) + le(name.count, 2) + le(0, 2) + name + member.data
    }
    let listed = directory ?? members.indices.map { ($0, members[$0].name) }
    let start = out.count
    for (index, listedName) in listed {
      let member = members[index]
      let name = Array(listedName.utf8)
      out += [0x50, 0x4B, 0x01, 0x02] + le(20, 2) + le(20, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(Int(Inflate.crc32(member.data)), 4)
        + le(member.data.count, 4) + le(member.data.count, 4) + le(name.count, 2) + le(0, 6) + le(0, 2) + le(0, 4)
        + le(offsets[index], 4) + name
    }
    let size = out.count - start
    if zip64 {
      let record = out.count
      out += [0x50, 0x4B, 0x06, 0x06] + le(44, 8) + le(45, 2) + le(45, 2) + le(0, 8) + le(listed.count, 8) + le(listed.count, 8)
        + le(size, 8) + le(start, 8)
      out += [0x50, 0x4B, 0x06, 0x07] + le(0, 4) + le(record, 8) + le(1, 4)
      out += [0x50, 0x4B, 0x05, 0x06] + le(0, 4) + le(0xFFFF, 2) + le(0xFFFF, 2) + le(size, 4) + le(start, 4) + le(0, 2)
    } else {
      out += [0x50, 0x4B, 0x05, 0x06] + le(0, 4) + le(listed.count, 2) + le(listed.count, 2) + le(size, 4) + le(start, 4) + le(0, 2)
    }
    return Data(out)
  }

  /// Archives read strictly: a name twice, members sharing bytes and a local header that names
  /// its member otherwise are errors naming the member (which bytes a reader takes would be
  /// ambiguous); a ZIP64 archive, and names that differ only in their Unicode form, are read.
  @Test(arguments: [
    ("twice", "the archive names member 'AndroidManifest.xml' twice"),
    ("shared", "member 'AndroidManifest.xml' overlaps member 'extra.xml'"),
    ("renamed", "member 'AndroidManifest.xml' is named 'other.xml' in its local header"),
    ("zip64", ""), ("unicode-forms", ""),
  ])
  func archivesAreReadStrictly(_ shape: String, _ message: String) throws {
    let manifest = try member("browser.apk", "AndroidManifest.xml")
    let zip: Data
    switch shape {
    case "twice": zip = Self.storedZip([("AndroidManifest.xml", manifest, nil), ("AndroidManifest.xml", manifest, nil)])
    case "shared": zip = Self.storedZip([("AndroidManifest.xml", manifest, nil)], directory: [(0, "AndroidManifest.xml"), (0, "extra.xml")])
    case "renamed": zip = Self.storedZip([("AndroidManifest.xml", manifest, "other.xml")])
    case "zip64": zip = Self.storedZip([("AndroidManifest.xml", manifest, nil)], zip64: true)
    default: zip = Self.storedZip([("AndroidManifest.xml", manifest, nil), ("res/caf\u{E9}.xml", [1], nil), ("res/cafe\u{301}.xml", [2], nil)])
    }
    let directory = try scratchDirectory(["a.apk": zip])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let set = ManifestLoader.load(paths: [directory + "/a.apk"])
    if message.isEmpty {
      #expect(set.errors.isEmpty, "\(set.errors)")
      #expect(set.handlers.count > 0)
    } else {
      #expect(set.errors.count == 1)
      #expect(set.errors.first?.description.hasPrefix(directory + "/a.apk: " + message) == true, "\(set.errors)")
    }
  }

  /// The readers of compiled manifests and resource tables on every truncation and every
  /// single-byte change of real files, and on seeded random damage: each either reads or throws
  /// ``ArtifactFailure`` with an offset inside the data; never a crash or a hang.
  @Test(arguments: [
    ("browser.apk", "AndroidManifest.xml"), ("browser.apk", "resources.arsc"), ("chat.apk", "resources.arsc"),
    ("browser.aab", "base/manifest/AndroidManifest.xml"), ("browser.aab", "base/resources.pb"),
  ])
  func readersSurviveDamage(_ artifact: String, _ name: String) throws {
    let original = try member(artifact, name)
    func read(_ bytes: [UInt8]) -> Bool {
      do {
        switch name {
        case "AndroidManifest.xml": _ = try BinaryXML.parse(bytes, resources: nil, locale: nil)
        case "resources.arsc": _ = try ResourceTable(bytes)
        case "base/resources.pb": _ = try ProtoResources.table(bytes)
        default: _ = try ProtoXML.parse(bytes, resources: nil, locale: nil)
        }
        return true
      } catch {
        #expect(error.offset.map { (0...bytes.count).contains($0) } ?? true, "\(error)")
        #expect(!error.message.isEmpty)
        return false
      }
    }
    #expect(read(original))
    var refused = 0
    // Every prefix and every byte in CI; every 5th otherwise (TestDepth).
    let positions = TestDepth.positions(original.count, step: 5)
    for length in positions where !read(Array(original.prefix(length))) { refused += 1 }
    for offset in positions {
      for value: UInt8 in [0x00, 0xFF, original[offset] ^ 0x80] {
        var changed = original
        changed[offset] = value
        if !read(changed) { refused += 1 }
      }
    }
    var generator = HandlerIndexTests.Generator(state: UInt64(original.count))
    for _ in 0..<600 {
      var changed = original
      for _ in 0..<(1 + Int(generator.next() % 8)) {
        changed[Int(generator.next() % UInt64(changed.count))] = UInt8(truncatingIfNeeded: generator.next())
      }
      if !read(changed) { refused += 1 }
    }
    #expect(refused > positions.count / 2, "damage must be noticed, not read as something else")
  }

  /// References followed as a device does, with cycles and chains bounded, and a locale's
  /// configurations ranked: language and region, language, another region, the default.
  @Test func resourceReferencesAndLocales() {
    let en = ResourceTable.Candidate(locale: nil, otherwiseDefault: true, value: .value(.string("Send")))
    let de = ResourceTable.Candidate(locale: AndroidLocale("de"), otherwiseDefault: true, value: .value(.string("Senden")))
    let deCH = ResourceTable.Candidate(locale: AndroidLocale("de-CH"), otherwiseDefault: true, value: .value(.string("Sände")))
    let tablet = ResourceTable.Candidate(locale: nil, otherwiseDefault: false, value: .value(.string("Send (tablet)")))
    var entries: [UInt32: [ResourceTable.Candidate]] = [
      0x7f01_0000: [tablet, en, de, deCH],
      0x7f01_0001: [.init(locale: nil, otherwiseDefault: true, value: .reference(0x7f01_0002))],
      0x7f01_0002: [.init(locale: nil, otherwiseDefault: true, value: .reference(0x7f01_0001))],
      0x7f01_0003: [de],
    ]
    for step in 0..<40 { entries[0x7f02_0000 + UInt32(step)] = [.init(locale: nil, otherwiseDefault: true, value: .reference(0x7f02_0001 + UInt32(step)))] }
    let table = ResourceTable(entries: entries)
    var lookups = 0
    func value(_ id: UInt32, locale: AndroidLocale?) -> Result<ResourceTable.Value, ResourceTable.Miss> {
      table.value(id, locale: locale, lookups: &lookups)
    }
    #expect(value(0x7f01_0000, locale: nil) == .success(.string("Send")))
    // Every configuration of the entry was read to pick the best one: four.
    #expect(lookups == 4)
    #expect(value(0x7f01_0000, locale: AndroidLocale("de")) == .success(.string("Senden")))
    #expect(value(0x7f01_0000, locale: AndroidLocale("de-CH")) == .success(.string("Sände")))
    #expect(value(0x7f01_0000, locale: AndroidLocale("de-AT")) == .success(.string("Senden")))
    #expect(value(0x7f01_0000, locale: AndroidLocale("fr")) == .success(.string("Send")))
    #expect(value(0x7f01_0001, locale: nil) == .failure(.cycle([0x7f01_0001, 0x7f01_0002, 0x7f01_0001])))
    #expect(value(0x7f01_0003, locale: nil) == .failure(.noDefault(0x7f01_0003, locales: ["de"])))
    #expect(value(0x7f02_0000, locale: nil) == .failure(.tooLong))
    #expect(value(0x7f09_0000, locale: nil) == .failure(.missing(0x7f09_0000)))
    // Resources keep Hebrew, Indonesian and Yiddish under their old codes (values-iw).
    #expect(AndroidLocale("he-IL") == AndroidLocale(language: "iw", region: "IL"))
    #expect(AndroidLocale("id")?.language == "in")
    #expect(AndroidLocale("german") == nil)
    #expect(AndroidLocale("pt-rBR") == AndroidLocale(language: "pt", region: "BR"))
  }

  /// `InfoPlist.strings` in the forms Xcode ships: UTF-16 text with either byte order, UTF-8,
  /// and binary property lists.
  @Test func stringsFiles() throws {
    let text = "/* localised */\n\"CFBundleDisplayName\" = \"Zu \\\"Notes\\\"\";\nCFBundleName = \"Notes\";\n"
    let little: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let big: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    let binary = [UInt8](try binaryPlist(["CFBundleDisplayName": "Zu \"Notes\"", "CFBundleName": "Notes"]))
    for bytes: [UInt8] in [little, big, Array(text.utf8), binary] {
      #expect(try StringsFile.parse(bytes).get() == ["CFBundleDisplayName": "Zu \"Notes\"", "CFBundleName": "Notes"])
    }
    #expect((try? StringsFile.parse(Array("\"a\" = ;".utf8)).get()) == nil)
  }

  /// A bundle named by hand with no share extension is an error; a compiled manifest taken out
  /// of an APK reads on its own (its references unresolved); an APK in a project tree is the
  /// build's output and left alone.
  @Test func namedBundlesLooseManifestsAndProjectOutput() throws {
    let widget = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>org.example.widget</string>
      <key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.widgetkit-extension</string></dict></dict></plist>
      """
    let manifest = try member("browser.apk", "AndroidManifest.xml")
    let apk = try Data(contentsOf: URL(fileURLWithPath: artifacts + "/browser.apk"))
    let directory = try scratchDirectory([
      "Widget.app/PlugIns/Clock.appex/Info.plist": Data(widget.utf8), "loose/AndroidManifest.xml": Data(manifest),
      "project/settings.gradle": Data("include ':app'\n".utf8), "project/app/release/app-release.apk": apk,
    ])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let widgetSet = ManifestLoader.load(paths: [directory + "/Widget.app"])
    #expect(widgetSet.errors.map(\.description).first?.hasPrefix(directory + "/Widget.app: not a share target: ") == true, "\(widgetSet.errors)")
    let loose = ManifestLoader.load(paths: [directory + "/loose/AndroidManifest.xml"])
    #expect(loose.errors == [])
    #expect(loose.handlers.map(\.id) == ["org.example.browser/.IntentReceiverActivity", "org.example.browser/.ReadLaterAlias"])
    #expect(loose.handlers.map(\.label) == ["org.example.browser.IntentReceiverActivity", "Read later"])
    #expect(loose.handlers.first?.guessed == [.label])
    let project = ManifestLoader.load(paths: [directory + "/project"])
    #expect(project.handlers.isEmpty)
    #expect(project.errors.map(\.problem) == [.noHandlerFound(skipped: 0)])
  }

  /// The `.lproj` the system picks: scripts (`zh-Hans`) and the English names of old bundles.
  @Test func localisationFolders() {
    let folders = ["Base", "English", "German", "zh-Hans", "zh-Hant", "pt-BR"]
    #expect(ArtifactImport.localisation(folders, locale: AndroidLocale("zh-Hant-TW"), development: "en") == "zh-Hant")
    #expect(ArtifactImport.localisation(folders, locale: AndroidLocale("de"), development: "English") == "German")
    #expect(ArtifactImport.localisation(folders, locale: AndroidLocale("pt-PT"), development: "en") == "pt-BR")
    #expect(ArtifactImport.localisation(folders, locale: nil, development: "English") == "English")
    #expect(ArtifactImport.localisation(["Base", "fr"], locale: AndroidLocale("ja"), development: "en") == "Base")
  }

  /// A folder of artifacts: each read once, as a whole (a bundle is not walked into).
  @Test func directoryOfArtifacts() {
    let set = ManifestLoader.load(paths: [artifacts])
    let origins = Set(set.handlers.map(\.origin))
    #expect(origins.contains(artifacts + "/Chat.ipa!/Payload/Chat.app/PlugIns/ShareExtension.appex/Info.plist"))
    #expect(origins.contains(artifacts + "/PhotoBox.app/PlugIns/PhotoBox.appex/Info.plist"))
    #expect(origins.contains(artifacts + "/browser.aab"))
    #expect(set.handlers.filter { $0.id == "com.example.photobox.share" }.count == 1)
    #expect(set.errors.count == 2, "the two hostile bombs: \(set.errors)")
  }
}
