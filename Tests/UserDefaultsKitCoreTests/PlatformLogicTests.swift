import DefaultsTestSupport
import Foundation
import Testing

@testable import UserDefaultsKitCore

/// The logic that Apple platforms' `UserDefaults` adapter runs, kept out of it so that it runs here
/// too: which keys key-value observing can watch, when a key is watched, whose writes a store
/// ignores, which objects share a store, which keys are reported as heard in this process only, and
/// registered defaults that are the process's, as Foundation's.
@Suite("Platform logic shared with Apple platforms")
struct PlatformLogicTests {
  @Test("A key watched by notification is reported once per key and store")
  func notificationKeysReportedOnce() {
    let store = "UserDefaults(\(UUID().uuidString))"
    let reports = LockedArray<DefaultsWarning>()
    let observation = DefaultsReports.observe { problem in
      if let warning = problem as? DefaultsWarning, warning.store == store { reports.append(warning) }
    }
    defer { observation.cancel() }
    for _ in 0..<3 { KeyWatchMethod.reportOnce(key: "app.volume", store: store) }
    KeyWatchMethod.reportOnce(key: "café", store: store)
    #expect(
      reports.all == [
        DefaultsWarning(.keyNotObservableAcrossProcesses, key: "app.volume", store: store),
        DefaultsWarning(.keyNotObservableAcrossProcesses, key: "café", store: store),
      ])
  }

  @Test("Keys that key-value observing would read as a key path, or not match, are watched by notification")
  func watchMethod() {
    #expect(KeyWatchMethod(key: "volume") == .keyValueObserving)
    #expect(KeyWatchMethod(key: "app_volume") == .keyValueObserving)
    #expect(KeyWatchMethod(key: "app.volume") == .changeNotification)
    #expect(KeyWatchMethod(key: "@count") == .changeNotification)
    #expect(KeyWatchMethod(key: "") == .changeNotification)
    #expect(KeyWatchMethod(key: "café") == .changeNotification)
  }

  @Test("A key is watched from its first observer to its last, each key on its own, again after a pause")
  func watchPerKey() {
    let events = LockedArray<String>()
    let observers = KeyObservers(
      onFirstObserver: { events.append("start \($0)") }, onLastObserver: { events.append("stop \($0)") })
    let a1 = observers.add("a") { _ in }
    let a2 = observers.add("a") { _ in }
    let b = observers.add("b") { _ in }
    #expect(events.all == ["start a", "start b"])
    a1.cancel()
    #expect(events.all == ["start a", "start b"], "a still has an observer")
    a2.cancel()
    b.cancel()
    let again = observers.add("a") { _ in }
    again.cancel()
    #expect(events.all == ["start a", "start b", "stop a", "stop b", "start a", "stop a"])
  }

  @Test("A store ignores reports of its own write on its thread; other stores and threads do not")
  func ownWrites() async {
    let writer = Writer()
    let other = Writer()
    #expect(!OwnWrites.inProgress(by: writer))
    OwnWrites.perform(by: writer) {
      #expect(OwnWrites.inProgress(by: writer))
      #expect(!OwnWrites.inProgress(by: other))
      OwnWrites.perform(by: other) {
        #expect(OwnWrites.inProgress(by: writer) && OwnWrites.inProgress(by: other))
      }
      let elsewhere = Thread.detachNewThreadResult { OwnWrites.inProgress(by: writer) }
      #expect(elsewhere == false, "another thread's report is not this write's")
    }
    #expect(!OwnWrites.inProgress(by: writer))
  }

  @Test("Objects the library made share their suite's store; others are told apart")
  func suiteIdentity() {
    let name = temporarySuiteName()
    defer { removeSuite(name) }
    let made = UserDefaults(suiteName: name)!
    let unknown = UserDefaults(suiteName: name)!
    MadeUserDefaults.record(made, suiteName: name)
    #expect(SuiteIdentity.of(.standard) == .standard)
    #expect(SuiteIdentity.of(made) == .named(name))
    #expect(SuiteIdentity.of(unknown) == .unnamed(ObjectIdentifier(unknown)))
  }

  @Test("A suite reached through its store's object and through a new object is one store")
  func oneStorePerSuite() async {
    await withTemporarySuite { store in
      #expect(UserDefaultsStore.store(for: store.userDefaults) === store)
      #expect(UserDefaultsStore.suite(store.suiteName!) === store)
      #if !canImport(Darwin) && !APPLE_API_TYPECHECK
        // NB: Apple platforms cannot name the suite of an object the library did not make.
        #expect(UserDefaultsStore.store(for: UserDefaults(suiteName: store.suiteName!)!) === store)
      #endif
    }
  }

  @Test("Keys of one name registered with different defaults are reported once, in debug builds")
  func conflictingDefaultsReported() async {
    let name = "registeredTwice-\(UUID().uuidString)"
    let reports = ReportedErrors(matching: "'\(name)'")
    await withTemporarySuite { first in
      await withTemporarySuite { second in
        _ = DefaultsKey<Int>(DefaultName(name), default: 1, store: first)
        _ = DefaultsKey<Int>(DefaultName(name), default: 1, store: second)
        #expect(reports.all.isEmpty, "one default registered twice is no conflict")
        _ = DefaultsKey<Int>(DefaultName(name), default: 2, store: second)
        _ = DefaultsKey<Int>(DefaultName(name), default: 3, store: first)
        #if DEBUG
          #expect(
            reports.warnings == [
              DefaultsWarning(.conflictingDefaults, key: name, detail: "integer(1), then integer(2)")
            ]
          )
        #else
          #expect(reports.all.isEmpty)
        #endif
      }
    }
  }

  @Test("The last registration of a key wins in every suite, as in Foundation's registration domain")
  func lastRegistrationWins() async {
    await withTemporarySuite { first in
      await withTemporarySuite { second in
        let one = DefaultsKey<Int>("registeredTwice", default: 1, store: first)
        let two = DefaultsKey<Int>("registeredTwice", default: 2, store: second)
        #expect(one.value == 2 && two.value == 2)
        #expect(first.read("registeredTwice") == .integer(2) && second.read("registeredTwice") == .integer(2))
        #expect(first.userDefaults.integer(forKey: "registeredTwice") == 2, "as plain reads see it")
        #expect(!one.isDefault && two.isDefault)
        two.value = 5
        #expect(one.value == 2, "a write to one suite is not read in the other")
      }
    }
  }

  @Test(
    "A second key object over a key at its default still adopts the cloud's value",
    arguments: StoreKind.allCases)
  func secondCloudKeyIsFresh(kind: StoreKind) async {
    await kind.withStore { store in
      let cloud = InMemoryCloudStore()
      let first = CloudDefaultsKey(
        "color", local: DefaultsKey("color", default: "green", store: store), cloud: cloud)
      #expect(first.value == "green")
      cloud.setValue(.string("purple"), forKey: "color")
      let second = CloudDefaultsKey(
        "color", local: DefaultsKey("color", default: "green", store: store), cloud: cloud)
      #expect(second.value == "purple", "nothing was stored locally: the key is fresh")
      #expect(first.value == "purple", "and the first key object reads what the second adopted")
    }
  }
}

/// Stands for a store that writes.
private final class Writer: Sendable {}

extension Thread {
  /// Runs `body` on a new thread and waits for its result.
  fileprivate static func detachNewThreadResult<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
    let result = LockedArray<T>()
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      result.append(body())
      done.signal()
    }
    done.wait()
    return result.all[0]
  }
}
