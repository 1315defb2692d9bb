extension DefaultsError.Kind {
  /// The store could not write (``DefaultsError/underlying``: a store of your own's error, or on
  /// Linux the `POSIXError` of the file operation, with the file in ``DefaultsError/path``); every
  /// value stored before is unchanged. On Apple platforms `UserDefaults` reports no failure, so
  /// its stores never throw it.
  public static let writeFailed = Self("writeFailed")
  /// A value has no stored form (`nil` inside a collection, a number no property list holds, an
  /// encoder's error in ``DefaultsError/underlying``); nothing was written.
  public static let valueNotStorable = Self("valueNotStorable")
  /// A suite name Foundation would misuse. Linux: one it would turn into a path (`a/b`, `../x`,
  /// over 200 bytes); such a suite reads nothing and its writes throw this. Apple platforms: one
  /// Foundation refuses (the app's bundle identifier, `NSGlobalDomain`); reported when its store is
  /// made, which then uses `UserDefaults.standard`.
  public static let invalidSuiteName = Self("invalidSuiteName")
  /// Apple platforms: a store is over a `UserDefaults` object that the library did not make, so it
  /// cannot tell which suite the object reads. Thrown by a suite migration, which must read the
  /// suite; reported in debug builds when such a store is made.
  public static let unnamedSuite = Self("unnamedSuite")
  /// Linux: a file of a suite cannot be used as it is (it is not a regular file, is far larger than
  /// a suite can be, cannot be opened, is a journal of a newer version). Nothing is changed on disk:
  /// reads return the defaults (reported once), and writes are refused with it.
  public static let unusableFile = Self("unusableFile")
  /// Linux: a suite's file did not parse and could not be moved aside (``DefaultsError/underlying``
  /// says why): it is left untouched and writes to it are refused until it is repaired.
  public static let corruptFile = Self("corruptFile")
  /// Suite migrations: the steps' numbers are not positive and increasing; nothing ran.
  public static let migrationStepsUnordered = Self("migrationStepsUnordered")
  /// Suite migrations: the suite's record (``SuiteMigration/recordKey``) is not a step number;
  /// nothing ran.
  public static let migrationRecordDamaged = Self("migrationRecordDamaged")
  /// Suite migrations: a step wrote the record key, which only the library writes; nothing was
  /// written.
  public static let migrationRecordWritten = Self("migrationRecordWritten")
  /// Suite migrations: `migrate` was called inside an update of the same store, whose writes would
  /// land after the migration's; nothing ran.
  public static let migrationInsideUpdate = Self("migrationInsideUpdate")
  /// A configuration provider (UserDefaultsKitConfiguration) was asked for a type that the stored
  /// value is not. The value itself is left out, as the error reaches logs and it may be a secret.
  public static let notConvertible = Self("notConvertible")
  /// A cloud key is longer than ``CloudLimits/maximumKeyBytes`` in UTF-8, on which
  /// `NSUbiquitousKeyValueStore` crashes the app: what ``InMemoryCloudStore`` refuses. (A
  /// ``CloudDefaultsKey`` reports ``DefaultsWarning/Kind/cloudKeyTooLong`` when it is made with
  /// such a key, and never calls its cloud store.)
  public static let cloudKeyTooLong = Self("cloudKeyTooLong")
  /// A cloud value is larger than ``CloudLimits/maximumValueBytes``; it was written nowhere.
  public static let cloudValueTooLarge = Self("cloudValueTooLarge")
  /// The cloud store holds ``CloudLimits/maximumKeyCount`` keys and not this one; the value was
  /// written nowhere.
  public static let cloudKeyLimitReached = Self("cloudKeyLimitReached")
}

extension DefaultsError {
  static func valueNotStorable(_ detail: String) -> Self {
    Self(.valueNotStorable, detail: detail)
  }

  /// A value of `type` that `error` (the library's, or an encoder's) kept from being stored.
  static func valueNotStorable(_ type: Any.Type, key: String, store: String, encoding error: any Error)
    -> Self
  {
    let known = error as? DefaultsError
    return Self(
      .valueNotStorable, key: key, store: store,
      detail: ["\(type)", known?.detail].compactMap { $0 }.joined(separator: ": "),
      underlying: known == nil ? error : known?.underlying)
  }

  static func invalidSuiteName(store: String, reason: String) -> Self {
    Self(.invalidSuiteName, store: store, detail: reason)
  }
}
