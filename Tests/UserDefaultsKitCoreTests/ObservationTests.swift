import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCore

@Suite("Change hub")
struct ObservationTests {
  @Test(
    "Observers hear every change, not equal writes, and stop when cancelled", arguments: StoreKind.allCases)
  func callbacks(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let count = DefaultsKey<Int>("count", default: 0, store: store)
      let seen = LockedArray<Int>()
      let observation = count.observe { seen.append($0) }
      count.value = 1
      count.value = 1
      count.value = 2
      try count.reset()
      observation.cancel()
      count.value = 3
      #expect(seen.all == [1, 2, 0])
    }
  }

  @Test("Two UserDefaults objects for one suite share one hub")
  func sameSuiteSameHub() async {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    // NB: on Apple platforms only objects the library made can be tied to their suite.
    #if canImport(Darwin) || APPLE_API_TYPECHECK
      let objects = (UserDefaultsStore.suite(suite).userDefaults, UserDefaultsStore.suite(suite).userDefaults)
    #else
      let objects = (UserDefaults(suiteName: suite)!, UserDefaults(suiteName: suite)!)
    #endif
    let first = UserDefaultsStore.store(for: objects.0)
    let second = UserDefaultsStore.store(for: objects.1)
    #expect(first === second)

    let reader = DefaultsKey<String>("name", default: "", store: first)
    let writer = DefaultsKey<String>("name", default: "", store: second)
    let seen = LockedArray<String>()
    let observation = reader.observe { seen.append($0) }
    writer.value = "Ada"
    #expect(seen.all == ["Ada"])
    #expect(reader.value == "Ada")
    observation.cancel()
  }

  @Test("A released observation stops observing")
  func releasedObservation() async {
    await StoreKind.inMemory.withStore { store in
      let count = DefaultsKey<Int>("count", default: 0, store: store)
      let seen = LockedArray<Int>()
      do {
        let observation = count.observe { seen.append($0) }
        count.value = 1
        _ = observation
      }
      count.value = 2
      #expect(seen.all == [1])
    }
  }

  @Test(
    "The async sequence starts with the current value, then yields each change", arguments: StoreKind.allCases
  )
  func asyncValues(kind: StoreKind) async {
    await kind.withStore { store in
      let theme = DefaultsKey<String>("theme", default: "light", store: store)
      var iterator = theme.values.makeAsyncIterator()
      #expect(await iterator.next() == "light")
      theme.value = "light"
      theme.value = "dark"
      #expect(await iterator.next() == "dark")
      theme.value = "system"
      #expect(await iterator.next() == "system")
    }
  }

  @Test("Problems go to the observers of the reporting hook")
  func errorHook() async throws {
    try await StoreKind.inMemory.withStore { store in
      let errors = ReportedErrors(for: store)
      try store.write(.string("x"), forKey: "n")
      _ = DefaultsKey<Int>("n", default: 0, store: store).value
      #expect(
        errors.warnings == [
          DefaultsWarning(.undecodableValue, key: "n", store: "\(store)", detail: "Int", value: .string("x"))
        ] && errors.errors.isEmpty)
    }
  }
}
