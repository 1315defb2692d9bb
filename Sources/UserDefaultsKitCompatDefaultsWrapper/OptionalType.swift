/// DefaultsWrapper 1's abstraction of `Optional`, for the `.nil` its declarations use as a default.
///
/// ```swift
/// @Default(key: "HighScore", defaultValue: .nil) var highscore: Double?
/// ```
///
/// `wrapped` and `wrap(_:)` are disfavored, so that where the OptionalType package (which
/// DefaultsWrapper 3 depends on) is imported too, its members of the same names are used.
public protocol OptionalType {
  /// The type of the wrapped value.
  associatedtype Wrapped

  /// The optional as an `Optional`.
  var wrapped: Wrapped? { get }

  /// `nil`, where a `nil` literal cannot be written.
  static var `nil`: Self { get }

  /// The optional holding `wrapping`.
  static func wrap(_ wrapping: Wrapped) -> Self
}

extension Optional: OptionalType {
  @_disfavoredOverload
  public var wrapped: Wrapped? { self }

  public static var `nil`: Wrapped? { nil }

  @_disfavoredOverload
  public static func wrap(_ wrapping: Wrapped) -> Wrapped? { wrapping }
}
