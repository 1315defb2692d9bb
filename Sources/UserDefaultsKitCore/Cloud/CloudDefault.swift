/// A property synced through a cloud key-value store and cached locally, with a policy per kind
/// of external change.
///
/// ```swift
/// struct Preferences {
///   @CloudDefault(CloudDefaultsKey("favoriteColor", local: DefaultsKey("cachedColor", default: "Green")))
///   var favoriteColor: String
/// }
/// ```
///
/// The projected value (`$favoriteColor`) is the ``CloudDefaultsKey``.
@propertyWrapper
public struct CloudDefault<Value> {
  /// The synced key behind the property.
  public let key: CloudDefaultsKey<Value>

  /// Wraps a synced key.
  public init(_ key: CloudDefaultsKey<Value>) {
    self.key = key
  }

  public var wrappedValue: Value {
    get { key.value }
    nonmutating set { key.value = newValue }
  }

  public var projectedValue: CloudDefaultsKey<Value> { key }
}

extension CloudDefault: Sendable where Value: Sendable {}
