/// Reads the share targets of a .NET for Android app (.NET MAUI, or Xamarin.Android before it),
/// which are declared in C# rather than in `AndroidManifest.xml`: the build writes the manifest
/// from the project's template manifest, the `.csproj`'s properties and the attributes on its
/// classes. What it writes is built here as that manifest, and read as any manifest is read;
/// every place in it is moved back to the line of C# or of the template it came from.
///
/// | written | becomes (dotnet/android, `ManifestDocument.cs`, `*Attribute.Partial.cs`) |
/// |---|---|
/// | `<ApplicationId>` | `/manifest/@package` (a template's own `package` wins) |
/// | `[Application(Label = …)]`, else `<ApplicationTitle>` | `<application android:label>`, unless the template sets it |
/// | `<TargetFramework>` `netN.0-android[API]` | `<uses-sdk android:targetSdkVersion>`: the API level written, else the one netN.0 targets |
/// | `[Activity(Name, Label, Exported, Enabled, Permission, MainLauncher)]` on a class | `<activity>`: `Name` as written, else `crc64` + CRC-64 of `Namespace:AssemblyName` + `.` + class name; `MainLauncher = true` adds a MAIN/LAUNCHER filter first |
/// | `[IntentFilter(actions, Categories, DataMimeType(s), DataScheme(s), DataHost(s), DataPath…, Label, Priority)]` | one `<intent-filter>` each, one `<data>` per value (singular values before plural ones) |
///
/// The template is `Platforms/Android/AndroidManifest.xml` (MAUI), `Properties/AndroidManifest.xml`
/// (Xamarin.Android) or the `<AndroidManifest>` property; an activity it declares itself is not
/// generated again. Classes are looked for in the project's folder, leaving out `bin/`, `obj/`,
/// other platforms' `Platforms/*` folders and folders of other projects.
enum DotNetImport {
  /// The most C# files looked at in one project, and the most folder entries.
  static let maxSourceFiles = 20_000
  static let maxEntries = 200_000
  /// The most folder levels below the project's.
  static let maxDepth = 24

  /// The template manifest places of a project folder, in the order the build looks.
  static let templates = ["Platforms/Android/AndroidManifest.xml", "Properties/AndroidManifest.xml"]

  /// The `.csproj` of the .NET Android app whose template a walk's `AndroidManifest.xml` is (read
  /// with that project, not alone), or `nil` (read alone: a project that is no Android app or
  /// cannot be read leaves its manifest to be read as any other).
  static func isTemplate(_ manifest: String, files: ProjectFiles) -> String? {
    for template in templates where manifest.hasSuffix("/" + template) || manifest == template {
      let folder = String(manifest.dropLast(template.count))
      let project = folder.isEmpty ? "." : folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
      for name in files.list(project).filter({ $0.hasSuffix(".csproj") }).sorted().prefix(8) {
        let csproj = ProjectPath.join(project, name)
        if case .success(let found) = files.msbuildProject(csproj, platform: "android"), found.isAndroid { return csproj }
      }
    }
    return nil
  }

  /// The handlers a `.csproj` declares, by the file that declares each (a C# file, the template),
  /// or `nil` when it is no Android app project (left alone, like any other project file).
  static func read(
    _ csproj: String, files: ProjectFiles, options: ImportOptions, inDirectory: Bool
  ) -> [(file: String, decoded: Decoded)]? {
    let folder = ProjectPath.parent(csproj)
    let project: MSBuildProject
    switch files.msbuildProject(csproj, platform: "android") {
    case .failure(let failure): return [(csproj, unreadable(csproj, why: failure.why, files: files, inDirectory: inDirectory))]
    case .success(let found): project = found
    }
    guard project.isAndroid else { return nil }
    // The C# the build scans.
    var sources: [(file: String, source: CSharpSource)] = []
    var notes: [ManifestWarning] = []
    for file in sourceFiles(in: folder, files: files) {
      guard case .success(let bytes) = files.read(file, limit: CSharpSource.maxSize) else { continue }
      guard contains(bytes, "Activity") || contains(bytes, "Application") else { continue }
      let source = CSharpSource(bytes: bytes)
      if !source.classes.isEmpty || !source.assemblyAttributes.isEmpty { sources.append((file, source)) }
    }
    // The template.
    let templatePath = project.value("AndroidManifest").map { ProjectPath.join(folder, $0.replacing("\\", with: "/")) }
    // (One that is there but no regular file is an error below: its activities would be lost.)
    let template = ([templatePath].compactMap { $0 } + templates.map { ProjectPath.join(folder, $0) }).first {
      files.isFile($0) || files.list(ProjectPath.parent($0)).contains(ProjectPath.name($0))
    }
    var templateText = "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n<application>\n</application>\n</manifest>\n"
    var templateRoot: XMLNode?
    if let template {
      switch files.read(template, limit: ManifestLoader.maxFileSize) {
      case .success(let bytes):
        templateText = String(decoding: bytes, as: UTF8.self)
        templateRoot = try? XMLReader.parse(bytes)
      case .failure(let why):
        return [(template, .failure(ManifestError(file: template, location: nil, keyPath: "", problem: .projectFile(why))))]
      }
    }
    let prefix = templateRoot?.attributes.first { $0.value == "http://schemas.android.com/apk/res/android" && $0.name.hasPrefix("xmlns:") }
      .map { String($0.name.dropFirst("xmlns:".count)) } ?? "android"
    let declared = Set(
      templateRoot?.children.first { $0.name == "application" }?.children.compactMap { $0.attribute(prefix + ":name")?.value } ?? [])
    // The generated elements, each on its own line, with the place it came from.
    var lines: [(text: String, file: String, location: SourceLocation)] = []
    var applicationLabel: String?
    var packageGuessed = false
    var renames: [(from: String, to: String)] = []
    let assembly = project.value("AssemblyName") ?? project.projectName
    // The package: the template's, else ApplicationId, else the assembly name, made a valid
    // package (other characters `_`, one segment doubled: `foo.foo`).
    let package = templateRoot?.attribute("package")?.value ?? Self.packageName(project.value("ApplicationId") ?? assembly)
    /// A written value as the manifest's texts (an array gives each of its values); what is not
    /// evaluated is left out, with a warning unless `quiet`.
    func value(
      _ written: CSharpSource.Value, in source: CSharpSource, file: String, at location: SourceLocation, _ what: String, quiet: Bool = false
    ) -> [String] {
      switch written {
      case .string(let text): return [text.replacing("@PACKAGE_NAME@", with: package)]
      case .integer(let number): return [String(number)]
      case .bool(let flag): return [flag ? "true" : "false"]
      case .list(let items): return items.flatMap { value($0, in: source, file: file, at: location, what, quiet: quiet) }
      case .name(let name):
        if let known = AndroidConstants.value(of: name) ?? source.constants[name.split(separator: ".").last.map(String.init) ?? name] {
          return [known]
        }
        fallthrough
      default:
        if !quiet {
          let text = LintMessages.csharpValueUnknown(what, written: CSharpSource.written(written))
          notes.append(ManifestWarning(file: file, location: location, keyPath: "", code: .unresolvedProjectFile, message: text.message, fix: text.fix))
        }
        return []
      }
    }
    // An ApplicationId that names a property no file here sets: the package is a guess.
    if templateRoot?.attribute("package") == nil, project.value("ApplicationId") == nil, let written = project.properties["ApplicationId"],
      !written.isEmpty
    {
      let text = LintMessages.dotnetApplicationID(written: written, used: package)
      notes.append(ManifestWarning(file: csproj, location: nil, keyPath: "ApplicationId", code: .unresolvedProjectFile, message: text.message, fix: text.fix))
      packageGuessed = true
    }
    for (file, source) in sources {
      for attribute in source.assemblyAttributes where attribute.name == "Application" {
        if let label = attribute.argument("Label") { applicationLabel = value(label.value, in: source, file: file, at: label.location, "Label").first }
      }
      for type in source.classes {
        if let application = type.attributes.first(where: { $0.name == "Application" }), let label = application.argument("Label") {
          applicationLabel = value(label.value, in: source, file: file, at: label.location, "Label").first
        }
        guard let activity = type.attributes.first(where: { $0.name == "Activity" }) else { continue }
        var attributes: [(String, String)] = []
        // The Java name: `Name`, else `[Register("…")]`, else the crc64 package of the namespace
        // and assembly with the class name (a nested class `Outer_Inner`).
        let register = type.attributes.first { $0.name == "Register" }?.arguments.first { $0.label == nil }
        let nested = (type.outer + [type.name]).joined(separator: "_")
        let name: String
        if let written = activity.argument("Name") ?? register, let text = value(written.value, in: source, file: file, at: written.location, "Name").first {
          // `[Register("com/example/Share")]` is a JNI name.
          name = text.replacing("/", with: ".")
        } else {
          name = "crc64" + CRC64.hex(type.namespace + ":" + assembly) + "." + nested
        }
        // An activity the template declares (by this name or by the lower-case namespace's, which
        // the build renames to this one) is not generated again.
        let compat = (type.namespace.isEmpty ? "" : type.namespace.lowercased() + ".") + nested
        if declared.contains(compat) && !declared.contains(name) && compat != name { renames.append((compat, name)) }
        if declared.contains(name) || declared.contains(compat) { continue }
        attributes.append(("name", name))
        for (property, attribute) in [("Label", "label"), ("Exported", "exported"), ("Enabled", "enabled"), ("Permission", "permission")] {
          if let written = activity.argument(property), let text = value(written.value, in: source, file: file, at: written.location, property).first {
            attributes.append((attribute, text))
          }
        }
        // `MainLauncher = true` adds a MAIN/LAUNCHER filter first, and `exported="true"` unless
        // `Exported` is written (AddLauncherIntentElements), unless a filter already has both.
        let filters = type.attributes.filter { $0.name == "IntentFilter" }
        let launcherWritten = filters.contains { filter in
          let actions = (filter.arguments.first { $0.label == nil } ?? filter.argument("actions"))
            .map { value($0.value, in: source, file: file, at: $0.location, "actions", quiet: true) } ?? []
          let categories = filter.argument("Categories").map { value($0.value, in: source, file: file, at: $0.location, "Categories", quiet: true) } ?? []
          return actions.contains("android.intent.action.MAIN") && categories.contains("android.intent.category.LAUNCHER")
        }
        let launcher = (activity.argument("MainLauncher").map { $0.value == .bool(true) } ?? false) && !launcherWritten
        if launcher && activity.argument("Exported") == nil { attributes.append(("exported", "true")) }
        lines.append((element("activity", attributes, prefix: prefix, close: false), file, activity.location))
        if launcher {
          lines.append(
            ("<intent-filter><action \(prefix):name=\"android.intent.action.MAIN\"/><category \(prefix):name=\"android.intent.category.LAUNCHER\"/></intent-filter>",
             file, activity.location))
        }
        for filter in filters {
          let actions = (filter.arguments.first { $0.label == nil } ?? filter.argument("actions"))
            .map { value($0.value, in: source, file: file, at: $0.location, "actions") } ?? []
          var filterAttributes: [(String, String)] = []
          for (property, attribute) in [("Label", "label"), ("Priority", "priority")] {
            if let written = filter.argument(property), let text = value(written.value, in: source, file: file, at: written.location, property).first {
              filterAttributes.append((attribute, text))
            }
          }
          var xml = element("intent-filter", filterAttributes, prefix: prefix, close: false)
          for action in actions { xml += element("action", [("name", action)], prefix: prefix, close: true) }
          if let categories = filter.argument("Categories") {
            for category in value(categories.value, in: source, file: file, at: categories.location, "Categories") {
              xml += element("category", [("name", category)], prefix: prefix, close: true)
            }
          }
          for (singular, plural, attribute) in dataProperties {
            for property in [singular, plural] {
              guard let written = filter.argument(property) else { continue }
              for text in value(written.value, in: source, file: file, at: written.location, property) {
                xml += element("data", [(attribute, text)], prefix: prefix, close: true)
              }
            }
          }
          lines.append((xml + "</intent-filter>", file, filter.location))
        }
        lines.append(("</activity>", file, activity.location))
      }
    }
    // The manifest the build writes: the template, its package, label and target API level
    // filled in where it leaves them out, the generated activities before `</application>`.
    var text = templateText
    // The template's activities the build renames (the lower-case namespace's name to crc64's).
    for (from, to) in renames {
      let (old, new) = (XMLText.attribute(from), XMLText.attribute(to))
      text = text.replacing("\(prefix):name=\"\(old)\"", with: "\(prefix):name=\"\(new)\"")
        .replacing("\(prefix):name='\(old)'", with: "\(prefix):name='\(new)'")
    }
    var insertedLine = 0
    if let close = text.ranges(of: "</application>").last {
      // Lines as the XML reader counts them: line feeds (a CRLF template's too).
      insertedLine = 1 + text.utf8[..<close.lowerBound].lazy.filter { $0 == 0x0A }.count
      text.insert(contentsOf: "\n" + lines.map(\.text).joined(separator: "\n") + "\n", at: close.lowerBound)
    } else if !lines.isEmpty {
      return [(template ?? csproj, .failure(ManifestError(file: template ?? csproj, location: nil, keyPath: "", problem: .projectFile(ProjectMessages.dotnetTemplateWithoutApplication))))]
    }
    if let root = templateRoot ?? (try? XMLReader.parse(Array(text.utf8))) {
      if root.attribute("package") == nil, let start = text.firstRange(of: "<manifest") {
        text.insert(contentsOf: " package=\"\(XMLText.attribute(package))\"", at: start.upperBound)
      }
      // The label: [Application(Label)], else the template's, else ApplicationTitle, else the
      // package (GenerateMainAndroidManifest: `ApplicationLabel ?? PackageName`).
      let written = root.children.first { $0.name == "application" }?.attribute(prefix + ":label") != nil
      if let start = text.firstRange(of: "<application") {
        if let label = applicationLabel, written, let tagEnd = text[start.upperBound...].firstIndex(of: ">"),
          let attribute = text[start.upperBound..<tagEnd].firstRange(of: prefix + ":label="),
          let open = text[attribute.upperBound..<tagEnd].first(where: { $0 == "\"" || $0 == "'" }).flatMap({ quote in
            text[attribute.upperBound..<tagEnd].firstIndex(of: quote).map { (quote, $0) }
          }),
          let close = text[text.index(after: open.1)..<tagEnd].firstIndex(of: open.0)
        {
          text.replaceSubrange(text.index(after: open.1)..<close, with: XMLText.attribute(label))
        } else if !written {
          let label = applicationLabel ?? project.value("ApplicationTitle") ?? package
          text.insert(contentsOf: " \(prefix):label=\"\(XMLText.attribute(label))\"", at: start.upperBound)
        }
      }
      // The target API level, unless the template's <uses-sdk> has one.
      let usesSdk = root.children.first { $0.name == "uses-sdk" }
      if usesSdk?.attribute(prefix + ":targetSdkVersion") == nil, let target = project.targetSdk {
        if usesSdk != nil, let start = Self.startTag("uses-sdk", in: text) {
          text.insert(contentsOf: " \(prefix):targetSdkVersion=\"\(target)\"", at: start.upperBound)
        } else if usesSdk == nil, let close = text.ranges(of: "</manifest>").last {
          text.insert(contentsOf: "<uses-sdk \(prefix):targetSdkVersion=\"\(target)\"/>", at: close.lowerBound)
        }
      }
    }
    let display = template ?? csproj
    var read = PlatformImport.decode(Array(text.utf8), file: display, inDirectory: inDirectory, files: files, options: options)
    // Places: lines before the generated ones are the template's own, generated lines are C#,
    // later lines are the template's moved down.
    func place(_ location: SourceLocation?) -> (file: String, location: SourceLocation?) {
      guard let location else { return (display, nil) }
      let generated = location.line - insertedLine - 1
      if location.line > insertedLine && generated < lines.count { return (lines[generated].file, lines[generated].location) }
      // The lines of the template (none when there is no template: the project's).
      if template == nil { return (csproj, nil) }
      if location.line <= insertedLine || lines.isEmpty { return (display, location) }
      return (display, SourceLocation(line: location.line - lines.count - 1, column: location.column))
    }
    var byFile: [String: Decoded] = [:]
    var order: [String] = []
    func add(_ file: String, _ change: (inout Decoded) -> Void) {
      if byFile[file] == nil {
        byFile[file] = Decoded()
        order.append(file)
      }
      change(&byFile[file, default: Decoded()])
    }
    for document in read.documents {
      switch document {
      case .handler(var handler, var places):
        let (file, location) = place(places.handler.location)
        handler.origin = file
        if packageGuessed && !handler.guessed.contains(.id) { handler.guessed.append(.id) }
        places.handler.location = location
        places.order = nil
        places.filters = places.filters.map { filter in
          var filter = filter
          filter.location = place(filter.location).location
          filter.mimeTypes = filter.mimeTypes.map { ($0.value, place($0.location).location, $0.keyPath) }
          filter.priority = filter.priority.map { (place($0.location).location, $0.keyPath) }
          filter.schemes = filter.schemes.map { (place($0.location).location, $0.keyPath) }
          filter.categories = filter.categories.map { (place($0.location).location, $0.keyPath) }
          return filter
        }
        add(file) { $0.documents.append(.handler(handler, places)) }
      case .component(var component):
        component.origin = display
        add(display) { $0.documents.append(.component(component)) }
      case .source:
        break
      }
    }
    for error in read.errors {
      let (file, location) = error.file == display ? place(error.location) : (error.file, error.location)
      add(file) { $0.errors.append(ManifestError(file: file, location: location, keyPath: error.keyPath, problem: error.problem)) }
    }
    for warning in read.warnings {
      let (file, location) = warning.file == display ? place(warning.location) : (warning.file, warning.location)
      add(file) {
        $0.warnings.append(ManifestWarning(file: file, location: location, keyPath: warning.keyPath, code: warning.code, message: warning.message, fix: warning.fix))
      }
    }
    for note in notes { add(note.file) { $0.warnings.append(note) } }
    read.documents = []
    // A project without share targets: skipped when a walk found it, an error when named.
    let hasHandler = byFile.values.contains { $0.documents.contains { if case .handler = $0 { true } else { false } } }
    if !hasHandler && byFile.values.allSatisfy({ $0.errors.isEmpty }) {
      let none = PlatformImport.noTarget(read.skipped ?? PlistMessages.noShareActivity, file: csproj, inDirectory: inDirectory)
      if byFile[csproj] == nil { order.insert(csproj, at: 0) }
      byFile[csproj, default: Decoded()].skipped = none.skipped
      byFile[csproj, default: Decoded()].errors += none.errors
    }
    return order.compactMap { file in byFile[file].map { (file, $0) } }
  }

  /// A `.csproj` that cannot be read: an error when C# beside it declares Android components
  /// (a share target may be lost), else skipped with the reason.
  private static func unreadable(_ csproj: String, why: String, files: ProjectFiles, inDirectory: Bool) -> Decoded {
    let declares = sourceFiles(in: ProjectPath.parent(csproj), files: files).contains { file in
      guard case .success(let bytes) = files.read(file, limit: CSharpSource.maxSize) else { return false }
      return contains(bytes, "IntentFilter")
    }
    let error = ManifestError(file: csproj, location: nil, keyPath: "", problem: .projectFile(why))
    guard inDirectory, !declares else { return .failure(error) }
    return Decoded(skipped: PlistMessages.unreadableNoShareTarget(why))
  }

  /// The C# files of a project folder, sorted: `bin/`, `obj/`, hidden folders, other platforms'
  /// `Platforms/*` and folders holding another project left out.
  static func sourceFiles(in folder: String, files: ProjectFiles) -> [String] {
    var found: [String] = []
    var pending: [(String, Int)] = [(folder, 0)]
    var entries = 0
    while let (current, depth) = pending.popLast(), found.count < maxSourceFiles, entries < maxEntries {
      let names = files.list(current)
      if depth > 0 && names.contains(where: { $0.hasSuffix(".csproj") }) { continue }
      for name in names where !name.hasPrefix(".") {
        entries += 1
        let path = ProjectPath.join(current, name)
        if name.hasSuffix(".cs") {
          if found.count < maxSourceFiles && files.isFile(path) { found.append(path) }
        } else if depth < maxDepth, !["bin", "obj", "node_modules"].contains(name), files.isDirectory(path) {
          if ProjectPath.name(current) == "Platforms" && name != "Android" { continue }
          pending.append((path, depth + 1))
        }
      }
    }
    return found.sorted { $0.utf8Precedes($1) }
  }

  /// Where the name of the first `<name` start tag outside comments ends (`<uses-sdk` but not
  /// `<uses-sdk-library`, nor one in `<!-- … -->`).
  static func startTag(_ name: String, in text: String) -> Range<String.Index>? {
    var rest = text[...]
    var seen = 0
    while let found = rest.firstRange(of: "<" + name), seen < 10_000 {
      seen += 1
      let before = text[..<found.lowerBound]
      let inComment = (before.ranges(of: "<!--").last?.lowerBound).map { open in !text[open..<found.lowerBound].contains("-->") } ?? false
      let next = text[found.upperBound...].first
      if !inComment, let next, next == " " || next == "/" || next == ">" || next == "\n" || next == "\t" || next == "\r\n" || next == "\r" {
        return found
      }
      rest = text[found.upperBound...]
    }
    return nil
  }

  /// A name made a Java package as the build does: characters other than letters, digits, `_`
  /// and `.` become `_`, a name of one segment is doubled.
  static func packageName(_ name: String) -> String {
    let valid = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber) || $0 == "_" || $0 == "." ? $0 : "_" })
    return valid.contains(".") ? valid : valid + "." + valid
  }

  /// `<data>` attributes: the singular property, the plural one, the attribute.
  static let dataProperties: [(String, String, String)] = [
    ("DataMimeType", "DataMimeTypes", "mimeType"), ("DataScheme", "DataSchemes", "scheme"), ("DataHost", "DataHosts", "host"),
    ("DataPort", "DataPorts", "port"), ("DataPath", "DataPaths", "path"), ("DataPathPrefix", "DataPathPrefixes", "pathPrefix"),
    ("DataPathPattern", "DataPathPatterns", "pathPattern"), ("DataPathSuffix", "DataPathSuffixes", "pathSuffix"),
    ("DataPathAdvancedPattern", "DataPathAdvancedPatterns", "pathAdvancedPattern"),
  ]

  private static func element(_ name: String, _ attributes: [(String, String)], prefix: String, close: Bool) -> String {
    "<\(name)" + attributes.map { " \(prefix):\($0.0)=\"\(XMLText.attribute($0.1))\"" }.joined() + (close ? "/>" : ">")
  }

  private static func contains(_ bytes: [UInt8], _ word: String) -> Bool {
    let needle = Array(word.utf8)
    guard bytes.count >= needle.count, let first = needle.first else { return false }
    var index = 0
    while index <= bytes.count - needle.count {
      if bytes[index] == first && bytes[index..<index + needle.count].elementsEqual(needle) { return true }
      index += 1
    }
    return false
  }
}

/// The `Android.Content.Intent` constants C# code names, with their values (the platform's
/// `Intent.ACTION_*` and `CATEGORY_*` strings).
enum AndroidConstants {
  static let intent: [String: String] = [
    "ActionSend": "android.intent.action.SEND", "ActionSendMultiple": "android.intent.action.SEND_MULTIPLE",
    "ActionSendto": "android.intent.action.SENDTO", "ActionView": "android.intent.action.VIEW",
    "ActionMain": "android.intent.action.MAIN", "ActionEdit": "android.intent.action.EDIT",
    "ActionPick": "android.intent.action.PICK", "ActionGetContent": "android.intent.action.GET_CONTENT",
    "ActionProcessText": "android.intent.action.PROCESS_TEXT", "ActionAttachData": "android.intent.action.ATTACH_DATA",
    "ActionInsert": "android.intent.action.INSERT", "ActionSearch": "android.intent.action.SEARCH",
    "ActionWebSearch": "android.intent.action.WEB_SEARCH", "ActionDial": "android.intent.action.DIAL",
    "ActionCall": "android.intent.action.CALL", "ActionOpenDocument": "android.intent.action.OPEN_DOCUMENT",
    "ActionCreateDocument": "android.intent.action.CREATE_DOCUMENT", "ActionChooser": "android.intent.action.CHOOSER",
    "ActionApplicationPreferences": "android.intent.action.APPLICATION_PREFERENCES",
    "CategoryDefault": "android.intent.category.DEFAULT", "CategoryBrowsable": "android.intent.category.BROWSABLE",
    "CategoryLauncher": "android.intent.category.LAUNCHER", "CategoryOpenable": "android.intent.category.OPENABLE",
    "CategoryAlternative": "android.intent.category.ALTERNATIVE", "CategorySelectedAlternative": "android.intent.category.SELECTED_ALTERNATIVE",
    "CategoryHome": "android.intent.category.HOME", "CategoryInfo": "android.intent.category.INFO",
    "CategoryLeanbackLauncher": "android.intent.category.LEANBACK_LAUNCHER",
  ]

  /// The value of `Intent.X` (or `Android.Content.Intent.X`), or `nil`.
  static func value(of name: String) -> String? {
    let parts = name.split(separator: ".")
    guard parts.count >= 2, parts[parts.count - 2] == "Intent" else { return nil }
    return intent[String(parts[parts.count - 1])]
  }
}
