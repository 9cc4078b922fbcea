import Foundation

/// Text output for people: short, the pick first. Every value that came from outside (names,
/// labels, ids, types, texts, URLs, reasons that quote them) goes through `Printable.escaped`, so
/// no file name or manifest label can drive the terminal. Worded in `OutputMessages`.
package enum TextReport {
  /// A route for people: manifests not loaded, the items, the intent, the accepted handlers (the
  /// pick first), the refusals (each reason with `--explain`, else a count), the payloads; the
  /// pick and the refusals coloured when `style` says so.
  package static func route(_ route: Route, explain: Bool, style: TextStyle = .plain) -> String {
    var out = ""
    let notLoaded = route.errors.filter { $0.code == .invalidManifest }
    if !notLoaded.isEmpty {
      out += OutputMessages.notLoaded(notLoaded.count) + "\n"
      for problem in notLoaded { out += "  " + printable(problem.message.split(separator: "\n").first.map(String.init) ?? "") + "\n" }
    }
    if !route.items.isEmpty {
      let rows = route.items.map { item -> [String] in
        let name =
          !item.share.name.isEmpty ? printable(item.share.name)
          : !item.share.source.isEmpty ? printable(item.share.source) : OutputMessages.declaredItem
        let detail = OutputMessages.itemDetail(
          kind: item.kind.rawValue, uti: printable(item.uti), source: item.typeSource.rawValue, corrected: item.corrected)
        return [name, printable(item.type), detail]
      }
      out += OutputMessages.itemsHeading + "\n" + table(rows, indent: 2)
      for item in route.items where item.reason != nil {
        out += "  \(printable(item.share.name.isEmpty ? item.type : item.share.name)): \(printable(item.reason ?? ""))\n"
      }
    }
    if let sender = route.sender { out += from(sender, items: route.items) }
    if let source = route.source { out += OutputMessages.source(printable(source)) + "\n" }
    if let intent = route.intent {
      out += OutputMessages.androidIntent(
        action: printable(IntentFilter.shortName(intent.action ?? "")), type: printable(intent.type ?? "")) + "\n"
      let streams = intent.extras.streams
      if !streams.isEmpty {
        out += "  " + OutputMessages.extraStream(streams.map { $0.map(printable) }) + "\n"
      }
      if let subject = intent.extras.subject { out += "  " + OutputMessages.extraSubject(Printable.quoted(subject)) + "\n" }
      if let text = intent.extras.text { out += "  " + OutputMessages.extraText(Printable.quoted(text)) + "\n" }
      if let clip = intent.clipData { out += "  " + OutputMessages.clipData(clip) + "\n" }
    }
    var directShare = ""
    if !route.directShare.isEmpty {
      directShare = OutputMessages.directShareHeading + "\n"
      directShare += table(
        route.directShare.map { match in
          [
            printable(match.label), printable(match.handler),
            OutputMessages.directShareDetail(
              categories: match.target.categories.map(printable), types: match.target.mimeTypes.map(printable),
              place: printable(match.target.file) + (match.target.location.map { ":\($0.line)" } ?? "")),
          ]
        }, indent: 2)
    }
    if let platforms = route.platforms {
      // On a device only one platform's handlers are offered: each platform's list, with its own
      // pick, under that platform's share (Direct Share is Android's).
      out += accepted(platforms.androidHandlers, on: "android", items: route.items.count, style: style) + directShare
      out += OutputMessages.iosShare(route.items.map { printable($0.uti) }) + "\n"
      out += accepted(platforms.iosHandlers, on: "ios", items: route.items.count, style: style)
      if max(platforms.android.count, platforms.ios.count) > 1 {
        out += OutputMessages.sheetOrder(locale: printable(route.sheetLocale)) + "\n"
      }
    } else {
      out += accepted(route.accepted, on: nil, items: route.items.count, style: style)
      if route.accepted.count > 1 { out += OutputMessages.sheetOrder(locale: printable(route.sheetLocale)) + "\n" }
      out += directShare
    }
    if route.items.isEmpty {
      // Every refusal is the same (nothing to share); the errors say why.
      out += style.refused(OutputMessages.nothingToShare) + "\n"
    } else if route.refusalsOmitted {
      // Refusals were not asked for (--accepted-only): nothing to say about them.
    } else if explain {
      if !route.rejected.isEmpty { out += OutputMessages.refusedHeading + "\n" }
      for rejection in route.rejected {
        out += "  " + style.refused(named(rejection.label, rejection.id, guessed: rejection.guessed))
          + OutputMessages.phase(rejection.phase.rawValue) + "\n"
        for reason in rejection.reasons {
          out += "    \(reason.area.rawValue) \(style.code(reason.code.rawValue)): \(printable(reason.message))"
            + (reason.place.flatMap { place in place.location.map { OutputMessages.reasonPlace(printable(place.file), $0) } } ?? "")
            + "\n"
        }
      }
    } else if !route.rejected.isEmpty {
      out += style.refused(OutputMessages.refusedSummary(route.rejected.count)) + "\n"
    }
    if !route.items.isEmpty {
      out += OutputMessages.payloadHeading + "\n"
      for item in route.items {
        let share = item.share
        out += "  {isTextShare: \(share.isTextShare), name: \(quoted(share.name)), "
          + "source: \(quoted(share.source)), type: \(quoted(share.type))}\n"
      }
    }
    return out
  }

  /// A ranked list of accepted handlers under its heading (one platform's when `platform` is
  /// given), the pick first (styled), or the line that says none accepts.
  static func accepted(_ handlers: [HandlerSummary], on platform: String?, items: Int, style: TextStyle) -> String {
    guard !handlers.isEmpty else { return style.refused(OutputMessages.noneAccepted(on: platform)) + "\n" }
    let lines = table(
      handlers.enumerated().map {
        [
          "\($0.offset + 1).", OutputMessages.handlerValue($0.element.label, .label, guessed: $0.element.guessed),
          OutputMessages.handlerValue($0.element.id, .id, guessed: $0.element.guessed),
        ]
          + ($0.element.reason.map { ["(\($0.rawValue))"] } ?? [])
          + ($0.element.items.map { [OutputMessages.receives($0, of: items)] } ?? [])
      },
      indent: 2)
    let heading = OutputMessages.acceptedHeading(on: platform)
    guard let firstBreak = lines.firstIndex(of: "\n") else { return heading + "\n" }
    let pickLine = lines[..<firstBreak]
    let indent = String(pickLine.prefix { $0 == " " })
    return heading + "\n" + indent + style.pick(String(pickLine.dropFirst(indent.count))) + String(lines[firstBreak...])
  }

  /// The host's share: its extension items and attachments (each with its registered types and
  /// what a dictionary rule counts it as, and by which type), or its streams (and what the
  /// provider tells the receiver), then what no source establishes.
  static func from(_ sender: SenderShare, items: [ShareItem]) -> String {
    var out = OutputMessages.from(host: printable(sender.host), platform: sender.platform.rawValue, summary: sender.summary.map(printable)) + "\n"
    func name(_ index: Int) -> String {
      guard items.indices.contains(index) else { return "?" }
      let item = items[index]
      return item.share.name.isEmpty ? (item.share.source.isEmpty ? printable(item.type) : quoted(item.share.source)) : printable(item.share.name)
    }
    for (number, extensionItem) in sender.extensionItems.enumerated() {
      out += "  " + OutputMessages.extensionItem(number + 1, title: extensionItem.title.map(quoted), contentText: extensionItem.contentText.map(quoted)) + "\n"
      for (index, sent) in extensionItem.attachments.enumerated() {
        let attachment = Attachment(types: sent.types, label: "")
        out += "    " + OutputMessages.attachment(
          index + 1, item: name(sent.item), types: sent.types.map(printable),
          kinds: attachment.kinds.map { ($0.key.noun.singular, printable($0.by)) }) + "\n"
      }
    }
    for (number, stream) in sender.streams.enumerated() {
      out += "  " + OutputMessages.stream(
        number + 1, uri: stream.uri.map(printable), file: stream.file.map(printable), name: stream.displayName.map(quoted),
        type: stream.type.map(printable)) + "\n"
    }
    for part in sender.unknown { out += "  " + OutputMessages.assumed(printable(part)) + "\n" }
    return out
  }

  /// A query for people: the intent, the matches in resolver order, then every non-match.
  package static func query(intent: AndroidIntent, matches: [Resolver.Match], rejected: [Rejection]) -> String {
    var out =
      OutputMessages.queryIntent(
        action: intent.action.map(printable), type: intent.type.map(printable), data: intent.data.map(printable),
        categories: printable(intent.categories.joinedText(", "))) + "\n"
    if matches.isEmpty {
      out += OutputMessages.noFilterMatches + "\n"
    } else {
      out += OutputMessages.matchesHeading + "\n"
      out += table(
        matches.enumerated().map {
          [
            "\($0.offset + 1).",
            OutputMessages.handlerValue($0.element.handler.label, .label, guessed: $0.element.handler.guessed),
            OutputMessages.handlerValue($0.element.handler.id, .id, guessed: $0.element.handler.guessed),
            "intentFilters[\($0.element.filterIndex)]", "priority \($0.element.priority)",
            "match 0x\(String($0.element.match, radix: 16))",
          ]
        }, indent: 2)
    }
    for rejection in rejected {
      out += "  " + OutputMessages.noMatch(named(rejection.label, rejection.id, guessed: rejection.guessed)) + "\n"
      for reason in rejection.reasons { out += "    \(reason.code.rawValue): \(printable(reason.message))\n" }
    }
    return out
  }

  /// `label (id)`, escaped, each marked when share-route made it up.
  static func named(_ label: String, _ id: String, guessed: [GuessedValue]) -> String {
    OutputMessages.handlerValue(label, .label, guessed: guessed) + " ("
      + OutputMessages.handlerValue(id, .id, guessed: guessed) + ")"
  }

  /// One line of `share-route sniff`: path, type, kind, where the type came from, and why.
  package static func sniffRow(path: String, item: ShareItem) -> [String] {
    var row = [printable(path), printable(item.type), item.kind.rawValue, item.typeSource.rawValue]
    if let reason = item.reason { row.append(OutputMessages.sniffReason(printable(reason), corrected: item.corrected)) }
    return row
  }

  /// A value from outside, escaped for the terminal (`Printable.escaped`).
  package static func printable(_ value: String) -> String { Printable.escaped(value) }

  /// `"value"` in the payload line: quotes and backslashes escaped, then control characters.
  package static func quoted(_ text: String) -> String {
    var slashed = ""
    slashed.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      if scalar == "\\" || scalar == "\"" { slashed.unicodeScalars.append("\\") }
      slashed.unicodeScalars.append(scalar)
    }
    return "\"" + Printable.escaped(slashed) + "\""
  }

  /// Left-aligned columns.
  package static func table(_ rows: [[String]], indent: Int) -> String {
    guard let columns = rows.map(\.count).max() else { return "" }
    var widths = [Int](repeating: 0, count: columns)
    for row in rows {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
    }
    return rows.map { row in
      String(repeating: " ", count: indent)
        + row.enumerated().map { index, cell in
          index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
        }.joinedText("  ")
    }.joinedText("\n") + "\n"
  }
}
