import Foundation

/// The change hub of one storage: every write through the library is announced here, and every
/// observer of a key listens here.
///
/// Channels are shared by identifier, so two `UserDefaults` objects for one suite announce to the
/// same observers.
///
/// ```swift
/// let channel = DefaultsChannel.named("UserDefaults:com.example.settings")
/// let observation = channel.observe("volume") { print("volume changed") }
/// ```
public final class DefaultsChannel: Sendable {
  /// The identifier of the storage this channel belongs to.
  public let identifier: String

  private struct CachedValue {
    let token: AnyObject
    let value: Any
  }

  private struct State {
    var observers: [String: [Int: @Sendable () -> Void]] = [:]
    var nextObserverID = 0
    var cache: [String: CachedValue] = [:]
  }

  private let state = Locked(State())
  private static let registry = Locked([String: DefaultsChannel]())

  private init(identifier: String) {
    self.identifier = identifier
  }

  /// The channel for a storage identifier; the same object for the same identifier.
  public static func named(_ identifier: String) -> DefaultsChannel {
    registry.withLock { channels in
      if let channel = channels[identifier] { return channel }
      let channel = DefaultsChannel(identifier: identifier)
      channels[identifier] = channel
      return channel
    }
  }

  /// Calls `handler` after every change of `key` until the returned observation is cancelled or
  /// released. The handler runs on the thread that made the change.
  public func observe(_ key: String, handler: @escaping @Sendable () -> Void) -> DefaultsObservation {
    let id = state.withLock { state in
      let id = state.nextObserverID
      state.nextObserverID += 1
      state.observers[key, default: [:]][id] = handler
      return id
    }
    return DefaultsObservation { [weak self] in
      self?.state.withLock { state in
        state.observers[key]?[id] = nil
        if state.observers[key]?.isEmpty == true { state.observers[key] = nil }
      }
    }
  }

  /// Whether anything observes `key`.
  public func hasObservers(of key: String) -> Bool {
    state.withLock { $0.observers[key] != nil }
  }

  /// Announces that `key` changed: drops its cached value and calls its observers.
  public func announceChange(of key: String) {
    let handlers = state.withLock { state in
      state.cache[key] = nil
      return state.observers[key].map { Array($0.values) } ?? []
    }
    for handler in handlers { handler() }
  }

  /// Announces that any key may have changed, as after a reload from disk.
  public func announceChangeOfAllKeys() {
    let handlers = state.withLock { state in
      state.cache.removeAll()
      return state.observers.values.flatMap(\.values)
    }
    for handler in handlers { handler() }
  }

  func cachedValue<Value>(forKey key: String, token: AnyObject, as type: Value.Type) -> Value? {
    state.withLock { state in
      guard let entry = state.cache[key], entry.token === token else { return nil }
      return entry.value as? Value
    }
  }

  func cache(_ value: some Any, forKey key: String, token: AnyObject) {
    state.withLock { $0.cache[key] = CachedValue(token: token, value: value) }
  }
}

/// A registration with a ``DefaultsChannel``; the observer stops when this is cancelled or
/// released.
///
/// ```swift
/// let observation = key.observe { print($0) }
/// observation.cancel()
/// ```
public final class DefaultsObservation: Sendable {
  private let onCancel: Locked<(@Sendable () -> Void)?>

  init(onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = Locked(onCancel)
  }

  /// Stops the observer. Calling it again does nothing.
  public func cancel() {
    let cancel = onCancel.withLock { handler in
      defer { handler = nil }
      return handler
    }
    cancel?()
  }

  deinit {
    cancel()
  }
}
