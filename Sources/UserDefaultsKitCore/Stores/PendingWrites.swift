import Foundation

/// The writes of one ``DefaultsStore/update(_:)`` in progress: held back until the update ends,
/// then stored together, and meanwhile read back by the code inside the update (and by it alone:
/// other threads read what is stored).
final class PendingWrites: @unchecked Sendable {
  // NB: touched only by the thread that runs the update, which holds the store's lock.
  @TaskLocal static var current: PendingWrites?

  let store: ObjectIdentifier
  private(set) var changes: [String: PropertyListValue?] = [:]
  /// A token per written value, so that a key read back inside the update decodes it once.
  private var tokens: [String: StoredValueBox] = [:]

  init(store: ObjectIdentifier) {
    self.store = store
  }

  /// The pending writes of `store`, when the running code is inside its update.
  static func of(_ store: AnyObject) -> PendingWrites? {
    of(ObjectIdentifier(store))
  }

  static func of(_ store: ObjectIdentifier) -> PendingWrites? {
    guard let current, current.store == store else { return nil }
    return current
  }

  func record(_ newChanges: [String: PropertyListValue?]) {
    for (key, value) in newChanges {
      changes[key] = .some(value)
      tokens[key] = value.map(StoredValueBox.init)
    }
  }

  /// Whether `key` was written inside the update, and then the token of what it reads: the
  /// written value, or for a removal `registered`.
  func token(forKey key: String, registered: @autoclosure () -> AnyObject?) -> AnyObject?? {
    guard changes[key] != nil else { return nil }
    return .some(tokens[key] ?? registered())
  }
}

extension DefaultsStore {
  /// Runs `body` as one atomic update of the store: the values `body` reads are the latest stored
  /// ones, what it writes is stored in one write when it returns, and no other write to the store
  /// (from this process or, for a suite on Linux, from any process using the library) comes in
  /// between. Observers hear of the changes when the update ends; if `body` throws, nothing is
  /// written.
  ///
  /// ```swift
  /// let store = UserDefaultsStore.suite("com.example.game")
  /// let wins = DefaultsKey("wins", default: 0, store: store)
  /// let streak = DefaultsKey("streak", default: 0, store: store)
  /// store.update {
  ///   wins.value += 1
  ///   streak.value += 1
  /// }
  /// ```
  ///
  /// An update inside an update of the same store is part of the outer one. Keep `body` short:
  /// the library's other writes wait for it. A store of your own gets less, as the library cannot
  /// hold its writes back: its updates run one at a time in this process, through a process-wide
  /// lock, but each write inside one is stored at once, a `body` that throws keeps the writes made
  /// before, and writes made outside updates are not held off.
  public func update<R>(_ body: () throws -> R) rethrows -> R {
    if PendingWrites.of(self) != nil { return try body() }
    guard let store = self as? any BuiltInStore else {
      return try customStoreUpdates.withLock(body)
    }
    return try store.withExclusiveAccess {
      let pending = PendingWrites(store: ObjectIdentifier(self))
      let result = try PendingWrites.$current.withValue(pending) { try body() }
      guard !pending.changes.isEmpty else { return result }
      do {
        try store.commit(pending.changes)
      } catch {
        DefaultsError.report(error, key: pending.changes.keys.sorted().joined(separator: ", "), store: self)
      }
      return result
    }
  }
}

/// Serializes the updates of stores of your own, which have no lock the library knows.
private let customStoreUpdates = LibraryLock()
