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
    SettingsTypeExpansion.members(of: attribute, for: declaration, in: context, observable: isObservable)
  }

  static func attributes(
    for variable: VariableDeclSyntax, of declaration: some DeclGroupSyntax, attribute: AttributeSyntax,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    SettingsTypeExpansion.attributes(
      for: variable, of: declaration, attribute: attribute, in: context, observable: isObservable)
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
    "UserDefaultsKit._Observable"
  }
}
