// swift-tools-version:6.0
// A tiny app that uses VocabKit as a package dependency (here by path, from this repository).
import PackageDescription

let package = Package(
  name: "RouterExample",
  dependencies: [.package(name: "VocabKit", path: "../..")],
  targets: [
    .executableTarget(
      name: "RouterExample",
      dependencies: [.product(name: "VocabKit", package: "VocabKit")]
    )
  ],
  swiftLanguageModes: [.v6]
)
