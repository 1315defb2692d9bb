import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKit

@DefaultsBacked
private struct CounterSettings {
  var count = 0
}

@Suite("A settings type given a UserDefaults object")
struct UserDefaultsObjectStoreTests {
  @Test("The library's own object and .standard are their suite's store on every platform")
  func namedObjects() async {
    await withTemporarySuite { store in
      #expect(CounterSettings(store: store.userDefaults).defaultsStore as? UserDefaultsStore === store)
      #expect(
        CounterSettings(store: .standard).defaultsStore as? UserDefaultsStore === UserDefaultsStore.standard)
    }
  }

  @Test(
    """
    An object made with UserDefaults(suiteName:) is the suite's store on Linux; on Apple platforms \
    it gets a store of its own, reported as unnamedSuite in debug builds, over the same suite
    """)
  func objectMadeElsewhere() async throws {
    try await withTemporarySuite { store in
      let reports = LockedArray<DefaultsError>()
      let reporting = DefaultsReports.observe { problem in
        if let error = problem as? DefaultsError, error.kind == .unnamedSuite { reports.append(error) }
      }
      let object = UserDefaults(suiteName: store.suiteName!)!
      let settings = CounterSettings(store: object)
      let own = try #require(settings.defaultsStore as? UserDefaultsStore)
      #if !canImport(Darwin) && !APPLE_API_TYPECHECK
        #expect(own === store)
        #expect(reports.all.isEmpty)
      #else
        // NB: Apple platforms offer no way to ask an object for its suite.
        #expect(own !== store && own.userDefaults === object && own.suiteName == nil)
        // NB: other tests may make such stores meanwhile.
        let ownReports = reports.all.filter { $0.store == own.description }
        #if DEBUG
          #expect(ownReports == [DefaultsError(.unnamedSuite, store: own.description)])
        #else
          #expect(ownReports.isEmpty)
        #endif
        #expect(throws: DefaultsError(.unnamedSuite, store: own.description)) {
          try own.migrate([SuiteMigration(1) { _ in }])
        }
      #endif
      try store.write(.integer(3), forKey: "count")
      #expect(settings.count == 3, "it reads the suite")
      settings.count = 4
      #expect(store.read("count") == .integer(4), "it writes the suite")
      reporting.cancel()
    }
  }
}
