import Foundation

/// DefaultsWrapper's typed `UserDefaults` extension. Its `set` overloads take only the types that
/// Foundation cannot store itself, so every other `set(_:forKey:)` call stays Foundation's.
extension UserDefaults {
  /// The library's store of this suite.
  var defaultsStore: UserDefaultsStore { .store(for: self) }

  /// Stores an enum by its raw value; `nil` removes the key.
  ///
  /// ```swift
  /// UserDefaults.standard.set(Direction.west, forKey: "direction")
  /// ```
  public func set<Value: RawRepresentable>(_ value: Value?, forKey defaultName: String)
  where Value.RawValue: DefaultsSerializable {
    DefaultsKey<Value?>(DefaultName(defaultName), default: nil, store: defaultsStore, register: false).value =
      value
  }

  /// Stores a ``UserDefaultsCodable`` value as JSON data; `nil` removes the key.
  public func set<Value: UserDefaultsCodable>(_ value: Value?, forKey defaultName: String) {
    DefaultsKey<Value?>(DefaultName(defaultName), default: nil, store: defaultsStore, register: false).value =
      value
  }

  /// Stores a ``UserDefaultsConvertible`` value; `nil` removes the key.
  public func set<Value: UserDefaultsConvertible>(_ value: Value?, forKey defaultName: String) {
    DefaultsKey<Value?>(
      DefaultName(defaultName), default: nil, store: defaultsStore,
      coding: .optional(.userDefaultsConvertible),
      register: false
    ).value = value
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

  private func store<Value: DefaultsSerializable>(_ value: Value, forKey defaultName: String) {
    DefaultsKey<Value?>(DefaultName(defaultName), default: nil, store: defaultsStore, register: false).value =
      value
  }

  /// Registers one ``UserDefaultsConvertible`` default value.
  public func register<Value: UserDefaultsConvertible>(_ value: Value, forKey defaultName: String) {
    guard let stored = try? value.convertedObject().toDefaults() else { return }
    defaultsStore.register([defaultName: stored])
  }

  /// An enum stored by its raw value, or nil.
  public func rawRepresentable<Value: RawRepresentable>(forKey defaultName: String) -> Value?
  where Value.RawValue: DefaultsSerializable {
    DefaultsKey<Value?>(DefaultName(defaultName), default: nil, store: defaultsStore, register: false).value
  }

  /// DefaultsWrapper's spelling of ``rawRepresentable(forKey:)``.
  public func rawReprensentable<Value: RawRepresentable>(forKey defaultName: String) -> Value?
  where Value.RawValue: PropertyListSerializable {
    rawRepresentable(forKey: defaultName)
  }

  /// A ``UserDefaultsCodable`` value stored as JSON data, or nil.
  public func decodable<Value: UserDefaultsCodable>(forKey defaultName: String) -> Value? {
    storedValue(forKey: defaultName)
  }

  /// Any storable value, or nil when nothing is stored or the stored value does not decode.
  public func storedValue<Value: DefaultsSerializable>(
    _ type: Value.Type = Value.self, forKey defaultName: String
  )
    -> Value?
  {
    DefaultsKey<Value?>(DefaultName(defaultName), default: nil, store: defaultsStore, register: false).value
  }

  /// A `CGFloat`, or 0 when none is stored.
  public func cgFloat(forKey defaultName: String) -> CGFloat { storedValue(forKey: defaultName) ?? 0 }

  /// A `CGPoint`, or `.zero` when none is stored.
  public func cgPoint(forKey defaultName: String) -> CGPoint { storedValue(forKey: defaultName) ?? .zero }

  /// A `CGSize`, or `.zero` when none is stored.
  public func cgSize(forKey defaultName: String) -> CGSize { storedValue(forKey: defaultName) ?? .zero }

  /// A `CGRect`, or `.zero` when none is stored.
  public func cgRect(forKey defaultName: String) -> CGRect { storedValue(forKey: defaultName) ?? .zero }
}
