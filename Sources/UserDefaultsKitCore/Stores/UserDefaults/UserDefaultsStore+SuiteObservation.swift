import Foundation

extension UserDefaultsStore: ListableDefaultsStore {
  /// Calls `onChange` with the keys whose stored values changed (nil: removed), after each change
  /// of the suite made by anyone: this process, another process, `defaults write`. Unlike
  /// ``observe(_:onChange:)``, it needs no key names, so it hears of keys that do not exist yet.
  /// It lasts until the returned observation is cancelled or released, which keeps the store; nil
  /// when the platform cannot watch the suite.
  ///
  /// On Linux the suite's file is watched by the one watcher that serves key observers too; Apple
  /// platforms announce changes per key only, so there the suite is read again twice a second.
  public func observeStoredValues(
    _ onChange: @escaping @Sendable ([String: PropertyListValue?]) -> Void
  ) -> DefaultsObservation? {
    let tracker = StoredValuesTracker(store: self, onChange: onChange)
    #if canImport(Darwin) || APPLE_API_TYPECHECK
      let polling = Task.detached {
        while !Task.isCancelled {
          try? await Task.sleep(nanoseconds: 500_000_000)
          tracker.check()
        }
      }
      let watch = DefaultsObservation { polling.cancel() }
    #else
      // NB: the watcher reports every event on the file, including this process's own writes, and
      // the library's reload only those of other processes; the tracker compares values itself.
      // NB: a journaled suite's journal too, where its writes go.
      let watches = adapter.watchedFiles.compactMap { url in
        FileWatcher.shared.watch(url) { [adapter] in
          adapter.reloadIfFileChanged()
          tracker.check()
        }
      }
      guard !watches.isEmpty else { return nil }
      let watch = DefaultsObservation { for watch in watches { watch.cancel() } }
      // NB: a change made between the first read and the start of the watch.
      tracker.check()
    #endif
    return DefaultsObservation { watch.cancel() }
  }
}

/// The stored values an observation of a suite last saw, and what tells it of changes.
private final class StoredValuesTracker: Sendable {
  private let store: UserDefaultsStore
  private let onChange: @Sendable ([String: PropertyListValue?]) -> Void
  private let lastSeen: Locked<[String: PropertyListValue]>
  private let announcements = AnnouncementQueue()

  init(store: UserDefaultsStore, onChange: @escaping @Sendable ([String: PropertyListValue?]) -> Void) {
    self.store = store
    self.onChange = onChange
    self.lastSeen = Locked(store.storedValues)
  }

  /// Reads the suite and reports what differs from what was seen last. Queued, and read when it
  /// runs, one check at a time with no library lock held (see ``AnnouncementQueue``): the last
  /// check reads the last values, and reading calls Foundation on Apple platforms.
  func check() {
    announcements.post { [self] in
      let current = store.storedValues
      let changes = lastSeen.withLock { lastSeen in
        var changes: [String: PropertyListValue?] = [:]
        for key in Set(lastSeen.keys).union(current.keys) where lastSeen[key] != current[key] {
          changes[key] = .some(current[key])
        }
        lastSeen = current
        return changes
      }
      if !changes.isEmpty { onChange(changes) }
    }
  }
}
