import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKit

// `store: UserDefaults(suiteName: "...")!` in an attribute is evaluated for each instance, and in
// `@DefaultsEntry` for each access: the macros give every evaluation the suite's one shared store.
private let suite = "UserDefaultsKitTests.suiteArgument"

@DefaultsBacked(store: UserDefaults(suiteName: "UserDefaultsKitTests.suiteArgument")!)
private struct SharedSettings {
  var volume = 0.5
}

@ObservableDefaults(store: UserDefaults(suiteName: "UserDefaultsKitTests.suiteArgument")!)
private final class SharedLiveSettings {
  var volume = 0.5
}

private enum SharedEntries {
  @DefaultsEntry("count", default: 0, store: UserDefaults(suiteName: "UserDefaultsKitTests.suiteArgument")!)
  static var count: Int
  @DefaultsEntry("spelledInit", default: 0, store: .init(suiteName: "UserDefaultsKitTests.suiteArgument")!)
  static var spelledInit: Int
  @DefaultsEntry(
    "orStandard", default: 0,
    store: UserDefaults(suiteName: "UserDefaultsKitTests.suiteArgument") ?? .standard)
  static var orStandard: Int
}

@Suite("A suite named in a store argument")
struct SuiteArgumentTests {
  @Test("Every instance and access of a type that names a suite uses the suite's one store")
  func oneStoreForEveryEvaluation() {
    defer { removeSuite(suite) }
    let store = UserDefaultsStore.suite(suite)
    let first = SharedSettings()
    let second = SharedSettings()
    let live = SharedLiveSettings()
    #expect(first.defaultsStore as? UserDefaultsStore === store)
    #expect(second.defaultsStore as? UserDefaultsStore === store)
    #expect(live.defaultsStore as? UserDefaultsStore === store)

    first.volume = 0.8
    #expect(second.volume == 0.8 && live.volume == 0.8)
    #expect(store.read("volume") == .double(0.8))

    SharedEntries.count += 3
    #expect(store.read("count") == .integer(3))
    #expect(UserDefaults(suiteName: suite)!.integer(forKey: "count") == 3)
    SharedEntries.spelledInit = 4
    SharedEntries.orStandard = 5
    #expect(store.read("spelledInit") == .integer(4) && store.read("orStandard") == .integer(5))
  }
}
