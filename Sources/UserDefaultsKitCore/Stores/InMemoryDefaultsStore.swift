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
public final class InMemoryDefaultsStore: AnnouncingStore, CustomStringConvertible {
  private struct State {
    var values: [String: StoredValueBox]
    var registered: [String: StoredValueBox] = [:]
  }

  private let state: Locked<State>
  private let observers = KeyObservers()
  /// Writes and their announcements happen one at a time, so observers hear changes in the order
  /// they were made. Recursive, because an observer may write.
  private let writeLock = NSRecursiveLock()
  public let description = "InMemory(\(UUID().uuidString.prefix(8)))"

  /// Creates a store that holds `values`. Every store is a storage of its own: share the object
  /// to share the values.
  public init(values: [String: PropertyListValue] = [:]) {
    self.state = Locked(State(values: values.mapValues(StoredValueBox.init)))
  }

  /// The values written so far, without registered defaults.
  public var storedValues: [String: PropertyListValue] {
    state.withLock { $0.values.mapValues(\.value) }
  }

  public func read(_ key: String) -> PropertyListValue? {
    state.withLock { ($0.values[key] ?? $0.registered[key])?.value }
  }

  public func write(_ value: PropertyListValue, forKey key: String) throws {
    change(key) { $0.values[key] = StoredValueBox(value) }
  }

  public func remove(_ key: String) throws {
    change(key) { $0.values[key] = nil }
  }

  public func register(_ defaults: [String: PropertyListValue]) {
    state.withLock { $0.registered.merge(defaults.mapValues(StoredValueBox.init)) { _, new in new } }
  }

  public func observe(_ key: String, onChange: @escaping @Sendable (PropertyListValue?) -> Void)
    -> DefaultsObservation
  {
    observers.add(key, onChange)
  }

  func lookup(forKey key: String) -> StoredValueLookup {
    StoredValueLookup(
      token: { [state] in state.withLock { $0.values[key] ?? $0.registered[key] } },
      value: { ($0 as? StoredValueBox)?.value })
  }

  private func change(_ key: String, _ body: (inout State) -> Void) {
    writeLock.lock()
    defer { writeLock.unlock() }
    let value = state.withLock { state in
      body(&state)
      return (state.values[key] ?? state.registered[key])?.value
    }
    observers.announce(key, value)
  }
}
