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

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The locale whose labels built artifacts show (de, pt-BR).",
      discussion: "APK and App Bundle string resources for it, an extension's <locale>.lproj/InfoPlist.strings; default: the default configuration (Android), the development region (iOS).",
      valueName: "locale"))
  var locale: String?

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
      assumeEnabled: assumeEnabled, locale: locale)
  }

  func validate() throws {
    if let locale, !ImportOptions.isLocale(locale) { throw ValidationError(CLIMessages.badLocale(locale)) }
  }

  /// Loads manifests from the given paths with these options.
  func load(paths: [String]) -> ManifestSet { settings.load(paths: paths.map(RawArguments.openable)) }

  /// Loads the manifests; errors are returned with the set, never thrown.
  func load() -> ManifestSet { settings.load() }
}
