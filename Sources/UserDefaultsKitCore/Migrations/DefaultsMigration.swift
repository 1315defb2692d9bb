/// How a setting reads what an earlier version of the app stored: a form it used to be stored in
/// (`from(_:_:)`, ``stored(_:)``), or a place it used to live (``moved(from:in:)``).
///
/// ```swift
/// enum TextSize: String { case small, medium, large }
/// // Version 1 stored the text size in points; version 2 stores a TextSize.
/// let textSize = DefaultsKey(
///   "textSize", default: TextSize.medium, store: InMemoryDefaultsStore(),
///   migrations: [.from(Int.self) { $0 < 14 ? .small : $0 < 18 ? .medium : .large }])
/// ```
///
/// - A stored value that does not decode as the setting's type is given to each conversion in
///   turn; the first that reads it gives the value (for an optional setting, a conversion that
///   gives nil removes the old value). The value is then written back in the current
///   form, once and atomically: only if the stored value is still the one converted. Observers hear
///   of it once. A value no conversion reads is read as the default, kept, and reported, as
///   without migrations; a conversion that throws is reported and writes nothing.
/// - A move runs when the key is made: while nothing is stored under the key, the value stored
///   under the earlier name in the earlier store is written to the key, then removed from where it
///   was. A value already stored under the key is never overwritten.
/// - ``DefaultsKey/migrate()`` runs both now, at launch, before another process reads the store.
public struct DefaultsMigration<Value>: Sendable {
  enum Kind: Sendable {
    case conversion(@Sendable (PropertyListValue) throws -> Value?)
    case move(DefaultName, any DefaultsStore)
  }

  let kind: Kind

  /// Reads a value stored as `Old` (a type the setting had before) and converts it.
  public static func from<Old: DefaultsSerializable>(
    _ type: Old.Type, _ convert: @escaping @Sendable (Old) throws -> Value
  ) -> Self {
    conversion(from: type, convert)
  }

  /// Reads a value stored as `Old`, a `RawRepresentable` type, and converts it.
  @_disfavoredOverload
  public static func from<Old: RawRepresentable>(
    _ type: Old.Type, _ convert: @escaping @Sendable (Old) throws -> Value
  ) -> Self where Old.RawValue: DefaultsSerializable {
    conversion(from: type, convert)
  }

  /// Reads a value stored as `Old`, a `Codable` type (JSON data), and converts it: a struct before
  /// a field was renamed.
  @_disfavoredOverload
  public static func from<Old: Codable>(
    _ type: Old.Type, _ convert: @escaping @Sendable (Old) throws -> Value
  ) -> Self {
    conversion(from: type, convert)
  }

  /// Reads a value stored as `Old`, a `RawRepresentable` and `Codable` type (its raw value), and
  /// converts it.
  @_disfavoredOverload
  public static func from<Old: RawRepresentable & Codable>(
    _ type: Old.Type, _ convert: @escaping @Sendable (Old) throws -> Value
  ) -> Self where Old.RawValue: DefaultsSerializable {
    conversion(from: type, convert)
  }

  /// A type that cannot be stored, so no value was ever stored as it.
  @_disfavoredOverload
  @available(
    *, unavailable,
    message:
      "no value was ever stored as this type: migrate from the type it was stored as (DefaultsSerializable, RawRepresentable with a storable raw value, or Codable)"
  )
  public static func from<Old>(_ type: Old.Type, _ convert: @escaping @Sendable (Old) throws -> Value) -> Self
  {
    fatalError("unavailable")
  }

  /// Reads the stored value itself, with a conversion of your own; nil when it does not read it.
  ///
  /// ```swift
  /// let launches = DefaultsKey(
  ///   "launches", default: 0, store: InMemoryDefaultsStore(),
  ///   migrations: [.stored { $0 == .string("never") ? 0 : nil }])
  /// ```
  public static func stored(_ convert: @escaping @Sendable (PropertyListValue) throws -> Value?) -> Self {
    Self(kind: .conversion(convert))
  }

  /// The setting was stored under `name` in `store` (another suite, such as the standard one
  /// before an app group's). In a settings type with a key prefix, the name gets the prefix, as
  /// its `previously:` names do, and the name as written is tried after it. For a store of your
  /// own, a default registered at the destination reads as a value there, and keeps the move from
  /// happening.
  ///
  /// ```swift
  /// let theme = DefaultsKey(
  ///   "theme", default: "system", store: InMemoryDefaultsStore(),
  ///   migrations: [.moved(from: "theme", in: UserDefaultsStore.standard)])
  /// ```
  public static func moved(from name: DefaultName, in store: any DefaultsStore) -> Self {
    Self(kind: .move(name, store))
  }

  private static func conversion<Old>(
    from type: Old.Type, _ convert: @escaping @Sendable (Old) throws -> Value
  ) -> Self {
    guard let coding = DefaultsCoding<Old>.automatic else {
      preconditionFailure("\(Old.self) passed a storable-type check but has no coding")
    }
    return Self(kind: .conversion { stored in try coding.decode(stored).map(convert) })
  }
}
