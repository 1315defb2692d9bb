import Foundation

/// A problem the library handled without crashing and without touching stored data.
///
/// Subscribe with ``DefaultsError/observe(_:)``; with no observer, errors are printed to
/// standard error.
public enum DefaultsError: Error, Sendable, Equatable {
  /// The stored value for `key` does not describe a `expectedType`; the default was used and the
  /// stored value was left as it is.
  case undecodableValue(key: String, store: String, expectedType: String, stored: PropertyListValue)
  /// The stored object for `key` is not a property-list value at all.
  case unreadableObject(key: String, store: String, description: String)
  /// A value could not be converted for storage; nothing was written.
  case encodingFailed(key: String, store: String, reason: String)
  /// A migration of `key` threw while it converted a stored value (`reason` is its error); nothing
  /// was written, and the next migration, if any, was tried.
  case migrationFailed(key: String, store: String, reason: String)
  /// The store could not write (a full disk, a read-only folder, ...; `reason` names the cause);
  /// every value stored before is unchanged.
  case writeFailed(key: String, store: String, reason: String)
  /// A suite name that Foundation will misuse (on Linux it becomes a file path).
  case invalidSuiteName(store: String, reason: String)
  /// Debug builds on Apple platforms: a store was made for a `UserDefaults` object that the library
  /// did not make, so it cannot tell which suite the object reads (Apple platforms do not say). The
  /// object gets a store of its own; see ``UserDefaultsStore/store(for:)`` for what that changes.
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
  /// The cloud rejected values because the app exceeds its quota. Reported once per event, with
  /// the keys the event names (Apple names them only "when present", so they may be none).
  case cloudQuotaViolation(keys: [String])
}

extension DefaultsError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .undecodableValue(let key, let store, let expectedType, let stored):
      return
        "[\(store)] '\(key)' holds \(stored), which does not decode as \(expectedType); using the default"
    case .unreadableObject(let key, let store, let description):
      return "[\(store)] '\(key)' holds \(description), which is not a property-list value"
    case .encodingFailed(let key, let store, let reason):
      return "[\(store)] '\(key)' was not written: \(reason)"
    case .migrationFailed(let key, let store, let reason):
      return "[\(store)] '\(key)': a migration failed (\(reason)); nothing was written"
    case .writeFailed(let key, let store, let reason):
      return "[\(store)] '\(key)' was not written: \(reason); every value stored before is unchanged"
    case .invalidSuiteName(let store, let reason):
      return "[\(store)] suite name: \(reason)"
    case .keyNotObservableAcrossProcesses(let key, let store):
      return
        "[\(store)] '\(key)' cannot be watched by key-value observing (a '.', a leading '@' or a non-ASCII character): its observers hear changes made in this process only"
    case .unnamedSuite(let object):
      return
        "\(object) was not made by UserDefaultsKit, which cannot tell its suite, so it gets a store of its own: use UserDefaultsStore.suite(\"name\") (and its userDefaults) so that every key of a suite shares one store"
    case .suiteOpenedDifferently(let store, let reason):
      return "[\(store)] was asked for differently than it is open: \(reason); the open store is used"
    case .corruptFileMovedAside(let path, let movedTo):
      return "\(path) did not parse; it was moved to \(movedTo) and not overwritten"
    case .corruptFileNotMovable(let path, let reason):
      return
        "\(path) did not parse and could not be moved aside (\(reason)); it is left untouched and writes to it are refused until it is repaired"
    case .unusableFile(let path, let reason):
      return "\(path) is left as it is: \(reason)"
    case .logRecordSkipped(let path, let bytes):
      return
        "\(path): a damaged record (bytes \(bytes.lowerBound)..<\(bytes.upperBound)) was skipped; the records after it were read"
    case .cloudUnavailable(let key):
      return
        "[cloud] the cloud store is unavailable (no account or entitlement), noticed while syncing '\(key)'; cloud-synced values are kept locally"
    case .cloudQuotaViolation(let keys):
      let named = keys.isEmpty ? "" : " (keys: \(keys.joined(separator: ", ")))"
      return "[cloud] the app exceeds its cloud storage quota; the cloud rejected values\(named)"
    }
  }
}

extension DefaultsError {
  private static let handlers = Locked((next: 0, all: [Int: @Sendable (DefaultsError) -> Void]()))

  /// Calls `handler` with every problem the library handles, until the returned observation is
  /// cancelled or released. With no handler, problems are printed to standard error.
  ///
  /// ```swift
  /// let reporting = DefaultsError.observe { error in print("settings: \(error)") }
  /// ```
  public static func observe(_ handler: @escaping @Sendable (DefaultsError) -> Void) -> DefaultsObservation {
    let id = handlers.withLock { handlers in
      defer { handlers.next += 1 }
      handlers.all[handlers.next] = handler
      return handlers.next
    }
    return DefaultsObservation { handlers.withLock { _ = $0.all.removeValue(forKey: id) } }
  }

  /// Reports made while the library holds a lock, for after it is released.
  private static let reports = AnnouncementQueue()

  static func report(_ error: DefaultsError) {
    // NB: error handlers are handlers too: never run under a library lock. Without one, at once:
    // the caller may look for the report as soon as the call that made it returns.
    if LibraryThread.current.holdsLocks {
      reports.post { deliver(error) }
    } else {
      deliver(error)
    }
  }

  private static func deliver(_ error: DefaultsError) {
    let current = handlers.withLock { Array($0.all.values) }
    guard !current.isEmpty else {
      FileHandle.standardError.write(Data("UserDefaultsKit: \(error)\n".utf8))
      return
    }
    for handler in current { handler(error) }
  }

  /// Reports an error thrown by a store while it wrote `key`.
  static func report(_ error: any Error, key: String, store: any DefaultsStore) {
    if let error = error as? DefaultsError {
      report(error)
    } else {
      report(.writeFailed(key: key, store: "\(store)", reason: "\(error)"))
    }
  }
}
