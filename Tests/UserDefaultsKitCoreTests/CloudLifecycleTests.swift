import DefaultsTestSupport
import Foundation
import Testing
import UserDefaultsKitCore

/// The sequences Apple's documentation describes for `NSUbiquitousKeyValueStore`, played with the
/// in-memory cloud store: changes made while the app was away, the initial sync, account changes,
/// quota violations, an unavailable store, and one observation for all the keys of a store.
@Suite("Cloud-synced keys over the app's lifetime")
struct CloudLifecycleTests {
  @Test(
    "A value another device wrote while the app was in the background is taken at the return to the foreground"
  )
  func foregroundReturn() async {
    await StoreKind.inMemory.withStore { store in
      let cloud = InMemoryCloudStore()
      let color = CloudDefaultsKey(
        "color", local: DefaultsKey("color", default: "green", store: store), cloud: cloud)
      let cached = CloudDefaultsKey(
        "size", local: DefaultsKey("size", default: 1, store: store), cloud: cloud,
        policies: CloudChangePolicies(onServerChange: .cachedValue))
      color.value = "red"
      cached.value = 2
      // NB: Apple posts no notification for changes that arrive while the app is not running.
      cloud.setValue(.string("blue"), forKey: "color")
      cloud.setValue(.integer(3), forKey: "size")
      #expect(color.value == "red" && cached.value == 2)

      cloud.simulateForegroundReturn()
      #expect(color.value == "blue")
      #expect(cached.value == 2, "onServerChange: .cachedValue keeps this device's value")
      #expect(cloud.storedValues["size"] == .integer(3), "and does not write it to the cloud")
    }
  }

  @Test("An app opened after another device's change takes the change at first use")
  func changeWhileClosed() async {
    await StoreKind.userDefaults.withStore { store in
      let cloud = InMemoryCloudStore()
      do {
        let phone = CloudDefaultsKey(
          "color", local: DefaultsKey("color", default: "green", store: store), cloud: cloud)
        phone.value = "red"
      }
      cloud.setValue(.string("blue"), forKey: "color")  // the iPad, while the iPhone app is closed
      let reopened = CloudDefaultsKey(
        "color", local: DefaultsKey("color", default: "green", store: store), cloud: cloud)
      #expect(reopened.value == "blue")
      #expect(store.read("color") == .string("blue"))
    }
  }

  @Test(
    "After an initial sync, a value written in this process is written again; the others take the download")
  func initialSyncAfterLocalWrite() async {
    await StoreKind.inMemory.withStore { store in
      let cloud = InMemoryCloudStore()
      let color = CloudDefaultsKey(
        "color", local: DefaultsKey("color", default: "green", store: store), cloud: cloud)
      let size = CloudDefaultsKey(
        "size", local: DefaultsKey("size", default: 1, store: store), cloud: cloud)
      color.value = "red"
      // NB: the download replaces the write the store discarded.
      cloud.simulateExternalChange(.initialSync, values: ["color": .string("blue"), "size": .integer(4)])
      #expect(color.value == "red", "the local change is kept")
      #expect(cloud.storedValues["color"] == .string("red"), "and written to the cloud again")
      #expect(size.value == 4, "a key not written here takes the downloaded value")
    }
  }

  @Test("An initial sync that names no keys rewrites what differs and leaves the rest alone")
  func initialSyncWithoutKeys() async {
    await StoreKind.inMemory.withStore { store in
      let cloud = InMemoryCloudStore()
      let color = CloudDefaultsKey(
        "color", local: DefaultsKey("color", default: "green", store: store), cloud: cloud)
      let size = CloudDefaultsKey(
        "size", local: DefaultsKey("size", default: 1, store: store), cloud: cloud)
      color.value = "red"
      cloud.simulateExternalChange(
        .initialSync, values: ["color": nil, "size": .integer(4)], listsKeys: false)
      #expect(color.value == "red" && cloud.storedValues["color"] == .string("red"))
      #expect(size.value == 4)
    }
  }

  @Test("A quota violation that names no keys is reported once, whatever the number of keys")
  func quotaViolationWithoutKeys() async {
    await StoreKind.inMemory.withStore { store in
      let errors = LockedArray<String>()
      // NB: no other test reports a quota violation without keys.
      let reporting = DefaultsReports.observe { problem in
        guard let warning = problem as? DefaultsWarning, warning.kind == .cloudQuotaViolation,
          warning.detail == ""
        else { return }
        errors.append(warning.summary)
      }
      defer { reporting.cancel() }
      let cloud = InMemoryCloudStore()
      let keys = (0..<3).map { index in
        CloudDefaultsKey(
          DefaultName("quota\(index)"),
          local: DefaultsKey(DefaultName("quota\(index)"), default: 0, store: store),
          cloud: cloud)
      }
      for key in keys { key.value = 7 }
      cloud.simulateExternalChange(.quotaViolation)
      #expect(errors.all == ["cloudQuotaViolation"])
      #expect(keys.allSatisfy { $0.value == 7 }, "a quota violation changes nothing")
    }
  }

  @Test("An account change takes the new account's values, and the default where it has none")
  func accountChange() async {
    await StoreKind.inMemory.withStore { store in
      let cloud = InMemoryCloudStore()
      let color = CloudDefaultsKey(
        "color", local: DefaultsKey("color", default: "green", store: store), cloud: cloud)
      let size = CloudDefaultsKey(
        "size", local: DefaultsKey("size", default: 1, store: store), cloud: cloud)
      let shape = CloudDefaultsKey(
        "shape", local: DefaultsKey("shape", default: "circle", store: store), cloud: cloud)
      color.value = "red"
      size.value = 2
      shape.value = "square"
      cloud.simulateExternalChange(.accountChange, values: ["color": .string("blue"), "size": nil])
      #expect(color.value == "blue")
      #expect(size.value == 1, "the new account has no size")
      cloud.simulateExternalChange(.accountChange, values: ["shape": nil], listsKeys: false)
      #expect(shape.value == "circle", "a change that names no keys reaches every key that differs")

      cloud.simulateExternalChange(.initialSync, values: ["color": .string("teal")])
      #expect(color.value == "teal", "writes made for the previous account are not sent again")
    }
  }

  @Test("An unavailable cloud is reported once for all its keys, also after returns to the foreground")
  func unavailableReportedOnce() async {
    await StoreKind.inMemory.withStore { store in
      let names = ["offline0", "offline1", "offline2"]
      let errors = LockedArray<String>()
      let reporting = DefaultsReports.observe { problem in
        if let warning = problem as? DefaultsWarning, warning.kind == .cloudUnavailable,
          names.contains(warning.key ?? "")
        {
          errors.append(warning.summary)
        }
      }
      defer { reporting.cancel() }
      let cloud = InMemoryCloudStore(isAvailable: false)
      let keys = names.map { name in
        CloudDefaultsKey(
          DefaultName(name), local: DefaultsKey(DefaultName(name), default: 0, store: store), cloud: cloud)
      }
      cloud.simulateForegroundReturn()
      keys[1].value = 5
      #expect(keys[1].value == 5, "the value works locally")
      #expect(errors.all == ["cloudUnavailable 'offline0'"])
    }
  }

  @Test(
    "Many keys share one observation and one synchronize; each return to the foreground synchronizes once")
  func oneObservationForManyKeys() async {
    await StoreKind.inMemory.withStore { store in
      let cloud = CountingCloudStore()
      let keys = (0..<20).map { index in
        CloudDefaultsKey(
          DefaultName("many\(index)"),
          local: DefaultsKey(DefaultName("many\(index)"), default: 0, store: store),
          cloud: cloud)
      }
      #expect(cloud.counts == .init(synchronize: 1, changeObservations: 1, foregroundObservations: 1))
      for key in keys { key.value = 1 }
      cloud.inner.simulateForegroundReturn()
      #expect(cloud.counts == .init(synchronize: 2, changeObservations: 1, foregroundObservations: 1))
    }
  }

  @Test("A key object going away leaves the store's observation to the others")
  func keyObjectGoingAway() async {
    await StoreKind.inMemory.withStore { store in
      let cloud = CountingCloudStore()
      // NB: the first key object starts the store's observation, then goes away.
      weak var gone: CloudDefaultsKey<Int>?
      do {
        let first = CloudDefaultsKey(
          "first", local: DefaultsKey("first", default: 0, store: store), cloud: cloud)
        first.value = 1
        gone = first
      }
      #expect(gone == nil)
      let color = CloudDefaultsKey(
        "color", local: DefaultsKey("color", default: "green", store: store), cloud: cloud)
      cloud.inner.simulateExternalChange(
        .serverChange, values: ["color": .string("blue"), "first": .integer(2)])
      #expect(color.value == "blue")
      cloud.inner.setValue(.string("teal"), forKey: "color")
      cloud.inner.simulateForegroundReturn()
      #expect(color.value == "teal")
      #expect(cloud.counts == .init(synchronize: 2, changeObservations: 1, foregroundObservations: 1))
    }
  }
}

/// A cloud store that counts what the library asks of it, over an in-memory one that simulates
/// the events.
private final class CountingCloudStore: CloudKeyValueStore {
  struct Counts: Equatable {
    var synchronize: Int
    var changeObservations: Int
    var foregroundObservations: Int
  }

  let inner = InMemoryCloudStore()
  private let synchronizeCalls = LockedCounter()
  private let changeObservations = LockedCounter()
  private let foregroundObservations = LockedCounter()

  var counts: Counts {
    Counts(
      synchronize: synchronizeCalls.count, changeObservations: changeObservations.count,
      foregroundObservations: foregroundObservations.count)
  }

  func value(forKey key: String) -> PropertyListValue? { inner.value(forKey: key) }

  func setValue(_ value: PropertyListValue?, forKey key: String) { inner.setValue(value, forKey: key) }

  func synchronize() -> Bool {
    synchronizeCalls.increment()
    return inner.synchronize()
  }

  func observeExternalChanges(_ handler: @escaping @Sendable (CloudExternalChange) -> Void)
    -> DefaultsObservation
  {
    changeObservations.increment()
    return inner.observeExternalChanges(handler)
  }

  func observeForegroundReturns(_ handler: @escaping @Sendable () -> Void) -> DefaultsObservation {
    foregroundObservations.increment()
    return inner.observeForegroundReturns(handler)
  }
}
