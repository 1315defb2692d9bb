import DefaultsTestSupport
import Foundation
import Observation
import Testing
import UserDefaultsKit

/// Records what observers saw.
private let observed = LockedArray<String>()

@DefaultsBacked
private struct ObservedStruct {
  var count = 0 {
    willSet(next) { observed.append("willSet \(count) -> \(next)") }
    didSet { observed.append("didSet \(oldValue) -> \(count)") }
  }
}

@ObservableDefaults
private final class ObservedClass {
  var volume = 0.5 {
    didSet(previous) { observed.append("volume \(previous) -> \(volume)") }
  }
  @DefaultsIgnored var isEditing = false {
    willSet {
      guard newValue else { return }
      observed.append("editing")
    }
  }
}

private enum ObservedStatic {
  @DefaultsEntry("observedStatic", default: 1, store: globalStore)
  static var level: Int {
    didSet { observed.append("level \(oldValue) -> \(level)") }
  }
}

@DefaultsBacked(prefix: "app_")
private struct Migrated {
  @DefaultsProperty("volume_v2", previously: "volume") var volume = 0.5
}

@ObservableDefaults(prefix: "base_")
private class BaseSettings {
  var volume = 0.5
}

private final class DerivedSettings: BaseSettings {
  var note = "in memory"
}

@Suite("Nothing the user writes is ignored", .serialized)
struct NothingIgnoredRuntimeTests {
  @Test("willSet and didSet run around each write through the property, with newValue and oldValue")
  func observers() {
    let store = InMemoryDefaultsStore()
    let structure = ObservedStruct(store: store)
    let object = ObservedClass(store: store)
    let before = observed.all.count
    structure.count = 3
    object.volume = 0.9
    object.isEditing = true
    object.isEditing = false
    ObservedStatic.level = 5
    #expect(
      Array(observed.all.dropFirst(before)) == [
        "willSet 0 -> 3", "didSet 0 -> 3", "volume 0.5 -> 0.9", "editing", "level 1 -> 5",
      ])
    #expect(store.read("count") == .integer(3))
  }

  @Test("In a prefixed type, previously: \"volume\" finds what the earlier 'var volume' stored")
  func prefixedMigration() {
    let store = InMemoryDefaultsStore(values: ["app_volume": .double(0.8)])
    let settings = Migrated(store: store)
    #expect(settings.volume == 0.8)
    #expect(store.storedValues == ["app_volume_v2": .double(0.8)])
  }

  @Test("A subclass of an @ObservableDefaults class inherits its persisted, observed properties")
  func subclass() {
    let store = InMemoryDefaultsStore()
    let derived = DerivedSettings(store: store)
    let changes = LockedCounter()
    withObservationTracking {
      _ = derived.volume
    } onChange: {
      changes.increment()
    }
    BaseSettings(store: store).volume = 0.2
    #expect(derived.volume == 0.2)
    #expect(changes.count == 1)
    #expect(derived.note == "in memory")
  }
}
