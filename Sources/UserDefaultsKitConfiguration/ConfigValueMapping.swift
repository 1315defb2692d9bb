import Configuration
import Foundation
import UserDefaultsKitCore

/// How a suite's property-list values read as configuration values, exactly:
/// `string` is a string; `int` an integer that fits `Int`; `double` a floating-point number, or
/// an integer a `Double` holds exactly; `bool` a Boolean; `bytes` data; each array type an array
/// whose every element is of that type. A date, a dictionary, a number that does not fit, or an
/// array of mixed elements is of no configuration type.
enum ConfigValueMapping {
  /// The configuration content `stored` is as `type`; nil when it is not one.
  static func content(of stored: PropertyListValue, as type: ConfigType) -> ConfigContent? {
    switch type {
    case .string: return string(stored).map(ConfigContent.string)
    case .int: return int(stored).map(ConfigContent.int)
    case .double: return double(stored).map(ConfigContent.double)
    case .bool: return bool(stored).map(ConfigContent.bool)
    case .bytes: return bytes(stored).map(ConfigContent.bytes)
    case .stringArray: return array(stored, string).map(ConfigContent.stringArray)
    case .intArray: return array(stored, int).map(ConfigContent.intArray)
    case .doubleArray: return array(stored, double).map(ConfigContent.doubleArray)
    case .boolArray: return array(stored, bool).map(ConfigContent.boolArray)
    case .byteChunkArray: return array(stored, bytes).map(ConfigContent.byteChunkArray)
    }
  }

  private static func string(_ value: PropertyListValue) -> String? {
    if case .string(let text) = value { return text }
    return nil
  }

  private static func int(_ value: PropertyListValue) -> Int? {
    switch value {
    case .integer(let number): return Int(exactly: number)
    case .unsignedInteger(let number): return Int(exactly: number)
    default: return nil
    }
  }

  private static func double(_ value: PropertyListValue) -> Double? {
    switch value {
    case .double(let number): return number
    case .integer(let number): return Double(exactly: number)
    case .unsignedInteger(let number): return Double(exactly: number)
    default: return nil
    }
  }

  private static func bool(_ value: PropertyListValue) -> Bool? {
    if case .bool(let flag) = value { return flag }
    return nil
  }

  private static func bytes(_ value: PropertyListValue) -> [UInt8]? {
    if case .data(let data) = value { return [UInt8](data) }
    return nil
  }

  private static func array<Element>(_ value: PropertyListValue, _ element: (PropertyListValue) -> Element?)
    -> [Element]?
  {
    guard case .array(let values) = value else { return nil }
    var elements: [Element] = []
    for value in values {
      guard let converted = element(value) else { return nil }
      elements.append(converted)
    }
    return elements
  }
}

extension PropertyListValue {
  /// What kind of value this is, for an error that must not show the value.
  var kind: String {
    switch self {
    case .bool: return "a Boolean"
    case .integer, .unsignedInteger: return "an integer"
    case .double: return "a floating-point number"
    case .string: return "a string"
    case .data: return "data"
    case .date: return "a date"
    case .array: return "an array"
    case .dictionary: return "a dictionary"
    }
  }
}
