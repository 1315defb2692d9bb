/// How values of one type are converted to and from ``PropertyListValue``: the conformance to
/// ``DefaultsSerializable``, a raw value, or JSON with a chosen encoder and decoder.
///
/// Keys and the ``Default`` wrapper pick one through their initializers; you rarely name it.
///
/// ```swift
/// let coding = DefaultsCoding<Profile>.json(JSONCoding(encoder: encoder, decoder: decoder))
/// ```
public struct DefaultsCoding<Value>: Sendable {
  private let strategy: any DefaultsCodingStrategy<Value>

  /// A coding that uses `strategy`.
  public init(_ strategy: some DefaultsCodingStrategy<Value>) {
    self.strategy = strategy
  }

  /// The stored form of `value`; nil means "remove the key".
  public func encode(_ value: Value) throws -> PropertyListValue? {
    try strategy.encode(value)
  }

  /// The value for a stored form, or nil when it does not decode.
  public func decode(_ value: PropertyListValue) -> Value? {
    strategy.decode(value)
  }
}

/// One way of converting values to and from ``PropertyListValue``.
public protocol DefaultsCodingStrategy<Value>: Sendable {
  associatedtype Value
  /// The stored form of `value`; nil means "remove the key".
  func encode(_ value: Value) throws -> PropertyListValue?
  /// The value for a stored form, or nil when it does not decode.
  func decode(_ value: PropertyListValue) -> Value?
}

extension DefaultsCoding where Value: DefaultsSerializable {
  /// The type's own conformance.
  public static var serializable: Self { Self(SerializableStrategy()) }
}

extension DefaultsCoding where Value: RawRepresentable, Value.RawValue: DefaultsSerializable {
  /// The raw value, for enums that do not conform to ``DefaultsSerializable`` themselves.
  public static var rawValue: Self { Self(RawValueStrategy()) }
}

extension DefaultsCoding where Value: Codable {
  /// JSON data made with `coding`'s encoder and read with its decoder.
  public static func json(_ coding: JSONCoding) -> Self { Self(JSONStrategy(coding: coding)) }
}

extension DefaultsCoding {
  /// The optional form of a coding: `nil` removes the key.
  public static func optional<Wrapped>(_ wrapped: DefaultsCoding<Wrapped>) -> Self
  where Value == Wrapped? {
    Self(OptionalStrategy(wrapped: wrapped))
  }
}

private struct SerializableStrategy<Value: DefaultsSerializable>: DefaultsCodingStrategy {
  func encode(_ value: Value) throws -> PropertyListValue? { try value.toDefaults() }
  func decode(_ value: PropertyListValue) -> Value? { Value.fromDefaults(value) }
}

private struct RawValueStrategy<Value: RawRepresentable>: DefaultsCodingStrategy
where Value.RawValue: DefaultsSerializable {
  func encode(_ value: Value) throws -> PropertyListValue? { try value.rawValue.toDefaults() }
  func decode(_ value: PropertyListValue) -> Value? {
    guard let rawValue = Value.RawValue.fromDefaults(value) else { return nil }
    return Value(rawValue: rawValue)
  }
}

private struct JSONStrategy<Value: Codable>: DefaultsCodingStrategy {
  let coding: JSONCoding
  func encode(_ value: Value) throws -> PropertyListValue? {
    // NB: an optional's nil removes the key, as with every other coding, instead of storing
    // JSON `null`.
    if let optional = value as? any OptionalValue, optional.isNone { return nil }
    return .data(try coding.encode(value))
  }
  func decode(_ value: PropertyListValue) -> Value? { coding.decode(Value.self, from: value) }
}

private struct OptionalStrategy<Wrapped>: DefaultsCodingStrategy {
  let wrapped: DefaultsCoding<Wrapped>
  func encode(_ value: Wrapped?) throws -> PropertyListValue? {
    guard let value else { return nil }
    return try wrapped.encode(value)
  }
  func decode(_ value: PropertyListValue) -> Wrapped?? {
    guard let decoded = wrapped.decode(value) else { return nil }
    return .some(decoded)
  }
}

/// Lets generic code ask whether a value is an optional's `nil`.
private protocol OptionalValue {
  var isNone: Bool { get }
}

extension Optional: OptionalValue {
  var isNone: Bool { self == nil }
}
