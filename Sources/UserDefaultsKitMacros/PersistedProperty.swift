import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// A stored `var` that a macro persists, parsed once; the diagnostics of a misuse are reported by
/// the role that passes `emitDiagnostics: true`, so each mistake is reported once.
struct PersistedProperty {
  let declaration: VariableDeclSyntax
  let name: TokenSyntax
  let type: TypeSyntax?
  let initializer: ExprSyntax?
  /// The key expression's source, and its text when it is a plain string literal.
  let key: String
  let keyLiteral: String?
  let previousNames: [String]
  /// The attribute's `migrations:`, each type-checked as a `DefaultsMigration<Any>` at the
  /// attribute (so a type that was never storable is an error there) and again, for the property's
  /// type, in the slot's key.
  let migrations: [String]
  /// The settings type's key prefix, as source, which the names of moves get (see
  /// `_prefixedMoves`); nil without a prefix.
  let movePrefix: String?
  let defaultValue: ExprSyntax
  let encoder: ExprSyntax?
  let decoder: ExprSyntax?
  /// A `DefaultsCoding` expression, which only a compatibility macro's attribute gives.
  var coding: ExprSyntax? = nil
  /// Whether the key registers its default with the store: the compatibility macros register
  /// exactly where the package they replace does, and say `register: false` where it does not.
  let registers: Bool

  var isStatic: Bool { declaration.isStatic }

  /// Parses `declaration`.
  ///
  /// - Parameters:
  ///   - options: the attribute that carries `key`/`default:`/`previously:`/`migrations:`/coders,
  ///     if any.
  ///   - keyPrefix: the settings type's prefix, as a literal text or an expression.
  static func decode(
    _ declaration: VariableDeclSyntax, options: AttributeSyntax?, keyPrefix: KeyPrefix = .none,
    in context: some MacroExpansionContext, emitDiagnostics: Bool
  ) -> PersistedProperty? {
    func report(_ diagnostic: Diagnostic) -> PersistedProperty? {
      if emitDiagnostics { context.diagnose(diagnostic) }
      return nil
    }

    let bindings = declaration.bindings
    if bindings.count > 1, let second = bindings.dropFirst().first {
      return report(DefaultsMacroDiagnostic.multipleBindings.diagnose(at: second))
    }
    guard let binding = bindings.first,
      let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier
    else {
      return report(DefaultsMacroDiagnostic.notAnIdentifier.diagnose(at: declaration.bindings))
    }
    let name = identifier.trimmed
    if declaration.isComputed {
      return report(DefaultsMacroDiagnostic.computedProperty(name.text).diagnose(at: identifier))
    }
    if declaration.isLet {
      let fixIt = FixIt(
        message: DefaultsFixItMessage(message: "Replace 'let' with 'var'"),
        changes: [
          .replace(
            oldNode: Syntax(declaration.bindingSpecifier),
            newNode: Syntax(declaration.bindingSpecifier.with(\.tokenKind, .keyword(.var))))
        ])
      return report(
        DefaultsMacroDiagnostic.letProperty(name.text).diagnose(
          at: declaration.bindingSpecifier, fixIts: [fixIt]))
    }
    if let lazy = declaration.modifiers.first(where: { $0.name.tokenKind == .keyword(.lazy) }) {
      return report(
        DefaultsMacroDiagnostic.lazyProperty(name.text).diagnose(
          at: lazy, fixIts: [FixIt.remove(lazy, from: declaration, message: "Remove 'lazy'")]))
    }
    if let wrapper = declaration.foreignWrapperAttribute {
      return report(
        DefaultsMacroDiagnostic.propertyWrapper(name.text, wrapper: wrapper.attributeName.trimmedDescription)
          .diagnose(at: wrapper))
    }

    let type = binding.typeAnnotation?.type.trimmed
    let initializer = binding.initializer?.value.trimmed
    let defaultArgument = options?.labeledArgument("default")
    if let defaultArgument, let initializer, Syntax(defaultArgument).root == Syntax(declaration).root {
      return report(
        DefaultsMacroDiagnostic.defaultGivenTwice(name.text, initialValue: initializer.description).diagnose(
          at: defaultArgument, fixIts: [FixIt.removeArgument(defaultArgument, message: "Remove 'default:'")]))
    }
    if type == nil, initializer == nil, defaultArgument == nil {
      return report(DefaultsMacroDiagnostic.noTypeNoInitializer(name.text).diagnose(at: identifier))
    }
    let defaultValue: ExprSyntax
    if let value = defaultArgument?.expression ?? initializer {
      defaultValue = value
    } else if let type, type.isOptional {
      defaultValue = "nil"
    } else {
      let insertion = FixIt.insertInitializer(binding, placeholder: "default")
      return report(
        DefaultsMacroDiagnostic.missingDefault(name.text).diagnose(at: identifier, fixIts: [insertion]))
    }

    let explicitKey = options?.argument(nil)?.trimmed
    let key = keyPrefix.key(explicitKey ?? ExprSyntax(StringLiteralExprSyntax(content: name.text)))
    // NB: a name written in the attribute gets the prefix too (the names of moves too, see
    // `_prefixedMoves`); what earlier releases stored under such a name without the prefix still
    // moves over.
    let previousNames = options?.arguments("previously").map { $0.trimmed } ?? []
    let unprefixed = keyPrefix.isEmpty ? [] : (explicitKey.map { [$0] } ?? []) + previousNames
    return PersistedProperty(
      declaration: declaration, name: name, type: type, initializer: initializer, key: key.expression,
      keyLiteral: key.literal,
      previousNames: previousNames.map { keyPrefix.key($0).expression } + unprefixed.map(\.description),
      migrations: options?.arguments("migrations").map(\.trimmedDescription) ?? [],
      movePrefix: keyPrefix.source,
      defaultValue: defaultValue.trimmed, encoder: options?.argument("encoder")?.trimmed,
      decoder: options?.argument("decoder")?.trimmed, coding: options?.argument("coding")?.trimmed,
      // NB: `register: false` only reaches here in an attribute that a compatibility macro makes.
      registers: options?.argument("register")?.trimmedDescription != "false")
  }

  /// The name of the generated storage declared next to the property.
  var slotName: String { "_$" + name.text }

  /// Whether the getter checks that the property's type can be stored: every property but one
  /// with a `coding:` of its own (which only a compatibility macro's attribute gives), which
  /// decides how any type is stored.
  var checksStorable: Bool { coding == nil }

  /// `slot` passed through `_storable()` when `checked`, so that the compiler reports a type that
  /// cannot be stored where this expression stands, rather than where the slot is made (a
  /// settings type makes them at its closing brace).
  static func read(_ slot: String, checked: Bool) -> String {
    checked ? slot + "._storable()" : slot
  }

  /// A getter's body that returns `value`, read from `slot`, after checking the property's type
  /// with `_storable()` when `checked`: in the property's accessor, so at the property. The check
  /// is a statement of its own, whose result is dropped, because a read through the slot it
  /// returns costs a retain and a release of the slot each time (a read through a settings
  /// type's property: 273 ns against 219 ns for the hand-written key, release build).
  static func getter(_ slot: String, checked: Bool, returning value: String) -> String {
    checked ? "_ = \(slot)._storable()\nreturn \(value)" : value
  }

  /// The slot's initializer, as source. With JSON coders or a coding of its own, a closure that
  /// makes the key: `UserDefaultsKit._DefaultsSlot { UserDefaultsKit.DefaultsKey<T>(…, store: $0) }`,
  /// where the property's type is known. Otherwise one call that makes the key as the one coding
  /// decision says, and leaves the type to the getter's check, so that it is checked once:
  /// `UserDefaultsKit._DefaultsSlot<UserDefaultsKit.DefaultsKey<T>>(…)`.
  var slotInitializer: String { slotInitializer(defaultValue: defaultValue.description) }

  /// The slot's initializer with `defaultValue` in place of the property's. Expansions are text
  /// until the end: parsing each piece costs more than the rest of the expansion in the debug
  /// builds that compile the macro plugin.
  func slotInitializer(defaultValue: String) -> String {
    var arguments = "\(key), default: \(defaultValue)"
    let makesKey = encoder != nil || decoder != nil || coding != nil
    if makesKey { arguments += ", store: $0" }
    if encoder != nil || decoder != nil {
      arguments +=
        ", encoder: \(encoder?.description ?? "UserDefaultsKit._JSONEncoder()"), decoder: \(decoder?.description ?? "UserDefaultsKit._JSONDecoder()")"
    }
    if let coding { arguments += ", coding: \(coding)" }
    if !previousNames.isEmpty {
      arguments += ", previously: [\(previousNames.joined(separator: ", "))]"
    }
    if !migrations.isEmpty {
      let list = "[\(migrations.joined(separator: ", "))]"
      arguments +=
        ", migrations: " + (movePrefix.map { "UserDefaultsKit._prefixedMoves(\($0), \(list))" } ?? list)
    }
    if !registers { arguments += ", register: false" }
    guard makesKey else {
      let genericClause = type.map { "<UserDefaultsKit.DefaultsKey<\($0)>>" } ?? ""
      return "UserDefaultsKit._DefaultsSlot\(genericClause)(\(arguments))"
    }
    let genericClause = type.map { "<\($0)>" } ?? ""
    return "UserDefaultsKit._DefaultsSlot { UserDefaultsKit.DefaultsKey\(genericClause)(\(arguments)) }"
  }
}

/// Where the slot of a persisted property is declared.
enum SlotPlacement {
  /// Next to the property, by a peer macro: `_$volume`.
  case peer
  /// In the one slot object of a settings type: `_$slots.volume`.
  case settingsType

  func reference(to name: String) -> String {
    switch self {
    case .peer: return "_$" + name
    case .settingsType: return "_$slots." + name
    }
  }
}

extension PersistedProperty {
  /// Warns when the key given in `attribute` is one that key-value observing cannot see.
  func diagnoseUnobservableKey(attribute: AttributeSyntax, in context: some MacroExpansionContext) {
    // NB: not for an attribute that a compatibility macro made: the package it replaces accepts
    // such keys without a word, and code that compiled with it must compile here.
    guard context.location(of: attribute) != nil else { return }
    guard let key = keyLiteral, let problem = KeyValidation.problem(with: key) else { return }
    context.diagnose(
      DefaultsMacroDiagnostic.keyNotObservable(key, reason: problem).diagnose(
        at: attribute.argument(nil).map(Syntax.init) ?? Syntax(attribute)))
  }
}

/// A settings type's key prefix, which every key written in the type gets.
enum KeyPrefix {
  case none
  case literal(String)
  case expression(ExprSyntax)

  init(_ expression: ExprSyntax?) {
    guard let expression else {
      self = .none
      return
    }
    if let literal = expression.stringLiteralValue {
      self = literal.isEmpty ? .none : .literal(literal)
    } else {
      self = .expression(expression.trimmed)
    }
  }

  var isEmpty: Bool { source == nil }

  /// The prefix as source: a string literal or the expression written; nil without a prefix.
  var source: String? {
    switch self {
    case .none: return nil
    case .literal(let prefix): return StringLiteralExprSyntax(content: prefix).description
    case .expression(let prefix): return prefix.description
    }
  }

  /// `name` with the prefix, as source, and its text when both are string literals.
  func key(_ name: ExprSyntax) -> (expression: String, literal: String?) {
    let literal = name.stringLiteralValue
    switch (self, literal) {
    case (.none, _):
      return (name.description, literal)
    case (.literal(let prefix), .some(let literal)):
      return (StringLiteralExprSyntax(content: prefix + literal).description, prefix + literal)
    case (.literal(let prefix), .none):
      return ("UserDefaultsKit._prefixedName(\(StringLiteralExprSyntax(content: prefix)), \(name))", nil)
    case (.expression(let prefix), _):
      return ("UserDefaultsKit._prefixedName(\(prefix), \(name))", nil)
    }
  }
}

/// Warnings for keys that key-value observing cannot see.
enum KeyValidation {
  static func problem(with key: String) -> String? {
    if key.contains(".") { return "contains '.'" }
    if key.hasPrefix("@") { return "starts with '@'" }
    if !key.allSatisfy(\.isASCII) { return "contains non-ASCII characters" }
    return nil
  }
}
