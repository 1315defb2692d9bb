import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// UserDefaultsObservation's `@ObservableUserDefaults`: an Observable class whose stored `var`s
/// live in `UserDefaults` under `ClassName.property` (or `@UserDefaultsProperty(key:)`), in the
/// store that a `@UserDefaultsStore` member names (`.standard` otherwise); `@CloudProperty`
/// properties are synced through the cloud store.
public enum ObservableUserDefaultsMacro: SettingsTypeMemberRole, SettingsTypePropertyAttributeRole,
  SettingsTypeConformanceRole
{
  static let classOnly = true

  static func members(
    of declaration: some DeclGroupSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    ["private let _$observationRegistrar = UserDefaultsKit._ObservationRegistrar()"]
  }

  static func attributes(
    for variable: VariableDeclSyntax, of declaration: some DeclGroupSyntax, attribute: AttributeSyntax,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard declaration.is(ClassDeclSyntax.self), !variable.isLet, !variable.isStatic, !variable.isComputed,
      !["ObservableUserDefaultsIgnored", "UserDefaultsStore", "ObservationIgnored"].contains(
        where: variable.hasAttribute(named:))
    else { return [] }
    // NB: a member macro's lexical context does not show the type's members, so the type's name
    // and its store member travel as arguments.
    let typeName = declaration.as(ClassDeclSyntax.self)?.name.text ?? ""
    let store = declaration.memberBlock.members.lazy.compactMap { $0.decl.as(VariableDeclSyntax.self) }
      .first { $0.hasAttribute(named: "UserDefaultsStore") }?.propertyName
    let storeArgument = store.map { ", store: \"\($0)\"" } ?? ""
    return [
      "@UserDefaultsKitCompat._ObservableUserDefaultsProperty(typeName: \(literal: typeName)\(raw: storeArgument))"
    ]
  }

  static func conformance(of declaration: some DeclGroupSyntax) -> String? {
    "UserDefaultsKit._Observable"
  }
}

/// The accessors and storage of one property of an `@ObservableUserDefaults` class.
public enum ObservableUserDefaultsPropertyMacro: PropertyAccessorRole, PropertyPeerRole {
  static func accessors(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    ObservedAccessors.make(for: variable, slot: .peer, store: storeExpression(attribute))
  }

  static func peers(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let binding = variable.bindings.first, let name = variable.propertyName else { return [] }
    let className = attribute.argument("typeName")?.stringLiteralValue ?? ""
    if let cloud = variable.attribute(named: "CloudProperty") {
      return cloudSlot(cloud, variable: variable, name: name, in: context)
    }
    let options = variable.attribute(named: "UserDefaultsProperty")
    var arguments: [String] = []
    arguments.append(options?.argument("key").map { "\($0.trimmed)" } ?? "\"\(className).\(name)\"")
    if let initializer = binding.initializer?.value.trimmed {
      arguments.append("default: \(initializer)")
    }
    let entry = AttributeSyntax("@DefaultsEntry(\(raw: arguments.joined(separator: ", ")))")
    guard
      let property = PersistedProperty.decode(
        variable, options: entry, in: context, emitDiagnostics: true)
    else { return [] }
    return ["private let \(property.slotName) = \(property.slotInitializer)"]
  }

  /// The slot of a cloud-synced key for a `@CloudProperty(key:userDefaultKey:onStoreServerChange:…)`.
  private static func cloudSlot(
    _ cloud: AttributeSyntax, variable: VariableDeclSyntax, name: String,
    in context: some MacroExpansionContext
  ) -> [DeclSyntax] {
    guard let binding = variable.bindings.first, let defaultValue = binding.initializer?.value.trimmed
    else {
      context.diagnose(
        DefaultsMacroDiagnostic.missingDefault(name).diagnose(
          at: binding(variable),
          fixIts: variable.bindings.first.map { [FixIt.insertInitializer($0, placeholder: "default")] }
            ?? []))
      return []
    }
    let type = binding.typeAnnotation.map { "<\($0.type.trimmed)>" } ?? ""
    let key = cloud.argument("key").map { $0.trimmed.defaultNameArgument } ?? "\"\(name)\""
    let localKey = cloud.argument("userDefaultKey").map { $0.trimmed.defaultNameArgument } ?? key
    func policy(_ label: String, _ fallback: String) -> String {
      cloud.argument(label)?.trimmedDescription ?? fallback
    }
    let policies =
      "UserDefaultsKit.CloudChangePolicies(onServerChange: \(policy("onStoreServerChange", ".cloudValue")), onInitialSync: \(policy("onInitialSyncChange", ".cloudValue")), onAccountChange: \(policy("onAccountChange", ".cachedValue")))"
    return [
      "private let _$\(raw: name) = UserDefaultsKit._DefaultsSlot { UserDefaultsKit.CloudDefaultsKey(\(raw: key), local: UserDefaultsKit.DefaultsKey\(raw: type)(\(raw: localKey), default: \(defaultValue), store: $0), policies: \(raw: policies)) }"
    ]
  }

  private static func binding(_ variable: VariableDeclSyntax) -> Syntax {
    Syntax(variable.bindings.first?.pattern ?? PatternSyntax(IdentifierPatternSyntax(identifier: "_")))
  }

  /// The class's `@UserDefaultsStore` member, or `.standard`.
  static func storeExpression(_ node: AttributeSyntax) -> ExprSyntax {
    guard let store = node.argument("store")?.stringLiteralValue else {
      return "UserDefaultsKit._defaultsStore(.standard)"
    }
    return "UserDefaultsKit._defaultsStore(self.\(raw: store))"
  }
}
