/// A key object synced through a cloud store, as its store's coordinator sees it.
protocol CloudSyncedKey: AnyObject, Sendable {
  /// The key in the cloud store.
  var cloudKeyName: String { get }
  /// Whether the local value is the cloud's (nothing in the cloud, and the local value at its
  /// default, counts as the same).
  var isInStepWithCloud: Bool { get }
  /// Follows the server-change policy if the cloud holds a value other than the local one: a
  /// change that was not announced, because the app was not running.
  func reconcile()
  /// Follows the policy for `reason`, or, with `rewritingLocalWrite`, writes the local value to
  /// the cloud again.
  func apply(_ reason: CloudChangeReason, rewritingLocalWrite: Bool)
}

/// What all key objects of one cloud store share, made at the store's first use: the one
/// observation of external changes and of returns to the foreground, the `synchronize()` calls,
/// the one report of an unavailable store, and which keys this process wrote.
///
/// Apple recommends to register for the change notification and call `synchronize()` "during app
/// launch" and "upon returning to the foreground", once for the store, not once per key; key
/// objects come and go (a macro-generated property makes its key at first use), so none of them
/// owns what the others need.
final class CloudStoreCoordinator: Sendable {
  private struct Member {
    weak var key: (any CloudSyncedKey)?
  }

  private struct State {
    var members: [Member] = []
    var isStarted = false
    var hasReportedUnavailability = false
    var observations: [DefaultsObservation] = []
    /// Cloud keys written in this process since the store's first use or the last account change:
    /// the writes an initial sync may have discarded.
    var writtenKeys: Set<String> = []
    /// How many members were alive when the list was last pruned.
    var liveCount = 0

    /// The key objects still alive; the others are forgotten.
    mutating func liveKeys() -> [any CloudSyncedKey] {
      members.removeAll { $0.key == nil }
      return members.compactMap(\.key)
    }
  }

  // NB: written once, in init (`weak let` needs Swift 6.3, newer than the tools version admits).
  private nonisolated(unsafe) weak var store: (any CloudKeyValueStore)?
  private let state = Locked(State())

  private init(_ store: any CloudKeyValueStore) {
    self.store = store
  }

  /// Adds `key` to the keys told about changes. The first key starts the store: observes it, then
  /// synchronizes it (Apple's order), and reports once if it is unavailable.
  func join(_ key: any CloudSyncedKey) {
    let isFirst = state.withLock { state in
      // NB: key objects come and go (one per instance of a settings type): the list forgets the
      // gone ones whenever it doubles, as on Linux no event of the store ever prunes it.
      if state.members.count >= 2 * max(state.liveCount, 8) { state.liveCount = state.liveKeys().count }
      state.members.append(Member(key: key))
      defer { state.isStarted = true }
      return !state.isStarted
    }
    guard isFirst, let store else { return }
    let observations = [
      store.observeExternalChanges { [weak self] change in self?.handle(change) },
      store.observeForegroundReturns { [weak self] in self?.returnToForeground() },
    ]
    state.withLock { $0.observations = observations }
    synchronize(store, reportingAs: key.cloudKeyName)
  }

  /// Notes that this process wrote `cloudKey`, so that an initial sync writes it again.
  func noteLocalWrite(of cloudKey: String) {
    state.withLock { _ = $0.writtenKeys.insert(cloudKey) }
  }

  private func synchronize(_ store: any CloudKeyValueStore, reportingAs key: String) {
    guard !store.synchronize() else { return }
    let isFirstReport = state.withLock { state in
      defer { state.hasReportedUnavailability = true }
      return !state.hasReportedUnavailability
    }
    if isFirstReport { DefaultsWarning.report(DefaultsWarning(.cloudUnavailable, key: key)) }
  }

  /// Tells the keys a change names (every key not in step with the cloud, when it names none);
  /// reports a quota violation once, whatever keys it names.
  private func handle(_ change: CloudExternalChange) {
    if change.reason == .quotaViolation {
      DefaultsWarning.report(
        DefaultsWarning(.cloudQuotaViolation, detail: change.keys.joined(separator: ", ")))
      return
    }
    let (keys, writtenKeys) = state.withLock { state in
      // NB: the new account's data replaces this process's earlier writes; they are not sent again.
      if change.reason == .accountChange { state.writtenKeys = [] }
      return (state.liveKeys(), state.writtenKeys)
    }
    for key in keys {
      let isConcerned =
        change.keys.isEmpty ? !key.isInStepWithCloud : change.keys.contains(key.cloudKeyName)
      guard isConcerned else { continue }
      key.apply(
        change.reason,
        rewritingLocalWrite: change.reason == .initialSync && writtenKeys.contains(key.cloudKeyName))
    }
  }

  /// Synchronizes, then lets each key catch up with changes made while the app was away.
  private func returnToForeground() {
    let keys = state.withLock { $0.liveKeys() }
    guard let store, let first = keys.first else { return }
    synchronize(store, reportingAs: first.cloudKeyName)
    for key in keys { key.reconcile() }
  }
}

extension CloudStoreCoordinator {
  private struct Entry {
    weak var store: (any CloudKeyValueStore)?
    let coordinator: CloudStoreCoordinator
  }

  private static let all = Locked([ObjectIdentifier: Entry]())

  /// The coordinator of `store`, made at its first use and kept while the store lives.
  static func of(_ store: any CloudKeyValueStore) -> CloudStoreCoordinator {
    all.withLock { entries in
      let id = ObjectIdentifier(store)
      if let entry = entries[id], entry.store === store { return entry.coordinator }
      entries = entries.filter { $0.value.store != nil }
      let coordinator = CloudStoreCoordinator(store)
      entries[id] = Entry(store: store, coordinator: coordinator)
      return coordinator
    }
  }
}
