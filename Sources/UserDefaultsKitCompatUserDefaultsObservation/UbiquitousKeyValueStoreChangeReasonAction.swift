/// What a `@CloudProperty` does when the cloud reports an external change for one reason.
///
/// ```swift
/// @CloudProperty(key: "aNumber", onStoreServerChange: .cloudValue, onAccountChange: .cachedValue)
/// var aNumber: Int = 0
/// ```
public enum UbiquitousKeyValueStoreChangeReasonAction: String, Sendable {
  /// Go back to the property's default value.
  case defaultValue
  /// Keep the value cached in the class's store, the last one this device saw.
  case cachedValue
  /// Take the cloud's value and cache it; its default when the cloud has none.
  case cloudValue
  /// Do nothing.
  case ignore

  var policy: CloudChangePolicy {
    switch self {
    case .defaultValue: return .defaultValue
    case .cachedValue: return .cachedValue
    case .cloudValue: return .cloudValue
    case .ignore: return .ignore
    }
  }
}

/// The policies of a `@CloudProperty`, each `.ignore` unless given. Called by generated code.
@_documentation(visibility: private)
public func _cloudChangePolicies(
  onStoreServerChange: UbiquitousKeyValueStoreChangeReasonAction = .ignore,
  onInitialSyncChange: UbiquitousKeyValueStoreChangeReasonAction = .ignore,
  onAccountChange: UbiquitousKeyValueStoreChangeReasonAction = .ignore
) -> CloudChangePolicies {
  CloudChangePolicies(
    onServerChange: onStoreServerChange.policy, onInitialSync: onInitialSyncChange.policy,
    onAccountChange: onAccountChange.policy)
}
