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
  ///
  /// A journaled suite (``UserDefaultsStore/journaledSuite(_:in:flushesEachWrite:)``) appends each
  /// write to its log (``SuiteJournal``) instead, and reads what the library holds: the suite's file
  /// with the log on top. Foundation sees the log's changes when it is folded into the file: when
  /// it outgrows the file (and 64 KB), at the process's exit, at `checkForExternalChanges()`, and
  /// whenever a store of the suite that is not journaled finds it (which folds it before it reads
  /// or writes the suite).
  final class UserDefaultsAdapter: @unchecked Sendable {
    // NB: `observedKeyCount` and `watches` are guarded by `ProcessWriteLock`; the rest is immutable
    // or locked itself.
    let userDefaults: UserDefaults
    let location: SuiteLocation
    let file: SuiteFile
    /// The suite's change log: appended to by a journaled suite, folded at once by any other.
    let journal: SuiteJournal
    let isJournaled: Bool
    private let folding: JournalFold
    /// How often at most a read looks at the file's stamp for another process's write.
    static let freshnessInterval: Int64 = 10_000_000

    private let reader: SuiteReader
    private let changed: @Sendable (String?) -> Void
    private let nextFreshnessCheck = Atomic<Int64>(0)
    /// The stamps of the suite's file and of its log when the library last read them.
    private let lastSeenStamps = Locked<[FileStamp?]>([nil, nil])
    /// A journaled suite's values: its file with the log on top. A value keeps its box while it
    /// does not change, so that a key's cached value stays valid across writes of other keys.
    private let values = Locked<[String: StoredValueBox]>([:])
    /// Whether `values` were read once (guarded by the suite's lock).
    private var valuesLoaded = false
    private var observedKeyCount = 0
    private var watches: [DefaultsObservation] = []

    /// A log larger than this (and than the suite's file) is folded into the file.
    static let foldThreshold = 64 * 1024

    init(location: SuiteLocation, journaled: JournalOptions?, changed: @escaping @Sendable (String?) -> Void)
    {
      self.location = location
      self.userDefaults = location.makeUserDefaults()
      self.file = SuiteFile(url: location.fileURL)
      self.journal = SuiteJournal(
        path: location.journalURL.path, flushesEachWrite: journaled?.flushesEachWrite ?? true)
      self.isJournaled = journaled != nil
      self.changed = changed
      self.reader = SuiteReader(foundationName: location.foundationName, userDefaults: userDefaults)
      self.folding = JournalFold(file: file, journal: journal, reader: reader)
      file.withLock {
        file.repairBeforeFoundationReads(report: DefaultsError.report)
        // NB: a first read on one thread: Foundation can lose a thread's own write when a suite is
        // first used by several threads at once.
        _ = reader.lookup(forKey: "UserDefaultsKit.warmUp")()
        do {
          _ = try takeInChanges()
        } catch {
          if let error = error as? DefaultsError { DefaultsError.report(error) }
        }
      }
      if isJournaled { JournaledSuites.add(folding) }
    }

    /// What reads `key` (see ``SuiteReader``), after looking for another process's write.
    func lookup(forKey key: String) -> @Sendable () -> AnyObject? {
      guard isJournaled else { return reader.lookup(forKey: key) { [self] in checkFreshness() } }
      if let argument = reader.argument(forKey: key) { return { argument } }
      return { [self] in
        checkFreshness()
        return values.withLock { $0[key] }
      }
    }

    /// The value a token from ``lookup(forKey:)`` stands for.
    func value(of token: AnyObject) -> PropertyListValue? {
      PropertyListValue(coreFoundationObject: token)
    }

    /// Applies `changes` (nil removes a key) in one atomic, durable write of the suite's file, or,
    /// for a journaled suite, in one record of its log.
    func write(_ changes: [String: PropertyListValue?]) throws {
      writes.add(1, ordering: .relaxed)
      guard isJournaled else { return try synchronize(changes) }
      try file.withLock {
        // NB: the log alone: it tells another process's appends and folds; a change of the file
        // by Foundation alone is seen by the next read's look at the stamps.
        let changedElsewhere = try takeInChanges(ofLogOnly: true)
        defer { if changedElsewhere { changed(nil) } }
        // NB: values the suite holds already change nothing, as in a suite that is not journaled.
        guard values.withLock({ values in changes.contains { values[$0.key]?.value != $0.value } }) else {
          return
        }
        try journal.append(changes)
        values.withLock { Self.apply(changes, to: &$0) }
        lastSeenStamps.withLock { $0[1] = journal.currentStamp }
        guard journal.length > max(Self.foldThreshold, Int(file.contentsStamp?.size ?? 0)) else { return }
        // NB: the write is stored once appended; a fold that fails is reported, and tried again at
        // the next write.
        do {
          try fold()
        } catch {
          JournaledSuites.report(error, path: location.fileURL.path)
        }
      }
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
        guard isJournaled else { return checkForExternalChanges() }
        do {
          if try takeInChanges() { changed(nil) }
        } catch {
          if let error = error as? DefaultsError { DefaultsError.report(error) }
        }
      }
    }

    private func fileChanged() -> Bool {
      [FileStamp(path: location.fileURL.path), FileStamp(path: journal.path)]
        != lastSeenStamps.withLock { $0 }
    }

    /// How many times the suite was read again because its file changed: a figure for tests, which
    /// check that the library's own writes cause none.
    let reloads = Atomic<Int>(0)

    /// Makes Foundation take the suite from its file again, makes Foundation's unwritten direct
    /// writes durable, and reports the change; a journaled suite's log is folded into the file.
    func checkForExternalChanges() {
      do {
        if isJournaled { try file.withLock { try fold() } } else { try synchronize([:]) }
      } catch {
        // NB: a suite that refuses writes (its file is corrupt and cannot be moved aside) is not
        // synchronized: Foundation would rewrite the file with what it holds. The stamps are taken,
        // so that reads do not try again until the files change.
        if let error = error as? DefaultsError { DefaultsError.report(error) }
        lastSeenStamps.withLock {
          $0 = [FileStamp(path: location.fileURL.path), FileStamp(path: journal.path)]
        }
      }
      changed(nil)
    }

    /// A journaled suite's values (its file with the log on top); nil for another suite.
    var journaledValues: [String: PropertyListValue]? {
      guard isJournaled else { return nil }
      return file.withLock {
        reloadIfFileChanged()
        return values.withLock { $0.mapValues(\.value) }
      }
    }

    /// Removes the suite's file and its log. Call with the suite's values removed.
    func removeFiles() throws {
      try file.withLock {
        for url in [location.fileURL, location.journalURL] where unlink(url.path) != 0 && errno != ENOENT {
          throw FileOperationError("remove", url.path)
        }
        _ = try takeInChanges()
      }
    }

    /// Runs `body` as the only writer of the suite in every process that uses the library, after
    /// reading the suite again if another process changed it.
    func withExclusiveAccess<R>(_ body: () throws -> R) rethrows -> R {
      try file.withLock {
        reloadIfFileChanged()
        return try body()
      }
    }

    /// Watches the suite's file and its log while any key has an observer.
    func startObserving(_ key: String) {
      file.withLock {
        observedKeyCount += 1
        guard observedKeyCount == 1 else { return }
        watches = [location.fileURL, location.journalURL].compactMap {
          FileWatcher.shared.watch($0) { [weak self] in self?.reloadIfFileChanged() }
        }
      }
    }

    func stopObserving(_ key: String) {
      let ended: [DefaultsObservation] = file.withLock {
        observedKeyCount -= 1
        guard observedKeyCount == 0 else { return [] }
        defer { watches = [] }
        return watches
      }
      for watch in ended { watch.cancel() }
    }

    /// Brings file and Foundation in step: Foundation writes what it holds in memory (into a copy
    /// of the file, see ``SuiteFile/commit(_:foundationWins:foundationFlush:foundationHolds:report:)``), `changes` go on top, the
    /// result is written atomically, and Foundation drops its cached copy of the suite, so that its
    /// next read takes the new file.
    private func synchronize(_ changes: [String: PropertyListValue?]) throws {
      // NB: what a journaled store of the suite (in any process) logged goes first.
      _ = try file.withLock { try commit(changes, foundationWins: false) }
    }

    /// Writes the log and `changes` into the suite's file (see ``JournalFold``). Call with the lock
    /// held; returns the suite's new contents.
    @discardableResult
    private func commit(_ changes: [String: PropertyListValue?] = [:], foundationWins: Bool) throws
      -> [String: PropertyListValue]
    {
      let contents = try folding.commit(changes, foundationWins: foundationWins)
      lastSeenStamps.withLock { $0 = [file.contentsStamp, journal.currentStamp] }
      return contents
    }

    /// Folds a journaled suite's log into its file, and takes the result (with Foundation's
    /// unwritten direct writes) as the suite's values. Call with the lock held.
    private func fold() throws {
      let contents = try commit(foundationWins: true)
      values.withLock { Self.replace(&$0, with: contents) }
    }

    /// Reads what other processes changed in the suite's file and log since the library last read
    /// them: a journaled suite's values take it in, another suite folds the log into the file. Call
    /// with the lock held; returns whether anything changed.
    private func takeInChanges(ofLogOnly logOnly: Bool = false) throws -> Bool {
      guard isJournaled else {
        _ = try journal.refresh()
        guard journal.changes.isEmpty else {
          try commit(foundationWins: true)
          return true
        }
        lastSeenStamps.withLock { $0 = [FileStamp(path: location.fileURL.path), journal.currentStamp] }
        return false
      }
      var fileStamp = logOnly ? lastSeenStamps.withLock { $0[0] } : FileStamp(path: location.fileURL.path)
      let fileChanged = fileStamp != lastSeenStamps.withLock { $0[0] } || !valuesLoaded
      valuesLoaded = true
      let refresh = try journal.refresh()
      defer { lastSeenStamps.withLock { $0 = [fileStamp, journal.currentStamp] } }
      switch (fileChanged, refresh) {
      case (false, .unchanged):
        return false
      case (false, .appended(let changes)):
        values.withLock { Self.apply(changes, to: &$0) }
        return true
      default:
        var contents = try file.currentContents(report: DefaultsError.report)
        for (key, value) in journal.changes { contents[key] = value }
        values.withLock { Self.replace(&$0, with: contents) }
        // NB: the stamp of the file just read, so that the next read does not read it again.
        fileStamp = file.contentsStamp
        return true
      }
    }

    private static func apply(
      _ changes: [String: PropertyListValue?], to values: inout [String: StoredValueBox]
    ) {
      for (key, value) in changes { values[key] = value.map(StoredValueBox.init) }
    }

    /// Replaces `values` with `contents`, keeping the box of every value that did not change.
    private static func replace(
      _ values: inout [String: StoredValueBox], with contents: [String: PropertyListValue]
    ) {
      values = contents.reduce(into: [:]) { result, entry in
        result[entry.key] =
          values[entry.key].flatMap { $0.value == entry.value ? $0 : nil } ?? StoredValueBox(entry.value)
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
