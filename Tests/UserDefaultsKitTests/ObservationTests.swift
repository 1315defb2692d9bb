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
