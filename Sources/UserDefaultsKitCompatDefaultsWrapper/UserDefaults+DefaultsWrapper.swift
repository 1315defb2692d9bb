import Foundation

/// DefaultsWrapper's typed `UserDefaults` extension, in the stored forms its property wrapper uses.
/// Its `set` overloads take only the types that Foundation cannot store itself, so every other
/// `set(_:forKey:)` call stays Foundation's. The generic ones take an optional: `nil` removes the key.
extension UserDefaults {
  /// Stores an enum by its raw value; `nil` removes the key.
  ///
  /// ```swift
  /// UserDefaults.standard.set(Direction.west, forKey: "direction")
  /// ```
  public func set<Value: RawRepresentable>(_ value: Value?, forKey defaultName: String)
  where Value.RawValue: PropertyListSerializable {
    key(Value.self, defaultName).value = value
  }

  /// Stores a `UserDefaultsCodable` value as JSON data; `nil` removes the key.
  public func set<Value: UserDefaultsCodable>(_ value: Value?, forKey defaultName: String) {
    key(Value.self, defaultName).value = value
  }

  /// Stores a `UserDefaultsConvertible` value in its converted form; `nil` removes the key.
  public func set<Value: UserDefaultsConvertible>(_ value: Value?, forKey defaultName: String) {
    key(Value.self, defaultName).value = value
  }

  /// Stores a `CGFloat` as a number. (Foundation on Linux stops the process when it is given one.)
  public func set(_ value: CGFloat, forKey defaultName: String) { store(value, forKey: defaultName) }

  /// Stores a `CGPoint` as a readable dictionary: `["x": 1, "y": 2]`.
  public func set(_ value: CGPoint, forKey defaultName: String) { store(value, forKey: defaultName) }

  /// Stores a `CGSize` as a readable dictionary: `["width": 3, "height": 4]`.
  public func set(_ value: CGSize, forKey defaultName: String) { store(value, forKey: defaultName) }

  /// Stores a `CGRect` as a readable dictionary of its origin and size.
  ///
  /// ```swift
  /// UserDefaults.standard.set(CGRect(x: 0, y: 0, width: 3, height: 4), forKey: "frame")
  /// ```
  public func set(_ value: CGRect, forKey defaultName: String) { store(value, forKey: defaultName) }

  /// Stores a `Decimal` as its exact decimal string. (DefaultsWrapper stored JSON data, which
  /// `decimal(forKey:)` reads too; Foundation on its own truncates a `Decimal` to an integer.)
  public func set(_ value: Decimal, forKey defaultName: String) { store(value, forKey: defaultName) }

  /// Stores a `UUID` as its `uuidString`.
  public func set(_ value: UUID, forKey defaultName: String) { store(value, forKey: defaultName) }

  /// Stores a `Locale` as JSON data.
  public func set(_ value: Locale, forKey defaultName: String) {
    key(Locale.self, defaultName).value = value
  }

  /// An enum stored by its raw value, or nil.
  ///
  /// ```swift
  /// let direction: Direction? = UserDefaults.standard.rawReprensentable(forKey: "direction")
  /// ```
  public func rawReprensentable<Value: RawRepresentable>(forKey defaultName: String) -> Value?
  where Value.RawValue: PropertyListSerializable {
    rawRepresentable(forKey: defaultName)
  }

  /// `rawReprensentable(forKey:)` spelled correctly.
  public func rawRepresentable<Value: RawRepresentable>(forKey defaultName: String) -> Value?
  where Value.RawValue: PropertyListSerializable {
    readThroughObject(key(Value.self, defaultName), defaultName)
  }

  /// A `UserDefaultsCodable` value, stored as the library stores its type, or any other
  /// `Decodable` value stored as JSON data (as an early DefaultsWrapper 1 reads it); nil when
  /// nothing readable is stored.
  ///
  /// ```swift
  /// let score: Score? = UserDefaults.standard.decodable(forKey: "score")
  /// ```
  public func decodable<Value: Decodable>(forKey defaultName: String) -> Value? {
    guard let codable = Value.self as? any UserDefaultsCodable.Type else {
      return data(forKey: defaultName).flatMap { try? JSONDecoder().decode(Value.self, from: $0) }
    }
    return storedValue(of: codable, forKey: defaultName) as? Value
  }

  private func storedValue<Value: UserDefaultsCodable>(of type: Value.Type, forKey defaultName: String)
    -> Value?
  {
    readThroughObject(key(Value.self, defaultName), defaultName)
  }

  /// A `UserDefaultsConvertible` value, or nil.
  ///
  /// ```swift
  /// let origin: SIMD2<Int>? = UserDefaults.standard.convertible(forKey: "origin")
  /// ```
  public func convertible<Value: UserDefaultsConvertible>(forKey defaultName: String) -> Value? {
    readThroughObject(key(Value.self, defaultName), defaultName)
  }

  /// A `CGFloat`, or 0.
  public func cgFloat(forKey defaultName: String) -> CGFloat { stored(forKey: defaultName) ?? 0 }

  /// A `CGPoint`, or `.zero`.
  public func cgPoint(forKey defaultName: String) -> CGPoint { stored(forKey: defaultName) ?? .zero }

  /// A `CGSize`, or `.zero`.
  public func cgSize(forKey defaultName: String) -> CGSize { stored(forKey: defaultName) ?? .zero }

  /// A `CGRect`, or `.zero`.
  public func cgRect(forKey defaultName: String) -> CGRect { stored(forKey: defaultName) ?? .zero }

  /// A `Decimal` stored as a decimal string, as a number or as DefaultsWrapper's JSON data; else 0.
  public func decimal(forKey defaultName: String) -> Decimal { stored(forKey: defaultName) ?? .zero }

  /// A `UUID` stored as its `uuidString`, or nil.
  public func uuid(forKey defaultName: String) -> UUID? { stored(forKey: defaultName) }

  /// A `Locale` stored as JSON data, or nil.
  public func locale(forKey defaultName: String) -> Locale? { decodable(forKey: defaultName) }

  /// Registers `value` as the default of `defaultName`. A value that is not a property-list object
  /// is kept in Foundation's registration domain only, as DefaultsWrapper did: plain reads return
  /// it, the library's keys do not.
  ///
  /// ```swift
  /// UserDefaults.standard.register(3, forKey: "NumberOfPlayers")
  /// ```
  public func register(_ value: Any, forKey defaultName: String) {
    guard let stored = PropertyListValue(foundationObject: value) else {
      register(defaults: [defaultName: value])
      return
    }
    UserDefaultsStore.store(for: self).register([defaultName: stored])
  }

  /// Registers an enum's raw value.
  public func register<Value: RawRepresentable>(_ value: Value, forKey defaultName: String)
  where Value.RawValue: PropertyListSerializable { registerStored(value, defaultName) }

  /// Registers a `UserDefaultsCodable` value as JSON data.
  public func register<Value: UserDefaultsCodable>(_ value: Value, forKey defaultName: String) {
    registerStored(value, defaultName)
  }

  /// Registers a `UserDefaultsConvertible` value in its converted form.
  public func register<Value: UserDefaultsConvertible>(_ value: Value, forKey defaultName: String) {
    registerStored(value, defaultName, coding: .userDefaultsConvertible)
  }

  /// Registers a `CGFloat` as a number.
  public func register(_ value: CGFloat, forKey defaultName: String) { registerStored(value, defaultName) }

  /// Registers a `CGPoint` as a readable dictionary.
  public func register(_ value: CGPoint, forKey defaultName: String) { registerStored(value, defaultName) }

  /// Registers a `CGSize` as a readable dictionary.
  public func register(_ value: CGSize, forKey defaultName: String) { registerStored(value, defaultName) }

  /// Registers a `CGRect` as a readable dictionary.
  public func register(_ value: CGRect, forKey defaultName: String) { registerStored(value, defaultName) }

  /// Registers a `Decimal` as its exact decimal string.
  public func register(_ value: Decimal, defaultName: String) { registerStored(value, defaultName) }

  /// Registers a `UUID` as its `uuidString`.
  public func register(_ value: UUID, defaultName: String) { registerStored(value, defaultName) }

  /// Registers a `Locale` as JSON data.
  public func register(_ value: Locale, defaultName: String) { registerStored(value, defaultName) }

  private func store<Value: DefaultsSerializable>(_ value: Value, forKey defaultName: String) {
    key(Value.self, defaultName).value = value
  }

  private func stored<Value: DefaultsSerializable>(forKey defaultName: String) -> Value? {
    readThroughObject(key(Value.self, defaultName), defaultName)
  }

  /// What `object(forKey:)` of this object holds for `defaultName`, decoded as `key` decodes: as
  /// in DefaultsWrapper, the typed getters read through the object they are called on, so they
  /// see its direct writes (`set`, `removeObject`) at once, on Linux too.
  private func readThroughObject<Value>(_ key: DefaultsKey<Value?>, _ defaultName: String) -> Value? {
    guard let stored = object(forKey: defaultName).flatMap(PropertyListValue.init(foundationObject:)) else {
      return nil
    }
    return key.coding.decode(stored) ?? nil
  }

  /// Registers the stored form of `value`; a value whose coding fails is not registered.
  private func registerStored<Value>(
    _ value: Value, _ defaultName: String, coding: DefaultsCoding<Value>? = .automatic
  ) {
    guard let stored = try? coding?.encode(value) else { return }
    UserDefaultsStore.store(for: self).register([defaultName: stored])
  }

  // Keys over `defaultName` that register nothing, for the typed accessors: one for each kind of
  // type, made by the initializer that `@Default` uses for it.

  private func key<Value: DefaultsSerializable>(_ type: Value.Type, _ defaultName: String) -> DefaultsKey<
    Value?
  > {
    DefaultsKey(
      DefaultName(defaultName), default: nil, store: defaultsWrapperStore(for: defaultName), register: false)
  }

  private func key<Value: RawRepresentable>(_ type: Value.Type, _ defaultName: String) -> DefaultsKey<Value?>
  where Value.RawValue: PropertyListSerializable {
    DefaultsKey(
      DefaultName(defaultName), default: nil, store: defaultsWrapperStore(for: defaultName), register: false)
  }

  private func key<Value: UserDefaultsCodable>(_ type: Value.Type, _ defaultName: String) -> DefaultsKey<
    Value?
  > {
    DefaultsKey(
      DefaultName(defaultName), default: nil, store: defaultsWrapperStore(for: defaultName), register: false)
  }

  private func key<Value: UserDefaultsConvertible>(_ type: Value.Type, _ defaultName: String)
    -> DefaultsKey<Value?>
  {
    DefaultsKey(
      DefaultName(defaultName), default: nil, store: defaultsWrapperStore(for: defaultName),
      coding: .optional(.userDefaultsConvertible), register: false)
  }
}
