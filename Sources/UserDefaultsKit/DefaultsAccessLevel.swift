/// The access level of the members a settings-type macro generates (`defaultsStore`,
/// `init(store:)`, `resetToDefaults()`, `defaultsKey(for:)`).
///
/// ```swift
/// @DefaultsBacked(access: .public)
/// public struct Settings { public var volume = 0.5 }
/// ```
public enum DefaultsAccessLevel: Sendable {
  case `public`
  case `package`
  case `internal`
  case `fileprivate`
  case `private`
}
