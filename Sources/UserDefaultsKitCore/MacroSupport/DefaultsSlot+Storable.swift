/// Whether a persisted property's type can be stored, decided where the property is declared.
///
/// Generated getters read through `_storable()`, so that a property of a type the library cannot
/// store is an error at that property. A settings type makes its slots in one object at its closing
/// brace, where an error about a slot's key would point at neither the property nor its type. The
/// overloads admit the types that ``DefaultsKey``'s initializers admit.
extension _DefaultsSlot {
  /// The slot of a ``DefaultsSerializable`` value.
  @inlinable
  public func _storable() -> _DefaultsSlot where Setting.Value: DefaultsSerializable { self }

  /// The slot of a `RawRepresentable` value with a storable raw value.
  @_disfavoredOverload @inlinable
  public func _storable() -> _DefaultsSlot
  where Setting.Value: RawRepresentable, Setting.Value.RawValue: DefaultsSerializable { self }

  /// The slot of a `Codable` value.
  @_disfavoredOverload @inlinable
  public func _storable() -> _DefaultsSlot where Setting.Value: Codable { self }

  /// The slot of a `RawRepresentable` and `Codable` value with a storable raw value.
  @_disfavoredOverload @inlinable
  public func _storable() -> _DefaultsSlot
  where Setting.Value: RawRepresentable & Codable, Setting.Value.RawValue: DefaultsSerializable { self }

  /// The slot of an optional `RawRepresentable` value.
  @_disfavoredOverload @inlinable
  public func _storable<Wrapped: RawRepresentable>() -> _DefaultsSlot
  where Setting.Value == Wrapped?, Wrapped.RawValue: DefaultsSerializable { self }

  /// The slot of an optional `RawRepresentable` and `Codable` value.
  @_disfavoredOverload @inlinable
  public func _storable<Wrapped: RawRepresentable & Codable>() -> _DefaultsSlot
  where Setting.Value == Wrapped?, Wrapped.RawValue: DefaultsSerializable { self }

  /// A property of a type that cannot be stored.
  @_disfavoredOverload
  @available(
    *, unavailable,
    message:
      "the type of this property cannot be stored: conform it to DefaultsSerializable (or DefaultsConvertible), make it Codable, or make it RawRepresentable with a storable raw value"
  )
  public func _storable() -> _DefaultsSlot { self }
}

extension _DefaultsSlot {
  /// The slot of a property whose getter checks its type with `_storable()`: its key is made in
  /// the store of its first use, stored as ``DefaultsCoding/automatic`` decides. No overloads to
  /// choose from, so that the type is checked once, at the property.
  ///
  /// - Parameters:
  ///   - name: The key in the store.
  ///   - defaultValue: The property's default, evaluated when the key is made.
  ///   - previously: Earlier names of the setting, whose stored value moves to `name`.
  ///   - migrations: How to read what earlier versions stored.
  ///   - register: Whether to register the default with the store.
  public convenience init<Value>(
    _ name: DefaultName, default defaultValue: @autoclosure @escaping () -> Value,
    previously: [DefaultName] = [], migrations: [DefaultsMigration<Value>] = [], register: Bool = true
  ) where Setting == DefaultsKey<Value> {
    self.init { store in
      DefaultsKey(automatic: name, defaultValue(), store, previously, migrations, register)
    }
  }
}
