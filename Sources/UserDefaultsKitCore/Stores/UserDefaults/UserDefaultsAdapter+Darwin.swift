#if canImport(Darwin)
  import Foundation

  /// Apple platforms: `cfprefsd` writes atomically, persists writes and keeps every process's view
  /// of a suite current, so the adapter reads and writes through `UserDefaults` and observes each
  /// observed key with key-value observing.
  final class UserDefaultsAdapter: @unchecked Sendable {
    // NB: `observers` is guarded by `lock`; the rest is immutable. UserDefaults is thread-safe.
    let userDefaults: UserDefaults
    private let changed: @Sendable (String?) -> Void
    private let lock = NSLock()
    private var observers: [String: KeyObserver] = [:]

    init(userDefaults: UserDefaults, changed: @escaping @Sendable (String?) -> Void) {
      self.userDefaults = userDefaults
      self.changed = changed
    }

    /// The object `UserDefaults` returns for `key`: it hands out the same immutable object until
    /// the value changes.
    func lookup(forKey key: String) -> @Sendable () -> AnyObject? {
      let defaults = SendableDefaults(userDefaults)
      return { defaults.object.object(forKey: key).map { $0 as AnyObject } }
    }

    func value(of token: AnyObject) -> PropertyListValue? {
      PropertyListValue(coreFoundationObject: token)
    }

    /// Applies `changes` (nil removes a key). Key-value observing reports them to this process's
    /// observers while they happen; the store announces them itself, once.
    func write(_ changes: [String: PropertyListValue?]) throws {
      OwnWrite.$isActive.withValue(true) {
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
      ProcessWriteLock.shared.lock()
      defer { ProcessWriteLock.shared.unlock() }
      return try body()
    }

    /// `cfprefsd` keeps every process's view current; there is nothing to reload.
    func checkForExternalChanges() {}

    /// Observes `key` while it has observers: with key-value observing, or, for a key that
    /// key-value observing reads as a key path (a `.`, a leading `@`), with
    /// `UserDefaults.didChangeNotification`.
    func startObserving(_ key: String) {
      let observer = KeyObserver(key: key, defaults: userDefaults, changed: changed)
      lock.withLock { observers[key] = observer }
    }

    func stopObserving(_ key: String) {
      let observer = lock.withLock { observers.removeValue(forKey: key) }
      observer?.stop()
    }
  }

  extension UserDefaultsStore {
    static func located(suiteName: String?) -> UserDefaultsStore {
      located(userDefaults: suiteName.flatMap(UserDefaults.init(suiteName:)) ?? .standard)
    }

    static func located(userDefaults: UserDefaults) -> UserDefaultsStore {
      let suiteName =
        userDefaults === UserDefaults.standard ? nil : "(object \(ObjectIdentifier(userDefaults).hashValue))"
      return shared(suiteName: suiteName, identity: suiteName ?? "standard") {
        UserDefaultsAdapter(userDefaults: userDefaults, changed: $0)
      }
    }

    /// The file that holds a suite on Linux; nil on Apple platforms, where `cfprefsd` owns it.
    public static func fileURL(forSuite suiteName: String?) -> URL? { nil }

    /// The file that holds this store's suite on Linux; nil on Apple platforms.
    public var fileURL: URL? { nil }
  }

  /// Marks the adapter's own writes, which the store announces itself.
  private enum OwnWrite {
    @TaskLocal static var isActive = false
  }

  /// A `UserDefaults` object captured by a sendable closure; it is thread-safe.
  private struct SendableDefaults: @unchecked Sendable {
    let object: UserDefaults
    init(_ object: UserDefaults) { self.object = object }
  }

  /// Observes one key of one `UserDefaults` object until stopped.
  private final class KeyObserver: NSObject, @unchecked Sendable {
    // NB: immutable after init; `notificationToken` is only handed back to the center.
    private let key: String
    private let defaults: UserDefaults
    private let changed: @Sendable (String?) -> Void
    private let usesKeyValueObserving: Bool
    private var notificationToken: (any NSObjectProtocol)?

    init(key: String, defaults: UserDefaults, changed: @escaping @Sendable (String?) -> Void) {
      self.key = key
      self.defaults = defaults
      self.changed = changed
      self.usesKeyValueObserving = !key.contains(".") && !key.hasPrefix("@")
      super.init()
      if usesKeyValueObserving {
        defaults.addObserver(self, forKeyPath: key, options: [], context: nil)
      } else {
        notificationToken = NotificationCenter.default.addObserver(
          forName: UserDefaults.didChangeNotification, object: defaults, queue: nil
        ) { [key, changed] _ in
          if !OwnWrite.isActive { changed(key) }
        }
      }
    }

    func stop() {
      if usesKeyValueObserving {
        defaults.removeObserver(self, forKeyPath: key, context: nil)
      } else if let notificationToken {
        NotificationCenter.default.removeObserver(notificationToken)
      }
    }

    override func observeValue(
      forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
      context: UnsafeMutableRawPointer?
    ) {
      if !OwnWrite.isActive { changed(key) }
    }
  }
#endif
