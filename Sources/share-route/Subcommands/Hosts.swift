import ArgumentParser
import ShareRouteKit
import ShareRouting

extension ShareRoute {
  /// `share-route hosts`: the host profiles `--from` names.
  struct Hosts: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "hosts",
      abstract: "List the host profiles: what real host apps put in a share, with sources.",
      discussion: """
        Each profile is one host's share (docs/hosts.md): on iOS its extension items, attachments \
        and registered types; on Android its intent, streams and what the provider tells the \
        receiver. Route a share as a host builds it with --from NAME (files fill the profile's \
        file slots), or replay one captured on a device with --capture FILE or --intent TEXT.
        """)

    @Option(name: .long, help: "Only the profiles of android or ios.")
    var platform: Platform?

    @OptionGroup var output: OutputOptions

    func run() throws {
      let profiles = HostProfiles.all.filter { platform == nil || platform == .all || $0.platform == platform }
      if output.isJSON {
        try StandardStream.output(HostsOutput.json(profiles, pretty: true) + "\n")
      } else {
        try StandardStream.output(HostsOutput.text(profiles))
      }
    }
  }
}
