// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import Foundation
import UserDefaultsKitCompatUserDefaultsObservation

// The examples of the doc comments of UserDefaultsObservation's spellings.

@ObservableUserDefaults
class MySampleClass {
  var firstUse = false
  var username: String? = nil
  @UserDefaultsStore var myStore = UserDefaults(suiteName: "MyStore.WithSuiteName.Example")
}

@ObservableUserDefaults
class Preferences {
  @CloudProperty(key: "yourCloudKey", userDefaultKey: "differentUserDefaultKey",
                 onStoreServerChange: .cloudValue, onInitialSyncChange: .cloudValue,
                 onAccountChange: .cachedValue)
  var favoriteColor: String = "Green"
}

@ObservableUserDefaults
class ExistingKeys {
  @UserDefaultsProperty(key: "myPreviousKey")
  var existingUserDefaults: Bool = true

  @ObservableUserDefaultsProperty("OldInterface")
  var oldInterface = true

  @ObservableUserDefaultsStore
  var myStore: UserDefaults

  init(_ store: UserDefaults = .standard) {
    self.myStore = store
  }
}

@ObservableUserDefaults
final class CloudStoreValues {
  @CloudProperty(key: "aNumber", onStoreServerChange: .cloudValue, onAccountChange: .cachedValue)
  var aNumber: Int = 0
}

// The example of MigratingFromUserDefaultsObservation.md.

@ObservableUserDefaults
class Editor {
  @ObservableUserDefaultsIgnored
  var draft = "" {
    didSet { print(draft) }
  }
}
