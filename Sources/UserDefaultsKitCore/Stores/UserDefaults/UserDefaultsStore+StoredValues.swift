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
