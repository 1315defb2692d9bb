import Foundation

// DefaultsWrapper's `@Default(key:defaultValue:defaults:registerValue:)`. Like every other API, it
// stores a type as `DefaultsCoding.automatic` decides; `UserDefaultsConvertible` types, which are
// DefaultsWrapper's own, use their conversion.

extension Default where Value: DefaultsSerializable {
  /// A property stored under `key` in `defaults`, as DefaultsWrapper declares it.
  ///
  /// ```swift
  /// @Default(key: "NumberOfPlayers", defaultValue: 3) var playerCount: Int
  /// ```
  public init(
    key: DefaultName, defaultValue: @autoclosure () -> Value, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) {
    self.init(
      DefaultsKey(key, default: defaultValue(), store: defaults.defaultsStore, register: registerValue))
  }
}

extension Default where Value: RawRepresentable, Value.RawValue: DefaultsSerializable {
  /// An enum stored by its raw value.
  @_disfavoredOverload
  public init(
    key: DefaultName, defaultValue: @autoclosure () -> Value, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) {
    self.init(
      DefaultsKey(key, default: defaultValue(), store: defaults.defaultsStore, register: registerValue))
  }
}

extension Default where Value: UserDefaultsConvertible {
  /// A ``UserDefaultsConvertible`` value, stored in its converted form.
  public init(
    key: DefaultName, defaultValue: @autoclosure () -> Value, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) {
    self.init(
      DefaultsKey(
        key, default: defaultValue(), store: defaults.defaultsStore,
        coding: .userDefaultsConvertible,
        register: registerValue))
  }
}

extension Default {
  /// An optional property: it reads the stored value, else `defaultValue`, else `nil`; assigning
  /// `nil` removes the stored value.
  public init<Wrapped: DefaultsSerializable>(
    key: DefaultName, defaultValue: @autoclosure () -> Wrapped? = nil, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) where Value == Wrapped? {
    self.init(
      DefaultsKey(key, default: defaultValue(), store: defaults.defaultsStore, register: registerValue))
  }

  /// An optional enum stored by its raw value.
  @_disfavoredOverload
  public init<Wrapped: RawRepresentable>(
    key: DefaultName, defaultValue: @autoclosure () -> Wrapped? = nil, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) where Value == Wrapped?, Wrapped.RawValue: DefaultsSerializable {
    self.init(
      DefaultsKey(key, default: defaultValue(), store: defaults.defaultsStore, register: registerValue))
  }

  /// An optional ``UserDefaultsConvertible`` value.
  public init<Wrapped: UserDefaultsConvertible>(
    key: DefaultName, defaultValue: @autoclosure () -> Wrapped? = nil, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) where Value == Wrapped? {
    self.init(
      DefaultsKey(
        key, default: defaultValue(), store: defaults.defaultsStore,
        coding: .optional(.userDefaultsConvertible), register: registerValue))
  }
}
