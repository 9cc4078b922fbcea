/// `share-route hosts`: the host profiles, for people and for programs (`docs/hosts.md`).
package enum HostsOutput {
  /// One line a profile: name, platform, what it shares, and how many files it takes.
  package static func text(_ profiles: [SenderTemplate]) -> String {
    let rows = profiles.map { profile -> [String] in
      let slots = profile.slots
      let files =
        slots.count == 0 ? OutputMessages.hostNoFiles
        : OutputMessages.hostFiles(slots.count, repeating: slots.repeating, samples: slots.samples == slots.count)
      return [TextReport.printable(profile.host), profile.platform.rawValue, files, TextReport.printable(profile.summary ?? "")]
    }
    return TextReport.table(rows, indent: 0)
  }

  /// Every profile whole: its evidence, what it leaves unknown, and the share as the file
  /// writes it (`docs/hosts.md#the-format`).
  package static func json(_ profiles: [SenderTemplate], pretty: Bool) -> String {
    var writer = JSONWriter(pretty: pretty)
    writer.object {
      $0.member("schemaVersion") { $0.number(Route.schemaVersion) }
      $0.member("hosts") { writer in writer.array(profiles) { $0.profile($1) } }
    }
    return writer.output
  }
}

extension JSONWriter {
  mutating func profile(_ profile: SenderTemplate) {
    object {
      $0.member("name") { $0.string(profile.host) }
      $0.member("platform") { $0.string(profile.platform.rawValue) }
      $0.member("summary") { $0.optionalString(profile.summary) }
      $0.member("observed") { $0.optionalString(profile.observed) }
      $0.member("sources") { writer in
        writer.array(profile.sources) { writer, source in
          writer.object {
            $0.member("title") { $0.string(source.title) }
            $0.member("url") { $0.string(source.url) }
            $0.member("says") { $0.optionalString(source.says) }
          }
        }
      }
      $0.member("unknown") { writer in writer.array(profile.unknown) { $0.string($1) } }
      let slots = profile.slots
      $0.member("files") { writer in
        writer.object {
          $0.member("slots") { $0.number(slots.count) }
          $0.member("repeating") { $0.bool(slots.repeating) }
          $0.member("samples") { $0.bool(slots.samples == slots.count) }
        }
      }
      if let intent = profile.intent {
        $0.member("intent") { $0.intentTemplate(intent) }
      } else {
        $0.member("extensionItems") { writer in
          writer.array(profile.extensionItems) { writer, item in
            writer.object {
              $0.member("attributedTitle") { $0.optionalString(item.title) }
              $0.member("attributedContentText") { $0.optionalString(item.contentText) }
              $0.member("attachments") { writer in
                writer.array(item.attachments) { writer, attachment in
                  writer.object {
                    $0.member("registeredTypeIdentifiers") { writer in writer.array(attachment.types) { $0.string($1) } }
                    $0.content(attachment.content)
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  /// A part's content as the file writes it: `file` (`{file}` for a slot, with `each` and
  /// `sample`), `text` or `url`; nothing for none.
  mutating func content(_ content: SenderTemplate.Content) {
    switch content {
    case .slot(let sample, let each):
      member("file") { $0.string(SenderTemplate.fileToken) }
      member("each") { $0.bool(each) }
      member("sample") { $0.optionalString(sample) }
    case .file(let path): member("file") { $0.string(path) }
    case .text(let text): member("text") { $0.string(text) }
    case .url(let url): member("url") { $0.string(url) }
    case .none: break
    }
  }

  mutating func intentTemplate(_ intent: SenderTemplate.IntentTemplate) {
    object {
      $0.member("action") { $0.string(intent.action) }
      $0.member("type") { $0.optionalString(intent.type) }
      $0.member("categories") { writer in writer.array(intent.categories) { $0.string($1) } }
      $0.member("data") { $0.optionalString(intent.data) }
      $0.member("text") { writer in
        switch intent.text {
        case .text(let value)?, .url(let value)?: writer.string(value)
        default: writer.null()
        }
      }
      $0.member("subject") { $0.optionalString(intent.subject) }
      $0.member("streams") { writer in
        writer.array(intent.streams) { writer, stream in
          writer.object {
            $0.member("uri") { $0.optionalString(stream.uri) }
            $0.member("displayName") { $0.optionalString(stream.displayName) }
            $0.member("type") { $0.optionalString(stream.type) }
            $0.content(stream.content)
          }
        }
      }
      $0.member("clipData") { writer in
        guard let clip = intent.clip else { return writer.null() }
        writer.object {
          $0.member("mimeTypes") { writer in writer.array(clip.mimeTypes) { $0.string($1) } }
          $0.member("items") { writer in
            writer.array(clip.items) { writer, item in
              writer.object {
                $0.member("uri") { $0.optionalString(item.uri) }
                $0.member("text") { $0.optionalString(item.text) }
              }
            }
          }
        }
      }
    }
  }
}
