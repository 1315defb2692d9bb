import DefaultsTestSupport
import Foundation
import Observation
import Testing
import UserDefaultsKit

// Version 1 of an app stored `largeText` as a point size and `sound` in the standard suite; every
// API that declares a setting declares its migrations the same way.
private enum Sound: String { case chime, silent }

/// Where version 1 kept the sound: a store the migration names at the attribute, where it is
/// type-checked, so not an instance member.
private let version1Store = InMemoryDefaultsStore(values: ["sound": .string("silent")])

@DefaultsBacked
private struct ReaderSettings {
  @DefaultsProperty(migrations: .from(Int.self) { $0 > 16 }) var largeText = false
}

@ObservableDefaults
private final class ObservedReaderSettings {
  @DefaultsProperty(migrations: .from(Int.self) { $0 > 16 }) var largeText = false
}

private struct Reader {
  let store: any DefaultsStore
  @DefaultsEntry(store: \Reader.store, migrations: .from(Int.self) { $0 > 16 }) var largeText = false
  @DefaultsEntry(store: \Reader.store, migrations: .moved(from: "sound", in: version1Store)) var sound = Sound
    .chime
}

@Observable
private final class ObservedReader {
  @ObservableDefaultsEntry(store: \ObservedReader.store, migrations: .from(Int.self) { $0 > 16 })
  @ObservationIgnored var largeText = false
  @ObservationIgnored let store: any DefaultsStore

  init(store: any DefaultsStore) { self.store = store }
}

@Suite("Migrations declared on properties")
struct MigrationMacroTests {
  @Test("Each API that persists a property reads the older form and writes the current one back")
  func everyAPI() {
    let olderForms: [String: PropertyListValue] = ["largeText": .integer(20)]
    let reads: [(String, (any DefaultsStore) -> Bool)] = [
      ("@DefaultsBacked", { ReaderSettings(store: $0).largeText }),
      ("@ObservableDefaults", { ObservedReaderSettings(store: $0).largeText }),
      ("@DefaultsEntry", { Reader(store: $0).largeText }),
      ("@ObservableDefaultsEntry", { ObservedReader(store: $0).largeText }),
      (
        "@Default",
        { store in
          @Default(
            DefaultsKey("largeText", default: false, store: store, migrations: [.from(Int.self) { $0 > 16 }]))
          var largeText
          return largeText
        }
      ),
    ]
    for (api, read) in reads {
      let memory = InMemoryDefaultsStore(values: olderForms)
      #expect(read(memory), "\(api), in memory")
      #expect(memory.storedValues["largeText"] == .bool(true), "\(api) writes the current form back")

      let suiteName = temporarySuiteName()
      defer { removeSuite(suiteName) }
      let suite = UserDefaultsStore.suite(suiteName)
      try? suite.write(.integer(20), forKey: "largeText")
      #expect(read(suite), "\(api), in a suite")
      #expect(
        UserDefaults(suiteName: suiteName)?.object(forKey: "largeText") as? Bool == true,
        "\(api): a plain read")
    }
  }

  @Test("A move declared on a property, from the store the app used before")
  func moveOnAProperty() {
    let store = InMemoryDefaultsStore()
    #expect(Reader(store: store).sound == .silent)
    #expect(version1Store.storedValues.isEmpty && store.storedValues["sound"] == .string("silent"))
  }
}
