// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import Foundation
import Observation
import UserDefaultsKit

// The examples of `@DefaultsEntry` and `@ObservableDefaultsEntry`.

enum Counters {
  @DefaultsEntry("launchCount", default: 0)
  static var launchCount: Int
}

struct Player {
  let defaults: UserDefaults
  @DefaultsEntry(store: \Player.defaults) var name: String = "Ada"
}

// What `@DefaultsEntry(store: \Player.defaults) var name: String = "Ada"` expands to, written
// by hand in a type of the same name.
enum Expanded {
  struct Player {
    let defaults: UserDefaults
    var name: String = "Ada" {
      init(initialValue) {}
      get { _$name._storable().value(in: UserDefaultsKit._defaultsStore(self[keyPath: \Player.defaults])) }
      nonmutating set { _$name.setValue(newValue, in: UserDefaultsKit._defaultsStore(self[keyPath: \Player.defaults])) }
    }
    private let _$name = UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<String>>("name", default: "Ada")
  }
}

@Observable final class Model {
  @ObservableDefaultsEntry @ObservationIgnored var volume = 0.5
}
