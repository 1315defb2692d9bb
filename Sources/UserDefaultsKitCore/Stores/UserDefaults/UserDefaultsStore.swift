import Foundation

/// The persistent store: a `UserDefaults` suite, with every Foundation trap worked around.
///
/// - There is one store per suite while anything uses it: every key and object over a suite
///   shares its observers and sees its writes.
/// - What a write that returned means differs by platform (article *Platforms*). Linux: it is on
///   disk, written atomically by the library itself (article *Linux notes*). Apple platforms: it
///   is handed to `cfprefsd`, which every process reads and which persists it on its own schedule,
///   never torn; a process killed right after may lose its last writes. On both, every read
///   through the library sees it at once.
/// - `nil` is written with `removeObject(forKey:)`, never `set(nil, forKey:)`, which hangs on Linux.
/// - Registered defaults are Foundation's: they go to its registration domain, which is the
///   process's, so a default registered through one store is read through every suite that stores
///   nothing for the key, by the library and by plain `UserDefaults` reads alike; the last
///   registration of a key wins. (On Linux the library reads the defaults registered through it;
///   ones registered with `UserDefaults.register(defaults:)` directly are seen by plain reads only.)
///
/// ```swift
/// let store = UserDefaultsStore.suite("com.example.settings")
/// let volume = DefaultsKey<Double>("volume", default: 0.5, store: store)
/// ```
public final class UserDefaultsStore: BuiltInStore, @unchecked Sendable, CustomStringConvertible {
  // NB: `UserDefaults` is thread-safe but not `Sendable` on Linux; the rest is immutable or locked.

  /// The `UserDefaults` object that reads and writes the suite.
  public let userDefaults: UserDefaults
  /// The suite name; nil for `UserDefaults.standard` and, on Apple platforms, for a `UserDefaults`
  /// object that the library did not make, whose suite it cannot name (see ``store(for:)``).
  public let suiteName: String?
  public let description: String

  let adapter: UserDefaultsAdapter
  /// The defaults registered through the library, as Foundation's registration domain holds them.
  private static let registrations = Locked([String: StoredValueBox]())
  private let observers: KeyObservers
  /// Reads the observed keys again when the app returns to the foreground: changes that another
  /// process (a widget, an app of the group) made meanwhile may have reached no observer.
  private let foregroundReturns: DefaultsObservation

  private init(
    suiteName: String?, description: String,
    makeAdapter: (@escaping @Sendable (String?) -> Void) -> UserDefaultsAdapter
  ) {
    let relay = ChangeRelay()
    let adapter = makeAdapter { key in relay.store?.announceExternalChange(of: key) }
    self.adapter = adapter
    self.userDefaults = adapter.userDefaults
    self.suiteName = suiteName
    self.description = description
    self.observers = KeyObservers(
      onFirstObserver: { adapter.startObserving($0) }, onLastObserver: { adapter.stopObserving($0) })
    self.foregroundReturns = ForegroundReturns.observe { relay.store?.checkForExternalChanges() }
    relay.store = self
  }

  /// The store for `UserDefaults.standard`.
  public static var standard: UserDefaultsStore { store(for: .standard) }

  /// The store of a suite.
  ///
  /// - Parameter suiteName: A reverse-DNS name such as `com.example.settings`. On Linux the name
  ///   is used as a file name, so it must not contain `/`.
  public static func suite(_ suiteName: String) -> UserDefaultsStore {
    located(suiteName: suiteName)
  }

  /// The store of the suite that a `UserDefaults` object reads.
  ///
  /// Objects for one suite share one store (its observers, its updates): on Linux always, where
  /// the library reads an object's suite name; on Apple platforms, which do not tell, when the
  /// object is `UserDefaults.standard` or one the library made
  /// (`UserDefaultsStore.suite(_:).userDefaults`). Any other object on Apple platforms gets a store
  /// of its own, reported in debug builds (``DefaultsError/Kind/unnamedSuite``): keys over it
  /// still read every write to the suite, and their observers hear writes made through other
  /// objects by key-value observing, but an ``update(_:)`` of it does not hold off writes through
  /// the suite's other store.
  ///
  /// ```swift
  /// let shared = UserDefaultsStore.suite("group.com.example.app")
  /// let sameStore = UserDefaultsStore.store(for: shared.userDefaults)  // === shared
  /// ```
  public static func store(for userDefaults: UserDefaults) -> UserDefaultsStore {
    located(userDefaults: userDefaults)
  }

  /// Reads and announces changes made outside the library now: another process's writes, which
  /// the store also notices by itself (at the latest at a read 10 ms later); on Linux, also the
  /// writes of a `UserDefaults` object of this process once its `synchronize()` stored them.
  public func checkForExternalChanges() {
    adapter.checkForExternalChanges()
    announceExternalChange(of: nil)
  }

  public func read(_ key: String) -> PropertyListValue? {
    let lookup = lookup(forKey: key)
    return lookup.token().flatMap(lookup.value)
  }

  /// Stores `value` for `key`; throws ``DefaultsError`` when it cannot (nothing is written then).
  public func write(_ value: PropertyListValue, forKey key: String) throws(DefaultsError) {
    try change([key: value])
  }

  /// Removes the value stored for `key`; throws ``DefaultsError`` when it cannot.
  public func remove(_ key: String) throws(DefaultsError) {
    try change([key: nil])
  }

  public func register(_ defaults: [String: PropertyListValue]) {
    let conflicts = Self.registrations.withLock { registrations in
      defer { registrations.merge(defaults.mapValues(StoredValueBox.init)) { _, new in new } }
      return defaults.compactMap { key, value in
        registrations[key].flatMap { $0.value == value ? nil : (key, $0.value, value) }
      }
    }
    #if DEBUG
      for (key, registered, replacement) in conflicts {
        RegistrationConflicts.report(key: key, registered: registered, replacedBy: replacement)
      }
    #endif
    userDefaults.register(defaults: defaults.mapValues(\.foundationObject))
  }

  /// Observes `key` until the returned observation is cancelled or released; the observation
  /// keeps the store, which would otherwise go with its last key, and its watch for changes made
  /// elsewhere with it.
  public func observe(_ key: String, onChange: @escaping @Sendable (PropertyListValue?) -> Void)
    -> DefaultsObservation
  {
    let observation = observers.add(key, onChange)
    return DefaultsObservation { [self] in
      observation.cancel()
      withExtendedLifetime(self) {}
    }
  }

  package func lookup(forKey key: String) -> StoredValueLookup {
    let stored = adapter.lookup(forKey: key)
    let id = ObjectIdentifier(self)
    return StoredValueLookup(
      token: {
        let registrations = Self.registrations
        if let pending = PendingWrites.of(id)?.token(
          forKey: key, registered: registrations.withLock { $0[key] })
        {
          return pending
        }
        return stored() ?? registrations.withLock { $0[key] }
      },
      value: { [adapter] token in (token as? StoredValueBox)?.value ?? adapter.value(of: token) })
  }

  package func withExclusiveAccess<R>(_ body: () throws -> R) rethrows -> R {
    try adapter.withExclusiveAccess(body)
  }

  package func afterAnnouncements(_ body: @escaping @Sendable () -> Void) {
    observers.afterAnnouncements(body)
  }

  package var commitsAtomically: Bool { UserDefaultsAdapter.writesAtomically }

  /// Applies `changes` (nil removes a key) in one write and announces each change.
  package func commit(_ changes: [String: PropertyListValue?]) throws(DefaultsError) {
    do {
      try adapter.commit(changes) { [self] in
        for (key, value) in changes {
          // NB: a removal reads what the suite falls back to once it is made.
          if let value {
            observers.announce(key, value)
          } else {
            observers.announce(key, reading: { [weak self] in self?.read(key) })
          }
        }
      }
    } catch {
      throw DefaultsError(writing: error, keys: changes.keys, store: self)
    }
  }

  /// A write: held back inside an update of this store, stored at once otherwise.
  private func change(_ changes: [String: PropertyListValue?]) throws(DefaultsError) {
    if let pending = PendingWrites.of(self) {
      pending.record(changes)
    } else {
      try commit(changes)
    }
  }

  /// Tells the observers of `key` (of every observed key, for nil) its current value, read when
  /// they are told; keys ignore values equal to the ones they hold. The keys are announced
  /// together, as a write's are, so that an observer of several keys hears of them once.
  private func announceExternalChange(of key: String?) {
    LibraryThread.holding {
      for key in key.map({ [$0] }) ?? observers.observedKeys {
        observers.announce(key, reading: { [weak self] in self?.read(key) })
      }
    }
  }

  /// How errors name the store of a suite (nil: `.standard`).
  static func description(ofSuite suiteName: String?) -> String {
    "UserDefaults(\(suiteName ?? "standard"))"
  }

  /// Lets the adapter reach its store, which owns it.
  private final class ChangeRelay: @unchecked Sendable {
    // NB: written once, before the adapter can report a change.
    weak var store: UserDefaultsStore?
  }

  private static let stores = Locked([String: WeakStore]())

  private struct WeakStore {
    weak var store: UserDefaultsStore?
  }

  /// The store for `identity`, made with `makeAdapter` if none is in use.
  static func shared(
    suiteName: String?, identity: String, description: String? = nil,
    makeAdapter: (@escaping @Sendable (String?) -> Void) -> UserDefaultsAdapter
  ) -> UserDefaultsStore {
    if let store = stores.withLock({ $0[identity]?.store }) { return store }
    // NB: made outside the registry's lock, which every opening of a store takes, as making one
    // reads the suite. Two threads may make one at once; the first registered is used, the other
    // goes.
    let made = UserDefaultsStore(
      suiteName: suiteName, description: description ?? Self.description(ofSuite: suiteName),
      makeAdapter: makeAdapter)
    return stores.withLock { stores in
      if let store = stores[identity]?.store { return store }
      stores = stores.filter { $0.value.store != nil }
      stores[identity] = WeakStore(store: made)
      return made
    }
  }
}

/// Linux: serializes the library's writes, reloads and the queueing of their announcements in this
/// process, so observers hear changes in the order they were made, and guards the suites' files
/// and Foundation's caches, which are shared by the whole process. (Apple platforms order a
/// store's writes with ``HandedOffWrites``, which holds no lock while Foundation runs.)
enum ProcessWriteLock {
  static let shared = LibraryLock()
}
