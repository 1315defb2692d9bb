import DefaultsTestSupport
import Foundation
import Observation
import Testing
import UserDefaultsKit

@ObservableDefaults
private final class ObservedSettings {
  var volume = 0.5
  var theme: MacroTheme = .system
  @DefaultsIgnored var isEditing = false
  @ObservationIgnored @DefaultsIgnored var cache: [String: Int] = [:]
}

@Observable
private final class AppModel {
  @ObservableDefaultsEntry(store: \AppModel.store) @ObservationIgnored var launches = 0
  @ObservationIgnored let store: any DefaultsStore
  var title = "t"

  init(store: any DefaultsStore) { self.store = store }
}

/// A store of your own whose `observe` reads a stored value that does not decode, which the library
/// reports: a call out of the library while an observed property starts its observation.
private final class ReportingStore: DefaultsStore, @unchecked Sendable {
  // NB: immutable; the in-memory store is thread-safe.
  let brokenKey = "broken-\(UUID().uuidString)"
  private let inner = InMemoryDefaultsStore()
  private let broken: DefaultsKey<Int>

  init() {
    inner.write(.string("not a number"), forKey: brokenKey)
    broken = DefaultsKey(DefaultName(brokenKey), default: 0, store: inner)
  }

  func read(_ key: String) -> PropertyListValue? { inner.read(key) }
  func write(_ value: PropertyListValue, forKey key: String) throws { inner.write(value, forKey: key) }
  func remove(_ key: String) throws { inner.remove(key) }
  func register(_ defaults: [String: PropertyListValue]) { inner.register(defaults) }

  func observe(_ key: String, onChange: @escaping @Sendable (PropertyListValue?) -> Void)
    -> DefaultsObservation
  {
    _ = broken.value
    return inner.observe(key, onChange: onChange)
  }
}

/// Counts the changes that `withObservationTracking` reports for one read.
private func track(_ read: @escaping () -> Void) -> LockedCounter {
  let counter = LockedCounter()
  withObservationTracking(read) { counter.increment() }
  return counter
}

@Suite("Observation")
struct ObservationMacroTests {
  @Test("withObservationTracking fires for a persisted property, not for an untouched one")
  func tracking() {
    let settings = ObservedSettings(store: InMemoryDefaultsStore())
    let volume = track { _ = settings.volume }
    settings.theme = .dark
    #expect(volume.count == 0)
    settings.volume = 0.7
    #expect(volume.count == 1)
    #expect(settings.volume == 0.7)
  }

  @Test("A write through one instance notifies observers of another over the same suite")
  func crossInstance() {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    let first = ObservedSettings(store: UserDefaults(suiteName: suite)!)
    let second = ObservedSettings(store: UserDefaults(suiteName: suite)!)
    let observed = track { _ = second.volume }
    first.volume = 0.9
    #expect(observed.count == 1)
    #expect(second.volume == 0.9)
  }

  @Test("In-memory properties are observed but not stored; ObservationIgnored ones are neither")
  func inMemory() {
    let store = InMemoryDefaultsStore()
    let settings = ObservedSettings(store: store)
    let editing = track { _ = settings.isEditing }
    settings.isEditing = true
    #expect(editing.count == 1)
    let cache = track { _ = settings.cache }
    settings.cache["a"] = 1
    #expect(cache.count == 0)
    #expect(store.storedValues.keys.sorted() == [])
  }

  @Test("A persisted property inside Apple's @Observable class is tracked and stored")
  func insideObservable() {
    let store = InMemoryDefaultsStore()
    let model = AppModel(store: store)
    let launches = track { _ = model.launches }
    model.launches += 1
    #expect(launches.count == 1)
    #expect(store.read("launches") == .integer(1))

    let other = AppModel(store: store)
    let observedOther = track { _ = other.launches }
    model.launches += 1
    #expect(observedOther.count == 1)
    #expect(other.launches == 2)
  }

  @Test("A handler of a problem reported while a property's observation starts reads that property")
  func handlerReadsPropertyWhileObservationStarts() {
    let store = ReportingStore()
    nonisolated(unsafe) let settings = ObservedSettings(store: store)
    let readInHandler = LockedArray<Double>()
    let reporting = DefaultsReports.observe { error in
      guard "\(error)".contains(store.brokenKey) else { return }
      readInHandler.append(settings.volume)
    }
    defer { reporting.cancel() }
    #expect(
      runOnAnotherThread { _ = track { _ = settings.volume } } == .success, "the first observed read returned"
    )
    #expect(readInHandler.all == [0.5])
  }

  @Test("An Observation observer that waits for another thread writing a setting finishes within a second")
  func observerWaitsForWritingThread() {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    nonisolated(unsafe) let settings = ObservedSettings(store: UserDefaultsStore.suite(suite))
    let waited = LockedArray<DispatchTimeoutResult>()
    withObservationTracking {
      _ = settings.volume
    } onChange: {
      // NB: as an observer that does `DispatchQueue.main.sync` while the main thread writes.
      waited.append(runOnAnotherThread { settings.theme = .dark })
    }
    #expect(runOnAnotherThread { settings.volume = 0.7 } == .success, "the write returned")
    #expect(waited.all == [.success], "the other thread's write returned while the observer waited")
    #expect(settings.theme == .dark)
  }
}

@Suite("Observation of changes from other processes")
struct ExternalObservationTests {
  @Test("Another process's write reaches withObservationTracking on an @ObservableDefaults object")
  func otherProcess() async throws {
    let suite = temporarySuiteName()
    defer { removeSuite(suite) }
    let settings = ObservedSettings(store: UserDefaults(suiteName: suite)!)
    let observed = track { _ = settings.volume }
    let writer = try HelperProcess.run(["plainSet", suite, "volume", "3"])
    #expect(writer.status == 0)
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(5)
    while observed.count == 0, clock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
    #expect(observed.count == 1)
    #expect(settings.volume == 3)
  }
}
