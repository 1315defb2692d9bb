// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import Foundation
import Observation
import UserDefaultsKitCompatObservableUserDefault

// The example of the doc comments of ObservableUserDefault's spelling.

@Observable final class StorageModel {
  @ObservableUserDefault(.init(key: "NAME_STORAGE_KEY", defaultValue: "John Appleseed", store: .standard))
  @ObservationIgnored
  var name: String
}

extension UserDefaults {
  nonisolated(unsafe) static var name: String = "John Appleseed"
}

@Observable final class OptionalStorageModel {
  @ObservableUserDefault(.init(key: "NAME_STORAGE_KEY", store: .standard))
  @ObservationIgnored
  var name: String?
}
