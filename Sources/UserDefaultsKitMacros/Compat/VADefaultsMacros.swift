import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// VADefaults' property macros (`@UserDefaultsValue`, `@CodableUserDefaultsValue`,
/// `@RawUserDefaultsValue`, and inside `@UserDefaultsData` `@DefaultsValue`, `@CodableDefaultsValue`,
/// `@RawDefaultsValue`), expanded as `@DefaultsEntry` with VADefaults' argument labels and defaults.
public enum VADefaultsValueMacro: PropertyAccessorRole, PropertyPeerRole {
  static func accessors(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    let entry = entryAttribute(for: attribute, variable: variable, in: context)
    if VADefaultsContainer.isObservable(in: context), !variable.isStatic {
      return try ObservableDefaultsEntryMacro.accessors(of: variable, attribute: entry, in: context)
    }
    return try DefaultsEntryMacro.accessors(of: variable, attribute: entry, in: context)
  }

  static func peers(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if VADefaultsContainer.attribute(in: context) != nil, variable.isStatic {
      let name = variable.propertyName ?? ""
      context.diagnose(
        DefaultsMacroDiagnostic.staticInSettingsType(name, macro: "UserDefaultsData").diagnose(
          at: variable.modifiers.first {
            $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
          }
            ?? variable.modifiers.first!))
      return []
    }
    let entry = entryAttribute(for: attribute, variable: variable, in: context)
    return try DefaultsEntryMacro.peers(of: variable, attribute: entry, in: context)
  }
}

extension VADefaultsValueMacro {
  /// The `@DefaultsEntry` attribute that does what VADefaults' attribute says.
  static func entryAttribute(
    for node: AttributeSyntax, variable: VariableDeclSyntax, in context: some MacroExpansionContext
  ) -> AttributeSyntax {
    entryAttribute(
      for: node, variable: variable,
      inContainer: VADefaultsContainer.attribute(in: context) != nil)
  }

  static func entryAttribute(
    for node: AttributeSyntax, variable: VariableDeclSyntax, inContainer: Bool
  ) -> AttributeSyntax {
    let name = node.attributeName.trimmedDescription
    var arguments: [String] = []
    if let key = node.argument("key")?.trimmed {
      arguments.append(key.defaultNameArgument)
    }
    let type = variable.bindings.first?.typeAnnotation?.type.trimmed
    if let value = node.argument("defaultValue")?.trimmed {
      arguments.append("default: \(value)")
    } else if variable.bindings.first?.initializer == nil, let type, !type.isOptional,
      let zero = zeroDefaults[type.trimmedDescription]
    {
      // NB: VADefaults reads these with integer(forKey:), bool(forKey:), double(forKey:) and
      // float(forKey:), which return zero when nothing is stored.
      arguments.append("default: \(zero)")
    }
    if inContainer, !variable.isStatic {
      arguments.append("store: userDefaults")
    } else if let store = node.argument("defaults")?.trimmed {
      arguments.append("store: \(store)")
    }
    // NB: without coders of its own, a Codable property is stored as every API stores its type.
    if name.hasPrefix("Codable"), node.argument("encoder") != nil || node.argument("decoder") != nil {
      arguments.append(
        "encoder: \(node.argument("encoder")?.trimmedDescription ?? "UserDefaultsKit._JSONEncoder()")")
      arguments.append(
        "decoder: \(node.argument("decoder")?.trimmedDescription ?? "UserDefaultsKit._JSONDecoder()")")
    }
    return AttributeSyntax("@DefaultsEntry(\(raw: arguments.joined(separator: ", ")))")
  }

  private static let zeroDefaults = ["Int": "0", "Bool": "false", "Double": "0.0", "Float": "0.0"]
}

/// VADefaults' `@UserDefaultsData` container: a `userDefaults` property, `init(userDefaults:)`,
/// and `@DefaultsValue` on every stored `var` without another VADefaults attribute.
public enum UserDefaultsDataMacro {}

enum VADefaultsContainer {
  static let propertyAttributes = [
    "DefaultsValue", "CodableDefaultsValue", "RawDefaultsValue", "UserDefaultsValue",
    "CodableUserDefaultsValue", "RawUserDefaultsValue",
  ]

  static func attribute(in context: some MacroExpansionContext) -> AttributeSyntax? {
    context.lexicalContext.first?.asProtocol(DeclGroupSyntax.self)?.attributes.lazy
      .compactMap { $0.as(AttributeSyntax.self) }.first { $0.isNamed("UserDefaultsData") }
  }

  /// Whether a `@UserDefaultsData` type is also `@Observable`.
  static func isObservable(_ declaration: some DeclGroupSyntax) -> Bool {
    declaration.attributes.contains { $0.as(AttributeSyntax.self)?.isNamed("Observable") == true }
  }

  /// Whether the container is also `@Observable` (VADefaults' documented combination).
  static func isObservable(in context: some MacroExpansionContext) -> Bool {
    guard attribute(in: context) != nil,
      let container = context.lexicalContext.first?.asProtocol(DeclGroupSyntax.self)
    else { return false }
    return container.attributes.contains { $0.as(AttributeSyntax.self)?.isNamed("Observable") == true }
  }
}

extension UserDefaultsDataMacro: SettingsTypeMemberRole, SettingsTypePropertyAttributeRole,
  SettingsTypeConformanceRole
{
  static let classOnly = false

  static func members(
    of declaration: some DeclGroupSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    let store = attribute.argument("defaults")?.trimmed ?? "UserDefaultsKit._standardUserDefaults"
    let access = declaration.modifiers.contains { $0.name.tokenKind == .keyword(.public) } ? "public " : ""
    var members: [DeclSyntax] = [
      "private let userDefaults: UserDefaultsKit._UserDefaults",
      """
      \(raw: access)init(userDefaults: UserDefaultsKit._UserDefaults = \(store)) {
        self.userDefaults = userDefaults
      }
      """,
    ]
    if VADefaultsContainer.isObservable(declaration) {
      members.append("\(raw: access)var _$userDefaults: UserDefaultsKit._UserDefaults { userDefaults }")
      members.append(
        "\(raw: access)var _$registrar: UserDefaultsKit._ObservationRegistrar { _$observationRegistrar }")
    }
    return members
  }

  static func conformance(of declaration: some DeclGroupSyntax) -> String? {
    VADefaultsContainer.isObservable(declaration) ? "UserDefaultsKitCompat._VADefaultsObservedContainer" : nil
  }

  static func attributes(
    for variable: VariableDeclSyntax, of declaration: some DeclGroupSyntax, attribute: AttributeSyntax,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard !variable.isLet, !variable.isStatic, !variable.isComputed,
      !VADefaultsContainer.propertyAttributes.contains(where: variable.hasAttribute(named:))
    else { return [] }
    guard VADefaultsContainer.isObservable(declaration), variable.hasAttribute(named: "ObservationIgnored")
    else { return ["@DefaultsValue"] }
    // NB: an accessor macro after `@ObservationIgnored` is rejected by the compiler; a property
    // wrapper is not.
    let entry = VADefaultsValueMacro.entryAttribute(
      for: AttributeSyntax("@DefaultsValue"), variable: variable, inContainer: false)
    guard
      let property = PersistedProperty.decode(
        variable, options: entry, in: context, emitDiagnostics: false)
    else { return [] }
    return ["@UserDefaultsKitCompat._VADefaultsObserved(\(property.slotInitializer))"]
  }
}
