import Foundation
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The shared expansion of `@DefaultsBacked` and `@ObservableDefaults`: a store property, an
/// `init(store:)` that binds every persisted property (registering its default), reset helpers,
/// and an attribute on each stored `var` that turns it into a persisted property.
enum SettingsTypeExpansion {
  struct Members {
    var persisted: [PersistedProperty] = []
  }

  /// Parses the members; with `emitDiagnostics`, reports every misuse once.
  static func members(
    of declaration: some DeclGroupSyntax, attribute: AttributeSyntax,
    in context: some MacroExpansionContext, emitDiagnostics: Bool
  ) -> Members {
    var members = Members()
    var keys: [String: String] = [:]
    let prefix = KeyPrefix(attribute.argument("prefix"))
    if emitDiagnostics, case .literal(let text) = prefix, let problem = KeyValidation.problem(with: text),
      let prefixArgument = attribute.argument("prefix")
    {
      context.diagnose(
        DefaultsMacroDiagnostic.keyNotObservable(text, reason: problem).diagnose(at: prefixArgument))
    }
    for member in declaration.memberBlock.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
      let options = variable.attribute(named: "DefaultsProperty")
      let name = variable.propertyName ?? ""
      switch role(of: variable) {
      case .tracked:
        if emitDiagnostics { checkIgnored(variable, name: name, in: context) }
        continue
      case .untouched:
        guard emitDiagnostics else { continue }
        if variable.hasAttribute(named: "DefaultsIgnored") {
          checkIgnored(variable, name: name, in: context)
        } else if variable.isComputed, options != nil {
          context.diagnose(
            DefaultsMacroDiagnostic.computedProperty(name).diagnose(at: variable.bindings))
        } else if variable.isStatic, !variable.isComputed, !variable.isLet,
          !variable.hasAttribute(named: "ObservationIgnored")
        {
          context.diagnose(
            DefaultsMacroDiagnostic.staticInSettingsType(
              name, macro: attribute.attributeName.trimmedDescription
            )
            .diagnose(at: variable.bindingSpecifier, fixIts: [FixIt.mark(variable, with: "DefaultsIgnored")]))
        }
        continue
      case .persisted:
        break
      }
      guard
        let property = PersistedProperty.decode(
          variable, options: options, keyPrefix: prefix, in: context, emitDiagnostics: emitDiagnostics)
      else { continue }
      if let key = property.keyLiteral, emitDiagnostics {
        let keyNode = options?.argument(nil).map(Syntax.init) ?? Syntax(property.declaration.bindings)
        if let first = keys[key] {
          context.diagnose(
            DefaultsMacroDiagnostic.duplicateKey(key, firstProperty: first).diagnose(at: keyNode))
        } else if let problem = KeyValidation.problem(
          with: options?.argument(nil) == nil ? property.name.text : key)
        {
          context.diagnose(
            DefaultsMacroDiagnostic.keyNotObservable(key, reason: problem).diagnose(at: keyNode))
        }
        keys[key] = keys[key] ?? property.name.text
      }
      members.persisted.append(property)
    }
    if emitDiagnostics {
      diagnoseAssignments(
        in: declaration, to: Set(members.persisted.map(\.name.text)),
        macro: attribute.attributeName.trimmedDescription, in: context)
    }
    return members
  }

  /// Reports each assignment to a persisted property in an initializer of the type: it would write
  /// to the store every time an instance is made.
  private static func diagnoseAssignments(
    in declaration: some DeclGroupSyntax, to persisted: Set<String>, macro: String,
    in context: some MacroExpansionContext
  ) {
    guard !persisted.isEmpty else { return }
    for member in declaration.memberBlock.members {
      guard let body = member.decl.as(InitializerDeclSyntax.self)?.body else { continue }
      let finder = AssignmentFinder(names: persisted)
      finder.walk(body)
      for (name, node) in finder.assignments {
        context.diagnose(DefaultsMacroDiagnostic.assignedInInitializer(name, macro: macro).diagnose(at: node))
      }
    }
  }

  /// What a settings type does with one of its properties.
  enum MemberRole {
    /// Stored in the store.
    case persisted
    /// Kept in memory and, in an observable class, tracked (`@DefaultsIgnored`).
    case tracked
    /// Left as written: computed, static, or marked `@ObservationIgnored`.
    case untouched
  }

  /// The role of a property, decided from the property alone: the member-attribute role runs once
  /// per member, so reading the whole type there would make compile time grow with the square of
  /// the number of properties.
  static func role(of variable: VariableDeclSyntax) -> MemberRole {
    let isStored = !variable.isStatic && !variable.isComputed
    if variable.hasAttribute(named: "DefaultsIgnored") {
      return isStored && !variable.isLet && !variable.hasAttribute(named: "ObservationIgnored")
        ? .tracked : .untouched
    }
    return isStored && !variable.hasAttribute(named: "ObservationIgnored") ? .persisted : .untouched
  }

  private static func checkIgnored(
    _ variable: VariableDeclSyntax, name: String, in context: some MacroExpansionContext
  ) {
    guard !variable.isStatic, !variable.isComputed, let binding = variable.bindings.first,
      binding.initializer == nil, binding.typeAnnotation?.type.isOptional != true || variable.isLet
    else { return }
    let fixIt = FixIt.insertInitializer(binding, placeholder: "value")
    context.diagnose(
      DefaultsMacroDiagnostic.ignoredWithoutInitialValue(name).diagnose(
        at: binding.pattern, fixIts: [fixIt]))
  }

  /// Rejects what cannot hold persisted properties; returns false after a diagnostic.
  static func checkKind(
    of declaration: some DeclGroupSyntax, attribute: AttributeSyntax, classOnly: Bool,
    in context: some MacroExpansionContext
  ) -> Bool {
    let macro = attribute.attributeName.trimmedDescription
    let kind = Syntax(declaration).kind
    if kind == .structDecl, classOnly {
      context.diagnose(
        DefaultsMacroDiagnostic.observableNeedsClass(macro: macro).diagnose(
          at: declaration.keywordToken))
      return false
    }
    guard kind == .structDecl || kind == .classDecl else {
      context.diagnose(
        DefaultsMacroDiagnostic.notAStructOrClass(macro: macro, kind: declaration.kindDescription)
          .diagnose(at: declaration.keywordToken))
      return false
    }
    return true
  }

  /// The generated members of a struct or class.
  static func members(
    of attribute: AttributeSyntax, for declaration: some DeclGroupSyntax,
    in context: some MacroExpansionContext, observable: Bool
  ) -> [DeclSyntax] {
    let members = members(of: declaration, attribute: attribute, in: context, emitDiagnostics: true)
    let isClass = declaration.is(ClassDeclSyntax.self)
    let access = accessModifier(attribute, of: declaration)
    let store = StoreArgument.storeCall(attribute.argument("store")?.trimmed)
    let existing = Set(
      declaration.memberBlock.members.compactMap {
        $0.decl.as(VariableDeclSyntax.self)?.propertyName
      })

    var decls: [DeclSyntax] = []
    let setStore: String
    if existing.contains("defaultsStore") {
      setStore = "self.defaultsStore = store"
    } else {
      setStore = "_$defaultsStore.store = store"
      decls.append("private let _$defaultsStore = UserDefaultsKit._DefaultsStoreReference(\(raw: store))")
      decls.append(
        """
        /// The store that holds the persisted properties.
        \(raw: access)var defaultsStore: any UserDefaultsKit.DefaultsStore {
          _$defaultsStore.store
        }
        """)
    }
    if observable {
      decls.append("private let _$observationRegistrar = UserDefaultsKit._ObservationRegistrar()")
    }
    decls += slotObject(for: members.persisted, typeReference: typeReference(declaration))
    let bind = members.persisted.isEmpty ? "" : "\n  _$slots.bind(to: store)"
    decls.append(
      """
      \(raw: access)init(store: any UserDefaultsKit.DefaultsStore = \(raw: store)) {
        \(raw: setStore)\(raw: bind)
      }
      """)
    decls.append(
      """
      \(raw: access)\(raw: isClass ? "convenience " : "")init(store userDefaults: UserDefaultsKit._UserDefaults) {
        self.init(store: UserDefaultsKit.UserDefaultsStore.store(for: userDefaults))
      }
      """)
    let reset = members.persisted.isEmpty ? "" : "\n    try _$slots.reset(in: defaultsStore)"
    decls.append(
      """
      /// Removes every persisted value in one atomic update, so that each property reads its default
      /// again; throws why it could not (see `DefaultsStore.update(_:)`).
      \(raw: access)func resetToDefaults() throws {
        try defaultsStore.update {\(raw: reset)
        }
      }
      """)
    decls.append(
      """
      /// Changes several persisted properties in one atomic write: `body` reads the latest stored
      /// values, and no other write to the store comes in between. Throws `body`'s error or why the
      /// write failed (see `DefaultsStore.update(_:)`).
      \(raw: access)func updateDefaults<R>(_ body: (\(raw: typeReference(declaration))) throws -> R) throws -> R {
        try defaultsStore.update {
          try body(self)
        }
      }
      """)
    let migrate = members.persisted.isEmpty ? "" : "\n  try _$slots.migrate(in: defaultsStore)"
    decls.append(
      """
      /// Runs every persisted property's moves and value migrations now, so that another process
      /// reading the store (a widget) finds the current forms; throws why a write failed (see
      /// `DefaultsKey.migrate()`).
      \(raw: access)func migrateDefaults() throws {\(raw: migrate)
      }
      """)
    let cases = members.persisted.map { property in
      "case \\\(typeReference(declaration)).\(property.name.text): return \(slot(of: property)).setting(in: defaultsStore)"
    }
    decls.append(
      """
      /// The key behind a persisted property, for resetting or observing it.
      \(raw: access)func defaultsKey(for keyPath: PartialKeyPath<\(raw: typeReference(declaration))>) -> (any UserDefaultsKit.AnyDefaultsKey)? {
        switch keyPath {\(raw: lines(cases, indentedBy: 2))
        default: return nil
        }
      }
      """)
    decls.append(
      """
      /// The keys behind several persisted properties, to observe them at once with `DefaultsKeys`;
      /// a key path to any other property stops the program.
      \(raw: access)func defaultsKeys(for keyPaths: PartialKeyPath<\(raw: typeReference(declaration))>...) -> [any UserDefaultsKit.AnyDefaultsKey] {
        UserDefaultsKit._defaultsKeys(for: keyPaths, in: self.defaultsKey(for:))
      }
      """)
    return decls
  }

  /// The type as written inside its own body: `Settings`, or `Box<Value>` for a generic type.
  static func typeReference(_ declaration: some DeclGroupSyntax) -> String {
    let name = declaration.typeName ?? "Self"
    let generics =
      declaration.as(StructDeclSyntax.self)?.genericParameterClause
      ?? declaration.as(ClassDeclSyntax.self)?.genericParameterClause
    guard let generics else { return name }
    return name + "<" + generics.parameters.map(\.name.text).joined(separator: ", ") + ">"
  }

  /// The access level of the generated members: the `access:` argument, else the type's own
  /// (`public` for an `open` class), as `Codable` synthesis does.
  static func accessModifier(_ attribute: AttributeSyntax, of declaration: some DeclGroupSyntax) -> String {
    if let access = attribute.argument("access")?.as(MemberAccessExprSyntax.self) {
      let name = access.declName.baseName.text.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      return name == "internal" ? "" : name + " "
    }
    for modifier in declaration.modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.open): return "public "
      case .keyword(.package): return "package "
      default: continue
      }
    }
    return ""
  }

  /// The slots of the persisted properties, as the members of one object: a stored property per
  /// slot would make the compiler's definite-initialization check of `init(store:)` grow with the
  /// square of the number of properties (200 properties: 6.2 s against 2.7 s to compile). The
  /// object binds, resets and migrates them in methods of its own: `init(store:)` then makes one
  /// call, and `resetToDefaults()` passes `update` a closure of one statement, not one of a
  /// statement per property that the type checker solves with the call (200 properties: 180 ms).
  static func slotObject(for persisted: [PersistedProperty], typeReference: String) -> [DeclSyntax] {
    guard !persisted.isEmpty else { return [] }
    let slots = persisted.map { property in
      let defaultValue = SelfReference.replace(in: property.defaultValue, with: typeReference)
      return "let \(property.name.text) = \(property.slotInitializer(defaultValue: defaultValue))"
    }
    // NB: `self.` keeps a property named `store` from being read as the parameter.
    let binds = persisted.map { "_ = self.\($0.name.text).setting(in: store)" }
    let resets = persisted.map { "try self.\($0.name.text).setting(in: store).reset()" }
    let migrations = persisted.map { "try self.\($0.name.text).setting(in: store).migrate()" }
    return [
      """
      private final class _$Slots: Sendable {\(raw: lines(slots, indentedBy: 2))

        func bind(to store: any UserDefaultsKit.DefaultsStore) {\(raw: lines(binds, indentedBy: 4))
        }

        func reset(in store: any UserDefaultsKit.DefaultsStore) throws {\(raw: lines(resets, indentedBy: 4))
        }

        func migrate(in store: any UserDefaultsKit.DefaultsStore) throws {\(raw: lines(migrations, indentedBy: 4))
        }
      }
      """,
      "private let _$slots = _$Slots()",
    ]
  }

  /// The lines of a block, each on a line of its own with `spaces` of indentation, for an
  /// expansion that swift-syntax does not format.
  static func lines(_ lines: [String], indentedBy spaces: Int) -> String {
    lines.map { "\n" + String(repeating: " ", count: spaces) + $0 }.joined()
  }

  static func slot(of property: PersistedProperty) -> String {
    SlotPlacement.settingsType.reference(to: property.name.text)
  }

  /// The attribute each stored property of a struct or class gets.
  static func attributes(
    for variable: VariableDeclSyntax, of declaration: some DeclGroupSyntax, attribute: AttributeSyntax,
    in context: some MacroExpansionContext, observable: Bool
  ) -> [AttributeSyntax] {
    switch role(of: variable) {
    case .persisted:
      guard
        PersistedProperty.decode(
          variable, options: variable.attribute(named: "DefaultsProperty"),
          keyPrefix: KeyPrefix(attribute.argument("prefix")), in: context, emitDiagnostics: false) != nil
      else { return [] }
      return [observable ? PropertyAttribute.observed : PropertyAttribute.persisted]
    case .tracked:
      return observable ? [PropertyAttribute.inMemory] : []
    case .untouched:
      return []
    }
  }

  /// The attributes given to properties, parsed once: the compiler asks for each property's.
  private enum PropertyAttribute {
    static let persisted: AttributeSyntax = "@UserDefaultsKit._DefaultsProperty"
    static let observed: AttributeSyntax = "@UserDefaultsKit._ObservedDefaultsProperty"
    static let inMemory: AttributeSyntax = "@UserDefaultsKit._ObservedMemoryProperty"
  }
}
