/// A place where settings live: the one protocol every backend conforms to.
///
/// The library ships ``UserDefaultsStore`` (the persistent store, and the default everywhere) and
/// ``InMemoryDefaultsStore`` (for tests and previews). Values cross this boundary as
/// ``PropertyListValue``; typed access goes through ``DefaultsKey`` or the ``Default`` wrapper.
///
/// ```swift
/// let store: any DefaultsStore = InMemoryDefaultsStore()
/// try store.write(.integer(3), forKey: "launchCount")
/// store.read("launchCount")  // .integer(3)
/// ```
public protocol DefaultsStore: AnyObject, Sendable {
  /// Names the storage. Stores with the same identifier are the same storage: they share one
  /// ``DefaultsChannel`` and so each other's change notifications.
  var storeIdentifier: String { get }

  /// Where this store announces changes and caches decoded values.
  var channel: DefaultsChannel { get }

  /// The value for `key`, from the store or from its registered defaults; nil if there is none.
  func read(_ key: String) -> PropertyListValue?

  /// An object whose identity changes whenever the value stored for `key` changes, or nil when
  /// the store cannot tell (decoded values are then not cached). Never return an object that
  /// could be reused for a different value while the caller holds it.
  func storageToken(forKey key: String) -> AnyObject?

  /// The same tokens as ``storageToken(forKey:)``, from a source prepared once per key. The
  /// default asks ``storageToken(forKey:)``; stores override it when a lookup can be prepared.
  func tokenSource(forKey key: String) -> DefaultsTokenSource

  /// Stores `value` for `key`. When this returns, the value is durable.
  func write(_ value: PropertyListValue, forKey key: String) throws

  /// Removes the value for `key`; reads fall back to the registered default, if any.
  func remove(_ key: String) throws

  /// Adds values to the registration domain, which reads fall back to.
  func register(_ defaults: [String: PropertyListValue])
}
