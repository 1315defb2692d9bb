import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The member and member-attribute roles shared by the two settings-type macros.
protocol SettingsTypeMacro: SettingsTypeMemberRole, SettingsTypePropertyAttributeRole {
  static var isObservable: Bool { get }
}

extension SettingsTypeMacro {
  static var classOnly: Bool { isObservable }

  static func members(
    of declaration: some DeclGroupSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard !attribute.namesSuiteForStore else { return [] }
    if let observable = appleObservable(declaration) {
      context.diagnose(
        DefaultsMacroDiagnostic.observableTwice(
          declaration.typeName ?? "the type", macro: attribute.attributeName.trimmedDescription
        ).diagnose(at: observable, fixIts: [FixIt.remove(observable, from: declaration)]))
      return []
    }
    return SettingsTypeExpansion.members(
      of: attribute, for: declaration, in: context, observable: isObservable)
  }

  static func attributes(
    for variable: VariableDeclSyntax, of declaration: some DeclGroupSyntax, attribute: AttributeSyntax,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard appleObservable(declaration) == nil, !attribute.namesSuiteForStore else { return [] }
    return SettingsTypeExpansion.attributes(
      for: variable, of: declaration, attribute: attribute, in: context, observable: isObservable)
  }

  /// Apple's `@Observable` on the same class: `@ObservableDefaults` leaves the class to it, after
  /// reporting the combination, so that the only error is about the user's code.
  static func appleObservable(_ declaration: some DeclGroupSyntax) -> AttributeSyntax? {
    guard isObservable else { return nil }
    return declaration.attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }.first {
      $0.isNamed("Observable")
    }
  }
}

/// `@DefaultsBacked`: a struct or class whose stored properties are persisted.
public enum DefaultsBackedMacro: SettingsTypeMacro {
  static let isObservable = false
}

/// `@ObservableDefaults`: `@DefaultsBacked` for a class, plus Observation.
public enum ObservableDefaultsMacro: SettingsTypeMacro, SettingsTypeConformanceRole {
  static let isObservable = true

  static func conformance(of declaration: some DeclGroupSyntax) -> String? {
    appleObservable(declaration) == nil ? "UserDefaultsKit._Observable" : nil
  }
}
