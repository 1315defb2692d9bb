#if canImport(Darwin) || APPLE_API_TYPECHECK
  import Foundation

  /// Apple platforms: `cfprefsd` writes atomically, persists writes and keeps every process's view
  /// of a suite current, so the adapter uses the suite's `UserDefaults` object as Apple documents
  /// it, as the most-used libraries do: `object(forKey:)` reads (through Foundation's search list:
  /// launch arguments, the suite, the global domain, then the registration domain, which is the
  /// process's), `set(_:forKey:)` and `removeObject(forKey:)` write, and key-value observing of the
  /// object hears a key's changes made by any object or process.
  ///
  /// The type-check of this file on Linux (Tests/AppleAPITypeCheck) is all that checks it here;
  /// keep it small, and put anything that can run on Linux in the shared files it uses.
  final class UserDefaultsAdapter: @unchecked Sendable {
    // NB: `watchers` is locked; the rest is immutable. UserDefaults is thread-safe.
    let userDefaults: UserDefaults
    private let description: String
    private let changed: @Sendable (String?) -> Void
    private let watchers = Locked([String: KeyWatcher]())
    private let writes = HandedOffWrites()

    /// An adapter for `userDefaults`, which errors name `description`.
    init(userDefaults: UserDefaults, description: String, changed: @escaping @Sendable (String?) -> Void) {
      self.userDefaults = userDefaults
      self.description = description
      self.changed = changed
    }

    /// What reads `key`: a write of it taken and not yet made (nil for a removal), else Foundation.
    func lookup(forKey key: String) -> @Sendable () -> AnyObject? {
      let defaults = SendableDefaults(object: userDefaults)
      return { [writes] in
        if let unwritten = writes.unwrittenValue(forKey: key) { return unwritten }
        return defaults.object.object(forKey: key).map { $0 as AnyObject }
      }
    }

    func value(of token: AnyObject) -> PropertyListValue? {
      PropertyListValue(foundationObject: token)
    }

    /// `UserDefaults` takes a write's changes key by key.
    static let writesAtomically = false

    /// Applies `changes` (nil removes a key) with no library lock held, as Foundation delivers its
    /// notifications and key-value observations inside the write, to the app's observers too; the
    /// announcement `announce` queues runs after it (see ``HandedOffWrites``). Foundation reports
    /// no failure.
    func commit(_ changes: [String: PropertyListValue?], announce: () -> Void) throws {
      writes.take(changes, make: { [self] in write(changes) }, announce: announce)
    }

    private func write(_ changes: [String: PropertyListValue?]) {
      OwnWrites.perform(by: self) {
        for (key, value) in changes {
          if let value {
            userDefaults.set(value.foundationObject, forKey: key)
          } else {
            userDefaults.removeObject(forKey: key)
          }
        }
      }
    }

    /// What the suite itself stores: its persistent domain, as `defaults read` shows it.
    func storedValues(suiteName: String?) -> [String: PropertyListValue] {
      writes.applyingUnwritten(
        to: persistentDomain(suiteName).compactMapValues(PropertyListValue.init(foundationObject:)))
    }

    /// What the suite itself stores for `key`.
    func storedValue(_ key: String, suiteName: String?) -> PropertyListValue? {
      if let unwritten = writes.unwrittenValue(forKey: key) { return unwritten?.value }
      return persistentDomain(suiteName)[key].flatMap(PropertyListValue.init(foundationObject:))
    }

    private func persistentDomain(_ suiteName: String?) -> [String: Any] {
      let domain = suiteName ?? Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
      return userDefaults.persistentDomain(forName: domain) ?? [:]
    }

    /// Runs `body` as the only writer of the suite in this process. `cfprefsd` offers no lock
    /// across processes; it keeps every process's view current, so there is nothing to reload.
    func withExclusiveAccess<R>(_ body: () throws -> R) rethrows -> R {
      try writes.withExclusiveAccess(body)
    }

    /// `cfprefsd` keeps every process's view current; there is nothing to reload.
    func checkForExternalChanges() {}

    /// Called when `key` gets its first observer.
    func startObserving(_ key: String) {
      let method = KeyWatchMethod(key: key)
      #if DEBUG
        if method == .changeNotification { KeyWatchMethod.reportOnce(key: key, store: description) }
      #endif
      let watcher = KeyWatcher(key: key, method: method, defaults: userDefaults) { [weak self] in
        guard let self, !OwnWrites.inProgress(by: self) else { return }
        self.changed(key)
      }
      watchers.withLock { $0[key] = watcher }
    }

    deinit {
      // NB: key-value observing does not retain its observers: a watcher must be removed before it
      // goes, and a store can go while one of its keys is still observed elsewhere.
      for watcher in watchers.withLock({ Array($0.values) }) { watcher.stop() }
    }

    /// Called when `key` loses its last observer.
    func stopObserving(_ key: String) {
      watchers.withLock { $0.removeValue(forKey: key) }?.stop()
    }
  }

  /// A `UserDefaults` object captured by a sendable closure. Apple's SDKs declare it `Sendable`;
  /// swift-corelibs-foundation, which the type-check on Linux uses, does not.
  private struct SendableDefaults: @unchecked Sendable {
    let object: UserDefaults
  }

  /// Watches one key of one `UserDefaults` object, the way ``KeyWatchMethod`` chose, until stopped.
  private final class KeyWatcher: NSObject, @unchecked Sendable {
    // NB: immutable after init; `notificationToken` is only handed back to the center.
    private let key: String
    private let defaults: UserDefaults
    private let method: KeyWatchMethod
    private let changed: @Sendable () -> Void
    private var notificationToken: (any NSObjectProtocol)?

    init(key: String, method: KeyWatchMethod, defaults: UserDefaults, changed: @escaping @Sendable () -> Void)
    {
      self.key = key
      self.defaults = defaults
      self.method = method
      self.changed = changed
      super.init()
      switch method {
      case .keyValueObserving:
        defaults.addObserver(self, forKeyPath: key, options: [], context: nil)
      case .changeNotification:
        // NB: this object's changes only: Foundation posts it for writes through this object, in
        // this process; every other write in the process would read the key again for nothing.
        notificationToken = NotificationCenter.default.addObserver(
          forName: UserDefaults.didChangeNotification, object: defaults, queue: nil
        ) { _ in changed() }
      }
    }

    func stop() {
      switch method {
      case .keyValueObserving:
        defaults.removeObserver(self, forKeyPath: key, context: nil)
      case .changeNotification:
        if let notificationToken { NotificationCenter.default.removeObserver(notificationToken) }
      }
    }

    override func observeValue(
      forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
      context: UnsafeMutableRawPointer?
    ) {
      changed()
    }
  }
#endif
