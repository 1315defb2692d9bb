import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCompatUserDefaultMacro

// The code of UserDefaultMacro's README, as written there but for the import, the type names the
// README reuses (numbered here), and the suite `UserDefaults.test`, which it assumes the app
// declares.

let readmeSuite = temporarySuiteName()

// NB: UserDefaults is Sendable on Apple platforms, not on Linux.
extension UserDefaults {
  // Not type-checked on Linux: UserDefaults is Sendable in Apple's SDKs only.
  #if canImport(Darwin)
    public static let test = UserDefaults(suiteName: readmeSuite)!
  #else
    nonisolated(unsafe) public static let test = UserDefaults(suiteName: readmeSuite)!
  #endif
}

@UserDefaultDataStore
struct UserDefaultsStore {
}

@UserDefaultDataStore
struct UserDefaultsStore2 {
  var isFirstTimeLaunching: Bool
}

@UserDefaultDataStore(using: .test, accessLevel: .public)
struct UserDefaultsStore3 {
  @UserDefaultRecord(key: "isInitialLaunch", defaultValue: true)
  var isFirstTimeLaunching: Bool
}

struct SomeEntity {
  static let key = "customized_key"

  @UserDefaultProperty(using: .test, key: Self.key, defaultValue: "Some default value")
  var randomGeneratedString: String
}

@UserDefaultDataStore(using: .test)
struct Settings {
  @UserDefaultRecord(key: "username", defaultValue: "Guest")
  var username: String

  @UserDefaultRecord(key: "isFirstLaunch", defaultValue: true)
  var isFirstLaunch: Bool

  @UserDefaultRecord(key: "loginCount", defaultValue: 0)
  var loginCount: Int
}

@UserDefaultDataStore(using: .test)
struct Settings2 {
  var username: String  // Auto-gets @UserDefaultRecord
  var isFirstLaunch: Bool  // Auto-gets @UserDefaultRecord
  var loginCount: Int  // Auto-gets @UserDefaultRecord
}

struct UserPreferences: Codable, Equatable {
  var theme: String
  var fontSize: Int
}

@UserDefaultDataStore(using: .test)
struct Settings3 {
  var preferences: UserPreferences?  // Stored as Data internally
  var userId: String?
  var lastLogin: Date?
}

@Suite("UserDefaultMacro README", .serialized)
struct UserDefaultMacroTests {
  @Test("@UserDefaultDataStore adds userDefaults and init(userDefaults:) and persists every var")
  func dataStore() {
    let store = UserDefaultsStore2(userDefaults: .test)
    #expect(store.isFirstTimeLaunching == false)
    store.isFirstTimeLaunching = true
    #expect(UserDefaults.test.bool(forKey: "isFirstTimeLaunching"))
    _ = UserDefaultsStore()
  }

  @Test("Custom keys and default values are registered")
  func recordOptions() {
    let store = UserDefaultsStore3()
    #expect(store.isFirstTimeLaunching)
    #expect(UserDefaults.test.bool(forKey: "isInitialLaunch"), "registered")
    store.isFirstTimeLaunching = false
    #expect(UserDefaultsStore3(userDefaults: .test).isFirstTimeLaunching == false)
  }

  @Test("@UserDefaultProperty stands alone, with a key from a static constant")
  func standaloneProperty() {
    let entity = SomeEntity()
    #expect(entity.randomGeneratedString == "Some default value")
    entity.randomGeneratedString = "changed"
    #expect(UserDefaults.test.string(forKey: "customized_key") == "changed")
  }

  @Test("The migration guide's settings, with and without explicit records")
  func migration() {
    let settings = Settings()
    #expect(settings.username == "Guest")
    #expect(settings.isFirstLaunch)
    settings.loginCount += 1
    #expect(UserDefaults.test.integer(forKey: "loginCount") == 1)

    let automatic = Settings2(userDefaults: UserDefaults(suiteName: readmeSuite)!)
    #expect(automatic.loginCount == 1, "the same key")
    let freshSuite = UserDefaults(suiteName: temporarySuiteName())!
    let fresh = Settings2(userDefaults: freshSuite)
    // NB: the empty value, or a default another suite of this process registered (Foundation's
    // registration domain is the process's), as a plain read; not a crash.
    #expect(fresh.isFirstLaunch == freshSuite.bool(forKey: "isFirstLaunch"), "no default: as a plain read")
    automatic.username = "Ada"
    #expect(automatic.username == "Ada")
  }

  @Test("Optional and Codable types; nil removes the value")
  func optionalsAndCodable() {
    let settings = Settings3()
    #expect(settings.preferences == nil)
    settings.preferences = UserPreferences(theme: "dark", fontSize: 12)
    #expect(Settings3().preferences == UserPreferences(theme: "dark", fontSize: 12))
    #expect(UserDefaults.test.data(forKey: "preferences") != nil, "stored as Data")
    settings.preferences = nil
    #expect(UserDefaults.test.persistentDomain(forName: readmeSuite)?["preferences"] == nil)
    settings.lastLogin = Date(timeIntervalSince1970: 1.5)
    #expect(settings.lastLogin == Date(timeIntervalSince1970: 1.5))
  }
}
