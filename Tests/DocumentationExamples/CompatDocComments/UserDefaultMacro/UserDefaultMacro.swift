// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import Foundation
import UserDefaultsKitCompatUserDefaultMacro

// The examples of the doc comments of UserDefaultMacro's spellings.

// A public store: `accessLevel: .public` gives `Settings` a public initializer whose default
// argument names it.
extension UserDefaults {
  public static var test: UserDefaults { UserDefaults(suiteName: "com.example.tests")! }
}

@UserDefaultDataStore(using: .test, accessLevel: .public)
struct Settings {
  @UserDefaultRecord(key: "isInitialLaunch", defaultValue: true)
  var isFirstTimeLaunching: Bool
  var username: String  // reads "" while nothing is stored, where UserDefaultMacro would crash
}

struct SomeEntity {
  static let key = "customized_key"
  @UserDefaultProperty(using: .test, key: Self.key, defaultValue: "Some default value")
  var randomGeneratedString: String
}

struct Profile: Codable { var name: String }

struct SyncMetadata: Codable { var date: Date }

@UserDefaultDataStore
struct ProfileStore {
  @UserDefaultRecord(key: "cached_profile", coding: .json) var profile: Profile?
}

struct SyncState {
  @UserDefaultProperty(key: "lastSync", coding: .plist) var lastSync: SyncMetadata?
}

struct ISO8601JSONCoding: UserDefaultsCoding {
  func encode<T: Encodable>(_ value: T) throws -> Data {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    return try encoder.encode(value)
  }
  func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(type, from: data)
  }
}

func plistData() throws {
  let data = try PlistCoding().encode(["a": 1])
  _ = data
}

func emptyValue() {
  let count = Int.defaultsEmptyValue  // 0
  _ = count
}
