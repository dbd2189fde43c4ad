// swift-tools-version: 6.3
import PackageDescription

/// Settings every target shares: Swift 6 mode, strict upcoming features, warnings as errors.
let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .treatAllWarnings(as: .error),
]

let package = Package(
  name: "suggest-lsp",
  products: [
    .executable(name: "suggest-lsp", targets: ["suggest-lsp"]),
    .library(name: "RPCKit", targets: ["RPCKit"]),
    .library(name: "SuggestEngine", targets: ["SuggestEngine"]),
  ],
  targets: [
    // Leaf: JSON value, parser and serializer. Shared by the transport and the catalog loaders,
    // which must not depend on each other.
    .target(name: "JSONKit", swiftSettings: strictSettings),
    // Leaf: the lock for shared mutable state, one that ThreadSanitizer can see (see Locked.swift), and thread names
    // the system's tools show (ThreadName.swift).
    .target(name: "Locking", swiftSettings: strictSettings),
    // Transport: framing, JSON-RPC messages, connection, cancellation.
    .target(name: "RPCKit", dependencies: ["JSONKit", "Locking"], swiftSettings: strictSettings),
    // Engine: catalog, folding, matching, ranking, recents, tokens, scheduling. No JSON-RPC.
    .target(name: "SuggestEngine", dependencies: ["JSONKit", "Locking"], swiftSettings: strictSettings),
    // The daemon: CLI, wiring, one file per method.
    .executableTarget(
      name: "suggest-lsp",
      dependencies: ["RPCKit", "SuggestEngine", "JSONKit", "Locking"],
      swiftSettings: strictSettings
    ),
    // Ranking quality: the seeded query generator and the per-kind, per-tier report, shared by the benchmark and
    // the quality test.
    .target(name: "QualityKit", dependencies: ["SuggestEngine", "TestSupport"], swiftSettings: strictSettings),
    // Benchmarks (release build): transport throughput, engine keystroke latency, quality.
    .executableTarget(
      name: "suggest-bench",
      dependencies: ["RPCKit", "SuggestEngine", "JSONKit", "Locking", "QualityKit", "TestSupport"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "JSONKitTests",
      dependencies: ["JSONKit", "TestSupport"],
      resources: [.copy("Fixtures")],
      swiftSettings: strictSettings
    ),
    // Test support for every test target: the seeded random generator, and the scale that shrinks heavy workloads
    // and stretches time limits under a sanitizer (Scripts/sanitize.sh sets SUGGEST_TEST_SLOWDOWN); a plain
    // `swift test` is unchanged.
    .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: strictSettings),
    // Test support shared by the transport's and the daemon's tests: a connection wired to pipes.
    .target(
      name: "RPCTestSupport",
      dependencies: ["RPCKit", "JSONKit", "Locking", "TestSupport"],
      path: "Tests/RPCTestSupport",
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "RPCKitTests",
      dependencies: ["RPCKit", "JSONKit", "Locking", "RPCTestSupport", "TestSupport"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "SuggestEngineTests",
      dependencies: ["SuggestEngine", "JSONKit", "Locking", "TestSupport", "QualityKit"],
      resources: [.copy("Fixtures")],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "SuggestLSPTests",
      dependencies: ["suggest-lsp", "RPCKit", "SuggestEngine", "JSONKit", "Locking", "RPCTestSupport", "TestSupport"],
      swiftSettings: strictSettings
    ),
  ]
)
