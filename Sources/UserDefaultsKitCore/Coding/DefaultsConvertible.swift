import Foundation

/// A type stored by converting it to another type that can be stored.
///
/// ```swift
/// extension SIMD2: DefaultsConvertible where Scalar == Int {
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

/// A type whose values are property-list objects already: DefaultsWrapper's name for the types
/// `UserDefaults` stores natively. Foundation object types can opt in with an empty extension.
///
/// ```swift
/// extension NSArray: PropertyListSerializable {}
/// ```
public protocol PropertyListSerializable: DefaultsSerializable {}

extension PropertyListSerializable where Self: NSObject {
  public func toDefaults() throws -> PropertyListValue? {
    guard let value = PropertyListValue(foundationObject: self) else {
      throw DefaultsEncodingError.conversionFailed("\(type(of: self)) is not a property-list object")
    }
    return value
  }

  public static func fromDefaults(_ value: PropertyListValue) -> Self? {
    value.foundationObject as AnyObject as? Self
  }
}

extension Bool: PropertyListSerializable {}
extension Int: PropertyListSerializable {}
extension Double: PropertyListSerializable {}
extension Float: PropertyListSerializable {}
extension String: PropertyListSerializable {}
extension Data: PropertyListSerializable {}
extension Date: PropertyListSerializable {}
extension URL: PropertyListSerializable {}
extension Array: PropertyListSerializable where Element: PropertyListSerializable {}
extension Dictionary: PropertyListSerializable where Key == String, Value: PropertyListSerializable {}
