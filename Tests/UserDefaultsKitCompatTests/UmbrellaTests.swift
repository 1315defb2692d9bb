import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCompat

// Code that uses several replaced packages' names imports the umbrella module alone: the names that
// two packages share, or a package shares with the library, stay usable side by side, and each
// expansion reaches the helpers of its package's module through the umbrella.

private let umbrellaSuite = temporarySuiteName()

// NB: UserDefaults is Sendable on Apple platforms, not on Linux.
extension UserDefaults {
  // Not type-checked on Linux: UserDefaults is Sendable in Apple's SDKs only.
  #if canImport(Darwin)
    fileprivate static let umbrella = UserDefaults(suiteName: umbrellaSuite)!
  #else
    nonisolated(unsafe) fileprivate static let umbrella = UserDefaults(suiteName: umbrellaSuite)!
  #endif
}

// VADefaults' attribute `@DefaultsValue`, beside DefaultsWrapper's type `DefaultsValue`.
@UserDefaultsData(defaults: .umbrella)
final class VADefaultsCounter {
  @DefaultsValue(key: "count") var count: Int
}

// An `@ObservationIgnored` property of an observed VADefaults container: its expansion names
// UserDefaultsKitCompatVADefaults.
@Observable @UserDefaultsData(defaults: .umbrella)
final class VADefaultsObservedCounter {
  @ObservationIgnored
  var observedCount: Int
}

// A UserDefaultMacro record with a coding: its expansion names UserDefaultsKitCompatUserDefaultMacro.
@UserDefaultDataStore(using: .umbrella)
struct UserDefaultMacroRecords {
  @UserDefaultRecord(key: "tags", coding: .json) var tags: [String]?
}

// UserDefaultsObservation's attribute `@UserDefaultsStore` beside the library's class of that name,
// and a cloud property, whose expansion names UserDefaultsKitCompatUserDefaultsObservation.
@ObservableUserDefaults
final class UserDefaultsObservationSettings {
  @CloudProperty(key: "umbrellaColor") var color = "Green"

  @UserDefaultsStore
  var store: UserDefaultsStore = UserDefaultsStore.suite(umbrellaSuite)
}

@Suite("The umbrella module", .serialized)
struct UmbrellaTests {
  @Test("DefaultsWrapper's DefaultsValue and VADefaults' @DefaultsValue read one key")
  func defaultsValue() {
    defer { removeSuite(umbrellaSuite) }
    let handle: DefaultsValue<Int> = DefaultsValue(key: "count", initialValue: 0, defaults: .umbrella)
    handle.value = 3
    #expect(VADefaultsCounter().count == 3)
  }

  @Test("Each package's expansions reach its module's helpers")
  func expansions() throws {
    defer { removeSuite(umbrellaSuite) }
    VADefaultsObservedCounter().observedCount = 2
    UserDefaultMacroRecords().tags = ["a"]
    UserDefaultsObservationSettings().color = "Blue"
    let store: UserDefaultsStore = .suite(umbrellaSuite)
    #expect(store.read("observedCount") == .integer(2))
    #expect(store.read("tags") == .data(try JSONEncoder().encode(["a"])), "the coding's data")
    #expect(store.read("umbrellaColor") == .string("Blue"))
  }
}
