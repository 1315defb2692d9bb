import DefaultsTestSupport
import Foundation
import Testing

@testable import UserDefaultsKitCore

/// How Apple platforms' store makes its writes, with no library lock held while Foundation runs
/// (which calls the app's observers inside a write); the logic is platform-independent, so it runs
/// here with a backend that behaves as Foundation's observers may.
@Suite("Writes handed off to the thread making a store's writes")
struct HandedOffWritesTests {
  @Test("A write whose backend waits for another thread's write returns, and the writes are made in order")
  func backendWaitsForAnotherWrite() {
    let writes = HandedOffWrites()
    let made = LockedArray<Int>()
    let firstReturned = DispatchSemaphore(value: 0)
    let secondReturned = LockedArray<DispatchTimeoutResult>()
    let readInside = LockedArray<PropertyListValue?>()
    Thread.detachNewThread {
      writes.take(["count": .integer(1)]) {
        // NB: as an app observer inside `UserDefaults.set` that waits for the main thread, which
        // is writing a setting itself.
        let secondTaken = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
          writes.take(["count": .integer(2)]) { made.append(2) }
          secondTaken.signal()
        }
        secondReturned.append(secondTaken.wait(timeout: .now() + 1))
        readInside.append(writes.unwrittenValue(forKey: "count")??.value)
        made.append(1)
      }
      firstReturned.signal()
    }
    #expect(firstReturned.wait(timeout: .now() + 1) == .success, "the first write returned")
    #expect(secondReturned.all == [.success], "the second write returned while the first waited")
    #expect(readInside.all == [.integer(2)], "reads see it at once")
    #expect(made.all == [1, 2])
    #expect(writes.unwrittenValue(forKey: "count") == nil, "nothing left unwritten")
  }

  @Test("Announcements run in the order of the writes, never held up by the thread making a write")
  func announcementsDoNotWaitForWrites() {
    let writes = HandedOffWrites()
    let announcements = AnnouncementQueue()
    let announced = LockedArray<Int>()
    let secondHeard = LockedArray<DispatchTimeoutResult>()
    let firstReturned = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      writes.take(
        ["count": .integer(1)],
        make: {
          // NB: the backend waits until another thread's write of the same store was heard.
          let heard = DispatchSemaphore(value: 0)
          Thread.detachNewThread {
            writes.take(["count": .integer(2)], make: {}) {
              announcements.post {
                announced.append(2)
                heard.signal()
              }
            }
          }
          secondHeard.append(heard.wait(timeout: .now() + 1))
        },
        announce: { announcements.post { announced.append(1) } })
      firstReturned.signal()
    }
    #expect(firstReturned.wait(timeout: .now() + 2) == .success)
    #expect(secondHeard.all == [.success], "heard while the thread making writes waited in its backend")
    #expect(announced.all == [1, 2])
  }

  @Test("An update holds off writes from other threads until it has taken its own; none is made under it")
  func updateHoldsOffWrites() {
    let writes = HandedOffWrites()
    let made = LockedArray<Int>()
    let otherTaken = DispatchSemaphore(value: 0)
    writes.withExclusiveAccess {
      Thread.detachNewThread {
        writes.take(["count": .integer(2)]) { made.append(2) }
        otherTaken.signal()
      }
      #expect(otherTaken.wait(timeout: .now() + 0.2) == .timedOut, "held off by the update")
      writes.take(["count": .integer(1)]) {
        #expect(!LibraryThread.current.holdsLocks)
        made.append(1)
      }
      #expect(made.all.isEmpty, "nothing is made while the update holds its lock")
    }
    #expect(otherTaken.wait(timeout: .now() + 1) == .success)
    #expect(made.all == [1, 2])
  }

  @Test("A suite's values read while a write is taken and not made include it; removals too")
  func storedValuesIncludeUnwritten() {
    let writes = HandedOffWrites()
    writes.withExclusiveAccess {
      writes.take(["added": .integer(1), "removed": nil]) {}
      let values = writes.applyingUnwritten(to: ["removed": .string("old"), "kept": .bool(true)])
      #expect(values == ["added": .integer(1), "kept": .bool(true)])
      #expect(writes.unwrittenValue(forKey: "removed").map { $0 == nil } == true, "a removal")
    }
    #expect(writes.applyingUnwritten(to: ["kept": .bool(true)]) == ["kept": .bool(true)])
  }

  @Test("A key's watch starts and stops with no library lock held, after the lock that was held goes")
  func watchesStartOutsideLocks() {
    let events = LockedArray<String>()
    let observers = KeyObservers(
      onFirstObserver: { key in events.append("start \(key) locked: \(LibraryThread.current.holdsLocks)") },
      onLastObserver: { key in events.append("stop \(key) locked: \(LibraryThread.current.holdsLocks)") })
    let lock = LibraryLock()
    let observation = lock.withLock {
      let observation = observers.add("count") { _ in }
      #expect(events.all.isEmpty, "not under the lock")
      return observation
    }
    #expect(events.all == ["start count locked: false"])
    observation.cancel()
    #expect(events.all == ["start count locked: false", "stop count locked: false"])
  }
}
