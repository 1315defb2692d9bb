/// DefaultsWrapper 3's name of its property wrapper, which DefaultsWrapper 1 called `@Default`:
/// both names are UserDefaultsKit's `Default`, so the declarations of either version compile.
///
/// ```swift
/// struct Game {
///   @Defaults("NumberOfPlayers") var playerCount = 3
///   @Defaults("HighScore") var highscore: Double?
/// }
/// ```
public typealias Defaults = Default

/// DefaultsWrapper 3's name of a key, which DefaultsWrapper 1 called `DefaultName`: both are
/// UserDefaultsKit's `DefaultName`, so keys declared in an extension of either compile.
///
/// ```swift
/// extension UserDefaultsKeyName {
///   static let numberOfPlayers: UserDefaultsKeyName = "NumberOfPlayers"
/// }
/// ```
public typealias UserDefaultsKeyName = DefaultName

extension DefaultName {
  /// DefaultsWrapper 1's initializer of a key.
  ///
  /// ```swift
  /// let highScore = DefaultName(name: "HighScore")
  /// ```
  public init(name: String) {
    self.init(name)
  }
}
