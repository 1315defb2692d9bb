import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCore

@Suite("Observing several keys")
struct SeveralKeysObservationTests {
  @Test(
    "A change of each key is one call; an unrelated key, an equal write and a cancelled observation none",
    arguments: StoreKind.allCases)
  func eachKey(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let wins = DefaultsKey("wins", default: 0, store: store)
      let streak = DefaultsKey("streak", default: 0, store: store)
      let other = DefaultsKey("other", default: 0, store: store)
      let calls = LockedCounter()
      let observation = DefaultsKeys.observe([wins, streak]) { calls.increment() }
      wins.value = 1
      #expect(calls.count == 1)
      streak.value = 1
      #expect(calls.count == 2)
      other.value = 1
      streak.value = 1
      #expect(calls.count == 2)
      try wins.reset()
      #expect(calls.count == 3)
      observation.cancel()
      wins.value = 2
      streak.value = 2
      #expect(calls.count == 3)
    }
  }

  @Test("An update of two keys is one call, which reads both new values", arguments: StoreKind.allCases)
  func update(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let wins = DefaultsKey("wins", default: 0, store: store)
      let streak = DefaultsKey("streak", default: 0, store: store)
      let seen = LockedArray<[Int]>()
      let observation = DefaultsKeys.observe([wins, streak]) { seen.append([wins.value, streak.value]) }
      try store.update {
        wins.value += 1
        streak.value += 1
      }
      #expect(seen.all == [[1, 1]])
      observation.cancel()
    }
  }

  #if os(Linux)
    @Test("Direct writes of two keys that one look at the suite finds are one call")
    func externalChanges() async {
      await withTemporarySuite { store in
        let wins = DefaultsKey("wins", default: 0, store: store)
        let streak = DefaultsKey("streak", default: 0, store: store)
        let calls = LockedCounter()
        let observation = DefaultsKeys.observe([wins, streak]) { calls.increment() }
        store.userDefaults.set(4, forKey: "wins")
        store.userDefaults.set(2, forKey: "streak")
        store.userDefaults.storeDirectWrites()
        // NB: the suite's watcher may find the change first, and announce it on its own thread.
        #expect(await eventually { calls.count > 0 })
        try? await Task.sleep(for: .milliseconds(100))
        #expect(calls.count == 1)
        #expect(wins.value == 4)
        #expect(streak.value == 2)
        observation.cancel()
      }
    }
  #endif

  @Test("A store of your own: every write is a call")
  func ownStore() throws {
    let store = DictionaryStore()
    let wins = DefaultsKey("wins", default: 0, store: store)
    let streak = DefaultsKey("streak", default: 0, store: store)
    let calls = LockedCounter()
    let observation = DefaultsKeys.observe([wins, streak]) { calls.increment() }
    wins.value = 1
    streak.value = 1
    #expect(calls.count == 2)
    observation.cancel()
  }

  @Test(
    "An observation cancelled after a change, before its call, is not called", arguments: StoreKind.allCases)
  func cancelledBeforeTheCall(kind: StoreKind) async {
    await kind.withStore { store in
      let wins = DefaultsKey("wins", default: 0, store: store)
      let calls = LockedCounter()
      let observation = DefaultsKeys.observe([wins]) { calls.increment() }
      // NB: a key made for the call, of the same name, is told of the change after the
      // observation's key, whose call waits behind it.
      let canceller = DefaultsKey("wins", default: 0, store: store).observeChanges { observation.cancel() }
      wins.value = 1
      #expect(calls.count == 0)
      canceller.cancel()
    }
  }

  @Test("A released observation stops observing")
  func released() {
    let store = InMemoryDefaultsStore()
    let wins = DefaultsKey("wins", default: 0, store: store)
    let calls = LockedCounter()
    do {
      let observation = DefaultsKeys.observe([wins]) { calls.increment() }
      wins.value = 1
      _ = observation
    }
    wins.value = 2
    #expect(calls.count == 1)
  }

  @Test("The sequence yields now, then after each change", arguments: StoreKind.allCases)
  func updates(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let wins = DefaultsKey("wins", default: 0, store: store)
      let streak = DefaultsKey("streak", default: 0, store: store)
      var iterator = DefaultsKeys.updates(of: [wins, streak]).makeAsyncIterator()
      #expect(await iterator.next() != nil)
      streak.value = 3
      #expect(await iterator.next() != nil)
      try store.update {
        wins.value = 1
        streak.value = 4
      }
      #expect(await iterator.next() != nil)
      #expect(wins.value == 1)
      #expect(streak.value == 4)
    }
  }
}
