import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCore

/// A store of the user's own, as the `DefaultsStore` documentation describes one: it announces
/// changes to its observers, and keys announce their own writes to theirs.
private final class DictionaryStore: DefaultsStore, @unchecked Sendable {
  // NB: `values` and `handlers` are guarded by `lock`.
  private let lock = NSLock()
  private var values: [String: PropertyListValue] = [:]
  private var handlers: [String: [Int: @Sendable (PropertyListValue?) -> Void]] = [:]
  private var nextID = 0

  func read(_ key: String) -> PropertyListValue? { lock.withLock { values[key] } }

  func write(_ value: PropertyListValue, forKey key: String) throws {
    let current = lock.withLock {
      values[key] = value
      return handlers[key].map { Array($0.values) } ?? []
    }
    for handler in current { handler(value) }
  }

  func remove(_ key: String) throws {
    let current = lock.withLock {
      values[key] = nil
      return handlers[key].map { Array($0.values) } ?? []
    }
    for handler in current { handler(nil) }
  }

  func register(_ defaults: [String: PropertyListValue]) {}

  func observe(_ key: String, onChange: @escaping @Sendable (PropertyListValue?) -> Void)
    -> DefaultsObservation
  {
    let id = lock.withLock {
      defer { nextID += 1 }
      handlers[key, default: [:]][nextID] = onChange
      return nextID
    }
    return DefaultsObservation { [weak self] in
      self?.lock.withLock { _ = self?.handlers[key]?.removeValue(forKey: id) }
    }
  }
}

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
