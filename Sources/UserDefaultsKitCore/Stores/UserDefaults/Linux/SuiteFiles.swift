#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import CoreFoundation
  import Foundation
  import Synchronization

  /// The files of one suite and what the library last read of them: the one owner of the suite's
  /// lock, its stamps, its values and its folds.
  ///
  /// **Reading** only reads: the suite's property list (`<suite>.plist`, binary or XML) with the journal
  /// of a journaled suite (``SuiteJournal``) on top, under the suite's shared lock, again only when a
  /// file's stamp changed. A file that does not parse reads as empty and is reported; a FIFO, a
  /// device, a file larger than ``SafeFile/maximumSize`` or one that cannot be opened is never read
  /// into memory, is reported, and makes writes fail with that cause. A read of a key never waits
  /// for that lock (``readingIfFree(_:)``): while a writer holds it, the read serves what it has.
  ///
  /// **Writing the whole file**, the protocol of every write that is not a journal append:
  /// 1. take the suite's exclusive lock (`.userdefaultskit/<suite>.plist.lock`; a lock that cannot
  ///    be taken fails the write with its cause) and read the suite again if its files changed;
  /// 2. write the values to a new file beside the suite's (`.<suite>.plist.new`), with the mode and
  ///    owner of the file it replaces, and flush it to the disk (a binary property list, written by
  ///    ``BinaryPropertyList``, or by CoreFoundation for a suite holding an object the library does
  ///    not model);
  /// 3. rename it over the suite's file (the target of a link, when the suite's file is one), and
  ///    flush the folder, so that the rename is on the disk too when the write returns.
  ///
  /// A failure at any step leaves the previous file whole and in place; a reader (Foundation in
  /// another process, a backup's hard link) that opened it keeps reading it whole. A file that does
  /// not parse is first linked to `<suite>.plist.corrupt-<seconds>.<nanoseconds>` and reported.
  final class SuiteFiles: @unchecked Sendable {
    // NB: everything but `published` is guarded by the suite's lock (and so `ProcessWriteLock`).
    let path: String
    let journal: SuiteJournal
    private let lock: SuiteLock
    private var fileStamp: FileStamp? {
      didSet { stampIsRacy.store(fileStamp?.isRecent ?? false, ordering: .relaxed) }
    }
    /// Whether the stamp was taken within one tick of the file system's clock of the file's last
    /// change: another write in the same tick, given the inode a write before it freed, would leave
    /// the same stamp (git's "racily clean" entries). While it is, the bytes decide.
    private let stampIsRacy = Atomic<Bool>(false)
    private var fileValues: SuiteValues = [:]
    /// The bytes `fileValues` were read from or written as; nil when there was no file.
    private var fileBytes: Data?
    private var problem: FileProblem?
    private var loaded = false
    private let changesSeen = Atomic<Bool>(false)
    /// The stamps of the file and the journal as last read or written, for looks without the lock.
    private let seenStamps = Locked<[FileStamp?]?>(nil)
    /// The suite as CoreFoundation, under a `UserDefaults` object, names it.
    private let foundationDomain: CFString
    /// The values as last read or written: the file with the journal on top.
    private let published = Locked(SuiteValues())

    /// The folder of the suite's file and the name its replacement is written under.
    private let replacement: (folder: String, temporary: String)
    private var conversions = SuitePropertyList.Conversions()

    private static func replacement(of target: String) -> (folder: String, temporary: String) {
      let folder = (target as NSString).deletingLastPathComponent
      return (folder, folder + "/." + (target as NSString).lastPathComponent + ".new")
    }

    private enum FileProblem: Equatable {
      case corrupt
      case unusable(FileOperationError)
    }

    /// Whether reads report the problems they find (a file or a journal that cannot be used, a damaged
    /// record): a store's files do; files read once for a tool do not, as the tool throws them.
    let reportsProblems: Bool

    /// Why the suite's name is refused (Foundation would turn it into a stray path): such a suite
    /// reads nothing, watches nothing and writes nothing, anywhere; its writes throw this.
    let refusal: DefaultsError?

    /// Runs `body` under the suite's shared lock, with the suite read again if its files changed:
    /// how every read of the files starts.
    func reading<R, Failure>(_ body: () throws(Failure) -> R) throws(Failure) -> R {
      guard refusal == nil else { return try body() }
      return try lock.withLock(exclusive: false) { () throws(Failure) in
        refresh()
        return try body()
      }
    }

    /// ``reading(_:)``, unless a writer holds the suite now (a thread of this process or another
    /// process): then nil, at once. How a read of a key looks for changes: it never waits.
    @discardableResult
    func readingIfFree<R>(_ body: () -> R) -> R? {
      guard refusal == nil else { return body() }
      return lock.withSharedLockIfFree {
        refresh()
        return body()
      }
    }

    /// Runs `body` as the suite's only writer in every process, with the suite read again if its
    /// files changed: how every write starts (step 1 of the protocol above). With
    /// `foundationFirst`, Foundation first stores the direct writes it holds
    /// (``synchronizeFoundation()``), so that the read takes them in and the write goes on top.
    func writing<R, Failure>(foundationFirst: Bool = false, _ body: () throws(Failure) -> R) throws(Failure)
      -> R
    {
      guard refusal == nil else { return try body() }
      // NB: before the lock, which Foundation does not take: its write is any other process's.
      if foundationFirst { synchronizeFoundation() }
      return try lock.withLock(exclusive: true) { () throws(Failure) in
        refresh()
        return try body()
      }
    }

    init(location: SuiteLocation, reportsProblems: Bool = true) {
      path = location.fileURL.path
      replacement = Self.replacement(of: path)
      refusal = location.suiteName.flatMap { name in
        SuiteLocation.problem(withSuiteName: name).map {
          DefaultsError.invalidSuiteName(store: UserDefaultsStore.description(ofSuite: name), reason: $0)
        }
      }
      self.reportsProblems = reportsProblems
      journal = SuiteJournal(path: location.journalURL.path, reportsProblems: reportsProblems)
      lock = SuiteLock(suiteFile: location.fileURL)
      foundationDomain =
        location.foundationName.map(PropertyListValue.coreFoundationString)
        ?? kCFPreferencesCurrentApplication
    }

    /// Whether a read found changes since the last call.
    @discardableResult
    func takeChangesSeen() -> Bool {
      changesSeen.exchange(false, ordering: .relaxed)
    }

    /// Has Foundation store the direct writes it holds for the suite (as a `UserDefaults` object's
    /// `synchronize()` does) and drop its copy of the suite, so that its next read takes the file.
    /// A whole-file write calls it before it reads the suite, so that its change goes over
    /// Foundation's earlier direct writes, and after it has written, so that Foundation's objects
    /// read the new file at once. What Foundation stores is read like another process's write, at
    /// the next read that finds the file changed. Reads and observers never call it: with nothing
    /// held, it writes nothing.
    private func synchronizeFoundation() {
      if !CFPreferencesSynchronize(foundationDomain, kCFPreferencesCurrentUser, kCFPreferencesAnyHost) {
        DefaultsError.report(
          DefaultsError(
            .writeFailed, path: path,
            detail:
              "Foundation could not store the direct UserDefaults writes it holds, which stay in its memory"))
      }
    }

    var values: SuiteValues { published.withLock { $0 } }

    /// The values as the library models them (a value it does not model is left out).
    var storedValues: [String: PropertyListValue] {
      var stored: [String: PropertyListValue] = [:]
      for (key, object) in values { stored[key.name] = SuitePropertyList.value(of: object) }
      return stored
    }

    func value(for key: SuiteKey) -> AnyObject? {
      published.withLock { $0[key] }
    }

    /// Whether a file changed since it was read (a look at the stamps, without the lock).
    var changedSinceRead: Bool {
      guard refusal == nil else { return false }
      return stampIsRacy.load(ordering: .relaxed)
        || seenStamps.withLock { $0 } != [FileStamp(path: path), FileStamp(path: journal.path)]
    }

    private func recordStamps() {
      let stamps = [fileStamp, journal.stamp]
      seenStamps.withLock { $0 = stamps }
    }

    /// Reads what changed in the files since the last read; returns whether the values changed.
    @discardableResult
    private func refresh() -> Bool {
      var fileChanged = !loaded || FileStamp(path: path) != fileStamp
      if !fileChanged, stampIsRacy.load(ordering: .relaxed) {
        let read = try? SafeFile.read(path)
        if read?.bytes != fileBytes {
          fileChanged = true
        } else if let stamp = read?.stamp {
          fileStamp = stamp
        }
      }
      switch (fileChanged, journal.refresh()) {
      case (false, .unchanged):
        recordStamps()
        return false
      case (false, .appended(let changes)):
        apply(changes)
      default:
        if fileChanged { fileValues = readFile() }
        var fresh = fileValues
        for (key, value) in journal.changes { fresh[key] = value }
        published.withLock { current in
          current = fresh.reduce(into: SuiteValues(minimumCapacity: fresh.count)) { result, entry in
            let kept = current[entry.key].flatMap { Self.same($0, entry.value) ? $0 : nil }
            result[entry.key] = kept ?? entry.value
          }
        }
      }
      loaded = true
      changesSeen.store(true, ordering: .relaxed)
      recordStamps()
      return true
    }

    /// The suite's values with `changes` applied, keeping the box of every value they do not change.
    func apply(_ changes: SuiteChanges) {
      published.withLock { for (key, value) in changes { $0[key] = value } }
      recordStamps()
    }

    /// Whether `changes` change any value.
    func changesAnything(_ changes: SuiteChanges) -> Bool {
      published.withLock { values in
        changes.contains { key, value in
          guard let old = values[key], let value else { return (values[key] == nil) != (value == nil) }
          return !Self.same(old, value)
        }
      }
    }

    /// Why the files cannot be read as they stand (a lock that could not be taken, so a write may
    /// be halfway; a file that does not parse or cannot be used; a journal that cannot be used), as the
    /// read found it; nil when they can. Call after ``refresh()``, with the lock held.
    var unreadable: DefaultsError? {
      if let failure = lock.failure { return failure.defaultsError(.unusableFile) }
      switch problem {
      case .corrupt: return DefaultsError(.unusableFile, path: path, detail: "it is not a property list")
      case .unusable(let failure): return failure.defaultsError(.unusableFile)
      case nil: return journal.problem.map { $0.defaultsError(.unusableFile) }
      }
    }

    /// Fails with the cause when the suite cannot be written: its lock or a file is unusable.
    func checkWritable() throws {
      if let failure = lock.failure { throw failure }
      if case .unusable(let failure) = problem { throw failure.defaultsError(.unusableFile) }
      if let failure = journal.problem { throw failure.defaultsError(.unusableFile) }
    }

    /// Writes `values` as the suite's whole file (see the protocol above).
    func writeWhole(_ values: SuiteValues) throws {
      try checkWritable()
      let target = SafeFile.resolvingLinks(path)
      let (folder, temporary) = target == path ? replacement : Self.replacement(of: target)
      if case .corrupt = problem { try moveAside(target) }
      let data = try conversions.serialize(values)
      var existing = stat()
      let exists = stat(target, &existing) == 0
      let replace = {
        try DurableFile.replace(
          target, through: temporary, with: data, mode: exists ? existing.st_mode & 0o7777 : 0o600,
          ownerOf: exists ? target : folder)
      }
      // NB: the folder is made when the suite's first write finds none.
      do { try replace() } catch let failure as FileOperationError where failure.code == .ENOENT && !exists {
        try SafeFile.makeFolder(folder)
        try replace()
      }
      (fileValues, fileBytes, fileStamp, problem) = (values, data, FileStamp(path: path), nil)
      published.withLock { $0 = values }
      for (key, value) in journal.changes { published.withLock { $0[key] = value } }
      recordStamps()
      synchronizeFoundation()
      // NB: the new file is in place, and observers hear of it; a failed flush of its folder says
      // that the rename may not last.
      do { try DurableFile.flushFolder(folder) } catch {
        changesSeen.store(true, ordering: .relaxed)
        throw error
      }
    }

    /// Writes the journal's changes into the suite's file and starts a new journal. A failure after the
    /// file is written leaves the journal as it was, whose changes the file holds too.
    func fold() throws {
      // NB: direct writes Foundation holds go in first, so that the journal's later changes win.
      synchronizeFoundation()
      refresh()
      try writeWhole(values)
      try journal.restart()
      recordStamps()
    }

    /// Removes the suite's file (a link, not its target) and its journal.
    func remove() throws {
      try checkWritable()
      guard unlink(path) == 0 || errno == ENOENT else { throw FileOperationError("remove", path) }
      try journal.remove()
      refresh()
    }

    private func readFile() -> SuiteValues {
      // NB: Foundation rewrites a file in place, without the lock: an empty or half-written file is
      // often a write in progress, so it is read again after growing pauses before it is corrupt.
      for pause: UInt32 in [0, 10_000, 40_000, 160_000] {
        usleep(pause)
        do {
          guard let (data, stamp) = try SafeFile.read(path) else {
            (fileBytes, fileStamp, problem) = (nil, nil, nil)
            return [:]
          }
          (fileBytes, fileStamp) = (data, stamp)
          if let values = SuitePropertyList.parse(data) {
            problem = nil
            return values
          }
        } catch {
          let failure = error as? FileOperationError ?? FileOperationError("read", path, reason: "\(error)")
          if reportsProblems, problem != .unusable(failure) {
            DefaultsError.report(failure.defaultsError(.unusableFile))
          }
          (fileStamp, problem) = (FileStamp(path: path), .unusable(failure))
          return [:]
        }
      }
      if reportsProblems, problem != .corrupt {
        DefaultsWarning.report(DefaultsWarning(.corruptFile, path: path))
      }
      problem = .corrupt
      return [:]
    }

    private func moveAside(_ target: String) throws {
      var now = timespec()
      clock_gettime(CLOCK_REALTIME, &now)
      let name = target + ".corrupt-\(now.tv_sec)." + String(String(now.tv_nsec + 1_000_000_000).dropFirst())
      for aside in [name] + (2...9).map({ name + "-\($0)" }) {
        if link(target, aside) == 0 {
          DefaultsWarning.report(DefaultsWarning(.corruptFileMovedAside, path: path, detail: aside))
          return
        }
        guard errno == EEXIST else { break }
      }
      throw FileOperationError("move aside", path).defaultsError(.corruptFile)
    }

    /// Whether two of the suite's values are the same: equal values, or one object the library
    /// does not model.
    static func same(_ old: AnyObject, _ new: AnyObject) -> Bool {
      if old === new { return true }
      if !(old is StoredValueBox), !(new is StoredValueBox) { return CFEqual(old, new) }
      return SuitePropertyList.value(of: old).map { $0 == SuitePropertyList.value(of: new) } ?? false
    }
  }
#endif
