/// A property synced through a cloud key-value store and cached in `UserDefaults` (or any
/// ``DefaultsStore``), with a policy per kind of external change.
///
/// ```swift
/// struct Preferences {
///   @CloudDefault("favoriteColor", localKey: "cachedColor", defaultValue: "Green",
///                 onAccountChange: .cachedValue)
///   var favoriteColor: String
/// }
/// ```
///
/// The projected value (`$favoriteColor`) is the ``CloudDefaultsKey``.
@propertyWrapper
public struct CloudDefault<Value> {
  /// The synced key behind the property.
  public let key: CloudDefaultsKey<Value>

  public init(
    _ cloudKey: DefaultName, localKey: DefaultName? = nil, defaultValue: Value,
    store: any DefaultsStore = UserDefaultsStore.standard,
    cloud: any CloudKeyValueStore = CloudStores.platformDefault,
    onServerChange: CloudChangePolicy = .cloudValue, onInitialSync: CloudChangePolicy = .cloudValue,
    onAccountChange: CloudChangePolicy = .cachedValue
  ) where Value: DefaultsSerializable {
    key = CloudDefaultsKey(
      cloudKey, localKey: localKey, default: defaultValue, store: store, cloud: cloud,
      policies: CloudChangePolicies(
        onServerChange: onServerChange, onInitialSync: onInitialSync, onAccountChange: onAccountChange))
  }

  public var wrappedValue: Value {
    get { key.value }
    nonmutating set { key.value = newValue }
  }

  public var projectedValue: CloudDefaultsKey<Value> { key }
}

extension CloudDefault: Sendable where Value: Sendable {}
