// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import Foundation
import UserDefaultsKitCompatVADefaults

// The examples of the doc comments of VADefaults' spellings.

extension UserDefaults {
  static var testDefaults: UserDefaults { UserDefaults(suiteName: "com.example.vadefaults")! }
  // NB: public: `@UserDefaultsData` gives the public class `Defaults` below an initializer whose
  // default argument names it.
  public static var test: UserDefaults { UserDefaults(suiteName: "com.example.tests")! }
}

struct Values {
  @UserDefaultsValue(defaultValue: "Empty") var value: String
  @UserDefaultsValue(key: "customKey", defaults: .testDefaults) var count: Int
}

struct MyCodable: Codable { var name: String }

let customEncoder = JSONEncoder()
let customDecoder = JSONDecoder()

struct CodableValues {
  @CodableUserDefaultsValue(encoder: customEncoder, decoder: customDecoder) var value: MyCodable?
}

enum MyRawRepresentable: Int { case undefined, first }

struct RawValues {
  @RawUserDefaultsValue(rawType: Int.self, defaultValue: MyRawRepresentable.undefined)
  var value: MyRawRepresentable
}

@UserDefaultsData(defaults: .test, keyPrefix: "com.example.")
public class Defaults {
  @DefaultsValue(key: "customKey") var someVariable: Int
  var computedVariable: Bool { true }
}

@ObservableUserDefaultsData(keyPrefix: "com.example.")
final class Counters {
  var counter: Int          // "com.example.counter", 0 while nothing is stored
  var isEditing = false     // observed, not stored
}
