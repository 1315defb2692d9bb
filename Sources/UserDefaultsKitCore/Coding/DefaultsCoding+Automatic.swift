import Foundation

// The one place that decides how a type is stored. Every API that declares a setting asks
// `DefaultsCoding.automatic`; the default implementations of `DefaultsSerializable` below call the
// same helpers, so a type stores the same form whichever way it is declared.

extension DefaultsCoding {
  /// The coding that every API uses for `Value`, chosen in this order:
  /// 1. the type's own ``DefaultsSerializable`` conformance;
  /// 2. an `Optional`: the wrapped type's coding, with `nil` removing the key;
  /// 3. a `RawRepresentable` whose raw value is storable: the raw value, also when the type is
  ///    `Codable` (plain `UserDefaults` code, `@AppStorage` and `defaults read` understand it);
  /// 4. a `Codable` type: JSON data with sorted keys.
  ///
  /// Nil for any other type. Whatever the rule, a `Codable` type also reads JSON, as data (what
  /// earlier releases stored) or as a string (what sindresorhus/Defaults stores); the next write
  /// stores the form above.
  ///
  /// ```swift
  /// enum Theme: String, Codable { case light, dark }
  /// let stored = try DefaultsCoding<Theme>.automatic?.encode(.dark)  // .string("dark")
  /// ```
  public static var automatic: Self? {
    if let serializable = Value.self as? any DefaultsSerializable.Type {
      return conformance(of: serializable)
    }
    if let optional = Value.self as? any OptionalCoding.Type {
      return optional.automaticOptionalCoding() as? Self
    }
    if let raw = Value.self as? any RawRepresentable.Type, let coding = rawValueCoding(of: raw) {
      return coding
    }
    if let codable = Value.self as? any Codable.Type {
      return jsonCoding(of: codable)
    }
    return nil
  }

  // NB: each rule builds the coding of the opened type `T`, which is `Value`, and casts the coding
  // once, so that encoding and decoding a value does not look up conformances again (a raw value
  // is still cast to its concrete type, which costs no lookup).

  private static func conformance<T: DefaultsSerializable>(of type: T.Type) -> Self {
    DefaultsCoding<T>(
      encoding: { try $0.toDefaults() },
      decoding: { stored in T.decodeStored(stored) }) as! Self
  }

  private static func rawValueCoding<T: RawRepresentable>(of type: T.Type) -> Self? {
    guard let raw = T.RawValue.self as? any DefaultsSerializable.Type else { return nil }
    return rawValueCoding(of: type, raw: raw)
  }

  private static func rawValueCoding<T: RawRepresentable, Raw: DefaultsSerializable>(
    of type: T.Type, raw: Raw.Type
  ) -> Self {
    DefaultsCoding<T>(
      encoding: { try ($0.rawValue as! Raw).toDefaults() },
      decoding: { stored in
        Raw.fromDefaults(stored).flatMap { T(rawValue: $0 as! T.RawValue) }
          ?? LegacyJSON.decode(T.self, from: stored)
      }) as! Self
  }

  private static func jsonCoding<T: Codable>(of type: T.Type) -> Self {
    DefaultsCoding<T>(
      encoding: { .data(try JSONCoding.standard.encode($0)) },
      decoding: { JSONCoding.standard.decode(T.self, from: $0) }) as! Self
  }
}

/// Lets ``DefaultsCoding/automatic`` find the coding of an optional's wrapped type.
protocol OptionalCoding {
  static func automaticOptionalCoding() -> Any?
}

extension Optional: OptionalCoding {
  static func automaticOptionalCoding() -> Any? {
    DefaultsCoding<Wrapped>.automatic.map { DefaultsCoding<Wrapped?>.optional($0) }
  }
}

/// Rule 3 of ``DefaultsCoding/automatic``, for the default implementations of
/// `DefaultsSerializable`.
enum RawValueCoding {
  static func decode<T: RawRepresentable>(_ stored: PropertyListValue) -> T?
  where T.RawValue: DefaultsSerializable {
    T.RawValue.fromDefaults(stored).flatMap(T.init(rawValue:))
  }
}

extension DefaultsSerializable {
  /// The value for a stored form, as every API reads it: the type's own form, else (for a
  /// `Codable` type) JSON. Collections read their elements with it, so that an element reads as
  /// the same value would on its own (a `[URL]` that sindresorhus/Defaults stored as JSON strings).
  static func decodeStored(_ value: PropertyListValue) -> Self? {
    fromDefaults(value) ?? LegacyJSON.decode(Self.self, from: value)
  }
}

/// JSON that an earlier release (data) or another library (data, or a string as
/// sindresorhus/Defaults writes) stored for a `Codable` type that is now stored in another form.
enum LegacyJSON {
  static func decode<T>(_ type: T.Type, from stored: PropertyListValue) -> T? {
    guard let decodable = T.self as? any Decodable.Type,
      let decoded = JSONCoding.standard.decode(decodable, from: stored)
    else { return nil }
    // NB: unwrapped first, as `as? T` would turn a failed decode into `nil` of an optional `T`.
    return decoded as? T
  }
}

extension DefaultsSerializable where Self: RawRepresentable, RawValue: DefaultsSerializable {
  /// Stored as the raw value: `enum Theme: String` keeps `"dark"`. A stored raw value with no
  /// matching case reads as the default.
  public func toDefaults() throws -> PropertyListValue? { try rawValue.toDefaults() }
  public static func fromDefaults(_ value: PropertyListValue) -> Self? { RawValueCoding.decode(value) }
}

extension DefaultsSerializable where Self: Codable {
  /// Stored as JSON data, encoded with sorted keys so that equal values store equal bytes. A
  /// stored value that no longer decodes reads as the default; the bytes are left as they are.
  public func toDefaults() throws -> PropertyListValue? { .data(try JSONCoding.standard.encode(self)) }
  public static func fromDefaults(_ value: PropertyListValue) -> Self? {
    JSONCoding.standard.decode(Self.self, from: value)
  }
}

// NB: the raw value wins over JSON (rule 3 before rule 4); without this extension the two above
// would be ambiguous for a `String` enum that is also `Codable`.
extension DefaultsSerializable where Self: RawRepresentable & Codable, RawValue: DefaultsSerializable {
  public func toDefaults() throws -> PropertyListValue? { try rawValue.toDefaults() }
  public static func fromDefaults(_ value: PropertyListValue) -> Self? { RawValueCoding.decode(value) }
}
