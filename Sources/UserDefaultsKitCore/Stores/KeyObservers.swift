import Foundation

/// The change hub of one store: which handlers observe which key. The built-in stores announce
/// every change of a key here; keys decide whether the value really changed and decode it.
///
/// A store learns when a key gets its first observer and loses its last one, so that it watches
/// for changes made outside the library (key-value observing, the suite's file) only while someone
/// listens.
final class KeyObservers: Sendable {
  typealias Handler = @Sendable (PropertyListValue?) -> Void

  private struct State {
    var handlers: [String: [Int: Handler]] = [:]
    var nextID = 0
  }

  private let state = Locked(State())
  private let announcements = AnnouncementQueue()
  /// Orders first-observer and last-observer transitions with the store's reaction to them, so a
  /// watch is never started after the observer that needed it is gone.
  private let transitions = NSRecursiveLock()
  private let firstObserver: @Sendable (String) -> Void
  private let lastObserver: @Sendable (String) -> Void

  init(
    onFirstObserver: @escaping @Sendable (String) -> Void = { _ in },
    onLastObserver: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.firstObserver = onFirstObserver
    self.lastObserver = onLastObserver
  }

  /// Adds `handler` for `key` until the returned observation ends.
  func add(_ key: String, _ handler: @escaping Handler) -> DefaultsObservation {
    // NB: starting a watch may report a problem, whose handlers wait until the lock is released.
    LibraryThread.holding { addHoldingTransitions(key, handler) }
  }

  private func addHoldingTransitions(_ key: String, _ handler: @escaping Handler) -> DefaultsObservation {
    transitions.lock()
    defer { transitions.unlock() }
    let (id, isFirst) = state.withLock { state in
      defer { state.nextID += 1 }
      let isFirst = state.handlers[key] == nil
      state.handlers[key, default: [:]][state.nextID] = handler
      return (state.nextID, isFirst)
    }
    if isFirst { firstObserver(key) }
    return DefaultsObservation { [weak self] in self?.remove(id, of: key) }
  }

  private func remove(_ id: Int, of key: String) {
    LibraryThread.holding { removeHoldingTransitions(id, of: key) }
  }

  private func removeHoldingTransitions(_ id: Int, of key: String) {
    transitions.lock()
    defer { transitions.unlock() }
    let wasLast = state.withLock { state -> Bool in
      guard state.handlers[key]?.removeValue(forKey: id) != nil else { return false }
      guard state.handlers[key]?.isEmpty == true else { return false }
      state.handlers[key] = nil
      return true
    }
    if wasLast { lastObserver(key) }
  }

  /// Queues a call of the handlers of `key` with its new value (see ``AnnouncementQueue``): those
  /// that observe it now and still do when the call runs.
  func announce(_ key: String, _ value: PropertyListValue?) {
    guard let ids = state.withLock({ $0.handlers[key].map { Set($0.keys) } }) else { return }
    announcements.post { [weak self] in
      guard let self else { return }
      let handlers = state.withLock { state in
        state.handlers[key, default: [:]].filter { ids.contains($0.key) }.sorted { $0.key < $1.key }.map(
          \.value)
      }
      for handler in handlers { handler(value) }
    }
  }

  /// The keys that have observers.
  var observedKeys: [String] {
    state.withLock { Array($0.handlers.keys) }
  }
}
