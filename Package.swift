// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "share-route",
  products: [
    .library(name: "ShareVocabulary", targets: ["ShareVocabulary"]),
    .library(name: "ShareArchives", targets: ["ShareArchives"]),
    .library(name: "ShareRouting", targets: ["ShareRouting"]),
    .library(name: "ShareSniffing", targets: ["ShareSniffing"]),
    .library(name: "ShareRouteKit", targets: ["ShareRouteKit"]),
    // No executable product: SwiftPM builds a dependency's executable products for its dependents,
    // so declaring one made every library user build swift-argument-parser. The root package still
    // gets `share-route` (swift run share-route, swift build --product share-route).
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    // Documentation only: `scripts/docs.sh`.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CMagic",
      pkgConfig: "libmagic",
      providers: [.apt(["libmagic-dev"]), .brew(["libmagic"])]
    ),
    .systemLibrary(
      name: "CZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
    ),
    .target(name: "CSignals"),
    // ZIP archives and zlib, shared by the sniffer and the artifact importer.
    .target(name: "ShareArchives", dependencies: ["CZlib", "ShareVocabulary"]),
    .target(name: "ShareVocabulary"),
    .target(
      name: "ShareRouting",
      dependencies: ["ShareVocabulary", "ShareArchives", .product(name: "Yams", package: "Yams")],
      // Labels are collated by ICU's own collator (`ICUCollator`): on Linux, the copy Foundation
      // is built on, which a dynamically linked build names here.
      linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]
    ),
    .target(name: "ShareSniffing", dependencies: ["CMagic", "ShareArchives", "ShareVocabulary"]),
    .target(name: "ShareRouteKit", dependencies: ["ShareRouting", "ShareSniffing", "ShareVocabulary"]),
    .executableTarget(
      name: "share-route",
      dependencies: [
        "ShareRouteKit", "ShareRouting", "ShareSniffing", "ShareVocabulary", "CSignals",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(
      name: "ShareRoutingTests", dependencies: ["ShareRouting", "ShareArchives", "ShareVocabulary", .product(name: "Yams", package: "Yams")]),
    .testTarget(name: "ShareSniffingTests", dependencies: ["ShareSniffing", "ShareRouting"]),
    .testTarget(name: "ShareRouteKitTests", dependencies: ["ShareRouteKit", "ShareRouting", "ShareSniffing"]),
    // A library user's view: ShareRouteKit alone, the documents' code blocks compiled and run.
    .testTarget(name: "ShareRouteKitClientTests", dependencies: ["ShareRouteKit"]),
    .testTarget(
      name: "ShareRouteCLITests",
      dependencies: ["share-route", "ShareRouting", "ShareRouteKit"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
