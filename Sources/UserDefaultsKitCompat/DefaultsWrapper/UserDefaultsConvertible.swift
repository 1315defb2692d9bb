import Foundation

/// DefaultsWrapper's conversion protocol, with its original spelling `instanciate(from:)`.
/// UserDefaultsKit's own is `DefaultsConvertible` (`instantiate(from:)`).
///
/// ```swift
/// extension SIMD2: UserDefaultsConvertible where Scalar == Int {
///   public func convertedObject() -> [String: Int] { ["x": x, "y": y] }
///   public static func instanciate(from object: [String: Int]) -> SIMD2<Int>? {
///     guard let x = object["x"], let y = object["y"] else { return nil }
///     return .init(x: x, y: y)
///   }
/// }
/// ```
public protocol UserDefaultsConvertible {
  /// The type that is actually stored.
  associatedtype PropertyListSerializableType: PropertyListSerializable

  /// Converts `self` to a serializable type.
  func convertedObject() -> PropertyListSerializableType

  /// Converts the serialized object back, or returns nil.
  static func instanciate(from object: PropertyListSerializableType) -> Self?
}

extension DefaultsCoding where Value: UserDefaultsConvertible {
  /// The conversion of a ``UserDefaultsConvertible`` type.
  public static var userDefaultsConvertible: Self { Self(UserDefaultsConvertibleStrategy()) }
}

private struct UserDefaultsConvertibleStrategy<Value: UserDefaultsConvertible>: DefaultsCodingStrategy {
  func encode(_ value: Value) throws -> PropertyListValue? {
    try value.convertedObject().toDefaults()
  }

  func decode(_ value: PropertyListValue) -> Value? {
    Value.PropertyListSerializableType.fromDefaults(value).flatMap(Value.instanciate(from:))
  }
}

extension Default where Value: UserDefaultsConvertible {
  /// A property of a ``UserDefaultsConvertible`` type, as DefaultsWrapper declares it.
  public init(
    key: DefaultName, defaultValue: @autoclosure () -> Value, defaults: UserDefaults = .standard,
    registerValue: Bool = true
  ) {
    self.init(
      DefaultsKey(
        key, default: defaultValue(), store: UserDefaultsStore.store(for: defaults),
        coding: .userDefaultsConvertible, register: registerValue))
  }
}

extension Default {
  /// An optional property of a ``UserDefaultsConvertible`` type.
  public init<Wrapped: UserDefaultsConvertible>(
    key: DefaultName, defaultValue: @autoclosure () -> Wrapped? = nil,
    defaults: UserDefaults = .standard, registerValue: Bool = true
  ) where Value == Wrapped? {
    self.init(
      DefaultsKey(
        key, default: defaultValue(), store: UserDefaultsStore.store(for: defaults),
        coding: .optional(.userDefaultsConvertible), register: registerValue))
  }
}
