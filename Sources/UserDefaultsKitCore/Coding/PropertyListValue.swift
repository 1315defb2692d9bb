import Foundation

/// A property-list value: the portable form every stored setting takes.
///
/// Conformances to ``DefaultsSerializable`` convert Swift values to and from this type; stores
/// convert it to and from what their backend holds. Integers that fit in `Int64` are always
/// ``integer(_:)``; only larger ones use ``unsignedInteger(_:)``.
///
/// ```swift
/// let point: PropertyListValue = .dictionary(["x": .double(1), "y": .double(2)])
/// ```
public enum PropertyListValue: Sendable {
  case bool(Bool)
  case integer(Int64)
  case unsignedInteger(UInt64)
  case double(Double)
  case string(String)
  case data(Data)
  case date(Date)
  case array([PropertyListValue])
  case dictionary([String: PropertyListValue])
}

extension PropertyListValue {
  /// An integer value in its canonical case: ``integer(_:)`` when it fits in `Int64`.
  ///
  /// ```swift
  /// let byte = PropertyListValue(integer: UInt8.max)  // .integer(255)
  /// ```
  public init<T: BinaryInteger>(integer value: T) {
    if let signed = Int64(exactly: value) {
      self = .integer(signed)
    } else {
      self = .unsignedInteger(UInt64(value))
    }
  }

  /// The value as an integer of type `T` when it is a number that `T` represents exactly.
  ///
  /// A `Bool` is not a number here: `true` does not read as `1`. Numeric strings are accepted, so
  /// values given as launch arguments (`-count 3`) read as numbers too.
  public func exactInteger<T: FixedWidthInteger>(as type: T.Type = T.self) -> T? {
    switch self {
    case .integer(let value): return T(exactly: value)
    case .unsignedInteger(let value): return T(exactly: value)
    case .double(let value): return T(exactly: value)
    case .string(let text):
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      return T(trimmed) ?? Double(trimmed).flatMap { T(exactly: $0) }
    default: return nil
    }
  }

  /// The value as a `Double` when it is a number or a numeric string.
  public var doubleValue: Double? {
    switch self {
    case .integer(let value): return Double(value)
    case .unsignedInteger(let value): return Double(value)
    case .double(let value): return value
    case .string(let text): return Double(text.trimmingCharacters(in: .whitespaces))
    default: return nil
    }
  }
}

extension PropertyListValue: Equatable {
  /// Structural equality. Doubles compare by bit pattern, so `NaN == NaN` and `-0.0 != 0.0`:
  /// a write of the same bits is not a change, a write that flips the sign is.
  public static func == (lhs: PropertyListValue, rhs: PropertyListValue) -> Bool {
    switch (lhs, rhs) {
    case (.bool(let a), .bool(let b)): return a == b
    case (.integer(let a), .integer(let b)): return a == b
    case (.unsignedInteger(let a), .unsignedInteger(let b)): return a == b
    case (.integer(let a), .unsignedInteger(let b)), (.unsignedInteger(let b), .integer(let a)):
      return a >= 0 && UInt64(a) == b
    case (.double(let a), .double(let b)): return a.bitPattern == b.bitPattern
    case (.string(let a), .string(let b)): return a == b
    case (.data(let a), .data(let b)): return a == b
    case (.date(let a), .date(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.dictionary(let a), .dictionary(let b)): return a == b
    default: return false
    }
  }
}
