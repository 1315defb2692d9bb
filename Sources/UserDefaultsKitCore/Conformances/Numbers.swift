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

/// Not API: how the standard integer types conform to ``DefaultsSerializable``. Integers are
/// stored as plain property-list integers and read back with `init(exactly:)`, so a
/// stored value that does not fit the type reads as the default instead of wrapping around.
public protocol _DefaultsSerializableInteger: FixedWidthInteger, DefaultsSerializable {}

extension _DefaultsSerializableInteger {
  public func toDefaults() throws -> PropertyListValue? { PropertyListValue(integer: self) }
  public static func fromDefaults(_ value: PropertyListValue) -> Self? { value.exactInteger() }
}

extension Int: _DefaultsSerializableInteger {}
extension Int8: _DefaultsSerializableInteger {}
extension Int16: _DefaultsSerializableInteger {}
extension Int32: _DefaultsSerializableInteger {}
extension Int64: _DefaultsSerializableInteger {}
extension UInt: _DefaultsSerializableInteger {}
extension UInt8: _DefaultsSerializableInteger {}
extension UInt16: _DefaultsSerializableInteger {}
extension UInt32: _DefaultsSerializableInteger {}
extension UInt64: _DefaultsSerializableInteger {}

/// Not API: how the standard floating-point types conform to ``DefaultsSerializable``.
/// Floating-point values are stored as property-list reals (doubles), whatever their width.
public protocol _DefaultsSerializableFloatingPoint: BinaryFloatingPoint, DefaultsSerializable {}

extension _DefaultsSerializableFloatingPoint {
  public func toDefaults() throws -> PropertyListValue? { .double(Double(self)) }
  public static func fromDefaults(_ value: PropertyListValue) -> Self? {
    value.doubleValue.map { Self($0) }
  }
}

extension Double: _DefaultsSerializableFloatingPoint {}
extension Float: _DefaultsSerializableFloatingPoint {}
extension CGFloat: _DefaultsSerializableFloatingPoint {}
