import ArgumentParser
import Foundation
import ShareRouteKit
import ShareRouting
import ShareSniffing

/// Where handlers come from: `--manifests`, else `$SHARE_ROUTE_MANIFESTS`, else `./manifests`,
/// else the built-in copy of the default set.
struct ManifestOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "A manifest directory or file (repeatable).",
      discussion: "Default: $SHARE_ROUTE_MANIFESTS, else ./manifests, else the built-in default set.",
      valueName: "path"))
  var manifests: [String] = []

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The Xcode build configuration whose settings expand $(VAR) in Info.plist files.",
      discussion: "A target without it uses its default configuration; lint says which was used.",
      valueName: "name"))
  var configuration = "Release"

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The Gradle variant of each Android app module (freeRelease, or a build type: debug).",
      discussion: "Default: the release build type with the first flavour of each dimension; lint says which was used.",
      valueName: "name"))
  var variant: String?

  @Flag(name: .long, help: "Follow symbolic links to directories, and to files outside the tree, when walking a manifests directory.")
  var followLinks = false

  @Flag(
    name: .long,
    help: "Route Android components written android:enabled=\"false\" as if the app had enabled them.")
  var assumeEnabled = false

  /// The options as plain values (what the fast path builds without the parser).
  var settings: ManifestSettings {
    ManifestSettings(
      manifests: manifests, configuration: configuration, variant: variant, followLinks: followLinks,
      assumeEnabled: assumeEnabled)
  }

  /// Loads manifests from the given paths with these options.
  func load(paths: [String]) -> ManifestSet { settings.load(paths: paths.map(RawArguments.openable)) }

  /// Loads the manifests; errors are returned with the set, never thrown.
  func load() -> ManifestSet { settings.load() }
}

/// Where handlers come from, as plain values: `--manifests`, else `$SHARE_ROUTE_MANIFESTS`, else
/// `./manifests`, else the built-in copy of the default set.
struct ManifestSettings {
  var manifests: [String] = []
  var configuration = "Release"
  var variant: String?
  var followLinks = false
  var assumeEnabled = false

  /// How platform files are read.
  var importOptions: ImportOptions {
    ImportOptions(configuration: configuration, variant: variant, followLinks: followLinks)
  }

  /// Loads manifests from the given paths with these options.
  func load(paths: [String]) -> ManifestSet { ManifestLoader.load(paths: paths, options: importOptions) }

  /// The paths in use, or `nil` for the built-in set.
  func resolvedPaths() -> [String]? {
    // A path typed with a name that is not UTF-8 keeps its bytes (PathBytes), so it opens.
    if !manifests.isEmpty { return manifests.map(RawArguments.openable) }
    // getenv and stat, not ProcessInfo and FileManager: this runs at every start.
    if let value = getenv("SHARE_ROUTE_MANIFESTS") {
      let bytes = Array(UnsafeBufferPointer(start: value, count: strlen(value))).map { UInt8(bitPattern: $0) }
      if !bytes.isEmpty { return bytes.split(separator: 0x3A).map { PathBytes.name(Array($0)) } }
    }
    var info = stat()
    if stat("manifests", &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR { return ["manifests"] }
    return nil
  }

  /// Loads the manifests; errors are returned with the set, never thrown.
  func load() -> ManifestSet {
    if let paths = resolvedPaths() { return load(paths: paths) }
    return ShareRouter.builtinManifests
  }
}

/// `--format text|json` (or `--json`).
struct OutputOptions: ParsableArguments {
  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  @Option(name: .long, help: "Output format: text for people, json for programs.")
  var format: Format = .text

  @Flag(name: .long, help: "Same as --format json.")
  var json = false

  var isJSON: Bool { json || format == .json }
}

/// `--reported-type` (once for all files, or once per file) and `--trust`.
struct ReportOptions: ParsableArguments {
  @Option(
    name: .long,
    help: "The type the sender reported for the files: once for all, or once per file in order.")
  var reportedType: [String] = []

  @Option(name: .long, help: "Whose type wins: content (default) or reported.")
  var trust: TrustPolicy = .content

  /// Checks the count of reported types against the files.
  func validate(fileCount: Int) throws {
    if !reportedType.isEmpty && fileCount == 0 {
      throw ValidationError(CLIMessages.reportedTypeWithoutFiles)
    }
    if reportedType.count > 1 && reportedType.count != fileCount {
      throw ValidationError(CLIMessages.reportedTypeCount(reportedType.count, files: fileCount))
    }
  }

  /// The reported type of the file at `index`, or `nil`.
  func reported(at index: Int) -> String? {
    ShareInput.reportedType(reportedType, at: index)
  }
}
