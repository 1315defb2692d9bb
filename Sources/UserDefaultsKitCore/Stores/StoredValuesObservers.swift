/// The observers of a whole store (see ``ListableDefaultsStore/observeStoredValues(_:)``), for a
/// store that announces its changes through ``KeyObservers``: each change reaches them after the
/// announcements of its keys, through the same queue, so in the order the changes were made.
package final class StoredValuesObservers: Sendable {
  package typealias Handler = @Sendable ([String: PropertyListValue?]) -> Void

  private struct State {
    var handlers: [Int: Handler] = [:]
    var nextID = 0
  }

  private let keyObservers: KeyObservers
  private let state = Locked(State())

  package init(announcingThrough keyObservers: KeyObservers) {
    self.keyObservers = keyObservers
  }

  /// Adds `handler` until the returned observation ends.
  package func add(_ handler: @escaping Handler) -> DefaultsObservation {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      state.handlers[state.nextID] = handler
      return state.nextID
    }
    return DefaultsObservation { [weak self] in
      _ = self?.state.withLock { $0.handlers.removeValue(forKey: id) }
    }
  }

  /// Queues a call of the handlers with `changes` (the stored values, nil: removed); call it with
  /// the lock that orders the store's changes held, after announcing each key.
  package func announce(_ changes: [String: PropertyListValue?]) {
    guard !changes.isEmpty, state.withLock({ !$0.handlers.isEmpty }) else { return }
    keyObservers.afterAnnouncements { [weak self] in
      guard let self else { return }
      let handlers = state.withLock { $0.handlers.sorted { $0.key < $1.key }.map(\.value) }
      for handler in handlers { handler(changes) }
    }
  }
}
