extension DefaultsSerializable where Self: RawRepresentable, RawValue: DefaultsSerializable {
  /// Stored as the raw value: `enum Theme: String` keeps `"dark"`, readable by plain
  /// `UserDefaults` code. A stored raw value with no matching case reads as the default.
  public func toDefaults() throws -> PropertyListValue? { try rawValue.toDefaults() }
  public static func fromDefaults(_ value: PropertyListValue) -> Self? {
    RawValue.fromDefaults(value).flatMap(Self.init(rawValue:))
  }
}

// NB: A `String` enum is usually `Codable` too; this more specific extension picks the raw value
// over JSON so that the two default implementations are not ambiguous.
extension DefaultsSerializable
where Self: RawRepresentable & Codable, RawValue: DefaultsSerializable {
  public func toDefaults() throws -> PropertyListValue? { try rawValue.toDefaults() }
  public static func fromDefaults(_ value: PropertyListValue) -> Self? {
    RawValue.fromDefaults(value).flatMap(Self.init(rawValue:))
  }
}
