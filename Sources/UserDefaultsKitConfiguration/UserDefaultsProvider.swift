import Configuration
import UserDefaultsKitCore

/// A swift-configuration provider over one suite, of any store that can list its values
/// (`ListableDefaultsStore`: a `UserDefaults` suite, an in-memory store, a PostgreSQL suite): the
/// settings a user edits (with `userdefaults write`, or an app's own settings type) beside
/// environment variables, command-line arguments and files, through one `ConfigReader`.
///
/// ```swift
/// let config = ConfigReader(providers: [
///   EnvironmentVariablesProvider(),
///   UserDefaultsProvider(store: UserDefaultsStore.suite("com.example.server")),
/// ])
/// let greeting = config.string(forKey: "greeting", default: "Hello")
/// ```
///
/// - Order: `ConfigReader` answers with the first value its providers give, in their order, so
///   after `EnvironmentVariablesProvider()`, as above, the environment wins over the suite; list
///   this provider first to let the suite win.
/// - Values are what the suite stores, without registered defaults or launch arguments (a default
///   an app registered would hide the layers below this provider). Each reads as a `ConfigType`
///   exactly: `string` a string; `int` an integer that fits `Int`; `double` a floating-point
///   number, or an integer a `Double` holds exactly; `bool` a Boolean; `bytes` data; each array
///   type an array whose every element is of that type. Any other stored value (a date, a
///   dictionary, a mixed array) is an error,
///   a `DefaultsError` of kind `notConvertible`, never a lossy conversion.
///   A provider that throws ends `ConfigReader`'s search: the providers after it are not asked.
/// - Keys: a `ConfigKey`'s components joined with `.` (`http.timeout`), or as a ``KeyMapping``
///   says.
/// - Watching uses the store's own observation; for a `UserDefaults` suite: a change made by another process,
///   `userdefaults write` or the app's settings types reaches a watch once, when the store
///   announces it (on Linux within a few milliseconds; on Apple platforms through key-value
///   observing for a key without a `.`, else within half a second, as the suite is read again twice
///   a second).
@available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
public final class UserDefaultsProvider: Sendable {
  /// The suite.
  public let store: any ListableDefaultsStore
  /// How configuration keys become the suite's keys.
  public let keyMapping: KeyMapping
  public let providerName: String

  /// A provider over `store`'s suite, with keys mapped by `keyMapping`. Its name says which store
  /// (`UserDefaultsProvider[UserDefaults(com.example.server)]`).
  public init(store: some ListableDefaultsStore, keyMapping: KeyMapping = .dotted) {
    self.store = store
    self.keyMapping = keyMapping
    self.providerName = "UserDefaultsProvider[\(store)]"
  }

  /// How configuration keys (`["http", "timeout"]`) become a suite's keys.
  public struct KeyMapping: Sendable {
    let suiteKey: @Sendable (AbsoluteConfigKey) -> String

    /// The components joined with `.`: `http.timeout`.
    public static let dotted = KeyMapping { $0.components.joined(separator: ".") }

    /// The dotted key after `prefix`: `.prefixed("server.")` reads `http.timeout` from
    /// `server.http.timeout`.
    public static func prefixed(_ prefix: String) -> KeyMapping {
      KeyMapping { prefix + $0.components.joined(separator: ".") }
    }

    /// A mapping of your own.
    ///
    /// ```swift
    /// let snakeCase = UserDefaultsProvider.KeyMapping.custom { $0.components.joined(separator: "_") }
    /// ```
    public static func custom(_ suiteKey: @escaping @Sendable (AbsoluteConfigKey) -> String) -> KeyMapping {
      KeyMapping(suiteKey: suiteKey)
    }
  }
}
