import Foundation

/// A setting declared once: its name, its type, its default value and its store.
///
/// ```swift
/// extension DefaultsKey where Value == Int {
///   static let launchCount = DefaultsKey("launchCount", default: 0)
/// }
/// DefaultsKey.launchCount.value += 1
/// ```
///
/// The default value is registered with the store when the key is made (pass `register: false`
/// to opt out), so plain `UserDefaults` reads see it too.
public struct DefaultsKey<Value> {
  @usableFromInline let storage: DefaultsKeyStorage<Value>

  /// The key under which the value is stored.
  public var name: DefaultName { storage.name }
  /// The value read when nothing is stored, or when what is stored does not decode.
  public var defaultValue: Value { storage.defaultValue }
  /// Where the value is stored.
  public var store: any DefaultsStore { storage.store }
  /// How the value is converted for storage.
  public var coding: DefaultsCoding<Value> { storage.coding }

  /// A key with an explicit coding; the other initializers choose the coding for you.
  public init(
    _ name: DefaultName, default defaultValue: Value, store: any DefaultsStore,
    coding: DefaultsCoding<Value>, register: Bool = true
  ) {
    self.storage = DefaultsKeyStorage(
      name: name, defaultValue: defaultValue, store: store, coding: coding)
    if register, let registered = try? coding.encode(defaultValue) {
      store.register([name.rawValue: registered])
    }
  }

  /// The current value: the stored one, or the default.
  ///
  /// The decoded value is cached under the identity of the stored object, so a read decodes
  /// only after the stored value changed, however it changed.
  public var value: Value {
    @inlinable get {
      let storage = storage
      let token = storage.tokenSource.token()
      if let token, let cached = storage.cachedValue(for: token) { return cached }
      let value = storage.store.decodedValue(
        forKey: storage.name.rawValue, default: storage.defaultValue, coding: storage.coding)
      if let token { storage.cache(value, for: token) }
      return value
    }
    nonmutating set { store.setValue(newValue, forKey: name.rawValue, coding: coding) }
  }

  /// Removes the stored value, so that the key reads as its default again.
  public func reset() {
    store.removeValue(forKey: name.rawValue)
  }

  /// Whether nothing is stored for the key, or what is stored equals the default's stored form.
  public var isDefault: Bool {
    guard let stored = store.read(name.rawValue) else { return true }
    return (try? coding.encode(defaultValue)) == stored
  }
}

extension DefaultsKey: Sendable where Value: Sendable {}

extension DefaultsKey where Value: DefaultsSerializable {
  /// A key for a type that conforms to ``DefaultsSerializable``.
  ///
  /// - Parameters:
  ///   - name: The key in the store.
  ///   - defaultValue: The value read when nothing is stored.
  ///   - store: Where the value lives; `UserDefaults.standard` unless you say otherwise.
  ///   - register: Whether to register the default with the store.
  public init(
    _ name: DefaultName, default defaultValue: Value,
    store: any DefaultsStore = UserDefaultsStore.standard, register: Bool = true
  ) {
    self.init(name, default: defaultValue, store: store, coding: .serializable, register: register)
  }

  /// A key in a `UserDefaults` object.
  public init(
    _ name: DefaultName, default defaultValue: Value, suite userDefaults: UserDefaults,
    register: Bool = true
  ) {
    self.init(
      name, default: defaultValue, store: UserDefaultsStore.store(for: userDefaults),
      coding: .serializable, register: register)
  }
}

extension DefaultsKey {
  /// An optional key that reads `nil` when nothing is stored.
  public init<Wrapped: DefaultsSerializable>(
    _ name: DefaultName, store: any DefaultsStore = UserDefaultsStore.standard
  ) where Value == Wrapped? {
    self.init(name, default: nil, store: store, coding: .serializable, register: false)
  }

  /// A key for a `Codable` value stored as JSON made with a custom encoder and decoder.
  public init(
    _ name: DefaultName, default defaultValue: Value,
    store: any DefaultsStore = UserDefaultsStore.standard, encoder: JSONEncoder,
    decoder: JSONDecoder, register: Bool = true
  ) where Value: Codable {
    self.init(
      name, default: defaultValue, store: store,
      coding: .json(JSONCoding(encoder: encoder, decoder: decoder)), register: register)
  }
}
