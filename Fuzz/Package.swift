// swift-tools-version:6.0
// Fuzz targets for VocabKit. Build with Scripts/fuzz.sh; each executable is a libFuzzer
// binary (no `main`: libFuzzer supplies it and calls `LLVMFuzzerTestOneInput`).
import PackageDescription

let fuzzTargets = ["FuzzNormalizer", "FuzzPlist", "FuzzCorpus", "FuzzRoute", "FuzzCache"]

/// SwiftPM names a path dependency after its folder, which is not always `main` (CI clones
/// elsewhere), so the identity of the main package is taken from the parent folder's name.
let mainPackage = String(
  Context.packageDirectory.split(separator: "/").dropLast().last ?? "main"
).lowercased()

let package = Package(
  name: "VocabKitFuzz",
  dependencies: [.package(path: "..")],
  targets: fuzzTargets.map { name in
    .executableTarget(
      name: name,
      dependencies: [
        .product(name: "VocabKit", package: mainPackage),
        .product(name: "VocabKitEvaluation", package: mainPackage),
      ],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    )
  },
  swiftLanguageModes: [.v6]
)
