import Foundation
import Testing

/// `share-route query` on a real project tree, through the built binary: every filter of every
/// activity, `<data>` matched as AOSP matches it, numbered as the component declares it.
@Suite struct QueryCLITests {
  static let notes = "samples/projects/notes/android"
  static let browsable = "android.intent.category.BROWSABLE"

  /// A deep link into the notes app: which component, which filter, which match value.
  @Test(arguments: [
    // host + pathPrefix: MATCH_CATEGORY_PATH.
    ("https://notes.example.org/n/42", "org.example.notes/.links.NoteLinkActivity", 0, 0x508000),
    // A wildcard host, and a pathPattern written `/share/.*\\.note` in XML (aapt2 keeps one `\`).
    ("https://www.notes.example.org/share/trip.note", "org.example.notes/.links.NoteLinkActivity", 0, 0x508000),
    // Hosts and paths of one filter combine freely, whatever <data> element wrote them.
    ("https://notes.example.org/share/trip.note", "org.example.notes/.links.NoteLinkActivity", 0, 0x508000),
    // Hosts compare without case.
    ("https://NOTES.example.org/n/1", "org.example.notes/.links.NoteLinkActivity", 0, 0x508000),
  ])
  func deepLinksResolveToTheirFilter(_ data: String, _ id: String, _ filter: Int, _ match: Int) throws {
    let (status, json) = try CLI.json(
      ["query", "-a", "VIEW", "-d", data, "-c", Self.browsable, "--manifests", Self.notes])
    #expect(status == 0)
    let accepted = try #require(json["accepted"] as? [[String: Any]])
    #expect(accepted.map { $0["id"] as? String } == [id])
    #expect(accepted.first?["filter"] as? Int == filter)
    #expect(accepted.first?["match"] as? Int == match)
  }

  /// What does not match says which part of the data refused it (the link filter, then the
  /// file filter's scheme).
  @Test(arguments: [
    ("http://notes.example.org/n/1", "no-match-data: intentFilters[0]: scheme 'http' is not in ['https']", "http"),
    ("https://example.org/n/1", "no-match-data: intentFilters[0]: host 'example.org' matches none of 'notes.example.org, *.notes.example.org'", "https"),
    ("https://notes.example.org/x/1", "no-match-data: intentFilters[0]: path '/x/1' matches none of pathPrefix '/n/', pathPattern '/share/.*\\.note'", "https"),
  ])
  func missesNameThePart(_ data: String, _ reason: String, _ scheme: String) throws {
    let result = try CLI.run(["query", "-a", "VIEW", "-d", data, "-c", Self.browsable, "--manifests", Self.notes])
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        intent: action android.intent.action.VIEW, type (none), data \(data), categories [\(Self.browsable)]
        no filter matches
          no match: Notes (org.example.notes/.MainActivity)
            no-match-action: action VIEW is not in [MAIN]
          no match: Notes (org.example.notes/.links.NoteLinkActivity)
            \(reason)
            no-match-data: intentFilters[1]: scheme '\(scheme)' is not in ['content', 'file']
          no match: New note (org.example.notes/.share.ShareActivity)
            no-match-action: action VIEW is not in [SEND, SEND_MULTIPLE]
          no match: Add to notebook (org.example.notes/.share.AddToNotebook)
            disabled: disabled in the manifest (android:enabled="false"); the app may enable it at run time (--assume-enabled routes it as enabled)

        """)
    #expect(result.stderr == "")
  }

  /// A component without a share filter is resolved by query but is no share handler: routes
  /// never list it, not even as a refusal.
  @Test func aViewOnlyActivityIsNoShareHandler() throws {
    let route = try CLI.run(["--manifests", Self.notes, "--text", "milk", "--explain"])
    #expect(route.status == 0)
    #expect(
      route.stdout == """
        items:
          milk  text/plain  text, public.plain-text, from text
        android intent: SEND text/plain
          EXTRA_TEXT: 'milk'
          ClipData: text/plain {T(4)}
        accepted, the pick first:
          1.  New note  org.example.notes/.share.ShareActivity
        refused:
          Add to notebook (org.example.notes/.share.AddToNotebook), phase 2
            android disabled: disabled in the manifest (android:enabled="false"); the app may enable it at run time (--assume-enabled routes it as enabled)
        payload:
          {isTextShare: true, name: "milk", source: "milk", type: "text/plain"}

        """)
    let query = try CLI.run(
      ["query", "-a", "VIEW", "-t", "application/octet-stream", "-d", "content://downloads/1/a.note", "--manifests", Self.notes])
    #expect(query.status == 0)
    #expect(
      query.stdout == """
        intent: action android.intent.action.VIEW, type application/octet-stream, data content://downloads/1/a.note, categories []
        matches, resolver order:
          1.  Notes  org.example.notes/.links.NoteLinkActivity  intentFilters[1]  priority 0  match 0x608000
          no match: Notes (org.example.notes/.MainActivity)
            no-match-action: action VIEW is not in [MAIN]
          no match: New note (org.example.notes/.share.ShareActivity)
            no-match-action: action VIEW is not in [SEND, SEND_MULTIPLE]
          no match: Add to notebook (org.example.notes/.share.AddToNotebook)
            disabled: disabled in the manifest (android:enabled="false"); the app may enable it at run time (--assume-enabled routes it as enabled)

        """)
  }

  /// Filters are numbered as the component declares them: the browser's SEND filter comes after
  /// its VIEW filter, so it is intentFilters[1] in query and in a route's refusals.
  @Test func filtersAreNumberedAsDeclared() throws {
    let (_, json) = try CLI.json(
      ["query", "-a", "SEND", "-t", "text/plain", "--manifests", "samples/projects/browser"])
    let accepted = try #require(json["accepted"] as? [[String: Any]])
    #expect(accepted.first?["id"] as? String == "org.example.browser/.IntentReceiverActivity")
    #expect(accepted.first?["filter"] as? Int == 1)
    let route = try CLI.run(["--manifests", "samples/projects/browser", "samples/photo.jpg", "--explain", "--platform", "android"])
    // Only the share filter's refusal is shown: a VIEW filter never takes a share.
    #expect(
      route.stdout == """
        items:
          photo.jpg  image/jpeg  image, public.jpeg, from content
        android intent: SEND image/jpeg
          EXTRA_STREAM: file://\(CLI.root)/samples/photo.jpg
          ClipData: image/jpeg {U(file)}, FLAG_GRANT_READ_URI_PERMISSION
        no handler accepts this share
        refused:
          Search with “Browser” (org.example.browser/.IntentReceiverActivity), phase 2
            android no-match-type: intentFilters[1]: image/jpeg does not match text/plain  at samples/projects/browser/app/src/main/AndroidManifest.xml:28:23
          Read later (org.example.browser/.ReadLaterAlias), phase 2
            android no-match-type: image/jpeg does not match text/plain, text/html  at samples/projects/browser/app/src/main/AndroidManifest.xml:40:23
        payload:
          {isTextShare: false, name: "photo.jpg", source: "file://\(CLI.root)/samples/photo.jpg", type: "image/jpeg"}

        """)
  }

  /// The resolver's candidate rule: a type without '/' after its first character, or */* without
  /// an action, reaches nobody (IntentResolver.queryIntent), though a */* filter would match it.
  @Test(arguments: [
    (["-t", "text"], """
      intent: action (none), type text, categories []
      no filter matches
        no match: Mail (org.example.mail/.activity.MessageList)
          no-match-data: the filter has no <data>, and the intent has a type
        no match: Compose mail (org.example.mail/.activity.MessageCompose)
          no-match-data: intentFilters[0]: the intent has no data URI, and the filter requires scheme mailto
          no-match-type: intentFilters[1]: the resolver collects no filters for type 'text' (it has no '/' after its first character)
          no-match-type: intentFilters[2]: the resolver collects no filters for type 'text' (it has no '/' after its first character)

      """),
    (["-t", "*/*"], """
      intent: action (none), type */*, categories []
      no filter matches
        no match: Mail (org.example.mail/.activity.MessageList)
          no-match-data: the filter has no <data>, and the intent has a type
        no match: Compose mail (org.example.mail/.activity.MessageCompose)
          no-match-data: intentFilters[0]: the intent has no data URI, and the filter requires scheme mailto
          no-match-action: intentFilters[1]: the resolver collects the filters for type '*/*' by action, and the intent has none
          no-match-action: intentFilters[2]: the resolver collects the filters for type '*/*' by action, and the intent has none

      """),
    ([String](), """
      intent: action (none), type (none), categories []
      no filter matches
        no match: Mail (org.example.mail/.activity.MessageList)
          no-match-action: an intent without action, type or data has no candidate filters
        no match: Compose mail (org.example.mail/.activity.MessageCompose)
          no-match-data: intentFilters[0]: the intent has no data URI, and the filter requires scheme mailto
          no-match-type: intentFilters[1]: no type does not match */*
          no-match-type: intentFilters[2]: no type does not match */*

      """),
  ])
  func intentsWithoutCandidatesReachNobody(_ arguments: [String], _ expected: String) throws {
    let result = try CLI.run(["query", "--manifests", "samples/projects/mail"] + arguments)
    #expect(result.status == 1)
    #expect(result.stdout == expected)
    #expect(result.stderr == "")
  }
}
