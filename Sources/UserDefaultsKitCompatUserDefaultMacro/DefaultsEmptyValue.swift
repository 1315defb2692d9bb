import Foundation

/// A type with an obvious empty value (`0`, `false`, `""`, `[]`, `[:]`, empty `Data`): what
/// UserDefaultMacro's properties read, instead of crashing, when they are declared without a
/// default and nothing is stored.
///
/// ```swift
/// let count = Int.defaultsEmptyValue  // 0
/// ```
public protocol DefaultsEmptyValue {
  /// The empty value.
  static var defaultsEmptyValue: Self { get }
}

extension Int: DefaultsEmptyValue { public static var defaultsEmptyValue: Int { 0 } }
extension Double: DefaultsEmptyValue { public static var defaultsEmptyValue: Double { 0 } }
extension Float: DefaultsEmptyValue { public static var defaultsEmptyValue: Float { 0 } }
extension Bool: DefaultsEmptyValue { public static var defaultsEmptyValue: Bool { false } }
extension String: DefaultsEmptyValue { public static var defaultsEmptyValue: String { "" } }
extension Data: DefaultsEmptyValue { public static var defaultsEmptyValue: Data { Data() } }
extension Array: DefaultsEmptyValue { public static var defaultsEmptyValue: [Element] { [] } }
extension Set: DefaultsEmptyValue { public static var defaultsEmptyValue: Set<Element> { [] } }
extension Dictionary: DefaultsEmptyValue { public static var defaultsEmptyValue: [Key: Value] { [:] } }
