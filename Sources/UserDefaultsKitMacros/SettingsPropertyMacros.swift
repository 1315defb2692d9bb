import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The accessors of a property of a `@DefaultsBacked` type.
public enum DefaultsPropertyAccessorMacro: PropertyAccessorRole, SettingsPropertySlotRole {
  static func accessors(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let name = variable.propertyName else { return [] }
    return Placement(of: variable, in: context).accessors(
      initializer: variable.bindings.first?.initializer != nil,
      get: "_$\(raw: name).value(in: defaultsStore)",
      set: "_$\(raw: name).setValue(newValue, in: defaultsStore)", observers: PropertyObservers(of: variable))
  }
}

/// The accessors of a property of an `@ObservableDefaults` class.
public enum ObservedDefaultsPropertyAccessorMacro: PropertyAccessorRole, SettingsPropertySlotRole {
  static func accessors(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    ObservedAccessors.make(for: variable, store: "defaultsStore")
  }
}

/// The storage of one persisted property of a settings type, declared next to it (a member macro
/// may only introduce names derived from the type's own name).
protocol SettingsPropertySlotRole: PropertyPeerRole {}

extension SettingsPropertySlotRole {
  static func peers(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    SettingsTypeExpansion.slot(for: variable, in: context)
  }
}

/// Accessors that read and write through a slot as Observation-tracked mutations.
enum ObservedAccessors {
  /// The accessors of a property whose slot is `_$<name>`.
  static func make(for variable: VariableDeclSyntax, store: ExprSyntax) -> [AccessorDeclSyntax] {
    guard let name = variable.propertyName else { return [] }
    return make(
      slot: "_$\(raw: name)", property: name, store: store,
      initializer: variable.bindings.first?.initializer != nil, observers: PropertyObservers(of: variable))
  }

  static func make(
    slot: TokenSyntax, property: String, store: ExprSyntax, initializer: Bool, observers: PropertyObservers
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
