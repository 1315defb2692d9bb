/// How a key reads its store: an object whose identity changes whenever the stored value changes,
/// and the value such an object stands for. A key compares identities on every read and decodes
/// only when the value changed.
@usableFromInline
package struct StoredValueLookup: Sendable {
  /// The current token; nil when nothing is stored or registered for the key.
  @usableFromInline package let token: @Sendable () -> AnyObject?
  /// The stored form that a token stands for; nil when the stored object is not a property list.
  package let value: @Sendable (AnyObject) -> PropertyListValue?

  package init(
    token: @escaping @Sendable () -> AnyObject?, value: @escaping @Sendable (AnyObject) -> PropertyListValue?
  ) {
    self.token = token
    self.value = value
  }

  /// For a store that cannot tell changes by identity: each read makes a new token, so a key
  /// compares the stored form with the one it decoded last.
  static func reading(_ key: String, from store: any DefaultsStore) -> StoredValueLookup {
    StoredValueLookup(
      token: { store.read(key).map(StoredValueBox.init) },
      value: { ($0 as? StoredValueBox)?.value })
  }
}

/// A stored value in a box of its own: a new value gets a new box, whose identity is its token.
package final class StoredValueBox: Sendable {
  package let value: PropertyListValue
  package init(_ value: PropertyListValue) { self.value = value }
}

/// The built-in stores: they hand out identity tokens; they announce every change of a key to its
/// observers, their own writes included, before the write returns; and they hold their lock for a
/// whole ``DefaultsStore/update(_:)``, whose writes they store together. Package-wide, so that the
/// package's other stores (PostgreSQL) are built-in stores too.
package protocol BuiltInStore: DefaultsStore {
  func lookup(forKey key: String) -> StoredValueLookup
  /// Runs `body` as the only writer of the store, after taking in changes made elsewhere; throws
  /// where taking that access can fail (a database's transaction).
  func withExclusiveAccess<R>(_ body: () throws -> R) throws -> R
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
