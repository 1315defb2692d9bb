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
  /// How to read what earlier versions stored, tried when a stored value does not decode.
  let migrations: [DefaultsMigration<Value>]
  /// Where the setting lived before, in order: its earlier names in its store, then its moves.
  let earlierPlaces: [(name: DefaultName, store: any DefaultsStore)]
  let store: any DefaultsStore
  @usableFromInline let lookup: StoredValueLookup
  private let storeAnnouncesItsWrites: Bool
  /// Where the writes to a store of your own are announced, which that store does not do.
  private let ownWriteAnnouncements = AnnouncementQueue()

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
  /// The stored form the observers know: the one read when the first of them subscribed, then
  /// each one announced to them. A read can learn of a change first (a direct `UserDefaults` write
  /// in this process); the observers still hear of it when the store announces it.
  private var announcedForm: PropertyListValue??

  init(
    name: DefaultName, defaultValue: Value, store: any DefaultsStore, coding: DefaultsCoding<Value>,
    previously: [DefaultName] = [], migrations: [DefaultsMigration<Value>] = []
  ) {
    self.name = name
    self.migrations = migrations
    let places =
      previously.map { (name: $0, store: store) }
      + migrations.compactMap { migration -> (name: DefaultName, store: any DefaultsStore)? in
        guard case .move(let name, let store) = migration.kind else { return nil }
        return (name, store)
      }
    for place in places where place.name == name && place.store === store {
      DefaultsWarning.report(
        DefaultsWarning(
          .migrationFailed, key: name.rawValue, store: "\(store)",
          detail: "a move from the key itself does nothing"))
    }
    self.earlierPlaces = places.filter { !($0.name == name && $0.store === store) }
    self.defaultValue = defaultValue
    self.store = store
    self.coding = coding
    self.lookup = store.valueLookup(forKey: name.rawValue)
    self.storeAnnouncesItsWrites = store is any BuiltInStore
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
      DefaultsWarning.report(
        DefaultsWarning(
          .unreadableObject, key: name.rawValue, store: "\(store)", detail: "\(type(of: token))"))
    }
    if let known = lock.withLock({
      cachedValue(ifDecodedFrom: form, token: version == startVersion ? token : nil)
    }) {
      return known
    }
    let (value, decodedForm) = decode(form)
    lock.withLock {
      guard version == startVersion else { return }
      cache(value, decodedFrom: decodedForm, token: token)
    }
    return value
  }

  func write(_ newValue: Value) throws(DefaultsError) {
    try checkUpdateHasNotFailed()
    let form: PropertyListValue?
    do {
      form = try coding.encode(newValue)
    } catch {
      throw .valueNotStorable(Value.self, key: name.rawValue, store: "\(store)", encoding: error)
    }
    if form != nil {
      // NB: remembered with its stored form before the store announces the write, so that neither
      // the announcement nor the next read decodes it. The cache is keyed by the form, so an entry
      // for a write that fails is never used.
      lock.withLock {
        cache(newValue, decodedFrom: form, token: nil)
        version += 1
      }
    }
    do {
      if let form { try store.write(form, forKey: name.rawValue) } else { try store.remove(name.rawValue) }
    } catch {
      throw DefaultsError(writing: error, key: name.rawValue, store: store)
    }
    // NB: a removal reads the registered value, which only the store knows.
    if !storeAnnouncesItsWrites { announce(form ?? store.read(name.rawValue)) }
  }

  func reset() throws(DefaultsError) {
    try checkUpdateHasNotFailed()
    do {
      try store.remove(name.rawValue)
    } catch {
      throw DefaultsError(writing: error, key: name.rawValue, store: store)
    }
    if !storeAnnouncesItsWrites { announce(store.read(name.rawValue)) }
  }

  /// Fails with the failure of the update of the store this write is part of: the update stores
  /// nothing more (a store of your own stores each write at once, so this keeps it from storing
  /// the writes after a failed one).
  private func checkUpdateHasNotFailed() throws(DefaultsError) {
    if let failure = PendingWrites.of(store)?.failure { throw failure }
  }

  /// A failed write of a caller that cannot throw (a property's setter): it fails the update of
  /// the store it is part of, if any, and is reported otherwise.
  func reportFailure(_ error: DefaultsError) {
    if let update = PendingWrites.of(store) {
      update.fail(error)
    } else {
      DefaultsError.report(error)
    }
  }

  /// Announces a write to a store of your own, which does not announce it: as the library's stores
  /// do (see ``AnnouncementQueue``).
  private func announce(_ form: PropertyListValue?) {
    ownWriteAnnouncements.post { [self] in storeDidChange(to: form) }
  }

  /// The store's announcement of a change: decoded once, then handed to every observer, unless
  /// the observers know this stored form already.
  func storeDidChange(to form: PropertyListValue?) {
    let known: Value?? = lock.withLock {
      // NB: without observers there is no one to tell, and nothing to remember: the first observer
      // starts from the value stored when it subscribes.
      guard !observers.isEmpty else { return .none }
      // NB: an announcement while the first observer subscribes tells them nothing new: they know
      // no earlier value.
      guard case .some(let announced) = announcedForm else {
        announcedForm = .some(form)
        return .none
      }
      if announced == form { return .none }
      announcedForm = .some(form)
      return .some(cachedValue(ifDecodedFrom: form, token: nil))
    }
    guard case .some(let knownValue) = known else { return }
    // NB: decoded outside the lock: a value that does not decode is reported, and a reporting
    // handler may read this key.
    let (changed, decodedForm) = knownValue.map { ($0, form) } ?? decode(form)
    let handlers = lock.withLock {
      cache(changed, decodedFrom: decodedForm, token: nil)
      // NB: a value migrated from an older form was written back; its announcement, which comes
      // next, tells the observers nothing new.
      if decodedForm != form { announcedForm = .some(decodedForm) }
      version += 1
      return Array(observers.values)
    }
    for handler in handlers { handler(changed) }
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
      let current = lookup.token().flatMap(lookup.value)
      let keep = lock.withLock {
        guard subscription == nil, !observers.isEmpty else { return false }
        subscription = newSubscription
        if announcedForm == nil { announcedForm = .some(current) }
        return true
      }
      if !keep { newSubscription.cancel() }
    }
    return DefaultsObservation { [weak self] in self?.removeObserver(id) }
  }

  private func removeObserver(_ id: Int) {
    let ended = lock.withLock { () -> DefaultsObservation? in
      observers[id] = nil
      guard observers.isEmpty else { return nil }
      defer {
        subscription = nil
        announcedForm = nil
      }
      return subscription
    }
    ended?.cancel()
  }

  /// The cached value when it was decoded from `form`; a `token` for that form is remembered.
  /// Call with the lock held.
  private func cachedValue(ifDecodedFrom form: PropertyListValue?, token: AnyObject?) -> Value? {
    guard case .some(let cached) = cachedForm, cached == form, let value = cachedValue else { return nil }
    if let token { cachedToken = token }
    return value
  }

  /// Call with the lock held.
  private func cache(_ value: Value, decodedFrom form: PropertyListValue?, token: AnyObject?) {
    cachedToken = token
    cachedForm = .some(form)
    cachedValue = value
  }

  /// The value `form` stands for, and the form that value is stored as: `form`, or the form a
  /// migration wrote back in its place.
  private func decode(_ form: PropertyListValue?) -> (Value, PropertyListValue?) {
    guard let form else { return (defaultValue, nil) }
    if let value = coding.decode(form) { return (value, form) }
    if let migrated = migratedValue(from: form) { return migrated }
    StoredValueReports.report(
      DefaultsWarning(
        .undecodableValue, key: name.rawValue, store: "\(store)", detail: "\(Value.self)", value: form),
      key: name.rawValue, store: store, problem: "\(Value.self)", stored: form)
    return (defaultValue, form)
  }
}

/// Reports a problem with a stored value (it does not decode; a migration of it threw) once per
/// store, key, problem and stored value, however many keys read it and however often.
enum StoredValueReports {
  private static let reported = Locked([String: PropertyListValue]())

  /// Reports `warning` unless it was reported for `stored` already; `problem` tells problems of the
  /// same key apart (the type expected, the migration's error).
  static func report(
    _ warning: DefaultsWarning, key: String, store: any DefaultsStore, problem: String,
    stored: PropertyListValue
  ) {
    // NB: a store's description names its suite (or, for an in-memory store, is unique), so a
    // store made again for the same suite does not report the same value again.
    let id = "\(store)/\(key)/\(problem)"
    let isNew = reported.withLock { reported in
      guard reported[id] != stored else { return false }
      reported[id] = stored
      return true
    }
    if isNew { DefaultsWarning.report(warning) }
  }
}
