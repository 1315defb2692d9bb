#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import Foundation
  import Synchronization

  /// Linux: `UserDefaults` is a thin layer over CFPreferences with property-list files, no daemon
  /// and no automatic flush. The adapter reads through CFPreferences, so that a direct
  /// `UserDefaults.set` in this process is seen at once, and writes the suite's file itself (see
  /// ``SuiteFile``), then has CFPreferences drop its cached copy of that one suite.
  ///
  /// What Foundation code in the same process sees:
  /// - a library write, as soon as the write returns (CFPreferences reloads the new file);
  /// - a write of another process, at the next read of the suite through the library (which
  ///   checks the file's stamp at most every ``freshnessInterval``) or when the file watcher
  ///   reports it to a store with observers;
  /// - its own direct `UserDefaults.set` calls at once, as always. Foundation keeps those in
  ///   memory until something synchronizes; the library's next write or reload of the suite makes
  ///   them durable, and keeps the file whole while Foundation writes them (see ``SuiteFile``).
  final class UserDefaultsAdapter: @unchecked Sendable {
    // NB: `observedKeyCount` and `watch` are guarded by `ProcessWriteLock`; the rest is immutable
    // or locked itself.
    let userDefaults: UserDefaults
    let location: SuiteLocation
    let file: SuiteFile
    /// How often at most a read looks at the file's stamp for another process's write.
    static let freshnessInterval: Int64 = 10_000_000

    private let reader: SuiteReader
    private let changed: @Sendable (String?) -> Void
    private let nextFreshnessCheck = Atomic<Int64>(0)
    private let lastSeenStamp = Locked<FileStamp?>(nil)
    private var observedKeyCount = 0
    private var watch: DefaultsObservation?

    init(location: SuiteLocation, changed: @escaping @Sendable (String?) -> Void) {
      self.location = location
      self.userDefaults = location.makeUserDefaults()
      self.file = SuiteFile(url: location.fileURL)
      self.changed = changed
      self.reader = SuiteReader(foundationName: location.foundationName, userDefaults: userDefaults)
      file.withLock {
        file.repairBeforeFoundationReads(report: DefaultsError.report)
        // NB: a first read on one thread: Foundation can lose a thread's own write when a suite is
        // first used by several threads at once.
        _ = reader.lookup(forKey: "UserDefaultsKit.warmUp")()
        lastSeenStamp.withLock { $0 = FileStamp(path: location.fileURL.path) }
      }
    }

    /// What reads `key` (see ``SuiteReader``), after looking for another process's write.
    func lookup(forKey key: String) -> @Sendable () -> AnyObject? {
      reader.lookup(forKey: key) { [self] in checkFreshness() }
    }

    /// The value a token from ``lookup(forKey:)`` stands for.
    func value(of token: AnyObject) -> PropertyListValue? {
      PropertyListValue(coreFoundationObject: token)
    }

    /// Applies `changes` (nil removes a key) in one atomic, durable write of the suite's file.
    func write(_ changes: [String: PropertyListValue?]) throws {
      writes.add(1, ordering: .relaxed)
      try synchronize(changes)
    }

    /// How many writes the library asked of the suite: a figure for tests, which check that an
    /// update of several keys is one write.
    let writes = Atomic<Int>(0)

    /// Reads the file again if another process changed it, and reports the change.
    func reloadIfFileChanged() {
      guard fileChanged() else { return }
      // NB: asked again with the lock held: a write of this process in progress changes the file,
      // and is not a change made elsewhere once it is done.
      file.withLock {
        guard fileChanged() else { return }
        reloads.add(1, ordering: .relaxed)
        checkForExternalChanges()
      }
    }

    private func fileChanged() -> Bool {
      FileStamp(path: location.fileURL.path) != lastSeenStamp.withLock { $0 }
    }

    /// How many times the suite was read again because its file changed: a figure for tests, which
    /// check that the library's own writes cause none.
    let reloads = Atomic<Int>(0)

    /// Makes Foundation take the suite from its file again, makes Foundation's unwritten direct
    /// writes durable, and reports the change.
    func checkForExternalChanges() {
      do {
        try synchronize([:])
      } catch {
        // NB: a suite that refuses writes (its file is corrupt and cannot be moved aside) is not
        // synchronized: Foundation would rewrite the file with what it holds. The stamp is taken,
        // so that reads do not try again until the file changes.
        if let error = error as? DefaultsError { DefaultsError.report(error) }
        lastSeenStamp.withLock { $0 = FileStamp(path: location.fileURL.path) }
      }
      changed(nil)
    }

    /// Runs `body` as the only writer of the suite in every process that uses the library, after
    /// reading the suite again if another process changed it.
    func withExclusiveAccess<R>(_ body: () throws -> R) rethrows -> R {
      try file.withLock {
        reloadIfFileChanged()
        return try body()
      }
    }

    /// Watches the suite's file while any key has an observer.
    func startObserving(_ key: String) {
      file.withLock {
        observedKeyCount += 1
        guard observedKeyCount == 1 else { return }
        watch = FileWatcher.shared.watch(location.fileURL) { [weak self] in self?.reloadIfFileChanged() }
      }
    }

    func stopObserving(_ key: String) {
      let ended: DefaultsObservation? = file.withLock {
        observedKeyCount -= 1
        guard observedKeyCount == 0 else { return nil }
        defer { watch = nil }
        return watch
      }
      ended?.cancel()
    }

    /// Brings file and Foundation in step: Foundation writes what it holds in memory (into a copy
    /// of the file, see ``SuiteFile/commit(_:foundationFlush:report:)``), `changes` go on top, the
    /// result is written atomically, and Foundation drops its cached copy of the suite, so that its
    /// next read takes the new file.
    private func synchronize(_ changes: [String: PropertyListValue?]) throws {
      try file.withLock {
        _ = try file.commit(
          changes, foundationFlush: reader.synchronize, foundationHolds: { reader.holds($1, forKey: $0) },
          report: DefaultsError.report)
        lastSeenStamp.withLock { $0 = file.contentsStamp }
      }
    }

    private func checkFreshness() {
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC_COARSE, &now)
      let nanoseconds = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
      guard nanoseconds >= nextFreshnessCheck.load(ordering: .relaxed) else { return }
      nextFreshnessCheck.store(nanoseconds + Self.freshnessInterval, ordering: .relaxed)
      reloadIfFileChanged()
    }
  }
#endif
