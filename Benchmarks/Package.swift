// swift-tools-version: 6.1
import PackageDescription

// A package of its own, so that the library's users and its test runs never build the benchmark
// tooling. Run from this folder: `swift package benchmark`.
let package = Package(
  name: "UserDefaultsKitBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "UserDefaultsKit", path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    // For the PostgreSQL store's floors: the bare queries its operations are measured against.
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
  ],
  targets: [
    .target(name: "AllocatedMemory", path: "Benchmarks/AllocatedMemory"),
    .executableTarget(
      name: "RuntimeBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "UserDefaultsKitCore", package: "UserDefaultsKit"),
        "AllocatedMemory",
      ],
      path: "Benchmarks/RuntimeBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "PostgresBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "UserDefaultsKitPostgres", package: "UserDefaultsKit"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ],
      path: "Benchmarks/PostgresBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "MacroBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "UserDefaultsKit", package: "UserDefaultsKit"),
      ],
      path: "Benchmarks/MacroBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
