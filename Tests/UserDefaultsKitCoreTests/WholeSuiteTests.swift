import DefaultsTestSupport
import Foundation
import Testing

@testable import UserDefaultsKitCore

/// What the command-line tool needs of a whole suite: its stored values, every change to them
/// (keys nobody named included), and its removal.
@Suite("A whole suite", .serialized)
struct WholeSuiteTests {
  @Test("Stored values are what the suite holds, without registered defaults, after any process's write")
  func storedValues() async throws {
    try await withTemporarySuite { store in
      store.register(["registered": .integer(1)])
      try store.write(.string("here"), forKey: "own")
      _ = try HelperProcess.run(["set", store.suiteName!, "other", "7"])
      #expect(await eventually { store.storedValues == ["own": .string("here"), "other": .integer(7)] })
    }
  }

  @Test(
    "An observer of a suite hears of new keys, changes and removals, by this process or another, once each")
  func observeStoredValues() async throws {
    try await withTemporarySuite { store in
      try store.write(.integer(1), forKey: "kept")
      let reports = LockedArray<[String: PropertyListValue?]>()
      let observation = try #require(store.observeStoredValues { reports.append($0) })
      defer { observation.cancel() }

      _ = try HelperProcess.run(["set", store.suiteName!, "new", "7"])
      #expect(await eventually { reports.all == [["new": .integer(7)]] })
      try store.write(.integer(1), forKey: "kept")
      try store.write(.integer(2), forKey: "kept")
      #expect(await eventually { reports.all.count == 2 })
      try store.remove("new")
      #expect(await eventually { reports.all.count == 3 })
      let removal: [String: PropertyListValue?] = ["new": nil]
      #expect(reports.all == [["new": .integer(7)], ["kept": .integer(2)], removal])
    }
  }

  @Test("A cancelled observation of a suite hears nothing more")
  func cancelledObservation() async throws {
    try await withTemporarySuite { store in
      let reports = LockedArray<[String: PropertyListValue?]>()
      try #require(store.observeStoredValues { reports.append($0) }).cancel()
      try store.write(.integer(1), forKey: "key")
      try await Task.sleep(for: .milliseconds(700))
      #expect(reports.all.isEmpty)
    }
  }

  @Test("Removing a suite removes every key in one write, tells key observers, and leaves no file")
  func removeSuite() async throws {
    try await withTemporarySuite { store in
      try store.update {
        try store.write(.integer(1), forKey: "a")
        try store.write(.string("b"), forKey: "b")
      }
      let a = DefaultsKey<Int?>("a", default: nil, store: store)
      #expect(a.value == 1)
      let heard = LockedArray<Int?>()
      let observation = a.observe { heard.append($0) }
      defer { observation.cancel() }

      #if !canImport(Darwin) && !APPLE_API_TYPECHECK && DEBUG
        let writesBefore = store.adapter.writes.load(ordering: .relaxed)
      #endif
      let removed = try store.removeSuite()

      #if !canImport(Darwin) && !APPLE_API_TYPECHECK && DEBUG
        #expect(store.adapter.writes.load(ordering: .relaxed) == writesBefore + 1)
      #endif
      #expect(removed == ["a": .integer(1), "b": .string("b")])
      #expect(store.storedValues.isEmpty)
      #expect(heard.all == [nil])
      try await Task.sleep(for: .milliseconds(100))
      #expect(heard.all == [nil], "the file's removal is not a second change")
      if let fileURL = store.fileURL { #expect(!FileManager.default.fileExists(atPath: fileURL.path)) }
      #expect(try store.removeSuite().isEmpty)
    }
  }
}
