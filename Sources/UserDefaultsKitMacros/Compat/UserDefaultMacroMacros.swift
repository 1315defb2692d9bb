import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// UserDefaultMacro's `@UserDefaultRecord` (inside `@UserDefaultDataStore`) and
/// `@UserDefaultProperty` (standalone), expanded as `@DefaultsEntry`.
///
/// A non-optional property without a default is stored as an optional and read through
/// `_requiredValue`: its type's empty value where it has one (UserDefaultMacro reads 0 or `false`
/// for numbers and crashes for the rest), a clear stop that names the property otherwise, which a
/// deprecation warning announces at compile time.
public enum UserDefaultRecordMacro: PropertyAccessorRole, PropertyPeerRole {
  static func accessors(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [String] {
    let entry = entryAttribute(for: attribute, variable: variable)
    guard let stored = requiredStorage(of: variable, attribute: attribute) else {
      return try DefaultsEntryMacro.accessors(of: variable, attribute: entry, in: context)
    }
    let name = variable.propertyName ?? ""
    return DefaultsEntryMacro.accessors(of: stored, attribute: entry, in: context) { slot, store in
      "\(slot)._requiredValue(in: \(store), property: \(StringLiteralExprSyntax(content: name)))"
    }
  }

  static func peers(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    let entry = entryAttribute(for: attribute, variable: variable)
    return try DefaultsEntryMacro.peers(
      of: requiredStorage(of: variable, attribute: attribute) ?? variable, attribute: entry, in: context)
  }

  /// The property as it is stored when it has no default and its type is not optional: the same
  /// declaration with an optional type.
  private static func requiredStorage(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax
  ) -> VariableDeclSyntax? {
    guard attribute.argument("defaultValue") == nil, var binding = variable.bindings.first,
      binding.initializer == nil, let type = binding.typeAnnotation?.type, !type.isOptional
    else { return nil }
    binding.typeAnnotation?.type = TypeSyntax(OptionalTypeSyntax(wrappedType: type.trimmed))
    return variable.with(\.bindings, [binding])
  }

  /// The `@DefaultsEntry` attribute that does what UserDefaultMacro's attribute says.
  static func entryAttribute(for node: AttributeSyntax, variable: VariableDeclSyntax) -> AttributeSyntax {
    var arguments: [String] = []
    if let key = node.argument("key")?.trimmed {
      arguments.append(key.defaultNameArgument)
    }
    if let value = node.argument("defaultValue")?.trimmed {
      arguments.append("default: \(value)")
    }
    if node.isNamed("UserDefaultRecord") {
      arguments.append("store: userDefaults")
    } else if let store = node.argument("using")?.trimmed {
      arguments.append("store: \(store)")
    }
    if let coding = node.argument("coding")?.trimmed {
      arguments.append("coding: UserDefaultsKitCompatUserDefaultMacro._coding(\(coding))")
    }
    if !registersDefault(node, variable) {
      arguments.append("register: false")
    }
    return AttributeSyntax("@DefaultsEntry(\(raw: arguments.joined(separator: ", ")))")
  }

  /// UserDefaultMacro registers a default written as `defaultValue:` of a property-list type
  /// without `coding:` (`@UserDefaultDataStore`'s initializer registers its records' defaults).
  static func registersDefault(_ node: AttributeSyntax, _ variable: VariableDeclSyntax) -> Bool {
    guard node.argument("defaultValue") != nil, node.argument("coding") == nil,
      let type = variable.bindings.first?.typeAnnotation?.type
    else { return false }
    return isPropertyList(type)
  }

  private static func isPropertyList(_ type: TypeSyntax) -> Bool {
    if let array = type.as(ArrayTypeSyntax.self) { return isPropertyList(array.element) }
    if let dictionary = type.as(DictionaryTypeSyntax.self) {
      return dictionary.key.trimmedDescription == "String" && isPropertyList(dictionary.value)
    }
    return propertyListTypes.contains(type.trimmedDescription)
  }

  private static let propertyListTypes: Set = [
    "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    "Double", "Float", "String", "Data", "Date", "URL",
  ]
}

/// UserDefaultMacro's `@UserDefaultDataStore`: a `userDefaults` property, `init(userDefaults:)`
/// with the chosen access level and default store, which registers the records' defaults as
/// UserDefaultMacro's does, and `@UserDefaultRecord` on every stored `var`.
public enum UserDefaultDataStoreMacro: SettingsTypeMemberRole, SettingsTypePropertyAttributeRole {
  static let classOnly = false

  static func members(
    of declaration: some DeclGroupSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    let store = attribute.argument("using")?.trimmed ?? "UserDefaultsKit._standardUserDefaults"
    let access = attribute.argument("accessLevel")?.as(MemberAccessExprSyntax.self)?.declName.baseName.text
      .trimmingCharacters(in: ["`"])
    // NB: UserDefaultMacro writes `open init`, which Swift rejects; an open type's init is public.
    let modifier = access.map { ($0 == "open" ? "public" : $0) + " " } ?? "internal "
    let variables = declaration.memberBlock.members.compactMap { $0.decl.as(VariableDeclSyntax.self) }
    guard !variables.contains(where: { $0.propertyName == "userDefaults" }) else { return [] }
    let registered = variables.filter { variable in
      guard
        let record = variable.attributes.lazy.compactMap({ $0.as(AttributeSyntax.self) })
          .first(where: { $0.isNamed("UserDefaultRecord") })
      else { return false }
      return UserDefaultRecordMacro.registersDefault(record, variable)
    }
    let registrations = registered.compactMap(\.propertyName).map {
      "\n  _ = _$\($0).setting(in: UserDefaultsKit._defaultsStore(userDefaults))"
    }
    return [
      "private let userDefaults: UserDefaultsKit._UserDefaults",
      """
      \(raw: modifier)init(userDefaults: UserDefaultsKit._UserDefaults = \(store)) {
        self.userDefaults = userDefaults\(raw: registrations.joined())
      }
      """,
    ]
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
