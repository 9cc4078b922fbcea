import ShareVocabulary

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The files around a platform file that share-route reads to resolve what the platform file
/// leaves to the build (Gradle scripts, string resources, Xcode projects), read at most once
/// per load and always within bounds.
///
/// `ProjectFiles.none` reads nothing: platform files given as bytes (tests, fuzzing) resolve
/// only what they say themselves.
final class ProjectFiles {
  /// The largest Gradle script or resource file read, in bytes (1 MiB).
  static let maxFileSize = 1 << 20
  /// The largest `project.pbxproj` read, in bytes (16 MiB: large apps have multi-megabyte projects).
  static let maxProjectSize = 16 << 20
  /// The most directory entries listed per directory.
  static let maxEntries = 10_000

  private let enabled: Bool
  private var listings: [String: [String]] = [:]
  var gradle: [String: GradleLookup] = [:]
  var strings: [String: AndroidStrings] = [:]
  var xcode: [String: Result<XcodeProject, XcodeProject.Failure>] = [:]
  private var xcodeConfigs: [String: Result<XcodeConfigFile, XcodeProject.Failure>] = [:]
  private var xcodeGenSpecs: [String: XcodeGenSpec?] = [:]
  private var msbuildProjects: [String: Result<MSBuildProject, MSBuildProject.Unreadable>] = [:]

  /// What a module's Gradle script said, or why it could not be read.
  enum GradleLookup {
    case none
    case found(file: String, script: GradleScript)
    case failed(file: String, why: String)
  }

  /// The folder being walked: a file inside it as written but outside it for real (a symbolic
  /// link out: a `strings.xml`, an `.xcconfig`, a Gradle script) is not read. A new tree starts
  /// with nothing read (what one tree refused or allowed is not another's answer).
  var tree: String? {
    didSet {
      if tree != oldValue { forget() }
    }
  }
  /// `--follow-links`: links out of the tree are read.
  var followLinks = false

  init(enabled: Bool = true) { self.enabled = enabled }

  /// Reads nothing.
  static var none: ProjectFiles { ProjectFiles(enabled: false) }

  /// Drops every file read so far.
  private func forget() {
    listings = [:]
    gradle = [:]
    strings = [:]
    xcode = [:]
    xcodeConfigs = [:]
    xcodeGenSpecs = [:]
    msbuildProjects = [:]
  }

  /// The names in a directory (no `.` and `..`), or `[]` when it cannot be listed.
  func list(_ directory: String) -> [String] {
    guard enabled else { return [] }
    if let cached = listings[directory] { return cached }
    let names = Directory.names(in: directory, limit: Self.maxEntries) ?? []
    listings[directory] = names
    return names
  }

  /// Whether a regular file (symlinks followed) exists at the path.
  func isFile(_ path: String) -> Bool {
    guard enabled else { return false }
    var info = stat()
    return PathBytes.withCPath(path, { $0.map { stat($0, &info) } ?? -1 }) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }

  /// Whether a directory (symlinks followed) exists at the path.
  func isDirectory(_ path: String) -> Bool {
    guard enabled else { return false }
    return BoundedFile.isDirectory(path)
  }

  /// The build script of a module folder (`build.gradle.kts`, else `build.gradle`), read once.
  func gradleScript(in module: String) -> GradleLookup {
    if let cached = gradle[module] { return cached }
    var found = GradleLookup.none
    for name in ["build.gradle.kts", "build.gradle"] {
      let path = ProjectPath.join(module, name)
      guard isFile(path) else { continue }
      switch read(path, limit: GradleScript.maxSize) {
      case .success(let bytes): found = .found(file: path, script: GradleScript(bytes: bytes))
      case .failure(let why): found = .failed(file: path, why: why)
      }
      break
    }
    gradle[module] = found
    return found
  }

  /// The XcodeGen spec at a path (`project.yml`), read once with its includes; `nil` when there
  /// is none, or it cannot be read or is no spec (the walk reports its problems when it reads it).
  func xcodeGenSpec(_ path: String) -> XcodeGenSpec? {
    guard enabled else { return nil }
    if let cached = xcodeGenSpecs[path] { return cached }
    var spec: XcodeGenSpec?
    if isFile(path), let root = try? ConfigDocument.tree(file: path), XcodeGenSpec.isSpec(root) {
      var problems: [ManifestError] = []
      spec = XcodeGenSpec(file: path, root: root, read: { file in Result { () throws(ManifestError) in try ConfigDocument.tree(file: file) } }, problems: &problems)
    }
    xcodeGenSpecs[path] = .some(spec)
    return spec
  }

  /// A .NET project (`.csproj`) as a build for a platform (`android`, `ios`) reads it, read once
  /// per platform, or why it cannot be read.
  func msbuildProject(_ path: String, platform: String) -> Result<MSBuildProject, MSBuildProject.Unreadable> {
    let key = platform + "\u{0}" + path
    if let cached = msbuildProjects[key] { return cached }
    let result: Result<MSBuildProject, MSBuildProject.Unreadable>
    switch read(path, limit: ManifestLoader.maxFileSize) {
    case .failure(let why): result = .failure(MSBuildProject.Unreadable(why: why))
    case .success(let bytes):
      do throws(XMLSyntaxError) {
        result = .success(MSBuildProject(file: path, root: try XMLReader.parse(bytes), files: self, platform: platform))
      } catch {
        result = .failure(MSBuildProject.Unreadable(why: "\(error.location): \(error.message)"))
      }
    }
    msbuildProjects[key] = result
    return result
  }

  /// An `.xcconfig` file of a project, read once (`path` is relative to the folder holding the
  /// `.xcodeproj`, or absolute); a failure names the path as the project writes it.
  ///
  /// Only a file of the project is read: one inside the project's folder as written, or inside
  /// the tree being walked; an absolute path or one climbing out of both (a base configuration or
  /// an `#include` naming `~/.aws/credentials`) is refused unless `--follow-links`, said whether
  /// or not a value needed it.
  func xcodeConfig(_ path: String, sourceRoot: String) -> Result<XcodeConfigFile, XcodeProject.Failure> {
    let full = path.hasPrefix("/") ? path : ProjectPath.join(sourceRoot, path)
    if let cached = xcodeConfigs[full] { return cached }
    let inProject = !path.hasPrefix("/") && XcodeProject.normalized(path).split(separator: "/").first != ".."
    guard followLinks || inProject || tree.map({ TreeBoundary.lexicallyInside(full, root: $0) }) == true else {
      return .failure(XcodeProject.Failure(file: path, location: nil, message: ProjectMessages.outsideProject, always: true))
    }
    let result: Result<XcodeConfigFile, XcodeProject.Failure>
    switch read(full, limit: XcodeConfigFile.maxSize) {
    case .success(let bytes): result = .success(XcodeConfigFile(bytes: bytes))
    case .failure(let why): result = .failure(XcodeProject.Failure(file: path, location: nil, message: why))
    }
    xcodeConfigs[full] = result
    return result
  }

  /// A file's bytes, or why it could not be read.
  enum ReadResult {
    case success([UInt8])
    case failure(String)
  }

  /// A file's bytes within a limit, or the reason it cannot be read.
  func read(_ path: String, limit: Int) -> ReadResult {
    guard enabled else { return .failure("not read") }
    if !followLinks, let tree, TreeBoundary.leaves(path, root: tree) { return .failure(ProjectMessages.linkOutside) }
    do throws(BoundedFile.Failure) {
      return .success(try BoundedFile.read(path, limit: limit))
    } catch {
      switch error {
      case .unreadable(let reason): return .failure(ProjectMessages.unreadable(reason))
      case .notRegularFile: return .failure(ProjectMessages.notRegularFile)
      case .tooLarge(let size): return .failure(ProjectMessages.tooLarge(size, limit: limit))
      }
    }
  }
}

/// Path strings as given (relative stays relative), split on `/`.
enum ProjectPath {
  /// The folder holding a path (`a/b` for `a/b/c`, `.` for `c`, `/` for `/c`).
  static func parent(_ path: String) -> String {
    if path == "." { return ".." }
    if path == ".." || path.hasSuffix("/..") { return path + "/.." }
    let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    if slash == trimmed.startIndex { return "/" }
    return String(trimmed[..<slash])
  }

  /// The last component.
  static func name(_ path: String) -> String {
    let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
    return trimmed.split(separator: "/").last.map(String.init) ?? trimmed
  }

  /// `directory/name`.
  static func join(_ directory: String, _ name: String) -> String {
    directory == "." ? name : directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  /// The folders from the path's own folder upwards, nearest first, at most `limit`.
  static func ancestors(of path: String, limit: Int) -> [String] {
    var result: [String] = []
    var current = parent(path)
    while result.count < limit {
      result.append(current)
      let up = parent(current)
      if up == current || current == "/" { break }
      current = up
    }
    return result
  }

  /// Folder names that say nothing about which app a file belongs to (Android Studio's and
  /// Xcode's defaults, source-set and resource folders).
  static let genericNames: Set<String> = [
    "app", "src", "main", "android", "ios", "mobile", "res", "java", "kotlin", "sources", "source",
    "resources", "supporting files", "supportingfiles", "shareextension", "share extension", "share",
    "extension", "extensions", "targets", "platform", "platforms", ".", "..", "/", "debug", "release",
  ]

  /// A readable name for the app a platform file belongs to: the nearest folder above it whose
  /// name is not generic (`notes` for `apps/notes/app/src/main/AndroidManifest.xml`), else the
  /// file's own folder.
  static func appFolder(of file: String) -> String {
    let folders = ancestors(of: file, limit: 8)
    for folder in folders {
      let folderName = realName(folder)
      if !genericNames.contains(folderName.lowercased()) && !folderName.hasSuffix(".xcodeproj") { return folderName }
    }
    return folders.first.map(realName) ?? "."
  }

  /// The folder's name; for `.` and `..` paths, the real folder's name.
  static func realName(_ folder: String) -> String {
    let folderName = name(folder)
    guard folderName == "." || folderName == ".." else { return folderName }
    guard let resolved = realpath(folder, nil) else { return folderName }
    defer { free(resolved) }
    return name(String(cString: resolved))
  }
}
