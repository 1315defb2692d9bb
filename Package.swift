// swift-tools-version: 6.2
import CompilerPluginSupport
import PackageDescription

// The type-check of Apple-only code on Linux (Tests/AppleAPITypeCheck/typecheck.sh) sets this: every
// target is built with its Apple branches (APPLE_API_TYPECHECK), and the core module with stand-ins
// of the Apple APIs it calls, which must live in the module that uses them to shadow Foundation's.
let checksAppleAPI = Context.environment["APPLE_API_TYPECHECK"] != nil

let package = Package(
  name: "UserDefaultsKit",
  // The Observation era, one rule for every target: the macros make Observable types, and three of
  // the five packages the library replaces require these versions too.
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .macCatalyst(.v17), .visionOS(.v1)],
  products: [
    .library(name: "UserDefaultsKit", targets: ["UserDefaultsKit"]),
    .library(name: "UserDefaultsKitCore", targets: ["UserDefaultsKitCore"]),
    // The names of one replaced package each, so that its users switch by changing one import and
    // meet no other package's names; UserDefaultsKitCompat re-exports all five.
    .library(name: "UserDefaultsKitCompatVADefaults", targets: ["UserDefaultsKitCompatVADefaults"]),
    .library(
      name: "UserDefaultsKitCompatUserDefaultMacro", targets: ["UserDefaultsKitCompatUserDefaultMacro"]),
    .library(
      name: "UserDefaultsKitCompatObservableUserDefault",
      targets: ["UserDefaultsKitCompatObservableUserDefault"]),
    .library(name: "UserDefaultsKitCompatDefaultsWrapper", targets: ["UserDefaultsKitCompatDefaultsWrapper"]),
    .library(
      name: "UserDefaultsKitCompatUserDefaultsObservation",
      targets: ["UserDefaultsKitCompatUserDefaultsObservation"]),
    .library(name: "UserDefaultsKitCompat", targets: ["UserDefaultsKitCompat"]),
    // A swift-configuration provider over a suite; its own product, so that the libraries above
    // gain no dependency.
    .library(name: "UserDefaultsKitConfiguration", targets: ["UserDefaultsKitConfiguration"]),
    // A store over a PostgreSQL database; its own product, so that the libraries above gain no
    // dependency.
    .library(name: "UserDefaultsKitPostgres", targets: ["UserDefaultsKitPostgres"]),
    .executable(name: "UserDefaultsKitDemo", targets: ["UserDefaultsKitDemo"]),
    .executable(name: "ConfigurationExample", targets: ["ConfigurationExample"]),
    .executable(name: "PostgresExample", targets: ["PostgresExample"]),
    // Named so as not to clash with macOS's /usr/bin/defaults.
    .executable(name: "userdefaults", targets: ["UserDefaultsCommand"]),
  ],
  // Off by default, so that the tool gains no dependency: `swift build --traits PostgreSQL` builds
  // it with `--database`.
  traits: [
    .trait(
      name: "PostgreSQL",
      description: "The userdefaults tool reads and writes suites of a PostgreSQL database (--database).")
  ],
  dependencies: [
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"605.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // For the command-line tool only; the libraries depend on Foundation and Observation alone.
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // For the configuration provider only.
    .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0"),
    // For the PostgreSQL store only.
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
  ],
  targets: [
    checksAppleAPI
      // NB: the folder links to the core's sources, beside the stand-ins.
      ? .target(
        name: "UserDefaultsKitCore", path: "Tests/AppleAPITypeCheck",
        exclude: ["typecheck.sh", "Availability"])
      : .target(name: "UserDefaultsKitCore"),
    .target(name: "UserDefaultsKit", dependencies: ["UserDefaultsKitCore", "UserDefaultsKitMacros"]),
    .macro(
      name: "UserDefaultsKitMacros",
      dependencies: [
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
      ]
    ),
    .target(name: "UserDefaultsKitCompatVADefaults", dependencies: ["UserDefaultsKit"]),
    .target(name: "UserDefaultsKitCompatUserDefaultMacro", dependencies: ["UserDefaultsKit"]),
    .target(name: "UserDefaultsKitCompatObservableUserDefault", dependencies: ["UserDefaultsKit"]),
    .target(name: "UserDefaultsKitCompatDefaultsWrapper", dependencies: ["UserDefaultsKit"]),
    .target(name: "UserDefaultsKitCompatUserDefaultsObservation", dependencies: ["UserDefaultsKit"]),
    .target(
      name: "UserDefaultsKitCompat",
      dependencies: [
        "UserDefaultsKitCompatVADefaults",
        "UserDefaultsKitCompatUserDefaultMacro",
        "UserDefaultsKitCompatObservableUserDefault",
        "UserDefaultsKitCompatDefaultsWrapper",
        "UserDefaultsKitCompatUserDefaultsObservation",
      ]),
    .target(
      name: "UserDefaultsKitConfiguration",
      dependencies: ["UserDefaultsKitCore", .product(name: "Configuration", package: "swift-configuration")]),
    .target(
      name: "UserDefaultsKitPostgres",
      dependencies: ["UserDefaultsKitCore", .product(name: "PostgresNIO", package: "postgres-nio")]),
    // The same client code built in the configurations users choose; these targets pass by compiling.
    .target(
      name: "Swift5ModeClient", dependencies: ["UserDefaultsKit"],
      path: "Tests/ClientConfigurations/Swift5Mode",
      swiftSettings: [.swiftLanguageMode(.v5)]),
    .target(
      name: "MainActorDefaultClient", dependencies: ["UserDefaultsKit"],
      path: "Tests/ClientConfigurations/MainActorDefault", swiftSettings: [.defaultIsolation(MainActor.self)]),
    .target(
      name: "UpcomingFeaturesClient", dependencies: ["UserDefaultsKit"],
      path: "Tests/ClientConfigurations/UpcomingFeatures",
      swiftSettings: [
        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
        .enableUpcomingFeature("InferIsolatedConformances"),
      ]),
    .executableTarget(name: "UserDefaultsKitDemo", dependencies: ["UserDefaultsKit"]),
    .executableTarget(
      name: "ConfigurationExample",
      dependencies: [
        "UserDefaultsKitConfiguration", .product(name: "Configuration", package: "swift-configuration"),
      ]),
    .executableTarget(
      name: "PostgresExample",
      dependencies: ["UserDefaultsKitPostgres", .product(name: "PostgresNIO", package: "postgres-nio")]),
    .executableTarget(
      name: "UserDefaultsCommand",
      dependencies: [
        "UserDefaultsKitCore", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .target(name: "UserDefaultsKitPostgres", condition: .when(traits: ["PostgreSQL"])),
      ]
    ),
    .target(
      name: "DefaultsTestSupport",
      dependencies: ["UserDefaultsKitCore"],
      path: "Tests/DefaultsTestSupport"
    ),
    .target(name: "TestPreferencesBootstrap", path: "Tests/TestPreferencesBootstrap"),
    .executableTarget(
      name: "DefaultsTestHelper",
      dependencies: ["UserDefaultsKitCore", "DefaultsTestSupport"],
      path: "Tests/DefaultsTestHelper"
    ),
    .testTarget(
      name: "UserDefaultsKitCoreTests",
      dependencies: [
        "UserDefaultsKitCore",
        "DefaultsTestSupport",
        "DefaultsTestHelper",
        "TestPreferencesBootstrap",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "UserDefaultsKitMacrosTests",
      dependencies: [
        "UserDefaultsKitMacros",
        .product(name: "MacroTesting", package: "swift-macro-testing"),
      ]
    ),
    // One test target per compatibility module, each depending on that module alone, as its users'
    // targets do; UserDefaultsKitCompatTests uses the umbrella module.
    .testTarget(
      name: "UserDefaultsKitCompatVADefaultsTests",
      dependencies: ["UserDefaultsKitCompatVADefaults", "DefaultsTestSupport", "TestPreferencesBootstrap"]
    ),
    .testTarget(
      name: "UserDefaultsKitCompatUserDefaultMacroTests",
      dependencies: [
        "UserDefaultsKitCompatUserDefaultMacro", "DefaultsTestSupport", "TestPreferencesBootstrap",
      ]
    ),
    .testTarget(
      name: "UserDefaultsKitCompatObservableUserDefaultTests",
      dependencies: [
        "UserDefaultsKitCompatObservableUserDefault", "DefaultsTestSupport", "TestPreferencesBootstrap",
      ]
    ),
    .testTarget(
      name: "UserDefaultsKitCompatDefaultsWrapperTests",
      dependencies: [
        "UserDefaultsKitCompatDefaultsWrapper", "DefaultsTestSupport", "TestPreferencesBootstrap",
      ]
    ),
    .testTarget(
      name: "UserDefaultsKitCompatUserDefaultsObservationTests",
      dependencies: [
        "UserDefaultsKitCompatUserDefaultsObservation", "DefaultsTestSupport", "TestPreferencesBootstrap",
      ]
    ),
    .testTarget(
      name: "UserDefaultsKitCompatTests",
      dependencies: ["UserDefaultsKitCompat", "DefaultsTestSupport", "TestPreferencesBootstrap"]
    ),
    // Every code example of the README, the DocC articles and the doc comments, with the context
    // it assumes; DocumentationExamplesTests checks that each example is here, line for line.
    .testTarget(
      name: "ReadmeExamples", dependencies: ["UserDefaultsKit"], path: "Tests/DocumentationExamples/Readme"),
    .testTarget(
      name: "ArticleExamples", dependencies: ["UserDefaultsKit"], path: "Tests/DocumentationExamples/Articles"
    ),
    .testTarget(
      name: "DocCommentExamples", dependencies: ["UserDefaultsKit"],
      path: "Tests/DocumentationExamples/DocComments"),
    .testTarget(
      name: "CompatVADefaultsDocCommentExamples", dependencies: ["UserDefaultsKitCompatVADefaults"],
      path: "Tests/DocumentationExamples/CompatDocComments/VADefaults"),
    .testTarget(
      name: "CompatUserDefaultMacroDocCommentExamples",
      dependencies: ["UserDefaultsKitCompatUserDefaultMacro"],
      path: "Tests/DocumentationExamples/CompatDocComments/UserDefaultMacro"),
    .testTarget(
      name: "CompatObservableUserDefaultDocCommentExamples",
      dependencies: ["UserDefaultsKitCompatObservableUserDefault"],
      path: "Tests/DocumentationExamples/CompatDocComments/ObservableUserDefault"),
    .testTarget(
      name: "CompatDefaultsWrapperDocCommentExamples", dependencies: ["UserDefaultsKitCompatDefaultsWrapper"],
      path: "Tests/DocumentationExamples/CompatDocComments/DefaultsWrapper"),
    .testTarget(
      name: "CompatUserDefaultsObservationDocCommentExamples",
      dependencies: ["UserDefaultsKitCompatUserDefaultsObservation"],
      path: "Tests/DocumentationExamples/CompatDocComments/UserDefaultsObservation"),
    .testTarget(
      name: "ConfigurationExamples",
      dependencies: [
        "UserDefaultsKitConfiguration", .product(name: "Configuration", package: "swift-configuration"),
      ],
      path: "Tests/DocumentationExamples/Configuration"),
    .testTarget(
      name: "PostgresExamples",
      dependencies: ["UserDefaultsKitPostgres", .product(name: "PostgresNIO", package: "postgres-nio")],
      path: "Tests/DocumentationExamples/Postgres"),
    .testTarget(name: "DocumentationExamplesTests", path: "Tests/DocumentationExamplesTests"),
    // Runs the built tool as a process; depending on its target makes the test build build it.
    .testTarget(
      name: "UserDefaultsCommandTests",
      dependencies: [
        "UserDefaultsCommand", "UserDefaultsKitCore", "DefaultsTestSupport", "TestPreferencesBootstrap",
      ]
    ),
    .testTarget(
      name: "UserDefaultsKitConfigurationTests",
      dependencies: [
        "UserDefaultsKitConfiguration", "DefaultsTestSupport", "DefaultsTestHelper",
        "TestPreferencesBootstrap",
        // Runs the built tool as a process; depending on its target makes the test build build it.
        "UserDefaultsCommand",
        .product(name: "Configuration", package: "swift-configuration"),
        .product(name: "ConfigurationTesting", package: "swift-configuration"),
      ]
    ),
    .target(
      name: "PostgresTestSupport", dependencies: ["UserDefaultsKitCore"], path: "Tests/PostgresTestSupport"),
    .executableTarget(
      name: "PostgresTestHelper",
      dependencies: [
        "UserDefaultsKitPostgres", "PostgresTestSupport",
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ],
      path: "Tests/PostgresTestHelper"),
    .testTarget(
      name: "UserDefaultsKitPostgresTests",
      dependencies: [
        "UserDefaultsKitPostgres", "UserDefaultsKit", "PostgresTestSupport", "DefaultsTestSupport",
        "TestPreferencesBootstrap", .product(name: "PostgresNIO", package: "postgres-nio"),
        "UserDefaultsKitConfiguration", .product(name: "Configuration", package: "swift-configuration"),
        // Run as processes; depending on their targets makes the test build build them.
        "PostgresTestHelper", "PostgresExample", "UserDefaultsCommand",
      ]
    ),
    .testTarget(
      name: "UserDefaultsKitTests",
      dependencies: [
        "UserDefaultsKit", "DefaultsTestSupport", "DefaultsTestHelper", "TestPreferencesBootstrap",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// Our own targets treat every warning as an error; SwiftPM ignores these settings when the
// package is built as someone else's dependency.
for target in package.targets where target.name != "TestPreferencesBootstrap" {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [.treatAllWarnings(as: .error)]
    + (checksAppleAPI ? [.define("APPLE_API_TYPECHECK")] : [])
}
