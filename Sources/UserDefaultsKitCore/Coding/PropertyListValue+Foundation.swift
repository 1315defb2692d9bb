import CoreFoundation
import Foundation

extension PropertyListValue {
  /// Reads whatever Foundation hands back for a stored value.
  ///
  /// Foundation returns numbers as `Int`, `Int64`, `UInt64`, `Float`, `Double`, `Bool` or
  /// `NSNumber` depending on platform, size and whether the value came from disk, and collections
  /// as `[Any?]` or `[AnyHashable: Any?]`. This initializer folds all of those into one shape.
  /// It returns nil for anything that is not a property-list value.
  ///
  /// ```swift
  /// let value = PropertyListValue(foundationObject: UserDefaults.standard.object(forKey: "k") as Any)
  /// ```
  public init?(foundationObject object: Any) {
    if let number = Self.number(from: object) {
      self = number
      return
    }
    switch object {
    case let text as String: self = .string(text)
    case let data as Data: self = .data(data)
    case let date as Date: self = .date(date)
    case let url as URL: self = .string(url.absoluteString)
    case let array as [Any?]:
      var elements: [PropertyListValue] = []
      elements.reserveCapacity(array.count)
      for element in array {
        guard let element, let value = PropertyListValue(foundationObject: element) else { return nil }
        elements.append(value)
      }
      self = .array(elements)
    case let dictionary as [AnyHashable: Any?]:
      var entries: [String: PropertyListValue] = [:]
      entries.reserveCapacity(dictionary.count)
      for (key, element) in dictionary {
        guard let key = key.base as? String, let element,
          let value = PropertyListValue(foundationObject: element)
        else { return nil }
        entries[key] = value
      }
      self = .dictionary(entries)
    default:
      return nil
    }
  }

  /// The Foundation object that `UserDefaults.set(_:forKey:)` accepts for this value.
  public var foundationObject: Any {
    switch self {
    case .bool(let value): return value
    // NB: Int is 32 bits on watchOS (armv7k, arm64_32): a larger value goes as an Int64 NSNumber.
    case .integer(let value): return Int(exactly: value).map { $0 as Any } ?? NSNumber(value: value)
    case .unsignedInteger(let value): return NSNumber(value: value)
    case .double(let value): return value
    case .string(let value): return value
    case .data(let value): return value
    case .date(let value): return value
    case .array(let values): return values.map(\.foundationObject)
    case .dictionary(let values): return values.mapValues(\.foundationObject)
    }
  }

  /// Classifies a number without trusting Swift's bridging casts, which on Apple platforms turn
  /// `1` into `true` and `true` into `1`.
  private static func number(from object: Any) -> PropertyListValue? {
    switch object {
    case let value as Bool where type(of: object) == Bool.self: return .bool(value)
    case let value as Int where type(of: object) == Int.self: return PropertyListValue(integer: value)
    case let value as Int64 where type(of: object) == Int64.self: return .integer(value)
    case let value as UInt64 where type(of: object) == UInt64.self:
      return PropertyListValue(integer: value)
    case let value as Double where type(of: object) == Double.self: return .double(value)
    case let value as Float where type(of: object) == Float.self: return .double(Double(value))
    case let value as CGFloat where type(of: object) == CGFloat.self:
      return .double(Double(value))
    case let value as Int8 where type(of: object) == Int8.self: return PropertyListValue(integer: value)
    case let value as Int16 where type(of: object) == Int16.self:
      return PropertyListValue(integer: value)
    case let value as Int32 where type(of: object) == Int32.self:
      return PropertyListValue(integer: value)
    case let value as UInt where type(of: object) == UInt.self: return PropertyListValue(integer: value)
    case let value as UInt8 where type(of: object) == UInt8.self:
      return PropertyListValue(integer: value)
    case let value as UInt16 where type(of: object) == UInt16.self:
      return PropertyListValue(integer: value)
    case let value as UInt32 where type(of: object) == UInt32.self:
      return PropertyListValue(integer: value)
    case let value as Decimal where type(of: object) == Decimal.self: return .string(value.description)
    default:
      guard type(of: object) is NSNumber.Type, let number = object as? NSNumber else { return nil }
      return number.propertyListValue
    }
  }
}

extension NSNumber {
  /// The number's value, classified by its Core Foundation type rather than by bridging casts.
  fileprivate var propertyListValue: PropertyListValue {
    if CFGetTypeID(self) == CFBooleanGetTypeID() { return .bool(boolValue) }
    if CFNumberIsFloatType(unsafeBitCast(self, to: CFNumber.self)) { return .double(doubleValue) }
    if objCType.pointee == CChar(UInt8(ascii: "Q")) { return PropertyListValue(integer: uint64Value) }
    return .integer(int64Value)
  }
}
