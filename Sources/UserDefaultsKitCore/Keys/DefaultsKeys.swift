/// Observing several keys at once: one handler, or one sequence, for a set of keys.
public enum DefaultsKeys {
  /// Calls `handler` after every change of any of `keys`: once for a write of one of them, once
  /// for an update of a store (``DefaultsStore/update(_:)``) that changed several, once for the
  /// changes of another process that one look at a suite finds on Linux. Writes of equal values are
  /// no change. The handler reads the keys it needs: when it runs, every change of that write is
  /// stored.
  ///
  /// ```swift
  /// let store = UserDefaultsStore.suite("com.example.game")
  /// let wins = DefaultsKey("wins", default: 0, store: store)
  /// let streak = DefaultsKey("streak", default: 0, store: store)
  /// let observation = DefaultsKeys.observe([wins, streak]) {
  ///   print("\(wins.value) wins, a streak of \(streak.value)")
  /// }
  /// ```
  ///
  /// A settings type's properties are observed through their keys, which its
  /// `defaultsKeys(for:)` returns:
  ///
  /// ```swift
  /// let keys = settings.defaultsKeys(for: \.launchCount, \.theme)
  /// let observation = DefaultsKeys.observe(keys) { print("launch count or theme changed") }
  /// ```
  ///
  /// Keys of different stores are announced by each store: an update of one store is one call,
  /// writes to two stores are two. A store of your own announces each write on its own, so there
  /// every change of a key is a call; so are the changes another process makes on Apple
  /// platforms, which Foundation reports key by key. The handler runs on the thread that made the
  /// change, after the change's other keys were announced to their own observers. Observing stops
  /// when the returned observation is cancelled or released.
  public static func observe(
    _ keys: [any AnyDefaultsKey], _ handler: @escaping @Sendable () -> Void
  ) -> DefaultsObservation {
    let changes = CoalescedChanges(handler)
    let observations = keys.map { key in
      let store = key.store
      return key.observeChanges { changes.changed(in: store) }
    }
    return DefaultsObservation {
      changes.stop()
      for observation in observations { observation.cancel() }
    }
  }

  /// An element now, then one after every change of any of `keys`, as ``observe(_:_:)`` calls its
  /// handler: a loop that reads the keys runs for their current values, then after each change.
  /// Changes made while the loop's body runs are one element.
  ///
  /// ```swift
  /// for await _ in DefaultsKeys.updates(of: [wins, streak]) {
  ///   print("\(wins.value) wins, a streak of \(streak.value)")
  /// }
  /// ```
  public static func updates(of keys: [any AnyDefaultsKey]) -> AsyncStream<Void> {
    AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      let observation = observe(keys) { continuation.yield() }
      continuation.yield()
      continuation.onTermination = { _ in observation.cancel() }
    }
  }
}

/// The changes of several keys, told to one handler once per store announcement: a change queues a
/// call behind the announcements of its store queued so far (the other keys of the same write),
/// and changes before that call runs join it.
private final class CoalescedChanges: Sendable {
  private struct State {
    var waitingStores: Set<ObjectIdentifier> = []
    var isStopped = false
  }

  private let handler: @Sendable () -> Void
  private let state = Locked(State())

  init(_ handler: @escaping @Sendable () -> Void) {
    self.handler = handler
  }

  func changed(in store: any DefaultsStore) {
    guard let store = store as? any BuiltInStore else {
      callHandler()
      return
    }
    let id = ObjectIdentifier(store)
    guard state.withLock({ $0.waitingStores.insert(id).inserted }) else { return }
    store.afterAnnouncements { [self] in
      state.withLock { _ = $0.waitingStores.remove(id) }
      callHandler()
    }
  }

  func stop() {
    state.withLock { $0.isStopped = true }
  }

  private func callHandler() {
    guard !state.withLock({ $0.isStopped }) else { return }
    handler()
  }
}
