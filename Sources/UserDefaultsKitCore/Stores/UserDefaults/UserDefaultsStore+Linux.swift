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
      shared(location: SuiteLocation(suiteName: suiteName, folder: folder))
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
      shared(location: SuiteLocation(suiteName: suiteName, folder: preferencesFolder))
    }

    static func located(userDefaults: UserDefaults) -> UserDefaultsStore {
      shared(location: SuiteLocation(of: userDefaults))
    }

    private static func shared(location: SuiteLocation) -> UserDefaultsStore {
      shared(suiteName: location.suiteName, identity: location.fileURL.path) { changed in
        if let name = location.suiteName, let problem = SuiteLocation.problem(withSuiteName: name) {
          DefaultsError.report(
            .invalidSuiteName(store: description(ofSuite: name), reason: problem))
        }
        return UserDefaultsAdapter(location: location, changed: changed)
      }
    }
  }
#endif
