import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCore

@Suite("Handlers run outside the library's locks")
struct HandlerLockTests {
  @Test(
    "A handler that waits for a lock a writer holds does not deadlock with that writer",
    arguments: StoreKind.allCases)
  func handlerWaitsForWriter(kind: StoreKind) async {
    await kind.withStore { store in
      let key = DefaultsKey<Int>("count", default: 0, store: store)
      let appLock = NSLock()
      let handlerWaits = DispatchSemaphore(value: 0)
      let seen = LockedArray<Int>()
      let observation = key.observe { value in
        seen.append(value)
        guard value == 1 else { return }
        handlerWaits.signal()
        // NB: as a handler that does `DispatchQueue.main.sync` while the main thread writes.
        appLock.lock()
        appLock.unlock()
      }
      defer { observation.cancel() }
      let secondWritten = DispatchSemaphore(value: 0)
      let appLockTaken = DispatchSemaphore(value: 0)
      // The app's thread: holds its lock, and writes while the handler of the first write waits.
      Thread.detachNewThread {
        appLock.lock()
        appLockTaken.signal()
        handlerWaits.wait()
        key.value = 2
        appLock.unlock()
        secondWritten.signal()
      }
      appLockTaken.wait()
      Thread.detachNewThread { key.value = 1 }
      #expect(secondWritten.wait(timeout: .now() + 10) == .success, "the second write returned")
      // NB: the second change is announced once the first handler returns, on its thread.
      for _ in 0..<1_000 where seen.all.count < 2 { try? await Task.sleep(nanoseconds: 1_000_000) }
      #expect(seen.all == [1, 2], "each change heard once, in order")
      #expect(key.value == 2)
    }
  }

  @Test(
    "An observer that waits for another thread writing a setting finishes within a second",
    arguments: StoreKind.allCases)
  func observerWaitsForWritingThread(kind: StoreKind) async {
    await kind.withStore { store in
      let key = DefaultsKey<Int>("count", default: 0, store: store)
      let other = DefaultsKey<Int>("other", default: 0, store: store)
      let waited = LockedArray<DispatchTimeoutResult>()
      let observation = key.observe { value in
        guard value == 1 else { return }
        // NB: as a handler that does `DispatchQueue.main.sync` while the main thread writes.
        waited.append(
          runOnAnotherThread {
            other.value = 1
            key.value = 2
          })
      }
      defer { observation.cancel() }
      #expect(runOnAnotherThread { key.value = 1 } == .success, "the first write returned")
      #expect(waited.all == [.success], "the other thread's writes returned while the observer waited")
      #expect(await eventually { key.value == 2 && other.value == 1 })
    }
  }

  // NB: Apple platforms deliver the notification inside `UserDefaults.set`, on the writing thread;
  // Foundation on Linux posts none for a write (and the library writes the suite's file itself).
  #if canImport(Darwin) || APPLE_API_TYPECHECK
    @Test(
      "A didChangeNotification observer that waits for another thread writing a setting finishes within a second"
    )
    func notificationObserverWaitsForWritingThread() async {
      await withTemporarySuite { store in
        let key = DefaultsKey<Int>("count", default: 0, store: store)
        let other = DefaultsKey<Int>("other", default: 0, store: store)
        let notified = LockedCounter()
        let waited = LockedArray<DispatchTimeoutResult>()
        let token = NotificationCenter.default.addObserver(
          forName: UserDefaults.didChangeNotification, object: store.userDefaults, queue: nil
        ) { _ in
          notified.increment()
          guard notified.count == 1 else { return }
          waited.append(runOnAnotherThread { other.value = 1 })
        }
        defer { NotificationCenter.default.removeObserver(token) }
        #expect(runOnAnotherThread { key.value = 1 } == .success, "the first write returned")
        #expect(waited.all == [.success], "the other thread's write returned while the observer waited")
        #expect(await eventually { store.userDefaults.integer(forKey: "other") == 1 })
        #expect(key.value == 1)
      }
    }
  #endif
}
