import Foundation

// DefaultsWrapper's initializers of its property wrapper: `@Default(key:defaultValue:)` (version 1,
// and deprecated in version 3), `@Defaults(_:value:)` (deprecated in version 3) and
// `@Defaults("key") var x = value` (version 3). Each makes a `DefaultsKey` that stores the type as
// every other API does (`DefaultsCoding.automatic`); `UserDefaultsConvertible` types, which are
// DefaultsWrapper's own, use their conversion. As in DefaultsWrapper, the default is registered only
// while the key has no value, stored or registered: the first registration wins.

extension Default {
  /// DefaultsWrapper 1's name of the type of a default value's autoclosure.
  public typealias DefaultValueProvider = () -> Value
}

extension UserDefaults {
  /// This suite's store, made to know the default that Foundation registered for `key`.
  ///
  /// DefaultsWrapper read every key through `object(forKey:)`, which sees each default registered
  /// in the process. A store knows the defaults registered through it while it lives: a default
  /// that Foundation holds and the store does not (registered through an earlier store of this
  /// suite, or by another suite, which Foundation does not tell apart) is registered with the
  /// store, so that it reads the key as DefaultsWrapper did.
  func defaultsWrapperStore(for key: String) -> UserDefaultsStore {
    let store = UserDefaultsStore.store(for: self)
    if store.read(key) == nil, let registered = object(forKey: key),
      let value = PropertyListValue(foundationObject: registered)
    {
      store.register([key: value])
    }
    return store
  }
}

extension Default {
  /// A DefaultsWrapper declaration: `makeKey` makes its key over the suite's store, registering the
  /// default when told to. As in DefaultsWrapper, a default is registered only while the key has
  /// no value, stored or registered: the first registration wins.
  init(
    declaring key: DefaultName, in defaults: UserDefaults, registerValue: Bool,
    _ makeKey: (_ store: UserDefaultsStore, _ register: Bool) -> DefaultsKey<Value>
  ) {
    let store = defaults.defaultsWrapperStore(for: key.rawValue)
    self.init(makeKey(store, registerValue && store.read(key.rawValue) == nil))
  }
}

extension Default where Value: DefaultsSerializable {
  /// A property stored under `key` in `defaults`, as DefaultsWrapper 1 declares it.
  ///
  /// ```swift
  /// @Default(key: "NumberOfPlayers", defaultValue: 3) var playerCount: Int
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key in the suite.
  ///   - defaultValue: The value read while nothing is stored; evaluated once.
  ///   - defaults: The suite.
  ///   - registerValue: Whether to register the default, which happens only while the key has
  ///     no value, stored or registered.
  public init(
    key: DefaultName, defaultValue: @autoclosure DefaultValueProvider, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) {
    self.init(declaring: key, in: defaults, registerValue: registerValue) {
      DefaultsKey(key, default: defaultValue(), store: $0, register: $1)
    }
  }

  /// DefaultsWrapper 3's deprecated spelling of `init(wrappedValue:_:defaults:registerValue:)`.
  public init(
    _ key: DefaultName, value: @autoclosure DefaultValueProvider, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) {
    self.init(key: key, defaultValue: value(), defaults: defaults, registerValue: registerValue)
  }

  /// A property stored under `key` in `defaults`, as DefaultsWrapper 3 declares it: the
  /// property's initial value is the default.
  ///
  /// ```swift
  /// @Defaults("NumberOfPlayers") var playerCount = 3
  /// ```
  public init(
    wrappedValue: @autoclosure DefaultValueProvider, _ key: DefaultName, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) {
    self.init(key: key, defaultValue: wrappedValue(), defaults: defaults, registerValue: registerValue)
  }
}

extension Default where Value: RawRepresentable, Value.RawValue: PropertyListSerializable {
  /// An enum stored by its raw value.
  @_disfavoredOverload
  public init(
    key: DefaultName, defaultValue: @autoclosure DefaultValueProvider, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) {
    self.init(declaring: key, in: defaults, registerValue: registerValue) {
      DefaultsKey(key, default: defaultValue(), store: $0, register: $1)
    }
  }

  /// An enum stored by its raw value, in DefaultsWrapper 3's deprecated spelling.
  @_disfavoredOverload
  public init(
    _ key: DefaultName, value: @autoclosure DefaultValueProvider, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) {
    self.init(key: key, defaultValue: value(), defaults: defaults, registerValue: registerValue)
  }

  /// An enum stored by its raw value, in DefaultsWrapper 3's spelling.
  @_disfavoredOverload
  public init(
    wrappedValue: @autoclosure DefaultValueProvider, _ key: DefaultName, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) {
    self.init(key: key, defaultValue: wrappedValue(), defaults: defaults, registerValue: registerValue)
  }
}

extension Default where Value: UserDefaultsConvertible {
  /// A `UserDefaultsConvertible` value, stored in its converted form.
  public init(
    key: DefaultName, defaultValue: @autoclosure DefaultValueProvider, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) {
    self.init(declaring: key, in: defaults, registerValue: registerValue) {
      DefaultsKey(key, default: defaultValue(), store: $0, coding: .userDefaultsConvertible, register: $1)
    }
  }

  /// A `UserDefaultsConvertible` value, in DefaultsWrapper 3's deprecated spelling.
  public init(
    _ key: DefaultName, value: @autoclosure DefaultValueProvider, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) {
    self.init(key: key, defaultValue: value(), defaults: defaults, registerValue: registerValue)
  }

  /// A `UserDefaultsConvertible` value, in DefaultsWrapper 3's spelling.
  public init(
    wrappedValue: @autoclosure DefaultValueProvider, _ key: DefaultName, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) {
    self.init(key: key, defaultValue: wrappedValue(), defaults: defaults, registerValue: registerValue)
  }
}

extension Default where Value: UserDefaultsCodable {
  /// A `UserDefaultsCodable` value, stored as JSON data.
  public init(
    key: DefaultName, defaultValue: @autoclosure DefaultValueProvider, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) {
    self.init(declaring: key, in: defaults, registerValue: registerValue) {
      DefaultsKey(key, default: defaultValue(), store: $0, register: $1)
    }
  }

  /// A `UserDefaultsCodable` value, in DefaultsWrapper 3's deprecated spelling.
  public init(
    _ key: DefaultName, value: @autoclosure DefaultValueProvider, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) {
    self.init(key: key, defaultValue: value(), defaults: defaults, registerValue: registerValue)
  }

  /// A `UserDefaultsCodable` value, in DefaultsWrapper 3's spelling.
  public init(
    wrappedValue: @autoclosure DefaultValueProvider, _ key: DefaultName, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) {
    self.init(key: key, defaultValue: wrappedValue(), defaults: defaults, registerValue: registerValue)
  }
}

extension Default where Value == [String: Any] {
  /// A dictionary of property-list objects, which DefaultsWrapper 3 accepts. A dictionary that holds
  /// anything else is not written, and the problem is reported.
  public init(
    key: DefaultName, defaultValue: @autoclosure DefaultValueProvider, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) {
    self.init(declaring: key, in: defaults, registerValue: registerValue) {
      DefaultsKey(key, default: defaultValue(), store: $0, coding: .propertyListDictionary, register: $1)
    }
  }

  /// A dictionary of property-list objects, in DefaultsWrapper 3's deprecated spelling.
  public init(
    _ key: DefaultName, value: @autoclosure DefaultValueProvider, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) {
    self.init(key: key, defaultValue: value(), defaults: defaults, registerValue: registerValue)
  }

  /// A dictionary of property-list objects, in DefaultsWrapper 3's spelling.
  ///
  /// ```swift
  /// @Defaults("Layout") var layout: [String: Any] = ["columns": 2]
  /// ```
  public init(
    wrappedValue: @autoclosure DefaultValueProvider, _ key: DefaultName, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) {
    self.init(key: key, defaultValue: wrappedValue(), defaults: defaults, registerValue: registerValue)
  }
}

// Optionals: they read the stored value, else the default, else `nil`; assigning `nil` removes the
// stored value. A `nil` default is not registered.

extension Default {
  /// An optional property, as DefaultsWrapper 1 declares it: without a default it reads `nil`
  /// while nothing is stored.
  ///
  /// ```swift
  /// @Default(key: "HighScore") var highscore: Double?
  /// ```
  public init<Wrapped: DefaultsSerializable>(
    key: DefaultName, defaultValue: @autoclosure DefaultValueProvider = nil,
    defaults: UserDefaults = .standard, registerValue: Bool = true
  ) where Value == Wrapped? {
    self.init(declaring: key, in: defaults, registerValue: registerValue) {
      DefaultsKey(key, default: defaultValue(), store: $0, register: $1)
    }
  }

  /// An optional property, in DefaultsWrapper 3's deprecated spelling.
  public init<Wrapped: DefaultsSerializable>(
    _ key: DefaultName, value: @autoclosure DefaultValueProvider, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) where Value == Wrapped? {
    self.init(declaring: key, in: defaults, registerValue: registerValue) {
      DefaultsKey(key, default: value(), store: $0, register: $1)
    }
  }

  /// An optional property, as DefaultsWrapper 3 declares it.
  ///
  /// ```swift
  /// @Defaults("HighScore") var highscore: Double?
  /// ```
  public init<Wrapped: DefaultsSerializable>(
    wrappedValue: @autoclosure DefaultValueProvider = nil, _ key: DefaultName,
    defaults: UserDefaults = .standard, registerValue: Bool = true
  ) where Value == Wrapped? {
    self.init(declaring: key, in: defaults, registerValue: registerValue) {
      DefaultsKey(key, default: wrappedValue(), store: $0, register: $1)
    }
  }

  /// An optional enum stored by its raw value.
  @_disfavoredOverload
  public init<Wrapped: RawRepresentable>(
    key: DefaultName, defaultValue: @autoclosure DefaultValueProvider = nil,
    defaults: UserDefaults = .standard, registerValue: Bool = true
  ) where Value == Wrapped?, Wrapped.RawValue: PropertyListSerializable {
    self.init(declaring: key, in: defaults, registerValue: registerValue) {
      DefaultsKey(key, default: defaultValue(), store: $0, register: $1)
    }
  }

  /// An optional enum, in DefaultsWrapper 3's deprecated spelling.
  @_disfavoredOverload
  public init<Wrapped: RawRepresentable>(
    _ key: DefaultName, value: @autoclosure DefaultValueProvider, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) where Value == Wrapped?, Wrapped.RawValue: PropertyListSerializable {
    self.init(declaring: key, in: defaults, registerValue: registerValue) {
      DefaultsKey(key, default: value(), store: $0, register: $1)
    }
  }

  /// An optional enum, in DefaultsWrapper 3's spelling.
  @_disfavoredOverload
  public init<Wrapped: RawRepresentable>(
    wrappedValue: @autoclosure DefaultValueProvider = nil, _ key: DefaultName,
    defaults: UserDefaults = .standard, registerValue: Bool = true
  ) where Value == Wrapped?, Wrapped.RawValue: PropertyListSerializable {
    self.init(declaring: key, in: defaults, registerValue: registerValue) {
      DefaultsKey(key, default: wrappedValue(), store: $0, register: $1)
    }
  }

  /// An optional `UserDefaultsConvertible` value.
  public init<Wrapped: UserDefaultsConvertible>(
    key: DefaultName, defaultValue: @autoclosure DefaultValueProvider = nil,
    defaults: UserDefaults = .standard, registerValue: Bool = true
  ) where Value == Wrapped? {
    self.init(declaring: key, in: defaults, registerValue: registerValue) {
      DefaultsKey(
        key, default: defaultValue(), store: $0, coding: .optional(.userDefaultsConvertible), register: $1)
    }
  }

  /// An optional `UserDefaultsConvertible` value, in DefaultsWrapper 3's deprecated spelling.
  public init<Wrapped: UserDefaultsConvertible>(
    _ key: DefaultName, value: @autoclosure DefaultValueProvider, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) where Value == Wrapped? {
    self.init(declaring: key, in: defaults, registerValue: registerValue) {
      DefaultsKey(key, default: value(), store: $0, coding: .optional(.userDefaultsConvertible), register: $1)
    }
  }

  /// An optional `UserDefaultsConvertible` value, in DefaultsWrapper 3's spelling.
  public init<Wrapped: UserDefaultsConvertible>(
    wrappedValue: @autoclosure DefaultValueProvider = nil, _ key: DefaultName,
    defaults: UserDefaults = .standard, registerValue: Bool = true
  ) where Value == Wrapped? {
    self.init(declaring: key, in: defaults, registerValue: registerValue) {
      DefaultsKey(
        key, default: wrappedValue(), store: $0, coding: .optional(.userDefaultsConvertible), register: $1)
    }
  }

  /// An optional `UserDefaultsCodable` value.
  public init<Wrapped: UserDefaultsCodable>(
    key: DefaultName, defaultValue: @autoclosure DefaultValueProvider = nil,
    defaults: UserDefaults = .standard, registerValue: Bool = true
  ) where Value == Wrapped? {
    self.init(declaring: key, in: defaults, registerValue: registerValue) {
      DefaultsKey(key, default: defaultValue(), store: $0, register: $1)
    }
  }

  /// An optional `UserDefaultsCodable` value, in DefaultsWrapper 3's deprecated spelling.
  public init<Wrapped: UserDefaultsCodable>(
    _ key: DefaultName, value: @autoclosure DefaultValueProvider, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) where Value == Wrapped? {
    self.init(declaring: key, in: defaults, registerValue: registerValue) {
      DefaultsKey(key, default: value(), store: $0, register: $1)
    }
  }

  /// An optional `UserDefaultsCodable` value, in DefaultsWrapper 3's spelling.
  public init<Wrapped: UserDefaultsCodable>(
    wrappedValue: @autoclosure DefaultValueProvider = nil, _ key: DefaultName,
    defaults: UserDefaults = .standard, registerValue: Bool = true
  ) where Value == Wrapped? {
    self.init(declaring: key, in: defaults, registerValue: registerValue) {
      DefaultsKey(key, default: wrappedValue(), store: $0, register: $1)
    }
  }

  /// An optional dictionary of property-list objects.
  public init(
    key: DefaultName, defaultValue: @autoclosure DefaultValueProvider = nil,
    defaults: UserDefaults = .standard, registerValue: Bool = true
  ) where Value == [String: Any]? {
    self.init(declaring: key, in: defaults, registerValue: registerValue) {
      DefaultsKey(
        key, default: defaultValue(), store: $0, coding: .optional(.propertyListDictionary), register: $1)
    }
  }

  /// An optional dictionary of property-list objects, in DefaultsWrapper 3's deprecated spelling.
  public init(
    _ key: DefaultName, value: @autoclosure DefaultValueProvider, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) where Value == [String: Any]? {
    self.init(declaring: key, in: defaults, registerValue: registerValue) {
      DefaultsKey(key, default: value(), store: $0, coding: .optional(.propertyListDictionary), register: $1)
    }
  }

  /// An optional dictionary of property-list objects, in DefaultsWrapper 3's spelling.
  public init(
    wrappedValue: @autoclosure DefaultValueProvider = nil, _ key: DefaultName,
    defaults: UserDefaults = .standard, registerValue: Bool = true
  ) where Value == [String: Any]? {
    self.init(declaring: key, in: defaults, registerValue: registerValue) {
      DefaultsKey(
        key, default: wrappedValue(), store: $0, coding: .optional(.propertyListDictionary), register: $1)
    }
  }
}

extension DefaultsCoding where Value == [String: Any] {
  /// A dictionary of Foundation property-list objects; one that holds anything else is not stored.
  static var propertyListDictionary: Self {
    Self(
      encode: { dictionary in
        guard let stored = PropertyListValue(foundationObject: dictionary) else {
          throw DefaultsError(
            .valueNotStorable,
            detail:
              "\(dictionary) holds a value that is not a property-list value")
        }
        return stored
      },
      decode: { stored in
        guard case .dictionary = stored else { return nil }
        return stored.foundationObject as? [String: Any]
      })
  }
}
