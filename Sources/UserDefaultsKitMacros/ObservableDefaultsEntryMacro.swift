import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@ObservableDefaultsEntry`: a persisted property inside Apple's `@Observable` class.
public enum ObservableDefaultsEntryMacro: PropertyAccessorRole, PropertyPeerRole {
  static func accessors(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [String] {
    accessors(of: variable, use: Use(attribute), in: context)
  }

  static func peers(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    peers(of: variable, use: Use(attribute), in: context)
  }

  /// How a macro uses this expansion: `options` carries the key, default and store (and, from a
  /// compatibility macro, `register: false`); `written` is the attribute in the source, where
  /// diagnostics point, and `macro` its name. A compatibility macro passes its own.
  struct Use {
    var options: AttributeSyntax
    var written: AttributeSyntax
    var macro = "ObservableDefaultsEntry"

    init(_ attribute: AttributeSyntax) {
      options = attribute
      written = attribute
    }
  }

  static func accessors(
    of variable: VariableDeclSyntax, use: Use, in context: some MacroExpansionContext
  ) -> [String] {
    guard let property = instanceProperty(variable, use, in: context, diagnose: false) else { return [] }
    return ObservedAccessors.make(
      slot: SlotPlacement.peer.reference(to: property.name.text), property: property.name.text,
      store: DefaultsEntryMacro.storeCall(use.options), checked: property.checksStorable,
      initializer: property.initializer != nil, observers: PropertyObservers(of: variable))
  }

  static func peers(
    of variable: VariableDeclSyntax, use: Use, in context: some MacroExpansionContext
  ) -> [DeclSyntax] {
    guard let property = instanceProperty(variable, use, in: context, diagnose: true) else { return [] }
    property.diagnoseUnobservableKey(attribute: use.options, in: context)
    checkObservationIgnored(variable, use: use, name: property.name.text, in: context)
    return ["private let \(raw: property.slotName) = \(raw: property.slotInitializer)"]
  }

  /// The property, or nil when it cannot be persisted (reported by the role that passes
  /// `diagnose: true`); a static property cannot, as Observation tracks instances.
  private static func instanceProperty(
    _ variable: VariableDeclSyntax, _ use: Use, in context: some MacroExpansionContext, diagnose: Bool
  ) -> PersistedProperty? {
    guard !use.options.namesSuiteForStore,
      let property = PersistedProperty.decode(
        variable, options: use.options, in: context, emitDiagnostics: diagnose)
    else { return nil }
    guard !variable.isStatic else {
      if diagnose {
        context.diagnose(
          DefaultsMacroDiagnostic.staticInSettingsType(property.name.text, macro: use.macro)
            .diagnose(at: variable.bindingSpecifier))
      }
      return nil
    }
    return property
  }

  /// `@Observable` must leave the property alone, and the compiler must expand this macro's
  /// accessors before it meets `@ObservationIgnored`.
  private static func checkObservationIgnored(
    _ variable: VariableDeclSyntax, use: Use, name: String, in context: some MacroExpansionContext
  ) {
    let attributes = Array(variable.attributes)
    let ownIndex = attributes.firstIndex { $0.as(AttributeSyntax.self)?.isNamed(use.macro) == true }
    let ignoredIndex = attributes.firstIndex {
      $0.as(AttributeSyntax.self)?.isNamed("ObservationIgnored") == true
    }
    guard let ignoredIndex else {
      // NB: on a line of its own when the declaration puts its attributes on lines of their own.
      let ownLine = ownIndex.map { attributes[$0].leadingTrivia } ?? []
      let next = ownIndex.flatMap { attributes.indices.contains($0 + 1) ? attributes[$0 + 1] : nil }
      let nextLeading =
        next?.leadingTrivia ?? variable.modifiers.first?.leadingTrivia
        ?? variable.bindingSpecifier.leadingTrivia
      let onItsOwnLine = nextLeading.contains { $0.isNewline } && ownLine.contains { $0.isNewline }
      let ignored = AttributeListSyntax.Element.attribute(
        AttributeSyntax(
          leadingTrivia: onItsOwnLine ? ownLine : [],
          attributeName: IdentifierTypeSyntax(name: "ObservationIgnored"),
          trailingTrivia: onItsOwnLine ? [] : .space))
      var fixed = attributes
      fixed.insert(ignored, at: (ownIndex ?? -1) + 1)
      context.diagnose(
        DefaultsMacroDiagnostic.observationIgnoredMissing(name, macro: use.macro).diagnose(
          at: use.written,
          fixIts: [reorder(variable, to: fixed, message: "Insert '@ObservationIgnored'")]))
      return
    }
    guard let ownIndex, ignoredIndex < ownIndex else { return }
    var fixed = attributes
    let own = fixed.remove(at: ownIndex)
    // NB: each attribute keeps its place's layout: the two swap their leading trivia.
    fixed.insert(own.with(\.leadingTrivia, attributes[ignoredIndex].leadingTrivia), at: ignoredIndex)
    fixed[ignoredIndex + 1] = fixed[ignoredIndex + 1].with(
      \.leadingTrivia, attributes[ownIndex].leadingTrivia)
    context.diagnose(
      DefaultsMacroDiagnostic.observationIgnoredFirst(name, macro: use.macro).diagnose(
        at: attributes[ignoredIndex],
        fixIts: [reorder(variable, to: fixed, message: "Move '@\(use.macro)' first")]))
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
