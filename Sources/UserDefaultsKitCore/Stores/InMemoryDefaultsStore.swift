import Foundation

/// A store that keeps values in memory: for tests and previews.
///
/// It announces changes exactly as ``UserDefaultsStore`` does, so code under test behaves as it
/// will with the real store.
///
/// ```swift
/// let store = InMemoryDefaultsStore()
/// let count = DefaultsKey<Int>("launchCount", default: 0, store: store)
/// count.value += 1
/// ```
public final class InMemoryDefaultsStore: BuiltInStore, ListableDefaultsStore, CustomStringConvertible {
  private struct State {
    var values: [String: StoredValueBox]
    var registered: [String: StoredValueBox] = [:]
  }

  private let state: Locked<State>
  private let observers = KeyObservers()
  private let storeObservers: StoredValuesObservers
  /// Writes and the queueing of their announcements happen one at a time, so observers hear
  /// changes in the order they were made.
  private let writeLock = LibraryLock()
  public let description = "InMemory(\(UUID().uuidString.prefix(8)))"

  /// Creates a store that holds `values`. Every store is a storage of its own: share the object
  /// to share the values.
  public init(values: [String: PropertyListValue] = [:]) {
    self.state = Locked(State(values: values.mapValues(StoredValueBox.init)))
    self.storeObservers = StoredValuesObservers(announcingThrough: observers)
  }

  /// The values written so far, without registered defaults.
  public var storedValues: [String: PropertyListValue] {
    state.withLock { $0.values.mapValues(\.value) }
  }

  public func storedValue(_ key: String) -> PropertyListValue? {
    state.withLock { $0.values[key]?.value }
  }

  /// Calls `onChange` after each write, with the keys it wrote (nil: removed); never nil.
  public func observeStoredValues(_ onChange: @escaping @Sendable ([String: PropertyListValue?]) -> Void)
    -> DefaultsObservation?
  {
    storeObservers.add(onChange)
  }

  public func read(_ key: String) -> PropertyListValue? {
    let lookup = lookup(forKey: key)
    return lookup.token().flatMap(lookup.value)
  }

  public func write(_ value: PropertyListValue, forKey key: String) {
    change([key: value])
  }

  public func remove(_ key: String) {
    change([key: nil])
  }

  public func register(_ defaults: [String: PropertyListValue]) {
    state.withLock { $0.registered.merge(defaults.mapValues(StoredValueBox.init)) { _, new in new } }
  }

  public func observe(_ key: String, onChange: @escaping @Sendable (PropertyListValue?) -> Void)
    -> DefaultsObservation
  {
    observers.add(key, onChange)
  }

  package func lookup(forKey key: String) -> StoredValueLookup {
    let id = ObjectIdentifier(self)
    return StoredValueLookup(
      token: { [state] in
        if let pending = PendingWrites.of(id)?.token(
          forKey: key, registered: state.withLock { $0.registered[key] })
        {
          return pending
        }
        return state.withLock { $0.values[key] ?? $0.registered[key] }
      },
      value: { ($0 as? StoredValueBox)?.value })
  }

  package func afterAnnouncements(_ body: @escaping @Sendable () -> Void) {
    observers.afterAnnouncements(body)
  }

  package var commitsAtomically: Bool { true }

  package func withExclusiveAccess<R>(_ body: () throws -> R) rethrows -> R {
    try writeLock.withLock(body)
  }

  package func commit(_ changes: [String: PropertyListValue?]) {
    writeLock.withLock {
      let values = state.withLock { state in
        for (key, value) in changes { state.values[key] = value.map(StoredValueBox.init) }
        return changes.keys.map { key in (key, (state.values[key] ?? state.registered[key])?.value) }
      }
      for (key, value) in values { observers.announce(key, value) }
      storeObservers.announce(changes)
    }
  }

  private func change(_ changes: [String: PropertyListValue?]) {
    if let pending = PendingWrites.of(self) {
      pending.record(changes)
    } else {
      commit(changes)
    }
  }
}
