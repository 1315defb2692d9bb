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
public enum UserDefaultDataStoreMacro: SettingsTypeMemberRole, SettingsTypePropertyAttributeRole {
  static let classOnly = false

  static func members(
    of declaration: some DeclGroupSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    let store = attribute.argument("using")?.trimmed ?? "UserDefaultsKit._standardUserDefaults"
    let access = attribute.argument("accessLevel")?.as(MemberAccessExprSyntax.self)?.declName.baseName.text
      .trimmingCharacters(in: ["`"])
    let modifier = access.map { $0 + " " } ?? "internal "
    let existing = Set(
      declaration.memberBlock.members.compactMap {
        $0.decl.as(VariableDeclSyntax.self)?.propertyName
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

  static func attributes(
    for variable: VariableDeclSyntax, of declaration: some DeclGroupSyntax, attribute: AttributeSyntax,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard !variable.isLet, !variable.isStatic, !variable.isComputed,
      !variable.hasAttribute(named: "UserDefaultRecord"),
      variable.propertyName != "userDefaults"
    else { return [] }
    return ["@UserDefaultRecord"]
  }
}
