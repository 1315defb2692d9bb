import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The accessors of a property of a `@DefaultsBacked` type.
public enum DefaultsPropertyAccessorMacro: PropertyAccessorRole {
  static func accessors(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let name = variable.propertyName else { return [] }
    let slot = SlotPlacement.settingsType.reference(to: name)
    return Placement(of: variable, in: context).accessors(
      initializer: variable.bindings.first?.initializer != nil,
      get: "\(slot).value(in: defaultsStore)",
      set: "\(slot).setValue(newValue, in: defaultsStore)", observers: PropertyObservers(of: variable))
  }
}

/// The accessors of a property of an `@ObservableDefaults` class.
public enum ObservedDefaultsPropertyAccessorMacro: PropertyAccessorRole {
  static func accessors(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    ObservedAccessors.make(for: variable, slot: .settingsType, store: "defaultsStore")
  }
}

/// Accessors that read and write through a slot as Observation-tracked mutations.
enum ObservedAccessors {
  /// The accessors of a property whose slot is placed as `slot` says.
  static func make(
    for variable: VariableDeclSyntax, slot: SlotPlacement, store: ExprSyntax
  ) -> [AccessorDeclSyntax] {
    guard let name = variable.propertyName else { return [] }
    return make(
      slot: slot.reference(to: name), property: name, store: store,
      initializer: variable.bindings.first?.initializer != nil, observers: PropertyObservers(of: variable))
  }

  static func make(
    slot: ExprSyntax, property: String, store: ExprSyntax, initializer: Bool, observers: PropertyObservers
  ) -> [AccessorDeclSyntax] {
    var accessors: [AccessorDeclSyntax] = []
    if initializer { accessors.append("init(initialValue) {}") }
    accessors.append(
      """
      get {
        \(slot).observedValue(of: self, keyPath: \\.\(raw: property), registrar: _$observationRegistrar, store: \(store))
      }
      """)
    let body = observers.setterBody(write: "\(slot).setValue(newValue, in: \(store))", read: property)
    accessors.append(
      """
      set {
        \(raw: body)
      }
      """)
    return accessors
  }
}

/// An in-memory, Observation-tracked property of an `@ObservableDefaults` class.
public enum ObservedMemoryPropertyMacro: PropertyAccessorRole, PropertyPeerRole {
  static func accessors(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let name = variable.propertyName else { return [] }
    let storage: TokenSyntax = "_$\(raw: name)"
    return [
      """
      @storageRestrictions(initializes: \(storage))
      init(initialValue) { \(storage) = initialValue }
      """,
      """
      get {
        _$observationRegistrar.access(self, keyPath: \\.\(raw: name))
        return \(storage)
      }
      """,
      """
      set {
        \(raw: PropertyObservers(of: variable).setterBody(
          write: "_$observationRegistrar.withMutation(of: self, keyPath: \\.\(name)) { \(storage) = newValue }",
          read: "\(storage)"))
      }
      """,
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
