import Foundation

/// A property stored in `UserDefaults`, for code that wants no macros.
///
/// ```swift
/// struct Game {
///   @Default(key: "NumberOfPlayers", defaultValue: 3)
///   var playerCount: Int
///
///   @Default(key: "HighScore")
///   var highScore: Double?
/// }
/// ```
///
/// The default value is added to the registration domain unless you pass `registerValue: false`.
/// An optional property with a default never reads `nil`; assigning `nil` removes the stored
/// value. Enums with a storable raw value work without further conformance. The projected value
/// (`$playerCount`) is the underlying ``DefaultsKey``, for observing and resetting.
@propertyWrapper
public struct Default<Value> {
  /// The key, default, store and coding behind the property.
  public let key: DefaultsKey<Value>

  /// Wraps a key declared elsewhere.
  public init(_ key: DefaultsKey<Value>) {
    self.key = key
  }

  public var wrappedValue: Value {
    get { key.value }
    nonmutating set { key.value = newValue }
  }

  public var projectedValue: DefaultsKey<Value> { key }

  private init(
    _ name: DefaultName, _ defaultValue: Value, _ defaults: UserDefaults, _ register: Bool,
    _ coding: DefaultsCoding<Value>
  ) {
    self.init(
      DefaultsKey(
        name, default: defaultValue, store: UserDefaultsStore.store(for: defaults), coding: coding,
        register: register))
  }
}

extension Default: Sendable where Value: Sendable {}

extension Default where Value: DefaultsSerializable {
  /// A property of a storable type.
  ///
  /// - Parameters:
  ///   - key: The key with which to associate the value.
  ///   - defaultValue: The value read when nothing is stored; evaluated once.
  ///   - defaults: The `UserDefaults` object to use; `.standard` unless you say otherwise.
  ///   - registerValue: Whether to add the default value to the registration domain.
  public init(
    key: DefaultName, defaultValue: @autoclosure () -> Value, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) {
    self.init(key, defaultValue(), defaults, registerValue, .serializable)
  }

  /// A property in any ``DefaultsStore``.
  public init(
    key: DefaultName, defaultValue: @autoclosure () -> Value, store: any DefaultsStore,
    registerValue: Bool = true
  ) {
    self.init(
      DefaultsKey(
        key, default: defaultValue(), store: store, coding: .serializable, register: registerValue))
  }
}

extension Default where Value: RawRepresentable, Value.RawValue: DefaultsSerializable {
  /// A property of an enum whose raw value is storable; the raw value is stored.
  public init(
    key: DefaultName, defaultValue: @autoclosure () -> Value, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) {
    self.init(key, defaultValue(), defaults, registerValue, .rawValue)
  }
}

extension Default
where Value: RawRepresentable & DefaultsSerializable, Value.RawValue: DefaultsSerializable {
  // NB: picks the type's own conformance when an enum both has a raw value and conforms.
  public init(
    key: DefaultName, defaultValue: @autoclosure () -> Value, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) {
    self.init(key, defaultValue(), defaults, registerValue, .serializable)
  }
}

extension Default {
  /// An optional property: it reads the stored value, else `defaultValue`, else `nil`; assigning
  /// `nil` removes the stored value.
  public init<Wrapped: DefaultsSerializable>(
    key: DefaultName, defaultValue: @autoclosure () -> Wrapped? = nil,
    defaults: UserDefaults = .standard, registerValue: Bool = true
  ) where Value == Wrapped? {
    self.init(key, defaultValue(), defaults, registerValue, .serializable)
  }

  /// An optional enum property whose raw value is stored.
  public init<Wrapped: RawRepresentable>(
    key: DefaultName, defaultValue: @autoclosure () -> Wrapped? = nil,
    defaults: UserDefaults = .standard, registerValue: Bool = true
  ) where Value == Wrapped?, Wrapped.RawValue: DefaultsSerializable {
    self.init(key, defaultValue(), defaults, registerValue, .optional(.rawValue))
  }

  /// An optional enum that also conforms to ``DefaultsSerializable``.
  public init<Wrapped: RawRepresentable & DefaultsSerializable>(
    key: DefaultName, defaultValue: @autoclosure () -> Wrapped? = nil,
    defaults: UserDefaults = .standard, registerValue: Bool = true
  ) where Value == Wrapped?, Wrapped.RawValue: DefaultsSerializable {
    self.init(key, defaultValue(), defaults, registerValue, .serializable)
  }
}
