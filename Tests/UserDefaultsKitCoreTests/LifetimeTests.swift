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
    #if !canImport(Darwin) && !APPLE_API_TYPECHECK && DEBUG
      let file = UserDefaultsStore.fileURL(forSuite: name)
    #endif
    do {
      let store = UserDefaultsStore.suite(name)
      released = store
      let key = DefaultsKey<Int>("count", default: 0, store: store)
      let observation = key.observe { _ in }
      key.value = 1
      #if !canImport(Darwin) && !APPLE_API_TYPECHECK && DEBUG
        #expect(FileWatcher.shared.handlerCount(for: file!) == 1)
      #endif
      _ = observation
    }
    #expect(released == nil)
    #if !canImport(Darwin) && !APPLE_API_TYPECHECK && DEBUG
      #expect(FileWatcher.shared.handlerCount(for: file!) == 0)
    #endif
  }

  @Test("An observation of a suite's store keeps the store, and hears its writes, until cancelled")
  func storeObservationKeepsTheStore() throws {
    let name = temporarySuiteName()
    defer { removeSuite(name) }
    let seen = LockedArray<PropertyListValue?>()
    let observation = UserDefaultsStore.suite(name).observe("count") { seen.append($0) }
    weak var released: UserDefaultsStore?
    released = UserDefaultsStore.suite(name)
    try UserDefaultsStore.suite(name).write(.integer(1), forKey: "count")
    #expect(seen.all == [.integer(1)])
    #expect(released != nil)
    observation.cancel()
    #expect(released == nil)
  }

  @Test(
    "A problem handler may use a store while a new store reports a problem",
    .timeLimit(.minutes(1)))
  func reportWhileAStoreIsMade() {
    let handled = LockedArray<String>()
    let reporting = DefaultsReports.observe { problem in
      if (problem as? DefaultsError)?.kind == .invalidSuiteName {
        handled.append(UserDefaultsStore.standard.description)
      }
    }
    defer { reporting.cancel() }
    _ = UserDefaultsStore.suite("\(temporarySuiteName())/nested")
    #expect(handled.all.contains("UserDefaults(standard)"))
  }
}
