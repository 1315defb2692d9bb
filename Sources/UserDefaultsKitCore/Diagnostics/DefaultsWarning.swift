/// A condition the library handles on its own and reports, but never throws: a stored value that
/// does not decode (the default is read, and the stored data left untouched), a damaged record
/// skipped, a change that cannot be heard across processes. Delivered to
/// ``DefaultsReports/observe(_:)``, once.
///
/// ```swift
/// let reporting = DefaultsReports.observe { problem in
///   if let warning = problem as? DefaultsWarning, warning.kind == .undecodableValue {
///     print("\(warning.key ?? "") reads as its default: \(warning)")
///   }
/// }
/// ```
public struct DefaultsWarning: Sendable, Equatable, CustomStringConvertible {
  /// What happened. Later versions may add kinds: compare with `==`, or give a `switch` a
  /// `default:`.
  public struct Kind: Hashable, Sendable, CustomStringConvertible {
    /// The kind's name, as its static property spells it.
    public let name: String

    init(_ name: String) { self.name = name }

    public var description: String { name }
  }

  /// What happened.
  public let kind: Kind
  /// The key it concerns, if one.
  public let key: String?
  /// The store it concerns, as it describes itself, if one.
  public let store: String?
  /// The file it concerns (Linux), if one.
  public let path: String?
  /// What the kind and the names leave to say (the type a value did not decode as, where a file
  /// was moved, which bytes were skipped).
  public let detail: String?
  /// The stored value it concerns: one that does not decode, say.
  public let value: PropertyListValue?
  /// The error underneath, if one: a migration's error, a failed fold's `POSIXError`.
  public let underlying: (any Error)?

  /// A warning of `kind`, as the library reports it: for comparing with what a handler receives.
  ///
  /// ```swift
  /// let expected = DefaultsWarning(.cloudUnavailable, key: "favoriteColor")
  /// ```
  public init(
    _ kind: Kind, key: String? = nil, store: String? = nil, path: String? = nil, detail: String? = nil,
    value: PropertyListValue? = nil, underlying: (any Error)? = nil
  ) {
    self.kind = kind
    self.key = key
    self.store = store
    self.path = path
    self.detail = detail
    self.value = value
    self.underlying = underlying
  }

  /// Equal kinds, names, details and values, and underlying errors of one type that describe
  /// alike.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.kind == rhs.kind && lhs.value == rhs.value && lhs.hasSameNamesAndCause(as: rhs)
  }
}

extension DefaultsWarning.Kind {
  /// The stored value (``DefaultsWarning/value``) does not describe the key's type
  /// (``DefaultsWarning/detail``); the default was read, and the stored value left as it is.
  public static let undecodableValue = Self("undecodableValue")
  /// The stored object is not a property-list value at all (its type in ``DefaultsWarning/detail``).
  public static let unreadableObject = Self("unreadableObject")
  /// A store over a database could not fetch the changes made elsewhere, or stopped hearing of
  /// them (which, in ``DefaultsWarning/detail``; the database's error in
  /// ``DefaultsWarning/underlying``); its reads serve the values it fetched before, and it fetches
  /// again at the next change it hears of and inside each of its own writes.
  public static let storeNotCurrent = Self("storeNotCurrent")
  /// A migration threw while it converted a stored value (its error in ``DefaultsWarning/underlying``);
  /// nothing was written, and the next migration, if any, was tried.
  public static let migrationFailed = Self("migrationFailed")
  /// Debug builds on Apple platforms: a key with a `.`, a leading `@` or a non-ASCII character is
  /// observed, which key-value observing cannot watch, so it is watched through
  /// `UserDefaults.didChangeNotification`: other processes' changes of it go unheard. Once per key
  /// and store; rename the key (``DefaultsKey`` takes `previously:`) to hear them.
  public static let keyNotObservableAcrossProcesses = Self("keyNotObservableAcrossProcesses")
  /// A suite was asked for in another way than the store already open for it (journaled or not);
  /// that store is used.
  public static let suiteOpenedDifferently = Self("suiteOpenedDifferently")
  /// Linux: a suite's file does not parse: it reads as empty, and the next write moves it aside
  /// (``corruptFileMovedAside``) or, where it cannot, is refused (``DefaultsError/Kind/corruptFile``).
  public static let corruptFile = Self("corruptFile")
  /// Linux: a suite's file did not parse; at a write, it was moved aside (to
  /// ``DefaultsWarning/detail``) instead of being overwritten.
  public static let corruptFileMovedAside = Self("corruptFileMovedAside")
  /// Linux: a damaged record of a journaled suite's journal (the bytes in ``DefaultsWarning/detail``)
  /// was skipped; the records after it were read.
  public static let journalRecordSkipped = Self("journalRecordSkipped")
  /// The cloud key-value store is unavailable (no account, or no iCloud entitlement); values are
  /// kept locally. Once per store and process, naming a cloud key synced through it.
  public static let cloudUnavailable = Self("cloudUnavailable")
  /// The cloud rejected values because the app exceeds its quota; the keys the event names, if
  /// any, in ``DefaultsWarning/detail``.
  public static let cloudQuotaViolation = Self("cloudQuotaViolation")
  /// A cloud key is longer than ``CloudLimits/maximumKeyBytes`` in UTF-8, on which
  /// `NSUbiquitousKeyValueStore` crashes the app: its key object never calls the cloud store, and
  /// its value works locally only.
  public static let cloudKeyTooLong = Self("cloudKeyTooLong")
  /// Linux: a journaled suite's journal could not be folded into the suite's file (the cause in
  /// ``DefaultsWarning/underlying``); the journal keeps its changes, which every read through the library
  /// sees, and the next write folds it again.
  public static let foldFailed = Self("foldFailed")
  /// Debug builds: a key was registered with another default than a key of the same name before
  /// (both in ``DefaultsWarning/detail``); Foundation's registration domain is the process's, so
  /// every suite that stores nothing for the key reads the last one. Once per key.
  public static let conflictingDefaults = Self("conflictingDefaults")
}
