import Foundation

/// DefaultsWrapper's name for a type whose values are property-list objects already. UserDefaultsKit
/// stores them through `DefaultsSerializable`; Foundation object types can opt in with an empty
/// extension, as in DefaultsWrapper.
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

/// DefaultsWrapper's name for a `Codable` type stored as JSON data.
///
/// ```swift
/// struct Profile: UserDefaultsCodable { var name: String }
/// ```
public protocol UserDefaultsCodable: Codable, DefaultsSerializable {}
