// swift-tools-version:6.0
import PackageDescription

/// ICU is linked from Debian's libicu-dev. Foundation's private ICU is listed first so that
/// Foundation's own ICU symbols never bind to the system copy.
let icuLinkerSettings: [LinkerSetting] = [
  .linkedLibrary("_FoundationICU"),
  .linkedLibrary("icui18n"),
  .linkedLibrary("icuuc"),
  .linkedLibrary("icudata"),
]

let package = Package(
  name: "VocabKit",
  products: [
    .library(name: "VocabKit", targets: ["VocabKit"]),
    // Corpus evaluation (accuracy per intent and slot, HTML reports) for tools, not routers.
    .library(name: "VocabKitEvaluation", targets: ["VocabKitEvaluation"]),
    .executable(name: "vocab", targets: ["VocabCLI"]),
  ],
  targets: [
    .target(name: "CICU", linkerSettings: icuLinkerSettings),
    // Locks, concurrency, atomic files, binary coding, hashing and edit distance: what every
    // module may need and none owns.
    .target(name: "VocabKitSupport"),
    .target(name: "VocabKitNormalization", dependencies: ["CICU", "VocabKitSupport"]),
    .target(
      name: "VocabKitVocabulary", dependencies: ["VocabKitSupport", "VocabKitNormalization"]),
    .target(name: "VocabKitMatching", dependencies: ["VocabKitSupport", "VocabKitNormalization"]),
    .target(
      name: "VocabKitRouting",
      dependencies: [
        "VocabKitSupport", "VocabKitNormalization", "VocabKitVocabulary", "VocabKitMatching",
      ]
    ),
    .target(
      name: "VocabKitEvaluation",
      dependencies: [
        "VocabKitSupport", "VocabKitNormalization", "VocabKitVocabulary", "VocabKitMatching",
        "VocabKitRouting",
      ]
    ),
    // The suites of `vocab bench` and their generated and census-drawn vocabularies.
    .target(
      name: "VocabKitBenchmarks",
      dependencies: [
        "VocabKitSupport", "VocabKitNormalization", "VocabKitMatching", "VocabKitRouting",
        "VocabKitEvaluation",
      ]
    ),
    .target(
      name: "VocabKit",
      dependencies: [
        "VocabKitNormalization", "VocabKitVocabulary", "VocabKitMatching", "VocabKitRouting",
      ]
    ),
    .executableTarget(
      name: "VocabCLI",
      dependencies: [
        "VocabKit", "VocabKitEvaluation", "VocabKitBenchmarks", "VocabKitSupport",
        "VocabKitNormalization", "VocabKitVocabulary", "VocabKitMatching", "VocabKitRouting",
      ]
    ),
    .testTarget(
      name: "VocabKitNormalizationTests",
      dependencies: ["VocabKitSupport", "VocabKitNormalization"]
    ),
    .testTarget(
      name: "VocabKitVocabularyTests",
      dependencies: ["VocabKitSupport", "VocabKitNormalization", "VocabKitVocabulary"]
    ),
    .testTarget(
      name: "VocabKitMatchingTests",
      dependencies: ["VocabKitSupport", "VocabKitNormalization", "VocabKitMatching"]
    ),
    .testTarget(
      name: "VocabKitRoutingTests",
      dependencies: [
        "VocabKitSupport", "VocabKitNormalization", "VocabKitVocabulary", "VocabKitMatching",
        "VocabKitRouting",
      ]
    ),
    .testTarget(
      name: "VocabKitEvaluationTests",
      dependencies: [
        "VocabKitNormalization", "VocabKitMatching", "VocabKitRouting", "VocabKitEvaluation",
      ]
    ),
    .testTarget(name: "VocabCLITests", dependencies: ["VocabCLI"]),
  ],
  swiftLanguageModes: [.v6]
)
