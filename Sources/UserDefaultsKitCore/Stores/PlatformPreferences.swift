import Foundation

#if canImport(Darwin)
  /// Apple platforms: `cfprefsd` persists writes and keeps every `UserDefaults` object of a suite
  /// in step, so the store only reads and writes through Foundation.
  struct PlatformPreferences: @unchecked Sendable {
    static let standardSuiteName = "(standard)"
    private let userDefaults: UserDefaults

    init(userDefaults: UserDefaults, suiteName: String?) {
      self.userDefaults = userDefaults
    }

    /// Apple does not reveal the suite of a `UserDefaults` object; only `.standard` is known.
    static func suiteName(of userDefaults: UserDefaults) -> String? {
      userDefaults === UserDefaults.standard
        ? nil : "(object \(UInt(bitPattern: ObjectIdentifier(userDefaults).hashValue)))"
    }

    func object(forKey key: String) -> Any? {
      userDefaults.object(forKey: key)
    }

    /// The stored object itself: `cfprefsd` hands out the same immutable object until it changes.
    func token(forKey key: String) -> AnyObject? {
      userDefaults.object(forKey: key).map { $0 as AnyObject }
    }

    func tokenSource(forKey key: String) -> DefaultsTokenSource {
      DefaultsTokenSource { token(forKey: key) }
    }

    static func fileURL(forSuite suiteName: String?) -> URL? { nil }

    /// `cfprefsd` validates suite names itself.
    static func problem(withSuiteName name: String) -> String? { nil }

    /// Binary property lists keep every value exactly; nothing to change.
    static func storableForm(of value: PropertyListValue) -> PropertyListValue { value }

    /// `cfprefsd` persists and serializes writes between processes by itself.
    func write(report: (DefaultsError) -> Void, _ body: () -> Void) -> Bool {
      body()
      return true
    }

    func prepare(report: (DefaultsError) -> Void) {}

    /// `cfprefsd` keeps every process's view current; nothing to reload.
    func reload(report: (DefaultsError) -> Void) {}

    /// Key-value observing reports changes from other processes and direct calls.
    func startWatching(key: String, onChange: @escaping @Sendable () -> Void) {
      let observer = KeyValueObserver(onChange: onChange)
      userDefaults.addObserver(observer, forKeyPath: key, options: [.new], context: nil)
      observers.withLock { $0.append(observer) }
    }

    private let observers = Locked<[KeyValueObserver]>([])
  }

  /// Forwards key-value observing notifications of one key.
  private final class KeyValueObserver: NSObject, @unchecked Sendable {
    private let onChange: @Sendable () -> Void

    init(onChange: @escaping @Sendable () -> Void) {
      self.onChange = onChange
    }

    override func observeValue(
      forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
      context: UnsafeMutableRawPointer?
    ) {
      onChange()
    }
  }
#else
  import CoreFoundation

  /// Linux: `UserDefaults` is a thin layer over CFPreferences with XML files, no daemon and no
  /// automatic flush (see the README's Linux notes).
  struct PlatformPreferences: @unchecked Sendable {
    // NB: CFString and UserDefaults are immutable or internally locked; the cache is locked.
    static let standardSuiteName = "(standard)"
    private let userDefaults: UserDefaults
    private let domain: CFString
    private let argumentKeys: Set<String>
    private let interned = Locked([String: CFString]())

    private let file: SuiteFile
    private let watching = Locked(false)

    init(userDefaults: UserDefaults, suiteName: String?) {
      self.userDefaults = userDefaults
      self.file = SuiteFile(url: SuiteFile.url(forSuite: suiteName))
      self.domain = suiteName.map(Self.cfString) ?? kCFPreferencesCurrentApplication
      self.argumentKeys = Set(userDefaults.volatileDomain(forName: UserDefaults.argumentDomain).keys)
    }

    /// Foundation on Linux keeps the suite name in a stored property; reflection reads it.
    static func suiteName(of userDefaults: UserDefaults) -> String? {
      for child in Mirror(reflecting: userDefaults).children where child.label == "suite" {
        return child.value as? String
      }
      return nil
    }

    static func fileURL(forSuite suiteName: String?) -> URL? {
      SuiteFile.url(forSuite: suiteName)
    }

    /// Foundation on Linux turns the suite name into a file path: `a/b` makes a folder, `../x`
    /// escapes the preferences folder, and a name longer than a file name keeps data in memory.
    static func problem(withSuiteName name: String) -> String? {
      if name.isEmpty { return "an empty name is stored as the hidden file '.plist'" }
      if name.contains("/") {
        return "'\(name)' contains '/', so its file lands outside the preferences folder"
      }
      if name.utf8.count > 200 { return "names longer than 200 bytes cannot be written to disk" }
      return nil
    }

    /// The persisted value (or a launch argument), without the registration domain: Foundation's
    /// registration domain is shared by all suites of a process, so the store applies its own.
    func object(forKey key: String) -> Any? {
      if !argumentKeys.isEmpty, argumentKeys.contains(key) { return userDefaults.object(forKey: key) }
      return CFPreferencesCopyAppValue(cfKey(key), domain)
    }

    /// CFPreferences hands out the same immutable object for a key until its value changes, so the
    /// object's identity tells whether a decoded value is still current. Holding the object keeps
    /// its address from being reused.
    func token(forKey key: String) -> AnyObject? {
      if !argumentKeys.isEmpty, argumentKeys.contains(key) { return nil }
      return CFPreferencesCopyAppValue(cfKey(key), domain)
    }

    /// Resolves the key's CFString and its launch-argument check once.
    func tokenSource(forKey key: String) -> DefaultsTokenSource {
      if argumentKeys.contains(key) { return DefaultsTokenSource { nil } }
      let lookup = Lookup(key: cfKey(key), domain: domain)
      return DefaultsTokenSource { CFPreferencesCopyAppValue(lookup.key, lookup.domain) }
    }

    /// Immutable CFStrings, safe to share between threads.
    private struct Lookup: @unchecked Sendable {
      let key: CFString
      let domain: CFString
    }

    /// XML property lists on Linux keep whole seconds of a date and drop the sign of -0.0, so
    /// dates are stored as seconds since 2001 and -0.0 as the string "-0.0" (both read back by
    /// the standard conformances, and by `double(forKey:)`).
    static func storableForm(of value: PropertyListValue) -> PropertyListValue {
      switch value {
      case .date(let date): return .double(date.timeIntervalSinceReferenceDate)
      case .double(let number) where number == 0 && number.sign == .minus: return .string("-0.0")
      case .array(let values): return .array(values.map(storableForm))
      case .dictionary(let values): return .dictionary(values.mapValues(storableForm))
      default: return value
      }
    }

    /// Applies `body` and synchronizes, as one exclusive, crash-safe write of the suite's file:
    /// Foundation on Linux writes nothing to disk until `synchronize()` (a process that exits
    /// first loses the write), and rewrites the file in place with no lock.
    func write(report: (DefaultsError) -> Void, _ body: () -> Void) -> Bool {
      file.write(report: report) {
        body()
        return userDefaults.synchronize()
      }
    }

    /// Repairs the suite's file before Foundation first reads it.
    func prepare(report: (DefaultsError) -> Void) {
      file.repair(report: report)
    }

    /// Reloads the file (another process may have written it), while no writer is at work.
    func reload(report: (DefaultsError) -> Void) {
      file.read { _ = userDefaults.synchronize() }
    }

    /// Watches the suite's file; one watch serves every key.
    func startWatching(key: String, onChange: @escaping @Sendable () -> Void) {
      let start = watching.withLock { watching in
        defer { watching = true }
        return !watching
      }
      if start { FileWatcher.shared.watch(file.url, handler: onChange) }
    }

    private func cfKey(_ key: String) -> CFString {
      interned.withLock { cache in
        if let cfKey = cache[key] { return cfKey }
        let cfKey = Self.cfString(key)
        cache[key] = cfKey
        return cfKey
      }
    }

    /// A native CFString: CFPreferences hashes and compares it without calling back into Swift,
    /// and its explicit length keeps keys that contain NUL whole.
    private static func cfString(_ text: String) -> CFString {
      let bytes = Array(text.utf8)
      return CFStringCreateWithBytes(
        nil, bytes, bytes.count, CFStringBuiltInEncodings.UTF8.rawValue, false)
    }
  }
#endif
