import DefaultsTestSupport
import Testing
import UserDefaultsKitCore

/// The in-memory store as a `ListableDefaultsStore`: its values and every change of them, keys
/// nobody named included, heard through its own announcements.
@Suite("The in-memory store, whole")
struct InMemoryWholeStoreTests {
  @Test(
    "Each write, removal and update reaches a whole-store observer once, after the key observers, in order")
  func observeStoredValues() throws {
    let store = InMemoryDefaultsStore(values: ["kept": .integer(0)])
    store.register(["registered": .integer(1)])
    let heard = LockedArray<String>()
    let reports = LockedArray<[String: PropertyListValue?]>()
    let keyObservation = store.observe("a") { _ in heard.append("key a") }
    let observation = try #require(
      store.observeStoredValues { changes in
        heard.append("store")
        reports.append(changes)
      })
    store.write(.integer(1), forKey: "a")
    store.remove("kept")
    try store.update {
      store.write(.string("x"), forKey: "b")
      store.write(.integer(2), forKey: "a")
    }
    let removal: [String: PropertyListValue?] = ["kept": .none]
    #expect(reports.all == [["a": .integer(1)], removal, ["a": .integer(2), "b": .string("x")]])
    #expect(heard.all == ["key a", "store", "store", "key a", "store"])
    #expect(store.storedValue("a") == .integer(2))
    #expect(store.storedValue("registered") == nil, "a registered default is not stored")
    #expect(store.storedValues == ["a": .integer(2), "b": .string("x")])
    observation.cancel()
    store.write(.integer(3), forKey: "a")
    #expect(reports.all.count == 3, "a cancelled observation hears nothing more")
    keyObservation.cancel()
  }
}
