/// The access level of the members a settings-type macro generates (`defaultsStore`,
/// `init(store:)`, `resetToDefaults()`, `updateDefaults(_:)`, `migrateDefaults()`,
/// `defaultsKey(for:)`). They take
/// the type's own access level unless `access:` names another, for instance to keep the
/// initializers of a public type inside its module:
///
/// ```swift
/// @DefaultsBacked(access: .internal)
/// public struct SharedSettings { public var volume = 0.5 }
/// ```
public enum DefaultsAccessLevel: Sendable {
  case `public`
  case `package`
  case `internal`
  case `fileprivate`
  case `private`
}
