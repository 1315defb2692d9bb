import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCompatUserDefaultsObservation

// UserDefaultsObservation's attribute `@UserDefaultsStore` and the library's store class
// `UserDefaultsStore`, both by their plain names, with this package's module imported alone. Swift
// reads the name as the attribute in attribute position, and as the class as a type and in an
// expression: this file stops compiling if either one hides the other.

private let storeNameSuite = temporarySuiteName()

@ObservableUserDefaults
private final class StoreNameSettings {
  var volume = 5

  @UserDefaultsStore
  var store: UserDefaultsStore = UserDefaultsStore.suite(storeNameSuite)
}

@Suite("The attribute @UserDefaultsStore beside the class UserDefaultsStore")
struct StoreNameTests {
  @Test("A member of the class's type, marked with the attribute, is the store")
  func attributeMarksAStoreOfTheClass() {
    defer { removeSuite(storeNameSuite) }
    StoreNameSettings().volume = 7
    let store: UserDefaultsStore = .suite(storeNameSuite)
    #expect(store.read("StoreNameSettings.volume") == .integer(7))
    #expect(StoreNameSettings().volume == 7)
  }
}
