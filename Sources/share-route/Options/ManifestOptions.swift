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
      valueName: "path"),
    completion: .file())
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
      "The phone's locale: the labels it shows and the order of its share sheet (de, pt-BR).",
      discussion: "Labels: APK and App Bundle string resources for it, an extension's <locale>.lproj/InfoPlist.strings, a source tree's res/values-<locale>; default: the default configuration (Android), the development region (iOS). Order: labels compared in the locale's collation, English by default.",
      valueName: "locale"))
  var locale: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "An Android package to treat as a privileged app of a system image (repeatable).",
      discussion: "Its filters without SEND, SENDTO, SEND_MULTIPLE or VIEW keep a priority above 0 once installed; every other package's is capped to 0, as Android caps it.",
      valueName: "package"))
  var privileged: [String] = []

  @Option(
    name: .customLong("ios-version"),
    help: ArgumentHelp(
      "The phone's iOS version (17, 16.4): app extensions whose deployment target is above it are left out, as its share sheet leaves them out.",
      discussion: "IPHONEOS_DEPLOYMENT_TARGET of the extension's Xcode target, MinimumOSVersion of a built extension; lint lists what it left out.",
      valueName: "version"))
  var iosVersion: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Leave out the folders and files a directory walk meets that match this glob (repeatable).",
      discussion: "A glob without / matches a name (Legacy, *.bak), one with / a path below the directory given (ios/Old/*); * crosses /. A manifests walk also leaves out build, DerivedData, Pods, Carthage and node_modules.",
      valueName: "glob"))
  var exclude: [String] = []

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
      assumeEnabled: assumeEnabled, locale: locale, privileged: privileged, iosVersion: iosVersion, excluded: exclude)
  }

  func validate() throws {
    if let locale, !ImportOptions.isLocale(locale) { throw ValidationError(CLIMessages.badLocale(locale)) }
    if let iosVersion, !ImportOptions.isVersion(iosVersion) { throw ValidationError(CLIMessages.badIOSVersion(iosVersion)) }
  }

  /// Loads manifests from the given paths with these options.
  func load(paths: [String]) throws -> ManifestSet { try settings.load(paths: paths.map(RawArguments.openable)) }

  /// Loads the manifests; errors in them are returned with the set (only a usage error is thrown).
  func load() throws -> ManifestSet { try settings.load() }
}
