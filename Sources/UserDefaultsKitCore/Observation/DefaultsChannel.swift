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
    /// The stored form each observed key had when last announced or checked.
    var lastKnown: [String: PropertyListValue?] = [:]
    var firstObserverHandler: (@Sendable (String) -> Void)?
    var reader: (@Sendable (String) -> PropertyListValue?)?
    var nextObserverID = 0
    var cache: [String: CachedValue] = [:]
  }

  private let state = Locked(State())
  /// Serializes library writes with checks for external changes, so that a check never mistakes
  /// a write in progress for an external change (or the other way round). Recursive, because an
  /// observer may write.
  private let changeLock = NSRecursiveLock()
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
    let (id, firstObserverHandler, reader) = state.withLock { state in
      let id = state.nextObserverID
      state.nextObserverID += 1
      let isFirst = state.observers.isEmpty
      state.observers[key, default: [:]][id] = handler
      return (
        id, isFirst ? state.firstObserverHandler : nil, state.lastKnown[key] == nil ? state.reader : nil
      )
    }
    if let reader {
      let current = reader(key)
      state.withLock { if $0.lastKnown[key] == nil { $0.lastKnown[key] = .some(current) } }
    }
    firstObserverHandler?(key)
    return DefaultsObservation { [weak self] in
      self?.state.withLock { state in
        state.observers[key]?[id] = nil
        if state.observers[key]?.isEmpty == true {
          state.observers[key] = nil
          state.lastKnown[key] = nil
        }
      }
    }
  }

  /// Whether anything observes `key`.
  public func hasObservers(of key: String) -> Bool {
    state.withLock { $0.observers[key] != nil }
  }

  /// Connects the channel to its storage: `reader` reads a key's stored form (to remember what an
  /// observer saw first), and `onFirstObserver` runs when the channel gets its first observer, so
  /// that a store watches for changes made outside the library only while someone listens.
  public func attach(
    reader: @escaping @Sendable (String) -> PropertyListValue?,
    onFirstObserver: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    state.withLock { state in
      state.reader = reader
      state.firstObserverHandler = onFirstObserver
    }
  }

  /// Compares the current stored form of every observed key (read with `read`) with the form it
  /// had when last announced or checked, and announces the keys that differ. Stores call this
  /// after changes made outside the library: another process, a direct `UserDefaults` call.
  /// A key checked for the first time is only remembered.
  public func announceExternalChanges(reading read: (String) -> PropertyListValue?) {
    changeLock.lock()
    defer { changeLock.unlock() }
    let keys = state.withLock { Array($0.observers.keys) }
    var changed: [String] = []
    for key in keys {
      let current = read(key)
      let differs = state.withLock { state -> Bool in
        defer { state.lastKnown[key] = .some(current) }
        guard let known = state.lastKnown[key] else { return false }
        return known != current
      }
      if differs { changed.append(key) }
    }
    for key in changed { announceChange(of: key) }
  }

  /// Runs a write through the library (and its announcement) with no check for external changes
  /// in between.
  public func serializingChanges<Result>(_ body: () throws -> Result) rethrows -> Result {
    changeLock.lock()
    defer { changeLock.unlock() }
    return try body()
  }

  /// Announces that `key` now has the stored form `value` (nil: removed), written through the
  /// library.
  public func announceChange(of key: String, to value: PropertyListValue?) {
    state.withLock { state in
      if state.observers[key] != nil { state.lastKnown[key] = .some(value) }
    }
    announceChange(of: key)
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
