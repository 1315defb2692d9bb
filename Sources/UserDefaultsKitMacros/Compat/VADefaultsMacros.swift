import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// VADefaults' property macros (`@UserDefaultsValue`, `@CodableUserDefaultsValue`,
/// `@RawUserDefaultsValue`, and inside a container `@DefaultsValue`, `@CodableDefaultsValue`,
/// `@RawDefaultsValue`), expanded as `@DefaultsEntry` with VADefaults' argument labels, defaults,
/// keys and registration.
public enum VADefaultsValueMacro: PropertyAccessorRole, PropertyPeerRole {
  static func accessors(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [String] {
    let entry = entryAttribute(for: attribute, variable: variable, in: context)
    if VADefaultsContainer.isObservable(in: context), !variable.isStatic {
      return try ObservableDefaultsEntryMacro.accessors(of: variable, attribute: entry, in: context)
    }
    return try DefaultsEntryMacro.accessors(of: variable, attribute: entry, in: context)
  }

  static func peers(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if let container = VADefaultsContainer.attribute(in: context), variable.isStatic,
      VADefaultsContainer.containerPropertyAttributes.contains(attribute.attributeName.trimmedDescription)
    {
      let name = variable.propertyName ?? ""
      context.diagnose(
        DefaultsMacroDiagnostic.staticInSettingsType(name, macro: container.attributeName.trimmedDescription)
          .diagnose(
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
      inContainer: VADefaultsContainer.attribute(in: context) != nil,
      keyPrefix: VADefaultsContainer.keyPrefix(in: context))
  }

  /// - Parameters:
  ///   - inContainer: whether the property reads its container's `userDefaults`.
  ///   - keyPrefix: the container's `keyPrefix:`, which VADefaults puts before the keys that
  ///     `@DefaultsValue` and its kin take from the property's name.
  static func entryAttribute(
    for node: AttributeSyntax, variable: VariableDeclSyntax, inContainer: Bool, keyPrefix: ExprSyntax?
  ) -> AttributeSyntax {
    let name = node.attributeName.trimmedDescription
    var arguments: [String] = []
    if let key = node.argument("key")?.trimmed {
      arguments.append(key.defaultNameArgument)
    } else if let keyPrefix, VADefaultsContainer.containerPropertyAttributes.contains(name),
      let propertyName = variable.propertyName
    {
      let key: ExprSyntax =
        keyPrefix.stringLiteralValue.map { "\(literal: $0 + propertyName)" }
        ?? "\(keyPrefix) + \(literal: propertyName)"
      arguments.append(key.defaultNameArgument)
    }
    let type = variable.bindings.first?.typeAnnotation?.type.trimmed
    let isScalar = type.map { zeroDefaults[$0.trimmedDescription] != nil } ?? false
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
    // NB: VADefaults registers only an Int, Bool, Double or Float default given as `defaultValue:`.
    if !(isScalar && node.argument("defaultValue") != nil) {
      arguments.append("register: false")
    }
    return AttributeSyntax("@DefaultsEntry(\(raw: arguments.joined(separator: ", ")))")
  }

  private static let zeroDefaults = ["Int": "0", "Bool": "false", "Double": "0.0", "Float": "0.0"]
}

/// VADefaults' containers, `@UserDefaultsData` and `@ObservableUserDefaultsData`, as seen from
/// their properties.
enum VADefaultsContainer {
  static let names = ["UserDefaultsData", "ObservableUserDefaultsData"]

  /// The attributes that only a container's properties take: their keys get its `keyPrefix:`,
  /// and a static property cannot have them.
  static let containerPropertyAttributes: Set = ["DefaultsValue", "CodableDefaultsValue", "RawDefaultsValue"]

  static let propertyAttributes =
    Array(containerPropertyAttributes) + [
      "UserDefaultsValue", "CodableUserDefaultsValue", "RawUserDefaultsValue",
    ]

  static func attribute(in context: some MacroExpansionContext) -> AttributeSyntax? {
    guard let container = context.lexicalContext.first?.asProtocol(DeclGroupSyntax.self) else { return nil }
    return attribute(of: container)
  }

  static func attribute(of declaration: some DeclGroupSyntax) -> AttributeSyntax? {
    declaration.attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }.first { attribute in
      names.contains { attribute.isNamed($0) }
    }
  }

  /// The container's `keyPrefix:`, which VADefaults reads on a class only.
  static func keyPrefix(in context: some MacroExpansionContext) -> ExprSyntax? {
    guard let container = context.lexicalContext.first?.as(ClassDeclSyntax.self),
      let prefix = attribute(of: container)?.argument("keyPrefix")?.trimmed,
      prefix.stringLiteralValue != ""
    else { return nil }
    return prefix
  }

  /// Whether a type observes its properties: `@ObservableUserDefaultsData`, or Apple's
  /// `@Observable` (with or without `@UserDefaultsData`).
  static func isObservable(_ declaration: some DeclGroupSyntax) -> Bool {
    declaration.attributes.contains {
      guard let attribute = $0.as(AttributeSyntax.self) else { return false }
      return attribute.isNamed("Observable") || attribute.isNamed("ObservableUserDefaultsData")
    }
  }

  /// Whether the property's type observes it: VADefaults' property macros track their property
  /// in an `@Observable` class too.
  static func isObservable(in context: some MacroExpansionContext) -> Bool {
    guard let container = context.lexicalContext.first?.asProtocol(DeclGroupSyntax.self) else { return false }
    return isObservable(container)
  }

  /// Whether `declaration` is Apple's `@Observable` with `@UserDefaultsData`.
  static func isAppleObservableData(_ declaration: some DeclGroupSyntax) -> Bool {
    declaration.attributes.contains { $0.as(AttributeSyntax.self)?.isNamed("Observable") == true }
      && attribute(of: declaration)?.isNamed("UserDefaultsData") == true
  }

  /// `private let userDefaults` and `init(userDefaults:)`, with the access VADefaults gives it:
  /// that of the type's first modifier (`open` makes it `public`).
  static func storeMembers(of declaration: some DeclGroupSyntax, attribute: AttributeSyntax) -> [DeclSyntax] {
    let store = attribute.argument("defaults")?.trimmed ?? "UserDefaultsKit._standardUserDefaults"
    let access = accessModifier(of: declaration)
    return [
      "private let userDefaults: UserDefaultsKit._UserDefaults",
      """
      \(raw: access)init(userDefaults: UserDefaultsKit._UserDefaults = \(store)) {
        self.userDefaults = userDefaults
      }
      """,
    ]
  }

  /// The access VADefaults gives the members it adds: that of the type's first modifier.
  static func accessModifier(of declaration: some DeclGroupSyntax) -> String {
    switch declaration.modifiers.first?.name.tokenKind {
    case .keyword(.public), .keyword(.open): return "public "
    case .keyword(.fileprivate): return "fileprivate "
    case .keyword(.package): return "package "
    default: return ""
    }
  }

  /// VADefaults ignores `keyPrefix:` on a struct; so does this module, so that values stored under
  /// the unprefixed keys stay readable, and says so.
  static func diagnoseIgnoredPrefix(
    of declaration: some DeclGroupSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) {
    guard !declaration.is(ClassDeclSyntax.self), let prefix = attribute.labeledArgument("keyPrefix"),
      prefix.expression.stringLiteralValue != ""
    else { return }
    context.diagnose(
      DefaultsMacroDiagnostic.vaDefaultsPrefixOnStruct.diagnose(
        at: prefix, fixIts: [FixIt.removeArgument(prefix, message: "Remove 'keyPrefix:'")]))
  }
}

/// VADefaults' `@UserDefaultsData` container: a `userDefaults` property, `init(userDefaults:)`,
/// and `@DefaultsValue` on every stored `var` without another VADefaults attribute.
public enum UserDefaultsDataMacro: SettingsTypeMemberRole, SettingsTypePropertyAttributeRole,
  SettingsTypeConformanceRole
{
  static let classOnly = false

  static func members(
    of declaration: some DeclGroupSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    VADefaultsContainer.diagnoseIgnoredPrefix(of: declaration, attribute: attribute, in: context)
    var members = VADefaultsContainer.storeMembers(of: declaration, attribute: attribute)
    if VADefaultsContainer.isAppleObservableData(declaration) {
      let access = VADefaultsContainer.accessModifier(of: declaration)
      members.append("\(raw: access)var _$userDefaults: UserDefaultsKit._UserDefaults { userDefaults }")
      members.append(
        "\(raw: access)var _$registrar: UserDefaultsKit._ObservationRegistrar { _$observationRegistrar }")
    }
    return members
  }

  static func conformance(of declaration: some DeclGroupSyntax) -> String? {
    VADefaultsContainer.isAppleObservableData(declaration)
      ? "UserDefaultsKitCompatVADefaults._VADefaultsObservedContainer" : nil
  }

  static func attributes(
    for variable: VariableDeclSyntax, of declaration: some DeclGroupSyntax, attribute: AttributeSyntax,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard !variable.isLet, !variable.isStatic, !variable.isComputed,
      !VADefaultsContainer.propertyAttributes.contains(where: variable.hasAttribute(named:))
    else { return [] }
    guard VADefaultsContainer.isAppleObservableData(declaration),
      variable.hasAttribute(named: "ObservationIgnored")
    else { return ["@DefaultsValue"] }
    // NB: an accessor macro after `@ObservationIgnored` is rejected by the compiler; a property
    // wrapper is not.
    let entry = VADefaultsValueMacro.entryAttribute(
      for: AttributeSyntax("@DefaultsValue"), variable: variable, inContainer: false,
      keyPrefix: declaration.is(ClassDeclSyntax.self) ? attribute.argument("keyPrefix")?.trimmed : nil)
    guard
      let property = PersistedProperty.decode(
        variable, options: entry, in: context, emitDiagnostics: false)
    else { return [] }
    // NB: no accessors read this slot, so the type is checked where it is made, at the property.
    let slot = PersistedProperty.read(property.slotInitializer, checked: property.checksStorable)
    return ["@UserDefaultsKitCompatVADefaults._VADefaultsObserved(\(raw: slot))"]
  }
}

/// VADefaults 2's `@ObservableUserDefaultsData`: `@UserDefaultsData` for a class that is
/// observed as Apple's `@Observable` observes one. A stored `var` without an initial value is
/// persisted (`@DefaultsValue`); one with an initial value is an observed in-memory property; one
/// marked `@ObservationIgnored` is left alone.
public enum ObservableUserDefaultsDataMacro: SettingsTypeMemberRole, SettingsTypePropertyAttributeRole,
  SettingsTypeConformanceRole
{
  static let classOnly = true

  static func members(
    of declaration: some DeclGroupSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    VADefaultsContainer.storeMembers(of: declaration, attribute: attribute)
      + ObservationMembers.of(declaration)
  }

  static func conformance(of declaration: some DeclGroupSyntax) -> String? {
    "UserDefaultsKit._Observable"
  }

  static func attributes(
    for variable: VariableDeclSyntax, of declaration: some DeclGroupSyntax, attribute: AttributeSyntax,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    let untouched = ["ObservationIgnored", "ObservationTracked"] + VADefaultsContainer.propertyAttributes
    guard !variable.isLet, !variable.isStatic, !variable.isComputed,
      !untouched.contains(where: variable.hasAttribute(named:))
    else { return [] }
    let hasInitialValue = variable.bindings.first?.initializer != nil
    return hasInitialValue ? ["@UserDefaultsKit._ObservedMemoryProperty"] : ["@DefaultsValue"]
  }
}
