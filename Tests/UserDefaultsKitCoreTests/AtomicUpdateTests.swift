import DefaultsTestSupport
import Foundation
import Testing

@testable import UserDefaultsKitCore

@Suite("Atomic updates")
struct AtomicUpdateTests {
  @Test("8 threads × 100 increments end at exactly 800", arguments: StoreKind.allCases)
  func threads(kind: StoreKind) async {
    await kind.withStore { store in
      let counter = DefaultsKey<Int>("counter", default: 0, store: store)
      DispatchQueue.concurrentPerform(iterations: 8) { _ in
        for _ in 0..<100 { #expect(throws: Never.self) { try counter.update { $0 += 1 } } }
      }
      #expect(counter.value == 800)
    }
  }

  // On Apple platforms an update is atomic within its process only: cfprefsd offers no lock.
  #if !canImport(Darwin) && !APPLE_API_TYPECHECK
    @Test("2 processes × 500 increments end at exactly 1,000")
    func processes() async throws {
      try await withTemporarySuite { store in
        let first = try HelperProcess.start(["increment", store.suiteName!, "counter", "500"])
        let second = try HelperProcess.start(["increment", store.suiteName!, "counter", "500"])
        first.waitUntilExit()
        second.waitUntilExit()
        #expect(first.terminationStatus == 0 && second.terminationStatus == 0)
        let counter = DefaultsKey<Int>("counter", default: 0, store: store)
        #expect(try counter.update { $0 } == 1_000)
      }
    }
  #endif

  @Test(
    "An update's writes are read back inside it, stored together when it ends, and announced then",
    arguments: StoreKind.allCases)
  func batched(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let wins = DefaultsKey<Int>("wins", default: 0, store: store)
      let streak = DefaultsKey<Int>("streak", default: 0, store: store)
      let seen = LockedArray<Int>()
      let observation = wins.observe { seen.append($0) }
      defer { observation.cancel() }
      let writesBefore = (store as? UserDefaultsStore)?.adapterWrites

      let total = try store.update {
        wins.value += 1
        streak.value = wins.value * 10
        #expect(seen.all.isEmpty, "announced when the update ends")
        #expect(onAnotherThread { wins.value } == 0, "another thread reads what is stored")
        return wins.value + streak.value
      }

      #expect(total == 11)
      #expect(seen.all == [1])
      #expect(wins.value == 1 && streak.value == 10)
      if let before = writesBefore, let after = (store as? UserDefaultsStore)?.adapterWrites {
        #expect(after - before == 1, "one write for two keys")
      }
    }
  }

  @Test("An update that throws writes nothing", arguments: StoreKind.allCases)
  func throwing(kind: StoreKind) async {
    struct Cancelled: Error {}
    await kind.withStore { store in
      let wins = DefaultsKey<Int>("throwingWins", default: 0, store: store, register: false)
      #expect(throws: Cancelled.self) {
        try wins.update { value in
          value = 5
          throw Cancelled()
        }
      }
      #expect(wins.value == 0)
      #expect(store.read("throwingWins") == nil)
    }
  }

  @Test("An update reads what another process stored a moment ago, with nobody observing")
  func readsLatest() async throws {
    try await withTemporarySuite { store in
      let counter = DefaultsKey<Int>("counter", default: 0, store: store)
      #expect(counter.value == 0)
      _ = try HelperProcess.run(["set", store.suiteName!, "counter", "41"])
      #expect(
        try counter.update { value -> Int in
          value += 1
          return value
        } == 42)
    }
  }
}

/// The value `body` returns on a thread of its own, outside any task.
private func onAnotherThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
  let result = LockedArray<T>()
  let done = DispatchSemaphore(value: 0)
  Thread {
    result.append(body())
    done.signal()
  }.start()
  done.wait()
  return result.all[0]
}

extension UserDefaultsStore {
  /// How many writes the store asked of its suite's file (Linux); nil on Apple platforms, where
  /// cfprefsd writes.
  fileprivate var adapterWrites: Int? {
    // NB: the count is kept in debug builds only.
    #if canImport(Darwin) || APPLE_API_TYPECHECK || !DEBUG
      nil
    #else
      adapter.writes.load(ordering: .relaxed)
    #endif
  }
}
