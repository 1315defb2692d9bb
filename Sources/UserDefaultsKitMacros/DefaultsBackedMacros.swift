import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The member and member-attribute roles shared by the two settings-type macros.
protocol SettingsTypeMacro: MemberMacro, MemberAttributeMacro {
  static var isObservable: Bool { get }
}

extension SettingsTypeMacro {
  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    SettingsTypeExpansion.expansion(of: node, for: declaration, in: context, observable: isObservable)
  }

  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol, in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    SettingsTypeExpansion.memberAttributes(
      of: node, for: declaration, member: member, in: context, observable: isObservable)
  }
}

/// `@DefaultsBacked`: a struct or class whose stored properties are persisted.
public enum DefaultsBackedMacro: SettingsTypeMacro {
  static let isObservable = false
}

/// `@ObservableDefaults`: `@DefaultsBacked` for a class, plus Observation.
public enum ObservableDefaultsMacro: SettingsTypeMacro {
  static let isObservable = true
}

extension ObservableDefaultsMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard !protocols.isEmpty, declaration.is(ClassDeclSyntax.self) else { return [] }
    let availability = declaration.attributes.filter {
      $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "available"
    }
    let extensionDecl: DeclSyntax =
      "\(availability.with(\.trailingTrivia, .newline))extension \(type.trimmed): Observation.Observable {}"
    return [extensionDecl.cast(ExtensionDeclSyntax.self)]
  }
}
