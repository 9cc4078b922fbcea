/// What an Android module around an `AndroidManifest.xml` says about the app: its package (from
/// the manifest, else Gradle's `namespace`), its `applicationId`, its string resources, and a
/// readable folder name for fallbacks.
struct AndroidModuleContext {
  /// The module's folder (the one holding `src/` and the Gradle script).
  var module: String
  /// The Gradle script read, when there is one.
  var gradleFile: String?
  /// What the Gradle script said.
  var gradle: GradleScript?
  /// Why the Gradle script could not be read.
  var gradleProblem: String?
  /// `res/values/*.xml`.
  var strings: AndroidStrings
  /// The app's folder name (for labels nothing else names).
  var appFolder: String

  /// Reads the module around a manifest file.
  init(manifest file: String, files: ProjectFiles, locale: AndroidLocale? = nil) {
    let manifestFolder = ProjectPath.parent(file)
    let sourceSet = ProjectPath.parent(manifestFolder)
    // `module/src/main/AndroidManifest.xml`, else a manifest at the module's root.
    module = ProjectPath.realName(sourceSet) == "src" ? ProjectPath.parent(sourceSet) : manifestFolder
    appFolder = ProjectPath.appFolder(of: file)
    let lookup = files.gradleScript(in: module)
    switch lookup {
    case .none: break
    case .found(let path, let script):
      gradleFile = path
      gradle = script
    case .failed(let path, let why):
      gradleFile = path
      gradleProblem = why
    }
    var valuesFolders = [ProjectPath.join(manifestFolder, "res/values")]
    let mainValues = ProjectPath.join(module, "src/main/res/values")
    if !valuesFolders.contains(mainValues) { valuesFolders.append(mainValues) }
    valuesFolders = AndroidStrings.localized(valuesFolders, locale)
    let key = valuesFolders.joined(separator: "\n")
    if let cached = files.strings[key] {
      strings = cached
    } else {
      strings = AndroidStrings(valuesDirectories: valuesFolders.filter(files.isDirectory), files: files)
      files.strings[key] = strings
    }
  }

  /// A package name made from the module's path when nothing names one (`notes.app` for
  /// `apps/notes/app`): lower case, Java identifier segments.
  var fallbackPackage: String { Self.fallbackPackage(appFolder: appFolder, module: module) }

  /// A package made from an app's folder name and its module folder.
  static func fallbackPackage(appFolder: String, module: String) -> String {
    let parts = [appFolder, ProjectPath.realName(module)].map { part -> String in
      var segment = String(part.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
      if segment.first?.isNumber ?? true { segment = "_" + segment }
      return segment
    }
    return parts[0] == parts[1] ? parts[0] : parts.joined(separator: ".")
  }
}

/// The Xcode target whose `INFOPLIST_FILE` is an extension's `Info.plist`, with its build
/// settings for the chosen configuration.
struct XcodeTargetContext {
  /// The `project.pbxproj` read.
  var projectFile: String
  var projectName: String
  var targetName: String
  /// The configuration whose settings are used.
  var configuration: String
  var settings: BuildSettings
  /// `.xcconfig` files (or lines of them) that could not be read while resolving the settings.
  var problems: [XcodeProject.Failure] = []
  /// The application that embeds the target, with its settings for the same configuration.
  var host: (name: String, settings: BuildSettings)?

  /// How messages name the project: `Chat.xcodeproj`, or the XcodeGen spec's file name.
  var projectLabel: String {
    ProjectPath.name(projectFile) == "project.pbxproj" ? ProjectPath.name(ProjectPath.parent(projectFile)) : ProjectPath.name(projectFile)
  }

  /// The names XcodeGen reads a spec from.
  static let xcodeGenSpecNames = ["project.yml", "project.yaml"]

  /// The platform the target builds for, from `SDKROOT` (`iphoneos`, `macosx`, `xros`, …; `auto`
  /// with `SUPPORTED_PLATFORMS`): `nil` for iOS (or when the project does not say).
  var otherPlatform: String? { Self.otherPlatform(settings) }

  /// ``otherPlatform`` of a target's settings.
  static func otherPlatform(_ settings: BuildSettings) -> String? {
    guard case .success(let sdk) = settings.expand("$(SDKROOT)"), !sdk.isEmpty else { return nil }
    let name = ProjectPath.name(sdk).lowercased()
    if name.hasPrefix("iphone") { return nil }
    if name == "auto" {
      guard case .success(let supported) = settings.expand("$(SUPPORTED_PLATFORMS)"), !supported.isEmpty else { return nil }
      let platforms = supported.split(separator: " ").map { $0.lowercased() }
      return platforms.contains { $0.hasPrefix("iphone") } ? nil : platforms.joined(separator: " ")
    }
    return sdk
  }

  /// `IPHONEOS_DEPLOYMENT_TARGET` of the target and of its host app, when written.
  var deploymentTargets: (extension: String?, host: String?) {
    func value(_ settings: BuildSettings?) -> String? {
      guard let settings, case .success(let text) = settings.expand("$(IPHONEOS_DEPLOYMENT_TARGET)"), !text.isEmpty else { return nil }
      return text
    }
    return (value(settings), value(host?.settings))
  }

  /// Where a plist stands with the projects above it.
  enum Lookup {
    case target(XcodeTargetContext)
    /// Projects were read and no target of theirs builds the plist (their file names).
    case notBuilt([String])
    /// No project, or one whose settings could not all be known.
    case unknown
    /// XcodeGen writes the plist from a target's `info.properties` (spec file, target name).
    case generated(String, String)
  }

  /// The nearest project above the plist (at most 6 folders up) with a target that uses it, or
  /// the projects that were read and do not build it.
  static func lookup(
    plist file: String, options: ImportOptions, files: ProjectFiles, problems: inout [XcodeProject.Failure]
  ) -> Lookup {
    var notBuilt: [String] = []
    var certain = true
    var relative = [ProjectPath.realName(file)]
    var folder = ProjectPath.parent(file)
    for _ in 0..<6 {
      let names = files.list(folder)
      let bundles = names.filter { $0.hasSuffix(".xcodeproj") }.sorted()
      // A workspace may bring in projects of sibling folders: what they build is not known here.
      if names.contains(where: { $0.hasSuffix(".xcworkspace") }) { certain = false }
      // A .NET project for iOS (MAUI's Platforms/iOS, an extension project): ApplicationId is
      // the bundle id and ApplicationTitle the display name where the plist has none.
      if bundles.isEmpty, let csproj = names.first(where: { $0.hasSuffix(".csproj") }), let context = dotnet(ProjectPath.join(folder, csproj), files: files) {
        return .target(context)
      }
      // An XcodeGen project without a generated .xcodeproj beside it: its spec says it all.
      if bundles.isEmpty, let specName = Self.xcodeGenSpecNames.first(where: names.contains),
        let spec = files.xcodeGenSpec(ProjectPath.join(folder, specName))
      {
        switch xcodeGen(spec, plist: relative.joined(separator: "/"), options: options) {
        case .target(let context): return .target(context)
        case .generated(let file, let target): return .generated(file, target)
        case .notBuilt(let names): notBuilt += names
        case .unknown: certain = false
        }
      }
      for bundle in bundles {
        let path = ProjectPath.join(ProjectPath.join(folder, bundle), "project.pbxproj")
        let project: XcodeProject
        if let cached = files.xcode[path] {
          guard case .success(let found) = cached else {
            certain = false
            continue
          }
          project = found
        } else {
          guard files.isFile(path) else { continue }
          let result: Result<XcodeProject, XcodeProject.Failure>
          switch files.read(path, limit: ProjectFiles.maxProjectSize) {
          case .failure(let why): result = .failure(XcodeProject.Failure(file: path, location: nil, message: why))
          case .success(let bytes):
            result = Result { () throws(XcodeProject.Failure) in try XcodeProject(file: path, bytes: bytes) }
          }
          files.xcode[path] = result
          switch result {
          case .success(let found): project = found
          case .failure(let failure):
            problems.append(failure)
            certain = false
            continue
          }
        }
        let read = { (config: String) in files.xcodeConfig(config, sourceRoot: project.sourceRoot) }
        let matches: [XcodeProject.Target]
        switch project.owner(ofInfoPlist: relative.joined(separator: "/"), read: read) {
        case .targets(let found): matches = found
        case .none:
          notBuilt.append(ProjectPath.name(ProjectPath.parent(path)))
          continue
        case .unknown:
          certain = false
          continue
        }
        // Of targets sharing the plist, an iPhone one.
        let contexts = matches.compactMap { target in
          project.settings(of: target, configuration: options.configuration, read: read).map { (target, $0) }
        }
        guard case (let target, (var settings, let used, let settingProblems))? = contexts.first(where: { Self.otherPlatform($0.1.settings) == nil }) ?? contexts.first
        else {
          certain = false
          continue
        }
        // Paths in the project are relative to its folder: give them as the user gave the tree.
        func inTree(_ file: String) -> String {
          file.hasPrefix("/") || file == path ? file : ProjectPath.join(project.sourceRoot, file)
        }
        let located = settingProblems.map {
          var problem = $0
          problem.file = inTree(problem.file)
          return problem
        }
        settings.origins = settings.origins.mapValues {
          var origin = $0
          origin.file = origin.file.map(inTree)
          return origin
        }
        // A bound met is said in any case; the others only where a value needed what was not read.
        problems += located.filter(\.always)
        var context = XcodeTargetContext(
          projectFile: path, projectName: project.name, targetName: target.name, configuration: used,
          settings: settings, problems: located.filter { !$0.always })
        if let host = project.host(of: target), let hostSettings = project.settings(of: host, configuration: used, read: read) {
          context.host = (host.name, hostSettings.settings)
        }
        return .target(context)
      }
      let up = ProjectPath.parent(folder)
      guard up != folder else { break }
      relative.insert(ProjectPath.realName(folder), at: 0)
      folder = up
    }
    return certain && !notBuilt.isEmpty ? .notBuilt(notBuilt) : .unknown
  }

  /// The settings a .NET project for iOS gives its plist (`ApplicationId` as
  /// `PRODUCT_BUNDLE_IDENTIFIER`, `ApplicationTitle`, else the assembly name, as `PRODUCT_NAME`),
  /// or `nil` when it does not build for iOS or cannot be read.
  static func dotnet(_ csproj: String, files: ProjectFiles) -> XcodeTargetContext? {
    guard case .success(let project) = files.msbuildProject(csproj, platform: "ios"), project.buildsPlatform else { return nil }
    let name = ProjectPath.name(csproj)
    let stem = project.projectName
    let title = project.value("ApplicationTitle").map { ($0, "ApplicationTitle") }
      ?? (project.written.contains("AssemblyName") ? project.value("AssemblyName").map { ($0, "AssemblyName") } : nil)
    var values: [String: String] = ["PRODUCT_NAME": title?.0 ?? stem]
    var origins = ["PRODUCT_NAME": SettingOrigin(ProjectMessages.dotnetProperty(title?.1, project: name), file: csproj)]
    if let id = project.value("ApplicationId") {
      values["PRODUCT_BUNDLE_IDENTIFIER"] = id
      let place = project.places["ApplicationId"]
      origins["PRODUCT_BUNDLE_IDENTIFIER"] = SettingOrigin(
        ProjectMessages.dotnetProperty("ApplicationId", project: name), file: place?.file ?? csproj, location: place?.location,
        written: "ApplicationId")
    }
    return XcodeTargetContext(
      projectFile: csproj, projectName: stem, targetName: stem, configuration: "Release", settings: BuildSettings(values: values, origins: origins))
  }

  /// The target of an XcodeGen spec that builds a plist (its path relative to the spec's folder).
  static func xcodeGen(_ spec: XcodeGenSpec, plist relative: String, options: ImportOptions) -> Lookup {
    let wanted = XcodeProject.normalized(relative)
    let configuration = spec.configuration(options.configuration)
    let root = ProjectPath.parent(spec.file)
    var certain = true
    for target in spec.targets {
      let settings = spec.buildSettings(of: target, configuration: configuration)
      let path: String
      switch XcodeProject.infoPlistFile(settings, sourceRoot: root) {
      case .unknown:
        certain = false
        continue
      case .path(let written, let outside):
        if outside { certain = false }
        path = written
      case .none:
        // No plist named: XcodeGen takes the first Info.plist in the target's sources.
        guard ProjectPath.name(wanted).lowercased() == "info.plist",
          target.sources.contains(where: { wanted.lowercased().hasPrefix(XcodeProject.normalized($0).lowercased() + "/") })
        else { continue }
        path = wanted
      }
      guard path.lowercased() == wanted.lowercased() else { continue }
      if target.infoProperties != nil { return .generated(spec.file, target.name) }
      return .target(context(spec, target: target, configuration: configuration))
    }
    // Includes read relative to themselves, or sources that may hold the plist: not certain.
    if spec.hasIncludes { certain = false }
    return certain ? .notBuilt([ProjectPath.name(spec.file)]) : .unknown
  }

  /// A spec's target as an Xcode project's would be: its settings, and its app's.
  static func context(_ spec: XcodeGenSpec, target: XcodeGenSpec.Target, configuration: String) -> XcodeTargetContext {
    var context = XcodeTargetContext(
      projectFile: spec.file, projectName: spec.name, targetName: target.name, configuration: configuration,
      settings: spec.buildSettings(of: target, configuration: configuration))
    let applications = spec.targets.filter { $0.type == "application" }
    if let host = applications.first(where: { $0.dependencies.contains(target.name) }) ?? (applications.count == 1 ? applications.first : nil) {
      context.host = (host.name, spec.buildSettings(of: host, configuration: configuration))
    }
    return context
  }
}
