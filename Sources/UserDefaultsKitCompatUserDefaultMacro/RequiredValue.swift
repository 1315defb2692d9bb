import Foundation

// What a non-optional UserDefaultMacro property without a default reads while nothing is stored.
// UserDefaultMacro force-unwraps there; the property is stored as an optional instead, and read
// through one of these.

extension _DefaultsSlot {
  /// The stored value, or the type's empty value. Called by generated code.
  @_documentation(visibility: private)
  public func _requiredValue<Wrapped: DefaultsEmptyValue>(
    in store: @autoclosure () -> any DefaultsStore, property: String
  ) -> Wrapped where Setting == DefaultsKey<Wrapped?> {
    value(in: store()) ?? Wrapped.defaultsEmptyValue
  }

  /// The stored value; read before a value is stored, a stop that names the property and its key.
  /// Called by generated code.
  @_documentation(visibility: private)
  @available(
    *, deprecated,
    message:
      "this property has no default and its type no empty value: reading it before a value is stored stops the app (UserDefaultMacro crashes there too); give it a defaultValue, or make it optional"
  )
  public func _requiredValue<Wrapped>(
    in store: @autoclosure () -> any DefaultsStore, property: String
  ) -> Wrapped where Setting == DefaultsKey<Wrapped?> {
    let store = store()
    guard let value = value(in: store) else {
      fatalError(
        "UserDefaultMacro property '\(property)' was read before a value was stored under '\(setting(in: store).name.rawValue)' in \(store), and it has no default value"
      )
    }
    return value
  }
}
