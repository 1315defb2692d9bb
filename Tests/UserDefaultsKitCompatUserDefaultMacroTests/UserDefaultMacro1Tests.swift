import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCompatUserDefaultMacro

// Code shaped like UserDefaultMacro 1.x's example apps, with only the import changed: data stores
// with and without defaults, an app-group suite, a public store, collections, Codable values with
// `coding:` (built-in and custom), standalone properties, and non-optional properties without a
// default whose type has no empty value.

let udmSuite = temporarySuiteName()

// NB: UserDefaults is Sendable on Apple platforms, not on Linux.
extension UserDefaults {
  // Not type-checked on Linux: UserDefaults is Sendable in Apple's SDKs only.
  #if canImport(Darwin)
    public static let appGroup = UserDefaults(suiteName: udmSuite)!
  #else
    nonisolated(unsafe) public static let appGroup = UserDefaults(suiteName: udmSuite)!
  #endif
}

private struct UserProfile: Codable, Equatable {
  var name: String
  var level: Int
}

private struct SyncMetadata: Codable, Equatable {
  var lastSync: Date
}

private struct DisplayOptions: Codable, Equatable {
  var fontSize = 14
  var theme = "system"
}

private struct ISO8601JSONCoding: UserDefaultsCoding {
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

@UserDefaultDataStore(using: .appGroup)
private struct AppSettings {
  var isFirstLaunch: Bool
  var userName: String
  var loginCount: Int
  var userId: String?
  var lastLoginDate: Data?
}

@UserDefaultDataStore(using: .appGroup)
private struct GameSettings {
  @UserDefaultRecord(defaultValue: "Easy")
  var difficulty: String
  @UserDefaultRecord(defaultValue: 100)
  var musicVolume: Int
  @UserDefaultRecord(key: "com.myapp.user.name")
  var userName: String
}

@UserDefaultDataStore(using: .appGroup, accessLevel: .public)
public struct PublicSettings {
  @UserDefaultRecord(defaultValue: true) public var isFirstLaunch: Bool
  var apiKey: String
  var timeout: Double
}

@UserDefaultDataStore(using: .appGroup)
private struct CollectionSettings {
  var favoriteItems: [String]
  var metadata: [String: String]
  let constantValue = "unchanging"
  var computedValue: String { favoriteItems.joined(separator: ",") }
}

@UserDefaultDataStore(using: .appGroup)
private struct ProfileStore {
  @UserDefaultRecord(key: "cached_profile", coding: .json) var profile: UserProfile?
  @UserDefaultRecord(defaultValue: DisplayOptions(), coding: .plist) var display: DisplayOptions
  @UserDefaultRecord(coding: ISO8601JSONCoding()) var lastSync: SyncMetadata?
}

private struct DiagnosticsView {
  @UserDefaultProperty(using: .appGroup, key: "debug_overlay_visible", defaultValue: false)
  var isDebugOverlayVisible: Bool
  @UserDefaultProperty(using: .appGroup, key: "lastSyncState", coding: ISO8601JSONCoding())
  var lastSync: SyncMetadata?
}

@UserDefaultDataStore(using: .appGroup, accessLevel: .open)
open class OpenSettings {
  var launchCount: Int
}

/// A property without a default whose type has no empty value: the compiler warns where it is
/// declared, so the type is marked deprecated here, which keeps the warning out of the build of
/// the tests (warnings are errors) while the code stays the same.
@available(*, deprecated, message: "declares properties without a default that have no empty value")
@UserDefaultDataStore(using: .appGroup)
private struct EndpointSettings {
  var apiEndpoint: URL
  var installedAt: Date
}

@Suite("UserDefaultMacro 1.x code", .serialized)
struct UserDefaultMacro1Tests {
  @Test("Without a default, a property reads its empty value; nil removes an optional's key")
  func emptyValues() {
    defer { clearSuite() }
    let settings = AppSettings()
    #expect(!settings.isFirstLaunch && settings.userName == "" && settings.loginCount == 0)
    #expect(settings.userId == nil && settings.lastLoginDate == nil)
    settings.userName = "John"
    settings.loginCount += 1
    settings.userId = "42"
    #expect(UserDefaults.appGroup.string(forKey: "userName") == "John")
    #expect(UserDefaults.appGroup.integer(forKey: "loginCount") == 1)
    settings.userId = nil
    #expect(UserDefaults.appGroup.object(forKey: "userId") == nil)
    let collections = CollectionSettings()
    collections.favoriteItems = ["a", "b"]
    collections.metadata = ["k": "v"]
    #expect(CollectionSettings().computedValue == "a,b" && CollectionSettings().metadata == ["k": "v"])
  }

  @Test("The data store's initializer registers its records' defaults; nothing else is registered")
  func registration() {
    defer { clearSuite() }
    _ = GameSettings()
    #expect(UserDefaults.appGroup.string(forKey: "difficulty") == "Easy")
    #expect(UserDefaults.appGroup.integer(forKey: "musicVolume") == 100)
    #expect(UserDefaults.appGroup.object(forKey: "com.myapp.user.name") == nil)
    _ = AppSettings().loginCount
    #expect(UserDefaults.appGroup.object(forKey: "loginCount") == nil, "no default, nothing registered")
    #expect(DiagnosticsView().isDebugOverlayVisible == false)
    #expect(UserDefaults.appGroup.object(forKey: "debug_overlay_visible") as? Bool == false)
    _ = ProfileStore().display
    #expect(UserDefaults.appGroup.object(forKey: "display") == nil, "a coded default is not registered")
    #expect(PublicSettings().isFirstLaunch && UserDefaults.appGroup.bool(forKey: "isFirstLaunch"))
  }

  @Test("coding: stores data made by the coding, and reads it back")
  func codings() throws {
    defer { clearSuite() }
    let store = ProfileStore()
    store.profile = UserProfile(name: "Ada", level: 3)
    store.display = DisplayOptions(fontSize: 18, theme: "dark")
    store.lastSync = SyncMetadata(lastSync: Date(timeIntervalSince1970: 1_700_000_000))
    let profileData = try #require(UserDefaults.appGroup.data(forKey: "cached_profile"))
    #expect(
      try JSONDecoder().decode(UserProfile.self, from: profileData) == UserProfile(name: "Ada", level: 3))
    let displayData = try #require(UserDefaults.appGroup.data(forKey: "display"))
    #expect(try PropertyListDecoder().decode(DisplayOptions.self, from: displayData).fontSize == 18)
    let syncData = try #require(UserDefaults.appGroup.data(forKey: "lastSync"))
    #expect(String(decoding: syncData, as: UTF8.self).contains("2023-11-14T22:13:20Z"))
    let reread = ProfileStore()
    #expect(
      reread.profile?.name == "Ada" && reread.display.theme == "dark" && reread.lastSync == store.lastSync)
    store.profile = nil
    #expect(UserDefaults.appGroup.object(forKey: "cached_profile") == nil)
  }

  @Test("A standalone property with a coding, and an open store's public initializer")
  func standaloneCodingAndOpenStore() throws {
    defer { clearSuite() }
    let view = DiagnosticsView()
    view.lastSync = SyncMetadata(lastSync: Date(timeIntervalSince1970: 1_700_000_000))
    let data = try #require(UserDefaults.appGroup.data(forKey: "lastSyncState"))
    #expect(String(decoding: data, as: UTF8.self).contains("2023-11-14T22:13:20Z"))
    #expect(DiagnosticsView().lastSync == view.lastSync)
    view.lastSync = nil
    #expect(UserDefaults.appGroup.object(forKey: "lastSyncState") == nil)
    let settings = OpenSettings(userDefaults: .appGroup)
    settings.launchCount = 2
    #expect(OpenSettings().launchCount == 2)
  }

  @available(*, deprecated, message: "uses EndpointSettings")
  @Test("A property without a default or an empty value reads what was written")
  func writtenBeforeRead() {
    defer { clearSuite() }
    let settings = EndpointSettings()
    let endpoint = URL(string: "https://api.example.com/v1")!
    settings.apiEndpoint = endpoint
    settings.installedAt = Date(timeIntervalSince1970: 1_000)
    #expect(EndpointSettings().apiEndpoint == endpoint)
    #expect(EndpointSettings().installedAt == Date(timeIntervalSince1970: 1_000))
  }
}

/// Removes every value the tests stored, through the library, and the suite's file.
private func clearSuite() {
  // NB: this module declares a `UserDefaultsStore` of its own, as UserDefaultMacro's README does.
  let store = UserDefaultsKitCore.UserDefaultsStore.store(for: .appGroup)
  for key in UserDefaults.appGroup.persistentDomain(forName: udmSuite)?.keys.map({ $0 }) ?? [] {
    try? store.remove(key)
  }
  removeSuite(udmSuite)
}
