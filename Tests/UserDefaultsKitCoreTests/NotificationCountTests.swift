import DefaultsTestSupport
import Foundation
import Testing

@testable import UserDefaultsKitCore

@Suite("Exactly one notification per change")
struct NotificationCountTests {
  @Test(
    "Every type of the round-trip matrix: a write notifies once, an equal write never, and the key is at its default",
    arguments: StoreKind.allCases)
  func roundTripMatrix(kind: StoreKind) async {
    await kind.withStore { store in
      for testCase in RoundTripMatrix.cases {
        let problems = testCase.notificationProblems(in: store)
        #expect(problems.isEmpty, "\(testCase.name): \(problems)")
      }
    }
  }

  #if !canImport(Darwin) && !APPLE_API_TYPECHECK
    @Test("The library's own writes do not make the file watcher read the suite again")
    func noEcho() async throws {
      try await withTemporarySuite { store in
        let count = DefaultsKey<Int>("count", default: 0, store: store)
        let seen = LockedArray<Int>()
        let observation = count.observe { seen.append($0) }
        defer { observation.cancel() }
        for value in 1...20 { count.value = value }
        try await Task.sleep(for: .milliseconds(300))
        #if DEBUG  // the count is kept in debug builds only
          #expect(store.adapter.reloads.load(ordering: .relaxed) == 0)
        #endif
        #expect(seen.all == Array(1...20))

        _ = try HelperProcess.run(["plainSet", store.suiteName!, "count", "21"])
        #expect(await eventually { seen.all.last == 21 }, "another process's write is read again")
        #if DEBUG  // the count is kept in debug builds only
          #expect(store.adapter.reloads.load(ordering: .relaxed) >= 1)
        #endif
        #expect(seen.all == Array(1...21), "and announced once")
      }
    }
  #endif
}
