import Foundation

extension Bool: DefaultsSerializable {
  public func toDefaults() throws -> PropertyListValue? { .bool(self) }

  /// Reads `true`/`false`, the numbers 0 and 1 that other code may have stored, and the strings
  /// a `-key YES` launch argument produces.
  public static func fromDefaults(_ value: PropertyListValue) -> Bool? {
    switch value {
    case .bool(let flag): return flag
    case .integer(0): return false
    case .integer(1): return true
    case .string(let text):
      switch text.lowercased() {
      case "yes", "true", "1": return true
      case "no", "false", "0": return false
      default: return nil
      }
    default: return nil
    }
  }
}

/// Integers are stored as plain property-list integers and read back with `init(exactly:)`, so a
/// stored value that does not fit the type reads as the default instead of wrapping around.
public protocol DefaultsSerializableInteger: FixedWidthInteger, DefaultsSerializable {}

extension DefaultsSerializableInteger {
  public func toDefaults() throws -> PropertyListValue? { PropertyListValue(integer: self) }
  public static func fromDefaults(_ value: PropertyListValue) -> Self? { value.exactInteger() }
}

extension Int: DefaultsSerializableInteger {}
extension Int8: DefaultsSerializableInteger {}
extension Int16: DefaultsSerializableInteger {}
extension Int32: DefaultsSerializableInteger {}
extension Int64: DefaultsSerializableInteger {}
extension UInt: DefaultsSerializableInteger {}
extension UInt8: DefaultsSerializableInteger {}
extension UInt16: DefaultsSerializableInteger {}
extension UInt32: DefaultsSerializableInteger {}
extension UInt64: DefaultsSerializableInteger {}

/// Floating-point values are stored as property-list reals (doubles), whatever their width.
public protocol DefaultsSerializableFloatingPoint: BinaryFloatingPoint, DefaultsSerializable {}

extension DefaultsSerializableFloatingPoint {
  public func toDefaults() throws -> PropertyListValue? { .double(Double(self)) }
  public static func fromDefaults(_ value: PropertyListValue) -> Self? {
    value.doubleValue.map { Self($0) }
  }
}

extension Double: DefaultsSerializableFloatingPoint {}
extension Float: DefaultsSerializableFloatingPoint {}
extension CGFloat: DefaultsSerializableFloatingPoint {}
