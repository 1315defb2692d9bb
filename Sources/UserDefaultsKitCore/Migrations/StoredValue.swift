extension DefaultsStore {
  /// What is stored for `key`, without the defaults registered for it: what migrations move and
  /// compare. A store of your own is asked for `read(key)`, which may include its registrations.
  func storedValue(forKey key: String) -> PropertyListValue? {
    switch self {
    case let store as UserDefaultsStore: return store.storedValues[key]
    case let store as InMemoryDefaultsStore: return store.storedValues[key]
    default: return read(key)
    }
  }
}
