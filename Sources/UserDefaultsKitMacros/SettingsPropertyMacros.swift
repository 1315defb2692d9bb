import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The accessors of a property of a `@DefaultsBacked` type.
public enum DefaultsPropertyAccessorMacro: PropertyAccessorRole {
  static func accessors(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [String] {
    guard let name = variable.propertyName else { return [] }
    let slot = SlotPlacement.settingsType.reference(to: name)
    return Placement(of: variable, in: context).accessors(
      initializer: variable.bindings.first?.initializer != nil,
      get: PersistedProperty.getter(slot, checked: true, returning: "\(slot).value(in: defaultsStore)"),
      oldValue: "\(slot).value(in: defaultsStore)", set: "\(slot).setValue(newValue, in: defaultsStore)",
      observers: PropertyObservers(of: variable))
  }
}

/// The accessors of a property of an `@ObservableDefaults` class.
public enum ObservedDefaultsPropertyAccessorMacro: PropertyAccessorRole {
  static func accessors(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [String] {
    ObservedAccessors.make(for: variable, slot: .settingsType, store: "defaultsStore", checked: true)
  }
}

/// Accessors that read and write through a slot as Observation-tracked mutations.
enum ObservedAccessors {
  /// The accessors of a property whose slot is placed as `slot` says; `store` is source; `checked`
  /// says whether the getter checks the type (see `PersistedProperty.getter(_:checked:returning:)`).
  static func make(
    for variable: VariableDeclSyntax, slot: SlotPlacement, store: String, checked: Bool
  ) -> [String] {
    guard let name = variable.propertyName else { return [] }
    return make(
      slot: slot.reference(to: name), property: name, store: store, checked: checked,
      initializer: variable.bindings.first?.initializer != nil, observers: PropertyObservers(of: variable))
  }

  static func make(
    slot: String, property: String, store: String, checked: Bool, initializer: Bool,
    observers: PropertyObservers
  ) -> [String] {
    var accessors: [String] = []
    if initializer { accessors.append(WrittenAccessor.initializer) }
    accessors.append(
      WrittenAccessor.make(
        "get",
        body: PersistedProperty.getter(
          slot, checked: checked,
          returning:
            "\(slot).observedValue(of: self, keyPath: \\.\(property), registrar: _$observationRegistrar, store: \(store))"
        )))
    let body = observers.setterBody(write: "\(slot).setValue(newValue, in: \(store))", read: property)
    accessors.append(WrittenAccessor.make("set", body: body))
    return accessors
  }
}

/// An in-memory, Observation-tracked property of an `@ObservableDefaults` class.
public enum ObservedMemoryPropertyMacro: PropertyAccessorRole, PropertyPeerRole {
  static func accessors(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [String] {
    guard let name = variable.propertyName else { return [] }
    let storage = "_$" + name
    return [
      """
      @storageRestrictions(initializes: \(storage))
      init(initialValue) { \(storage) = initialValue }
      """,
      WrittenAccessor.make(
        "get", body: "_$observationRegistrar.access(self, keyPath: \\.\(name))\nreturn \(storage)"),
      WrittenAccessor.make(
        "set",
        body: PropertyObservers(of: variable).setterBody(
          write:
            "_$observationRegistrar.withMutation(of: self, keyPath: \\.\(name)) { \(storage) = newValue }",
          read: storage)),
    ]
  }

  static func peers(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let binding = variable.bindings.first, let name = variable.propertyName else { return [] }
    let type = binding.typeAnnotation.map { "\($0.trimmed)" } ?? ""
    let initializer = binding.initializer.map { " \($0.trimmed)" } ?? ""
    return ["private var _$\(raw: name)\(raw: type)\(raw: initializer)"]
  }
}
