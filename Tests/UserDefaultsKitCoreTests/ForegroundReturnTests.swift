import DefaultsTestSupport
import Foundation
import Testing

@testable import UserDefaultsKitCore

@Suite("Returns to the foreground")
struct ForegroundReturnTests {
  @Test(
    "A suite's observed keys that another process changed while the app was away are announced once at its return"
  )
  func observedKeysCatchUp() async throws {
    try await withTemporarySuite { store in
      let changed = DefaultsKey<Int>("changed", default: 0, store: store)
      let unchanged = DefaultsKey<Int>("unchanged", default: 0, store: store)
      let seenChanged = LockedArray<Int>()
      let seenUnchanged = LockedArray<Int>()
      let observations = [
        changed.observe { seenChanged.append($0) }, unchanged.observe { seenUnchanged.append($0) },
      ]
      defer { for observation in observations { observation.cancel() } }
      // NB: while the app is away nothing of it notices a change: on Linux, the file watcher's thread
      // is kept busy, as a suspended app's key-value observing hears nothing.
      let back = DispatchSemaphore(value: 0)
      defer { back.signal() }
      #if !canImport(Darwin) && !APPLE_API_TYPECHECK
        let busy = DispatchSemaphore(value: 0)
        let other = FileManager.default.temporaryDirectory.appendingPathComponent("away-\(UUID().uuidString)")
        try Data().write(to: other)
        defer { try? FileManager.default.removeItem(at: other) }
        // NB: once: a write of the file is several events, and the watcher thread serves every test.
        let calls = LockedCounter()
        let watch = FileWatcher.shared.watch(other) {
          calls.increment()
          guard calls.count == 1 else { return }
          busy.signal()
          back.wait()
        }
        defer { watch?.cancel() }
        try Data([1]).write(to: other)
        #expect(busy.wait(timeout: .now() + 5) == .success)
      #endif
      // A widget writes the shared suite.
      _ = try HelperProcess.run(["set", store.suiteName!, "changed", "7"])
      #if !canImport(Darwin) && !APPLE_API_TYPECHECK
        #expect(seenChanged.all.isEmpty, "not heard while away")
      #endif
      NotificationCenter.default.post(name: ForegroundReturns.name, object: nil)
      #expect(seenChanged.all == [7], "heard at the return")
      #expect(seenUnchanged.all.isEmpty)
      back.signal()
      try await Task.sleep(for: .milliseconds(200))
      #expect(seenChanged.all == [7], "once, though the watcher notices it too")
      #expect(changed.value == 7)
    }
  }
}
