// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "UserDefaultsKit",
  platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .macCatalyst(.v13)],
  products: [
    .library(name: "UserDefaultsKitCore", targets: ["UserDefaultsKitCore"]),
    .executable(name: "UserDefaultsKitDemo", targets: ["UserDefaultsKitDemo"]),
  ],
  dependencies: [
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1")
  ],
  targets: [
    .target(name: "UserDefaultsKitCore"),
    .executableTarget(name: "UserDefaultsKitDemo", dependencies: ["UserDefaultsKitCore"]),
    .target(
      name: "RoundTripFixtures",
      dependencies: ["UserDefaultsKitCore"],
      path: "Tests/RoundTripFixtures"
    ),
    .executableTarget(
      name: "DefaultsTestHelper",
      dependencies: ["UserDefaultsKitCore", "RoundTripFixtures"],
      path: "Tests/DefaultsTestHelper"
    ),
    .testTarget(
      name: "UserDefaultsKitCoreTests",
      dependencies: [
        "UserDefaultsKitCore",
        "RoundTripFixtures",
        "DefaultsTestHelper",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// Our own targets treat every warning as an error; SwiftPM ignores these settings when the
// package is built as someone else's dependency.
for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + [.treatAllWarnings(as: .error)]
}
