#if !canImport(Darwin) && !APPLE_API_TYPECHECK
  import Foundation

  extension UserDefaultsStore {
    /// The store of a suite kept in a folder of your choice rather than the preferences folder:
    /// for servers, command-line tools and tests. Foundation knows such a suite by its path, so
    /// `store.userDefaults` reads and writes the same file.
    ///
    /// ```swift
    /// let store = UserDefaultsStore.suite("settings", in: URL(fileURLWithPath: "/var/lib/myapp"))
    /// ```
    public static func suite(_ suiteName: String, in folder: URL) -> UserDefaultsStore {
      shared(location: SuiteLocation(suiteName: suiteName, folder: folder), storage: WholeFileStorage())
    }

    /// The store of a journaled suite: each write appends one record to the suite's journal
    /// instead of rewriting its whole file, so that it costs the same in a suite of ten keys as in
    /// one of ten thousand. Reads through the library see the journal at once, in every process; the
    /// journal is folded into the suite's file (where Foundation's own objects read) when it outgrows
    /// the file (and 64 KB), when a process that appended to it exits, and at a write of a store of
    /// the suite that is not journaled.
    ///
    /// ```swift
    /// let store = UserDefaultsStore.journaledSuite("com.example.telemetry")
    /// let launches = DefaultsKey<Int>("launches", default: 0, store: store)
    /// launches.value += 1  // appends one record to the journal
    /// ```
    ///
    /// - Parameters:
    ///   - suiteName: The suite's name, as for ``suite(_:)``.
    ///   - folder: The folder that holds the suite; nil: ``preferencesFolder``.
    ///   - flushesEachWrite: Whether a write is flushed to the disk before it returns, so that it
    ///     survives a power cut (one `fdatasync`); without it, a write survives a crash of the
    ///     process but may be lost with the last seconds of writes when the power goes.
    ///
    /// Until a fold, a change in the journal wins over a Foundation write of the same key to the file.
    public static func journaledSuite(
      _ suiteName: String, in folder: URL? = nil, flushesEachWrite: Bool = true
    )
      -> UserDefaultsStore
    {
      let storage = JournalStorage(flushesEachWrite: flushesEachWrite)
      let store = shared(location: SuiteLocation(suiteName: suiteName, folder: folder), storage: storage)
      if let open = store.adapter.storage as? JournalStorage, open.flushesEachWrite == flushesEachWrite {
        return store
      }
      let reason = (store.adapter.storage as? JournalStorage).map {
        "it is journaled with flushesEachWrite: \($0.flushesEachWrite)"
      }
      DefaultsWarning.report(
        DefaultsWarning(
          .suiteOpenedDifferently, store: store.description, detail: reason ?? "it is not journaled"))
      return store
    }

    /// Whether a suite of `folder` has a journal, which a journaled store made: for tools, which
    /// then open it journaled rather than fold the journal at every write.
    package static func hasJournal(forSuite suiteName: String, in folder: URL) -> Bool {
      FileManager.default.fileExists(
        atPath: SuiteLocation(suiteName: suiteName, folder: folder).journalURL.path)
    }

    /// The folder where ``standard`` and ``suite(_:)`` keep their files: Foundation's, that is
    /// `$XDG_CONFIG_HOME` when it is an absolute path, otherwise `$HOME/.config`. Foundation reads
    /// those variables once, when the process starts.
    ///
    /// ```swift
    /// let folder = UserDefaultsStore.preferencesFolder  // ~/.config
    /// ```
    public static var preferencesFolder: URL {
      SuiteLocation.foundationFolder
    }

    /// The file that holds a suite (nil: `.standard`) in ``preferencesFolder``.
    ///
    /// ```swift
    /// let file = UserDefaultsStore.fileURL(forSuite: "com.example.settings")  // ~/.config/com.example.settings.plist
    /// ```
    public static func fileURL(forSuite suiteName: String?) -> URL? {
      SuiteLocation(suiteName: suiteName, folder: preferencesFolder).fileURL
    }

    /// The file that holds this store's suite.
    public var fileURL: URL? {
      adapter.location.fileURL
    }

    static func located(suiteName: String?) -> UserDefaultsStore {
      shared(
        location: SuiteLocation(suiteName: suiteName, folder: preferencesFolder), storage: WholeFileStorage())
    }

    static func located(userDefaults: UserDefaults) -> UserDefaultsStore {
      shared(location: SuiteLocation(of: userDefaults), storage: WholeFileStorage())
    }

    /// The store of the suite at `location`: the one open already, or a new one that stores writes
    /// with `storage`. A name Foundation would misplace is reported, and the store writes nothing.
    private static func shared(location: SuiteLocation, storage: any SuiteStorage) -> UserDefaultsStore {
      shared(suiteName: location.suiteName, identity: location.fileURL.path) { changed in
        if let name = location.suiteName, let problem = SuiteLocation.problem(withSuiteName: name) {
          DefaultsError.report(.invalidSuiteName(store: description(ofSuite: name), reason: problem))
        }
        return UserDefaultsAdapter(location: location, storage: storage, changed: changed)
      }
    }
  }
#endif
