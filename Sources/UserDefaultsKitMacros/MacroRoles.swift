import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

// The roles of the macros, with what every macro of a role unwraps first: a property macro
// implements what it produces for the stored property it is attached to; a settings-type macro,
// what it produces for the struct or class it is attached to, after the kind of that declaration
// has been checked.

/// A role whose expansions are written formatted, so that swift-syntax does not format them
/// again: debug builds compile the macro plugin without optimization, and formatting the members
/// of a settings type with 200 properties cost a tenth of the type's build, formatting the
/// accessors of its properties two fifths of their expansion.
protocol WrittenFormatted: Macro {}

extension WrittenFormatted {
  public static var formatMode: FormatMode { .disabled }
}

/// The accessors of the property a macro is attached to, as source (see `WrittenAccessor`).
protocol PropertyAccessorRole: AccessorMacro, WrittenFormatted {
  static func accessors(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [String]
}

extension PropertyAccessorRole {
  public static func expansion(
    of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let variable = declaration.as(VariableDeclSyntax.self) else { return [] }
    // NB: accessors join a block the property has as they are; without one, they stand in the
    // braces the expansion adds, one level in.
    let hasBlock = variable.bindings.first?.accessorBlock != nil
    return try accessors(of: variable, attribute: node, in: context).map { accessor in
      "\(raw: hasBlock ? accessor : WrittenAccessor.indented(accessor))"
    }
  }
}

/// The declarations a macro adds beside the property it is attached to.
protocol PropertyPeerRole: PeerMacro, WrittenFormatted {
  static func peers(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax]
}

extension PropertyPeerRole {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let variable = declaration.as(VariableDeclSyntax.self) else { return [] }
    return try peers(of: variable, attribute: node, in: context)
  }
}

/// The members a settings-type macro adds to the struct or class it is attached to; anything else
/// is reported once, here.
protocol SettingsTypeMemberRole: MemberMacro, WrittenFormatted {
  /// Whether the macro applies to classes only (Observation tracks reference types).
  static var classOnly: Bool { get }
  static func members(
    of declaration: some DeclGroupSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax]
}

extension SettingsTypeMemberRole {
  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard SettingsTypeExpansion.checkKind(of: declaration, attribute: node, classOnly: classOnly, in: context)
    else { return [] }
    return try members(of: declaration, attribute: node, in: context)
  }
}

/// The attributes a settings-type macro gives each stored property of its struct or class.
protocol SettingsTypePropertyAttributeRole: MemberAttributeMacro, WrittenFormatted {
  static func attributes(
    for variable: VariableDeclSyntax, of declaration: some DeclGroupSyntax, attribute: AttributeSyntax,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax]
}

extension SettingsTypePropertyAttributeRole {
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol, in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard let variable = member.as(VariableDeclSyntax.self),
      declaration.is(StructDeclSyntax.self) || declaration.is(ClassDeclSyntax.self)
    else { return [] }
    return try attributes(for: variable, of: declaration, attribute: node, in: context)
  }
}

/// The conformance extension of a settings-type macro, with the type's `@available` attributes.
protocol SettingsTypeConformanceRole: ExtensionMacro {
  /// The protocol the extension conforms to, or nil when the type needs none.
  static func conformance(of declaration: some DeclGroupSyntax) -> String?
}

extension SettingsTypeConformanceRole {
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard !protocols.isEmpty, declaration.is(ClassDeclSyntax.self),
      let conformance = conformance(of: declaration)
    else { return [] }
    let availability = declaration.attributes.filter {
      $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "available"
    }
    let extensionDecl: DeclSyntax =
      "\(availability.with(\.trailingTrivia, .newline))extension \(type.trimmed): \(raw: conformance) {}"
    return [extensionDecl.cast(ExtensionDeclSyntax.self)]
  }
}

extension AttributeSyntax {
  /// Whether `store:` is a string: the declarations of this library's own macros reject it with a
  /// message (a store is expected, not a suite name), and the macros then expand to nothing, so
  /// that this message is the only one.
  var namesSuiteForStore: Bool {
    argument("store")?.is(StringLiteralExprSyntax.self) == true
  }
}
