import Foundation
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// UserDefaultMacro's `@UserDefaultRecord` (inside `@UserDefaultDataStore`) and
/// `@UserDefaultProperty` (standalone), expanded as `@DefaultsEntry`. A non-optional property
/// without a default reads its type's empty value where it has one (UserDefaultMacro would crash
/// on a force unwrap); other types need a default, at compile time.
public enum UserDefaultRecordMacro {}

extension UserDefaultRecordMacro: DefaultsEntryForwarding {}

extension UserDefaultRecordMacro {
  static func entryAttribute(
    for node: AttributeSyntax, variable: VariableDeclSyntax, in context: some MacroExpansionContext
  ) -> AttributeSyntax {
    var arguments: [String] = []
    if let key = node.argument("key")?.trimmed {
      arguments.append(key.defaultNameArgument)
    }
    let binding = variable.bindings.first
    if let value = node.argument("defaultValue")?.trimmed {
      arguments.append("default: \(value)")
    } else if binding?.initializer == nil, let type = binding?.typeAnnotation?.type, !type.isOptional {
      arguments.append("default: UserDefaultsKitCompat._emptyDefault()")
    }
    if node.isNamed("UserDefaultRecord") {
      arguments.append("store: userDefaults")
    } else if let store = node.argument("using")?.trimmed {
      arguments.append("store: \(store)")
    }
    return AttributeSyntax("@DefaultsEntry(\(raw: arguments.joined(separator: ", ")))")
  }
}

/// UserDefaultMacro's `@UserDefaultDataStore`: a `userDefaults` property, `init(userDefaults:)`
/// with the chosen access level and default store, and `@UserDefaultRecord` on every stored `var`.
public enum UserDefaultDataStoreMacro {}

extension UserDefaultDataStoreMacro: MemberMacro {
  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard SettingsTypeExpansion.checkKind(of: declaration, attribute: node, classOnly: false, in: context)
    else { return [] }
    let store = node.argument("using")?.trimmed ?? ".standard"
    let access = node.argument("accessLevel")?.as(MemberAccessExprSyntax.self)?.declName.baseName.text
      .trimmingCharacters(in: ["`"])
    let modifier = access.map { $0 + " " } ?? "internal "
    let existing = Set(
      declaration.memberBlock.members.compactMap {
        $0.decl.as(VariableDeclSyntax.self)?.bindings.first?.pattern.trimmedDescription
      })
    var members: [DeclSyntax] = []
    if !existing.contains("userDefaults") {
      members.append("private let userDefaults: UserDefaultsKit._UserDefaults")
      members.append(
        """
        \(raw: modifier)init(userDefaults: UserDefaultsKit._UserDefaults = \(store)) {
          self.userDefaults = userDefaults
        }
        """)
    }
    return members
  }
}

extension UserDefaultDataStoreMacro: MemberAttributeMacro {
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol, in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard let variable = member.as(VariableDeclSyntax.self), !variable.isLet, !variable.isStatic,
      !variable.isComputed, !variable.hasAttribute(named: "UserDefaultRecord"),
      variable.bindings.first?.pattern.trimmedDescription != "userDefaults"
    else { return [] }
    return ["@UserDefaultRecord"]
  }
}
