import Foundation

/// The change hub of one store: which handlers observe which key. The built-in stores announce
/// every change of a key here; keys decide whether the value really changed and decode it.
///
/// A store learns when a key gets its first observer and loses its last one, so that it watches
/// for changes made outside the library (key-value observing, the suite's file) only while someone
/// listens.
package final class KeyObservers: Sendable {
  package typealias Handler = @Sendable (PropertyListValue?) -> Void

  private struct State {
    var handlers: [String: [Int: Handler]] = [:]
    var nextID = 0
    /// The keys the store watches for changes made outside the library.
    var watched: Set<String> = []
  }

  private let state = Locked(State())
  private let announcements = AnnouncementQueue()
  /// Starts and stops the store's watches one at a time, with no library lock held: a watch is
  /// key-value observer registration on Apple platforms, which must not wait for a lock that a
  /// thread inside `UserDefaults.set` (delivering its observations) may hold.
  private let watchChanges = AnnouncementQueue()
  private let firstObserver: @Sendable (String) -> Void
  private let lastObserver: @Sendable (String) -> Void

  package init(
    onFirstObserver: @escaping @Sendable (String) -> Void = { _ in },
    onLastObserver: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.firstObserver = onFirstObserver
    self.lastObserver = onLastObserver
  }

  /// Adds `handler` for `key` until the returned observation ends.
  package func add(_ key: String, _ handler: @escaping Handler) -> DefaultsObservation {
    let (id, isFirst) = state.withLock { state in
      defer { state.nextID += 1 }
      let isFirst = state.handlers[key] == nil
      state.handlers[key, default: [:]][state.nextID] = handler
      return (state.nextID, isFirst)
    }
    if isFirst { updateWatch(of: key) }
    return DefaultsObservation { [weak self] in self?.remove(id, of: key) }
  }

  private func remove(_ id: Int, of key: String) {
    let wasLast = state.withLock { state -> Bool in
      guard state.handlers[key]?.removeValue(forKey: id) != nil else { return false }
      guard state.handlers[key]?.isEmpty == true else { return false }
      state.handlers[key] = nil
      return true
    }
    if wasLast { updateWatch(of: key) }
  }

  /// Starts or stops the watch of `key` as its observers are when this runs: a first observer
  /// and a last one that follow each other closely leave no watch behind, whichever order the
  /// runs come in.
  private func updateWatch(of key: String) {
    watchChanges.post { [weak self] in
      guard let self else { return }
      let change = state.withLock { state -> Bool? in
        let isObserved = state.handlers[key] != nil
        guard isObserved != state.watched.contains(key) else { return nil }
        if isObserved { state.watched.insert(key) } else { state.watched.remove(key) }
        return isObserved
      }
      switch change {
      case true?: firstObserver(key)
      case false?: lastObserver(key)
      case nil: break
      }
    }
  }

  /// Queues a call of the handlers of `key` with its new value (see ``AnnouncementQueue``): those
  /// that observe it now and still do when the call runs.
  package func announce(_ key: String, _ value: PropertyListValue?) {
    announce(key, reading: { value })
  }

  /// Queues a call of the handlers of `key` with the value `read` returns when the call runs: for
  /// a change made elsewhere, noticed on a thread that holds no lock to order it by, so that the
  /// last call reads the last value whatever order the threads that noticed changes come in.
  func announce(_ key: String, reading read: @escaping @Sendable () -> PropertyListValue?) {
    guard let ids = state.withLock({ $0.handlers[key].map { Set($0.keys) } }) else { return }
    announcements.post { [weak self] in
      guard let self else { return }
      let handlers = state.withLock { state in
        state.handlers[key, default: [:]].filter { ids.contains($0.key) }.sorted { $0.key < $1.key }.map(
          \.value)
      }
      guard !handlers.isEmpty else { return }
      let value = read()
      for handler in handlers { handler(value) }
    }
  }

  /// Queues `body` behind the announcements queued so far.
  package func afterAnnouncements(_ body: @escaping @Sendable () -> Void) {
    announcements.post(body)
  }

  /// The keys that have observers.
  var observedKeys: [String] {
    state.withLock { Array($0.handlers.keys) }
  }
}
