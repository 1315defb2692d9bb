/// The writes of a store whose backend runs other code inside a write, made in the order the
/// library takes them with no library lock held while the backend runs.
///
/// On Apple platforms `UserDefaults.set` delivers `didChangeNotification` and key-value observations
/// on the writing thread, to the app's observers as well as the library's; an app observer that
/// waits for another thread (`DispatchQueue.main.sync`) must not find that thread waiting for a lock
/// of the library. So a lock of the library orders the writes, and an update holds them off, but no
/// lock covers the backend: a write is taken under the lock (reads through the library see it at
/// once), then made once the thread holds no lock of the library. If another thread is making the
/// store's writes at that moment (it may be waiting in an observer), that thread makes this one
/// right after, and the write returns (see ``AnnouncementQueue``).
final class HandedOffWrites: Sendable {
  private struct State {
    /// The writes taken and not made yet, by key: the number of the last one, and its value (nil:
    /// a removal).
    var unwritten: [String: (number: Int, value: StoredValueBox?)] = [:]
    var taken = 0
  }

  private let state = Locked(State())
  /// Orders the writes, and is held for a whole update; never while the backend runs. One for the
  /// process, as `ProcessWriteLock` is on Linux: an update of one store that writes another, on
  /// two threads in opposite orders, then waits for nothing.
  private static let order = LibraryLock()
  private let writes = AnnouncementQueue()

  /// Runs `body` as the only taker of writes, as an update does.
  func withExclusiveAccess<R>(_ body: () throws -> R) rethrows -> R {
    try Self.order.withLock(body)
  }

  /// Takes `changes` (nil removes a key), which `make` writes to the backend after the writes taken
  /// before. `announce` queues their announcement (see ``AnnouncementQueue``) under the lock that
  /// orders the writes: it runs after `make` on a thread that makes its own write, and otherwise
  /// on this thread as soon as it lets go of its locks, so that observers' handlers never hold up
  /// the writes of the thread that makes them.
  func take(
    _ changes: [String: PropertyListValue?], make: @escaping @Sendable () -> Void,
    announce: () -> Void = {}
  ) {
    Self.order.withLock {
      let number = state.withLock { state in
        state.taken += 1
        for (key, value) in changes { state.unwritten[key] = (state.taken, value.map(StoredValueBox.init)) }
        return state.taken
      }
      writes.post { [state] in
        make()
        state.withLock { state in
          for key in changes.keys where state.unwritten[key]?.number == number { state.unwritten[key] = nil }
        }
      }
      announce()
    }
  }

  /// Whether a write of `key` is taken and not made yet, and then what it stores: its value, or nil
  /// for a removal.
  func unwrittenValue(forKey key: String) -> StoredValueBox?? {
    state.withLock { $0.unwritten[key].map(\.value) }
  }

  /// `values`, as they are once the writes taken are made.
  func applyingUnwritten(to values: [String: PropertyListValue]) -> [String: PropertyListValue] {
    var values = values
    for (key, write) in state.withLock(\.unwritten) { values[key] = write.value?.value }
    return values
  }
}
