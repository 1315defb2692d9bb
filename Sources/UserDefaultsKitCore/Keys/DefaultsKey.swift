import Foundation

/// A setting declared once: its name, its type, its default value and its store. It is the one
/// object that reads, writes, caches and observes a value; `@Default`, the macros and cloud-synced
/// properties are views over it.
///
/// ```swift
/// extension DefaultsKey where Value == Int {
///   static let launchCount = DefaultsKey("launchCount", default: 0)
/// }
/// DefaultsKey.launchCount.value += 1
/// ```
///
/// The default value is registered with the store when the key is made (pass `register: false`
/// to opt out), so plain `UserDefaults` reads see it too. The value's type decides how it is
/// stored (see ``DefaultsCoding/automatic``): any ``DefaultsSerializable`` type, a
/// `RawRepresentable` type with a storable raw value, or a `Codable` type.
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

  /// A key with a coding of your own, in place of the one every API uses for the type
  /// (``DefaultsCoding/automatic``).
  ///
  /// ```swift
  /// let celsius = DefaultsKey(
  ///   "temperature", default: Measurement(value: 20, unit: UnitTemperature.celsius),
  ///   store: InMemoryDefaultsStore(),
  ///   coding: DefaultsCoding(
  ///     encode: { .double($0.converted(to: .celsius).value) },
  ///     decode: { $0.doubleValue.map { Measurement(value: $0, unit: .celsius) } }))
  /// ```
  ///
  /// - Parameters:
  ///   - name: The key in the store.
  ///   - defaultValue: The value read when nothing is stored, or when what is stored does not
  ///     decode.
  ///   - store: Where the value lives.
  ///   - coding: How the value is converted for storage.
  ///   - previously: Earlier names of the setting. While nothing is stored under `name`, a value
  ///     stored under the first earlier name that holds one is moved to `name`.
  ///   - migrations: How to read what earlier versions stored (see ``DefaultsMigration``).
  ///   - register: Whether to register the default with the store.
  public init(
    _ name: DefaultName, default defaultValue: Value, store: any DefaultsStore,
    coding: DefaultsCoding<Value>, previously: [DefaultName] = [],
    migrations: [DefaultsMigration<Value>] = [],
    register: Bool = true
  ) {
    self.storage = DefaultsKeyStorage(
      name: name, defaultValue: defaultValue, store: store, coding: coding, previously: previously,
      migrations: migrations)
    if !storage.earlierPlaces.isEmpty {
      do { try storage.moveStoredValue() } catch { DefaultsError.report(error) }
    }
    if register, let registered = try? coding.encode(defaultValue) {
      store.register([name.rawValue: registered])
    }
  }

  /// The current value: the stored one, else the registered one, else the default.
  ///
  /// The decoded value is cached, and decoded again only after the stored value changed by value,
  /// however it changed. Setting it stores the value; as a setter cannot throw, a write that fails
  /// fails the update it is part of, and is otherwise reported to ``DefaultsReports/observe(_:)``:
  /// ``set(_:)`` throws it instead.
  public var value: Value {
    @inlinable get {
      let storage = storage
      guard let token = storage.lookup.token() else { return storage.defaultValue }
      if let cached = storage.cachedValue(for: token) { return cached }
      return storage.readStoredValue()
    }
    nonmutating set {
      do { try storage.write(newValue) } catch { storage.reportFailure(error) }
    }
  }

  /// Stores `newValue`, or throws why it could not (nothing is written then): what assigning
  /// ``value`` does, for a caller that wants to know.
  ///
  /// ```swift
  /// let volume = DefaultsKey("volume", default: 0.5, store: InMemoryDefaultsStore())
  /// try volume.set(0.8)
  /// ```
  ///
  /// Inside an update of the key's store, the value is stored when the update ends, which throws
  /// if that write fails.
  public func set(_ newValue: Value) throws(DefaultsError) {
    try storage.write(newValue)
  }

  /// Removes the stored value, so that the key reads as its default again (or as the default last
  /// registered for its name in this process, which Foundation's registration domain holds for
  /// every suite); throws why it could not.
  ///
  /// ```swift
  /// let volume = DefaultsKey("volume", default: 0.5, store: InMemoryDefaultsStore())
  /// try volume.reset()
  /// ```
  public func reset() throws(DefaultsError) {
    try storage.reset()
  }

  /// Whether the key reads its own default: what the store reads for it (the stored value, else the
  /// default last registered for its name in this process) is nothing, or the default's stored
  /// form. Another key of the same name that registered another default makes this false; debug
  /// builds report such keys (``DefaultsWarning/Kind/conflictingDefaults``).
  public var isDefault: Bool {
    guard let stored = store.read(name.rawValue) else { return true }
    return (try? coding.encode(defaultValue)) == stored
  }
}

extension DefaultsKey: Sendable where Value: Sendable {}

// The initializers below only decide which types compile: each one hands over to
// `DefaultsCoding.automatic`, so they cannot disagree about how a type is stored.

extension DefaultsKey {
  /// A key for a ``DefaultsSerializable`` type.
  ///
  /// ```swift
  /// let volume = DefaultsKey("volume", default: 0.5)
  /// ```
  ///
  /// - Parameters:
  ///   - name: The key in the store.
  ///   - defaultValue: The value read when nothing is stored.
  ///   - store: Where the value lives; `UserDefaults.standard` unless you say otherwise.
  ///   - previously: Earlier names of the setting, whose stored value moves to `name`.
  ///   - migrations: How to read what earlier versions stored (see ``DefaultsMigration``).
  ///   - register: Whether to register the default with the store.
  public init(
    _ name: DefaultName, default defaultValue: Value, store: any DefaultsStore = UserDefaultsStore.standard,
    previously: [DefaultName] = [], migrations: [DefaultsMigration<Value>] = [], register: Bool = true
  ) where Value: DefaultsSerializable {
    self.init(automatic: name, defaultValue, store, previously, migrations, register)
  }

  /// A key for a `RawRepresentable` type with a storable raw value: the raw value is stored.
  @_disfavoredOverload
  public init(
    _ name: DefaultName, default defaultValue: Value, store: any DefaultsStore = UserDefaultsStore.standard,
    previously: [DefaultName] = [], migrations: [DefaultsMigration<Value>] = [], register: Bool = true
  ) where Value: RawRepresentable, Value.RawValue: DefaultsSerializable {
    self.init(automatic: name, defaultValue, store, previously, migrations, register)
  }

  /// A key for a `Codable` type: JSON data is stored.
  @_disfavoredOverload
  public init(
    _ name: DefaultName, default defaultValue: Value, store: any DefaultsStore = UserDefaultsStore.standard,
    previously: [DefaultName] = [], migrations: [DefaultsMigration<Value>] = [], register: Bool = true
  ) where Value: Codable {
    self.init(automatic: name, defaultValue, store, previously, migrations, register)
  }

  /// A key for a `RawRepresentable` type that is also `Codable`: the raw value is stored.
  @_disfavoredOverload
  public init(
    _ name: DefaultName, default defaultValue: Value, store: any DefaultsStore = UserDefaultsStore.standard,
    previously: [DefaultName] = [], migrations: [DefaultsMigration<Value>] = [], register: Bool = true
  ) where Value: RawRepresentable & Codable, Value.RawValue: DefaultsSerializable {
    self.init(automatic: name, defaultValue, store, previously, migrations, register)
  }

  /// A key for an optional `RawRepresentable` value; `nil` removes the key.
  @_disfavoredOverload
  public init<Wrapped: RawRepresentable>(
    _ name: DefaultName, default defaultValue: Value, store: any DefaultsStore = UserDefaultsStore.standard,
    previously: [DefaultName] = [], migrations: [DefaultsMigration<Value>] = [], register: Bool = true
  ) where Value == Wrapped?, Wrapped.RawValue: DefaultsSerializable {
    self.init(automatic: name, defaultValue, store, previously, migrations, register)
  }

  /// A key for an optional `RawRepresentable` and `Codable` value; `nil` removes the key.
  @_disfavoredOverload
  public init<Wrapped: RawRepresentable & Codable>(
    _ name: DefaultName, default defaultValue: Value, store: any DefaultsStore = UserDefaultsStore.standard,
    previously: [DefaultName] = [], migrations: [DefaultsMigration<Value>] = [], register: Bool = true
  ) where Value == Wrapped?, Wrapped.RawValue: DefaultsSerializable {
    self.init(automatic: name, defaultValue, store, previously, migrations, register)
  }

  /// A type that cannot be stored.
  @_disfavoredOverload
  @available(
    *, unavailable,
    message:
      "this type cannot be stored: conform it to DefaultsSerializable (or DefaultsConvertible), make it Codable, or make it RawRepresentable with a storable raw value"
  )
  public init(
    _ name: DefaultName, default defaultValue: Value, store: any DefaultsStore = UserDefaultsStore.standard,
    previously: [DefaultName] = [], migrations: [DefaultsMigration<Value>] = [], register: Bool = true
  ) {
    fatalError("unavailable")
  }

  /// A key for an optional setting, whose default is `nil`: no `default:` to write.
  ///
  /// ```swift
  /// let nickname = DefaultsKey<String?>("nickname")
  /// ```
  ///
  /// The wrapped type must be ``DefaultsSerializable``: every standard type is, and a
  /// `RawRepresentable` or `Codable` type of yours is once it declares the conformance (its
  /// implementation is provided), as for an element of a stored collection. Otherwise write
  /// `default: nil`, which takes any storable type.
  public init(
    _ name: DefaultName, store: any DefaultsStore = UserDefaultsStore.standard,
    previously: [DefaultName] = [],
    migrations: [DefaultsMigration<Value>] = [], register: Bool = true
  ) where Value: DefaultsSerializable & ExpressibleByNilLiteral {
    self.init(automatic: name, nil, store, previously, migrations, register)
  }

  /// An optional whose wrapped type does not declare ``DefaultsSerializable``.
  @_disfavoredOverload
  @available(
    *, unavailable,
    message:
      "an optional setting without 'default:' needs a DefaultsSerializable wrapped type: declare the conformance (for a RawRepresentable or Codable type its implementation is provided), or write 'default: nil'"
  )
  public init<Wrapped>(
    _ name: DefaultName, store: any DefaultsStore = UserDefaultsStore.standard,
    previously: [DefaultName] = [],
    migrations: [DefaultsMigration<Value>] = [], register: Bool = true
  ) where Value == Wrapped? {
    fatalError("unavailable")
  }

  /// A key for a `Codable` value stored as JSON made with your own encoder and decoder.
  ///
  /// ```swift
  /// let events = DefaultsKey<[Date]>("events", default: [], encoder: JSONEncoder(), decoder: JSONDecoder())
  /// ```
  public init(
    _ name: DefaultName, default defaultValue: Value, store: any DefaultsStore = UserDefaultsStore.standard,
    encoder: JSONEncoder, decoder: JSONDecoder, previously: [DefaultName] = [],
    migrations: [DefaultsMigration<Value>] = [], register: Bool = true
  ) where Value: Codable {
    self.init(
      name, default: defaultValue, store: store,
      coding: .json(JSONCoding(encoder: encoder, decoder: decoder)), previously: previously,
      migrations: migrations, register: register)
  }

  /// A key stored as ``DefaultsCoding/automatic`` decides for `Value`, which the caller has checked
  /// to be storable: the initializers above, or the storable check at a generated property.
  init(
    automatic name: DefaultName, _ defaultValue: Value, _ store: any DefaultsStore,
    _ previously: [DefaultName], _ migrations: [DefaultsMigration<Value>],
    _ register: Bool
  ) {
    guard let coding = DefaultsCoding<Value>.automatic else {
      preconditionFailure("\(Value.self) passed a storable-type check but has no coding")
    }
    self.init(
      name, default: defaultValue, store: store, coding: coding, previously: previously,
      migrations: migrations, register: register)
  }
}
