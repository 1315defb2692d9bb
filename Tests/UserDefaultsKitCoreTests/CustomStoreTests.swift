import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCore

@Suite("A store of your own")
struct CustomStoreTests {
  @Test("Observers that start after unobserved changes hear the next change, even back to an earlier value")
  func observersStartFromTheCurrentValue() throws {
    let store = DictionaryStore()
    let key = DefaultsKey<Int>("count", default: 0, store: store)
    key.value = 1
    try store.write(.integer(2), forKey: "count")
    let seen = LockedArray<Int>()
    let observation = key.observe { seen.append($0) }
    defer { observation.cancel() }
    try store.write(.integer(1), forKey: "count")
    #expect(seen.all == [1])
    #expect(key.value == 1)
  }
}

/// What the documentation promises a store of your own (`DefaultsStore`, `DefaultsStore.update`),
/// one test per promise, with the smallest store that keeps the protocol's contract.
@Suite("What a store of your own gets")
struct CustomStoreGuaranteeTests {
  @Test("A key registers its default, reads it, writes, reads back and resets")
  func readsWritesAndResets() throws {
    let store = DictionaryStore()
    let volume = DefaultsKey<Double>("volume", default: 0.5, store: store)
    #expect(store.read("volume") == .double(0.5), "the default is registered")
    #expect(volume.value == 0.5 && volume.isDefault)
    try volume.set(0.8)
    #expect(volume.value == 0.8 && store.read("volume") == .double(0.8))
    try volume.reset()
    #expect(volume.value == 0.5 && volume.isDefault)
  }

  @Test("Observers hear each of the key's own writes once, and the store's own changes")
  func observersHearOwnWritesAndTheStores() throws {
    let store = DictionaryStore()
    let count = DefaultsKey<Int>("count", default: 0, store: store)
    let seen = LockedArray<Int>()
    let observation = count.observe { seen.append($0) }
    defer { observation.cancel() }
    count.value = 1
    try store.write(.integer(2), forKey: "count")
    try count.reset()
    #expect(seen.all == [1, 2, 0])
  }

  @Test("A write the store refuses: set and reset throw its cause, the setter reports it, the value stays")
  func refusedWrites() throws {
    let store = DictionaryStore()
    let count = DefaultsKey<Int>("count", default: 0, store: store)
    count.value = 1
    store.refusesWrites = true
    let refused = DefaultsError(
      .writeFailed, key: "count", store: "\(store)", underlying: DictionaryStore.Refused())
    #expect(throws: refused) { try count.set(2) }
    #expect(throws: refused) { try count.reset() }
    let reported = ReportedErrors(for: store)
    count.value = 3
    #expect(reported.errors == [refused] && reported.warnings.isEmpty)
    #expect(count.value == 1)
  }

  @Test(
    "A store's own DefaultsError is thrown as the store made it; only a key and store it left out are filled in"
  )
  func storesOwnError() {
    let store = DictionaryStore()
    let count = DefaultsKey<Int>("count", default: 0, store: store)
    store.refusesWrites = true
    store.refusalError = DefaultsError(.unusableFile, path: "/srv/app.plist", detail: "read-only")
    #expect(
      throws: DefaultsError(
        .unusableFile, key: "count", store: "\(store)", path: "/srv/app.plist", detail: "read-only")
    ) {
      try count.set(2)
    }
    store.refusalError = DefaultsError(.corruptFile, key: "other", store: "elsewhere")
    #expect(throws: DefaultsError(.corruptFile, key: "other", store: "elsewhere")) { try count.reset() }
  }

  @Test("Updates run one at a time: concurrent increments lose nothing")
  func updatesAreSerialized() {
    let store = DictionaryStore()
    let counter = DefaultsKey<Int>("counter", default: 0, store: store)
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<50 { #expect(throws: Never.self) { try counter.update { $0 += 1 } } }
    }
    #expect(counter.value == 200)
  }

  @Test(
    "Inside an update each write is stored at once: a write that fails throws, the writes before it stay, none after it is made"
  )
  func failedWriteInsideAnUpdate() throws {
    let store = DictionaryStore()
    let first = DefaultsKey<Int>("first", default: 0, store: store)
    let second = DefaultsKey<Int>("second", default: 0, store: store)
    let third = DefaultsKey<Int>("third", default: 0, store: store)
    let refused = DefaultsError(
      .writeFailed, key: "second", store: "\(store)", underlying: DictionaryStore.Refused())
    #expect(throws: refused) {
      try store.update {
        first.value = 1
        store.refusesWrites = true
        second.value = 2
        store.refusesWrites = false
        third.value = 3
      }
    }
    #expect(first.value == 1, "stored at once, as documented")
    #expect(second.value == 0)
    #expect(third.value == 0, "the update had failed")
  }

  @Test("A body that throws keeps the writes made before it, as documented")
  func throwingBody() {
    struct Stop: Error {}
    let store = DictionaryStore()
    let count = DefaultsKey<Int>("count", default: 0, store: store)
    #expect(throws: Stop.self) {
      try store.update {
        count.value = 1
        throw Stop()
      }
    }
    #expect(count.value == 1)
  }

  @Test("An update of a store of your own inside one of the library's store keeps the outer writes pending")
  func nestedInALibraryUpdate() throws {
    let store = DictionaryStore()
    let memory = InMemoryDefaultsStore()
    let outer = DefaultsKey<Int>("outer", default: 0, store: memory)
    let inner = DefaultsKey<Int>("inner", default: 0, store: store)
    try memory.update {
      outer.value = 1
      try store.update { inner.value = 2 }
      outer.value = 3
      #expect(memory.storedValues["outer"] == nil, "still pending")
      #expect(outer.value == 3, "read back inside the update")
    }
    #expect(memory.storedValues["outer"] == .integer(3))
    #expect(inner.value == 2)
  }

  @Test("An earlier name's value moves to the key")
  func previousNames() {
    let store = DictionaryStore()
    try? store.write(.string("dark"), forKey: "colorScheme")
    let theme = DefaultsKey<String>("theme", default: "light", store: store, previously: ["colorScheme"])
    #expect(theme.value == "dark")
    #expect(store.read("colorScheme") == nil)
  }

  @Test("A cloud-synced key whose local write fails sends nothing to the cloud")
  func cloudKeyOverAFailingStore() {
    let store = DictionaryStore()
    let cloud = InMemoryCloudStore()
    let color = CloudDefaultsKey(
      "favoriteColor", local: DefaultsKey("cachedColor", default: "green", store: store), cloud: cloud)
    store.refusesWrites = true
    #expect(throws: DefaultsError.self) { try color.set("blue") }
    let reported = ReportedErrors(for: store)
    color.value = "red"
    #expect(reported.all.count == 1, "the setter reports once: \(reported.all)")
    #expect(cloud.value(forKey: "favoriteColor") == nil)
  }
}
