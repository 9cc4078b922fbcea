import ShareVocabulary

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The files a manifests directory contributes, found the way `find` and ripgrep walk a tree.
///
/// - Read: `*.yaml`, `*.yml`, `*.json` (share-route's own manifests), `*AndroidManifest.xml`
///   and `*Info.plist` (any case), built artifacts (`*.apk`, `*.aab`, `*.ipa` files, `*.app` and
///   `*.appex` folders, read whole and not walked, except inside a project tree, where they are
///   the build's output), `*.csproj` (.NET projects, ``DotNetImport``), an Expo `app.config.js`/`.ts`
///   (to say it is not run), in path order (UTF-8 bytes).
/// - Skipped quietly: hidden entries; build output and dependencies (`build`, `DerivedData`,
///   `Pods`, `Carthage`, `node_modules`, and `bin`, `obj` beside a `.csproj`); Xcode bundles that hold no share target (`*.xcodeproj`,
///   `*.xcworkspace`, `*.xcassets`, `*.lproj`); test source sets (`src/test*`,
///   `src/androidTest*`).
/// - In a project tree (a folder with `build.gradle`, `settings.gradle`, an `.xcodeproj`, a `.csproj` or `.sln`,
///   `Package.swift`, `package.json`, `pubspec.yaml` or a `Podfile`, and every folder below it)
///   most YAML and JSON files belong to the project (CI configs, `Contents.json`,
///   `package.json`): they are listed in ``projectData`` and read only when they turn out to be
///   share-route manifests (a top-level `id` with `label`, `android` or `ios`; or `source` with
///   `offers` or `custom`).
/// - Symbolic links to directories are not followed (``ImportOptions/followLinks`` follows them,
///   with loop detection); a link to a file inside the tree is read like the file (the reader takes
///   only regular files within the size bound), a link to a file outside it only with
///   ``ImportOptions/followLinks`` (``outsideLinks``, ``followedOutside``).
/// - Names that are not UTF-8 keep their bytes (`PathBytes`): they are read, and shown escaped.
/// - Bounds: ``maxDepth`` levels and ``maxEntries`` entries looked at; a walk that reaches one
///   stops and says so (``boundHit``).
package struct ManifestWalk {
  /// The deepest folder level walked.
  static let maxDepth = 64
  /// The most directory entries looked at in one walk.
  static let maxEntries = 1_000_000

  /// Folder names never walked.
  package static let skippedFolders: Set<String> = ["build", "DerivedData", "Pods", "Carthage", "node_modules"]
  /// Folder name endings never walked.
  static let skippedSuffixes = [".xcodeproj", ".xcworkspace", ".xcassets", ".lproj"]
  /// Files that make a folder a project tree.
  static let projectMarkers: Set<String> = [
    "build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts", "Package.swift",
    "package.json", "pubspec.yaml", "Podfile", "project.yml", "project.yaml",
  ]

  /// The files to read, sorted.
  private(set) var files: [String] = []
  /// The YAML and JSON files among ``files`` that lie in a project tree: manifests only if they
  /// say so.
  private(set) var projectData: Set<String> = []
  /// The built app and extension bundles (`*.app`, `*.appex` folders) among ``files``.
  private(set) var bundles: Set<String> = []
  /// The bound reached, if any (a description for the error).
  private(set) var boundHit: String?
  /// Symbolic links to files outside the tree, not read (without ``ImportOptions/followLinks``).
  private(set) var outsideLinks: [String] = []
  /// Symbolic links to files outside the tree that were read (``ImportOptions/followLinks``):
  /// their content is never quoted.
  private(set) var followedOutside: Set<String> = []

  init(root: String, options: ImportOptions) {
    var entriesSeen = 0
    var visited: Set<[UInt64]> = []
    // (path, depth, inside a project tree)
    var pending: [(String, Int, Bool)] = [(root, 0, false)]
    // Where the tree really is, to tell a link that leaves it (like ripgrep and fd, such a link
    // to a file is not read unless asked).
    let realRoot = Self.realPath(root)
    var rootInfo = stat()
    if PathBytes.withCPath(root, { $0.map { stat($0, &rootInfo) } ?? -1 }) == 0 { visited.insert([UInt64(rootInfo.st_dev), UInt64(rootInfo.st_ino)]) }
    while let (current, depth, inheritedProject) = pending.popLast() {
      guard let entries = Self.list(current) else { continue }
      let isDotNet = entries.contains { $0.hasSuffix(".csproj") }
      let isProject =
        inheritedProject || isDotNet
        || entries.contains { Self.projectMarkers.contains($0) || $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".sln") }
      let inSource = ProjectPath.name(current) == "src"
      for entry in entries where !entry.hasPrefix(".") {
        entriesSeen += 1
        if entriesSeen > Self.maxEntries {
          boundHit = ProjectMessages.entryBound(Self.maxEntries)
          files.sort { $0.utf8Precedes($1) }
          return
        }
        let path = current.hasSuffix("/") ? current + entry : current + "/" + entry
        var link = stat()
        guard PathBytes.withCPath(path, { $0.map { lstat($0, &link) } ?? -1 }) == 0 else { continue }
        let isLink = (link.st_mode & S_IFMT) == S_IFLNK
        var info = link
        if isLink && PathBytes.withCPath(path, { $0.map { stat($0, &info) } ?? -1 }) != 0 {
          // A dangling link: the reader reports it when it names a manifest.
          if Self.isCandidate(entry) { add(path, entry, inProject: isProject) }
          continue
        }
        // `--exclude`: every glob for a folder, those without a trailing `/` for a file.
        let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
        if !options.excluded.isEmpty {
          let relative = String(path.dropFirst(root.hasSuffix("/") ? root.count : root.count + 1))
          if options.excluded.contains(where: { (isFolder || !$0.hasSuffix("/")) && Self.glob($0, matches: entry, relative: relative) }) {
            continue
          }
        }
        if isFolder {
          if isLink && !options.followLinks { continue }
          if Self.skippedFolders.contains(entry) || Self.skippedSuffixes.contains(where: { entry.hasSuffix($0) }) {
            continue
          }
          // A .NET project's build output (`obj/…/AndroidManifest.xml` is the manifest it wrote).
          if isDotNet && (entry == "bin" || entry == "obj") { continue }
          // A built app or extension is read as one artifact, not walked; inside a project tree
          // it is build output (the sources say the same), left alone.
          if ArtifactImport.kind(of: entry, isDirectory: true) != nil {
            if !isProject {
              files.append(path)
              bundles.insert(path)
            }
            continue
          }
          if inSource && (entry.hasPrefix("test") || entry.hasPrefix("androidTest")) { continue }
          guard visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else { continue }
          guard depth + 1 <= Self.maxDepth else {
            boundHit = ProjectMessages.depthBound(Self.maxDepth)
            continue
          }
          pending.append((path, depth + 1, isProject))
        } else if Self.isCandidate(entry) {
          // An APK or IPA in a project tree (Android Studio's app/release/) is its build output.
          if isProject && ArtifactImport.kind(of: entry, isDirectory: false) != nil { continue }
          if isLink, let realRoot, let target = Self.realPath(path), !TreeBoundary.contains(target, in: realRoot) {
            guard options.followLinks else {
              outsideLinks.append(path)
              continue
            }
            followedOutside.insert(path)
          }
          add(path, entry, inProject: isProject)
        }
      }
    }
    files.sort { $0.utf8Precedes($1) }
  }

  /// Whether an `--exclude` glob matches an entry: a glob without `/` its name, else its path
  /// below the walked folder (`fnmatch`; a leading or trailing `/` is dropped, so `/build`
  /// and `build/` name the folder).
  package static func glob(_ glob: String, matches name: String, relative: String) -> Bool {
    var pattern = Substring(glob)
    if pattern.hasPrefix("/") { pattern = pattern.dropFirst() }
    if pattern.hasSuffix("/") { pattern = pattern.dropLast() }
    return fnmatch(String(pattern), pattern.contains("/") ? relative : name, 0) == 0
  }

  /// A path with every link resolved, or `nil` when it cannot be.
  static func realPath(_ path: String) -> String? {
    PathBytes.withCPath(path) { cPath -> String? in
      guard let cPath, let resolved = realpath(cPath, nil) else { return nil }
      defer { free(resolved) }
      return PathBytes.name(Array(UnsafeBufferPointer(start: resolved, count: strlen(resolved))).map { UInt8(bitPattern: $0) })
    }
  }

  private mutating func add(_ path: String, _ name: String, inProject: Bool) {
    files.append(path)
    if inProject && !Self.isPlatformFile(name) && !name.hasSuffix(".csproj") && !ExpoImport.codeNames.contains(name) { projectData.insert(path) }
  }

  /// `*AndroidManifest.xml` and `*Info.plist`, any case.
  static func isPlatformFile(_ name: String) -> Bool {
    let lower = name.lowercased()
    return lower.hasSuffix("androidmanifest.xml") || lower.hasSuffix("info.plist")
  }

  /// Whether a file name is one the walk reads.
  static func isCandidate(_ name: String) -> Bool {
    if isPlatformFile(name) || name.hasSuffix(".csproj") || ExpoImport.codeNames.contains(name) || ArtifactImport.kind(of: name, isDirectory: false) != nil {
      return true
    }
    let lower = name.lowercased()
    guard let dot = lower.lastIndex(of: ".") else { return false }
    return ManifestLoader.extensions.contains(String(lower[lower.index(after: dot)...]))
  }

  /// The names in a directory, sorted, or `nil` when it cannot be listed.
  private static func list(_ path: String) -> [String]? {
    Directory.names(in: path)?.sorted { $0.utf8Precedes($1) }
  }
}

/// Directory listings, the one place that reads `dirent`s.
package enum Directory {
  /// The names in a directory (without `.` and `..`), at most `limit`, or `nil` when it cannot
  /// be listed. Each name is read from its record up to its NUL: a `dirent` returned by
  /// `readdir` may be shorter than the struct, so the 256-byte `d_name` array is never copied
  /// whole (AddressSanitizer saw that read past the record).
  package static func names(in path: String, limit: Int = .max) -> [String]? {
    guard let directory = PathBytes.withCPath(path.isEmpty ? "." : path, { $0.flatMap { opendir($0) } }) else { return nil }
    defer { closedir(directory) }
    let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
    var names: [String] = []
    while names.count < limit, let entry = readdir(directory) {
      let cName = (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self)
      // A name that is not UTF-8 keeps its bytes (PathBytes): it stays openable.
      let name = PathBytes.name(Array(UnsafeRawBufferPointer(start: cName, count: strlen(cName))))
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}

/// Whether a path leads out of a tree through a symbolic link: it lies inside the tree as
/// written (after `.` and `..` are taken lexically), but its real place, every link resolved,
/// does not. A path outside the tree as written (a project file found above a folder given) is
/// not this question's; one that does not exist is left for the read to report.
enum TreeBoundary {
  static func leaves(_ path: String, root: String) -> Bool {
    guard lexicallyInside(path, root: root) else { return false }
    guard let real = ManifestWalk.realPath(path), let realRoot = ManifestWalk.realPath(root) else { return false }
    return !contains(real, in: realRoot)
  }

  /// Whether a path is the folder or lies below it (both written alike: real, or absolute).
  static func contains(_ path: String, in folder: String) -> Bool {
    path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
  }

  /// Whether a path lies inside a folder as written (`.` and `..` taken lexically).
  static func lexicallyInside(_ path: String, root: String) -> Bool {
    let directory = workingDirectory
    let lexical = absolute(path, from: directory)
    let lexicalRoot = absolute(root, from: directory)
    return lexical != lexicalRoot && contains(lexical, in: lexicalRoot)
  }

  /// Whether a path's real place (links resolved) lies inside one of the folders; a path that
  /// does not exist is left for the read to report.
  static func inside(_ path: String, anyOf folders: [String]) -> Bool {
    guard let real = ManifestWalk.realPath(path) else { return true }
    return folders.contains { folder in ManifestWalk.realPath(folder).map { contains(real, in: $0) } ?? false }
  }

  /// The nearest folder at or above `folder` that holds `.git` (a repository's root), if any
  /// within 64 levels.
  static func repositoryRoot(containing folder: String) -> String? {
    guard var current = ManifestWalk.realPath(folder) else { return nil }
    for _ in 0..<64 {
      if PathBytes.withCPath(current + "/.git", { $0.map { access($0, F_OK) } ?? -1 }) == 0 { return current }
      let parent = ProjectPath.parent(current)
      if parent == current { return nil }
      current = parent
    }
    return nil
  }

  /// The working directory, with every link resolved (as `realpath` gives paths).
  private static var workingDirectory: String { ManifestWalk.realPath(".") ?? "." }

  /// The path made absolute against `directory` (the working directory), `.` and `..` taken lexically.
  private static func absolute(_ path: String, from directory: String) -> String {
    XcodeProject.normalized(path.hasPrefix("/") ? path : directory + "/" + path)
  }
}
