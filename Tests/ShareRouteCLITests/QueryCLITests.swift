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

  /// What does not match says which part of the data refused it.
  @Test(arguments: [
    ("http://notes.example.org/n/1", "no-match-data: intentFilters[0]: scheme 'http' is not in ['https']"),
    ("https://example.org/n/1", "no-match-data: intentFilters[0]: host 'example.org' matches none of 'notes.example.org, *.notes.example.org'"),
    ("https://notes.example.org/x/1", "no-match-data: intentFilters[0]: path '/x/1' matches none of pathPrefix '/n/', pathPattern '/share/.*\\.note'"),
  ])
  func missesNameThePart(_ data: String, _ reason: String) throws {
    let result = try CLI.run(["query", "-a", "VIEW", "-d", data, "-c", Self.browsable, "--manifests", Self.notes])
    #expect(result.status == 1)
    #expect(result.stdout.contains("  no match: Notes (org.example.notes/.links.NoteLinkActivity)\n    " + reason + "\n"))
  }

  /// A component without a share filter is resolved by query but is no share handler: routes
  /// never list it, not even as a refusal.
  @Test func aViewOnlyActivityIsNoShareHandler() throws {
    let route = try CLI.run(["--manifests", Self.notes, "--text", "milk", "--explain"])
    #expect(route.status == 0)
    #expect(!route.stdout.contains("NoteLinkActivity"))
    let query = try CLI.run(
      ["query", "-a", "VIEW", "-t", "application/octet-stream", "-d", "content://downloads/1/a.note", "--manifests", Self.notes])
    #expect(query.status == 0)
    #expect(query.stdout.contains("  1.  Notes  org.example.notes/.links.NoteLinkActivity  intentFilters[1]  priority 0  match 0x608000\n"))
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
    #expect(route.stdout.contains("    android no-match-type: intentFilters[1]: image/jpeg does not match text/plain\n"))
    #expect(!route.stdout.contains("intentFilters[0]"))
  }

  /// The resolver's candidate rule: a type without '/' after its first character, or */* without
  /// an action, reaches nobody (IntentResolver.queryIntent), though a */* filter would match it.
  @Test(arguments: [["-t", "text"], ["-t", "*/*"], [String]()])
  func intentsWithoutCandidatesReachNobody(_ arguments: [String]) throws {
    let result = try CLI.run(["query", "--manifests", "samples/projects/mail"] + arguments)
    #expect(result.status == 1)
    #expect(result.stdout.contains("no filter matches\n"))
  }
}
