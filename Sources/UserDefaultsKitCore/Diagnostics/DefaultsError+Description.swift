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
    case .unstorableValue(let reason):
      return "the value cannot be stored: \(reason)"
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
        "\(object) was not made by UserDefaultsKit, which cannot tell its suite: use UserDefaultsStore.suite(\"name\") (and its userDefaults) so that every key of a suite shares one store"
    case .migrationStepsUnordered(let numbers):
      return "suite migrations must have positive, increasing numbers; got \(numbers)"
    case .migrationRecordDamaged(let store, let record):
      return "[\(store)] \(SuiteMigration.recordKey) holds \(record), not a step number; nothing ran"
    case .migrationRecordWritten(let store, let step):
      return
        "[\(store)] step \(step) wrote \(SuiteMigration.recordKey), which only the library writes; nothing was written"
    case .migrationInsideUpdate(let store):
      return "[\(store)] migrate was called inside an update of the same store; call it outside"
    case .notConvertible(let key, let type, let storedKind):
      return "the suite's '\(key)' holds \(storedKind), which is not a \(type)"
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
    case .conflictingDefaults(let key, let registered, let replacement):
      return
        "'\(key)' is registered with the default \(registered), then \(replacement) by another key of that name: Foundation's registration domain is the process's, so every suite that stores nothing for it reads \(replacement); give the keys different names or one default"
    case .cloudKeyTooLong(let key, let bytes):
      return
        "[cloud] '\(key)' is \(bytes) bytes in UTF-8, more than the \(CloudLimits.maximumKeyBytes) of a cloud key (NSUbiquitousKeyValueStore crashes the app on a longer one): its value is kept locally and never synced"
    case .cloudValueTooLarge(let key, let bytes):
      return
        "[cloud] '\(key)' was not written: its value is \(bytes) bytes, more than the \(CloudLimits.maximumValueBytes) a cloud value may take"
    case .cloudKeyLimitReached(let key, let keyCount):
      return
        "[cloud] '\(key)' was not written: the cloud store holds \(keyCount) keys, and takes no more than \(CloudLimits.maximumKeyCount)"
    }
  }
}
