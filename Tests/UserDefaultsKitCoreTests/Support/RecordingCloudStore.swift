import DefaultsTestSupport
import UserDefaultsKitCore

/// An in-memory cloud store that records every call made to it: for the tests of a key object
/// that must never call its store.
final class RecordingCloudStore: CloudKeyValueStore {
  let inner = InMemoryCloudStore()
  private let log = LockedArray<String>()

  /// Every call, in order, as `name(key)` or `name`.
  var calls: [String] { log.all }

  func value(forKey key: String) -> PropertyListValue? {
    log.append("value(\(key))")
    return inner.value(forKey: key)
  }

  func setValue(_ value: PropertyListValue?, forKey key: String) {
    log.append("setValue(\(key))")
    inner.setValue(value, forKey: key)
  }

  var keyCount: Int? {
    log.append("keyCount")
    return inner.keyCount
  }

  func synchronize() -> Bool {
    log.append("synchronize")
    return inner.synchronize()
  }

  func observeExternalChanges(_ handler: @escaping @Sendable (CloudExternalChange) -> Void)
    -> DefaultsObservation
  {
    log.append("observeExternalChanges")
    return inner.observeExternalChanges(handler)
  }

  func observeForegroundReturns(_ handler: @escaping @Sendable () -> Void) -> DefaultsObservation {
    log.append("observeForegroundReturns")
    return inner.observeForegroundReturns(handler)
  }
}
