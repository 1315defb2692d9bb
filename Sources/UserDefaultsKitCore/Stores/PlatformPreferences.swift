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

    /// Binary property lists keep every value exactly; nothing to change.
    static func storableForm(of value: PropertyListValue) -> PropertyListValue { value }

    func synchronizeIfNeeded() -> Bool { true }
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

    init(userDefaults: UserDefaults, suiteName: String?) {
      self.userDefaults = userDefaults
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

    /// The persisted value (or a launch argument), without the registration domain: Foundation's
    /// registration domain is shared by all suites of a process, so the store applies its own.
    func object(forKey key: String) -> Any? {
      if argumentKeys.contains(key) { return userDefaults.object(forKey: key) }
      return CFPreferencesCopyAppValue(cfKey(key), domain)
    }

    /// CFPreferences hands out the same immutable object for a key until its value changes, so the
    /// object's identity tells whether a decoded value is still current. Holding the object keeps
    /// its address from being reused.
    func token(forKey key: String) -> AnyObject? {
      if argumentKeys.contains(key) { return nil }
      return CFPreferencesCopyAppValue(cfKey(key), domain)
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

    /// Foundation on Linux writes nothing to disk until `synchronize()`, and a process that exits
    /// first loses the write.
    func synchronizeIfNeeded() -> Bool {
      userDefaults.synchronize()
    }

    private func cfKey(_ key: String) -> CFString {
      interned.withLock { cache in
        if let cfKey = cache[key] { return cfKey }
        let cfKey = Self.cfString(key)
        cache[key] = cfKey
        return cfKey
      }
    }

    private static func cfString(_ text: String) -> CFString {
      // NB: bridged, not built from a C string, so keys that contain NUL stay whole.
      unsafeBitCast(NSString(string: text), to: CFString.self)
    }
  }
#endif
