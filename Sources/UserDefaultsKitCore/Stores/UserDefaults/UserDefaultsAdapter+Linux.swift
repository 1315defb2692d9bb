#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import Foundation
  import Synchronization

  /// Linux: the library owns every suite it opens. It keeps its own copy of the suite's values
  /// (``SuiteFiles``); reads come from it, after a look at the files' stamps at most every
  /// ``freshnessInterval``; noticing a change only reads; a write is stored by the suite's
  /// ``SuiteStorage``.
  ///
  /// Foundation in this process meets the library through the suite's file, like another process
  /// (see ``SuiteFiles/synchronizeFoundation()`` for the one courtesy the library pays it).
  final class UserDefaultsAdapter: @unchecked Sendable {
    // NB: `observedKeyCount` and `watches` are guarded by `ProcessWriteLock` (a watch needs no file
    // lock); the rest is immutable or locked itself.
    let userDefaults: UserDefaults
    let location: SuiteLocation
    let files: SuiteFiles
    let storage: any SuiteStorage
    private let arguments: [String: StoredValueBox]
    private let changed: @Sendable (String?) -> Void
    private let nextFreshnessCheck = Atomic<Int64>(0)
    /// Whether a read found the suite being written, and another thread waits to read it again.
    private let reloadQueued = Atomic<Bool>(false)
    private var observedKeyCount = 0
    private var watches: [DefaultsObservation] = []
    /// How often at most a read looks at the files' stamps for another process's write.
    static let freshnessInterval: Int64 = 10_000_000

    init(location: SuiteLocation, storage: any SuiteStorage, changed: @escaping @Sendable (String?) -> Void) {
      self.location = location
      self.userDefaults = location.makeUserDefaults()
      self.files = SuiteFiles(location: location)
      self.storage = storage
      self.changed = changed
      self.arguments = UserDefaults.standard.volatileDomain(forName: UserDefaults.argumentDomain)
        .compactMapValues { PropertyListValue(foundationObject: $0).map(StoredValueBox.init) }
      // NB: what the first read finds is no change: nobody observes the suite yet.
      files.reading {}
      files.takeChangesSeen()
    }

    /// What reads `key`: the launch argument (`-key value`) that overrides it, else the suite's
    /// value. Keys of Foundation's global domain are not read.
    /// What the suite itself stores for `key`, without launch arguments.
    func storedValue(_ key: String) -> PropertyListValue? {
      checkFreshness()
      return files.value(for: SuiteKey(key)).flatMap(value(of:))
    }

    func lookup(forKey key: String) -> @Sendable () -> AnyObject? {
      if let argument = arguments[key] { return { argument } }
      let suiteKey = SuiteKey(key)
      return { [self] in
        checkFreshness()
        return files.value(for: suiteKey)
      }
    }

    /// The value a token from ``lookup(forKey:)`` stands for; nil for a value the library does not
    /// model, which reads as the default and is kept as stored.
    func value(of token: AnyObject) -> PropertyListValue? {
      SuitePropertyList.value(of: token)
    }

    /// A write replaces the suite's file whole, or appends one record to its journal.
    static let writesAtomically = true

    /// Stores `changes` (nil removes a key) in one durable write, then queues their announcement
    /// (`announce`), under the lock that orders the library's writes in this process: the write
    /// calls no code but the library's (Foundation on Linux posts no notification for it).
    func commit(_ changes: [String: PropertyListValue?], announce: () -> Void) throws {
      try ProcessWriteLock.shared.withLock {
        do {
          try write(changes)
        } catch let failure as FileOperationError {
          throw failure.defaultsError(.writeFailed)
        }
        announce()
      }
    }

    /// Stores `changes` (nil removes a key) in one write; values the suite holds already write
    /// nothing.
    private func write(_ changes: [String: PropertyListValue?]) throws {
      if let refusal = files.refusal { throw refusal }
      #if DEBUG
        writes.add(1, ordering: .relaxed)
      #endif
      var suiteChanges = SuiteChanges(minimumCapacity: changes.count)
      for (key, value) in changes { suiteChanges[SuiteKey(key)] = .some(value.map(StoredValueBox.init)) }
      defer { announceChangesSeen() }
      try files.writing(foundationFirst: storage.foundationFirst) {
        try storage.store(suiteChanges, in: files)
      }
    }

    #if DEBUG
      /// How many writes the library asked of the suite: a figure for tests, which check that an
      /// update of several keys is one write. (Debug builds only: a release build ships none.)
      let writes = Atomic<Int>(0)
      /// How many times the suite was read again because its files changed: a figure for tests,
      /// which check that the library's own writes cause none.
      let reloads = Atomic<Int>(0)
    #endif

    /// Tells the store's observers to look at their keys when a read under the lock found changes
    /// made elsewhere: after this call's lock, though inside an update's (as the store's own
    /// announcements are).
    private func announceChangesSeen() {
      if files.takeChangesSeen() { changed(nil) }
    }

    /// Reads the suite again if its files changed, and reports a change. Without `waiting`, a suite
    /// being written now is not read, and the call returns false.
    @discardableResult
    func reloadIfFileChanged(waiting: Bool = true) -> Bool {
      guard files.changedSinceRead else { return true }
      if waiting { files.reading {} } else if files.readingIfFree({}) == nil { return false }
      if files.takeChangesSeen() {
        #if DEBUG
          reloads.add(1, ordering: .relaxed)
        #endif
        changed(nil)
      }
      return true
    }

    /// Reads the suite's files again now, without waiting for the next look at their stamps.
    func checkForExternalChanges() {
      nextFreshnessCheck.store(0, ordering: .relaxed)
      reloadIfFileChanged()
    }

    /// The suite's values, read again if its files changed.
    var storedValues: [String: PropertyListValue] {
      defer { announceChangesSeen() }
      return files.reading { files.storedValues }
    }

    /// Removes the suite's file and its journal. Call with the suite's values removed.
    func removeFiles() throws {
      guard files.refusal == nil else { return }
      defer { announceChangesSeen() }
      try files.writing { try files.remove() }
    }

    /// Runs `body` as the only writer of the suite in every process that uses the library, after
    /// reading the suite again if another process changed it.
    func withExclusiveAccess<R>(_ body: () throws -> R) rethrows -> R {
      defer { announceChangesSeen() }
      return try files.writing(body)
    }

    /// Watches the suite's file (and the file a link points to) and its journal while any key has an
    /// observer.
    func startObserving(_ key: String) {
      ProcessWriteLock.shared.withLock {
        observedKeyCount += 1
        guard observedKeyCount == 1 else { return }
        watches = watchedFiles.compactMap {
          FileWatcher.shared.watch($0) { [weak self] in self?.reloadIfFileChanged() }
        }
      }
    }

    func stopObserving(_ key: String) {
      let ended: [DefaultsObservation] = ProcessWriteLock.shared.withLock {
        observedKeyCount -= 1
        guard observedKeyCount == 0 else { return [] }
        defer { watches = [] }
        return watches
      }
      for watch in ended { watch.cancel() }
    }

    /// The files whose changes are the suite's: none for a refused suite.
    var watchedFiles: [URL] {
      guard files.refusal == nil else { return [] }
      let target = URL(fileURLWithPath: SafeFile.resolvingLinks(location.fileURL.path))
      return [location.fileURL, location.journalURL] + (target == location.fileURL ? [] : [target])
    }

    private func checkFreshness() {
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC_COARSE, &now)
      let nanoseconds = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
      guard nanoseconds >= nextFreshnessCheck.load(ordering: .relaxed) else { return }
      nextFreshnessCheck.store(nanoseconds + Self.freshnessInterval, ordering: .relaxed)
      // NB: a read never waits for a writer: a suite held by a write under way is read again on
      // another thread once the write is done, as the file watcher's thread does.
      guard !reloadIfFileChanged(waiting: false), !reloadQueued.exchange(true, ordering: .relaxed) else {
        return
      }
      DispatchQueue.global().async { [weak self] in
        self?.reloadQueued.store(false, ordering: .relaxed)
        self?.reloadIfFileChanged()
      }
    }
  }

#endif
