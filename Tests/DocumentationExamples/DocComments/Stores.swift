// swift-format-ignore-file
// The examples keep the layout of the documentation they come from.
import Foundation
import UserDefaultsKit

// The examples of the doc comments of stores and of the entry points of generated code.

func writeToAStore() throws {
  let store: any DefaultsStore = InMemoryDefaultsStore()
  try store.write(.integer(3), forKey: "launchCount")
  let stored = store.read("launchCount")  // .integer(3)
  _ = stored
}

func printSuite(of store: some ListableDefaultsStore) {
  for (key, value) in store.storedValues.sorted(by: { $0.key < $1.key }) {
    print(key, value)
  }
}

func printAnInMemorySuite() {
  printSuite(of: InMemoryDefaultsStore(values: ["volume": .double(0.8)]))
}

func countInMemory() {
  let store = InMemoryDefaultsStore()
  let count = DefaultsKey<Int>("launchCount", default: 0, store: store)
  count.value += 1
}

func updateTogether() throws {
  let store = UserDefaultsStore.suite("com.example.game")
  let wins = DefaultsKey("wins", default: 0, store: store)
  let streak = DefaultsKey("streak", default: 0, store: store)
  try store.update {
    wins.value += 1
    streak.value += 1
  }
}

func openSuite() {
  let store = UserDefaultsStore.suite("com.example.settings")
  let volume = DefaultsKey<Double>("volume", default: 0.5, store: store)
  _ = volume
}

func shareAStore() {
  let shared = UserDefaultsStore.suite("group.com.example.app")
  let sameStore = UserDefaultsStore.store(for: shared.userDefaults)  // === shared
  _ = sameStore
}

#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  func locateSuites() {
    let store = UserDefaultsStore.suite("settings", in: URL(fileURLWithPath: "/var/lib/myapp"))
    let folder = UserDefaultsStore.preferencesFolder  // ~/.config
    let file = UserDefaultsStore.fileURL(forSuite: "com.example.settings")  // ~/.config/com.example.settings.plist
    _ = (store, folder, file)
  }
#endif

func journalASuite() {
  let store = UserDefaultsStore.journaledSuite("com.example.telemetry")
  let launches = DefaultsKey<Int>("launches", default: 0, store: store)
  launches.value += 1  // appends one record to the journal
}

struct HandWrittenSettings {
  let defaultsStore: any DefaultsStore = InMemoryDefaultsStore()
  private let _$volume = _DefaultsSlot { DefaultsKey("volume", default: 0.5, store: $0) }
  var volume: Double {
    get { _$volume.value(in: defaultsStore) }
    nonmutating set { _$volume.setValue(newValue, in: defaultsStore) }
  }
}

struct HandWrittenStoreReference {
  private let _$defaultsStore = _DefaultsStoreReference(UserDefaultsStore.standard)
  var defaultsStore: any DefaultsStore { _$defaultsStore.store }
}
