/// A type that the library knows how to store: it converts itself to a ``PropertyListValue`` and
/// back.
///
/// Every standard value type conforms already. A `RawRepresentable` type with a storable raw value
/// and a `Codable` type need no conformance to be a setting: ``DefaultsCoding/automatic`` stores
/// the raw value or JSON data. Declare the conformance (its implementation is provided) when the
/// type is an element of a stored collection, such as `[Theme]`:
///
/// ```swift
/// enum Theme: String, DefaultsSerializable { case light, dark }
/// struct Profile: Codable, DefaultsSerializable { var name: String }
/// ```
///
/// For any other type, implement the two requirements, or adopt ``DefaultsConvertible`` to map it
/// to a type that already conforms.
public protocol DefaultsSerializable {
  /// The stored form of the value, or nil to mean "no value": only `Optional.none` returns nil,
  /// and storing it removes the key. Throw when the value has no stored form (the library's
  /// conformances throw ``DefaultsError/Kind/valueNotStorable``); a write of it then fails.
  func toDefaults() throws -> PropertyListValue?

  /// The value for a stored form, or nil when the stored form does not describe a value of this
  /// type (then the library falls back to the default and leaves the stored data untouched).
  static func fromDefaults(_ value: PropertyListValue) -> Self?
}
