import Foundation

/// A store that keeps values in memory: for tests and previews.
///
/// It codes values exactly as ``UserDefaultsStore`` does and announces changes on the same kind
/// of ``DefaultsChannel``, so code under test behaves as it will with the real store.
///
/// ```swift
/// let store = InMemoryDefaultsStore()
/// let count = DefaultsKey<Int>("launchCount", default: 0, store: store)
/// count.value += 1
/// ```
public final class InMemoryDefaultsStore: DefaultsStore {
  public let storeIdentifier: String
  public let channel: DefaultsChannel

  /// Each stored value sits in its own box; a new write makes a new box, whose identity is the
  /// storage token.
  private final class Box: Sendable {
    let value: PropertyListValue
    init(_ value: PropertyListValue) { self.value = value }
  }

  private struct State {
    var values: [String: Box] = [:]
    var registered: [String: PropertyListValue] = [:]
  }

  private let state: Locked<State>

  /// Creates a store that holds `values`. Every store is a storage of its own: share the object
  /// to share the values.
  public init(values: [String: PropertyListValue] = [:]) {
    self.storeIdentifier = "InMemory:" + UUID().uuidString
    self.channel = DefaultsChannel.named(storeIdentifier)
    self.state = Locked(State(values: values.mapValues(Box.init)))
  }

  /// The values written so far, without registered defaults.
  public var storedValues: [String: PropertyListValue] {
    state.withLock { $0.values.mapValues(\.value) }
  }

  public func read(_ key: String) -> PropertyListValue? {
    state.withLock { $0.values[key]?.value ?? $0.registered[key] }
  }

  public func storageToken(forKey key: String) -> AnyObject? {
    state.withLock { $0.values[key] }
  }

  public func write(_ value: PropertyListValue, forKey key: String) throws {
    state.withLock { $0.values[key] = Box(value) }
  }

  public func remove(_ key: String) throws {
    state.withLock { $0.values[key] = nil }
  }

  public func register(_ defaults: [String: PropertyListValue]) {
    state.withLock { $0.registered.merge(defaults) { _, new in new } }
  }
}
