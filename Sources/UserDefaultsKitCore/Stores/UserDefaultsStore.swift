import Foundation

/// The persistent store: a `UserDefaults` suite, with every Foundation trap worked around here.
///
/// - Writes are durable when they return: on Linux, where Foundation flushes nothing by itself,
///   each write is followed by `synchronize()`.
/// - `nil` is written with `removeObject(forKey:)`, never `set(nil, forKey:)`, which hangs.
/// - Values are converted to forms that survive a round trip through the suite's file (see the
///   README's table of stored forms).
/// - Registered defaults apply to this suite only, although Foundation's registration domain is
///   shared by every suite of the process.
/// - The suite is touched once on creation, so that first use from many threads cannot lose a
///   thread's own write.
///
/// ```swift
/// let store = UserDefaultsStore.suite("com.example.settings")
/// let volume = DefaultsKey<Double>("volume", default: 0.5, store: store)
/// ```
public final class UserDefaultsStore: DefaultsStore, @unchecked Sendable {
  // NB: `UserDefaults` is thread-safe but not marked `Sendable` on Linux; this class only calls
  // its thread-safe methods and guards its own state with locks.

  /// The wrapped `UserDefaults` object.
  public let userDefaults: UserDefaults
  /// The suite name, or nil for `UserDefaults.standard`.
  public let suiteName: String?
  public let storeIdentifier: String
  public let channel: DefaultsChannel

  private let preferences: PlatformPreferences
  private let registeredDefaults = Locked([String: PropertyListValue]())

  private static let stores = Locked([String: UserDefaultsStore]())

  private init(userDefaults: UserDefaults, suiteName: String?) {
    self.userDefaults = userDefaults
    self.suiteName = suiteName
    self.storeIdentifier = "UserDefaults:" + (suiteName ?? PlatformPreferences.standardSuiteName)
    self.channel = DefaultsChannel.named(storeIdentifier)
    self.preferences = PlatformPreferences(userDefaults: userDefaults, suiteName: suiteName)
    preferences.prepare(report: DefaultsErrors.report)
    _ = userDefaults.object(forKey: "UserDefaultsKit.warmUp")
    if let suiteName, let reason = PlatformPreferences.problem(withSuiteName: suiteName) {
      DefaultsErrors.report(.invalidSuiteName(store: storeIdentifier, reason: reason))
    }
    channel.attach(
      reader: { [weak self] key in self?.read(key) },
      onFirstObserver: { [weak self] key in
        guard let store = self else { return }
        store.preferences.startWatching(key: key) { [weak store] in store?.checkForExternalChanges() }
      })
  }

  /// The store for `UserDefaults.standard`.
  public static var standard: UserDefaultsStore { store(for: .standard) }

  /// The store for a suite; the same object for the same name.
  ///
  /// - Parameter suiteName: A reverse-DNS name such as `com.example.settings`. On Linux the name
  ///   is used as a file name, so it must not contain `/`.
  public static func suite(_ suiteName: String) -> UserDefaultsStore {
    shared(suiteName: suiteName) { UserDefaults(suiteName: suiteName) ?? .standard }
  }

  /// The store for a `UserDefaults` object. Objects for the same suite share one store where
  /// the platform reveals the suite name (on Linux always; on Apple platforms for `.standard` and
  /// for objects made by ``suite(_:)``).
  public static func store(for userDefaults: UserDefaults) -> UserDefaultsStore {
    let suiteName = PlatformPreferences.suiteName(of: userDefaults)
    return shared(suiteName: suiteName) { userDefaults }
  }

  private static func shared(suiteName: String?, make: () -> UserDefaults) -> UserDefaultsStore {
    stores.withLock { stores in
      let name = suiteName ?? PlatformPreferences.standardSuiteName
      if let store = stores[name] { return store }
      let store = UserDefaultsStore(userDefaults: make(), suiteName: suiteName)
      stores[name] = store
      return store
    }
  }

  public func read(_ key: String) -> PropertyListValue? {
    guard let object = preferences.object(forKey: key) else {
      return registeredDefaults.withLock { $0[key] }
    }
    guard let value = PropertyListValue(foundationObject: object) else {
      DefaultsErrors.report(
        .unreadableObject(key: key, store: storeIdentifier, description: "\(type(of: object))"))
      return nil
    }
    return value
  }

  public func storageToken(forKey key: String) -> AnyObject? {
    preferences.token(forKey: key)
  }

  public func tokenSource(forKey key: String) -> DefaultsTokenSource {
    preferences.tokenSource(forKey: key)
  }

  public func write(_ value: PropertyListValue, forKey key: String) throws {
    let object = PlatformPreferences.storableForm(of: value).foundationObject
    try makeDurable(key) { userDefaults.set(object, forKey: key) }
  }

  public func remove(_ key: String) throws {
    try makeDurable(key) { userDefaults.removeObject(forKey: key) }
  }

  /// The file that holds a suite on Linux (nil on Apple platforms, where `cfprefsd` owns it).
  ///
  /// ```swift
  /// UserDefaultsStore.fileURL(forSuite: "com.example.settings")  // ~/.config/com.example.settings.plist
  /// ```
  public static func fileURL(forSuite suiteName: String?) -> URL? {
    PlatformPreferences.fileURL(forSuite: suiteName)
  }

  /// Reloads the suite and tells observers about every observed key whose stored value changed
  /// outside the library: in another process, or through a direct `UserDefaults` call.
  ///
  /// The store calls it by itself when the suite's file changes (Linux) or when key-value
  /// observing reports a change (Apple platforms). On Linux a direct `UserDefaults.set` in this
  /// process reaches the file only when someone synchronizes; call this method to announce it
  /// sooner. Reads through the library see such a change at once in any case.
  public func checkForExternalChanges() {
    channel.serializingChanges {
      preferences.reload(report: DefaultsErrors.report)
      channel.announceExternalChanges(reading: read)
    }
  }

  public func register(_ defaults: [String: PropertyListValue]) {
    registeredDefaults.withLock { $0.merge(defaults) { _, new in new } }
    userDefaults.register(
      defaults: defaults.mapValues { PlatformPreferences.storableForm(of: $0).foundationObject })
  }

  private func makeDurable(_ key: String, _ change: () -> Void) throws {
    guard preferences.write(report: DefaultsErrors.report, change) else {
      throw DefaultsError.writeFailed(
        key: key, store: storeIdentifier, reason: "synchronize() failed; the file is not writable")
    }
  }
}
