#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import Foundation

  /// How a journaled suite writes (see ``UserDefaultsStore/journaledSuite(_:in:flushesEachWrite:)``).
  struct JournalOptions: Sendable, Equatable {
    /// Whether each write is flushed to the disk before it returns.
    let flushesEachWrite: Bool
  }

  /// What writes a suite's log into its file: the one way the library folds a log, for a write of
  /// a suite that is not journaled, a fold of a journaled one, and the fold at exit.
  struct JournalFold: @unchecked Sendable {
    // NB: the file and the log are used with the suite's lock held; the reader is immutable.
    let file: SuiteFile
    let journal: SuiteJournal
    let reader: SuiteReader

    /// Writes the log's changes and then `changes` into the suite's file, and empties the log; with
    /// `foundationWins`, what Foundation holds unwritten goes over them (direct writes made after
    /// the log's). Call with the lock held; returns the suite's new contents.
    @discardableResult
    func commit(_ changes: [String: PropertyListValue?] = [:], foundationWins: Bool) throws
      -> [String: PropertyListValue]
    {
      _ = try journal.refresh()
      let contents = try file.commit(
        journal.changes.isEmpty ? changes : journal.changes.merging(changes) { $1 },
        foundationWins: foundationWins,
        foundationFlush: reader.synchronize, foundationHolds: { reader.holds($1, forKey: $0) },
        report: DefaultsError.report)
      if !journal.changes.isEmpty { try journal.restart() }
      return contents
    }
  }

  /// The journaled suites opened in this process, whose logs are folded into their files when the
  /// process exits, so that Foundation readers (in this process too, or any other) see them.
  enum JournaledSuites {
    private static let opened = Locked([String: JournalFold]())
    private static let exitHook: Void = {
      atexit { JournaledSuites.foldAll() }
    }()

    static func add(_ fold: JournalFold) {
      exitHook
      opened.withLock { $0[fold.journal.path] = fold }
    }

    private static func foldAll() {
      for fold in opened.withLock({ Array($0.values) }) {
        do {
          try fold.file.withLock { _ = try fold.commit(foundationWins: true) }
        } catch {
          report(error, path: fold.file.url.path)
        }
      }
    }

    /// Reports a fold that failed: the log keeps its changes, which every store still reads.
    static func report(_ error: any Error, path: String) {
      if let error = error as? DefaultsError { return DefaultsError.report(error) }
      DefaultsError.report(
        .writeFailed(
          key: "(its log of changes, which keeps them)", store: path, reason: "\(error)"))
    }
  }
#endif
