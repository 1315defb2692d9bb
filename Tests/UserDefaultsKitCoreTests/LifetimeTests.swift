import DefaultsTestSupport
import Foundation
import Testing

@testable import UserDefaultsKitCore

@Suite("Lifetimes")
struct LifetimeTests {
  @Test("An in-memory store is released with its last key and observer")
  func inMemoryStore() {
    weak var released: InMemoryDefaultsStore?
    do {
      let store = InMemoryDefaultsStore()
      released = store
      let key = DefaultsKey<Int>("count", default: 0, store: store)
      let observation = key.observe { _ in }
      key.value = 1
      _ = observation
    }
    #expect(released == nil)
  }

  @Test("A suite's store, its observers and its file watch are released with its last key")
  func suiteStore() {
    let name = temporarySuiteName()
    defer { removeSuite(name) }
    weak var released: UserDefaultsStore?
    let file = UserDefaultsStore.fileURL(forSuite: name)
    do {
      let store = UserDefaultsStore.suite(name)
      released = store
      let key = DefaultsKey<Int>("count", default: 0, store: store)
      let observation = key.observe { _ in }
      key.value = 1
      #if !canImport(Darwin)
        #expect(FileWatcher.shared.handlerCount(for: file!) == 1)
      #endif
      _ = observation
    }
    #expect(released == nil)
    #if !canImport(Darwin)
      #expect(FileWatcher.shared.handlerCount(for: file!) == 0)
    #endif
  }
}
