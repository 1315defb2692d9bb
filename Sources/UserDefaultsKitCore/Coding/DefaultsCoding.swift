import Foundation

/// How values of one type are converted to and from ``PropertyListValue``.
///
/// Every API that declares a setting (``DefaultsKey``, ``Default``, the macros, the compatibility
/// module) uses ``automatic`` unless it is given a coding explicitly, so a type is stored the same
/// way whichever API declares it. Name a coding yourself only for JSON with your own encoder:
///
/// ```swift
/// let encoder = JSONEncoder()
/// encoder.dateEncodingStrategy = .iso8601
/// let coding = DefaultsCoding<[Date]>.json(JSONCoding(encoder: encoder, decoder: JSONDecoder()))
/// ```
public struct DefaultsCoding<Value>: @unchecked Sendable {
  // NB: the functions are Sendable: the public initializer takes only Sendable ones, and the
  // library's own capture nothing but types.
  private let encodeValue: (Value) throws -> PropertyListValue?
  private let decodeValue: (PropertyListValue) -> Value?

  /// A coding made of two functions. `encode` returns nil to mean "remove the key" (an optional's
  /// `nil`); `decode` returns nil when a stored form does not describe a value.
  ///
  /// ```swift
  /// let celsius = DefaultsCoding<Measurement<UnitTemperature>>(
  ///   encode: { .double($0.converted(to: .celsius).value) },
  ///   decode: { $0.doubleValue.map { Measurement(value: $0, unit: .celsius) } })
  /// ```
  public init(
    encode: @escaping @Sendable (Value) throws -> PropertyListValue?,
    decode: @escaping @Sendable (PropertyListValue) -> Value?
  ) {
    self.init(encoding: encode, decoding: decode)
  }

  /// The library's own codings (the compatibility module's included), whose functions capture
  /// only types and codings that never change.
  package init(
    encoding: @escaping (Value) throws -> PropertyListValue?,
    decoding: @escaping (PropertyListValue) -> Value?
  ) {
    self.encodeValue = encoding
    self.decodeValue = decoding
  }

  /// The stored form of `value`; nil means "remove the key".
  public func encode(_ value: Value) throws -> PropertyListValue? {
    try encodeValue(value)
  }

  /// The value for a stored form, or nil when it does not decode.
  public func decode(_ value: PropertyListValue) -> Value? {
    decodeValue(value)
  }
}

extension DefaultsCoding where Value: Codable {
  /// JSON data made with `coding`'s encoder and read with its decoder. An optional's `nil` removes
  /// the key rather than storing JSON `null`.
  public static func json(_ coding: JSONCoding) -> Self {
    data(encode: coding.encode, decode: { try coding.decode(Value.self, from: $0) })
  }

  /// JSON text stored as a string, the form sindresorhus/Defaults stores for a `Codable` value, so
  /// that code still on Defaults (an app extension not switched yet) reads what this key writes;
  /// it reads JSON data too. An optional's `nil` removes the key.
  ///
  /// ```swift
  /// let profile = DefaultsKey<Profile?>(
  ///   "profile", default: nil, store: UserDefaultsStore.standard, coding: .jsonString(.standard))
  /// ```
  public static func jsonString(_ coding: JSONCoding) -> Self {
    Self(
      encoding: { value in
        if let optional = value as? any OptionalValue, optional.isNone { return nil }
        return .string(String(decoding: try coding.encode(value), as: UTF8.self))
      },
      decoding: { coding.decode(Value.self, from: $0) })
  }

  /// Data made by `encode` and read by `decode` (data that does not decode reads as the key's
  /// default); an optional's `nil` removes the key rather than storing the data of `nil`. The
  /// compatibility module's codings are made with it too.
  package static func data(
    encode: @escaping (Value) throws -> Data, decode: @escaping (Data) throws -> Value
  ) -> Self {
    Self(
      encoding: { value in
        if let optional = value as? any OptionalValue, optional.isNone { return nil }
        return .data(try encode(value))
      },
      decoding: { stored in
        guard case .data(let data) = stored else { return nil }
        return try? decode(data)
      })
  }
}

extension DefaultsCoding {
  /// The optional form of a coding: `nil` removes the key; a stored form that the wrapped coding
  /// cannot decode does not decode here either, so the key's default applies.
  ///
  /// ```swift
  /// let coding = DefaultsCoding<[Date]?>.optional(.json(.standard))
  /// ```
  public static func optional<Wrapped>(_ wrapped: DefaultsCoding<Wrapped>) -> Self
  where Value == Wrapped? {
    Self(
      encoding: { value in try value.flatMap(wrapped.encode) },
      decoding: { stored in wrapped.decode(stored).map(Optional.some) })
  }
}

/// Lets generic code ask whether a value is an optional's `nil`.
protocol OptionalValue {
  var isNone: Bool { get }
}

extension Optional: OptionalValue {
  var isNone: Bool { self == nil }
}
