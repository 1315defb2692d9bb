#if canImport(Darwin) || APPLE_API_TYPECHECK
  import Foundation

  /// Apple platforms: `cfprefsd` writes atomically, persists writes and keeps every process's view
  /// of a suite current, so the adapter writes through `UserDefaults`, reads through
  /// CFPreferences (see ``SuiteReader``), and watches each observed key while it has observers.
  ///
  /// The type-check of this file on Linux (Tests/AppleAPITypeCheck) is all that checks it here;
  /// keep it small, and put anything that can run on Linux in the shared files it uses.
  final class UserDefaultsAdapter: @unchecked Sendable {
    // NB: `watchers` is locked; the rest is immutable. UserDefaults is thread-safe.
    let userDefaults: UserDefaults
    /// Nil for a `UserDefaults` object whose suite the library cannot name: it is read through
    /// `object(forKey:)`, which also sees every suite's registered defaults.
    private let reader: SuiteReader?
    private let changed: @Sendable (String?) -> Void
    private let watchers = Locked([String: KeyWatcher]())

    /// An adapter for `userDefaults`, which reads the suite Foundation knows as `foundationName`
    /// (nil: `.standard`), or an unnamed suite when `isNamed` is false.
    init(
      userDefaults: UserDefaults, foundationName: String?, isNamed: Bool,
      changed: @escaping @Sendable (String?) -> Void
    ) {
      self.userDefaults = userDefaults
      self.reader = isNamed ? SuiteReader(foundationName: foundationName, userDefaults: userDefaults) : nil
      self.changed = changed
    }

    func lookup(forKey key: String) -> @Sendable () -> AnyObject? {
      if let reader { return reader.lookup(forKey: key) }
      let defaults = SendableDefaults(userDefaults)
      return { defaults.object.object(forKey: key).map { $0 as AnyObject } }
    }

    func value(of token: AnyObject) -> PropertyListValue? {
      PropertyListValue(coreFoundationObject: token)
    }

    /// Applies `changes` (nil removes a key); the store announces them.
    func write(_ changes: [String: PropertyListValue?]) throws {
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

    /// Runs `body` as the only writer of the suite in this process. `cfprefsd` offers no lock
    /// across processes; it keeps every process's view current, so there is nothing to reload.
    func withExclusiveAccess<R>(_ body: () throws -> R) rethrows -> R {
      try ProcessWriteLock.shared.withLock(body)
    }

    /// `cfprefsd` keeps every process's view current; there is nothing to reload.
    func checkForExternalChanges() {}

    /// Called when `key` gets its first observer.
    func startObserving(_ key: String) {
      let watcher = KeyWatcher(key: key, defaults: userDefaults) { [weak self] in
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

  /// A `UserDefaults` object captured by a sendable closure; it is thread-safe.
  private struct SendableDefaults: @unchecked Sendable {
    let object: UserDefaults
    init(_ object: UserDefaults) { self.object = object }
  }

  /// Watches one key of one `UserDefaults` object, the way ``KeyWatchMethod`` chooses, until stopped.
  private final class KeyWatcher: NSObject, @unchecked Sendable {
    // NB: immutable after init; `notificationToken` is only handed back to the center.
    private let key: String
    private let defaults: UserDefaults
    private let method: KeyWatchMethod
    private let changed: @Sendable () -> Void
    private var notificationToken: (any NSObjectProtocol)?

    init(key: String, defaults: UserDefaults, changed: @escaping @Sendable () -> Void) {
      self.key = key
      self.defaults = defaults
      self.method = KeyWatchMethod(key: key)
      self.changed = changed
      super.init()
      switch method {
      case .keyValueObserving:
        defaults.addObserver(self, forKeyPath: key, options: [], context: nil)
      case .changeNotification:
        // NB: every object's changes (object: nil): another object of the same suite may write.
        notificationToken = NotificationCenter.default.addObserver(
          forName: UserDefaults.didChangeNotification, object: nil, queue: nil
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
