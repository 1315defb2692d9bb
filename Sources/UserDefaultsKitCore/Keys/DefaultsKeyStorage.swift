import Foundation

/// Everything a ``DefaultsKey`` holds, in one object so that copying a key costs one retain: its
/// declaration, its decoded-value cache and its observers.
///
/// The cache remembers the stored form it decoded last. A read whose token is the cached one costs
/// a lock; any other token is compared by value first, so a change of another key (which gives
/// every stored object a new identity) does not make this key decode again.
@usableFromInline
final class DefaultsKeyStorage<Value>: @unchecked Sendable {
  // NB: the cache and the observers are guarded by `lock`; everything else is immutable.
  let name: DefaultName
  @usableFromInline let defaultValue: Value
  let coding: DefaultsCoding<Value>
  let store: any DefaultsStore
  @usableFromInline let lookup: StoredValueLookup
  private let announcesOwnWrites: Bool

  @usableFromInline let lock = NSLock()
  @usableFromInline var cachedToken: AnyObject?
  @usableFromInline var cachedValue: Value?
  /// The stored form `cachedValue` was decoded from: `.none` before the first read, `.some(nil)`
  /// when nothing was stored.
  private var cachedForm: PropertyListValue??
  /// Counts changes made by writes and announcements, so that a slow read that started before one
  /// does not overwrite what it brought.
  private var version = 0
  private var observers: [Int: (Value) -> Void] = [:]
  private var nextObserverID = 0
  private var subscription: DefaultsObservation?

  init(name: DefaultName, defaultValue: Value, store: any DefaultsStore, coding: DefaultsCoding<Value>) {
    self.name = name
    self.defaultValue = defaultValue
    self.store = store
    self.coding = coding
    self.lookup = store.valueLookup(forKey: name.rawValue)
    self.announcesOwnWrites = store is any AnnouncingStore
  }

  @inlinable
  func cachedValue(for token: AnyObject) -> Value? {
    lock.lock()
    defer { lock.unlock() }
    return token === cachedToken ? cachedValue : nil
  }

  /// The read when the token is not the cached one: compare by value, decode if it changed.
  @usableFromInline
  func readStoredValue() -> Value {
    let startVersion = lock.withLock { version }
    // NB: the token is taken again after `version`, so a write that lands in between either is
    // seen here or makes the version check below drop what this read decoded.
    guard let token = lookup.token() else { return defaultValue }
    let form = lookup.value(token)
    if form == nil {
      DefaultsError.report(
        .unreadableObject(key: name.rawValue, store: "\(store)", description: "\(type(of: token))"))
    }
    let known: Value? = lock.withLock {
      guard case .some(let cached) = cachedForm, cached == form, let value = cachedValue else { return nil }
      if version == startVersion { cachedToken = token }
      return value
    }
    if let known { return known }
    let value = decode(form)
    lock.withLock {
      guard version == startVersion else { return }
      cachedToken = token
      cachedForm = .some(form)
      cachedValue = value
    }
    return value
  }

  func write(_ newValue: Value) {
    let form: PropertyListValue?
    do {
      form = try coding.encode(newValue)
    } catch {
      DefaultsError.report(
        .encodingFailed(key: name.rawValue, store: "\(store)", reason: "\(Value.self): \(error)"))
      return
    }
    do {
      if let form { try store.write(form, forKey: name.rawValue) } else { try store.remove(name.rawValue) }
    } catch {
      DefaultsError.report(error, key: name.rawValue, store: store)
      return
    }
    didStore(form, value: newValue)
  }

  func reset() {
    do {
      try store.remove(name.rawValue)
    } catch {
      DefaultsError.report(error, key: name.rawValue, store: store)
      return
    }
    if !announcesOwnWrites { storeDidChange(to: store.read(name.rawValue)) }
  }

  /// After a write: a built-in store has announced it already; any other store may not have.
  private func didStore(_ form: PropertyListValue?, value: Value) {
    if !announcesOwnWrites {
      storeDidChange(to: form, value: value)
      return
    }
    // NB: unobserved, so nobody is told; remembering the form spares the next read a decode.
    lock.withLock {
      guard observers.isEmpty, form != nil else { return }
      cachedToken = nil
      cachedForm = .some(form)
      cachedValue = value
      version += 1
    }
  }

  /// The store's announcement of a change: decoded once, then handed to every observer, unless
  /// the value equals the one this key holds.
  func storeDidChange(to form: PropertyListValue?, value: Value? = nil) {
    guard !holds(form) else { return }
    // NB: decoded outside the lock: a value that does not decode is reported, and a reporting
    // handler may read this key.
    let changed = value ?? decode(form)
    let handlers: [(Value) -> Void]? = lock.withLock {
      if case .some(let cached) = cachedForm, cached == form { return nil }
      cachedToken = nil
      cachedForm = .some(form)
      cachedValue = changed
      version += 1
      return Array(observers.values)
    }
    for handler in handlers ?? [] { handler(changed) }
  }

  private func holds(_ form: PropertyListValue?) -> Bool {
    lock.withLock {
      guard case .some(let cached) = cachedForm else { return false }
      return cached == form
    }
  }

  /// Calls `handler` after every change of the stored value until the observation ends.
  func addObserver(_ handler: @escaping (Value) -> Void) -> DefaultsObservation {
    let (id, subscribe) = lock.withLock {
      defer { nextObserverID += 1 }
      observers[nextObserverID] = handler
      return (nextObserverID, subscription == nil)
    }
    if subscribe {
      let newSubscription = store.observe(name.rawValue) { [weak self] form in
        self?.storeDidChange(to: form)
      }
      let keep = lock.withLock {
        guard subscription == nil, !observers.isEmpty else { return false }
        subscription = newSubscription
        return true
      }
      if !keep { newSubscription.cancel() }
      // NB: reading now records the stored form, so that the first announcement of an equal
      // value is recognised as no change.
      _ = currentValue()
    }
    return DefaultsObservation { [weak self] in self?.removeObserver(id) }
  }

  private func removeObserver(_ id: Int) {
    let ended = lock.withLock { () -> DefaultsObservation? in
      observers[id] = nil
      guard observers.isEmpty else { return nil }
      defer { subscription = nil }
      return subscription
    }
    ended?.cancel()
  }

  func currentValue() -> Value {
    guard let token = lookup.token() else { return defaultValue }
    return cachedValue(for: token) ?? readStoredValue()
  }

  private func decode(_ form: PropertyListValue?) -> Value {
    guard let form else { return defaultValue }
    if let value = coding.decode(form) { return value }
    BadValueReports.report(key: name.rawValue, store: store, stored: form, expectedType: "\(Value.self)")
    return defaultValue
  }

}

/// Reports a stored value that does not decode once per store, key and stored value, however many
/// keys read it and however often.
enum BadValueReports {
  private static let reported = Locked([String: PropertyListValue]())

  static func report(key: String, store: any DefaultsStore, stored: PropertyListValue, expectedType: String) {
    let id = "\(ObjectIdentifier(store).hashValue)/\(key)/\(expectedType)"
    let isNew = reported.withLock { reported in
      guard reported[id] != stored else { return false }
      reported[id] = stored
      return true
    }
    guard isNew else { return }
    DefaultsError.report(
      .undecodableValue(key: key, store: "\(store)", expectedType: expectedType, stored: stored))
  }
}
