import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// UserDefaultsObservation's `@ObservableUserDefaults`: an Observable class whose stored `var`s
/// live in `UserDefaults` under `ClassName.property` (or the key of `@UserDefaultsProperty(key:)`
/// or `@ObservableUserDefaultsProperty(_:)`), in the store that a `@UserDefaultsStore` or
/// `@ObservableUserDefaultsStore` member names (`.standard` otherwise); `@CloudProperty`
/// properties are synced through the cloud store.
public enum ObservableUserDefaultsMacro: SettingsTypeMemberRole, SettingsTypePropertyAttributeRole,
  SettingsTypeConformanceRole
{
  static let classOnly = true

  static let storeMarkers = ["UserDefaultsStore", "ObservableUserDefaultsStore"]
  /// The markers of a property that stays as written.
  static let ignoreMarkers = ["ObservableUserDefaultsIgnored", "ObservationIgnored"] + storeMarkers
  static let keyMarkers = ["UserDefaultsProperty", "ObservableUserDefaultsProperty", "CloudProperty"]

  static func members(
    of declaration: some DeclGroupSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    let variables = declaration.memberBlock.members.compactMap { $0.decl.as(VariableDeclSyntax.self) }
    for variable in variables { diagnoseUnpersisted(variable, in: context) }
    let store = variables.first { storeMarkers.contains(where: $0.hasAttribute(named:)) }?.propertyName
    let storeExpression =
      store.map { "UserDefaultsKit._defaultsStore(self.\($0))" }
      ?? "UserDefaultsKit.UserDefaultsStore.standard"
    return ObservationMembers.of(declaration) + [
      """
      private var _$userDefaultStore: any UserDefaultsKit.DefaultsStore {
        \(raw: storeExpression)
      }
      """
    ]
  }

  static func attributes(
    for variable: VariableDeclSyntax, of declaration: some DeclGroupSyntax, attribute: AttributeSyntax,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard let typeName = declaration.as(ClassDeclSyntax.self)?.name.text, isPersisted(variable) else {
      return []
    }
    // NB: a member macro's lexical context does not show the type, so its name travels as an
    // argument.
    return [
      "@UserDefaultsKitCompatUserDefaultsObservation._ObservableUserDefaultsProperty(typeName: \(literal: typeName))"
    ]
  }

  static func conformance(of declaration: some DeclGroupSyntax) -> String? {
    "UserDefaultsKit._Observable"
  }

  /// Whether a member is persisted: UserDefaultsObservation persists every stored instance `var`
  /// without accessors (observers included) that no marker keeps as written.
  static func isPersisted(_ variable: VariableDeclSyntax) -> Bool {
    !variable.isLet && !variable.isStatic && variable.bindings.first?.accessorBlock == nil
      && !ignoreMarkers.contains(where: variable.hasAttribute(named:))
  }

  /// Warns about a property that looks persisted and is not: one with observers, or one whose key
  /// attribute has no effect.
  private static func diagnoseUnpersisted(
    _ variable: VariableDeclSyntax, in context: some MacroExpansionContext
  ) {
    guard !isPersisted(variable), !ignoreMarkers.contains(where: variable.hasAttribute(named:)),
      let name = variable.propertyName
    else { return }
    if !variable.isStatic, !variable.isComputed,
      case .accessors(let accessors) = variable.bindings.first?.accessorBlock?.accessors,
      let observer = accessors.first
    {
      context.diagnose(
        UserDefaultsObservationDiagnostic.observersNotPersisted(
          name, observer: observer.accessorSpecifier.text
        )
        .diagnose(
          at: observer.accessorSpecifier,
          fixIts: [FixIt.mark(variable, with: "ObservableUserDefaultsIgnored")]))
      return
    }
    guard let keyAttribute = keyMarkers.lazy.compactMap(variable.attribute(named:)).first else { return }
    let kind = variable.isLet ? "a 'let'" : variable.isStatic ? "static" : "computed"
    context.diagnose(
      UserDefaultsObservationDiagnostic.attributeWithoutEffect(
        name, attribute: keyAttribute.attributeName.trimmedDescription, kind: kind
      )
      .diagnose(at: keyAttribute, fixIts: [removeFixIt(keyAttribute, from: variable)]))
  }

  private static func removeFixIt(_ attribute: AttributeSyntax, from variable: VariableDeclSyntax) -> FixIt {
    let kept = variable.with(
      \.attributes, variable.attributes.filter { $0.as(AttributeSyntax.self)?.id != attribute.id })
    return FixIt(
      message: DefaultsFixItMessage(message: "Remove '\(attribute.trimmed)'"),
      changes: [
        .replace(
          oldNode: Syntax(variable), newNode: Syntax(kept.with(\.leadingTrivia, variable.leadingTrivia)))
      ])
  }
}

/// The accessors and storage of one property of an `@ObservableUserDefaults` class.
public enum ObservableUserDefaultsPropertyMacro: PropertyAccessorRole, PropertyPeerRole {
  static let policyLabels: Set<String> = ["onStoreServerChange", "onInitialSyncChange", "onAccountChange"]

  static func accessors(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [String] {
    guard decode(variable, attribute, in: context, emitDiagnostics: false) != nil else { return [] }
    // NB: a cloud property's local key is made by `DefaultsKey`'s initializers, which check the
    // type in the peer, beside the property; checking it again would report it twice.
    return ObservedAccessors.make(
      for: variable, slot: .peer, store: "_$userDefaultStore",
      checked: !variable.hasAttribute(named: "CloudProperty"))
  }

  static func peers(
    of variable: VariableDeclSyntax, attribute: AttributeSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let property = decode(variable, attribute, in: context, emitDiagnostics: true) else { return [] }
    guard let cloud = variable.attribute(named: "CloudProperty") else {
      return ["private let \(raw: property.slotName) = \(raw: property.slotInitializer)"]
    }
    if let key = cloud.argument("key") { CloudKeyLength.diagnose(key, in: context) }
    let cloudKey = cloud.argument("key").map { $0.trimmed.defaultNameArgument } ?? property.key
    let genericClause = property.type.map { "<\($0)>" } ?? ""
    let local =
      "UserDefaultsKit.DefaultsKey\(genericClause)(\(property.key), default: \(property.defaultValue), store: $0, register: false)"
    let policies = cloud.labeledArguments.filter { policyLabels.contains($0.label?.text ?? "") }
      .map { "\($0.with(\.trailingComma, nil).trimmed)" }.joined(separator: ", ")
    return [
      "private let \(raw: property.slotName) = UserDefaultsKit._DefaultsSlot { UserDefaultsKit.CloudDefaultsKey(\(raw: cloudKey), local: \(raw: local), policies: UserDefaultsKitCompatUserDefaultsObservation._cloudChangePolicies(\(raw: policies))) }"
    ]
  }

  /// The property, with its key in the class's store: `userDefaultKey:` or `key:` of
  /// `@CloudProperty`, the key of `@UserDefaultsProperty(key:)` or
  /// `@ObservableUserDefaultsProperty(_:)`, else `ClassName.property`. It registers no default, as
  /// UserDefaultsObservation registered none.
  private static func decode(
    _ variable: VariableDeclSyntax, _ attribute: AttributeSyntax, in context: some MacroExpansionContext,
    emitDiagnostics: Bool
  ) -> PersistedProperty? {
    let typeName = attribute.argument("typeName")?.stringLiteralValue ?? ""
    let key: ExprSyntax?
    if let cloud = variable.attribute(named: "CloudProperty") {
      let userDefaultKey = cloud.argument("userDefaultKey").flatMap { $0.isNilLiteral ? nil : $0 }
      key = userDefaultKey ?? cloud.argument("key")
    } else {
      key =
        variable.attribute(named: "UserDefaultsProperty")?.argument("key")
        ?? variable.attribute(named: "ObservableUserDefaultsProperty")?.argument(nil)
    }
    let keyArgument: ExprSyntax =
      key.map { "\(raw: $0.trimmed.defaultNameArgument)" }
      ?? "\(literal: "\(typeName).\(variable.propertyName ?? "")")"
    return PersistedProperty.decode(
      variable, options: "@DefaultsEntry(\(keyArgument), register: false)", in: context,
      emitDiagnostics: emitDiagnostics)
  }
}

/// The warnings of `@ObservableUserDefaults` about properties it leaves as written.
enum UserDefaultsObservationDiagnostic: DiagnosticMessage {
  case observersNotPersisted(String, observer: String)
  case attributeWithoutEffect(String, attribute: String, kind: String)

  var message: String {
    switch self {
    case .observersNotPersisted(let name, let observer):
      return
        "'\(name)' has '\(observer)', so it is neither persisted nor observed: as in UserDefaultsObservation, a property with accessors stays as written; mark it '@ObservableUserDefaultsIgnored' to say so"
    case .attributeWithoutEffect(let name, let attribute, let kind):
      return
        "'@\(attribute)' has no effect: '\(name)' is \(kind), and only stored instance 'var's are persisted"
    }
  }

  var severity: DiagnosticSeverity { .warning }

  var diagnosticID: MessageID {
    let name = "\(self)".prefix { $0 != "(" }
    return MessageID(domain: "UserDefaultsKit", id: String(name))
  }

  func diagnose(at node: some SyntaxProtocol, fixIts: [FixIt] = []) -> Diagnostic {
    Diagnostic(node: Syntax(node), message: self, fixIts: fixIts)
  }
}
