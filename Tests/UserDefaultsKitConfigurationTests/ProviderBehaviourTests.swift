import Configuration
import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitConfiguration

@Suite("UserDefaultsProvider")
struct ProviderBehaviourTests {
  /// Each stored value, the type it reads as, and what it reads as (nil: an error).
  static let cases: [(PropertyListValue, ConfigType, ConfigContent?)] = [
    (.string("a"), .string, .string("a")),
    (.integer(7), .string, nil),
    (.integer(7), .int, .int(7)),
    (.unsignedInteger(UInt64.max), .int, nil),
    (.double(1.5), .int, nil),
    (.double(1.5), .double, .double(1.5)),
    (.integer(3), .double, .double(3)),
    (.integer(Int64.max), .double, nil),
    (.bool(true), .bool, .bool(true)),
    (.integer(1), .bool, nil),
    (.string("true"), .bool, nil),
    (.data(Data([1, 2])), .bytes, .bytes([1, 2])),
    (.string("AQI="), .bytes, nil),
    (.array([.string("a"), .string("b")]), .stringArray, .stringArray(["a", "b"])),
    (.array([.string("a"), .integer(1)]), .stringArray, nil),
    (.array([.integer(1), .integer(2)]), .intArray, .intArray([1, 2])),
    (.array([.double(0.5), .integer(2)]), .doubleArray, .doubleArray([0.5, 2])),
    (.array([.bool(false)]), .boolArray, .boolArray([false])),
    (.array([.data(Data([9]))]), .byteChunkArray, .byteChunkArray([[9]])),
    (.array([]), .intArray, .intArray([])),
    (.array([.integer(1), .string("2")]), .intArray, nil),
    (.array([.double(0.5), .string("x")]), .doubleArray, nil),
    (.array([.bool(true), .integer(0)]), .boolArray, nil),
    (.array([.data(Data([9])), .string("9")]), .byteChunkArray, nil),
    (.integer(9_007_199_254_740_993), .double, nil),
    (.string("secret-token"), .int, nil),
    (.date(Date(timeIntervalSince1970: 0)), .string, nil),
    (.dictionary(["a": .integer(1)]), .string, nil),
  ]

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("Each stored value reads as exactly one configuration type; anything else is an error")
  func typeMapping() async throws {
    try await withTemporarySuite { store in
      for (index, (stored, type, expected)) in Self.cases.enumerated() {
        try store.write(stored, forKey: "k\(index)")
        let provider = UserDefaultsProvider(store: store)
        let key = AbsoluteConfigKey(["k\(index)"])
        if let expected {
          #expect(
            try provider.value(forKey: key, type: type).value?.content == expected, "\(stored) as \(type)")
        } else {
          #expect("\(stored) as \(type)") {
            try provider.value(forKey: key, type: type)
          } throws: { error in
            // NB: the error names the key and the type, and never shows the value (a secret, maybe).
            guard let error = error as? DefaultsError, error.kind == .notConvertible else { return false }
            return error.key == "k\(index)" && error.detail?.hasSuffix("read as \(type.rawValue)") == true
              && !"\(error)".contains("secret")
          }
        }
      }
      #expect(try UserDefaultsProvider(store: store).value(forKey: ["absent"], type: .int).value == nil)
    }
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("Keys: components joined with dots, a prefix, or a mapping of your own")
  func keyMapping() async throws {
    try await withTemporarySuite { store in
      try store.write(.integer(30), forKey: "http.timeout")
      try store.write(.integer(31), forKey: "server.http.timeout")
      try store.write(.integer(32), forKey: "http_timeout")
      let key = AbsoluteConfigKey(["http", "timeout"])
      let dotted = try UserDefaultsProvider(store: store).value(forKey: key, type: .int)
      #expect(
        dotted == LookupResult(encodedKey: "http.timeout", value: ConfigValue(.int(30), isSecret: false)))
      let prefixed = UserDefaultsProvider(store: store, keyMapping: .prefixed("server."))
      #expect(try prefixed.value(forKey: key, type: .int).value?.content == .int(31))
      let custom = UserDefaultsProvider(
        store: store, keyMapping: .custom { $0.components.joined(separator: "_") })
      #expect(try custom.value(forKey: key, type: .int).value?.content == .int(32))
    }
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test(
    "Providers are asked in order: the environment listed first wins over the suite, and the suite listed first wins"
  )
  func providerOrder() async throws {
    try await withTemporarySuite { store in
      try store.write(.string("Bonjour"), forKey: "greeting")
      try store.write(.integer(45), forKey: "http.timeout")
      let environment = EnvironmentVariablesProvider(environmentVariables: ["GREETING": "Hi"])

      let environmentFirst = ConfigReader(providers: [environment, UserDefaultsProvider(store: store)])
      #expect(environmentFirst.string(forKey: "greeting", default: "Hello") == "Hi")
      #expect(
        environmentFirst.int(forKey: "http.timeout", default: 30) == 45, "a key the environment does not set")

      let suiteFirst = ConfigReader(providers: [UserDefaultsProvider(store: store), environment])
      #expect(suiteFirst.string(forKey: "greeting", default: "Hello") == "Bonjour")
    }
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("A snapshot is one read of the suite: later writes do not change it")
  func snapshotStays() async throws {
    try await withTemporarySuite { store in
      try store.write(.string("before"), forKey: "mode")
      let snapshot = UserDefaultsProvider(store: store).snapshot()
      try store.write(.string("after"), forKey: "mode")
      try store.write(.integer(1), forKey: "added")
      #expect(try snapshot.value(forKey: ["mode"], type: .string).value?.content == .string("before"))
      #expect(try snapshot.value(forKey: ["added"], type: .int).value == nil)
    }
  }

  @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
  @Test("A registered default is not the suite's value: lower layers show through")
  func registeredDefaultsAreNotValues() async throws {
    try await withTemporarySuite { store throws in
      store.register(["providerRegistered": .integer(5)])
      #expect(
        try UserDefaultsProvider(store: store).value(forKey: ["providerRegistered"], type: .int).value == nil)
    }
  }
}
