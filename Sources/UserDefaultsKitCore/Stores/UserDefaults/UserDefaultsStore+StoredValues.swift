import Foundation

extension UserDefaultsStore {
  /// What the suite itself stores, without registered defaults, launch arguments or the global
  /// domain: what `defaults read` shows. Read with the suite's lock held, so no write of the
  /// library comes halfway; inside an update, the update's own writes are not there yet.
  public var storedValues: [String: PropertyListValue] {
    #if !canImport(Darwin) && !APPLE_API_TYPECHECK
      adapter.storedValues
    #else
      withExclusiveAccess { adapter.storedValues(suiteName: suiteName) }
    #endif
  }

  #if !canImport(Darwin) && !APPLE_API_TYPECHECK
    /// What a suite of `folder` stores (as ``suite(_:in:)`` opens it), or why it cannot be read as
    /// stored: a name Foundation would misplace, a lock that cannot be taken, or a file or journal
    /// that does not parse or cannot be used. It reads the files without opening the suite's
    /// store, and reports nothing: for tools, which say the problem once, as their error, and must
    /// not show a partial suite, or write over one.
    package static func readStoredValues(ofSuite suiteName: String, in folder: URL) throws(DefaultsError)
      -> [String: PropertyListValue]
    {
      if let problem = SuiteLocation.problem(withSuiteName: suiteName) {
        throw .invalidSuiteName(store: description(ofSuite: suiteName), reason: problem)
      }
      let files = SuiteFiles(
        location: SuiteLocation(suiteName: suiteName, folder: folder), reportsProblems: false)
      return try files.reading { () throws(DefaultsError) in
        if let unreadable = files.unreadable { throw unreadable }
        return files.storedValues
      }
    }
  #else
    /// What a suite stores, or why it cannot be read as stored (a name Foundation refuses): for
    /// tools, which say the problem once, as their error.
    package static func readStoredValues(ofSuite suiteName: String) throws(DefaultsError)
      -> [String: PropertyListValue]
    {
      guard UserDefaults(suiteName: suiteName) != nil else { throw refusedSuiteName(suiteName) }
      return suite(suiteName).storedValues
    }
  #endif

  #if canImport(Darwin) || APPLE_API_TYPECHECK
    /// Fails for a store over a `UserDefaults` object the library did not make, whose suite it
    /// cannot name: what it would read as the suite's values are the app's own.
    func checkSuiteIsNamed() throws(DefaultsError) {
      guard suiteName != nil || userDefaults === UserDefaults.standard else {
        throw DefaultsError(.unnamedSuite, store: description)
      }
    }
  #endif

  /// What the suite itself stores for `key`: one key of ``storedValues``, without reading the
  /// others where the platform allows (Linux).
  public func storedValue(_ key: String) -> PropertyListValue? {
    #if !canImport(Darwin) && !APPLE_API_TYPECHECK
      adapter.storedValue(key)
    #else
      withExclusiveAccess { adapter.storedValue(key, suiteName: suiteName) }
    #endif
  }

  /// Removes every value of the suite in one write, which observers hear of like any other, and
  /// then its file and its journal (Linux); the lock file in the hidden folder stays, as
  /// another process may hold it. Returns what was removed.
  @discardableResult
  package func removeSuite() throws -> [String: PropertyListValue] {
    try withExclusiveAccess {
      let removed = storedValues
      if !removed.isEmpty { try commit(removed.mapValues { _ in nil }) }
      // NB: under the lock, so that no other process's write to the suite is lost with the file.
      #if !canImport(Darwin) && !APPLE_API_TYPECHECK
        try adapter.removeFiles()
      #endif
      return removed
    }
  }
}
