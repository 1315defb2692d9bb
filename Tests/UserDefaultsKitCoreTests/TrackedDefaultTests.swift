import DefaultsTestSupport
import Foundation
import Observation
import Testing

@testable import UserDefaultsKitCore

/// Counts the changes that `withObservationTracking` reports for a read of `tracked`'s value, as
/// SwiftUI tracks what a view's body reads.
private func track<Value>(_ tracked: TrackedDefault<Value>) -> LockedCounter {
  let counter = LockedCounter()
  withObservationTracking {
    _ = tracked.value
  } onChange: {
    counter.increment()
  }
  return counter
}

/// What `@ObservedDefault` decides on every platform: when a view that reads a setting must be
/// drawn again. (The view wrapper itself is SwiftUI's, type-checked by Tests/AppleAPITypeCheck.)
@Suite("A setting tracked for a view")
struct TrackedDefaultTests {
  @Test(
    "A write through another key over the suite, a direct write and another process's write each fire the tracking once"
  )
  func changesFromAnywhere() async throws {
    try await withTemporarySuite { store in
      let tracked = TrackedDefault(DefaultsKey("volume", default: 0, store: store))
      let otherObject = DefaultsKey("volume", default: 0, store: UserDefaultsStore.suite(store.suiteName!))

      var fired = track(tracked)
      otherObject.value = 1
      #expect(fired.count == 1)
      #expect(tracked.value == 1)
      try await expectNoLateChange(of: tracked)

      fired = track(tracked)
      store.userDefaults.set(2, forKey: "volume")
      store.userDefaults.storeDirectWrites()
      #expect(await eventually { fired.count > 0 })
      #expect(fired.count == 1)
      #expect(tracked.value == 2)
      try await expectNoLateChange(of: tracked)

      fired = track(tracked)
      #expect(try HelperProcess.run(["plainSet", store.suiteName!, "volume", "3"]).status == 0)
      #expect(await eventually { fired.count > 0 })
      #expect(fired.count == 1)
      #expect(tracked.value == 3)
      try await expectNoLateChange(of: tracked)
    }
  }

  /// A change announced twice would reach the tracking made after the first announcement, as a
  /// view's next body is tracked.
  private func expectNoLateChange(of tracked: TrackedDefault<Int>) async throws {
    let fired = track(tracked)
    try await Task.sleep(for: .milliseconds(100))
    #expect(fired.count == 0, "the change was announced once")
  }

  @Test("Another key, an equal value and a write to another suite do not fire the tracking")
  func unrelatedChanges() async throws {
    // NB: a name no other test of the suite uses: Foundation on Linux shares registered defaults
    // between the suites of a process, so another test's default for it would be a change here.
    try await withTemporarySuite { store in
      let tracked = TrackedDefault(DefaultsKey("level", default: 5, store: store))
      let fired = track(tracked)
      DefaultsKey("theme", default: "light", store: store).value = "dark"
      DefaultsKey("level", default: 5, store: store).value = 5
      await withTemporarySuite { otherSuite in
        DefaultsKey("level", default: 5, store: otherSuite).value = 6
      }
      try await Task.sleep(for: .milliseconds(100))
      #expect(fired.count == 0)
      #expect(tracked.value == 5)
    }
  }

  @Test("A write through the value is stored and fires the tracking of another view's value")
  func writeThroughTheValue() {
    let store = InMemoryDefaultsStore()
    let key = DefaultsKey("volume", default: 0, store: store)
    let first = TrackedDefault(key)
    let second = TrackedDefault(key)
    let (firstFired, secondFired) = (track(first), track(second))
    first.value = 4
    #expect(store.read("volume") == .integer(4))
    #expect(firstFired.count == 1)
    #expect(secondFired.count == 1)
    #expect(second.value == 4)
  }

  @Test("Copies never read observe nothing; the one read observes once, until it is released")
  func lifetime() {
    let store = DictionaryStore()
    let key = DefaultsKey("volume", default: 0, store: store)
    // NB: as SwiftUI makes a view again at each update of its parent, and keeps the first state.
    let copies = (0..<10).map { _ in TrackedDefault(key) }
    #expect(store.observerCount(for: "volume") == 0)
    withExtendedLifetime(copies) {}

    weak var released: TrackedDefault<Int>?
    do {
      let kept = TrackedDefault(key)
      released = kept
      for _ in 0..<10 { _ = track(kept) }
      #expect(store.observerCount(for: "volume") == 1)
    }
    #expect(released == nil, "the key's observer holds no strong reference to the value")
    #expect(store.observerCount(for: "volume") == 0)
  }

  @Test("A key made again for the same setting keeps the observation; another setting replaces it")
  func follow() {
    let (store, otherStore) = (DictionaryStore(), DictionaryStore())
    let tracked = TrackedDefault(DefaultsKey("volume", default: 0, store: store))
    _ = track(tracked)
    tracked.follow(DefaultsKey("volume", default: 0, store: store))
    #expect(store.observerCount(for: "volume") == 1)

    tracked.follow(DefaultsKey("volume", default: 0, store: otherStore))
    #expect(store.observerCount(for: "volume") == 0)
    var fired = track(tracked)
    DefaultsKey("volume", default: 0, store: store).value = 1
    #expect(fired.count == 0)
    DefaultsKey("volume", default: 0, store: otherStore).value = 2
    #expect(fired.count == 1)
    #expect(tracked.value == 2)

    tracked.follow(DefaultsKey("brightness", default: 0, store: otherStore))
    #expect(otherStore.observerCount(for: "volume") == 0)
    fired = track(tracked)
    DefaultsKey("volume", default: 0, store: otherStore).value = 3
    #expect(fired.count == 0)
    DefaultsKey("brightness", default: 0, store: otherStore).value = 4
    #expect(fired.count == 1)
    #expect(tracked.value == 4)
    #expect(otherStore.observerCount(for: "brightness") == 1)
  }

  @Test("An observer that waits for another thread reading and following the value finishes")
  func observerWaitsForAnotherThread() {
    let store = InMemoryDefaultsStore()
    nonisolated(unsafe) let tracked = TrackedDefault(DefaultsKey("volume", default: 0, store: store))
    let waited = LockedArray<DispatchTimeoutResult>()
    withObservationTracking {
      _ = tracked.value
    } onChange: {
      waited.append(
        runOnAnotherThread {
          _ = tracked.value
          tracked.follow(DefaultsKey("brightness", default: 0, store: store))
        })
    }
    #expect(runOnAnotherThread { tracked.value = 1 } == .success, "the write returned")
    #expect(waited.all == [.success], "the other thread read the value while the observer waited")
  }
}
