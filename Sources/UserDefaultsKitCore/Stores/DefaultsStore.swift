/// A place where settings live: the one protocol every backend conforms to.
///
/// The library ships ``UserDefaultsStore`` (the persistent store, and the default everywhere) and
/// ``InMemoryDefaultsStore`` (for tests and previews). Values cross this boundary as
/// ``PropertyListValue``; typed access, caching and observers are the business of ``DefaultsKey``.
///
/// ```swift
/// let store: any DefaultsStore = InMemoryDefaultsStore()
/// try store.write(.integer(3), forKey: "launchCount")
/// let stored = store.read("launchCount")  // .integer(3)
/// ```
///
/// A backend of your own implements five requirements. Its `observe` must report the changes it
/// makes itself (a `write` or a `remove`) and, where the backend can tell, changes made outside it;
/// reporting an unchanged value is harmless, because keys ignore values equal to what they hold.
public protocol DefaultsStore: AnyObject, Sendable {
  /// The value for `key`: what is stored, else what was registered; nil when there is neither.
  func read(_ key: String) -> PropertyListValue?

  /// Stores `value` for `key`; when this returns, the value is stored (for ``UserDefaultsStore``,
  /// durable as its platform makes it: see its documentation) and observers of `key` have been
  /// told (the library's stores: unless another thread was running the store's handlers, or on
  /// Apple platforms making its writes, at that moment, which then does so right after; reads see
  /// the value at once: see the article *Observation and external changes*).
  func write(_ value: PropertyListValue, forKey key: String) throws

  /// Removes the value stored for `key`; reads fall back to the registered value, if any.
  func remove(_ key: String) throws

  /// Adds values that reads fall back to while nothing is stored.
  func register(_ defaults: [String: PropertyListValue])

  /// Calls `onChange` with the value `read(key)` returns after each change of `key`, until the
  /// returned observation is cancelled or released.
  func observe(_ key: String, onChange: @escaping @Sendable (PropertyListValue?) -> Void)
    -> DefaultsObservation
}
