import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@ObservableDefaultsEntry`: a persisted property inside Apple's `@Observable` class.
public enum ObservableDefaultsEntryMacro: PropertyAccessorRole, PropertyPeerRole {
  static func accessors(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let property = instanceProperty(variable, attribute, in: context, diagnose: false) else {
      return []
    }
    return ObservedAccessors.make(
      slot: SlotPlacement.peer.reference(to: property.name.text), property: property.name.text,
      store: StoreArgument.storeCall(DefaultsEntryMacro.storeExpression(attribute)),
      initializer: property.initializer != nil, observers: PropertyObservers(of: variable))
  }

  static func peers(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let property = instanceProperty(variable, attribute, in: context, diagnose: true) else { return [] }
    property.diagnoseUnobservableKey(attribute: attribute, in: context)
    checkObservationIgnored(variable, attribute: attribute, name: property.name.text, in: context)
    return ["private let \(property.slotName) = \(property.slotInitializer)"]
  }

  /// The property, or nil when it cannot be persisted (reported by the role that passes
  /// `diagnose: true`); a static property cannot, as Observation tracks instances.
  private static func instanceProperty(
    _ variable: VariableDeclSyntax, _ attribute: AttributeSyntax, in context: some MacroExpansionContext,
    diagnose: Bool
  ) -> PersistedProperty? {
    guard !attribute.namesSuiteForStore,
      let property = PersistedProperty.decode(
        variable, options: attribute, in: context, emitDiagnostics: diagnose)
    else { return nil }
    guard !variable.isStatic else {
      if diagnose {
        context.diagnose(
          DefaultsMacroDiagnostic.staticInSettingsType(property.name.text, macro: "ObservableDefaultsEntry")
            .diagnose(at: variable.bindingSpecifier))
      }
      return nil
    }
    return property
  }

  /// `@Observable` must leave the property alone, and the compiler must expand this macro's
  /// accessors before it meets `@ObservationIgnored`.
  private static func checkObservationIgnored(
    _ variable: VariableDeclSyntax, attribute: AttributeSyntax, name: String,
    in context: some MacroExpansionContext
  ) {
    let attributes = Array(variable.attributes)
    let ownIndex = attributes.firstIndex {
      $0.as(AttributeSyntax.self)?.isNamed("ObservableDefaultsEntry") == true
    }
    let ignoredIndex = attributes.firstIndex {
      $0.as(AttributeSyntax.self)?.isNamed("ObservationIgnored") == true
    }
    let ignored = AttributeListSyntax.Element.attribute(
      AttributeSyntax(attributeName: IdentifierTypeSyntax(name: "ObservationIgnored"), trailingTrivia: .space)
    )
    guard let ignoredIndex else {
      var fixed = attributes
      fixed.insert(ignored, at: (ownIndex ?? -1) + 1)
      context.diagnose(
        DefaultsMacroDiagnostic.observationIgnoredMissing(name).diagnose(
          at: attribute,
          fixIts: [reorder(variable, to: fixed, message: "Insert '@ObservationIgnored'")]))
      return
    }
    guard let ownIndex, ignoredIndex < ownIndex else { return }
    var fixed = attributes
    let own = fixed.remove(at: ownIndex)
    fixed.insert(own.with(\.leadingTrivia, attributes[ignoredIndex].leadingTrivia), at: ignoredIndex)
    fixed[ignoredIndex + 1] = fixed[ignoredIndex + 1].with(\.leadingTrivia, [])
    context.diagnose(
      DefaultsMacroDiagnostic.observationIgnoredFirst(name).diagnose(
        at: attributes[ignoredIndex],
        fixIts: [reorder(variable, to: fixed, message: "Move '@ObservableDefaultsEntry' first")]))
  }

  private static func reorder(
    _ variable: VariableDeclSyntax, to attributes: [AttributeListSyntax.Element], message: String
  ) -> FixIt {
    FixIt(
      message: DefaultsFixItMessage(message: message),
      changes: [
        .replace(
          oldNode: Syntax(variable.attributes),
          newNode: Syntax(AttributeListSyntax(attributes)))
      ])
  }
}
