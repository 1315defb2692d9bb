import Foundation
import UserDefaultsKitCore

/// One value written under its own key and read back: the unit of the round-trip matrix, shared
/// by the in-process tests and the helper executable that writes and reads in fresh processes.
public struct RoundTripCase: Sendable {
  /// The case's name, which is also its key.
  public let name: String
  private let writeValue: @Sendable (any DefaultsStore, String) -> Void
  private let mismatch: @Sendable (any DefaultsStore, String) -> String?

  /// A case for `value`, compared with `equal` after the round trip.
  public init<Value: DefaultsSerializable & Sendable>(
    _ name: String, _ value: Value,
    equal: @escaping @Sendable (Value, Value) -> Bool
  ) {
    self.name = name
    self.writeValue = { store, key in
      DefaultsKey(DefaultName(key), default: value, store: store, register: false).value = value
    }
    self.mismatch = { store, key in
      let key = DefaultsKey<Value?>(DefaultName(key), default: nil, store: store)
      guard let readBack = key.value else { return "nothing read back" }
      return equal(readBack, value) ? nil : "read back \(readBack), expected \(value)"
    }
  }

  /// A case compared with `==`.
  public init<Value: DefaultsSerializable & Sendable & Equatable>(_ name: String, _ value: Value) {
    self.init(name, value, equal: ==)
  }

  /// Writes the value to `store` under `prefix + name`.
  public func write(to store: any DefaultsStore, prefix: String = "") {
    writeValue(store, prefix + name)
  }

  /// Nil when `store` holds the value under `prefix + name`; otherwise what went wrong.
  public func mismatch(in store: any DefaultsStore, prefix: String = "") -> String? {
    mismatch(store, prefix + name)
  }
}

/// Floating-point values are equal when their bits are, so NaN matches NaN and -0.0 does not
/// match 0.0.
public func sameBits<T: BinaryFloatingPoint>(_ lhs: T, _ rhs: T) -> Bool {
  lhs.isNaN ? rhs.isNaN : (lhs == rhs && lhs.sign == rhs.sign)
}
