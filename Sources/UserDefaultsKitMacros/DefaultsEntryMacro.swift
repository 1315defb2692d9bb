import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@DefaultsEntry`: one stored `var` (global, static or instance) persisted with its own store.
public enum DefaultsEntryMacro {}

extension DefaultsEntryMacro: PropertyAccessorRole, PropertyPeerRole {
  static func accessors(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [String] {
    accessors(of: variable, attribute: attribute, in: context) { slot, store in "\(slot).value(in: \(store))"
    }
  }

  /// The accessors, with `read` making the getter's expression from the slot and the store: a
  /// compatibility macro may read through a helper of its own.
  static func accessors(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext,
    read: (String, String) -> String
  ) -> [String] {
    guard let (property, placement) = entry(variable, attribute, in: context, diagnose: false) else {
      return []
    }
    let store = storeCall(attribute)
    return placement.accessors(
      initializer: property.initializer != nil,
      get: PersistedProperty.getter(
        property.slotName, checked: property.checksStorable, returning: read(property.slotName, store)),
      oldValue: read(property.slotName, store), set: "\(property.slotName).setValue(newValue, in: \(store))",
      observers: PropertyObservers(of: variable))
  }

  static func peers(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let (property, placement) = entry(variable, attribute, in: context, diagnose: true) else {
      return []
    }
    property.diagnoseUnobservableKey(attribute: attribute, in: context)
    let staticModifier = placement == .staticMember ? "static " : ""
    return ["private \(raw: staticModifier)let \(raw: property.slotName) = \(raw: property.slotInitializer)"]
  }

  /// The property and where it lives, or nil when it cannot be persisted (reported by the role
  /// that passes `diagnose: true`).
  private static func entry(
    _ variable: VariableDeclSyntax, _ attribute: AttributeSyntax, in context: some MacroExpansionContext,
    diagnose: Bool
  ) -> (PersistedProperty, Placement)? {
    guard !attribute.namesSuiteForStore,
      let property = PersistedProperty.decode(
        variable, options: attribute, in: context, emitDiagnostics: diagnose)
    else { return nil }
    let placement = Placement(of: variable, in: context)
    guard placement.isInstance || property.initializer == nil else {
      if diagnose, let initializer = variable.bindings.first?.initializer {
        context.diagnose(
          DefaultsMacroDiagnostic.globalWithInitializer(property.name.text).diagnose(at: initializer))
      }
      return nil
    }
    return (property, placement)
  }

  /// The store of the `store:` argument, as source: a key path names a property of `self`.
  static func storeCall(_ node: AttributeSyntax) -> String {
    guard let store = node.argument("store")?.trimmed, store.is(KeyPathExprSyntax.self) else {
      return StoreArgument.storeCall(node.argument("store")?.trimmed)
    }
    return "UserDefaultsKit._defaultsStore(self[keyPath: \(store)])"
  }
}

/// Where a persisted property lives, which decides the accessors' form.
enum Placement: Equatable {
  case global
  case staticMember
  case instance
  case valueTypeInstance

  init(of variable: VariableDeclSyntax, in context: some MacroExpansionContext) {
    if variable.isStatic {
      self = .staticMember
      return
    }
    guard let container = context.lexicalContext.first else {
      self = .global
      return
    }
    switch container.kind {
    case .structDecl, .enumDecl: self = .valueTypeInstance
    case .classDecl, .actorDecl, .extensionDecl, .protocolDecl: self = .instance
    default: self = .global
    }
  }

  var isInstance: Bool { self == .instance || self == .valueTypeInstance }

  /// `init` (a no-op that keeps the initializer as the default), `get` and `set`, which runs the
  /// property's observers around the write; `oldValue` reads the value for them without checking
  /// the type again (the getter does). Each is source.
  func accessors(
    initializer: Bool, get: String, oldValue: String, set: String, observers: PropertyObservers
  ) -> [String] {
    var accessors: [String] = []
    if initializer, isInstance {
      accessors.append(WrittenAccessor.initializer)
    }
    accessors.append(WrittenAccessor.make("get", body: get))
    let setter = self == .valueTypeInstance ? "nonmutating set" : "set"
    accessors.append(WrittenAccessor.make(setter, body: observers.setterBody(write: set, read: oldValue)))
    return accessors
  }
}
