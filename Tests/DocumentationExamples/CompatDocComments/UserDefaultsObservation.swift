// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import Foundation
import UserDefaultsKitCompat

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
