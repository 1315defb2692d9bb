/// How a key reads its store: an object whose identity changes whenever the stored value changes,
/// and the value such an object stands for. A key compares identities on every read and decodes
/// only when the value changed.
@usableFromInline
struct StoredValueLookup: Sendable {
  /// The current token; nil when nothing is stored or registered for the key.
  @usableFromInline let token: @Sendable () -> AnyObject?
  /// The stored form that a token stands for; nil when the stored object is not a property list.
  let value: @Sendable (AnyObject) -> PropertyListValue?

  /// For a store that cannot tell changes by identity: each read makes a new token, so a key
  /// compares the stored form with the one it decoded last.
  static func reading(_ key: String, from store: any DefaultsStore) -> StoredValueLookup {
    StoredValueLookup(
      token: { store.read(key).map(StoredValueBox.init) },
      value: { ($0 as? StoredValueBox)?.value })
  }
}

/// A stored value in a box of its own: a new value gets a new box, whose identity is its token.
final class StoredValueBox: Sendable {
  let value: PropertyListValue
  init(_ value: PropertyListValue) { self.value = value }
}

/// The built-in stores: they hand out identity tokens; they announce every change of a key to its
/// observers, their own writes included, before the write returns; and they hold their lock for a
/// whole ``DefaultsStore/update(_:)``, whose writes they store together.
protocol BuiltInStore: DefaultsStore {
  func lookup(forKey key: String) -> StoredValueLookup
  /// Runs `body` as the only writer of the store, after taking in changes made elsewhere.
  func withExclusiveAccess<R>(_ body: () throws -> R) rethrows -> R
  /// Stores `changes` (nil removes a key) in one write, and announces them.
  func commit(_ changes: [String: PropertyListValue?]) throws(DefaultsError)
  /// Whether one ``commit(_:)`` is atomic: all of its changes are stored, or none.
  var commitsAtomically: Bool { get }
  /// Queues `body` behind the announcements queued so far: called from a key's observer, it runs
  /// once the other keys of the same write or update have been announced.
  func afterAnnouncements(_ body: @escaping @Sendable () -> Void)
}

extension DefaultsStore {
  /// How keys read this store.
  func valueLookup(forKey key: String) -> StoredValueLookup {
    (self as? any BuiltInStore)?.lookup(forKey: key) ?? .reading(key, from: self)
  }
}
