/// A store that can list what it stores and tell of every change of it: what a swift-configuration
/// provider, a snapshot of a suite or a tool that prints a suite needs, beyond the keys it names.
///
/// ``UserDefaultsStore`` and ``InMemoryDefaultsStore`` conform, and so does the PostgreSQL store.
///
/// ```swift
/// func printSuite(of store: some ListableDefaultsStore) {
///   for (key, value) in store.storedValues.sorted(by: { $0.key < $1.key }) {
///     print(key, value)
///   }
/// }
/// printSuite(of: InMemoryDefaultsStore(values: ["volume": .double(0.8)]))
/// ```
public protocol ListableDefaultsStore: DefaultsStore {
  /// What the store itself holds, without registered defaults (nor, for ``UserDefaultsStore``,
  /// launch arguments or the global domain).
  var storedValues: [String: PropertyListValue] { get }

  /// What the store itself holds for `key`: one key of ``storedValues``, without registered
  /// defaults.
  func storedValue(_ key: String) -> PropertyListValue?

  /// Calls `onChange` with the keys whose stored values changed (nil: removed), after each change
  /// made by anyone the store can hear of, in the order the store announces them; unlike
  /// ``DefaultsStore/observe(_:onChange:)``, it needs no key names, so it hears of keys that do not
  /// exist yet. A key written with the value it had may be among them. It lasts until the
  /// returned observation is cancelled or released; nil when the store cannot watch itself.
  func observeStoredValues(_ onChange: @escaping @Sendable ([String: PropertyListValue?]) -> Void)
    -> DefaultsObservation?
}
