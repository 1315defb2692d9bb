extension DefaultsStore {
  /// What is stored for `key`, without the defaults registered for it (inside an update of the
  /// store, with the update's own writes): what migrations move and compare. On Apple platforms it
  /// reads the suite's whole domain, so migrations call it only when they have something to do. A
  /// store that cannot list its values is asked for `read(key)`, which may include its
  /// registrations.
  func storedValue(forKey key: String) -> PropertyListValue? {
    if let pending = PendingWrites.of(self)?.changes[key] { return pending }
    guard let store = self as? any ListableDefaultsStore else { return read(key) }
    return store.storedValue(key)
  }
}
