import DefaultsTestSupport
import Foundation
import Observation
import Testing
import UserDefaultsKitCompatUserDefaultsObservation

// The code of UserDefaultsObservation's README, as written there but for the import, the class
// names the README reuses (numbered here) and the suite names.

@ObservableUserDefaults
class MySampleClass {
  var firstUse = false
  var username: String? = nil

  @ObservableUserDefaultsIgnored
  var someIgnoredProperty = "hello world"

  @UserDefaultsProperty(key: "myPreviousKey")
  var existingUserDefaults: Bool = true

  @UserDefaultsStore
  var myStore = UserDefaults(suiteName: "UserDefaultsKitCompatTests.MyStore.WithSuiteName.Example")
}

@ObservableUserDefaults
class MySampleClass2 {
  var firstUse = false
  var username: String? = nil

  @UserDefaultsStore
  var myStore: UserDefaults

  init(_ store: UserDefaults = .standard) {
    self.myStore = store
  }
}

@ObservableUserDefaults
class MySampleClass3 {
  var firstUse = false

  @UserDefaultsStore
  var myStore: UserDefaults {
    #if DEBUG
      return UserDefaults(suiteName: "UserDefaultsKitCompatTests.myDebugStore.example")!
    #else
      return UserDefaults(suiteName: "UserDefaultsKitCompatTests.myProductionStore.example")!
    #endif
  }
}

@ObservableUserDefaults
class MySampleClass4 {
  var firstUse = false

  @UserDefaultsStore
  var myStore: UserDefaults = {
    #if DEBUG
      return UserDefaults(suiteName: "UserDefaultsKitCompatTests.myDebugStore.example")!
    #else
      return UserDefaults(suiteName: "UserDefaultsKitCompatTests.myProductionStore.example")!
    #endif
  }()
}

@ObservableUserDefaults
class UsersPreferences {
  @CloudProperty(
    key: "yourCloudKey",
    userDefaultKey: "differentUserDefaultKey",
    onStoreServerChange: .cloudValue,
    onInitialSyncChange: .cloudValue,
    onAccountChange: .cachedValue)
  var favoriteColor: String = "Green"

  @UserDefaultsStore
  var store = UserDefaults(suiteName: "UserDefaultsKitCompatTests.cloud")
}

@Suite("UserDefaultsObservation README", .serialized)
struct UserDefaultsObservationTests {
  @Test("Keys are ClassName.property, or the custom key; the store member is used; observed")
  func sample() {
    let suite = "UserDefaultsKitCompatTests.MyStore.WithSuiteName.Example"
    defer { removeSuite(suite) }
    let sample = MySampleClass()
    let changes = LockedCounter()
    withObservationTracking {
      _ = sample.firstUse
    } onChange: {
      changes.increment()
    }
    sample.firstUse = true
    sample.username = "ada"
    sample.someIgnoredProperty = "changed"
    #expect(changes.count == 1)
    let defaults = UserDefaults(suiteName: suite)!
    #expect(defaults.bool(forKey: "MySampleClass.firstUse"))
    #expect(defaults.string(forKey: "MySampleClass.username") == "ada")
    #expect(defaults.object(forKey: "someIgnoredProperty") == nil)
    #expect(sample.existingUserDefaults)
    sample.existingUserDefaults = false
    #expect(defaults.object(forKey: "myPreviousKey") as? Bool == false)
    sample.username = nil
    #expect(defaults.persistentDomain(forName: suite)?["MySampleClass.username"] == nil)
  }

  @Test("A store set in an initializer, and a computed store")
  func stores() {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    let sample = MySampleClass2(UserDefaults(suiteName: suite)!)
    sample.firstUse = true
    #expect(UserDefaults(suiteName: suite)!.bool(forKey: "MySampleClass2.firstUse"))

    let computed = MySampleClass3()
    computed.firstUse = true
    #expect(MySampleClass3().firstUse)
    MySampleClass4().firstUse = true
    #expect(MySampleClass4().firstUse, "a closure-initialized store")
    #expect(
      UserDefaults(suiteName: "UserDefaultsKitCompatTests.myDebugStore.example")!.bool(
        forKey: "MySampleClass4.firstUse"))
  }

  // NB: @CloudProperty uses the platform's cloud store; on Apple platforms that is iCloud, which a
  // test process has no entitlement for. Its policies are tested on every platform through
  // CloudDefaultsKey with an in-memory cloud (UserDefaultsKitCoreTests).
  #if !canImport(Darwin) && !APPLE_API_TYPECHECK
    @Test("@CloudProperty caches under userDefaultKey and follows its policies")
    func cloud() {
      defer { removeSuite("UserDefaultsKitCompatTests.cloud") }
      let preferences = UsersPreferences()
      #expect(preferences.favoriteColor == "Green")
      preferences.favoriteColor = "Blue"
      #expect(
        UserDefaults(suiteName: "UserDefaultsKitCompatTests.cloud")!.string(forKey: "differentUserDefaultKey")
          == "Blue")
      #expect(InMemoryCloudStore.shared.value(forKey: "yourCloudKey") == .string("Blue"))
      let changes = LockedCounter()
      withObservationTracking {
        _ = preferences.favoriteColor
      } onChange: {
        changes.increment()
      }
      InMemoryCloudStore.shared.simulateExternalChange(
        .serverChange, values: ["yourCloudKey": .string("Red")])
      #expect(preferences.favoriteColor == "Red")
      #expect(changes.count == 1)
      InMemoryCloudStore.shared.simulateExternalChange(
        .accountChange, values: ["yourCloudKey": .string("Teal")])
      #expect(preferences.favoriteColor == "Red", "onAccountChange: .cachedValue")
    }
  #endif
}

/// Whether Observation reports a change of what `read` reads when `change` runs: for the tests of
/// code that, like code written for UserDefaultsObservation, does not import Observation.
func observationReportsChange(of read: () -> Void, when change: () -> Void) -> Bool {
  let changes = LockedCounter()
  withObservationTracking(read) {
    changes.increment()
  }
  change()
  return changes.count == 1
}
