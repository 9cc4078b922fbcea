// swift-tools-version:6.0
// libFuzzer targets for share-route's parsers and sniffer. Built and run by Fuzz/run.sh (not by
// `swift test`): each target's main hands libFuzzer's inputs to the code under test. The parsers
// it reaches are `package` in share-route (not a library user's API), so the targets import the
// modules `@testable` (debug builds allow it).
import PackageDescription

let package = Package(
  name: "share-route-fuzz",
  dependencies: [.package(path: "share-route")],  // share-route is a symlink to ..
  targets: [
    .target(name: "FuzzDriver"),
    .executableTarget(
      name: "FuzzManifests", dependencies: ["FuzzDriver", .product(name: "ShareRouting", package: "share-route")]),
    .executableTarget(
      name: "FuzzRequests", dependencies: ["FuzzDriver", .product(name: "ShareRouting", package: "share-route")]),
    .executableTarget(
      name: "FuzzExpectations", dependencies: ["FuzzDriver", .product(name: "ShareRouting", package: "share-route")]),
    .executableTarget(
      name: "FuzzPredicates", dependencies: ["FuzzDriver", .product(name: "ShareRouting", package: "share-route")]),
    .executableTarget(
      name: "FuzzPlatformFiles", dependencies: ["FuzzDriver", .product(name: "ShareRouting", package: "share-route")]),
    .executableTarget(
      name: "FuzzProjectFiles", dependencies: ["FuzzDriver", .product(name: "ShareRouting", package: "share-route")]),
    .executableTarget(
      name: "FuzzBuildFiles", dependencies: ["FuzzDriver", .product(name: "ShareRouting", package: "share-route")]),
    .executableTarget(
      name: "FuzzArtifacts",
      dependencies: [
        "FuzzDriver", .product(name: "ShareRouting", package: "share-route"),
        .product(name: "ShareArchives", package: "share-route"),
      ]),
    .executableTarget(
      name: "FuzzMagicSubsets",
      dependencies: ["FuzzDriver", .product(name: "ShareSniffing", package: "share-route")]),
    .executableTarget(
      name: "FuzzSniffing",
      dependencies: [
        "FuzzDriver",
        .product(name: "ShareRouting", package: "share-route"),
        .product(name: "ShareSniffing", package: "share-route"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
