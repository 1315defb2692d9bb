import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

extension VariableDeclSyntax {
  var isStatic: Bool {
    modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
  }

  var isLet: Bool { bindingSpecifier.tokenKind == .keyword(.let) }

  /// The name of the first (for a persisted property, the only) binding.
  var propertyName: String? { bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }

  /// Whether the single binding has `get`/`set` (not just observers).
  var isComputed: Bool {
    guard let accessorBlock = bindings.first?.accessorBlock else { return false }
    switch accessorBlock.accessors {
    case .getter: return true
    case .accessors(let accessors):
      return accessors.contains {
        switch $0.accessorSpecifier.tokenKind {
        case .keyword(.willSet), .keyword(.didSet): return false
        default: return true
        }
      }
    }
  }

  func attribute(named name: String) -> AttributeSyntax? {
    attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }.first { $0.isNamed(name) }
  }

  func hasAttribute(named name: String) -> Bool { attribute(named: name) != nil }

  /// The first attribute that is neither one of this library's nor a built-in one: a property
  /// wrapper, which cannot be combined with a persisted property. Built-in attributes are written
  /// in lower case; global actors are allowed.
  var foreignWrapperAttribute: AttributeSyntax? {
    attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }.first { attribute in
      let name = attribute.attributeName.trimmedDescription.split(separator: ".").last.map(String.init) ?? ""
      return name.first?.isUppercase == true && !Self.knownAttributes.contains(name)
    }
  }

  /// The capitalized attributes a persisted property may carry: this library's macros and markers
  /// (including the replaced packages' spellings), Observation's, and global actors.
  private static let knownAttributes: Set<String> = [
    "DefaultsEntry", "ObservableDefaultsEntry", "DefaultsProperty", "DefaultsIgnored", "MainActor",
    "ObservationIgnored", "ObservationTracked", "UserDefaultsValue", "CodableUserDefaultsValue",
    "RawUserDefaultsValue", "DefaultsValue", "CodableDefaultsValue", "RawDefaultsValue",
    "UserDefaultRecord", "UserDefaultProperty", "ObservableUserDefault", "UserDefaultsProperty",
    "ObservableUserDefaultsIgnored", "UserDefaultsStore", "CloudProperty", "ObservableUserDefaultsProperty",
  ]
}

extension AttributeSyntax {
  /// Matches `@Name` and `@Module.Name`.
  func isNamed(_ name: String) -> Bool {
    if let identifier = attributeName.as(IdentifierTypeSyntax.self) {
      return identifier.name.text == name
    }
    if let member = attributeName.as(MemberTypeSyntax.self) { return member.name.text == name }
    return false
  }

  var labeledArguments: LabeledExprListSyntax {
    arguments?.as(LabeledExprListSyntax.self) ?? []
  }

  /// The argument labeled `label`; for nil, the first argument if it has no label (an unlabeled
  /// argument after a labeled one continues a variadic parameter: `previously: "a", "b"`).
  func argument(_ label: String?) -> ExprSyntax? {
    guard let label else { return labeledArguments.first.flatMap { $0.label == nil ? $0.expression : nil } }
    return labeledArguments.first { $0.label?.text == label }?.expression
  }

  /// The argument labeled `label`, with its label.
  func labeledArgument(_ label: String) -> LabeledExprSyntax? {
    labeledArguments.first { $0.label?.text == label }
  }

  /// All expressions passed with `label`, for variadic parameters.
  func arguments(_ label: String) -> [ExprSyntax] {
    var collecting = false
    var result: [ExprSyntax] = []
    for argument in labeledArguments {
      if let argumentLabel = argument.label { collecting = argumentLabel.text == label }
      if collecting { result.append(argument.expression) }
    }
    return result
  }
}

extension TypeSyntax {
  var isOptional: Bool {
    if self.is(OptionalTypeSyntax.self) || self.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      return true
    }
    if let identifier = self.as(IdentifierTypeSyntax.self) {
      return identifier.name.text == "Optional" && identifier.genericArgumentClause != nil
    }
    if let member = self.as(MemberTypeSyntax.self) {
      return member.name.text == "Optional" && member.genericArgumentClause != nil
    }
    return false
  }
}

extension ExprSyntax {
  /// The text of a string literal without interpolation, if this is one.
  var stringLiteralValue: String? {
    guard let literal = self.as(StringLiteralExprSyntax.self) else { return nil }
    var text = ""
    for segment in literal.segments {
      guard let segment = segment.as(StringSegmentSyntax.self) else { return nil }
      text += segment.content.text
    }
    return text
  }

  var isNilLiteral: Bool { self.is(NilLiteralExprSyntax.self) }

  /// A `String` key argument of the replaced packages as a `DefaultName` argument: a literal as it
  /// is (so that it is still checked), any other expression converted.
  var defaultNameArgument: String {
    stringLiteralValue != nil ? "\(self)" : "UserDefaultsKit.DefaultName(rawValue: \(self))"
  }
}

extension DeclGroupSyntax {
  /// The keyword that names the kind of declaration, for diagnostics.
  var kindDescription: String {
    switch Syntax(self).kind {
    case .enumDecl: return "an enum"
    case .protocolDecl: return "a protocol"
    case .actorDecl: return "an actor"
    case .extensionDecl: return "an extension"
    case .structDecl: return "a struct"
    default: return "a class"
    }
  }

  var keywordToken: TokenSyntax {
    switch Syntax(self).as(SyntaxEnum.self) {
    case .enumDecl(let decl): return decl.enumKeyword
    case .protocolDecl(let decl): return decl.protocolKeyword
    case .actorDecl(let decl): return decl.actorKeyword
    case .extensionDecl(let decl): return decl.extensionKeyword
    case .structDecl(let decl): return decl.structKeyword
    case .classDecl(let decl): return decl.classKeyword
    default: return TokenSyntax.keyword(.class)
    }
  }

  /// The declared type name, for key paths and diagnostics.
  var typeName: String? {
    if let decl = self.as(StructDeclSyntax.self) { return decl.name.text }
    if let decl = self.as(ClassDeclSyntax.self) { return decl.name.text }
    return nil
  }
}

extension FixIt {
  /// Removes a modifier such as `lazy` from a property.
  static func remove(
    _ modifier: DeclModifierSyntax, from variable: VariableDeclSyntax, message: String
  ) -> FixIt {
    let kept = variable.with(\.modifiers, variable.modifiers.filter { $0.id != modifier.id })
    return FixIt(
      message: DefaultsFixItMessage(message: message),
      changes: [
        .replace(
          oldNode: Syntax(variable), newNode: Syntax(kept.with(\.leadingTrivia, variable.leadingTrivia)))
      ])
  }

  /// Puts `@attribute` first on `variable`'s line.
  static func mark(_ variable: VariableDeclSyntax, with attribute: String) -> FixIt {
    let mark = AttributeSyntax(
      leadingTrivia: variable.leadingTrivia,
      attributeName: IdentifierTypeSyntax(name: .identifier(attribute)),
      trailingTrivia: .space)
    let marked = variable.with(\.leadingTrivia, [])
    return FixIt(
      message: DefaultsFixItMessage(message: "Mark it '@\(attribute)'"),
      changes: [
        .replace(
          oldNode: Syntax(variable),
          newNode: Syntax(marked.with(\.attributes, [.attribute(mark)] + marked.attributes)))
      ])
  }

  /// Removes one argument of an attribute, with its comma.
  static func removeArgument(_ argument: LabeledExprSyntax, message: String) -> FixIt {
    guard let list = argument.parent?.as(LabeledExprListSyntax.self) else {
      return FixIt(message: DefaultsFixItMessage(message: message), changes: [])
    }
    var kept = Array(list.filter { $0.id != argument.id })
    if let last = kept.indices.last { kept[last] = kept[last].with(\.trailingComma, nil) }
    return FixIt(
      message: DefaultsFixItMessage(message: message),
      changes: [.replace(oldNode: Syntax(list), newNode: Syntax(LabeledExprListSyntax(kept)))])
  }

  /// Removes an attribute from a type.
  static func remove(_ attribute: AttributeSyntax, from declaration: some DeclGroupSyntax) -> FixIt {
    let kept = declaration.attributes.filter { $0.as(AttributeSyntax.self)?.id != attribute.id }
    return FixIt(
      message: DefaultsFixItMessage(message: "Remove '\(attribute.trimmed)'"),
      changes: [.replace(oldNode: Syntax(declaration.attributes), newNode: Syntax(kept))])
  }

  /// Adds `= <#placeholder#>` after a binding that lacks an initial value.
  static func insertInitializer(_ binding: PatternBindingSyntax, placeholder: String) -> FixIt {
    FixIt(
      message: DefaultsFixItMessage(message: "Insert '= <#\(placeholder)#>'"),
      changes: [
        .replace(
          oldNode: Syntax(binding),
          newNode: Syntax(
            binding.with(
              \.initializer,
              InitializerClauseSyntax(
                equal: .equalToken(leadingTrivia: .space, trailingTrivia: .space),
                value: ExprSyntax(EditorPlaceholderExprSyntax(placeholder: .identifier("<#\(placeholder)#>")))
              ))))
      ])
  }
}
