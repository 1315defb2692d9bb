import Foundation

/// Typed access for code that talks to `UserDefaults` directly. Every call goes through the same
/// store and coding as keys and `@Default`, with the same Linux workarounds.
///
/// ```swift
/// UserDefaults.standard.set(Direction.west, forKey: "direction")
/// let direction: Direction? = UserDefaults.standard.rawRepresentable(forKey: "direction")
/// ```
extension UserDefaults {
  private var defaultsStore: UserDefaultsStore { .store(for: self) }

  /// Stores any storable value; `nil` removes the key.
  public func set<Value: DefaultsSerializable>(_ value: Value?, forKey defaultName: String) {
    defaultsStore.setValue(value, forKey: defaultName, coding: .serializable)
  }

  /// Stores an enum by its raw value; `nil` removes the key.
  public func set<Value: RawRepresentable>(_ value: Value?, forKey defaultName: String)
  where Value.RawValue: DefaultsSerializable {
    defaultsStore.setValue(value, forKey: defaultName, coding: .optional(.rawValue))
  }

  /// Any storable value, or nil when nothing is stored or the stored value does not decode.
  public func storedValue<Value: DefaultsSerializable>(
    _ type: Value.Type = Value.self, forKey defaultName: String
  ) -> Value? {
    defaultsStore.value(forKey: defaultName, default: nil, coding: .serializable)
  }

  /// An enum stored by its raw value.
  public func rawRepresentable<Value: RawRepresentable>(forKey defaultName: String) -> Value?
  where Value.RawValue: DefaultsSerializable {
    defaultsStore.value(forKey: defaultName, default: nil, coding: .optional(.rawValue))
  }

  /// A `Codable` value stored as JSON data.
  public func decodable<Value: UserDefaultsCodable>(forKey defaultName: String) -> Value? {
    storedValue(Value.self, forKey: defaultName)
  }

  /// Registers one default value.
  public func register<Value: DefaultsSerializable>(_ value: Value, forKey defaultName: String) {
    guard let stored = try? value.toDefaults() else { return }
    defaultsStore.register([defaultName: stored])
  }

  /// A `CGFloat`, or 0 when none is stored.
  public func cgFloat(forKey defaultName: String) -> CGFloat {
    storedValue(forKey: defaultName) ?? 0
  }

  /// A `CGPoint`, or `.zero` when none is stored.
  public func cgPoint(forKey defaultName: String) -> CGPoint {
    storedValue(forKey: defaultName) ?? .zero
  }

  /// A `CGSize`, or `.zero` when none is stored.
  public func cgSize(forKey defaultName: String) -> CGSize {
    storedValue(forKey: defaultName) ?? .zero
  }

  /// A `CGRect`, or `.zero` when none is stored.
  public func cgRect(forKey defaultName: String) -> CGRect {
    storedValue(forKey: defaultName) ?? .zero
  }
}
