import DefaultsTestSupport
import Foundation
import Observation
import Testing
import UserDefaultsKitCompatVADefaults

// Code shaped like VADefaults 2.x's example app and tests, with only the import changed: an
// observed container with a key prefix, the standalone and container property macros side by
// side, a property macro in a plain @Observable class, a static in a container, custom coders
// given as `.init()`, keys named through `Self`, an `open` container.

let va2Suite = temporarySuiteName()

// NB: UserDefaults is Sendable on Apple platforms, not on Linux.
extension UserDefaults {
  // Not type-checked on Linux: UserDefaults is Sendable in Apple's SDKs only.
  #if canImport(Darwin)
    public static let va2Defaults = UserDefaults(suiteName: va2Suite)!
  #else
    nonisolated(unsafe) public static let va2Defaults = UserDefaults(suiteName: va2Suite)!
  #endif
}

private struct TestCodableStruct: Codable, Equatable {
  var value: Int
}

private enum TestRawEnum: Int {
  case foo, bar
}

@ObservableUserDefaultsData(defaults: .va2Defaults, keyPrefix: "com.vandrj.")
private final class ObservableDefaults {
  @UserDefaultsValue(defaults: .va2Defaults) var defaultsValue: Int
  @CodableUserDefaultsValue(defaultValue: TestCodableStruct(value: 0), defaults: .va2Defaults)
  var defaultsCodableValue: TestCodableStruct
  @RawUserDefaultsValue(rawType: Int.self, defaultValue: TestRawEnum.foo, defaults: .va2Defaults)
  var defaultsRawValue: TestRawEnum
  @DefaultsValue var value: Int
  @CodableDefaultsValue(defaultValue: TestCodableStruct(value: 0), encoder: .init(), decoder: .init())
  var codableValue: TestCodableStruct
  @RawDefaultsValue(rawType: Int.self, defaultValue: TestRawEnum.foo) var rawValue: TestRawEnum
  @DefaultsValue(key: "customKey") var custom: String?
  var counter: Int
  var isEditing = false
}

@Observable
private final class ObservableStore {
  @UserDefaultsValue(defaults: .va2Defaults) @ObservationIgnored var defaultsValue: Int
}

@UserDefaultsData(defaults: .va2Defaults, keyPrefix: "com.vandrj.")
private final class PrefixedDefaults {
  @UserDefaultsValue(defaultValue: 42, defaults: .va2Defaults) static var launches: Int
  @UserDefaultsValue(defaultValue: 3, defaults: .va2Defaults) class var retries: Int
  var string: String?
}

@UserDefaultsData(defaults: .va2Defaults)
open class OpenDefaults {
  var flag: Bool
}

private struct VAEntity {
  static let key = "customized_key"
  @UserDefaultsValue(key: Self.key, defaultValue: "Some default value", defaults: .va2Defaults)
  var randomGeneratedString: String
}

@Suite("VADefaults 2.x code", .serialized)
struct VADefaults2Tests {
  @Test("A key prefix goes before the keys of container properties that take their name, only")
  func keys() {
    defer { clearSuite() }
    let defaults = ObservableDefaults()
    defaults.value = 1
    defaults.defaultsValue = 2
    defaults.custom = "three"
    defaults.counter = 4
    defaults.isEditing = true
    let suite = UserDefaults.va2Defaults
    #expect(suite.integer(forKey: "com.vandrj.value") == 1)
    #expect(suite.integer(forKey: "defaultsValue") == 2, "a standalone macro: no prefix")
    #expect(suite.string(forKey: "customKey") == "three", "an explicit key: no prefix")
    #expect(suite.integer(forKey: "com.vandrj.counter") == 4)
    #expect(suite.object(forKey: "com.vandrj.isEditing") == nil && suite.object(forKey: "isEditing") == nil)
    PrefixedDefaults().string = "s"
    #expect(suite.string(forKey: "com.vandrj.string") == "s")
    VAEntity().randomGeneratedString = "generated"
    #expect(suite.string(forKey: "customized_key") == "generated")
  }

  @Test("Only an Int, Bool, Double or Float defaultValue is registered, as VADefaults registers")
  func registration() {
    defer { clearSuite() }
    let defaults = ObservableDefaults()
    #expect(PrefixedDefaults.launches == 42)
    #expect(UserDefaults.va2Defaults.object(forKey: "launches") as? Int == 42)
    PrefixedDefaults.retries = 5
    #expect(UserDefaults.va2Defaults.integer(forKey: "retries") == 5)
    #expect(defaults.codableValue == TestCodableStruct(value: 0) && defaults.rawValue == .foo)
    #expect(defaults.value == 0 && defaults.defaultsValue == 0)
    #expect(VAEntity().randomGeneratedString == "Some default value")
    for key in ["com.vandrj.codableValue", "com.vandrj.rawValue", "com.vandrj.value", "customized_key"] {
      #expect(UserDefaults.va2Defaults.object(forKey: key) == nil, "\(key) is not registered")
    }
  }

  @Test("Codable values are JSON data, raw values their raw value")
  func storedForms() throws {
    defer { clearSuite() }
    let defaults = ObservableDefaults()
    defaults.codableValue = TestCodableStruct(value: 5)
    defaults.defaultsRawValue = .bar
    let data = try #require(UserDefaults.va2Defaults.data(forKey: "com.vandrj.codableValue"))
    #expect(try JSONDecoder().decode(TestCodableStruct.self, from: data) == TestCodableStruct(value: 5))
    #expect(UserDefaults.va2Defaults.integer(forKey: "defaultsRawValue") == TestRawEnum.bar.rawValue)
    #expect(ObservableDefaults().codableValue.value == 5)
  }

  @Test("The observed container and a property macro in an @Observable class report changes")
  func observation() {
    defer { clearSuite() }
    let defaults = ObservableDefaults()
    let store = ObservableStore()
    let changes = LockedCounter()
    withObservationTracking {
      _ = defaults.counter
      _ = defaults.isEditing
    } onChange: {
      changes.increment()
    }
    let storeChanges = LockedCounter()
    withObservationTracking {
      _ = store.defaultsValue
    } onChange: {
      storeChanges.increment()
    }
    defaults.counter = 1
    #expect(changes.count == 1)
    defaults.defaultsValue = 9
    #expect(store.defaultsValue == 9)
    #expect(storeChanges.count == 1, "a write through another object reaches the store's observers")
  }

  @Test("An open container's initializer is public and takes another suite")
  func openContainer() {
    let other = temporarySuiteName()
    defer {
      clearSuite()
      removeSuite(other)
    }
    let defaults = OpenDefaults(userDefaults: UserDefaults(suiteName: other)!)
    defaults.flag = true
    #expect(UserDefaults(suiteName: other)!.bool(forKey: "flag"))
    #expect(OpenDefaults().flag == false)
  }
}

/// Removes every value the tests stored, through the library, and the suite's file: each test
/// starts from an empty suite, although the objects that read it live for the whole run.
private func clearSuite() {
  let store = UserDefaultsStore.store(for: .va2Defaults)
  for key in UserDefaults.va2Defaults.persistentDomain(forName: va2Suite)?.keys.map({ $0 }) ?? [] {
    try? store.remove(key)
  }
  removeSuite(va2Suite)
}
