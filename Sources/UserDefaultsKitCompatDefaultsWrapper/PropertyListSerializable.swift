import Foundation

/// DefaultsWrapper's name for a type whose values are property-list objects already. UserDefaultsKit
/// stores them through `DefaultsSerializable`.
///
/// The standard types conform, as do `NSNumber`, `NSString`, `NSData`, `NSDate`, `NSArray` and
/// `NSDictionary` (DefaultsWrapper 1 declares these; DefaultsWrapper 3 asks you to).
///
/// ```swift
/// @Default(key: "Tags", defaultValue: NSArray(array: ["swift"])) var tags: NSArray
/// ```
public protocol PropertyListSerializable: DefaultsSerializable {}

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
extension NSNumber: PropertyListSerializable {}
extension NSString: PropertyListSerializable {}
extension NSData: PropertyListSerializable {}
extension NSDate: PropertyListSerializable {}

extension NSArray: PropertyListSerializable {
  public func toDefaults() throws -> PropertyListValue? {
    guard let value = PropertyListValue(foundationObject: Array(self)) else {
      throw DefaultsError(
        .valueNotStorable, detail: "\(self) holds a value that is not a property-list value")
    }
    return value
  }

  /// An `NSArray` (or `NSMutableArray`) of the stored array's Foundation objects.
  public static func fromDefaults(_ value: PropertyListValue) -> Self? {
    guard case .array(let elements) = value else { return nil }
    return NSMutableArray(array: elements.map(\.foundationObject)) as? Self
  }
}

extension NSDictionary: PropertyListSerializable {
  public func toDefaults() throws -> PropertyListValue? {
    var entries: [String: Any] = [:]
    for (key, value) in self {
      guard let key = key as? String else {
        throw DefaultsError(.valueNotStorable, detail: "\(self) has a key that is not a string")
      }
      entries[key] = value
    }
    guard let value = PropertyListValue(foundationObject: entries) else {
      throw DefaultsError(
        .valueNotStorable, detail: "\(self) holds a value that is not a property-list value")
    }
    return value
  }

  /// An `NSDictionary` (or `NSMutableDictionary`) of the stored dictionary's Foundation objects.
  public static func fromDefaults(_ value: PropertyListValue) -> Self? {
    guard case .dictionary(let entries) = value else { return nil }
    return NSMutableDictionary(dictionary: entries.mapValues(\.foundationObject)) as? Self
  }
}

/// DefaultsWrapper's name for a `Codable` type stored as JSON data: what the library does for any
/// `Codable` type that has no property-list form of its own.
///
/// ```swift
/// struct Profile: UserDefaultsCodable { var name: String }
/// ```
public protocol UserDefaultsCodable: Codable {}

/// An array of `Codable` values is stored as the JSON data of the whole array.
extension Array: UserDefaultsCodable where Element: UserDefaultsCodable {}

extension Locale: UserDefaultsCodable {}
