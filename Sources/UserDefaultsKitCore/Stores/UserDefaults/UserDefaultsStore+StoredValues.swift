import Foundation

extension UserDefaultsStore {
  /// What the suite itself stores, without registered defaults, launch arguments or the global
  /// domain: what `defaults read` shows. Read with the suite's lock held, so no write of the
  /// library comes halfway; inside an update, the update's own writes are not there yet.
  package var storedValues: [String: PropertyListValue] {
    #if !canImport(Darwin) && !APPLE_API_TYPECHECK
      adapter.storedValues
    #else
      withExclusiveAccess { adapter.storedValues(suiteName: suiteName) }
    #endif
  }

  /// ``storedValues``, or why the suite cannot be read as it is stored: a name Foundation refuses
  /// or would misplace, and on Linux a file or log of the suite that does not parse or cannot be
  /// used. For tools, which must not show a partial suite, or write over one.
  package func readStoredValues() throws(DefaultsError) -> [String: PropertyListValue] {
    #if !canImport(Darwin) && !APPLE_API_TYPECHECK
      try adapter.readStoredValues(throwing: true)
    #else
      if let suiteName, UserDefaults(suiteName: suiteName) == nil { throw Self.refusedSuiteName(suiteName) }
      return storedValues
    #endif
  }

  /// What the suite itself stores for `key`: one key of ``storedValues``, without reading the
  /// others where the platform allows (Linux).
  package func storedValue(_ key: String) -> PropertyListValue? {
    #if !canImport(Darwin) && !APPLE_API_TYPECHECK
      adapter.storedValue(key)
    #else
      withExclusiveAccess { adapter.storedValue(key, suiteName: suiteName) }
    #endif
  }

  /// Removes every value of the suite in one write, which observers hear of like any other, and
  /// then its file and its log of changes (Linux); the lock file in the hidden folder stays, as
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
