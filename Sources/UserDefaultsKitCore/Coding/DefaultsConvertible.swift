import Foundation

/// A type stored by converting it to another type that can be stored.
///
/// ```swift
/// extension SIMD2: DefaultsSerializable, DefaultsConvertible where Scalar == Int {
///   public func convertedObject() -> [String: Int] { ["x": x, "y": y] }
///   public static func instantiate(from object: [String: Int]) -> SIMD2<Int>? {
///     guard let x = object["x"], let y = object["y"] else { return nil }
///     return SIMD2(x: x, y: y)
///   }
/// }
/// ```
public protocol DefaultsConvertible: DefaultsSerializable {
  /// The type that is actually stored.
  associatedtype Converted: DefaultsSerializable

  /// Converts `self` to the stored type.
  func convertedObject() -> Converted

  /// Converts a stored value back, or returns nil when it does not describe a value.
  static func instantiate(from object: Converted) -> Self?
}

extension DefaultsConvertible {
  public func toDefaults() throws -> PropertyListValue? { try convertedObject().toDefaults() }
  public static func fromDefaults(_ value: PropertyListValue) -> Self? {
    Converted.fromDefaults(value).flatMap(instantiate(from:))
  }
}
