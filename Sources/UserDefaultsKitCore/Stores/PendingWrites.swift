import Foundation

/// One ``DefaultsStore/update(_:)`` in progress. For the library's stores it holds the update's
/// writes back until the update ends, then stores them together, and meanwhile the code inside the
/// update (and it alone: other threads read what is stored) reads them back. For any store it keeps
/// the first write that failed where the caller could not throw (a property's setter), which the
/// update throws.
package final class PendingWrites: @unchecked Sendable {
  // NB: touched only by the thread that runs the update, which holds the store's lock. A task
  // started inside the update inherits `current` (task-locals are copied into a `Task {}`), and may
  // run on another thread or after the update: `of(_:)` ignores an update that is not this
  // thread's or has ended, so such a task writes and reads the store as any other code does.
  @TaskLocal static var current: PendingWrites?

  private let thread = pthread_self()
  /// Set when the update ends; read by the update's own thread only.
  var hasEnded = false
  let store: ObjectIdentifier
  /// The update this one runs inside: of another store (an update of the same store joins it).
  private let outer: PendingWrites?
  private(set) var changes: [String: PropertyListValue?] = [:]
  /// A token per written value, so that a key read back inside the update decodes it once.
  private var tokens: [String: StoredValueBox] = [:]
  /// The first failed write that its caller could not throw.
  private(set) var failure: DefaultsError?

  init(store: ObjectIdentifier, outer: PendingWrites?) {
    self.store = store
    self.outer = outer
  }

  /// The update of `store` in progress on this thread, if any.
  package static func of(_ store: AnyObject) -> PendingWrites? {
    of(ObjectIdentifier(store))
  }

  package static func of(_ store: ObjectIdentifier) -> PendingWrites? {
    var update = current
    while let candidate = update {
      guard pthread_equal(candidate.thread, pthread_self()) != 0, !candidate.hasEnded else { return nil }
      if candidate.store == store { return candidate }
      update = candidate.outer
    }
    return nil
  }

  /// Keeps `error` for the update to throw, unless an earlier write failed already.
  func fail(_ error: DefaultsError) {
    if failure == nil { failure = error }
  }

  package func record(_ newChanges: [String: PropertyListValue?]) {
    for (key, value) in newChanges {
      changes[key] = .some(value)
      tokens[key] = value.map(StoredValueBox.init)
    }
  }

  /// Whether `key` was written inside the update, and then the token of what it reads: the
  /// written value, or for a removal `registered`.
  package func token(forKey key: String, registered: @autoclosure () -> AnyObject?) -> AnyObject?? {
    guard changes[key] != nil else { return nil }
    return .some(tokens[key] ?? registered())
  }
}

extension DefaultsStore {
  /// Runs `body` as one atomic update of the store: the values `body` reads are the latest stored
  /// ones, what it writes is stored in one write when it returns, and no other write to the store
  /// (from this process or, for a suite on Linux, from any process using the library) comes in
  /// between. Observers hear of the changes when the update ends. Throws `body`'s error, or the
  /// ``DefaultsError`` of a write that failed (a property's setter inside `body` included); either
  /// way nothing is written.
  ///
  /// ```swift
  /// let store = UserDefaultsStore.suite("com.example.game")
  /// let wins = DefaultsKey("wins", default: 0, store: store)
  /// let streak = DefaultsKey("streak", default: 0, store: store)
  /// try store.update {
  ///   wins.value += 1
  ///   streak.value += 1
  /// }
  /// ```
  ///
  /// An update inside an update of the same store is part of the outer one. An update of another
  /// store inside it is an update of its own, which holds that store's lock too: nest updates of two
  /// stores in the same order everywhere, as with any two locks, or two threads that nest them in
  /// opposite orders wait for each other forever. Keep `body` short:
  /// the library's other writes wait for it. A store of your own gets less, as the library cannot
  /// hold its writes back: its updates run one at a time in this process, through a process-wide
  /// lock, but each write inside one is stored at once (so a `body` that throws, or a write that
  /// fails, keeps the writes made before), and writes made outside updates are not held off.
  public func update<R>(_ body: () throws -> R) throws -> R {
    if PendingWrites.of(self) != nil { return try body() }
    let pending = PendingWrites(store: ObjectIdentifier(self), outer: PendingWrites.current)
    func run() throws -> R {
      let result = try PendingWrites.$current.withValue(pending) {
        defer { pending.hasEnded = true }
        return try body()
      }
      if let failure = pending.failure { throw failure }
      return result
    }
    guard let store = self as? any BuiltInStore else {
      return try customStoreUpdates.withLock(run)
    }
    return try store.withExclusiveAccess {
      let result = try run()
      if !pending.changes.isEmpty {
        do {
          try store.commit(pending.changes)
        } catch {
          throw DefaultsError(
            writing: error, keys: pending.changes.keys, store: self)
        }
      }
      return result
    }
  }
}

/// Serializes the updates of stores of your own, which have no lock the library knows.
private let customStoreUpdates = LibraryLock()
