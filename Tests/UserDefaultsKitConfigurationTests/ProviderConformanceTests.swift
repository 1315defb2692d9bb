import Configuration
import ConfigurationTesting
import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitConfiguration

@Suite("UserDefaultsProvider: swift-configuration's conformance suite")
struct ProviderConformanceTests {
  /// The values `ProviderCompatTest` requires, as a suite stores them.
  static let required: [String: PropertyListValue] = {
    let magic = Data([0x6d, 0x61, 0x67, 0x69, 0x63])
    let magic2 = magic + Data([0x32])
    return [
      "string": .string("Hello"), "other.string": .string("Other Hello"),
      "int": .integer(42), "other.int": .integer(24),
      "double": .double(3.14), "other.double": .double(2.72),
      "bool": .bool(true), "other.bool": .bool(false),
      "bytes": .data(magic), "other.bytes": .data(magic2),
      "stringy.array": .array([.string("Hello"), .string("World")]),
      "other.stringy.array": .array([.string("Hello"), .string("Swift")]),
      "inty.array": .array([.integer(42), .integer(24)]),
      "other.inty.array": .array([.integer(16), .integer(32)]),
      "doubly.array": .array([.double(3.14), .double(2.72)]),
      "other.doubly.array": .array([.double(0.9), .double(1.8)]),
      "booly.array": .array([.bool(true), .bool(false)]),
      "other.booly.array": .array([.bool(false), .bool(true), .bool(true)]),
      "byteChunky.array": .array([.data(magic), .data(magic2)]),
      "other.byteChunky.array": .array([.data(magic), .data(magic2), .data(magic)]),
    ]
  }()

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("ProviderCompatTest passes against a real suite")
  func compatTest() async throws {
    try await withTemporarySuite { store in
      try store.update { for (key, value) in Self.required { try store.write(value, forKey: key) } }
      try await ProviderCompatTest(provider: UserDefaultsProvider(store: store)).runTest()
    }
  }
}
