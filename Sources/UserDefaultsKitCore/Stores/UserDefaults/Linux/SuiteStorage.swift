#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import Foundation

  /// How a suite stores a write: the one thing an ordinary and a journaled suite do differently.
  /// Both are called with the suite's exclusive lock held and its files just read; a change of
  /// nothing writes nothing; when they return, the change is durable (as far as the storage
  /// promises) and in `files.values`.
  protocol SuiteStorage: Sendable {
    /// Whether Foundation stores the direct writes it holds before a write reads the suite
    /// (``SuiteFiles/writing(foundationFirst:_:)``): a write of the whole file would otherwise
    /// have them stored over it later.
    var foundationFirst: Bool { get }
    func store(_ changes: SuiteChanges, in files: SuiteFiles) throws
  }

  /// An ordinary suite: each write replaces the whole file (``SuiteFiles/writeWhole(_:)``). When a
  /// journaled store left a journal, the change is appended to it and the journal folded into the file,
  /// so that a process killed between the two finds the journal's changes in their order.
  struct WholeFileStorage: SuiteStorage {
    var foundationFirst: Bool { true }

    func store(_ changes: SuiteChanges, in files: SuiteFiles) throws {
      guard files.changesAnything(changes) else { return }
      guard files.journal.hasRecords else {
        var values = files.values
        for (key, value) in changes { values[key] = value }
        return try files.writeWhole(values)
      }
      try files.checkWritable()
      try files.journal.append(changes, flush: false)
      files.apply(changes)
      try files.fold()
    }
  }

  /// A journaled suite (``UserDefaultsStore/journaledSuite(_:in:flushesEachWrite:)``): each write
  /// appends one record to the journal, which is folded into the file when it outgrows it (and
  /// ``foldThreshold``), and when a process that appended to it exits.
  struct JournalStorage: SuiteStorage {
    let flushesEachWrite: Bool
    static let foldThreshold = 64 * 1024
    var foundationFirst: Bool { false }

    func store(_ changes: SuiteChanges, in files: SuiteFiles) throws {
      guard files.changesAnything(changes) else { return }
      try files.checkWritable()
      try files.journal.append(changes, flush: flushesEachWrite)
      files.apply(changes)
      Self.foldAtExit(files)
      guard files.journal.length > max(Self.foldThreshold, Int(FileStamp(path: files.path)?.size ?? 0)) else {
        return
      }
      // NB: the write is stored once appended; a fold that fails is reported, and tried again at
      // the next write.
      do { try files.fold() } catch { Self.report(error, files) }
    }

    private static let appended = Locked([ObjectIdentifier: SuiteFiles]())
    private static let exitHook: Void = { atexit { JournalStorage.foldAll() } }()

    private static func foldAtExit(_ files: SuiteFiles) {
      exitHook
      appended.withLock { $0[ObjectIdentifier(files)] = files }
    }

    /// Folds the journals this process appended to, so that Foundation readers see their changes.
    private static func foldAll() {
      for files in appended.withLock({ Array($0.values) }) {
        files.writing {
          guard files.journal.hasRecords else { return }
          do { try files.fold() } catch { report(error, files) }
        }
      }
    }

    private static func report(_ error: any Error, _ files: SuiteFiles) {
      // NB: a file operation's errno as a POSIXError, as thrown errors carry it.
      let failure = error as? FileOperationError
      DefaultsWarning.report(
        DefaultsWarning(
          .foldFailed, path: files.path, detail: failure.map { "could not \($0.operation): \($0.reason)" },
          underlying: failure?.code.map { POSIXError($0) } ?? (failure == nil ? error : nil)))
    }
  }
#endif
