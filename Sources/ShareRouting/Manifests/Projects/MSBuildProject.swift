/// The properties of a .NET project (`.csproj`) that say what its Android manifest holds, read
/// as MSBuild evaluates them for an Android release build: the nearest `Directory.Build.props`
/// above the project first, then the project's `<PropertyGroup>`s in order, a later value
/// replacing an earlier one and `$(Name)` replaced by the value so far.
///
/// A `Condition` is decided the way a release build for the platform read (Android or iOS)
/// does: one that names that platform holds (`'$(TargetFramework)' == 'net8.0-android'`,
/// `GetTargetPlatformIdentifier(…) == 'ios'`), one that names another (Android, iOS, Mac
/// Catalyst, macOS, tvOS, Windows, Tizen) does not (both turned round by `!=`); `'$(X)' == ''`
/// holds when `X` has no value yet; a `Debug` configuration does not hold and `Release` does.
/// Any other condition is taken to hold.
struct MSBuildProject {
  /// The properties, by name.
  private(set) var properties: [String: String] = [:]
  /// The properties a file read sets (not only a default).
  private(set) var written: Set<String> = []
  /// Where each property's value was last set: the file and the element's line and column.
  private(set) var places: [String: (file: String, location: SourceLocation)] = [:]
  /// The target frameworks (`TargetFramework` or `TargetFrameworks`, split on `;`).
  private(set) var targetFrameworks: [String] = []
  /// Why a project file cannot be read.
  struct Unreadable: Error {
    let why: String
  }

  /// The platform read: `android` or `ios`.
  let platform: String
  /// The project's name: its file's without `.csproj` (`$(MSBuildProjectName)`).
  let projectName: String
  /// Whether the project builds for the platform (a `netN.0-<platform>` target framework, or
  /// Xamarin's build imported).
  private(set) var buildsPlatform = false
  /// Whether the project builds an application (`<OutputType>Exe</OutputType>`, or Xamarin's
  /// `<AndroidApplication>true</AndroidApplication>`).
  private(set) var isApplication = false

  static let platforms = ["android", "ios", "maccatalyst", "macos", "tvos", "windows", "tizen"]

  /// The most properties kept, and the longest value: more is no project file.
  static let maxProperties = 10_000
  static let maxValueLength = 64 * 1024

  init(file: String, root: XMLNode, files: ProjectFiles, platform: String = "android") {
    self.platform = platform
    projectName = Self.stem(ProjectPath.name(file))
    properties["MSBuildProjectName"] = projectName
    // The SDK's default, before the project's own value (``written`` tells them apart).
    properties["AssemblyName"] = properties["MSBuildProjectName"]
    // The nearest Directory.Build.props above the project (MSBuild imports that one only).
    for folder in ProjectPath.ancestors(of: file, limit: 16) {
      let props = ProjectPath.join(folder, "Directory.Build.props")
      guard files.isFile(props), case .success(let bytes) = files.read(props, limit: ManifestLoader.maxFileSize),
        let propsRoot = try? XMLReader.parse(bytes)
      else { continue }
      evaluate(propsRoot, file: props)
      break
    }
    evaluate(root, file: file)
    let frameworks = value("TargetFrameworks") ?? value("TargetFramework") ?? ""
    targetFrameworks = frameworks.split(separator: ";").map { $0.trimmingCharacters(in: " \t\r\n") }.filter { !$0.isEmpty }
    isApplication = value("OutputType")?.lowercased() == "exe" || value("AndroidApplication")?.lowercased() == "true"
    let xamarin = platform == "android" ? "Xamarin.Android" : "Xamarin.iOS"
    let classic = root.children.contains { $0.name == "Import" && ($0.attribute("Project")?.value.contains(xamarin) ?? false) }
    buildsPlatform = targetFrameworks.contains { $0.lowercased().contains("-" + platform) } || classic
  }

  /// Whether the project builds an Android application.
  var isAndroid: Bool { platform == "android" && isApplication && buildsPlatform }

  /// A property's value, `nil` when it is not set, is empty, or still names a property no file
  /// here sets.
  func value(_ name: String) -> String? {
    guard let value = properties[name], !value.isEmpty, !value.contains("$(") else { return nil }
    return value
  }

  /// The API level the app targets: the one its Android target framework names
  /// (`net8.0-android34.0`), else the one that .NET version targets by default, else (Xamarin.Android)
  /// the one of `TargetFrameworkVersion`; `nil` when none is known.
  var targetSdk: Int? {
    if let framework = targetFrameworks.first(where: { $0.lowercased().contains("-android") }) {
      let parts = framework.lowercased().split(separator: "-android", maxSplits: 1, omittingEmptySubsequences: false)
      if parts.count == 2, let api = Int(parts[1].split(separator: ".").first ?? "") { return api }
      let version = parts[0].dropFirst(3).split(separator: ".").first.flatMap { Int($0) }
      return version.flatMap { Self.defaultTargetSdk[$0] }
    }
    if let version = value("TargetFrameworkVersion") {
      return Self.xamarinTargetSdk[version.lowercased()]
    }
    return nil
  }

  /// The API level `netN.0-android` targets, by N (dotnet/android's
  /// `Microsoft.Android.Sdk` default `TargetPlatformVersion` of each release).
  static let defaultTargetSdk: [Int: Int] = [6: 31, 7: 33, 8: 34, 9: 35, 10: 36]
  /// Xamarin.Android's `TargetFrameworkVersion` (Android version) to its API level.
  static let xamarinTargetSdk: [String: Int] = [
    "v8.0": 26, "v8.1": 27, "v9.0": 28, "v10.0": 29, "v11.0": 30, "v12.0": 31, "v12.1": 32, "v13.0": 33,
  ]

  private mutating func evaluate(_ root: XMLNode, file: String) {
    for group in root.children where group.name == "PropertyGroup" && holds(group.attribute("Condition")?.value) {
      for property in group.children where holds(property.attribute("Condition")?.value) {
        guard properties.count < Self.maxProperties || properties[property.name] != nil else { return }
        let value = expand(property.text.trimmingCharacters(in: " \t\r\n"))
        if value.utf8.count <= Self.maxValueLength {
          properties[property.name] = value
          written.insert(property.name)
          places[property.name] = (file, property.location)
        }
      }
    }
  }

  /// `$(Name)` replaced by the value so far (an unknown name is kept as written).
  private func expand(_ text: String) -> String {
    guard text.contains("$(") else { return text }
    var out = ""
    var rest = Substring(text)
    while let open = rest.firstRange(of: "$("), let close = rest[open.upperBound...].firstIndex(of: ")") {
      out += rest[..<open.lowerBound]
      let name = String(rest[open.upperBound..<close])
      out += properties[name] ?? String(rest[open.lowerBound...close])
      rest = rest[rest.index(after: close)...]
      guard out.utf8.count <= Self.maxValueLength else { return text }
    }
    return out + rest
  }

  /// A condition: its clauses joined by `and` / `or` (left to right), each decided alone.
  private func holds(_ condition: String?) -> Bool {
    guard let condition, !condition.trimmingCharacters(in: " \t\r\n").isEmpty else { return true }
    var result: Bool?
    var joiner = "and"
    var clause = ""
    // Split on scalars: `\r\n` is one character, and neither `\r` nor `\n`.
    let words = condition.unicodeScalars.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
    for word in words.prefix(256).map({ String(String.UnicodeScalarView($0)) }) {
      let lower = word.lowercased()
      if lower == "and" || lower == "or" {
        let value = holdsClause(clause)
        result = result.map { joiner == "and" ? $0 && value : $0 || value } ?? value
        joiner = lower
        clause = ""
      } else {
        clause += (clause.isEmpty ? "" : " ") + word
      }
    }
    let value = holdsClause(clause)
    return result.map { joiner == "and" ? $0 && value : $0 || value } ?? value
  }

  /// One comparison: `'$(X)' == ''` (or `!=`) asks whether X is set; one naming the platform read
  /// holds, another platform does not, nor a `Debug` configuration (`Release` does); a
  /// `'$(Configuration)|$(TargetFramework)'=='Debug|net8.0-android'` pair must pass both.
  private func holdsClause(_ clause: String) -> Bool {
    let compact = clause.filter { $0 != " " }.trimmingCharacters(in: "()")
    let lower = compact.lowercased()
    let negated = lower.contains("!=")
    for (operator_, wantsEmpty) in [(")'==''", true), (")'!=''", false)]
    where compact.hasPrefix("'$(") && compact.hasSuffix(operator_) {
      let name = String(compact.dropFirst(3).dropLast(operator_.count))
      guard !name.contains("$") && !name.contains("(") else { break }
      return (properties[name] ?? "").isEmpty == wantsEmpty
    }
    // Whether the value compared describes this build (a `Debug|net8.0-android` pair, both
    // halves); the comparison then holds for `==` and not for `!=`.
    let mentionsConfiguration = lower.contains("debug") || lower.contains("release")
    let otherPlatform = Self.platforms.contains(where: { $0 != platform && lower.contains($0) })
    guard mentionsConfiguration || lower.contains(platform) || otherPlatform else { return true }
    let configurationMatches = !lower.contains("debug")
    let platformMatches = lower.contains(platform) || !otherPlatform
    return (configurationMatches && platformMatches) != negated
  }

  private static func stem(_ name: String) -> String {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }
}
