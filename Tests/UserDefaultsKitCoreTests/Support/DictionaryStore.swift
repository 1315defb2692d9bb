import Foundation
import UserDefaultsKitCore

/// A store of the user's own, as the `DefaultsStore` documentation describes one: it announces
/// changes to its observers, and keys announce their own writes to theirs.
final class DictionaryStore: DefaultsStore, CustomStringConvertible, @unchecked Sendable {
  /// Unique, so that the reports of one test's store are told from another's.
  let description = "DictionaryStore(\(UUID().uuidString.prefix(8)))"
  // NB: `values`, `registered`, `handlers`, `refusing` and `refusal` are guarded by `lock`.
  private let lock = NSLock()
  private var values: [String: PropertyListValue] = [:]
  private var registered: [String: PropertyListValue] = [:]
  private var handlers: [String: [Int: @Sendable (PropertyListValue?) -> Void]] = [:]
  private var nextID = 0
  private var refusing = false
  private var refusal: any Error = Refused()

  /// While true, every write and removal throws ``Refused``, as a store that cannot write would.
  var refusesWrites: Bool {
    get { lock.withLock { refusing } }
    set { lock.withLock { refusing = newValue } }
  }

  /// What a refused write or removal throws: ``Refused`` unless a test sets another error.
  var refusalError: any Error {
    get { lock.withLock { refusal } }
    set { lock.withLock { refusal = newValue } }
  }

  struct Refused: Error, CustomStringConvertible {
    var description: String { "the dictionary store refuses writes" }
  }

  /// How many observations of `key` are running.
  func observerCount(for key: String) -> Int { lock.withLock { handlers[key]?.count ?? 0 } }

  func read(_ key: String) -> PropertyListValue? { lock.withLock { values[key] ?? registered[key] } }

  func write(_ value: PropertyListValue, forKey key: String) throws {
    if refusesWrites { throw refusalError }
    let current = lock.withLock {
      values[key] = value
      return handlers[key].map { Array($0.values) } ?? []
    }
    for handler in current { handler(value) }
  }

  func remove(_ key: String) throws {
    if refusesWrites { throw refusalError }
    let (current, value) = lock.withLock {
      values[key] = nil
      return (handlers[key].map { Array($0.values) } ?? [], registered[key])
    }
    for handler in current { handler(value) }
  }

  func register(_ defaults: [String: PropertyListValue]) {
    lock.withLock { registered.merge(defaults) { _, new in new } }
  }

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
