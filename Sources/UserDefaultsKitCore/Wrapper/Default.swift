/// A property stored through a ``DefaultsKey``, for code that wants no macros.
///
/// ```swift
/// extension DefaultsKey where Value == Int {
///   static let playerCount = DefaultsKey("NumberOfPlayers", default: 3)
/// }
///
/// struct Game {
///   @Default(.playerCount) var playerCount
/// }
/// ```
///
/// The projected value (`$playerCount`) is the key, for observing, resetting and atomic updates.
@propertyWrapper
public struct Default<Value> {
  /// The key behind the property.
  public let key: DefaultsKey<Value>

  /// Wraps a key.
  public init(_ key: DefaultsKey<Value>) {
    self.key = key
  }

  public var wrappedValue: Value {
    get { key.value }
    nonmutating set { key.value = newValue }
  }

  public var projectedValue: DefaultsKey<Value> { key }
}

extension Default: Sendable where Value: Sendable {}
