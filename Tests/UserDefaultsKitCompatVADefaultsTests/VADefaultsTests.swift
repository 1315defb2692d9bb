import DefaultsTestSupport
import Foundation
import Observation
import Testing
import UserDefaultsKitCompatVADefaults

// The code of VADefaults' README, as written there but for the import, the names the README
// reuses (numbered here), and the suites that it assumes the app declares.

let vaSuite = temporarySuiteName()

// NB: UserDefaults is Sendable on Apple platforms, not on Linux.
extension UserDefaults {
  // Not type-checked on Linux: UserDefaults is Sendable in Apple's SDKs only.
  #if canImport(Darwin)
    public static let testDefaults = UserDefaults(suiteName: vaSuite)!
    public static let test = UserDefaults(suiteName: vaSuite)!
  #else
    nonisolated(unsafe) public static let testDefaults = UserDefaults(suiteName: vaSuite)!
    nonisolated(unsafe) public static let test = UserDefaults(suiteName: vaSuite)!
  #endif
}

struct MyCodable: Codable, Equatable {
  var name: String
}

enum MyRawRepresentable: Int {
  case undefined, first, second
}

let customEncoder = JSONEncoder()
let customDecoder = JSONDecoder()

@UserDefaultsValue(defaultValue: "Empty", defaults: .testDefaults)
var value1: String

@UserDefaultsValue(key: "customKey", defaults: .testDefaults)
var value2: Int

@CodableUserDefaultsValue(defaults: .testDefaults)
var myCodableValue: MyCodable?

@CodableUserDefaultsValue(
  key: "myCodableValue2", defaults: .testDefaults, encoder: customEncoder, decoder: customDecoder)
var myCodableValue2: MyCodable?

@RawUserDefaultsValue(rawType: Int.self, defaults: .testDefaults)
var value3: MyRawRepresentable?

@RawUserDefaultsValue(
  rawType: Int.self, key: "value4", defaultValue: MyRawRepresentable.undefined, defaults: .testDefaults)
var value4: MyRawRepresentable

@UserDefaultsData(defaults: .testDefaults)
class Defaults {
  var someVariable: Int
  let someConstant = true
}

@UserDefaultsData(defaults: .test)
public class Defaults2 {
  @DefaultsValue(key: "customKey")
  var someVariable: Int
  var computedVariable: Bool { true }
}

@Observable
@UserDefaultsData(defaults: .testDefaults)
class Defaults3 {
  @ObservationIgnored
  var someVariable: Int
}

@Suite("VADefaults README", .serialized)
struct VADefaultsTests {
  @Test("Property macros: defaults, custom keys, Codable and RawRepresentable values")
  func propertyMacros() {
    #expect(value1 == "Empty")
    value1 = "full"
    #expect(UserDefaults.testDefaults.string(forKey: "value1") == "full")
    #expect(value2 == 0, "a non-optional Int without a default reads 0, as integer(forKey:) does")
    value2 = 7
    #expect(UserDefaults.testDefaults.integer(forKey: "customKey") == 7)

    #expect(myCodableValue == nil)
    myCodableValue = MyCodable(name: "a")
    #expect(myCodableValue == MyCodable(name: "a"))
    #expect(UserDefaults.testDefaults.data(forKey: "myCodableValue") != nil, "stored as JSON data")
    myCodableValue2 = MyCodable(name: "b")
    #expect(myCodableValue2 == MyCodable(name: "b"))
    myCodableValue = nil
    #expect(UserDefaults.testDefaults.persistentDomain(forName: vaSuite)?["myCodableValue"] == nil)

    #expect(value3 == nil)
    value3 = .second
    #expect(UserDefaults.testDefaults.integer(forKey: "value3") == 2)
    #expect(value4 == .undefined)
    value4 = .first
    #expect(value4 == .first)
  }

  @Test("@UserDefaultsData persists vars, leaves constants and computed properties alone")
  func container() {
    let defaults = Defaults()
    #expect(defaults.someVariable == 0)
    defaults.someVariable = 5
    #expect(UserDefaults.testDefaults.integer(forKey: "someVariable") == 5)
    #expect(defaults.someConstant)
    #expect(Defaults(userDefaults: .testDefaults).someVariable == 5)

    let second = Defaults2()
    second.someVariable = 9
    #expect(UserDefaults.test.integer(forKey: "customKey") == 9)
    #expect(second.computedVariable)
  }

  @Test("@Observable with @UserDefaultsData is observed")
  func observable() {
    let defaults = Defaults3()
    let changed = LockedFlag()
    withObservationTracking {
      _ = defaults.someVariable
    } onChange: {
      changed.set()
    }
    defaults.someVariable = 3
    #expect(changed.isSet)
    #expect(defaults.someVariable == 3)
    #expect(UserDefaults.testDefaults.integer(forKey: "someVariable") == 3)
  }
}

private final class LockedFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}
