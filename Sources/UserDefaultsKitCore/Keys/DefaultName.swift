/// The name of a setting: write it as a string literal, or declare names once as static
/// constants.
///
/// ```swift
/// extension DefaultName {
///   static let numberOfPlayers: DefaultName = "NumberOfPlayers"
/// }
/// let playerCount = DefaultsKey(.numberOfPlayers, default: 3)
/// ```
public struct DefaultName: RawRepresentable, Hashable, Sendable, ExpressibleByStringInterpolation,
  CustomStringConvertible
{
  public let rawValue: String

  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  public init(stringLiteral value: String) {
    self.rawValue = value
  }

  public var description: String { rawValue }
}
