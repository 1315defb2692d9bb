import DefaultsTestSupport
import Foundation
import Observation
import Testing
import UserDefaultsKitCompat

// One enum that is both `RawRepresentable` and `Codable`, declared through every API the library
// and its compatibility module offer: each stores the raw value, reads what another API stored, and
// reads the JSON data that earlier releases stored for such a type (rewriting it on the next write).

enum Shade: String, Codable, Sendable {
  case light, dark, dim
}

private let oneCodingSuite = temporarySuiteName()

// NB: UserDefaults is Sendable on Apple platforms, not on Linux.
extension UserDefaults {
  // Not type-checked on Linux: UserDefaults is Sendable in Apple's SDKs only.
  #if canImport(Darwin)
    fileprivate static let oneCoding = UserDefaults(suiteName: oneCodingSuite)!
  #else
    nonisolated(unsafe) fileprivate static let oneCoding = UserDefaults(suiteName: oneCodingSuite)!
  #endif
}

private let keyShade = DefaultsKey<Shade>("key", default: .light, store: UserDefaults.oneCoding.defaultsStore)

private struct WrapperHolder {
  @Default(DefaultsKey<Shade>("wrapper", default: .light, store: UserDefaults.oneCoding.defaultsStore))
  var shade
  @Default(key: "defaultsWrapper", defaultValue: Shade.light, defaults: .oneCoding)
  var defaultsWrapperShade: Shade
}

@DefaultsEntry("entry", default: Shade.light, store: UserDefaults.oneCoding)
private var entryShade: Shade

@DefaultsBacked(store: UserDefaults.oneCoding)
private struct BackedShades {
  var backed: Shade = .light
}

@ObservableDefaults(store: UserDefaults.oneCoding)
private final class ObservedShades {
  var observed: Shade = .light
}

@Observable
private final class AppleObservedShades {
  @ObservableDefaultsEntry("appleObserved", store: UserDefaults.oneCoding)
  @ObservationIgnored
  var shade: Shade = .light
  @ObservableUserDefault(.init(key: "observableUserDefault", defaultValue: Shade.light, store: .oneCoding))
  @ObservationIgnored
  var observableUserDefaultShade: Shade
}

@RawUserDefaultsValue(rawType: String.self, key: "vaRaw", defaultValue: Shade.light, defaults: .oneCoding)
private var vaRawShade: Shade

@CodableUserDefaultsValue(key: "vaCodable", defaults: .oneCoding)
private var vaCodableShade: Shade?

@UserDefaultDataStore(using: .oneCoding)
private struct RecordShades {
  @UserDefaultRecord(key: "record", defaultValue: Shade.light)
  var shade: Shade
}

@ObservableUserDefaults
private final class ObservationShades {
  var shade: Shade = .light
  @UserDefaultsStore
  var store = UserDefaults.oneCoding
}

/// One API's way to read and write the shade, and the key it stores it under.
private struct ShadeAPI: Sendable, CustomTestStringConvertible {
  let name: String
  let key: String
  let read: @Sendable () -> Shade?
  let write: @Sendable (Shade) -> Void

  var testDescription: String { name }

  static let all: [ShadeAPI] = [
    ShadeAPI(name: "DefaultsKey", key: "key", read: { keyShade.value }, write: { keyShade.value = $0 }),
    ShadeAPI(
      name: "@Default", key: "wrapper", read: { WrapperHolder().shade },
      write: { WrapperHolder().shade = $0 }),
    ShadeAPI(
      name: "@DefaultsEntry", key: "entry", read: { entryShade }, write: { entryShade = $0 }),
    ShadeAPI(
      name: "@DefaultsBacked", key: "backed", read: { BackedShades().backed },
      write: { BackedShades().backed = $0 }),
    ShadeAPI(
      name: "@ObservableDefaults", key: "observed", read: { ObservedShades().observed },
      write: { ObservedShades().observed = $0 }),
    ShadeAPI(
      name: "@ObservableDefaultsEntry", key: "appleObserved", read: { AppleObservedShades().shade },
      write: { AppleObservedShades().shade = $0 }),
    ShadeAPI(
      name: "Cloud", key: "cloudCache", read: { cloudShade.value }, write: { cloudShade.value = $0 }),
    ShadeAPI(
      name: "VADefaults @RawUserDefaultsValue", key: "vaRaw", read: { vaRawShade },
      write: { vaRawShade = $0 }),
    ShadeAPI(
      name: "VADefaults @CodableUserDefaultsValue", key: "vaCodable", read: { vaCodableShade },
      write: { vaCodableShade = $0 }),
    ShadeAPI(
      name: "UserDefaultMacro", key: "record", read: { RecordShades().shade },
      write: { RecordShades().shade = $0 }),
    ShadeAPI(
      name: "ObservableUserDefault", key: "observableUserDefault",
      read: { AppleObservedShades().observableUserDefaultShade },
      write: { AppleObservedShades().observableUserDefaultShade = $0 }),
    ShadeAPI(
      name: "UserDefaultsObservation", key: "ObservationShades.shade", read: { ObservationShades().shade },
      write: { ObservationShades().shade = $0 }),
    ShadeAPI(
      name: "DefaultsWrapper @Default", key: "defaultsWrapper",
      read: { WrapperHolder().defaultsWrapperShade }, write: { WrapperHolder().defaultsWrapperShade = $0 }),
    ShadeAPI(
      name: "DefaultsWrapper UserDefaults extension", key: "extension",
      read: { UserDefaults.oneCoding.rawRepresentable(forKey: "extension") },
      write: { UserDefaults.oneCoding.set($0, forKey: "extension") }),
  ]
}

private let cloud = InMemoryCloudStore()

// NB: one key object, as an app holds: a key object's first use takes the cloud's value over a
// different cached one, which would undo the values these tests write to the cache directly.
private let cloudShade = CloudDefaultsKey(
  "cloudShade",
  local: DefaultsKey<Shade>("cloudCache", default: .light, store: UserDefaults.oneCoding.defaultsStore),
  cloud: cloud)

extension UserDefaults {
  fileprivate var defaultsStore: any DefaultsStore { UserDefaultsStore.store(for: self) }
}

@Suite("One coding decision for every API", .serialized)
struct OneCodingTests {
  @Test("Each API stores the raw value, and reads what it stored", arguments: ShadeAPI.all)
  fileprivate func storesRawValue(api: ShadeAPI) {
    api.write(.dark)
    #expect(
      UserDefaults.oneCoding.object(forKey: api.key) as? String == "dark",
      "\(String(describing: UserDefaults.oneCoding.object(forKey: api.key)))")
    #expect(api.read() == .dark)
  }

  @Test("Each API reads what another API stored", arguments: ShadeAPI.all)
  fileprivate func readsOtherAPIs(api: ShadeAPI) {
    let other = DefaultsKey<Shade>(
      DefaultName(api.key), default: .light, store: UserDefaults.oneCoding.defaultsStore, register: false)
    other.value = .dim
    #expect(api.read() == .dim)
  }

  @Test(
    "Each API reads the JSON data an earlier release stored, and writes the raw value next time",
    arguments: ShadeAPI.all)
  fileprivate func readsLegacyJSON(api: ShadeAPI) throws {
    UserDefaults.oneCoding.set(try JSONEncoder().encode(Shade.dim), forKey: api.key)
    UserDefaults.oneCoding.storeDirectWrites()
    #expect(api.read() == .dim)
    api.write(.dark)
    #expect(UserDefaults.oneCoding.object(forKey: api.key) as? String == "dark")
  }

  @Test("The cloud receives the same form")
  func cloudForm() {
    cloudShade.value = .dark
    #expect(cloud.value(forKey: "cloudShade") == .string("dark"))
  }
}
