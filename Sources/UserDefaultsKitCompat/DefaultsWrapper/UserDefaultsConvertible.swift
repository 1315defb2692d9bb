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
public protocol UserDefaultsConvertible: SendableMetatype {
  /// The type that is actually stored.
  associatedtype PropertyListSerializableType: PropertyListSerializable

  /// Converts `self` to a serializable type.
  func convertedObject() -> PropertyListSerializableType

  /// Converts the serialized object back, or returns nil.
  static func instanciate(from object: PropertyListSerializableType) -> Self?
}

extension DefaultsCoding where Value: UserDefaultsConvertible {
  /// The conversion of a ``UserDefaultsConvertible`` type.
  public static var userDefaultsConvertible: Self {
    Self(
      encode: { try $0.convertedObject().toDefaults() },
      decode: { Value.PropertyListSerializableType.fromDefaults($0).flatMap(Value.instanciate(from:)) })
  }
}
