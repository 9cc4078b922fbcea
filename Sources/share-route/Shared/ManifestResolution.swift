import ArgumentParser
import Foundation
import ShareRouteKit
import ShareRouting

/// Where handlers come from, as plain values: `--manifests`, else `$SHARE_ROUTE_MANIFESTS`, else
/// `./manifests`, else the built-in copy of the default set.
struct ManifestSettings {
  var manifests: [String] = []
  var configuration = "Release"
  var variant: String?
  var followLinks = false
  var assumeEnabled = false
  var locale: String?
  /// Android packages to treat as privileged system apps (`--privileged`).
  var privileged: [String] = []
  /// The phone's iOS version (`--ios-version`).
  var iosVersion: String?
  /// What directory walks leave out (`--exclude`).
  var excluded: [String] = []

  /// How platform files are read.
  var importOptions: ImportOptions {
    ImportOptions(
      configuration: configuration, variant: variant, followLinks: followLinks, locale: locale, iosVersion: iosVersion,
      excluded: excluded)
  }

  /// Loads manifests from the given paths with these options; a `--variant` no Android app
  /// module read has is a usage error.
  func load(paths: [String]) throws -> ManifestSet {
    let set = ManifestLoader.load(paths: paths, options: importOptions).markingPrivileged(Set(privileged))
    if let problem = set.unknownVariant(variant) { throw ValidationError(problem) }
    return set
  }

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

  /// Loads the manifests; errors in them are returned with the set, never thrown (only a usage
  /// error is).
  func load() throws -> ManifestSet {
    if let paths = resolvedPaths() { return try load(paths: paths) }
    return ShareRouter.builtinManifests.markingPrivileged(Set(privileged))
  }

  /// The router of these manifests (the one road of every command that routes).
  func router() throws -> ShareRouter { ShareRouter(manifests: try load(), assumeEnabled: assumeEnabled, locale: locale) }
}
