import Foundation

/// Every problem of the library: the one error type it throws, and reports.
///
/// APIs that can fail throw it: `try key.set(value)`, `try key.reset()`, `try key.update { ... }`,
/// `try store.update { ... }`, a settings type's `try resetToDefaults()` and
/// `try updateDefaults { ... }`, `try store.migrate(...)`. What cannot throw reports it to the
/// handlers of ``DefaultsError/observe(_:)`` (with none, it is printed to standard error): a
/// property's setter outside an update (`settings.volume = 0.8`; inside one, its failure fails the
/// update), a read that finds a stored value it cannot decode (the default is used, the stored
/// data is untouched), a change noticed in another process.
///
/// ```swift
/// let volume = DefaultsKey("volume", default: 0.5)
/// do {
///   try volume.set(0.8)
/// } catch {
///   print("not saved: \(error)")  // on a full disk, .writeFailed(key: "volume", ...)
/// }
/// ```
public enum DefaultsError: Error, Sendable, Equatable {
  /// The stored value for `key` does not describe a `expectedType`; the default was used and the
  /// stored value was left as it is.
  case undecodableValue(key: String, store: String, expectedType: String, stored: PropertyListValue)
  /// The stored object for `key` is not a property-list value at all.
  case unreadableObject(key: String, store: String, description: String)
  /// A value could not be converted for storage; nothing was written.
  case encodingFailed(key: String, store: String, reason: String)
  /// A value has no stored form (`reason` says why: `nil` inside a collection, a number no
  /// property list holds): what the library's ``DefaultsSerializable/toDefaults()`` throw. A write
  /// of it fails with ``encodingFailed(key:store:reason:)``.
  case unstorableValue(reason: String)
  /// A migration of `key` threw while it converted a stored value (`reason` is its error); nothing
  /// was written, and the next migration, if any, was tried.
  case migrationFailed(key: String, store: String, reason: String)
  /// The store could not write (a full disk, a read-only folder, ...; `reason` names the cause);
  /// every value stored before is unchanged.
  case writeFailed(key: String, store: String, reason: String)
  /// A suite name that Foundation will misuse (on Linux it becomes a file path).
  case invalidSuiteName(store: String, reason: String)
  /// Apple platforms: a store is over a `UserDefaults` object that the library did not make, so it
  /// cannot tell which suite the object reads (Apple platforms do not say). Reported in debug
  /// builds when such a store is made (the object gets a store of its own; see
  /// ``UserDefaultsStore/store(for:)`` for what that changes); thrown by
  /// ``UserDefaultsStore/migrate(_:)``, which must read the suite.
  case unnamedSuite(object: String)
  /// Debug builds on Apple platforms: `key` gets an observer, but key-value observing cannot watch
  /// it (it holds a `.`, starts with `@`, or is not ASCII), so it is watched through
  /// `UserDefaults.didChangeNotification`, which hears writes through the store's object in this
  /// process only: other processes' changes of it go unheard. Reported once per key and store;
  /// rename the key (``DefaultsKey`` takes `previously:`) to hear them.
  case keyNotObservableAcrossProcesses(key: String, store: String)
  /// A suite was asked for in another way than the store already open for it (journaled or not):
  /// `reason` says how it is open; that store is used.
  case suiteOpenedDifferently(store: String, reason: String)
  /// A suite's file did not parse; at a write, it was moved to `movedTo` instead of being
  /// overwritten.
  case corruptFileMovedAside(path: String, movedTo: String)
  /// A suite's file did not parse and could not be moved aside (`reason` says why, for example a
  /// read-only folder): it is left untouched, the write is refused, and reads return the defaults.
  case corruptFileNotMovable(path: String, reason: String)
  /// Linux: a file of a suite cannot be used as it is (`reason` says why: it does not parse, it is
  /// not a regular file, it is far larger than a suite can be, it cannot be opened, a log of a
  /// newer version, a damaged record skipped). Nothing was changed on disk; reads use what could
  /// be read, and a write that would lose data is refused with that cause.
  case unusableFile(path: String, reason: String)
  /// Linux: a damaged record of a journaled suite's log (the bytes in `bytes`) was skipped; the
  /// records after it were read.
  case logRecordSkipped(path: String, bytes: Range<Int>)
  /// The cloud key-value store is unavailable (no account, or no iCloud entitlement); values are
  /// kept locally. Reported once per store and process, naming a cloud key synced through it.
  case cloudUnavailable(key: String)
  /// Suite migrations: the steps' numbers are not positive and increasing; nothing ran.
  case migrationStepsUnordered([Int])
  /// Suite migrations: the suite's record (``SuiteMigration/recordKey``) holds `record`, which is
  /// not a step number; nothing ran.
  case migrationRecordDamaged(store: String, record: PropertyListValue)
  /// Suite migrations: step `step` wrote the record key, which only the library writes; nothing
  /// was written.
  case migrationRecordWritten(store: String, step: Int)
  /// Suite migrations: `migrate` was called inside an update of the same store, whose pending
  /// writes would land after the migration and overwrite it; nothing ran.
  case migrationInsideUpdate(store: String)
  /// A configuration provider (UserDefaultsKitConfiguration) was asked for a `type` that the value
  /// stored under `key` is not (`storedKind`: "a date", "a dictionary", ...). The value itself is
  /// left out, as the error reaches logs and it may be a secret.
  case notConvertible(key: String, type: String, storedKind: String)
  /// The cloud rejected values because the app exceeds its quota. Reported once per event, with
  /// the keys the event names (Apple names them only "when present", so they may be none).
  case cloudQuotaViolation(keys: [String])
  /// Debug builds: `key` was registered with a default (`registered`), then with another
  /// (`replacedBy`) by a key of the same name in this or another suite. Foundation's registration
  /// domain is the process's, so every suite that stores nothing for `key` now reads `replacedBy`,
  /// by the library and by plain `UserDefaults` reads alike. Reported once per key; give the keys
  /// different names, or one default.
  case conflictingDefaults(key: String, registered: PropertyListValue, replacedBy: PropertyListValue)
  /// A cloud key is `bytes` bytes long in UTF-8, more than ``CloudLimits/maximumKeyBytes``: for
  /// such a key `NSUbiquitousKeyValueStore` raises an exception that crashes the app. Reported when
  /// a ``CloudDefaultsKey`` is made with it; that key object never calls its cloud store, and its
  /// value works locally only.
  case cloudKeyTooLong(key: String, bytes: Int)
  /// A value for the cloud key `key` is `bytes` bytes as a binary property list, more than
  /// ``CloudLimits/maximumValueBytes``; it was not written (``CloudDefaultsKey/set(_:)`` writes it
  /// neither locally nor to the cloud).
  case cloudValueTooLarge(key: String, bytes: Int)
  /// The cloud store holds `keyCount` keys, ``CloudLimits/maximumKeyCount`` or more, and not `key`,
  /// so a value for `key` was not written (``CloudDefaultsKey/set(_:)`` writes it neither locally
  /// nor to the cloud).
  case cloudKeyLimitReached(key: String, keyCount: Int)
}
