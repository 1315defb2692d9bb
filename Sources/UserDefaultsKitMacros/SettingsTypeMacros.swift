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

/// The accessors of a property of a `@DefaultsBacked` type.
public enum DefaultsPropertyAccessorMacro: AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let variable = declaration.as(VariableDeclSyntax.self),
      let name = variable.bindings.first?.pattern.trimmedDescription
    else { return [] }
    let placement = Placement(of: variable, in: context)
    return placement.accessors(
      initializer: variable.bindings.first?.initializer != nil,
      get: "_$\(raw: name).value(in: defaultsStore)",
      set: "_$\(raw: name).setValue(newValue, in: defaultsStore)")
  }
}

extension DefaultsPropertyAccessorMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    SettingsTypeExpansion.slot(for: declaration, in: context)
  }
}

/// The accessors of a property of an `@ObservableDefaults` class.
public enum ObservedDefaultsPropertyAccessorMacro: AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    ObservedAccessors.make(for: declaration, store: "defaultsStore")
  }
}

extension ObservedDefaultsPropertyAccessorMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    SettingsTypeExpansion.slot(for: declaration, in: context)
  }
}

/// Accessors that read and write through a slot as Observation-tracked mutations.
enum ObservedAccessors {
  /// The accessors of a property whose slot is `_$<name>`.
  static func make(for declaration: some DeclSyntaxProtocol, store: ExprSyntax) -> [AccessorDeclSyntax] {
    guard let variable = declaration.as(VariableDeclSyntax.self),
      let name = variable.bindings.first?.pattern.trimmedDescription
    else { return [] }
    return make(
      slot: "_$\(raw: name)", property: name, store: store,
      initializer: variable.bindings.first?.initializer != nil)
  }

  static func make(
    slot: TokenSyntax, property: String, store: ExprSyntax, initializer: Bool
  ) -> [AccessorDeclSyntax] {
    var accessors: [AccessorDeclSyntax] = []
    if initializer { accessors.append("init(initialValue) {}") }
    accessors.append(
      """
      get {
        \(slot).observedValue(of: self, keyPath: \\.\(raw: property), registrar: _$observationRegistrar, store: \(store))
      }
      """)
    accessors.append(
      """
      set {
        \(slot).setValue(newValue, in: \(store))
      }
      """)
    return accessors
  }
}

/// An in-memory, Observation-tracked property of an `@ObservableDefaults` class.
public enum ObservedMemoryPropertyMacro {}

extension ObservedMemoryPropertyMacro: AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let variable = declaration.as(VariableDeclSyntax.self),
      let name = variable.bindings.first?.pattern.trimmedDescription
    else { return [] }
    let storage: TokenSyntax = "_$\(raw: name)"
    return [
      """
      @storageRestrictions(initializes: \(storage))
      init(initialValue) { \(storage) = initialValue }
      """,
      """
      get {
        _$observationRegistrar.access(self, keyPath: \\.\(raw: name))
        return \(storage)
      }
      """,
      """
      set {
        _$observationRegistrar.withMutation(of: self, keyPath: \\.\(raw: name)) { \(storage) = newValue }
      }
      """,
    ]
  }
}

extension ObservedMemoryPropertyMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let variable = declaration.as(VariableDeclSyntax.self),
      let binding = variable.bindings.first,
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    else { return [] }
    let type = binding.typeAnnotation.map { "\($0.trimmed)" } ?? ""
    let initializer = binding.initializer.map { " \($0.trimmed)" } ?? ""
    return ["private var _$\(raw: name)\(raw: type)\(raw: initializer)"]
  }
}

/// `@ObservableDefaultsEntry`: a persisted property inside Apple's `@Observable` class.
public enum ObservableDefaultsEntryMacro {}

extension ObservableDefaultsEntryMacro: AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let variable = declaration.as(VariableDeclSyntax.self), !variable.isStatic,
      let property = PersistedProperty.decode(
        variable, options: node, in: context, emitDiagnostics: false)
    else { return [] }
    return ObservedAccessors.make(
      slot: property.slotName, property: property.name.text,
      store: "UserDefaultsKit._defaultsStore(\(DefaultsEntryMacro.storeExpression(node)))",
      initializer: property.initializer != nil)
  }
}

extension ObservableDefaultsEntryMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let variable = declaration.as(VariableDeclSyntax.self),
      let property = PersistedProperty.decode(
        variable, options: node, in: context, emitDiagnostics: true)
    else { return [] }
    if variable.isStatic {
      context.diagnose(
        DefaultsMacroDiagnostic.staticInSettingsType(
          property.name.text, macro: "ObservableDefaultsEntry"
        ).diagnose(at: variable.bindingSpecifier))
      return []
    }
    if let key = property.keyLiteral, let problem = KeyValidation.problem(with: key) {
      context.diagnose(
        DefaultsMacroDiagnostic.keyNotObservable(key, reason: problem).diagnose(
          at: node.argument(nil).map(Syntax.init) ?? Syntax(node)))
    }
    checkObservationIgnored(variable, attribute: node, name: property.name.text, in: context)
    return ["private let \(property.slotName) = \(property.slotInitializer)"]
  }

  /// `@Observable` must leave the property alone, and the compiler must expand this macro's
  /// accessors before it meets `@ObservationIgnored`.
  private static func checkObservationIgnored(
    _ variable: VariableDeclSyntax, attribute: AttributeSyntax, name: String,
    in context: some MacroExpansionContext
  ) {
    let attributes = Array(variable.attributes)
    let ownIndex = attributes.firstIndex {
      $0.as(AttributeSyntax.self)?.isNamed("ObservableDefaultsEntry") == true
    }
    let ignoredIndex = attributes.firstIndex {
      $0.as(AttributeSyntax.self)?.isNamed("ObservationIgnored") == true
    }
    let ignored = AttributeListSyntax.Element.attribute(
      AttributeSyntax(attributeName: IdentifierTypeSyntax(name: "ObservationIgnored"), trailingTrivia: .space)
    )
    guard let ignoredIndex else {
      var fixed = attributes
      fixed.insert(ignored, at: (ownIndex ?? -1) + 1)
      context.diagnose(
        DefaultsMacroDiagnostic.observationIgnoredMissing(name).diagnose(
          at: attribute,
          fixIts: [reorder(variable, to: fixed, message: "Insert '@ObservationIgnored'")]))
      return
    }
    guard let ownIndex, ignoredIndex < ownIndex else { return }
    var fixed = attributes
    let own = fixed.remove(at: ownIndex)
    fixed.insert(own.with(\.leadingTrivia, attributes[ignoredIndex].leadingTrivia), at: ignoredIndex)
    fixed[ignoredIndex + 1] = fixed[ignoredIndex + 1].with(\.leadingTrivia, [])
    context.diagnose(
      DefaultsMacroDiagnostic.observationIgnoredFirst(name).diagnose(
        at: attributes[ignoredIndex],
        fixIts: [reorder(variable, to: fixed, message: "Move '@ObservableDefaultsEntry' first")]))
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

/// `@DefaultsIgnored` and `@DefaultsProperty`: markers read by the settings-type macros.
public enum DefaultsMarkerMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}
