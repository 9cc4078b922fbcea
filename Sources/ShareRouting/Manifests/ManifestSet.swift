/// A file a directory walk read and left out because it describes no share target (an app's
/// own `Info.plist`, a library's `AndroidManifest.xml`); nothing is wrong with it.
package struct SkippedFile: Hashable, Sendable, CustomStringConvertible {
  /// The file.
  package let file: String
  /// Why it holds no handler.
  package let reason: String

  /// `file: skipped: reason`.
  package var description: String { "\(Printable.escaped(file)): skipped: \(reason)" }
}

/// Which build settings an imported `Info.plist` used (shown by `lint`).
package struct BuildSettingsUse: Hashable, Sendable, CustomStringConvertible {
  /// The plist.
  package let file: String
  /// `build settings of Notes.xcodeproj, target 'ShareExtension', configuration 'Release'`.
  package let description: String

  /// `file: description`, the file escaped for a terminal.
  package var line: String { Printable.escaped(file) + ": " + description }
}

/// Whether an Android application module has the variant `--variant` names.
package struct VariantUse: Hashable, Sendable {
  /// How messages name the module (`:app`, `root project 'Name'`).
  package let module: String
  package let found: Bool
  /// The module's variants, in Gradle's order.
  package let available: [String]
  /// The convention plugins the module applies, which may add the variant (`--variant` is then
  /// no usage error).
  package var conventionPlugins: [String] = []
}

/// Every handler and source profile of one or more manifest locations, with every error found.
///
/// Loading never stops at the first bad file: each invalid file (or invalid duplicate) is
/// reported in ``errors`` and left out, and every valid one is kept.
public struct ManifestSet: Sendable {
  /// The valid handlers, in load order (files sorted by path).
  public var handlers: [HandlerManifest]
  /// The valid source profiles, by name.
  public var sources: [String: SourceProfile]
  /// Every problem found, in file order.
  public var errors: [ManifestError]
  /// Platform pitfalls in the valid handlers (for `lint`), found when asked (routing never
  /// pays for them): the importers' own, then each handler's, then those across handlers.
  public var warnings: [ManifestWarning] {
    var result = importWarnings
    for (handler, places) in zip(handlers, locations) { result += ManifestLint.check(handler, at: places) }
    result += ManifestLint.checkSet(handlers, locations: locations)
    guard positionsAreMeaningful else {
      // Positions would point into the converted JSON of the built-in set, not into the YAML people read.
      return result.map {
        ManifestWarning(file: $0.file, location: nil, keyPath: $0.keyPath, code: $0.code, message: $0.message, fix: $0.fix)
      }
    }
    return result
  }
  /// The ids told apart because two platform files derived the same one (shown by every command
  /// that routes, since they change the ids in its output).
  package var idNotices: [ManifestWarning] { importWarnings.filter { $0.code == .ambiguousID } }
  /// Warnings the importers found while reading (keys outside the rule, build settings, …).
  var importWarnings: [ManifestWarning] = []
  /// False for the built-in set, whose texts are JSON converted from YAML.
  var positionsAreMeaningful = true
  /// Platform files of a directory that hold no share target.
  package var skipped: [SkippedFile] = []
  /// The Xcode build settings each imported `Info.plist` used.
  package var buildSettings: [BuildSettingsUse] = []
  /// Each Android application module's answer to `--variant`.
  package var variantUses: [VariantUse] = []
  /// Why `--variant` cannot be used, or `nil`: no application module read has it (a usage
  /// error; one module of many lacking it is a lint warning).
  package func unknownVariant(_ asked: String?) -> String? {
    guard let asked, !variantUses.isEmpty, !variantUses.contains(where: { $0.found || !$0.conventionPlugins.isEmpty }) else { return nil }
    return ProjectMessages.unknownVariant(asked, modules: variantUses)
  }
  /// Where each handler's parts are, parallel to ``handlers``.
  var locations: [HandlerLocations] = []
  /// Android components with intent filters but no share filter (a `VIEW` activity), each with
  /// its registration number: `query` resolves them, routes never see them.
  var otherComponents: [(registration: Int, component: HandlerManifest)] = []
  /// The registration number of each handler, parallel to ``handlers``: the order the
  /// components were read in (the order Android registers their filters in).
  var registrations: [Int] = []
  /// The next registration number.
  private var registered = 0

  /// Every component with Android filters or iOS rules, share targets or not, in the order they
  /// were read: what `query` resolves (the order decides ties inside one package).
  package var components: [HandlerManifest] {
    guard !otherComponents.isEmpty else { return handlers }
    var merged: [HandlerManifest] = []
    merged.reserveCapacity(handlers.count + otherComponents.count)
    var next = 0
    for (index, handler) in handlers.enumerated() {
      let registration = index < registrations.count ? registrations[index] : 0
      while next < otherComponents.count && otherComponents[next].registration < registration {
        merged.append(otherComponents[next].component)
        next += 1
      }
      merged.append(handler)
    }
    merged += otherComponents[next...].map(\.component)
    return merged
  }
  /// The file of each explicit (native `id:`) handler id, for the duplicate check.
  private var explicitIDs: [String: String] = [:]
  /// Whether some id is held by more than one handler (told apart in ``finish()``).
  private var sharedIDs: Set<String> = []
  private var seenIDs: Set<String> = []

  /// The set with the components of these Android packages marked privileged system apps
  /// (`--privileged PACKAGE`): their filters without a protected action keep a priority above 0.
  package func markingPrivileged(_ packages: Set<String>) -> ManifestSet {
    guard !packages.isEmpty else { return self }
    var marked = self
    for index in marked.handlers.indices where packages.contains(String(marked.handlers[index].androidPackage)) {
      marked.handlers[index].privileged = true
    }
    for index in marked.otherComponents.indices
    where packages.contains(String(marked.otherComponents[index].component.androidPackage)) {
      marked.otherComponents[index].component.privileged = true
    }
    return marked
  }

  /// Creates a set.
  package init(
    handlers: [HandlerManifest] = [], sources: [String: SourceProfile] = [:],
    errors: [ManifestError] = []
  ) {
    self.handlers = handlers
    self.sources = sources
    self.errors = errors
    self.locations = handlers.map { _ in HandlerLocations() }
    self.registrations = Array(handlers.indices)
    registered = handlers.count
    for handler in handlers {
      if seenIDs.contains(handler.id) { sharedIDs.insert(handler.id) }
      seenIDs.insert(handler.id)
      explicitIDs[handler.id] = explicitIDs[handler.id] ?? handler.origin
    }
  }

  /// Adds what one file held, checking ids and source names against those already present.
  /// Adds what each manifest of a built artifact held, under the name its messages use.
  mutating func add(_ members: [(file: String, decoded: Decoded)]) {
    for (file, decoded) in members { add(decoded, file: file) }
  }

  mutating func add(_ decoded: Decoded, file: String) {
    errors += decoded.errors
    if let skipped = decoded.skipped { self.skipped.append(SkippedFile(file: file, reason: skipped)) }
    if let use = decoded.buildSettings { buildSettings.append(use) }
    if let use = decoded.variant { variantUses.append(use) }
    for document in decoded.documents {
      switch document {
      case .handler(let handler, let places):
        // Two ids written in native manifests are a mistake; an id derived from a platform file
        // is kept and told apart by its place in finish().
        if !places.derivedID, let first = explicitIDs[handler.id] {
          errors.append(
            ManifestError(
              file: file, location: places.handler.location, keyPath: places.handler.keyPath,
              problem: .duplicateID(handler.id, firstDefinedIn: first)))
          continue
        }
        if !places.derivedID { explicitIDs[handler.id] = handler.origin }
        if seenIDs.contains(handler.id) { sharedIDs.insert(handler.id) }
        seenIDs.insert(handler.id)
        handlers.append(handler)
        locations.append(places)
        registrations.append(registered)
        registered += 1
      case .component(let component):
        otherComponents.append((registered, component))
        registered += 1
      case .source(let profile, let nameLocation):
        if let first = sources[profile.name] {
          errors.append(
            ManifestError(
              file: file, location: nameLocation, keyPath: "source",
              problem: .duplicateSource(profile.name, firstDefinedIn: first.origin)))
        } else {
          sources[profile.name] = profile
        }
      }
    }
    importWarnings += decoded.warnings
  }

  /// Tells apart handlers whose derived ids are equal (each gets `@place`, the part of its
  /// path that differs, with a warning), then checks that source profiles name existing
  /// handlers (a profile that does not is dropped).
  mutating func finish() {
    distinguishSharedIDs()
    let ids = Set(handlers.map(\.id))
    for (name, profile) in sources {
      let unknown = (profile.offers.enumerated().map { ("offers[\($0.offset)]", $0.element) }
        + profile.custom.enumerated().map { ("custom[\($0.offset)]", $0.element) })
        .filter { !ids.contains($0.1) }
      guard !unknown.isEmpty else { continue }
      for (path, id) in unknown {
        errors.append(
          ManifestError(file: profile.origin, location: nil, keyPath: path, problem: .unknownHandler(id)))
      }
      sources[name] = nil
    }
  }
}

extension ManifestSet {
  /// Renames the derived ids that more than one handler holds: an explicit id keeps its name,
  /// each derived one becomes `id@place`, where place is the part of its folder path that differs
  /// from the others' (`org.app/.Share@fork` and `org.app/.Share@upstream`).
  fileprivate mutating func distinguishSharedIDs() {
    guard !sharedIDs.isEmpty else { return }
    var taken = Set(handlers.map(\.id))
    for id in sharedIDs.sorted() {
      let members = handlers.indices.filter { handlers[$0].id == id }
      let derived = members.filter { locations[$0].derivedID }
      guard members.count > 1, !derived.isEmpty else { continue }
      // Apps of one build that merge the same library: told apart by their module.
      let applications = members.map { locations[$0].application }
      let places =
        applications.allSatisfy({ $0 != nil }) && Set(applications).count == members.count
        ? applications.map { path -> String in
          // `:app` → `app`; the root project (`:`) → `root`.
          let name = String((path ?? "").drop { $0 == ":" })
          return name.isEmpty ? "root" : name
        }
        : Self.distinguishingPlaces(members.map { handlers[$0].origin })
      for (offset, index) in members.enumerated() where locations[index].derivedID {
        var newID = id + "@" + places[offset]
        var counter = 2
        while taken.contains(newID) {
          newID = id + "@" + places[offset] + "#\(counter)"
          counter += 1
        }
        taken.insert(newID)
        let others = members.filter { $0 != index }.map { handlers[$0].origin }
        let text = LintMessages.ambiguousID(id, other: others.joined(separator: ", "), used: newID)
        importWarnings.append(
          ManifestWarning(
            file: handlers[index].origin, location: locations[index].handler.location,
            keyPath: locations[index].handler.keyPath, code: .ambiguousID, message: text.message, fix: text.fix))
        handlers[index].id = newID
      }
    }
    sharedIDs = []
  }

  /// For each file, the folders of its path that tell it apart from the others: the common
  /// leading and trailing folders are dropped; the whole path when nothing is left.
  static func distinguishingPlaces(_ files: [String]) -> [String] {
    let folders = files.map { ProjectPath.parent($0).split(separator: "/").map(String.init) }
    guard let shortest = folders.map(\.count).min() else { return [] }
    var prefix = 0
    while prefix < shortest, folders.allSatisfy({ $0[prefix] == folders[0][prefix] }) { prefix += 1 }
    var suffix = 0
    while suffix < shortest - prefix,
      folders.allSatisfy({ $0[$0.count - 1 - suffix] == folders[0][folders[0].count - 1 - suffix] })
    {
      suffix += 1
    }
    return zip(files, folders).map { file, parts in
      let middle = parts[prefix..<(parts.count - suffix)]
      return middle.isEmpty ? file : middle.joined(separator: "/")
    }
  }
}

extension ManifestSet {
  /// This set and another as one, checked as if they had been loaded together: a handler whose
  /// explicit id this set already has is refused with a `duplicate-id` error naming both files
  /// (as the loader does inside one set), a source profile whose name is taken likewise, and
  /// every error, warning and skipped file of both is kept. Ids derived from platform files that
  /// collide are told apart by place, as in one load.
  ///
  /// - Parameter other: The set to add, after this one.
  /// - Returns: The merged set.
  public func merging(_ other: ManifestSet) -> ManifestSet {
    var merged = self
    merged.errors += other.errors
    merged.importWarnings += other.importWarnings
    merged.skipped += other.skipped
    merged.buildSettings += other.buildSettings
    merged.variantUses += other.variantUses
    merged.positionsAreMeaningful = positionsAreMeaningful && other.positionsAreMeaningful
    // The other set's handlers and components in its own order, then its sources.
    var ordered: [(registration: Int, document: ManifestDocument)] = zip(other.handlers, other.locations).enumerated().map {
      ($0.offset < other.registrations.count ? other.registrations[$0.offset] : $0.offset, .handler($0.element.0, $0.element.1))
    }
    ordered += other.otherComponents.map { ($0.registration, .component($0.component)) }
    var documents = ordered.sorted { $0.registration < $1.registration }.map(\.document)
    documents += other.sources.values.sorted { $0.name < $1.name }.map { .source($0, nameLocation: nil) }
    for document in documents {
      let file: String
      switch document {
      case .handler(let handler, _): file = handler.origin
      case .component(let component): file = component.origin
      case .source(let profile, _): file = profile.origin
      }
      merged.add(Decoded(documents: [document]), file: file)
    }
    merged.finish()
    return merged
  }
}

extension ManifestSet {
  /// Where a handler is declared (its file, and the place of its id or component; no place for
  /// the built-in set, whose positions would point into converted JSON) and the lint findings
  /// about it: what `check` shows beside a case the handler makes fail. The key path is the
  /// handler's place in a file without lines (a built artifact), where the findings' key paths
  /// are places too; empty otherwise. Notes are left out: they say nothing is wrong.
  package func declaration(of id: String) -> (file: String, location: SourceLocation?, keyPath: String, findings: [ManifestWarning])? {
    guard let index = handlers.firstIndex(where: { $0.id == id }) else { return nil }
    let places = locations[index]
    let findings = ManifestLint.check(handlers[index], at: places).filter { $0.severity == .warning }
    guard positionsAreMeaningful else {
      return (handlers[index].origin, nil, "", findings.map {
        ManifestWarning(file: $0.file, location: nil, keyPath: $0.keyPath, code: $0.code, message: $0.message, fix: $0.fix)
      })
    }
    // A built artifact has no lines: its places are key paths (ArtifactImport).
    return (handlers[index].origin, places.handler.location, places.placesArePaths ? places.handler.keyPath : "", findings)
  }

  /// The build setting a handler's id came from (`PRODUCT_BUNDLE_IDENTIFIER`, Gradle's
  /// `applicationId`) and where it is written (a `project.pbxproj`, `.xcconfig` or Gradle line),
  /// when the id was expanded from one; `part` is the part of the id the setting gives when it is
  /// not the whole (an Android component's package).
  package func idSetting(of id: String) -> (name: String, place: RulePlace, part: String?)? {
    guard positionsAreMeaningful, let index = handlers.firstIndex(where: { $0.id == id }) else { return nil }
    return locations[index].idSetting
  }

  /// Where a part of a handler's rules is written (the handler at `index`): the file, and the
  /// line and column of the filter or `<data>` element, the activation rule's key, or the rule;
  /// the handler's own place when that part has none; no line in the built-in set or a built
  /// artifact.
  package func rulePlace(of index: Int, _ part: RulePart) -> RulePlace {
    // Read in place: a copy of the handler's places would retain every list they hold, for
    // every reason of every route.
    guard positionsAreMeaningful && !locations[index].placesArePaths else {
      return RulePlace(file: handlers[index].origin, location: nil)
    }
    var location: SourceLocation?
    switch part {
    case .filter(let position, let which):
      if locations[index].filters.indices.contains(position) {
        switch which {
        case .actions: location = locations[index].filters[position].location
        case .types: location = locations[index].filters[position].mimeTypes.first?.location
        case .data: location = locations[index].filters[position].schemes?.location ?? locations[index].filters[position].mimeTypes.first?.location
        case .categories: location = locations[index].filters[position].categories?.location
        }
        location = location ?? locations[index].filters[position].location
      }
    case .ruleKey(let key): location = locations[index].ruleKeys[key]?.location ?? locations[index].rule?.location
    case .rule: location = locations[index].rule?.location
    }
    return RulePlace(file: handlers[index].origin, location: location ?? locations[index].handler.location)
  }
}
