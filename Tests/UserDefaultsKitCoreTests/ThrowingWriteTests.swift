import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCore

@Suite("Writes that throw their failure to the caller")
struct ThrowingWriteTests {
  @Test(
    "A value with no stored form: set throws why, nothing is written, nothing is reported",
    arguments: StoreKind.allCases)
  func unstorableValue(kind: StoreKind) async {
    await kind.withStore { store in
      let tags = DefaultsKey<[String?]>("tags", default: [], store: store)
      let reported = ReportedErrors(for: store)
      #expect {
        try tags.set(["a", nil])
      } throws: { error in
        guard let error = error as? DefaultsError, error.kind == .valueNotStorable, let key = error.key else {
          return false
        }
        return key == "tags" && error.description.contains("nil")
      }
      #expect(store.read("tags") == .array([]), "only the registered default")
      #expect(reported.all.isEmpty)
    }
  }

  @Test(
    "A setter's failure inside an update fails the update, which writes nothing",
    arguments: StoreKind.allCases)
  func setterFailureFailsTheUpdate(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let wins = DefaultsKey<Int>("wins", default: 0, store: store)
      let tags = DefaultsKey<[String?]>("tags", default: [], store: store)
      let reported = ReportedErrors(for: store)
      #expect {
        try store.update {
          wins.value = 1
          tags.value = [nil]
        }
      } throws: { error in
        guard let error = error as? DefaultsError, error.kind == .valueNotStorable, let key = error.key else {
          return false
        }
        return key == "tags"
      }
      #expect(wins.value == 0)
      #expect(reported.all.isEmpty, "thrown, not reported")
      try wins.update { $0 += 1 }
      #expect(wins.value == 1, "the store takes writes again")
    }
  }

  @Test("The body's own error is thrown by update, and nothing is written", arguments: StoreKind.allCases)
  func bodyError(kind: StoreKind) async throws {
    struct Stop: Error {}
    await kind.withStore { store in
      let wins = DefaultsKey<Int>("wins", default: 0, store: store)
      #expect(throws: Stop.self) {
        try wins.update { value in
          value = 5
          throw Stop()
        }
      }
      #expect(wins.value == 0)
    }
  }

  @Test(
    "A setter's failure inside an update of another store nested in one of its own store fails the outer one")
  func failureReachesTheOuterUpdate() throws {
    let outerStore = InMemoryDefaultsStore()
    let innerStore = InMemoryDefaultsStore()
    let tags = DefaultsKey<[String?]>("tags", default: [], store: outerStore)
    let count = DefaultsKey<Int>("count", default: 0, store: innerStore)
    #expect(throws: DefaultsError.self) {
      try outerStore.update {
        try innerStore.update {
          count.value = 1
          tags.value = [nil]
        }
      }
    }
    #expect(count.value == 1, "the inner update had no failure of its own")
    #expect(outerStore.storedValues.isEmpty)
  }

  @Test(
    "A task started inside an update writes and reads as any code does once it runs",
    arguments: StoreKind.allCases)
  func taskStartedInsideAnUpdate(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let count = DefaultsKey<Int>("count", default: 0, store: store)
      var task: Task<Int, Never>?
      try store.update {
        count.value = 1
        task = Task { @Sendable in
          count.value = 7
          return count.value
        }
      }
      #expect(await task?.value == 7)
      #expect(store.read("count") == .integer(7), "stored, not kept for an update that had ended")
    }
  }

  #if !canImport(Darwin) && !APPLE_API_TYPECHECK
    @Test("A suite the library refuses to write: set, reset and update throw why")
    func refusedSuite() throws {
      let store = UserDefaultsStore.suite("../outside-\(UUID().uuidString.prefix(8))")
      let count = DefaultsKey<Int>("count", default: 0, store: store)
      let isRefusal: (any Error) -> Bool = { error in
        (error as? DefaultsError)?.kind == .invalidSuiteName
      }
      #expect(performing: { try count.set(1) }, throws: isRefusal)
      #expect(performing: { try count.reset() }, throws: isRefusal)
      #expect(performing: { try store.update { count.value = 2 } }, throws: isRefusal)
      #expect(count.value == 0)
    }

    @Test(
      "A full disk: set and update throw the cause, earlier values stay, nothing is reported",
      .enabled(if: MountedFolder.canMount, "needs root, to mount a 256 KB tmpfs"))
    func fullDisk() throws {
      let mount = try MountedFolder(size: "256k")
      defer { mount.remove() }
      let store = UserDefaultsStore.suite("full", in: mount.url)
      let kept = DefaultsKey<Int>("kept", default: 0, store: store)
      let big = DefaultsKey<Data>("big", default: Data(), store: store)
      try kept.set(1)
      let reported = ReportedErrors(for: store)
      let isFullDisk: (any Error) -> Bool = { error in
        guard let error = error as? DefaultsError else { return false }
        return error.kind == .writeFailed && error.posixCode == .ENOSPC
      }
      #expect(performing: { try big.set(Data(repeating: 7, count: 300_000)) }, throws: isFullDisk)
      #expect(
        performing: {
          try store.update {
            kept.value = 2
            big.value = Data(repeating: 7, count: 300_000)
          }
        }, throws: isFullDisk)
      #expect(kept.value == 1)
      #expect(reported.all.isEmpty, "thrown, not reported")
    }
  #endif
}
