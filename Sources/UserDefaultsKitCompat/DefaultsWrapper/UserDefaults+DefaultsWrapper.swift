import Foundation

/// DefaultsWrapper's `UserDefaults` extension, with its original spellings; the rest of it
/// (`decodable(forKey:)`, `cgFloat(forKey:)`, `cgPoint(forKey:)`, …) is part of UserDefaultsKit.
extension UserDefaults {
  /// DefaultsWrapper's spelling of `rawRepresentable(forKey:)`.
  ///
  /// ```swift
  /// let direction: Direction? = UserDefaults.standard.rawReprensentable(forKey: "direction")
  /// ```
  public func rawReprensentable<T: RawRepresentable>(forKey defaultName: String) -> T?
  where T.RawValue: PropertyListSerializable {
    rawRepresentable(forKey: defaultName)
  }

  /// Stores a ``UserDefaultsConvertible`` value; `nil` removes the key.
  public func set<Value: UserDefaultsConvertible>(_ value: Value?, forKey defaultName: String) {
    UserDefaultsStore.store(for: self).setValue(
      value, forKey: defaultName, coding: .optional(.userDefaultsConvertible))
  }

  /// Registers one ``UserDefaultsConvertible`` default value.
  public func register<Value: UserDefaultsConvertible>(_ value: Value, forKey defaultName: String) {
    guard let stored = try? value.convertedObject().toDefaults() else { return }
    UserDefaultsStore.store(for: self).register([defaultName: stored])
  }
}
